"""A short page's last section, listed by the page's own contents (brief 102, issue 26):
a manual page of three one-line sections keeps its last ("DESCRIPTION" over "No
user-serviceable parts inside."); a blog's "Comments" heading over "No comments yet",
which no contents list names, is still a leftover."""

from __future__ import annotations

from trawl.extract import extract

URL = "https://docs.example.test/lib/Heavy.html"


def manual_page(toc: bool) -> str:
    """pod2html's shape: the page's list of its sections, then three one-line sections."""
    index = ("<ul id='index'><li><a href='#NAME'>NAME</a></li>"
             "<li><a href='#SYNOPSIS'>SYNOPSIS</a></li>"
             "<li><a href='#DESCRIPTION'>DESCRIPTION</a></li></ul>") if toc else ""
    return ("<html><head><title>Exporter::Heavy - Exporter guts</title></head><body>"
            f"{index}<h1 id='NAME'>NAME</h1><p>Exporter::Heavy - Exporter guts</p>"
            "<h1 id='SYNOPSIS'>SYNOPSIS</h1><p>(internal use only)</p>"
            "<h1 id='DESCRIPTION'>DESCRIPTION</h1><p>No user-serviceable parts inside.</p>"
            "</body></html>")


def test_listed_last_section_kept() -> None:
    text = extract(manual_page(toc=True), URL).full_text
    assert "No user-serviceable parts inside." in text
    assert "(internal use only)" in text


def blog_post() -> str:
    """A story of two sections, a contents list of them, then a comments heading over an
    empty thread's line: the heading is linked by a skip link, not by the contents."""
    body = ("The river rose overnight and the town woke to water in its streets; the "
            "council met at dawn and opened the school as a shelter for the families. ") * 4
    return ("<html><head><title>Flood in town</title></head><body>"
            "<article>"
            "<h1 id='top'>Flood in town</h1>"
            "<ul><li><a href='#comments'>Jump to comments</a></li></ul>"
            "<ul><li><a href='#night'>The night</a></li><li><a href='#morning'>The morning</a>"
            "</li></ul>"
            f"<h2 id='night'>The night</h2><p>{body}</p>"
            f"<h2 id='morning'>The morning</h2><p>{body}</p>"
            "<h2 id='comments'>Comments</h2><p>No comments yet.</p>"
            "</article></body></html>")


def test_unlisted_comments_heading_dropped() -> None:
    text = extract(blog_post(), "https://news.example.test/2026/flood.html").full_text
    assert "The morning" in text
    assert "No comments yet" not in text
