"""Every page whole (issue 26), SQLite's documentation again (brief 35): the site's banner
without a mark of its own, an entry written flat under its title, a page of syntax
diagrams, a release's version number, a page of people. One shape per failure seen, in
neutral class names, and beside each the hostile shape the rule must leave alone."""

from __future__ import annotations

from .test_extract_index import STORY
from .test_extract_sqlite import diagram
from .test_extract_whole import LOREM, URL, assert_kept, words

from trawl.extract import extract  # isort: skip

TAGLINE = "Small. Fast. Reliable.<br>Choose any three."
MENU = ("<ul><li><a href='../index.html'>Home</a><li><a href='../about.html'>About</a>"
        "<li><a href='../docs.html'>Documentation</a><li><a href='../download.html'>"
        "Download</a></ul>")


def site_header(home: str = "../index.html") -> str:
    """A site's banner in a plain ``div``: its logo linked home, its tagline, its menu and
    its search box; no ``<header>``, no role, no class saying what it is."""
    return (f"<div class='top'><a href='{home}'><img src='logo.gif' alt='Lib'></a>"
            f"<div class='motto'>{TAGLINE}</div><div class='menu'>{MENU}</div>"
            "<div class='find'><form action='/search'><input name='q'></form></div></div>")


# -- a site's banner, unmarked: its tagline is no text of the page -----------------------

def test_an_unmarked_banners_tagline_is_no_content() -> None:
    # SQLite's short syntax pages (a rule's name, its diagram, a line of links) kept only
    # the banner's tagline, which scored as high as the diagram and came first; every
    # other page kept it as its first line
    html = ("<html><head><title>detach-stmt</title></head><body>" + site_header()
            + "<h1>detach-stmt</h1><div class='imgs'>"
            + diagram("DETACH", "DATABASE", "schema-name")
            + "<br>Used by:&nbsp;&nbsp; <a href='./sql-stmt.html'>sql-stmt</a></div>"
            "</body></html>")
    e = extract(html, URL)
    assert_kept(e.full_text, "detach-stmt", "DETACH DATABASE schema-name", "Used by: sql-stmt")
    assert "choose any three" not in words(e.full_text)


