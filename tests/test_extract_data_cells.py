"""A table of data's cells are its values, whatever their class says (issue 26, HAProxy's
configuration manual: each keyword's "May be used in sections" table, a header row naming
the sections and a row of "yes" and "no" cells, each with a check mark's picture, classed
Bootstrap's ``alert-success pagination-centered``). A cell's class names how it looks, and
"pagination" no pager of the page (``_cells.data_cell``); the check marks are the
table's values, no gallery (``_cells.pictures_of_tables``)."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import URL

SECTIONS = ("defaults", "frontend", "listen", "backend")


def cell(value: str) -> str:
    kind = "success" if value == "yes" else "error"
    mark = "check" if value == "yes" else "cross"
    return (f"<td class='alert-{kind} pagination-centered'>{value}<br>"
            f"<img src='css/{mark}.png' alt='{value}' title='{value}'></td>")


def keyword(name: str, values: tuple[str, ...]) -> str:
    return (f"<div class='keyword'><b><a href='#4-{name}'>{name}</a></b> &lt;arg&gt;</div>"
            "<div><p>  May be used in sections :</p><table class='table table-bordered'>"
            "<thead><tr>" + "".join(f"<th>{s}</th>" for s in SECTIONS) + "</tr></thead>"
            "<tr>" + "".join(cell(v) for v in values) + "</tr></table></div>"
            f"<pre class='text'>The {name} keyword sets how the proxy handles the connections "
            "it accepts, and the value given applies to every section that inherits it "
            "from its defaults, unless that section sets it again.</pre>")


def manual(extra: str = "", layout: str = "") -> str:
    body = "".join(keyword(n, v) for n, v in (
        ("backlog", ("yes", "yes", "yes", "no")), ("balance", ("yes", "no", "yes", "yes")),
        ("bind", ("no", "yes", "yes", "no")), ("maxconn", ("yes", "yes", "yes", "no"))))
    return ("<html><head><title>Configuration Manual</title></head><body>"
            "<div id='page-wrapper'><h1>Configuration Manual</h1>"
            "<h2>4.2. Alphabetically sorted keywords reference</h2>" + body + extra
            + "</div>" + layout + "</body></html>")


def test_a_tables_cells_are_its_values_whatever_their_class() -> None:
    e = extract(manual(), URL)
    words = e.text.split()
    assert words.count("yes") == 11 and words.count("no") == 5
    assert "backlog" in e.text and "maxconn" in e.text


def test_a_pager_in_a_tables_last_row_is_still_chrome() -> None:
    pager = ("<table><thead><tr><th>keyword</th><th>section</th></tr></thead>"
             "<tr><td>backlog</td><td>4.2</td></tr><tr><td>bind</td><td>4.2</td></tr>"
             "<tr><td class='pagination' colspan='2'>Pages of this list: <a href='p1.html'>"
             "1</a> <a href='p2.html'>2</a> <a href='p3.html'>3</a></td></tr></table>")
    e = extract(manual(pager), URL)
    assert "yes" in e.text.split()
    assert "Pages of this list" not in e.text


def test_a_layout_tables_sidebar_cell_is_still_chrome() -> None:
    # an old site's layout table: the text in its rows, a column beside it classed
    # "sidebar", in a table that names no columns
    prose = ("The backlog keyword gives the system a hint of the listen backlog the proxy "
             "wants, which some systems use as the queue's size, and others ignore, "
             "depending on how they handle new connections.")
    page = ("<html><head><title>Backlog</title></head><body><table>"
            f"<tr><td><h1>Backlog</h1><p>{prose}</p></td>"
            "<td class='sidebar'>Thanks to this month's sponsors, who keep the site up.</td></tr>"
            f"<tr><td><p>{prose.replace('backlog keyword', 'maxconn keyword')}</p>"
            f"<p>{prose.replace('backlog keyword', 'bind keyword')}</p></td><td></td></tr>"
            "</table></body></html>")
    e = extract(page, URL)
    assert "listen backlog" in e.text and "maxconn keyword" in e.text
    assert "sponsors" not in e.text


def test_a_block_of_pictures_outside_a_table_is_still_a_gallery() -> None:
    gallery = ("<div>" + "".join(
        f"<a href='/shop/item{i}.html'><img src='item{i}.png' alt=''></a>"
        for i in range(4)) + "<span>Shop our picks</span></div>")
    e = extract(manual(gallery), URL)
    assert "yes" in e.text.split()
    assert "Shop our picks" not in e.text
