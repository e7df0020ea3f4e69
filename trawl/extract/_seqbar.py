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
"""Past this much text a block is no bar of two links (as ``_linkbars._PAGER_MAX_CHARS``)."""
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


PAGE_LINE_MAX_CHARS = 200
"""Past this much text a block is no line leading on to one page (nor a list of three)."""
PAGE_LINE_LABEL_CHARS = 16
"""Text of a line leading on to one page outside its link, at most: its label ("Next
page: ")."""
_LINE_TAGS = frozenset(("p", "div"))
_LIST_TAGS = frozenset(("ul", "ol"))


def page_line(el: HtmlElement, st: _Stats) -> bool:
    """Whether ``el`` is a line of one link to the page the head names as this one's next
    (or previous), a label before the link saying which way (``_label_says_way``: "Next
    page: <a>Name Resolution (DNS)</a>"), or a list of such lines, one of them to the
    head's next or previous page ("Next: <a>..</a>", "Previous: <a>..</a>", "Up:
    <a>..</a>"): a theme's pager, set in a paragraph of its own at the content's foot or
    as a list in its sidebar, where ``sequence_bar`` asks for both pages in one bar. The
    head's word says where the link goes, the label that it is the way on, not a word of
    the text. A sentence citing the next chapter ("The <a>next chapter</a> explains how
    to deploy it.") says more than a label, a short cross-reference to it ("See
    <a>Installing the server</a>.") says no way, and a line of a box over the text
    (``_after_text``) is the document's own."""
    tag = el.tag
    if (tag not in _LINE_TAGS and tag not in _LIST_TAGS) or st.text > PAGE_LINE_MAX_CHARS:
        return False
    root = el.getroottree().getroot()
    pages = {root.get(NEXT_PAGE_ATTR), root.get(PREV_PAGE_ATTR)} - {None}
    if not pages or any(True for _ in el.iter(*_HEADINGS)):
        return False
    if tag in _LINE_TAGS and not _after_text(el):
        return False
    lines = [c for c in el if isinstance(c.tag, str)] if tag in _LIST_TAGS else [el]
    linked = [_way_link(line) for line in lines]
    if not lines or any(a is None for a in linked) or \
            not any(a is not None and a.get("href") in pages for a in linked):
        return False
    return all(_label_says_way(line, a) for line, a in zip(lines, linked, strict=True)
               if a is not None)


def _after_text(el: HtmlElement) -> bool:
    """Whether the line ``el`` follows the text: the block before it holds a heading (the
    document's section, its title and what it says), as a pager at the content's foot
    does. A line among a box's lines (a tutorial's box over its page: "This page is part
    of the <a>Tutorial</a>.", "Previous: <a>Working with Related Objects</a>") follows a
    paragraph of the box, and is the document's own word where it stands."""
    before = el.getprevious()
    while before is not None and not isinstance(before.tag, str):
        before = before.getprevious()
    return before is not None and before.tag != "p" and \
        (before.tag in _HEADINGS or next(before.iter(*_HEADINGS), None) is not None)


def _way_link(line: HtmlElement) -> HtmlElement | None:
    """The one link of ``line``, a list's item or a block of little text besides it
    (``PAGE_LINE_LABEL_CHARS``), else None."""
    links = [a for a in line.iter("a") if a.get("href") is not None]
    if len(links) != 1:
        return None
    outside = len(text_content(line).strip()) - len(text_content(links[0]).strip())
    return links[0] if outside <= PAGE_LINE_LABEL_CHARS else None


def _label_says_way(el: HtmlElement, link: HtmlElement) -> bool:
    """Whether the text of ``el`` before ``link`` (its label) says which way the link
    goes ("Next page:", "Previous:", "Up:", an arrow), and no word follows the link."""
    before: list[str] = []

    def walk(node: HtmlElement) -> bool:  # True: the link is reached
        if node is link:
            return True
        if isinstance(node.tag, str):
            before.append(node.text or "")
            for child in node:
                if walk(child):
                    return True
                before.append(child.tail or "")
        return False

    walk(el)
    label = "".join(before)
    after = text_content(el)[len(label) + len(text_content(link)):]
    return _WAY_RE.search(label) is not None and _WORD_RE.search(after) is None


_WAY_RE = re.compile(r"\b(?:prev(?:ious)?|next|up|back|forward)\b|[«»‹›←→↑]|<<|>>", re.I)
_WORD_RE = re.compile(r"\w")
