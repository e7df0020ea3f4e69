"""End tags libxml2 ignores and a browser obeys: a block's end closing a ``div`` left open in it.

A ``<div>`` opened inside a block and never closed (a live example's markup cut in two by a
Markdown converter: its ``</div>`` set as text in a listing) ends, in a browser, where the
block around it ends: ``</nav>``, ``</section>``, ``</li>``, ``</fieldset>`` close every
element opened inside them (HTML's parsing rules: "pop elements until" the block's). libxml2
gives a ``div`` a higher end priority than those blocks: it ignores their end tags while the
``div`` is open, and the rest of the document, its headings and paragraphs, is read as
inside the block (a navigation bar's, a form's: chrome, dropped whole). The page must read as
the browser shows it: when libxml2 reports such a mismatch, the document is read again with
the missing ``</div>`` written before the block's end tag.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable

POP_UNTIL = frozenset((
    "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir",
    "dl", "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "listing",
    "main", "menu", "nav", "ol", "section", "summary", "ul", "li", "dd", "dt"))
"""Blocks whose end tag closes, in a browser, whatever was opened inside them and is still
open (HTML's tree construction: "pop elements from the stack until" one of that name)."""

_OPENED = "div"
"""The element libxml2 will not close at such an end tag (its end priority is higher)."""

_SCOPE = frozenset(("table", "td", "th", "caption", "html", "template", "object",
                    "applet", "marquee"))
"""Where a browser stops looking for the block an end tag closes: a block outside a table
cell is not closed from inside it (the end tag is ignored there too)."""

_CLOSES_DIV = frozenset(("td", "th", "tr", "thead", "tbody", "tfoot", "table", "head",
                         "body", "html"))
"""End tags libxml2 does close an open ``div`` at (their priority is higher still)."""

_VOID = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link",
                   "meta", "source", "track", "wbr", "param", "keygen"))

_TOKEN = re.compile(
    r"<!--.*?-->|<(script|style|textarea|title)\b[^>]*>.*?</\1\s*>"
    r"|<(/?)([A-Za-z][A-Za-z0-9-]*)\b[^>]*>", re.S | re.I)

_MISMATCH_START = "Opening and ending tag mismatch: "
_MISMATCH = re.compile(_MISMATCH_START + r"(\w+) and div\b")


def mismatched(messages: Iterable[str]) -> bool:
    """Whether libxml2's messages say it ignored the end tag of a block closing a ``div``
    (``POP_UNTIL``): only then is the document read again."""
    for message in messages:
        if not message.startswith(_MISMATCH_START):  # (most messages: no regex run)
            continue
        match = _MISMATCH.match(message)
        if match is not None and match.group(1).lower() in POP_UNTIL:
            return True
    return False


def close_open_divs(html: str) -> str:
    """``html`` with ``</div>`` written before each end tag of a ``POP_UNTIL`` block that
    has ``div`` elements open inside it (as libxml2 would read them), one per ``div``: the
    tree a browser builds. Raw text (scripts, styles, comments) is skipped."""
    stack: list[str] = []
    # (where each tag is open in the stack: an end tag finds its element at once, as in
    # ``_parse.flatten_nesting``: stray end tags cost no search down a deep stack)
    where: dict[str, list[int]] = {}
    out: list[str] = []
    last = 0
    for match in _TOKEN.finditer(html):
        name = match.group(3)
        if name is None:  # (a comment or a raw text element: no tags in it)
            continue
        name = name.lower()
        if name in _VOID or match.group(0).endswith("/>"):
            continue
        if not match.group(2):
            where.setdefault(name, []).append(len(stack))
            stack.append(name)
            continue
        if not where.get(name):
            continue
        index = where[name][-1]
        opened = where.get(_OPENED, [])
        divs = len(opened) - bisect_right(opened, index)  # (the divs open above it)
        if divs and name not in _CLOSES_DIV and name != _OPENED:
            if name not in POP_UNTIL or _past_cell(where, index):
                continue  # (libxml2 ignores it, as the browser does past a cell)
            out.append(html[last:match.start()])
            out.append("</div>" * divs)
            last = match.start()
        for gone in stack[index:]:  # (each element leaves once: linear in all)
            where[gone].pop()
        del stack[index:]
    out.append(html[last:])
    return "".join(out)



def _past_cell(where: dict[str, list[int]], index: int) -> bool:
    """Whether a table (a cell, a caption: ``_SCOPE``) is open above the stack's ``index``:
    the block there is out of the end tag's scope, which a browser ignores too (a div
    left open in a cell is closed by the cell's end)."""
    return any(where.get(tag) and where[tag][-1] > index for tag in _SCOPE)
