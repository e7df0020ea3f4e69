"""Every page whole (issue 26, brief 120): two shapes of DocBook manuals no rule was tuned on
(the bench's ``debguides`` set). A book's front page whose legal notice follows a copyright
line of its own and holds lists of its text (``_titlepage.copyright_before``,
``_titlepage._prose_list``); a chapter that is a timeline of dated sentences under its title
(``_edges._dated_sentence``). Each beside the hostile shape the rule must leave alone."""

from __future__ import annotations

import importlib

import pytest

from trawl.extract import extract

from .test_extract_whole import URL, assert_kept, words

titlepage = importlib.import_module("trawl.extract._titlepage")
edges = importlib.import_module("trawl.extract._edges")

NOTICE = (
    "Permission is granted to any person obtaining a copy of this guide to use, copy, "
    "modify, merge and publish it, and to permit persons to whom it is furnished to do so, "
    "subject to the following conditions: the notice above and this permission notice "
    "shall be included in all copies or substantial portions of the guide. The guide is "
    "provided as it is, without warranty of any kind, express or implied, including but "
    "not limited to the warranties of fitness for a particular purpose. In no event shall "
    "the authors be liable for any claim, damages or other liability, whether in an action "
    "of contract or otherwise, arising from the guide or the use of it. ") * 2


def _toc(chapters: int) -> str:
    items = "".join(
        f"<dt><span class='chapter'><a href='ch{n:02}.html'>{n}. Chapter number {n}</a>"
        f"</span></dt><dd><dl><dt><span class='section'><a href='ch{n:02}.html#s{n}1'>"
        f"{n}.1. Setting up the tools for part {n}</a></span></dt><dt><span "
        f"class='section'><a href='ch{n:02}.html#s{n}2'>{n}.2. Checking part {n}</a>"
        "</span></dt></dl></dd>" for n in range(1, chapters + 1))
    return (f"<div class='toc'><p><strong>Table of Contents</strong></p><dl class='toc'>"
            f"{items}</dl></div>")


def front_page() -> str:
    """A DocBook XSL book's front page: the title page (title, author, a copyright line of
    its own, the legal notice with a list of the documents the guide was made from, the
    abstract with a list of topics), then the book's table of contents."""
    return (
        "<html><head><title>Guide for Widget Packagers</title></head><body>"
        "<div class='navheader'><table><tr><th>Guide for Widget Packagers</th></tr></table>"
        "</div><div class='book'><div class='titlepage'><div>"
        "<div><h1 class='title'><a id='guide'></a>Guide for Widget Packagers</h1></div>"
        "<div><div class='author'><h3 class='author'>Ann Example</h3></div></div>"
        "<div><p class='copyright'>Copyright © 2014-2021 Ann Example</p></div>"
        f"<div><div class='legalnotice'><p>{NOTICE}</p>"
        "<p>This guide was made from the following earlier documents:</p>"
        "<div class='itemizedlist'><ul class='itemizedlist'>"
        "<li><p>“Making a Widget Package”, copyright 1997 Bob Sample.</p></li>"
        "<li><p>“The Widget Packaging Howto”, copyright 1998 Cy Sample.</p></li></ul></div>"
        "<p>The latest version of this guide is available:</p>"
        "<div class='itemizedlist'><ul class='itemizedlist'><li><p>in the widget-doc "
        "package and</p></li><li><p>at the <a href='https://example.org/doc'>widget "
        "documentation site</a>.</p></li></ul></div></div></div>"
        "<div><div class='abstract'><p class='title'><b>Abstract</b></p><p>This tutorial "
        "guides a packager through making a widget package, with examples of:</p>"
        "<div class='itemizedlist'><ul class='itemizedlist'>"
        + "".join(f"<li><p>{kind} packaging</p></li>" for kind in (
            "shell script", "Python module", "C with Makefile", "C with Autotools",
            "C with CMake", "C library", "multiarch library", "Perl module"))
        + "</ul></div></div></div>"
        f"</div><hr></div>{_toc(8)}</div>"
        "<div class='navfooter'><hr><table><tr><td><a href='pr01.html'>Next</a></td></tr>"
        "</table></div></body></html>")


