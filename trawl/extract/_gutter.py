"""A listing's line numbers set in a gutter beside it: no words of the page.

A highlighter that numbers a listing's lines (Pygments' ``linenos="table"``, which Sphinx,
MkDocs, Material for MkDocs and mkdocstrings' source listings use) writes the numbers in a
column of their own, a table's first cell holding a ``pre`` of them, one a line, and the
listing in the next cell. A reader sees the gutter as the margin of the code, and a copy
of the listing leaves it out; read as text it is a run of numbers before the code ("38 39
40 ... 120 class Table:"), as many words as the listing has lines.

The guard: the cell holds nothing but whole numbers, one a line, each one more than the one
before (a column of data, prices or counts, is not so), at least ``GUTTER_MIN_LINES`` of
them, and the next cell holds a listing (``pre``) of as many lines at least: a table whose
first column of numbers sits beside prose or a shorter listing is read as it is.
"""

from __future__ import annotations

from itertools import pairwise

from lxml.html import HtmlElement

from ._text import text_content

GUTTER_MIN_LINES = 2
"""A gutter numbers at least this many lines (a one-line listing has no gutter to read)."""
GUTTER_MAX_DEPTH = 3
"""The gutter's ``pre`` is at most this deep in its cell (``td > div > pre``)."""


def gutter_cell(pre: HtmlElement) -> HtmlElement | None:
    """The table cell ``pre`` is in (at most ``GUTTER_MAX_DEPTH`` deep), if any: where a
    gutter would be."""
    cell = pre.getparent()
    for _ in range(GUTTER_MAX_DEPTH):
        if cell is None or cell.tag == "td":
            break
        cell = cell.getparent()
    return cell if cell is not None and cell.tag == "td" else None


def line_number_gutter(cell: HtmlElement, pre: HtmlElement) -> bool:
    """Whether ``cell``, holding ``pre``, is a gutter of line numbers: its text consecutive
    whole numbers, one a line (``_numbers_a_line``), all of them the ``pre``'s, and the
    next cell a listing of as many lines (``_beside_listing``)."""
    count = _numbers_a_line(text_content(pre))
    if count < GUTTER_MIN_LINES or text_content(cell).split() != text_content(pre).split():
        return False
    return _beside_listing(cell, count)


def _numbers_a_line(text: str) -> int:
    """How many whole numbers ``text`` holds, one a line, each one more than the one
    before; 0 when it holds anything else."""
    lines = text.split()
    if not lines or not all(line.isdigit() for line in lines):
        return 0
    numbers = [int(line) for line in lines]
    return len(numbers) if _consecutive(numbers) else 0


def _consecutive(numbers: list[int]) -> bool:
    """Whether each of ``numbers`` is one more than the one before: a listing's lines are
    numbered so; a column of data (counts, prices, years) is not."""
    return all(b == a + 1 for a, b in pairwise(numbers))


def _beside_listing(cell: HtmlElement, count: int) -> bool:
    """Whether the cell after ``cell`` holds a listing (a ``pre``) of at least ``count``
    lines: the code the gutter numbers."""
    nxt = cell.getnext()
    while nxt is not None and not isinstance(nxt.tag, str):
        nxt = nxt.getnext()
    if nxt is None or nxt.tag != "td":
        return False
    listing = next(nxt.iter("pre"), None)
    if listing is None:
        return False
    return len(text_content(listing).rstrip("\n").split("\n")) >= count
