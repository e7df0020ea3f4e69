"""A listing is read whole: no block inside a ``pre`` is chosen alone, nor dropped as chrome.

A page of source code (Sphinx's viewcode pages, "Source code for requests.cookies") is one
``pre`` whose documented functions and classes are each wrapped in a block (a ``div`` with a
"[docs]" link back to their entry, its ``id`` the function's name), nested as the classes
nest their methods, with the module's other lines (its imports, constants, helpers) between
them. Those blocks are lines of the listing, not paragraphs nor page parts: the biggest
class's block outscored the listing that holds it (a fifth of a long module kept), and a
block whose name reads as chrome's (``RequestsCookieJar``: a cookie banner's token; ``skip``:
a skip link's) was dropped before scoring. The listing's own lines running between the
blocks are what say so; a ``pre`` that only wraps blocks (a page laid out in one ``pre``,
its navigation and its article side by side) says nothing of the kind, and its blocks are
judged as anywhere else.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._text import BLOCK_TAGS, text_content

LISTING_MIN_OWN_CHARS = 25
"""A ``pre`` with this much text of its own, outside the blocks it holds, is one listing
(the paragraph threshold of ``_select._score``: a line of code at least)."""


def listing_whole(best: HtmlElement, scores: dict[HtmlElement, float]) -> HtmlElement:
    """``best``, or the outermost listing (a ``pre`` with lines of its own) above it, scored
    as ``best`` when it scored less."""
    listing = None
    for anc in best.iterancestors("pre"):
        if _own_lines(anc):
            listing = anc
    if listing is None:
        return best
    scores[listing] = max(scores.get(listing, 0.0), scores[best])
    return listing


def in_listing(el: HtmlElement) -> bool:
    """``el`` is inside a listing: a ``pre`` with lines of its own, outside its blocks."""
    return any(_own_lines(anc) for anc in el.iterancestors("pre"))


def _own_lines(pre: HtmlElement) -> bool:
    """``pre`` holds at least ``LISTING_MIN_OWN_CHARS`` of text outside its blocks (its
    text, its inline children's, the tails of all its children)."""
    chars = len((pre.text or "").strip())
    for child in pre:
        if isinstance(child.tag, str) and child.tag not in BLOCK_TAGS:
            chars += len(text_content(child).strip())
        chars += len((child.tail or "").strip())
        if chars >= LISTING_MIN_OWN_CHARS:
            return True
    return chars >= LISTING_MIN_OWN_CHARS
