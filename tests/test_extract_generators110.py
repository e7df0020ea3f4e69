"""Every page whole (issue 26, brief 110): pydoc's package pages (a title bar over the list
of the package's modules) and Hexo's listings' last pages. One page shape per failure seen,
and the hostile shape beside each: the chrome of a similar shape the rule must still drop.
``_tablesections.table_sections`` (its title bar: ``title_bar``)."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_generators108 import section
from .test_extract_whole import URL, assert_kept


def bar(name: str) -> str:
    """pydoc's title bar: one row, the module's name, then a cell of its links."""
    return ("<table class='heading'><tr class='heading-text decor'><td class='title'>&nbsp;"
            f"<br><strong class='title'>{name}</strong></td><td class='extra'><a href='.'>"
            f"index</a><br><a href='file:/lib/{name}/__init__.py'>/lib/{name}/__init__.py</a>"
            "</td></tr></table>")


def links(*hrefs: str) -> str:
    cells = "".join(f"<td class='multicolumn'><a href='{h}'>{h.rsplit('.', 2)[-2]}</a><br>"
                    "</td>" for h in hrefs)
    return f"<table><tr>{cells}</tr></table>"


def package_page(name: str, title: str, body: str) -> str:
    return (f"<html><head><title>Python: package {name}</title></head><body>{bar(name)}"
            f"<p></p>{section(title, body)}</body></html>")


def test_a_package_page_keeps_the_list_of_its_modules() -> None:
    # the title bar and one section, "Package Contents", a list of links to the package's
    # own modules: the page's content (scoring picked the bar; the list went as navigation)
    e = extract(package_page("urllib", "Package Contents",
                             links("urllib.error.html", "urllib.parse.html",
                                   "urllib.request.html")), URL)
    assert_kept(e.text, "Package Contents", "error", "parse", "request")


def test_a_title_bar_over_a_modules_short_sections_keeps_them() -> None:
    # a module of two short sections (its imports, its functions): the bar scored best
    body = section("Modules", links("signal.html", "weakref.html")) + section(
        "Functions", "<dl><dt><a name='-installHandler'><strong>installHandler</strong></a>()"
        "</dt></dl><dl><dt><a name='-removeResult'><strong>removeResult</strong></a>(result)"
        "</dt></dl>")
    page = ("<html><head><title>Python: module unittest.signals</title></head><body>"
            f"{bar('unittest.signals')}<p></p>{body}</body></html>")
    assert_kept(extract(page, URL).text, "Functions", "installHandler", "removeResult")


def test_a_title_bar_over_a_list_of_other_pages_leaves_it() -> None:
    # hostile: a bar over one table of links to the site's other pages and to other sites
    # (a closing "Links" table of a page laid out in tables): no part of the page
    page = package_page("tools", "Elsewhere", links("news.html", "about.html",
                                                    "https://example.org/x.html"))
    text = extract(page, URL).text
    assert "news" not in text and "about" not in text
