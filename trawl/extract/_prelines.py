"""A listing whose highlighter writes each line as a block of its own (Expressive Code:
``pre > code > div.ec-line > div.code``), with no newline between the lines: a browser
draws each block on a line of its own, and the text read from it is one line
otherwise ("npm ERR! code E404npm ERR! 404 Not Found").
"""

from __future__ import annotations

from lxml.html import HtmlElement

_LINE_BLOCKS = ("div", "p")
"""The blocks a listing's line may be written as."""


def block_line_breaks(pre: HtmlElement) -> None:
    """Write the line break each line block of ``pre`` ends on, where the listing's text
    does not already have one after it (``_ends_line``): between two blocks that follow
    one another, none after the last. The break is the block's tail's newline, as a
    ``br``'s is (``_clean._line_breaks``)."""
    for block in pre.iter(*_LINE_BLOCKS):
        nxt = block.getnext()
        if nxt is None or nxt.tag not in _LINE_BLOCKS or _ends_line(block):
            continue
        block.tail = "\n" + (block.tail or "")


def _ends_line(block: HtmlElement) -> bool:
    """Guard: the text at the block's end, or right after it, is a newline already (a
    highlighter that writes its lines' newlines in its blocks or between them): another
    would read as an empty line."""
    if (block.tail or "").startswith("\n"):
        return True
    last = "".join(block.itertext())
    return last.endswith("\n")
