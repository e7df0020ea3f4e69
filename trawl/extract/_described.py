"""A term's description is whole: a block of it is a part of it, however long.

An API reference describes each entry in a definition list: the entry's signature is the
term (``dt``), its description the ``dd`` after it: paragraphs, examples, notes, and its
parameters' list. A function taking forty keyword arguments (an engine's constructor) has
a parameters' list far longer than the paragraphs above it, so scoring picks that list,
and its prose outweighs the rest of the description: no part of anything by mass. A reader
sees one entry's description, its sentences then its parameters; ``_whole`` widens to the
``dd`` so (``in_description``), and from it to the entry and the entries beside it.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._signals import _class_weight
from ._stats import _Stats, listed_links

DESCRIPTION_MAX_LISTED = 0.25
"""The description besides the block has at most this share of links standing as a list
(a "See also" line among its paragraphs, not a list of other pages)."""


def in_description(node: HtmlElement, parent: HtmlElement, stats: dict[HtmlElement, _Stats],
                   lists: dict[HtmlElement, int]) -> bool:
    """Whether ``node`` is a block of ``parent``, a term's description (a ``dd`` after its
    ``dt``, no class saying chrome), beside the description's own text
    (``_description_text``)."""
    return parent.tag == "dd" and _class_weight(parent) >= 0 and _after_term(parent) and \
        _description_text(node, parent, stats, lists)


def _description_text(node: HtmlElement, parent: HtmlElement,
                      stats: dict[HtmlElement, _Stats], lists: dict[HtmlElement, int]) -> bool:
    """Whether ``parent`` holds, outside ``node``, text of its own, at most
    ``DESCRIPTION_MAX_LISTED`` of it links standing as a list, no form and no block whose
    class says chrome: a description's paragraphs, examples and notes. A ``dd`` set for a
    page's layout, holding an article and a list of other pages' links, is no term's
    description by its parts: its links stand as a list."""
    outer = stats[parent].text - stats[node].text
    if outer <= 0:
        return False
    for child in parent:
        if child is node or not isinstance(child.tag, str):
            continue
        if _class_weight(child) < 0 or child.tag in ("form", "input") or \
                child.find(".//form") is not None or child.find(".//input") is not None:
            return False
    listed = listed_links(parent, stats, lists)
    return listed.get(parent, 0) - listed.get(node, 0) <= DESCRIPTION_MAX_LISTED * outer


def _after_term(dd: HtmlElement) -> bool:
    """Whether ``dd`` follows its term (a ``dt``; or another description of the same
    term), in a definition list."""
    before = dd.getprevious()
    while before is not None and not isinstance(before.tag, str):
        before = before.getprevious()
    return before is not None and before.tag in ("dt", "dd") and \
        getattr(dd.getparent(), "tag", None) == "dl"
