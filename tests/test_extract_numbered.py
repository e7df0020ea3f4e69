"""Every page whole (issue 26): a section's page that introduces the sections after it,
listing them by number and title after a line of prose ("Section 8.35, “Rearrange
Colormap”", ...: GIMP's help, DocBook XSL, its menus' pages, 55.6 %), keeps the list: it
is the page's table of contents; the hostile shape beside: a story's list of the next
parts of its series, numbered flat, which goes as a list of links."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept


def head(next_page: str) -> str:
    return (f"<html><head><title>A page</title><link rel='next' href='{next_page}'></head>"
            "<body>")


def test_a_sections_list_of_the_numbered_sections_after_it_is_kept() -> None:
    entries = [(f"8.{35 + i}", title) for i, title in enumerate(
        ("Rearrange Colormap", "Set Colormap", "Alien Map", "Color Exchange", "Rotate"))]
    items = "".join(f"<li><p><a class='xref' href='p{n}.html' title='{n}. {t}'>Section {n}, "
                    f"“{t}”</a></p></li>" for n, t in entries)
    page = (head("p8.35.html") + "<div class='sect2'><div class='titlepage'><div><div><h3 "
            "class='title'>8.34. The Map Submenu</h3></div></div></div><p>The Map submenu "
            "holds operations that map the colours of an image to other colours in "
            f"several ways.</p><p></p><div class='itemizedlist'><ul>{items}</ul></div><p></p>"
            "<div class='sect3'><div class='titlepage'><div><div><h4 class='title'>8.34.1. "
            "Activating the command</h4></div></div></div><p>This command is found in the "
            "image window menu under Colors, Map.</p></div></div></body></html>")
    e = extract(page, URL)
    assert_kept(e.text, "The Map submenu holds operations", "Section 8.35, “Rearrange Colormap”",
                "Section 8.39, “Rotate”", "This command is found in the image window menu")


def test_a_storys_list_of_its_series_next_parts_goes() -> None:
    # hostile: a story, the first part of a series, then the list of the next parts
    # numbered flat (its first the page's next): a list of links to other stories
    items = "".join(f"<li><a href='/garden/part-{i}'>{i}. Part {i} of the garden</a></li>"
                    for i in range(2, 6))
    story = "".join(f"<p>Paragraph {i} of the story. {LOREM}</p>" for i in range(6))
    page = (head("/garden/part-2") + "<article><h1>1. Setting up the garden</h1>"
            f"{story}<ul>{items}</ul></article></body></html>")
    e = extract(page, URL)
    assert "Paragraph 5 of the story" in e.text
    assert "Part 3 of the garden" not in e.text


def test_a_list_of_the_sections_after_the_page_ending_it_is_no_date_line() -> None:
    # the list ends the page: its entries' numbers ("8.54") read as dates, and its last
    # lines went one by one as the page's trailing date lines (51 %)
    entries = [(f"8.{50 + i}", title) for i, title in enumerate(
        ("Histogram", "Border Average", "Colorcube Analysis", "Export Histogram",
         "Smooth Palette"))]
    items = "".join(f"<li><p><a class='xref' href='p{n}.html' title='{n}. {t}'>Section {n}, "
                    f"“{t}”</a></p></li>" for n, t in entries)
    page = (head("p8.50.html") + "<div class='sect2'><div class='titlepage'><div><div><h3 "
            "class='title'>8.49. The Info Submenu</h3></div></div></div><p>The Info submenu "
            "holds operations that give you colour related information about your image."
            f"</p><p></p><div class='itemizedlist'><ul>{items}</ul></div><p></p></div>"
            "</body></html>")
    e = extract(page, URL)
    assert_kept(e.text, "The Info submenu holds operations", "Section 8.50, “Histogram”",
                "Section 8.54, “Smooth Palette”")


def test_a_storys_trailing_date_line_still_goes() -> None:
    # hostile: a story's last line, a date ("Updated 3.4.2024"), in no list of sections
    story = "".join(f"<p>Paragraph {i} of the story. {LOREM}</p>" for i in range(5))
    page = (head("/next-story") + f"<article><h1>The council votes</h1>{story}<p>Updated "
            "3.4.2024</p></article></body></html>")
    e = extract(page, URL)
    assert "Paragraph 4 of the story" in e.text
    assert "Updated" not in e.text
