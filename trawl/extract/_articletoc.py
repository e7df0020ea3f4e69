"""A document's table of contents set in a ``<nav>`` inside its ``<article>``, under its
title: the front page of a document split a section a page (LaTeXML's: the title, the
authors, the date, then ``nav.ltx_TOC`` of its sections' pages). The ``<nav>`` is the
article's own (HTML: a ``nav`` in an ``article`` is that article's navigation, its
contents), and on the front page it is most of what the page says: what a reader opens
it for, as a DocBook book's title page's ``div.toc`` is. A site's menu or a post's
previous/next links in an ``article`` are no table of contents of nested entries
(``_toc.contents_list``), and a menu set in the article above its title is the site's
(``_under_title``).

An article of no title (its title page did not convert: LaTeXML left etoolbox's as the
raw ``\\printtitlepage`` and its key-value lines) whose ``nav`` carries its own heading
naming it a table of contents ("Contents": ``_tochead.names_contents``) is as much the
article's (``_untitled_contents``): no heading of the article is outside it, so it is
above no title; a menu is not headed "Contents", and one above a title stays the site's.

``CONTENTS_ATTR`` marks a ``nav`` kept so (and a ``_navrun`` run's): the selection keeps
it beside the text it chose in the same section (``_select._keep_sibling``), as it is
the section's own list of its parts, however little it scores."""

from __future__ import annotations

from lxml.html import HtmlElement

from ._toc import LISTS, _lists_own_sections, contents_list
from ._tochead import names_contents
from ._tree import _HEADINGS, _first_element, _is_ancestor

CONTENTS_ATTR = "data-trawl-contents"
"""Set by ``_boiler`` on a ``nav`` it keeps as its article's or section's table of contents
(``article_contents``, ``_navrun.section_contents_run``): ``_select._keep_sibling`` reads
it."""

_TITLE_HEADINGS = frozenset(("h1", "h2"))
"""The headings that title an article (its document's title, or its section's)."""


def article_contents(nav: HtmlElement) -> bool:
    """Whether the ``<nav>`` ``nav`` is its article's table of contents: inside an
    ``article``, under the article's title (``_under_title``), its list a table of
    contents (``contents_list``: entries led by links, nested or many)."""
    article = next(nav.iterancestors("article"), None)
    if article is None:
        return False
    lst = next((c for c in nav if c.tag in LISTS), None)
    return lst is not None and contents_list(lst) and _under_title(nav, article)


def _under_title(nav: HtmlElement, article: HtmlElement) -> bool:
    """Whether the article's first heading (its title: an ``h1`` or ``h2``) comes before
    ``nav``: a menu above the title is the site's, set in the article by its layout."""
    for el in article.iter():
        if el is nav:
            return _untitled_contents(nav, article)
        if el.tag in _HEADINGS:
            return el.tag in _TITLE_HEADINGS
    return False


def _untitled_contents(nav: HtmlElement, article: HtmlElement) -> bool:
    """Whether ``nav`` (no heading of ``article`` before it) opens with its own heading
    naming it a table of contents and ``article`` has no heading outside ``nav`` (no title
    after it either: a menu above the title is the site's, whatever it is headed)."""
    heading = _first_element(nav)
    if heading is None or heading.tag not in _HEADINGS or not names_contents(heading):
        return False
    return all(_is_ancestor(nav, h) for h in article.iter(*_HEADINGS))


def aside_contents(aside: HtmlElement) -> bool:
    """Whether the ``<aside>`` ``aside`` is its article's own table of contents, set in a
    box beside the text ("In this article", "Table of contents"): inside an ``article``,
    under its title, holding a label at most and one list that is a table of contents
    (``contents_list``) every link of which leads to a heading of the page after it
    (``_lists_own_sections``). An article's contents box is kept whatever its tag (a
    ``div``, a ``nav``, a ``details`` were): the ``aside`` was the one shape dropped, as
    chrome. Guard: an aside of other stories' links, or of the site's sections, leads to
    other pages; an aside holding a list of the page's anchors beside other text (a
    sidebar's widgets) is no contents box."""
    article = next(aside.iterancestors("article"), None)
    if article is None or (aside.text or "").strip():
        return False
    kids = [c for c in aside if isinstance(c.tag, str)]
    lists = [c for c in kids if c.tag in LISTS]
    if len(lists) != 1 or any(c.tag not in _HEADINGS and c.tag not in LISTS
                              and c.tag not in ("p", "div") for c in kids):
        return False
    if any(c.tag in ("p", "div") and len(" ".join(c.itertext()).split()) > LABEL_MAX_WORDS
           for c in kids):
        return False
    lst = lists[0]
    return contents_list(lst) and _lists_own_sections(lst) and _under_title(aside, article)


LABEL_MAX_WORDS = 4
"""A contents box's label ("In this article") is a few words."""
