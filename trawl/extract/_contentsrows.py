"""A table of contents set as a table, an entry a row: its last entries are the page's,
not date lines after a story.

Scribble (Racket's documentation) lists a chapter's sections on the chapter's page as a
table of one cell a row, each cell a paragraph holding one link, the section's number and
title ("4.10 Pairs and Lists", "4.21 Undefined"). The content ended with that table, and
the walk back from the end took its last entries for date lines ("4.21" reads as a
date) until one did not read so: a chapter's page lost half its words (data.html 55 %).
A story's date or source line set in a table's row of its own is a line of words, no
link to another page, and the row before it is the story.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._signals import to_other_page
from ._tree import _collapsed_text

CONTENTS_ROWS_MIN = 3
"""Rows of one link each that make a table of contents."""


def contents_row(el: HtmlElement, content: HtmlElement) -> bool:
    """Whether the last line ``el`` is an entry of a table of contents set as a table: it
    fills its row's one cell, inside ``content``, and its table's rows are each one link
    to another page and nothing else (``linked_rows``), ``CONTENTS_ROWS_MIN`` or more."""
    cell = el
    while cell.tag not in ("td", "th"):
        parent = cell.getparent()
        if parent is None or parent is content:
            return False
        cell = parent
    row = cell.getparent()
    if row is None or row.tag != "tr" or _collapsed_text(cell) != _collapsed_text(el):
        return False
    table = next(row.iterancestors("table"), None)
    return table is not None and linked_rows(table)


def linked_rows(table: HtmlElement) -> bool:
    """Whether every row of ``table`` (``CONTENTS_ROWS_MIN`` at least) is one cell whose
    text is one link to another page, a section's number and title."""
    rows = [r for r in table.iter("tr") if next(r.iterancestors("table"), None) is table]
    if len(rows) < CONTENTS_ROWS_MIN:
        return False
    for row in rows:
        cells = [c for c in row if isinstance(c.tag, str)]
        links = list(row.iter("a"))
        if len(cells) != 1 or len(links) != 1 or not to_other_page(links[0]) or \
                _collapsed_text(links[0]) != _collapsed_text(row):
            return False
    return True
