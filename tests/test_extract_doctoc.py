"""Every page whole (issue 26), and none of its chrome: a table of contents the page marks
as one (DPUB-ARIA's ``doc-toc`` role on a ``div``, as Org's HTML export writes it above
the sections) is navigation, as a ``<nav>`` is; and the hostile shape beside it: a book's
contents page, whose table of contents is the page."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept, words

SECTIONS = ("Citation engine", "Async session evaluation", "Support exporting DOI links",
            "New startup options", "Fontification of inline export snippets")


def org_page() -> str:
    """Org's export: the title, the marked table of contents (a heading over links to the
    page's own sections), the sections, and the postamble outside the content."""
    toc = "".join(f"<li><a href='#org{i}'>{i + 1}. {name}</a></li>"
                  for i, name in enumerate(SECTIONS))
    sections = "".join(
        f"<div id='outline-container-org{i}' class='outline-2'><h2 id='org{i}'>"
        f"<span class='section-number-2'>{i + 1}.</span> {name}</h2>"
        f"<div class='outline-text-2' id='text-{i + 1}'><p>{name} reads its option once. "
        f"{LOREM}</p><p>{LOREM}</p></div></div>"
        for i, name in enumerate(SECTIONS))
    return ("<html><head><title>Version 9.5: New features</title></head><body>"
            "<div id='content' class='content'><h1 class='title'>Version 9.5: New features"
            "</h1><div id='table-of-contents' role='doc-toc'><h2>Table of Contents</h2>"
            f"<div id='text-table-of-contents' role='doc-toc'><ul>{toc}</ul></div></div>"
            f"{sections}</div><div id='postamble' class='status'>"
            "<p class='date'>Created: 2026-11-29 Sun 20:34</p></div></body></html>")


def test_a_table_of_contents_the_page_marks_is_navigation() -> None:
    text = extract(org_page(), URL).text
    assert "table of contents" not in words(text)
    assert_kept(text, LOREM,
                *(f"{name} reads its option once" for name in SECTIONS))
    # (each section's name once, under its heading, not again in the contents list)
    assert words(text).count("citation engine") == 2


def test_a_contents_page_is_its_table_of_contents() -> None:
    # hostile: a book's contents page, the marked table of contents all its text: the page
    chapters = [f"Chapter {i}: {name}, its options and their defaults"
                for i, name in enumerate(SECTIONS * 3, 1)]
    items = "".join(f"<li><a href='ch{i}.html'>{c}</a></li>" for i, c in enumerate(chapters))
    html = ("<html><head><title>Contents</title></head><body><div id='content'>"
            "<h1>The Org Manual</h1><div role='doc-toc'><h2>Table of Contents</h2>"
            f"<ul>{items}</ul></div></div></body></html>")
    assert_kept(extract(html, URL).text, *chapters)
