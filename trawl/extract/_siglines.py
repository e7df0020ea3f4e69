"""A block of entries' signature lines is no block of links.

An API reference whose generator writes signatures as plain lines, not code, links every
type a signature names (Haddock: ``stdin :: <a>Handle</a> <a>Source</a>``, each entry a
line, often no description under it). Counted as a list, such a line's links are most of
it (its own words are a name and ``::``), and a module of undescribed entries (``stdin``,
``stdout``, ``stderr``) was a block of links that prune dropped whole. A signature line
(``_apientry.signature_line``: a short line that reads as a declaration, at most three
quarters links) says what an entry is; its links are the names of its types
(``signature_lines``).

The guard: the block's listed links outside its signature lines are few
(``OTHER_LISTED_SHARE`` of its text): a menu or a list of related pages set beside a
signature still leaves a block of links, judged as before.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._apientry import signature_line
from ._stats import _Stats, listed_links
from ._text import BLOCK_TAGS

OTHER_LISTED_SHARE = 0.1
"""Listed links outside the signature lines a block of them may hold (share of its text)."""


def signature_lines(el: HtmlElement, st: _Stats, stats: dict[HtmlElement, _Stats],
                    lists: dict[HtmlElement, int]) -> bool:
    """Whether ``el``'s listed links (``_stats.listed_links``) are in its signature lines,
    but for ``OTHER_LISTED_SHARE`` of its text."""
    listed = listed_links(el, stats, lists)
    in_lines = _in_signature_lines(el, stats, listed)
    return in_lines > 0 and listed.get(el, 0) - in_lines <= OTHER_LISTED_SHARE * st.text


def _in_signature_lines(el: HtmlElement, stats: dict[HtmlElement, _Stats],
                        listed: dict[HtmlElement, int]) -> int:
    """Listed link text of the outermost signature lines under ``el``."""
    total = 0
    for child in el:
        if not isinstance(child.tag, str) or child.tag not in BLOCK_TAGS or \
                not listed.get(child, 0):
            continue
        if signature_line(child, stats):
            total += listed[child]
        else:
            total += _in_signature_lines(child, stats, listed)
    return total
