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


# -- the list of links under a section the page's contents list ------------------------------

LOREM_POD = ("provides weightZhuyin(), that is adequate for overrideCJK of Unicode::Collate and "
             "makes tailoring of CJK Unified Ideographs in the order of the zhuyin ordering. ")


def manual_with_see_also() -> str:
    """pod2html's shape: the page's list of its sections, then its sections, the last a
    "SEE ALSO" of outside addresses, each under its title."""
    names = ("NAME", "SYNOPSIS", "DESCRIPTION", "SEE-ALSO")
    index = "".join(f"<li><a href='#{n}'>{n.replace('-', ' ')}</a></li>" for n in names)
    return ("<html><head><title>Unicode::Collate::CJK::Zhuyin</title></head><body>"
            f"<ul id='index'>{index}</ul>"
            "<h1 id='NAME'>NAME</h1><p>Unicode::Collate::CJK::Zhuyin - weighting CJK</p>"
            "<h1 id='SYNOPSIS'>SYNOPSIS</h1><pre>use Unicode::Collate;</pre>"
            f"<h1 id='DESCRIPTION'>DESCRIPTION</h1><p>{LOREM_POD * 2}</p>"
            "<h1 id='SEE-ALSO'>SEE ALSO</h1><dl>"
            "<dt id='CLDR'>CLDR - Unicode Common Locale Data Repository</dt>"
            "<dd><p><a href='http://cldr.unicode.org/'>http://cldr.unicode.org/</a></p></dd>"
            "<dt id='LDML'>Unicode Locale Data Markup Language (LDML) - UTS #35</dt>"
            "<dd><p><a href='http://www.unicode.org/reports/tr35/'>"
            "http://www.unicode.org/reports/tr35/</a></p></dd>"
            "<dt id='UC'><a>Unicode::Collate</a></dt><dd></dd></dl></body></html>")


def test_listed_see_also_links_kept() -> None:
    text = extract(manual_with_see_also(), URL).full_text
    assert "Common Locale Data Repository" in text
    assert "http://www.unicode.org/reports/tr35/" in text


def story_with_related() -> str:
    """A story of two sections under its contents list, then a "Related" heading over other
    sites' stories: no contents list names it."""
    body = ("The river rose overnight and the town woke to water in its streets; the "
            "council met at dawn and opened the school as a shelter for the families. ") * 4
    related = "".join(f"<li><a href='https://other{i}.example.test/story-{i}'>Another town "
                      f"counts the cost of the storm, part {i}</a></li>" for i in range(6))
    return ("<html><head><title>Flood in town</title></head><body><article>"
            "<h1 id='top'>Flood in town</h1>"
            "<ul><li><a href='#night'>The night</a></li><li><a href='#morning'>The morning</a>"
            "</li></ul>"
            f"<h2 id='night'>The night</h2><p>{body}</p>"
            f"<h2 id='morning'>The morning</h2><p>{body}</p>"
            f"<h2 id='related'>Related</h2><ul>{related}</ul>"
            "</article></body></html>")


def test_unlisted_related_links_dropped() -> None:
    text = extract(story_with_related(), "https://news.example.test/2026/flood.html").full_text
    assert "The morning" in text
    assert "counts the cost" not in text


def guide_with_resources() -> str:
    """Pandoc's shape: the page's contents as a ``nav`` (dropped as a navigation), its
    sections, the last "Additional resources" over other sites' pages."""
    body = ("Bootstrap provides an easy-to-use framework of ready-made styles, layout tools "
            "and interactive components, accessible out of the box when the markup is right. ")
    names = [("overview", "Overview"), ("markup", "Structural markup"),
             ("resources", "Additional resources")]
    toc = "".join(f"<li><a href='#{i}'>{t}</a></li>" for i, t in names)
    sites = "".join(f"<li><a href='https://site{i}.example.org/a11y'>Accessibility checker "
                    f"number {i} of the web</a></li>" for i in range(6))
    return ("<html><head><title>accessibility</title></head><body>"
            f"<nav id='TOC' role='doc-toc'><ul>{toc}</ul></nav>"
            f"<h2 id='overview'>Overview</h2><p>{body * 3}</p>"
            f"<h2 id='markup'>Structural markup</h2><p>{body * 3}</p>"
            f"<h2 id='resources'>Additional resources</h2><ul>{sites}</ul></body></html>")


def test_resources_listed_by_dropped_contents_kept() -> None:
    text = extract(guide_with_resources(), URL).full_text
    assert "Structural markup" in text
    assert "Accessibility checker number 3" in text
