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
its navigation and its article side by side, or a listing in a ``pre`` in a ``pre``, the
outer one the inner's wrapper: gi-docgen's declarations) says nothing of the kind, and its
blocks are judged as anywhere else. And a widget set in a listing's lines is no line of it:
a keyword's pop-up menu of the sections it is used in (haproxy-dconv's
``ul.dropdown-menu``, which Bootstrap hides until the keyword is clicked), a list or a
block of links (``_line_block``), is chrome there too.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._stats import _Stats
from ._text import BLOCK_TAGS

LINE_BLOCK_MAX_LINK_SHARE = 0.2
"""A block of a listing's lines links at most this share of its text (a "[docs]" link
back to the entry it is the source of)."""
_LISTS = frozenset(("ul", "ol", "dl", "menu"))

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


def in_listing(el: HtmlElement, st: _Stats) -> bool:
    """``el`` (``st`` its stats) is a part of a listing's lines: inside a ``pre``, it holds
    no link at all (``_links_nowhere``: what a highlighter or a theme sets in a listing,
    the SQL a tutorial's statement emits in a block its class calls a ``popup``), or it is
    a block of lines (``_line_block``) in a listing with lines of its own outside its
    blocks (a source page's "[docs]" blocks)."""
    pres = list(el.iterancestors("pre"))
    if not pres:
        return False
    return _links_nowhere(el) or (_line_block(el, st) and any(_own_lines(p) for p in pres))


def _links_nowhere(el: HtmlElement) -> bool:
    """Whether ``el`` holds no link (an ``a`` with an ``href``): code's lines, not a menu.
    No page sets its modal dialog, its banner or its sign-up inside a ``pre``; a pop-up
    menu of links set in a listing (HAProxy's manual opens one on a keyword) names pages,
    and is still a menu."""
    return not any(a.get("href") is not None for a in el.iter("a"))


def _line_block(el: HtmlElement, st: _Stats) -> bool:
    """``el`` may be lines of a listing: no list, and at most
    ``LINE_BLOCK_MAX_LINK_SHARE`` of its text links (a pop-up menu of links is a widget)."""
    return el.tag not in _LISTS and st.links <= LINE_BLOCK_MAX_LINK_SHARE * st.text


def _own_lines(pre: HtmlElement) -> bool:
    """``pre`` holds at least ``LISTING_MIN_OWN_CHARS`` of text outside its blocks and its
    links (its text, its inline descendants' outside any block or link, the tails of
    those): a bar of links set in a ``pre`` over a page's story has no lines of its own."""
    return _own_chars(pre, 0) >= LISTING_MIN_OWN_CHARS


def _own_chars(el: HtmlElement, chars: int) -> int:
    """``chars`` and the characters of ``el``'s text outside its block descendants (and
    their tails), counted until ``LISTING_MIN_OWN_CHARS`` is reached."""
    chars += len((el.text or "").strip())
    for child in el:
        if chars >= LISTING_MIN_OWN_CHARS:
            break
        if isinstance(child.tag, str) and child.tag not in BLOCK_TAGS and child.tag != "a":
            chars = _own_chars(child, chars)  # (a link's text is no line: a bar's "Section 3")
        chars += len((child.tail or "").strip())
    return chars
