"""A bar of links to the pages before and after this one, by the page's own word.

A page of a document split into pages says in its head which page comes before it and
which after (``<link rel="prev">``, ``<link rel="next">``), and many themes set a bar at
the content's foot leading there ("previous: How to manipulate textual data?", "next:
Comparison with R"), its links without a ``rel`` of their own and its class naming no
navigation (the PyData Sphinx theme's ``div.prev-next-area``). Its links are the head's
two: the page's sequence, not its text. On a page whose text is a title and a table of
contents (a section's index page) nothing else scores, and the bar won as the content.
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._clean import NEXT_PAGE_ATTR, PREV_PAGE_ATTR
from ._stats import _Stats
from ._text import text_content
from ._tree import _HEADINGS

SEQUENCE_BAR_MAX_CHARS = 400
"""Past this much text a block is no bar of two links (as ``_boiler._PAGER_MAX_CHARS``)."""
SEQUENCE_BAR_LABEL_CHARS = 12
"""Text outside the bar's links, at most, per link: its labels ("Previous: ", " | ")."""


def sequence_bar(el: HtmlElement, st: _Stats) -> bool:
    """Whether ``el`` is a bar of links to the pages the head names as this one's previous
    and next: short (``SEQUENCE_BAR_MAX_CHARS``), no heading, little text outside its
    links (labels), every link to one of the two pages (as the head writes it, no
    fragment), and both of them linked. A table of contents under a chapter's title leads
    to the next page and on (to its sections, to the pages after it), never back to the
    page before: it is no such bar, however few its entries."""
    if st.text > SEQUENCE_BAR_MAX_CHARS or el.tag == "a":
        return False
    root = el.getroottree().getroot()
    if not root.get(NEXT_PAGE_ATTR) or not root.get(PREV_PAGE_ATTR):
        return False
    links = [a.get("href") or "" for a in el.iter("a") if a.get("href") is not None]
    if len(links) < 2 or st.text - st.links > SEQUENCE_BAR_LABEL_CHARS * len(links):
        return False
    if any(True for _ in el.iter(*_HEADINGS)):
        return False
    return _to_sequence_pages(links, root) and _says_direction(el)


_DIRECTION_RE = re.compile(r"\b(?:prev|next|back|forward)|[«»‹›←→]|<<|>>", re.I)


def _says_direction(el: HtmlElement) -> bool:
    """Whether the bar says which way its links go ("previous", "Next:", an arrow): a
    "See also" line naming two classes that happen to be the pages before and after this
    one in the manual (gtk-doc's "GtkStyleContext, GtkStyleProvider") says no way."""
    return _DIRECTION_RE.search(text_content(el)) is not None


def _to_sequence_pages(links: list[str], root: HtmlElement) -> bool:
    """Whether ``links`` lead to the head's previous and next pages and nowhere else, both
    of them linked (two pages, not one: a chapter's contents lead to the next page and to
    its sections on it)."""
    next_page, prev_page = root.get(NEXT_PAGE_ATTR), root.get(PREV_PAGE_ATTR)
    return next_page != prev_page and set(links) == {next_page, prev_page}