def test_a_front_page_keeps_its_title_page_and_its_contents() -> None:
    # the legal notice, the page's longest prose, won the scoring; its copyright is a line
    # of its own before it (no block of the notice states it), and the notice's and the
    # abstract's lists came before the contents: the notice was all that was kept
    text = extract(front_page(), URL).text
    assert_kept(text, "Ann Example", "Copyright 2014-2021 Ann Example", NOTICE[:200],
                "This tutorial guides a packager", "shell script packaging",
                "Table of Contents", "1. Chapter number 1", "1.2. Checking part 1",
                "8. Chapter number 8", "8.2. Checking part 8")


@pytest.mark.parametrize("switch", ["COPYRIGHT_LINE_BEFORE", "PROSE_LISTS_PASSED"])
def test_a_front_page_loses_its_contents_without_either_half(
        monkeypatch: pytest.MonkeyPatch, switch: str) -> None:
    # each half of the rule is needed: without it the notice stands alone
    monkeypatch.setattr(titlepage, switch, False)
    text = words(extract(front_page(), URL).text)
    assert words("8.2. Checking part 8") not in text


def test_a_story_under_a_copyright_line_leaves_out_the_links_after_it() -> None:
    # hostile: a story (a copyright line under its headline, then paragraphs and a list of
    # its text), and after it a list of links to other stories, flat, no contents of a
    # book: no title page, the links stay out
    story = "".join(
        f"<p>{NOTICE[i * 80:i * 80 + 300]} The council met again on day {i}.</p>"
        for i in range(4))
    related = "".join(f"<li><a href='/news/{n}.html'>Another story about topic {n}</a></li>"
                      for n in range(1, 9))
    page = (
        "<html><head><title>Council agrees budget</title></head><body><div class='story'>"
        "<div><h1>Council agrees budget</h1></div>"
        "<div><p class='copyright'>Copyright © 2024 Daily Example</p></div>"
        f"<div>{story}<ul><li>roads and bridges</li><li>schools</li></ul></div></div>"
        f"<div class='more'><ul>{related}</ul></div></body></html>")
    text = words(extract(page, URL).text)
    assert words("The council met again on day 3") in text
    assert words("Another story about topic") not in text


LEADERS = [
    ("Ann Example", "April 2001", "April 2002"), ("Bob Sample", "April 2002", "April 2003"),
    ("Cy Sample", "April 2006", "April 2007"), ("Dee Example", "April 2007", "April 2008"),
    ("Ed Sample", "April 2008", "April 2010"), ("Flo Example", "April 2013", "April 2015"),
]


def timeline_page() -> str:
    """A chapter of a project's history: its title, then a sentence a paragraph, each
    saying a leader's term, short enough each to read as a dateline."""
    lines = "".join(f"<p>{who} led the project from {start} until {end}.</p>"
                    for who, start, end in LEADERS)
    return ("<html><head><title>Chapter 2. Leadership</title></head><body>"
            "<div class='navheader'><table><tr><th>Chapter 2. Leadership</th></tr></table>"
            "</div><div class='chapter'><div class='titlepage'><div><div><h1 class='title'>"
            "Chapter 2. Leadership</h1></div></div></div>"
            "<p>The project has had several leaders since its beginnings in 1993.</p>"
            f"{lines}<p>Gus Example was elected in April 2020 and is our current leader.</p>"
            "</div><div class='navfooter'><table><tr><td><a href='ch3.html'>Next</a></td>"
            "</tr></table></div></body></html>")


def test_a_timeline_of_dated_sentences_is_kept() -> None:
    # each "X led the project from April 2001 until April 2002." is under 60 characters
    # and says a date: the header's scan took every one for a dateline
    text = extract(timeline_page(), URL).text
    assert_kept(text, *(f"{who} led the project from {start} until {end}."
                        for who, start, end in LEADERS))


