"""Every page whole (issue 26): a page without prose that lists documents (a manual's
hand-written index: its title, a line, the list of its guides) keeps the list; a page
without prose keeps no menu of a word or two per entry."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import URL, assert_kept


def short_page(entries: list[str]) -> str:
    items = "".join(f"<li> <a href='doc{i}.html'>{e}</a>" for i, e in enumerate(entries))
    return ("<html><head><title>The Guides</title></head><body><center><h1>The Guides</h1>"
            "</center><hr><p>Here is the documentation for the library. As you will see it "
            f"is not complete yet.<p><ul>{items}</ul><hr></body></html>")


def test_a_page_without_prose_keeps_the_documents_it_lists() -> None:
    e = extract(short_page(["The System Administrators' Guide", "The Module Writers' Guide",
                            "The Application Developers' Guide"]), URL)
    assert_kept(e.text, "Here is the documentation for the library",
                "The System Administrators' Guide", "The Application Developers' Guide")


def test_a_page_without_prose_keeps_no_menu() -> None:
    # hostile: the same page whose list is a menu, a word or two an entry
    e = extract(short_page(["Home", "About us", "Contact"]), URL)
    assert_kept(e.text, "Here is the documentation for the library")
    assert "About us" not in e.text, e.text
