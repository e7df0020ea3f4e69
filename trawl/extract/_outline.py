"""An article's outline set beside it: the "On this page" list of a documentation theme's
side column, a list of links to the article's own headings that sits outside the
``article`` element.

A table of a page's own contents inside the text is the text's (a long guide's contents
at its top, Sphinx's ``contents`` directive): it stays. The same list in a column beside
the article repeats the headings the article shows, and is the theme's chrome, as the
menu of the site's pages in the other column is.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._signals import CONTENTS_MIN_LINKS
from ._tree import _collapsed_text, next_element

_LISTS = frozenset(("ul", "ol"))


def outline_beside_article(el: HtmlElement, tag: str) -> bool:
    """Whether the list ``el`` is an outline of the page's article set beside it: a table
    of the page's own contents (``_links_to_places``: links to places on the page only),
    outside any ``article``, and every place it links to inside the page's one article
    (``_article_places``).

    Guard: a table of contents inside the article is its text; a list of links to places
    the article does not hold (a page's "Back to top", a FAQ's index of questions set
    outside any article) is no outline of it; a page of several articles (a blog's front
    page of posts) has no one article a column outlines."""
    if tag not in _LISTS or not _links_to_places(el):
        return False
    if _in_article(el):
        return False
    places = _article_places(el)
    if not places:
        return False
    return all((a.get("href") or "")[1:] in places for a in el.iter("a"))


def _links_to_places(el: HtmlElement) -> bool:
    """``el`` has ``CONTENTS_MIN_LINKS`` links at least, each to a place on the page
    (``#...``). (Not ``page_contents``, whose allowance for an entry's linked names reads the
    whole page for each: a reference list's entries, on a long page, cost seconds.)"""
    count = 0
    for a in el.iter("a"):
        href = a.get("href") or ""
        if len(href) < 2 or href[0] != "#":
            return False
        count += 1
    return count >= CONTENTS_MIN_LINKS


def _in_article(el: HtmlElement) -> bool:
    """``el`` is inside an ``article``: the article's own table of contents."""
    return any(a.tag == "article" for a in el.iterancestors())


def _article_places(el: HtmlElement) -> set[str]:
    """The ids inside the page's one ``article`` (none when the page has none or several)."""
    root = el.getroottree().getroot()
    articles = [a for a in root.iter("article")
                if not any(b.tag == "article" for b in a.iterancestors())]
    if len(articles) != 1:
        return set()
    return {i for n in articles[0].iter() if isinstance(n.tag, str) and (i := n.get("id"))}


OUTLINE_LABEL_MAX_CHARS = 40
"""An outline's label is a few words ("On this page", "Contents")."""
_LANDMARKS = frozenset(("main", "article"))


def outline_label(el: HtmlElement) -> bool:
    """Whether ``el``, a short block of no links (``OUTLINE_LABEL_MAX_CHARS``), labels the
    outline right after it: its next element is a ``nav`` (or a block of the navigation
    role) whose links all go to places on the page (``#...``, one at least: an API page's
    outline holds its one entry, "DataFrame.T"; a page of no sections, an empty list), and
    neither is in the page's ``main`` or ``article``. A theme's side column sets its
    outline under a label ("On this page", an icon beside it: PyData's ``div.tocsection``
    over ``nav#bd-toc-nav``); the outline goes as navigation, and its label with it.
    Guard: a table of contents inside the text (in ``main`` or ``article``) is the text's,
    and so is its heading; a label over a list of other pages' links is no outline's.
    (Asked by ``labels_of_outline`` of the element before each ``nav`` dropped.) Nor is
    the page's title (``holds_page_title``) the label of the outline after it."""
    after = next_element(el)
    if after is None or (after.tag != "nav" and
                         (after.get("role") or "").strip() != "navigation"):
        return False
    count = 0
    for a in after.iter("a"):
        if not (a.get("href") or "").startswith("#"):
            return False
        count += 1
    if not count and (next(after.iter(*_LISTS), None) is None or _collapsed_text(after)):
        return False  # (an empty outline is still a list: a page of no sections has one)
    return next(el.iter("a"), None) is None and not holds_page_title(el) and \
        0 < len(_collapsed_text(el)) <= OUTLINE_LABEL_MAX_CHARS and \
        not any(up.tag in _LANDMARKS or (up.get("role") or "").strip() == "main"
                for up in el.iterancestors())


def labels_of_outline(el: HtmlElement, tag: str, role: str) -> list[HtmlElement]:
    """The label of ``el`` (``outline_label``), when ``el`` is a ``nav`` (or a block of the
    navigation role) that ``_boiler.remove_boilerplate`` drops: the label goes with it.
    Asked of the few navs, not of every short block before one (a tenth of a page's)."""
    if tag != "nav" and role != "navigation":
        return []
    label = el.getprevious()
    while label is not None and not isinstance(label.tag, str):
        label = label.getprevious()
    return [label] if label is not None and outline_label(label) else []


def holds_page_title(el: HtmlElement) -> bool:
    """Whether ``el`` is, or holds, a heading of the first rank (``h1``): the page's title,
    which a standalone document's converter sets in its title block first in the body, its
    table of contents right after it (Pandoc's ``header#title-block-header`` over
    ``nav#TOC``). An outline's label is a line of the side column ("On this page"), set
    below the page's title, never as it."""
    return el.tag == "h1" or next(el.iter("h1"), None) is not None
