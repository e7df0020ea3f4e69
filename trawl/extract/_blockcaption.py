"""A caption that titles a block of the text: a code listing's file name, a list's title.

Boilerplate removal drops a block its class calls a caption (a news photo's caption and
credit: "Crowds at the rally. Photo: AP"). A manual's generator names other captions so:
the line over a code listing naming the file it is ("docs/source/conf.py": Sphinx's
``div.code-block-caption``), and the title over a list of the document's pages, which
it marks a heading (``<p class="caption" role="heading">Directive tutorials</p>`` over a
table of contents). Each stands right before the block it titles, in the same wrapper
(``captions_block``): the text's own words for it. A photo's caption stands beside a
picture, which says nothing a listing or a list does.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._text import text_content
from ._tree import _short_text, next_element

CAPTION_MAX_CHARS = 120
"""A caption titling a block is a line: a file's name, a list's title."""
_LISTS = frozenset(("ul", "ol", "dl"))
_LISTING_DEPTH = 3
"""How deep a listing's wrappers nest (Sphinx's ``div.highlight-python > div.highlight >
pre``)."""


def captions_block(el: HtmlElement) -> bool:
    """Whether ``el``, an element its class calls a caption, titles the block right after
    it (``_titled_block``): a code listing, or a list when ``el`` says by its role that it
    is a heading; or is a part of such a caption (``CAPTION_PART_LEVELS`` up: Sphinx's
    ``span.caption-text`` in it). A line (``CAPTION_MAX_CHARS``), its links at most a link
    to its own place (a permalink)."""
    node: HtmlElement | None = el
    for _ in range(CAPTION_PART_LEVELS + 1):
        if node is None or node.tag not in _CAPTION_TAGS:
            return False
        if _caption_of_block(node):
            return True
        node = node.getparent()
    return False


CAPTION_PART_LEVELS = 2
"""How far up from a caption's part its caption is (``span.caption-text`` in ``p``)."""
_CAPTION_TAGS = frozenset(("div", "p", "span"))


def _caption_of_block(el: HtmlElement) -> bool:
    # The block after it first: most elements asked (every one whose class says chrome)
    # stand before no listing or titled list, and the sibling is cheaper to read than
    # the element's own text, which a large container would have read whole.
    after = next_element(el)
    if after is None or not _titled_block(el, after):
        return False
    text = _short_text(el, CAPTION_MAX_CHARS)
    if not text:
        return False
    return all((a.get("href") or "").startswith("#") for a in el.iter("a"))


def _titled_block(caption: HtmlElement, block: HtmlElement) -> bool:
    """Whether ``block``, right after ``caption``, is one a caption titles: a code listing
    (``_listing``), or a list under a caption marked a heading (``role="heading"``). A
    photo's caption is beside its picture, no listing, and a list of links beside a
    caption that says it is no heading is a menu's."""
    if _listing(block):
        return True
    return block.tag in _LISTS and marked_heading(caption)


def marked_heading(el: HtmlElement) -> bool:
    """Whether ``el`` says by its role that it is a heading (``role="heading"``): a
    table of contents' caption over its list, a heading as much as an ``h2`` is."""
    return (el.get("role") or "").strip().lower() == "heading"


def _listing(block: HtmlElement) -> bool:
    """Whether ``block`` is a code listing: a ``pre``, or wrappers around one holding
    nothing else (``_LISTING_DEPTH`` at most)."""
    node: HtmlElement | None = block
    for _ in range(_LISTING_DEPTH):
        if node is None:
            return False
        if node.tag == "pre":
            return True
        node = _only_child(node)
    return node is not None and node.tag == "pre" and bool(text_content(node).strip())


def _only_child(node: HtmlElement) -> HtmlElement | None:
    """``node``'s one child element when it holds nothing else (no text of its own, no
    second element); None otherwise. Stops at the second element: a sibling asked may be
    a long page's whole column."""
    if (node.text or "").strip():
        return None
    only = None
    for child in node:
        if not isinstance(child.tag, str):
            continue
        if only is not None:
            return None
        only = child
    if only is None or (only.tail or "").strip():
        return None
    return only
