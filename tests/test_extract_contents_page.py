"""Every page whole (issue 26), a manual's contents page (brief 92).

A manual written on one page keeps its table of contents and its index on another (Lua
5.2's ``contents.html``: "Contents" over the manual's numbered sections, "Index" over its
functions in a table, every link to ``manual.html``). The index, a table of links, scored
best, and the table of contents beside it went as a list of links (65 % of the page
kept). A block of links nearly all to one other page, set in the body after a table of
contents of that same page, is that document's index, and the body holding both is the
page (``_contentspage.contents_and_index``).

The hostile twin: a site's menu in a block of its own, nested like a table of contents
but leading to many pages, set before an index of one page, stays out.
"""

from __future__ import annotations

from trawl.extract import extract

NAMES = ("assert", "collectgarbage", "dofile", "error", "getmetatable", "ipairs", "load",
         "loadfile", "next", "pairs", "pcall", "print", "rawequal", "rawget", "rawlen",
         "rawset", "require", "select", "setmetatable", "tonumber", "tostring", "type",
         "xpcall", "coroutine.create", "coroutine.resume", "coroutine.yield")


def _index() -> str:
    """Three columns of names, each to its place in ``manual.html`` (Lua's has 410 links),
    under labels, the last group of a column set in the cell itself."""
    def links(lib: str) -> str:
        return "".join(f"<a href='manual.html#pdf-{lib}.{n}'>{lib}.{n}</a><br>"
                       for n in NAMES)
    def cell(title: str, libs: tuple[str, ...]) -> str:
        return f"<td><h3>{title}</h3>" + "".join(
            f"<h3>{lib} library functions</h3>" + links(lib) for lib in libs) + "</td>"
    return ("<h2><a name='index'>Index</a></h2><table width='100%'><tr valign='top'>" +
            cell("Lua functions", ("base", "string", "table", "math")) +
            cell("C API", ("lua", "luaL", "luaopen")) +
            cell("standard library", ("io", "os", "debug", "package")) + "</tr></table>")


def _contents(page: str) -> str:
    def sub(n: int) -> str:
        return "<ul>" + "".join(
            f"<li><a href='{page}#{n}.{m}'>{n}.{m} – Section {m} of part {n}</a>"
            for m in range(1, 4)) + "</ul>"
    return ("<h2><a name='contents'>Contents</a></h2><ul style='padding: 0'>" + "".join(
        f"<li><a href='{page}#{n}'>{n} – Part {n} of the manual</a>{sub(n)}<p>"
        for n in range(1, 5)) + "</ul>")


def _page(before: str, contents: str) -> str:
    return ("<html><head><title>Reference Manual - contents</title></head><body>" + before +
            "<hr><h1>Reference Manual</h1><p>The reference manual is the official "
            "definition of the language. For a complete introduction to programming in "
            "it, see the book.</p><p><a href='manual.html'>start</a> · <a href='#contents'>"
            "contents</a> · <a href='#index'>index</a></p><hr>" + contents + _index() +
            "<hr><small class='footer'>Last update: Mon Feb 23 2015</small></body></html>")


def test_a_manuals_contents_and_index_of_one_page_are_its_contents_page():
    text = extract(_page("", _contents("manual.html")), "https://lua.test/contents.html").text
    assert "1 – Part 1 of the manual" in text
    assert "4.3 – Section 3 of part 4" in text
    assert "package.coroutine.yield" in text
    assert "official definition of the language" in text


def test_a_site_menu_nested_as_contents_before_an_index_stays_out():
    menu = ("<ul>" + "".join(
        f"<li><a href='/{s}/'>{s.title()} pages</a><ul>" + "".join(
            f"<li><a href='/{s}/{t}.html'>{t.title()} of {s}</a></li>"
            for t in ("news", "events", "people")) + "</ul></li>"
        for s in ("about", "products", "support", "community")) + "</ul>")
    text = extract(_page(f"<div>{menu}</div>", ""), "https://lua.test/contents.html").text
    assert "package.coroutine.yield" in text
    assert "Events of products" not in text
