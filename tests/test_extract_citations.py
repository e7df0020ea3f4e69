"""Every page whole (issue 26): a bibliography's entries print the addresses of the works
they cite, and the address is the entry's text (GIMP's help, DocBook XSL: its
bibliography kept 50.4 %, every entry's address went as a block of links), and its author
and copyright are the entry's (``_phrases._part_of_sentence``); the hostile shapes beside: a
line printing an address under a label, a byline opening its line, a share label in a
short line, which go."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_index import STORY
from .test_extract_listings import section
from .test_extract_whole import URL, assert_kept, words

WORKS = (("APOD", "Astronomy Picture of the Day", "https://apod.nasa.gov/apod/"),
         ("BABL", "BABL pixel conversion library", "https://www.gegl.org/babl/"),
         ("CAIRO", "Cairo graphics library", "https://www.cairographics.org"),
         ("FREETYPE", "The FreeType Project", "https://www.freetype.org/"),
         ("GIMP", "The Gnu Image Manipulation Program", "https://gimp.org"))


def entry(key: str, title: str, address: str) -> str:
    """A DocBook XSL bibliography entry: its key, its title, then the address it cites."""
    return (f"<div class='biblioentry'><a id='{key}'></a><p>[<abbr class='abbrev'>{key}"
            f"</abbr>] <span class='title'><em>{title}</em>. </span><span "
            f"class='releaseinfo'><a href='{address}' target='_top'>{address}</a> .</span>"
            "</p></div>")


def test_a_bibliographys_entries_keep_the_addresses_they_cite() -> None:
    books = "".join(f"<div class='biblioentry'><p>[BOOK{i}] <span class='title'><em>A book "
                    f"on pictures, volume {i}</em>. </span><span class='author'>Jane Roe."
                    "</span> <span class='publisher'>Apress Inc.</span></p></div>"
                    for i in range(3))
    online = "".join(entry(*w) for w in WORKS)
    body = section(1, "Bibliography", "<div class='bibliodiv'><h3>Books</h3>" + books
                   + "</div><div class='bibliodiv'><h3>Online resources</h3>" + online
                   + "</div>")
    e = extract(f"<html><head><title>Bibliography</title></head><body>{body}</body></html>",
                URL)
    assert_kept(e.text, "Astronomy Picture of the Day", "https://apod.nasa.gov/apod/",
                "https://www.gegl.org/babl/", "https://gimp.org", "A book on pictures")


def test_a_line_of_an_address_under_a_label_still_goes() -> None:
    # hostile: a story's line printing its site's address, under a label ("Web:") or none,
    # in the markup of the entries above: it says nothing of its own, and goes
    for label in ("Web: ", ""):
        line = (f"<p>{label}<span class='releaseinfo'><a href='https://chirp.example.com/news'>"
                "https://chirp.example.com/news</a> .</span></p>")
        e = extract(f"<html><head><title>Budget vote</title></head><body><article><h1>Budget "
                    f"vote</h1>{STORY}{line}{STORY}</article></body></html>", URL)
        assert "Paragraph 5 of the story" in e.text
        assert "chirp" not in words(e.text), label


def test_a_paragraphs_long_address_line_is_kept() -> None:
    # "All the instructions ... are documented on the book's website: → https://...": the
    # address, set as a block in the paragraph, is a third of it, so the paragraph was no
    # prose by its links and the address went as a block of links (94.8 %)
    address = "https://debian-handbook.info/contribute/"
    para = ("<div class='para'>All the instructions to contribute to the book are documented "
            f"on the book's website: <div class='url'>→ <a href='{address}'>{address}</a>"
            "</div></div>")
    html = (f"<html><head><title>Contributing</title></head><body><article><h1>Contributing"
            f"</h1>{STORY}{para}</article></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "documented on the book's website", address)


def test_a_footers_address_under_the_body_still_goes() -> None:
    # hostile: a wiki's "Retrieved from https://..." footer, a block of the article's body
    # (its text in blocks, a long text): the body is no paragraph printing the address
    address = "https://wiki.example.org/w/index.php?title=Budget&oldid=746574460"
    body = (f"<div class='body'>{STORY}<div class='printfooter'>Retrieved from "
            f"\"<a href='{address}'>{address}</a>\"</div></div>")
    e = extract("<html><head><title>Budget vote</title></head><body><h1>Budget vote</h1>"
                f"{body}</body></html>", URL)
    assert "Paragraph 5 of the story" in e.text
    assert "oldid" not in words(e.text)


def book(key: str, title: str, author: str, year: int, publisher: str) -> str:
    """A DocBook XSL bibliography entry of a book: its key, title, author, copyright and
    publisher, each a span named for its part, in one paragraph."""
    return (f"<div class='biblioentry'><a id='{key}'></a><p>[<abbr class='abbrev'>{key}"
            f"</abbr>] <span class='title'><em>{title}</em>. </span><span class='author'>"
            f"<span class='firstname'>{author.split()[0]}</span> <span class='surname'>"
            f"{author.split()[1]}</span>. </span><span class='copyright'>Copyright © {year} "
            f"{publisher}. </span><span class='publisher'><span class='publishername'>"
            f"{publisher}. </span></span></p></div>")


def bibliography(entries: str) -> str:
    body = section(1, "Bibliography", f"<div class='bibliodiv'><h3>Books</h3>{entries}</div>")
    return f"<html><head><title>Bibliography</title></head><body>{body}</body></html>"


def test_a_citations_author_and_copyright_are_kept() -> None:
    # GIMP's bibliography: each entry's author and copyright are spans named "author" and
    # "copyright", and went as a byline and a site's copyright line (89.4 %)
    books = "".join(book(f"BOOK{i}", f"Beginning pictures, volume {i}", "Akkana Peck",
                         2000 + i, "Apress Inc") for i in range(4))
    e = extract(bibliography(books), URL)
    assert_kept(e.text, "Beginning pictures, volume 0. Akkana Peck. Copyright © 2000 Apress",
                "volume 3. Akkana Peck. Copyright © 2003 Apress Inc")


def test_an_address_set_on_lines_of_its_own_is_the_entrys() -> None:
    # the same bibliography writes a long address on lines of its own, indented, between
    # entries of books: the indentation counted as link text, the entry said too little
    # of its own, and its address went as a block of links
    address = "https://en.wikipedia.org/wiki/Portable_Network_Graphics"
    entries = "".join(
        book(f"BOOK{i}", f"Beginning pictures, volume {i}", "Akkana Peck", 2000 + i,
             "Apress Inc")
        + f"<div class='biblioentry'><p>[<abbr class='abbrev'>WKPD-{i}</abbr>] <span class="
        f"'title'><em>Wikipedia - PNG {i}</em>. </span><span class='releaseinfo'>\n        "
        f"<a class='ulink' href='{address}{i}'>\n          {address}{i}\n        </a>\n"
        "      . </span></p></div>" for i in range(3))
    e = extract(bibliography(entries), URL)
    assert_kept(e.text, "Wikipedia - PNG 0", f"{address}0", f"{address}2")


def story_with(line: str) -> str:
    """A story with ``line`` between its paragraphs (at its top a byline goes as the
    story's header, at its end as a trailing line, whatever the class says)."""
    return ("<html><head><title>Budget vote</title></head><body><article><h1>Budget vote"
            f"</h1>{STORY}{line}{STORY}</article></body></html>")


def test_a_byline_opening_its_line_still_goes() -> None:
    # hostile: a byline span opens its line, however long the line after it: no phrase of
    # a sentence (fails with _phrases._part_of_sentence's lead clause removed)
    line = ("<p><span class='byline'>By Jane Doe</span>, Staff Writer at The Daily Planet, "
            "reporting from the city hall</p>")
    e = extract(story_with(line), URL)
    assert "Paragraph 5 of the story" in e.text
    assert "jane doe" not in words(e.text)


def test_a_share_label_in_a_short_line_still_goes() -> None:
    # hostile: a share label after a date line's words: the line says too little besides
    # it (fails with _phrases._part_of_sentence's length clause removed)
    line = "<p>Published on June 3, 2023 · <span class='share'>Share this story</span></p>"
    e = extract(story_with(line), URL)
    assert "Paragraph 5 of the story" in e.text
    assert "share this story" not in words(e.text)