def test_a_storys_site_banner_tagline_goes_too() -> None:
    # the same banner over a story: its tagline is chrome there too
    html = ("<html><head><title>The council votes</title></head><body>"
            + site_header("/") + f"<h1>The council votes</h1><div class='story'>{STORY}</div>"
            "</body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "Paragraph 0 of the story", "Paragraph 5 of the story")
    assert "choose any three" not in words(e.text)


def test_a_page_written_in_one_block_under_the_logo_is_no_banner() -> None:
    # hostile: a page written in one block that opens with the site's logo and menu, then
    # its title and its text: that block is the text's, not a banner (``_says_nothing``)
    html = ("<html><head><title>The council votes</title></head><body><div class='page'>"
            "<a href='/'><img src='logo.gif' alt='Lib'></a>" + MENU
            + f"<h1>The council votes</h1>{STORY}</div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "Paragraph 0 of the story", "Paragraph 5 of the story")


# -- an entry written flat under its title: all its blocks ---------------------------------

def api_entry() -> str:
    """A C API page: the banner, then in the body the entry's title block (the name of
    the reference it is in, a heading in a link up to it, and the title), its declaration
    (a listing of constants), a paragraph and the reference's "See also" line."""
    defines = "".join(f"#define LIB_CHECKPOINT_MODE_{i}  {i}  /* mode {i} of the call */\n"
                      for i in range(4))
    return ("<html><head><title>Checkpoint Mode Values</title></head><body>" + site_header()
            + "<div class='head'><a href='intro.html'><h2>C Interface</h2></a>"
            "<h2>Checkpoint Mode Values</h2></div>"
            f"<blockquote><pre>{defines}</pre></blockquote>"
            "<p>These constants define the valid values for the checkpoint mode passed as "
            "the third parameter to the <a href='wal.html'>lib_wal_checkpoint()</a> "
            "interface.</p><p>See also lists of\n <a href='objlist.html'>Objects</a>,\n"
            " <a href='constlist.html'>Constants</a>, and\n"
            " <a href='funclist.html'>Functions</a>.</p></body></html>")


def test_an_entry_written_flat_under_its_title_is_whole() -> None:
    # SQLite's C API and release pages, once their banner is gone: the title, then the
    # entry's blocks straight in the body; the declaration was taken with the paragraph
    # beside it, and the "See also" sentence was lost
    e = extract(api_entry(), URL)
    assert_kept(e.full_text, "Checkpoint Mode Values", "LIB_CHECKPOINT_MODE_3",
                "These constants define the valid values",
                "See also lists of Objects, Constants, and Functions.")


def test_other_stories_teasers_below_a_story_make_no_entry() -> None:
    # hostile: a story under its title, then, flat in the body, a block of other stories'
    # teasers (a linked headline and its summary each): no text of the story's
    teasers = "".join(f"<div><h3><a href='/news/{i}.html'>Council delays park number {i}"
                      f"</a></h3><p>The vote on the park was put off again, and the "
                      f"council will meet next month to talk it over.</p></div>"
                      for i in range(3))
    html = ("<html><head><title>The council votes</title></head><body>" + site_header("/")
            + f"<h1>The council votes</h1><div class='story'>{STORY}</div>"
            f"<div class='more'>{teasers}</div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "Paragraph 5 of the story")
    assert "council delays" not in words(e.text)


# -- a page of figures, each with its lines of cross-references ----------------------------

LONG = ("WITH", "RECURSIVE", "common-table-expression", ",", "SELECT", "DISTINCT",
        "result-column", "ALL", "FROM", "table-or-subquery", "join-clause", "WHERE", "expr",
        "GROUP", "BY", "HAVING", "window-name", "AS", "window-defn", "ORDER", "LIMIT")
USERS = ("sql-stmt", "create-trigger-stmt", "compound-select-stmt", "factored-select-stmt",
         "simple-select-stmt", "update-stmt-limited", "delete-stmt-limited")
SHORT = (("commit-stmt", ("COMMIT", "END", "TRANSACTION")),
         ("filter-clause", ("FILTER", "(", "WHERE", "expr", ")")),
         ("release-stmt", ("RELEASE", "SAVEPOINT", "savepoint-name")),
         ("detach-stmt", ("DETACH", "DATABASE", "schema-name")),
         ("vacuum-stmt", ("VACUUM", "schema-name", "INTO", "filename")),
         ("analyze-stmt", ("ANALYZE", "schema-name", ".", "index-name")))
RULES = (*((f"rule-{i}", LONG[i:], USERS[:3]) for i in range(8)),
         *((name, labels, USERS * 2) for name, labels in SHORT))


def svg(*labels: str) -> str:
    """A diagram's drawing alone (``diagram``'s, without its wrapper)."""
    return diagram(*labels).removeprefix("<div class='img'>").removesuffix("</div>")


def test_a_page_of_figures_keeps_each_with_its_reference_lines() -> None:
    # SQLite's syntaxdiagrams.html: every rule's diagram and its "Used by: / References:
    # / See also:" lines, in one container each; the short diagrams' containers, more
    # link than label, were pruned as blocks of links (57 % kept)
    figures = "".join(
        f"<a name='{name}'></a><h4>{name}:</h4><div class='imgs'><div style='max-width:9px'>"
        + svg(*labels) + "</div><br>\nUsed by:&nbsp;&nbsp; "
        + "&nbsp;&nbsp; ".join(f"<a href='#{rule}'>{rule}</a>" for rule in users) + "<br>\n"
        "References:&nbsp;&nbsp; <a href='#expr'>expr</a>&nbsp;&nbsp; "
        "<a href='#qualified-table-name'>qualified-table-name</a><br>\n"
        f"See also:&nbsp;&nbsp; <a href='lang_{i}.html'>lang_{i}.html</a></div>"
        for i, (name, labels, users) in enumerate(RULES))
    html = ("<html><head><title>Syntax Diagrams</title></head><body>" + site_header()
            + f"<h1>Syntax Diagrams</h1>{figures}</body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "COMMIT END TRANSACTION", "FILTER ( WHERE expr )",
                "DETACH DATABASE schema-name",
                *(f"See also: lang_{i}.html" for i in range(len(RULES))))


def test_a_storys_figure_beside_headlines_is_no_figure_with_references() -> None:
    # hostile: a story's chart in a container with lines of other stories' headlines
    # under labels: the lines are links of many words each, no names, and go
    html = ("<html><head><title>The council votes</title></head><body>"
            f"<h1>The council votes</h1>{STORY}<div class='imgs'><div>"
            + diagram("Parks", "Roads", "Schools", "Housing")
            + "</div><br>Related:&nbsp; <a href='/news/2.html'>Council delays the park</a>"
            "&nbsp; <a href='/news/3.html'>Mayor answers the critics</a><br>"
            "More:&nbsp; <a href='/news/4.html'>Rates rise again this spring</a></div>"
            f"<p>{LOREM}</p></body></html>")
    e = extract(html, URL)
    got = words(e.text)
    assert_kept(e.text, "Paragraph 5 of the story")
    for gone in ("council delays", "mayor answers", "rates rise"):
        assert gone not in got, gone


# -- a version number is no time -------------------------------------------------------------

def test_a_releases_line_with_its_version_is_no_dateline() -> None:
    # SQLite's releaselog/3_6_16_1.html: its only change, "A small patch to version 3.6.16
    # to fix the OP_If bug.", was taken for the page's dateline ("6.16" for a time)
    html = ("<html><head><title>Release 3.6.16.1</title></head><body>" + site_header()
            + "<h2>Release 3.6.16.1 On 2009-10-30</h2><ol><li>A small patch to version "
            "3.6.16 to fix <a href='http://example.org/6b00e0'>the OP_If bug</a>.</ol>"
            f"<p>{LOREM} A <a href='../changes.html'>list of releases</a> is there too.</p>"
            "</body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "A small patch to version 3.6.16 to fix the OP_If bug.")


def test_a_time_written_with_a_dot_is_still_a_dateline() -> None:
    # hostile: a story's dateline giving its time with a dot, under its headline
    html = ("<html><head><title>The council votes</title></head><body><div class='story'>"
            f"<h1>The council votes</h1><p>Today at 10.30</p>{STORY}</div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "Paragraph 5 of the story")
    assert "10 30" not in words(e.text)


# -- a page of people: each entry reads as a bio, and together they are the page ------------

def person(name: str, text: str) -> str:
    return (f"<img src='{name[:3]}.jpg' align='left'><p><b>{name}</b> {text}</p>"
            "<br clear='both'><hr>")


def test_a_page_of_peoples_entries_keeps_each() -> None:
    # SQLite's crew.html: three developers, each a photo, a bold name and a paragraph; the
    # second ("Dan Kennedy is an Australian ...") was dropped as a trailing bio (65 %)
    html = ("<html><head><title>Developers</title></head><body>" + site_header()
            + "<div class='fancy'><div class='title'>The Developers</div>"
            + person("Ann Hill", "began the project in 2000 and continues to serve as its "
                     "architect. She was born and works in Charlotte, and holds degrees "
                     "from two universities, in engineering and computer science.")
            + person("Dan Kerr", "is an Australian currently based in South-East Asia. He "
                     "holds a degree in system engineering and has worked in a variety of "
                     "fields, including industrial automation.")
            + person("Joe Mist", "(pronounced as written) is a software engineer and one "
                     "of the maintainers of a scripting language, in the industry since "
                     "1994 and the author of its bridge component.")
            + "</div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "began the project in 2000", "is an Australian currently based",
                "is a software engineer")


def test_a_storys_trailing_bio_still_goes_after_a_bold_dateline() -> None:
    # hostile: a story whose first paragraph a bold dateline leads, then its paragraphs,
    # then its author's bio (a photo, a bold name): the paragraphs between are led by no
    # bold name, so the bio is no entry among people's
    html = ("<html><head><title>The council votes</title></head><body><div class='story'>"
            f"<h1>The council votes</h1><p><b>SPRINGFIELD</b> — {LOREM}</p>{STORY}"
            "<img src='jd.jpg'><p><b>Jane Doe</b> is a reporter covering the city hall "
            "and its budget for the paper since 2015.</p></div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "Paragraph 5 of the story")
    assert "covering the city hall" not in words(e.text)
