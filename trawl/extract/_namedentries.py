"""Entries a reference anchors by their own names, as the list that is the content: a
class's methods (``div#method-i-abbrev``, ``div#method-i-shelljoin``), each its signature
and description, however long one of them is beside the others (``_whole.whole`` asks)."""

from __future__ import annotations

from lxml.html import HtmlElement

from ._anchored import anchored_by_own_name
from ._stats import _Stats

NAMED_ENTRIES_MIN = 2
"""Entries anchored by their own names (the block among them) that make a reference's
list of members: two methods are a class's methods."""
NAMED_ENTRIES_SHARE = 0.5
"""At least this share of the entries alike are anchored by their own names (an operator's
anchor spells its symbol, ``method-i-2B`` for ``+``, and names nothing the text opens with)."""
NAMED_ENTRIES_MAX_LINK_DENSITY = 0.5
"""Past this share of link text the entries are a menu, whatever their anchors."""

def _first_class(el: HtmlElement) -> str | None:
    tokens = (el.get("class") or "").split()
    return tokens[0] if tokens else None


def named_entries(node: HtmlElement, parent: HtmlElement,
                  stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``node`` is one of ``parent``'s entries anchored by their own names
    (``anchored_by_own_name``): siblings of its tag and first class (``div.method-detail``
    and ``div.method-detail.method-alias``), ``NAMED_ENTRIES_MIN`` or more, at least
    ``NAMED_ENTRIES_SHARE`` of them so anchored, the block among them, and not a list of
    links. They are a class's members, each its signature and description, and the list
    of them is the content, however much longer the block is than the others (a class of
    two methods, one documented at length: ``_whole._among_similar`` asks for more text
    beside the block). Guard: the siblings of a comment thread, a list of teasers or a
    sidebar's widgets are anchored by numbers or lower-cased words, not by the names their
    text opens with."""
    if node.tag not in _ENTRY_BLOCK_TAGS or not anchored_by_own_name(node):
        return False
    kind = (node.tag, _first_class(node))
    alike = [s for s in parent if s.tag == kind[0] and _first_class(s) == kind[1]
             and s in stats]
    if len(alike) < NAMED_ENTRIES_MIN:
        return False
    named = sum(1 for s in alike if s is node or anchored_by_own_name(s))
    if named < NAMED_ENTRIES_MIN or named < NAMED_ENTRIES_SHARE * len(alike):
        return False
    text = sum(stats[s].text for s in alike)
    links = sum(stats[s].links for s in alike)
    return links <= NAMED_ENTRIES_MAX_LINK_DENSITY * text


_ENTRY_BLOCK_TAGS = frozenset(("div", "section", "article", "li", "dd"))
"""The blocks an entry is written as."""


def in_named_entry(node: HtmlElement, parent: HtmlElement,
                   stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``node`` is a part of ``parent`` (its description, its source listing) and
    ``parent`` one of the entries of ``named_entries``: the part is the entry's, and the
    climb goes on to the list of them (a method's description scores best; its signature
    line beside it, a name and its arguments, is too short to make it a part by text)."""
    grand = parent.getparent()
    return grand is not None and grand in stats and named_entries(parent, grand, stats)