def test_a_timeline_is_lost_without_the_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(edges, "TIMELINES_KEPT", False)
    text = words(extract(timeline_page(), URL).text)
    assert words("Cy Sample led the project from April 2006 until April 2007") not in text


STORY = "".join(f"<p>{NOTICE[i * 90:i * 90 + 320]}</p>" for i in range(4))


@pytest.mark.parametrize("lines", [
    # hostile: a story's datelines under its headline, as many as a header holds
    ["Published 12 May 2024", "Updated 13 May 2024"],
    ["The story was first filed on 12 May 2024.", "It was corrected on 13 May 2024.",
     "It was last reviewed on 14 May 2024."],
    ["12 May 2024", "13 May 2024", "14 May 2024", "15 May 2024", "16 May 2024"],
])
def test_a_storys_datelines_are_still_dropped(lines: list[str]) -> None:
    # at most DATED_SENTENCES_MAX dated sentences, or dates that are no sentences
    head = "".join(f"<p>{line}</p>" for line in lines)
    page = ("<html><head><title>Council agrees budget</title></head><body><article>"
            f"<h1>Council agrees budget</h1>{head}{STORY}</article></body></html>")
    text = words(extract(page, URL).text)
    assert words(NOTICE[3 * 90:3 * 90 + 200]) in text
    for line in lines:
        assert words(line) not in text, line


def _menus_then_site_map() -> str:
    menus = "".join(
        "<ul>" + "".join(f"<li><a href='/{m}/{n}.html'>Section {m}{n}</a></li>"
                         for n in range(4)) + "</ul>" for m in "abc")
    site_map = "<ul>" + "".join(
        f"<li><a href='/{m}/'>Part {m}</a><ul><li><a href='/{m}/1.html'>Page {m}1</a></li>"
        f"<li><a href='/{m}/2.html'>Page {m}2</a></li></ul></li>" for m in "defgh") + "</ul>"
    return ("<html><body><div><h1>Council agrees budget</h1>"
            "<p>Copyright © 2024 Daily Example</p>"
            f"<p>{NOTICE[:300]}</p>{menus}{site_map}</div></body></html>")


def test_menus_of_links_after_a_copyright_line_end_the_search_for_contents(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # hostile: a story's copyright line under its headline, then the site's menus (lists
    # of links, each counted) and a site map (nested, as a book's contents are): the menus
    # end the search, no title page; passing over every list (not only those of text)
    # would take the site map for the story's contents
    import lxml.html

    root = lxml.html.fromstring(_menus_then_site_map())
    title = next(root.iter("h1"))
    assert not titlepage.title_page(root, title)
    monkeypatch.setattr(titlepage, "_prose_list", lambda lst: True)
    assert titlepage.title_page(root, title)


def test_a_copyright_line_far_above_heads_no_notice(monkeypatch: pytest.MonkeyPatch) -> None:
    # hostile: a story's copyright line under its headline, a dozen paragraphs, then a
    # paragraph of terms: no notice under its copyright line (at most
    # TITLE_PAGE_MAX_CREDITS blocks before it)
    import lxml.html

    paras = "".join(f"<div><p>{NOTICE[i * 20:i * 20 + 120]}</p></div>" for i in range(13))
    root = lxml.html.fromstring(
        "<html><body><div><div><h1>Council agrees budget</h1></div>"
        f"<div><p>Copyright © 2024 Daily Example</p></div>{paras}"
        f"<div id='terms'><p>{NOTICE[:400]}</p></div></div></body></html>")
    terms = root.get_element_by_id("terms")
    assert not titlepage.copyright_before(terms)
    monkeypatch.setattr(titlepage, "TITLE_PAGE_MAX_CREDITS", 100)
    assert titlepage.copyright_before(terms)
