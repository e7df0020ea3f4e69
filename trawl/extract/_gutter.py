"""A listing's line numbers set in a column of their own: a table of one row, a gutter cell
of numbers beside the cell of the listing.

Highlighters number a listing's lines by setting it in a table (Hexo's and Jekyll's
``figure.highlight``, Pygments' ``highlighttable``): one row, the first cell a ``pre`` of
the numbers "1", "2", ... one a line, the second the listing's ``pre``. A reader sees a
listing with its lines numbered; the numbers are the table's drawing, no word of the text
(a copy of the listing takes the code alone), and kept as a table they made the listing a
row of two cells, "| `1` | `npm audit [fix]` |", numbers counted as words. The table goes,
its listing's cell stands in its place (``drop_line_numbers``, after the listings are
collapsed to their text).

Guards: the gutter holds nothing but the whole numbers from its first on, one more each,
as many as the listing's lines (a table of numbered steps whose second cell is a command
has as many rows as steps, and this is one row; a cell of one "1" beside a listing of
three lines is no gutter); the other cell holds a ``pre``; the table has no other cell
and no heading cell (``th``: a table's own header, "Step | Command").
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._text import text_content

SWITCH = True
"""Off: no gutter is dropped (the tests' loosening: see them fail)."""
_NUMBER_RE = re.compile(r"\d+")


def drop_line_numbers(root: HtmlElement) -> None:
    """Set each numbered listing's ``pre`` cell in the place of its table of one row
    whose first cell is the gutter of its line numbers (the module's shape)."""
    if not SWITCH:
        return
    for table in [t for t in root.iter("table") if t.find(".//pre") is not None]:
        code = _listing_cell(table)
        if code is None or table.getparent() is None:
            continue
        code.tag = "div"
        code.attrib.clear()
        code.tail = table.tail
        table.getparent().replace(table, code)


def _listing_cell(table: HtmlElement) -> HtmlElement | None:
    """The cell of ``table``'s listing when the table is a gutter of line numbers beside
    it, else None."""
    cells = _two_cells(table)
    if cells is None:
        return None
    gutter, code = cells
    pre = next(code.iter("pre"), None)
    if pre is None or not _set_apart(gutter):
        return None
    numbers = text_content(gutter).split()
    if not numbers or not all(_NUMBER_RE.fullmatch(n) for n in numbers):
        return None
    return code if _numbers_lines(numbers, text_content(pre)) else None


def _two_cells(table: HtmlElement) -> tuple[HtmlElement, HtmlElement] | None:
    """``table``'s two cells when it is one row of two ``td`` (no ``th``), else None."""
    rows = list(table.iter("tr"))
    if len(rows) != 1 or next(table.iter("th"), None) is not None:
        return None
    cells = [c for c in rows[0] if isinstance(c.tag, str)]
    if len(cells) != 2 or any(c.tag != "td" for c in cells):
        return None
    return cells[0], cells[1]


def _set_apart(gutter: HtmlElement) -> bool:
    """Whether the numbers are set as a listing's column (a ``pre`` of their own), not as
    a table's cell of a step's number."""
    return next(gutter.iter("pre"), None) is not None


def _numbers_lines(numbers: list[str], text: str) -> bool:
    """Whether ``numbers`` count on by one from the first, one for each line of ``text``."""
    first = int(numbers[0])
    if any(int(n) != first + i for i, n in enumerate(numbers)):
        return False
    return len(numbers) in _line_counts(text)


def _line_counts(text: str) -> tuple[int, int]:
    """The lines of a listing's ``text``, counted two ways: its last newline ending its
    last line (a listing ending on empty lines numbers them), and its empty lines at either
    end not counted (a highlighter's newline before the first line)."""
    ended = text[:-1] if text.endswith("\n") else text
    return len(ended.split("\n")), len(text.strip("\n").split("\n"))
