"""A table of data's cells: its values, whatever their class says.

A table whose header row names its columns (``th`` cells) is data, and its cells are its
rows' values: "yes" and "no" in a keyword's table of the sections it may be used in, a
check mark's picture in a compatibility matrix. A cell's class sets how it looks
(Bootstrap's ``pagination-centered`` centres its text, ``alert-success`` colours it
green), not what it is: ``_boiler`` asks ``data_cell`` before it drops a cell its class
names chrome ("pagination"), and ``_prune`` asks ``pictures_of_tables`` before it takes a
block of a few pictures and little text for a gallery or an ad (a keyword's line of
"May be used in sections" over its table of check marks). A layout table of an old site
(its cells the page's columns, a sidebar among them) names no columns, and a pager set in
a table's last row is links.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._stats import _Stats

HEADER_MIN_CELLS = 2
"""Header cells (``th``) a table's first row has that name its columns."""


def data_cell(el: HtmlElement, tag: str, st: _Stats) -> bool:
    """Whether ``el`` (``st``: its stats) is a cell of a table of data (``headed_table``)
    that says something and holds no link (``_no_links``): a value of the table."""
    return tag in ("td", "th") and st.text > 0 and _no_links(st) and headed_table(el)


def _no_links(st: _Stats) -> bool:
    """Whether the block ``st`` measures has no link text: a pager's cell is links."""
    return not st.links


def headed_table(cell: HtmlElement) -> bool:
    """Whether the table the cell ``cell`` is in names its columns: a first row (in its
    ``thead`` or not) of ``HEADER_MIN_CELLS`` header cells or more, above the cell's."""
    row = cell.getparent()
    table = row.getparent() if row is not None else None
    if table is not None and table.tag in ("tbody", "thead", "tfoot"):
        table = table.getparent()
    if table is None or table.tag != "table":
        return False
    first = next(table.iter("tr"), None)
    return first is not None and first is not row and \
        sum(1 for c in first if c.tag == "th") >= HEADER_MIN_CELLS


def pictures_of_tables(el: HtmlElement) -> bool:
    """Whether every picture in ``el`` (two or more) is in a cell of a table of data
    (``headed_table``): a matrix's check marks are its values, no gallery."""
    found = False
    for img in el.iter("img"):
        cell = next((a for a in img.iterancestors("td", "th")), None)
        if cell is None or not headed_table(cell):
            return False
        found = True
    return found
