"""A blog's featured post and a post's byline: two blocks in chrome's tags that are the text.

A blog's home, category and tag pages often set their newest post whole above the list of
the others, in an ``<aside>`` ("featured": Pelican's default theme, and themes after it),
and a post's byline (its date, author, category and tags) in a ``<footer>`` at the head of
its text (HTML's footer of an article: "information about its section, such as who wrote
it"). ``_boiler`` drops an ``<aside>`` as a sidebar and a ``<footer>`` as the page's or the
article's chrome; the featured post, a third of the page, went so, and every entry's byline
with it.

- ``featured_post``: an ``<aside>`` that is one ``article`` and nothing else, the article a
  heading over prose (``FEATURED_MIN_CHARS`` of text, little of it links). Guard: a
  sidebar's widgets (lists of links: recent posts, tags, archives), a "related posts" box
  (several articles, or one card of a title and a line), an author's bio or a newsletter
  box (no article, or no heading over prose).
- ``entry_over_byline``: a listing entry's ``<header>`` (its title linked to the post) in
  an ``article`` whose date is in its byline below the header, not in it (Pelican's
  entries: the title, then a footer of date and author), one of ``ENTRY_RUN_MIN`` entries
  or more (sibling articles, or each the one article of its item in a list). Guard: a
  comment thread (its headings name a person, not linked: ``_entry_title_link``), a post
  alone (no run), an entry with no date anywhere.
- ``leading_byline``: a ``<footer>`` in an ``article`` that opens its text, a date in it
  (``time``, or an ``abbr`` whose title is a date, as microformats write it), short
  (``BYLINE_MAX_CHARS``), the article's text after it. Guard: a footer after the text
  (share buttons, "Posted in ... | 3 comments", the tags under a post), which goes as
  before, and a footer with no date (a newsletter box, a card's links).
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._listentry import ENTRY_RUN_MIN, _entry_title_link
from ._text import text_content
from ._tree import _HEADINGS

FEATURED_MIN_CHARS = 600
"""A featured post is a post, whole or its long summary: paragraphs under its title (a
"related post" card is a title and a line, ~100 characters)."""
FEATURED_MAX_LINK_SHARE = 0.3
"""At most this share of a featured post's text is links (a sidebar's widgets are all
links)."""
BYLINE_MAX_CHARS = 240
"""A byline is a line or two: "Published: Tue 21 January 2025 By Python-Markdown In
extensions. tags: extension" (~90 characters)."""
_DATE_RE = re.compile(r"(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)")
"""An ISO date, as a ``time``'s ``datetime`` or a microformat ``abbr``'s title gives it."""


def featured_post(el: HtmlElement) -> bool:
    """Whether the ``<aside>`` ``el`` is a featured post: one ``article`` and no other
    element or text (``_alone_in_box``), the article a post's text (``_post_text``). (The
    shape is asked first: most asides are lists of links, and their text is never read.)"""
    article = el.find("article")
    return article is not None and _alone_in_box(el, article) and _post_text(article)


def _alone_in_box(el: HtmlElement, article: HtmlElement) -> bool:
    """Guard: ``article`` is ``el``'s one element, no text beside it (a "related posts"
    box holds several cards, and its label)."""
    return not (el.text or "").strip() and not (article.tail or "").strip() and \
        not any(isinstance(c.tag, str) and c is not article for c in el)


def _post_text(article: HtmlElement) -> bool:
    """Guard: ``article`` is a post's text: a heading and a paragraph, ``FEATURED_MIN_CHARS``
    of text at least and no more than ``FEATURED_MAX_LINK_SHARE`` of it links (a sidebar's
    widget of recent posts or tags is links)."""
    if next(article.iter(*_HEADINGS), None) is None or article.find(".//p") is None:
        return False
    text = len("".join(text_content(article).split()))
    links = sum(len("".join(text_content(a).split())) for a in article.iter("a"))
    return text >= FEATURED_MIN_CHARS and links <= FEATURED_MAX_LINK_SHARE * text


def leading_byline(el: HtmlElement) -> bool:
    """Whether the ``<footer>`` ``el`` is its article's byline at the head of its text: in
    an ``article`` (``_in_article``), opening its text (``_opens_text``), a date in it
    (``_dated``), ``BYLINE_MAX_CHARS`` long at most."""
    parent = el.getparent()
    if parent is None or not _in_article(parent) or not _opens_text(el, parent):
        return False
    return len(" ".join(text_content(el).split())) <= BYLINE_MAX_CHARS and _dated(el)


def _opens_text(el: HtmlElement, parent: HtmlElement) -> bool:
    """Guard: nothing before ``el`` in ``parent`` but the post's title (a header or a
    heading), and text after it (a footer under the text, of share buttons or tags, is the
    article's footer)."""
    if (parent.text or "").strip():
        return False
    for before in el.itersiblings(preceding=True):
        if (before.tag not in _HEADINGS and before.tag != "header") or \
                (before.tail or "").strip():
            return False
    return _text_after(el)


def entry_over_byline(el: HtmlElement) -> bool:
    """Whether the ``<header>`` ``el`` is a listing entry's header whose date is below it:
    its title linked (``_entry_title_link``), in an ``article`` (its child, or the child
    of the block wrapping the article's body) holding a date (``_dated``) below the header,
    not in it (a header holding its entry's date is ``listing_entry_header``'s to judge,
    whose run is of sibling articles: a news page's "more stories" list, an article an
    item, dated in each header, stays out), one of ``ENTRY_RUN_MIN`` entries or more
    (``_entries``)."""
    article = el.getparent()
    if article is not None and article.tag != "article":
        article = article.getparent()
    if article is None or article.tag != "article" or not _entry_title_link(el):
        return False
    return _entries(article) >= ENTRY_RUN_MIN and _dated_below(el, article)


def _dated_below(header: HtmlElement, article: HtmlElement) -> bool:
    """Guard: ``article`` holds a date, and ``header`` none (a header with its entry's date
    is ``listing_entry_header``'s)."""
    return not _dated(header) and _dated(article)


def _entries(article: HtmlElement) -> int:
    """How many entries ``article``'s listing holds: its sibling articles, or, when it is
    the one element of a list's item, the items of the list holding an article each."""
    parent = article.getparent()
    if parent is None:
        return 0
    if parent.tag == "li" and len(parent) == 1:
        items = parent.getparent()
        if items is None:
            return 0
        return sum(1 for li in items if li.tag == "li" and li.find("article") is not None)
    return sum(1 for child in parent if child.tag == "article")


def _in_article(el: HtmlElement) -> bool:
    """``el`` is an ``article`` or the block wrapping an article's body (its child)."""
    if el.tag == "article":
        return True
    parent = el.getparent()
    return parent is not None and parent.tag == "article"


def _text_after(el: HtmlElement) -> bool:
    """Whether text follows ``el`` in its parent (its tail, or a later sibling's)."""
    if (el.tail or "").strip():
        return True
    return any(text_content(s).strip() for s in el.itersiblings()
               if isinstance(s.tag, str))


def _dated(el: HtmlElement) -> bool:
    """Guard: ``el`` holds a date (a newsletter box or a card's links have none): a
    ``time``, or an ``abbr`` titled with an ISO date."""
    if el.find(".//time") is not None:
        return True
    return any(_DATE_RE.search(a.get("title") or "") for a in el.iter("abbr"))
