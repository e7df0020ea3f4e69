"""A node's navigation bar: a row of links labelled as places in a sequence of pages.

A manual a generator splits by chapter sets each node of the chapter (the chapter itself,
each section, each subsection) in a block of its own that opens with a bar of links to the
nodes around it, before the node's heading: texi2any with an init file in texi2html's look
(the Z shell's manual: ``<div class="section"><table class="header">[ << ] [ < ] [ Up ] [ >
] [ >> ] [Top] [Contents] [Index] [ ? ]</table><h2>19.2 ...</h2>``), and any generator
that repeats its pager at every node. The bar is the generator's chrome, as a pager whose
links say so by their ``rel`` is (``_linkbars._pager``); here no ``rel`` says it and no
class names navigation (``header``), the labels do. Dropped with the boilerplate, before
the main content is chosen, it neither stands between a section and its heading (so the
outline reads a chapter of sections under their bars as one: ``_sections``) nor is taken
into the content.

A bar is recognised by its shape and its labels, not by a generator's class: links and
nothing else (separators, brackets between them), short, no heading in it, and every link's
label a place in the sequence of nodes ("Up", "Top", "Contents", "Index", "Next") or no word
at all (an arrow: "<<", ">", "?"). A manual page's SEE ALSO line (``<a>git-add(1)</a>,
<a>git-rm(1)</a>``) or a row of a story's category links ("News | World") is no such bar:
its labels are names and topics (``_sequence_labels``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from lxml.html import HtmlElement

from ._text import text_content, words
from ._tree import _HEADINGS

if TYPE_CHECKING:  # (_stats imports _signals, whose _ids reads headings past a bar here)
    from ._stats import _Stats


NAV_BAR_MAX_CHARS = 400
"""Past this much text a block is no navigation bar."""
NAV_BAR_MIN_LINKS = 2
SEQUENCE_LABELS = words("next prev previous up top start first last contents toc index home "
                        "back forward begin beginning end")
"""Link labels that name a place in a sequence of nodes (HTML's sequence ``rel`` values,
and the words of a pager's buttons)."""
_WORD_RE = re.compile(r"\w")


def navigation_bar(el: HtmlElement, st: _Stats | None) -> bool:
    """Whether ``el`` (``st``: its stats) is a bar of links to the nodes around the page's:
    short (``NAV_BAR_MAX_CHARS``), ``NAV_BAR_MIN_LINKS`` links or more, no heading in it,
    no word outside its links (brackets and separators only), and every link's label a
    place in the sequence (``_sequence_labels``). Chrome, as a pager whose links say so by
    their ``rel`` is (``_linkbars._pager``): the labels say it here."""
    if st is None or not st.links or st.text > NAV_BAR_MAX_CHARS or \
            st.text - st.links > st.links:
        return False
    return _bar(el)


def past_bar(first: HtmlElement) -> HtmlElement | None:
    """``first`` (a section's first element), or when it is a navigation bar the element
    after it (past empty anchors and the rule under it): the node's heading, read through
    its bar (``_ids._is_heading_slug``: a section's ``id`` that is its heading's slug,
    "Zle-Widgets" over "18.4 Zle Widgets", names its subject, not a widget of the page;
    the boilerplate pass meets the section before its bar)."""
    if first.tag in _HEADINGS:
        return first
    after = first.getnext()
    while after is not None and (not isinstance(after.tag, str) or after.tag == "hr" or (
            after.tag in ("a", "span") and not len(after) and not (after.text or "").strip())):
        after = after.getnext()
    # (the heading after it asked first: the cheap test, most sections' first child fails)
    if after is None or after.tag not in _HEADINGS or not _short(first) or not _bar(first):
        return first
    return after


def _short(el: HtmlElement) -> bool:
    """Whether ``el`` holds at most ``NAV_BAR_MAX_CHARS`` of text (read until past it: a
    section's first child may be most of the page)."""
    size = 0
    for piece in el.itertext():
        size += len(piece)
        if size > NAV_BAR_MAX_CHARS:
            return False
    return True


def _bar(el: HtmlElement) -> bool:
    if el.tag == "a" or el.tag in _HEADINGS:
        return False
    links = []
    for a in el.iter("a"):
        if a.get("href") is not None:
            if not _place_label(a):  # (read as met: most blocks' first link names none)
                return False
            links.append(a)
    if len(links) < NAV_BAR_MIN_LINKS or not _sequence_labels(links):
        return False
    return not any(True for _ in el.iter(*_HEADINGS)) and _only_links(el)


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
    "<<", ">", "?"), one at least a word: a pager's buttons, not names, topics or
    titles, nor a row of operators or of an index's symbols ("&&, |&>, &>", "! # %").
    The guard that keeps a manual page's SEE ALSO line (``<a>git-add(1)</a>,
    <a>git-rm(1)</a>``: links and commas only) and a row of category links, of the same
    shape, in the text."""
    named = False
    for a in links:
        label = _label(a)
        if label and not all(w in SEQUENCE_LABELS for w in label):
            return False
        named = named or bool(label)
    return named


def _label(a: HtmlElement) -> list[str]:
    """The words of the link ``a``'s label, in lower case (a link of no element inside, as
    most are, is its own text: libxml2 is not asked to join it)."""
    text = (a.text or "") if not len(a) else text_content(a)
    return [w.lower() for w in _WORDS_RE.findall(text)]


def _place_label(a: HtmlElement) -> bool:
    """Whether the link ``a``'s label names a place in the sequence of nodes or has no
    word (as ``_sequence_labels`` asks of each link)."""
    return all(w in SEQUENCE_LABELS for w in _label(a))


_WORDS_RE = re.compile(r"\w+")
