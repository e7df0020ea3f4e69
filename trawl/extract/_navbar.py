"""A node's navigation bar over its heading: a section that opens with links, then its title.

A manual a generator splits by chapter sets each node of the chapter (the chapter itself,
each section, each subsection) in a block of its own that opens with a bar of links to the
nodes around it, before the node's heading: texi2any with an init file in texi2html's look
(the Z shell's manual: ``<div class="section"><table class="header">[ << ] [ < ] [ Up ] [ >
] [ >> ] [Top] [Contents] [Index] [ ? ]</table><h2>19.2 ...</h2>``), and any generator
that repeats its pager at every node. The section is headed all the same: its heading is the
first thing after the bar. The outline's predicates (``_sections``) read a section's
heading through such a bar (``opening``), so that a chapter of sections each under its bar
is read as one as it is without them; prune drops the bars from the content afterwards (a
block of links).

A bar is recognised by its shape and its labels, not by a generator's class: links and
nothing else (separators, brackets between them), short, no heading in it, and every link's
label a place in the sequence of nodes ("Up", "Top", "Contents", "Index", "Next") or no word
at all (an arrow: "<<", ">", "?"). A row of a story card's category links ("News | World")
before its headline is no such bar: its labels are topics (``_sequence_labels``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from lxml.html import HtmlElement

from ._signals import _HEADINGS, _empty_anchor, _wrapped_heading
from ._stats import _Stats
from ._text import text_content, words

NAV_BAR_MAX_CHARS = 400
"""Past this much text a block is no navigation bar."""
NAV_BAR_MIN_LINKS = 2
SEQUENCE_LABELS = words("next prev previous up top start first last contents toc index home "
                        "back forward begin beginning end")
"""Link labels that name a place in a sequence of nodes (HTML's sequence ``rel`` values,
and the words of a pager's buttons)."""
_WORD_RE = re.compile(r"\w")


def opening(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> HtmlElement | None:
    """``el``'s first child element past empty anchors (as ``_signals._first_element``),
    or, when that is a navigation bar (``navigation_bar``), the first after it and the rule
    under it: the heading a generator sets under each node's bar. A heading wrapped alone
    in ``div``s is the heading (a section's title block)."""
    children = _elements(el)
    first = next(children, None)
    if first is not None and navigation_bar(first, stats):
        first = next((c for c in children if c.tag != "hr"), None)
    return _wrapped_heading(first) if first is not None and first.tag == "div" else first


def leading_bar(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> HtmlElement | None:
    """The navigation bar ``el`` opens with (its first child element past empty anchors),
    if it opens with one."""
    first = next(_elements(el), None)
    return first if first is not None and navigation_bar(first, stats) else None


def _elements(el: HtmlElement) -> Iterator[HtmlElement]:
    return (c for c in el if isinstance(c.tag, str) and not _empty_anchor(c))


def navigation_bar(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``el`` is a bar of links to the nodes around the page's: short
    (``NAV_BAR_MAX_CHARS``), ``NAV_BAR_MIN_LINKS`` links or more, no heading in it, no word
    outside its links (brackets and separators only), and every link's label a place in
    the sequence (``_sequence_labels``)."""
    st = stats.get(el)
    if st is None or not st.links or st.text > NAV_BAR_MAX_CHARS or el.tag == "a" or \
            el.tag in _HEADINGS:
        return False
    links = [a for a in el.iter("a") if a.get("href") is not None]
    if len(links) < NAV_BAR_MIN_LINKS or any(True for _ in el.iter(*_HEADINGS)):
        return False
    return _only_links(el) and _sequence_labels(links)


def _only_links(el: HtmlElement) -> bool:
    """Whether ``el``'s text outside its links has no word (``[``, ``]``, ``|``, spaces)."""
    if el.text and _WORD_RE.search(el.text):
        return False
    for child in el:
        if isinstance(child.tag, str) and not (child.tag == "a" and child.get("href")) and \
                not _only_links(child):
            return False
        if child.tail and _WORD_RE.search(child.tail):
            return False
    return True


def _sequence_labels(links: list[HtmlElement]) -> bool:
    """Whether every link's label names a place in the sequence of nodes
    (``SEQUENCE_LABELS``: "Up", "Top", "Contents", "Index") or has no word (an arrow,
    "<<", ">", "?"): a pager's buttons, not topics or titles. The guard that keeps a row of
    a story card's category links ("News | World") over its headline, which the outline
    would otherwise read through as a node's bar, from making other stories the story's
    sections."""
    for a in links:
        label = [w.lower() for w in re.findall(r"\w+", text_content(a))]
        if label and not all(w in SEQUENCE_LABELS for w in label):
            return False
    return True
