"""A block whose text is nothing but code listings won by its class name (``_select._over_class``).

A live example in a document (a component's demonstration written as raw HTML: a card, a
media object, a row of columns), its markup set as a listing inside it, is a block among
the document's paragraphs. Its wrapper's class (``card-body``, ``media-body``) weighs as a
content block's does, and the listing's length scores it a few points more: it outscored
the document around it (the body holding the prose), and the page was cut down to its
examples' markup. A listing is no prose: a block holding nothing else owes its place to its
class alone, however long its listing, when the ancestor it yields to holds the prose in
paragraphs of its own (the block is one of its blocks), not in blocks beside it (a comment
thread beside a post of one code sample).
"""

from __future__ import annotations

from lxml.html import HtmlElement

LISTING_TAGS = frozenset(("pre",))
"""A code listing: its length scores, but it says nothing as prose does."""

LISTING_SHARE = 0.999
"""A block whose scored text is listings to this share holds no prose (rounding aside)."""

FLOW_PROSE_MIN = 4.0
"""The ancestor's own paragraphs (its children, the block's siblings) hold at least this
much prose (``mass``: about four short paragraphs, as ``_select._CLASS_WIN_MASS_FACTOR``
times one)."""

_FLOW_TAGS = frozenset(("p", "blockquote", "ul", "ol", "dl"))


def listings_only(block: HtmlElement, mass: dict[HtmlElement, float]) -> bool:
    """Whether every paragraph scored under ``block`` is a code listing: the prose ``mass``
    it holds is its listings', none besides."""
    own = mass.get(block, 0.0)
    if own <= 0.0:
        return False
    if block.tag in LISTING_TAGS:
        return True
    listed = sum(mass.get(el, 0.0) for el in block.iter(*LISTING_TAGS)
                 if not _in_listing(el, block))
    return listed >= own * LISTING_SHARE


def _in_listing(el: HtmlElement, block: HtmlElement) -> bool:
    """Whether ``el`` is inside another listing under ``block`` (counted with it)."""
    for anc in el.iterancestors():
        if anc is block:
            return False
        if anc.tag in LISTING_TAGS:
            return True
    return False


def flow_prose(anc: HtmlElement, mass: dict[HtmlElement, float]) -> bool:
    """Whether ``anc`` holds prose in paragraphs of its own, its children (a document's
    text, a live example one block of it), at least ``FLOW_PROSE_MIN``: not a wrapper whose
    prose is in a block beside the one it holds (a post and its comment thread)."""
    own = 0.0
    for child in anc:
        if child.tag in _FLOW_TAGS:
            own += mass.get(child, 0.0)
            if own >= FLOW_PROSE_MIN:
                return True
    return False
