"""A block start tag closes the open paragraph in a browser, whatever inline elements are
open in it; libxml2 nests the block inside them.

Hand-written pages open a section with an anchor left open (``<p><a name="Tricks"><b>
Tricks</b><br>...``) and start the next paragraph, listing or heading with no ``</a>``
before it. A browser's parser closes the paragraph there (HTML's tree construction: a
``<p>``, ``<pre>``, ``<ul>``, ``<h2>``... start tag "closes a p element" in button scope,
popping the anchor with it), so the page reads as a run of sibling blocks. libxml2 closes
an open element only when the new tag ends the element open innermost: the ``<a>`` is, and
no start tag ends it, so the next paragraph is read inside the anchor inside the first
paragraph, the paragraph after it inside that one's anchor, and so on: every section
nested in the one before it, a staircase as deep as the page has anchors. The content's
search then finds its best block on a step and keeps that step and what is under it, not
the sections above (a how-to kept from its fourth section on).

The page must read as the browser shows it: after parsing, such a block (a ``p``'s
descendant through inline elements only) and everything after it inside those inline
elements are moved out to follow the paragraph, where a browser puts them. A browser
would also reopen a formatting element (``b``, ``i``, ``a``) around the moved text
("reconstruct the active formatting elements"); that changes no word and is not done.

Left alone, as a browser leaves them: a block inside an inline element outside any
paragraph (a card's ``<a href><div>...</div></a>``, valid HTML and nested in a browser
too), a block inside a scope boundary inside a paragraph (``button``, ``object``, a table
and its cells: their own content), and a ``table`` in a paragraph (a quirks-mode page's
parser keeps it there).
"""

from __future__ import annotations

from lxml.html import HtmlElement

CLOSE_OPEN_PARAGRAPHS = True
"""Module switch (tests turn it off to see the staircase again)."""

CLOSES_P = frozenset((
    "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div",
    "dl", "dd", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3",
    "h4", "h5", "h6", "header", "hgroup", "hr", "li", "listing", "main", "menu", "nav", "ol",
    "p", "pre", "search", "section", "summary", "ul", "xmp"))
"""Start tags that close an open ``p`` in a browser (HTML's "in body" insertion mode: "if the
stack of open elements has a p element in button scope, close a p element"); not
``table``, which stays in the paragraph in quirks mode."""

INLINE = frozenset((
    "a", "abbr", "b", "bdi", "bdo", "big", "cite", "code", "data", "dfn", "em", "font", "i",
    "kbd", "label", "mark", "nobr", "q", "s", "samp", "small", "span", "strike", "strong",
    "sub", "sup", "time", "tt", "u", "var"))
"""Phrasing elements a browser pops when it closes the paragraph around them (none of them
a scope boundary: ``button``, ``object``, ``table``, ``td`` are, and keep their blocks)."""

OPEN_IN = frozenset(("p",))
"""The element whose end the block's start tag implies."""


def close_open_paragraphs(root: HtmlElement) -> None:
    """Move each block libxml2 read inside a paragraph's open inline elements out to follow
    the paragraph, with what comes after it in them (see the module's docstring)."""
    if not CLOSE_OPEN_PARAGRAPHS:
        return
    # (the blocks whose parent is an inline element, found from the inline elements that
    # have children: a walk of every block's ancestors took a 58,000-element page 200 ms,
    # this 35; a block moved out before one earlier in the page is still set in order,
    # as each is set right after the paragraph)
    blocks = [child for inline in root.iter(*INLINE) if len(inline)
              for child in inline if child.tag in CLOSES_P]
    for block in blocks:
        _close_at(block)


def _close_at(block: HtmlElement) -> None:
    """Move ``block`` out of the paragraph it is in through inline elements only, if it is."""
    path = []
    parent = block.getparent()
    while parent is not None and parent.tag in INLINE:
        path.append(parent)
        parent = parent.getparent()
    if path and parent is not None and parent.tag in OPEN_IN:
        _move_out(block, path, parent)


def _move_out(block: HtmlElement, path: list[HtmlElement], paragraph: HtmlElement) -> None:
    """``block`` and what follows it inside ``path`` (its inline ancestors, innermost first,
    the outermost a child of ``paragraph``), in document order, set after ``paragraph``."""
    items: list[HtmlElement | str] = [block, *block.itersiblings()]
    for inline in path:
        if inline.tail:
            items.append(inline.tail)
            inline.tail = None
        items.extend(inline.itersiblings())
    tail, paragraph.tail = paragraph.tail, None
    last = paragraph
    for item in items:
        if isinstance(item, str):  # (text after an inline element's end: the last one's tail)
            last.tail = (last.tail or "") + item
            continue
        last.addnext(item)  # (moves it, its tail with it)
        last = item
    if tail:
        last.tail = (last.tail or "") + tail
