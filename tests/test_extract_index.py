"""Every page whole (issue 26, part 3): index pages and header-file pages of a generated API
reference (Doxygen), a page's footnotes (Sphinx), a reference's header lines (Javadoc). One
page shape per failure seen, in neutral class names; and the hostile shape beside each:
what the rule must not keep on an article."""

from __future__ import annotations

import lxml.html

from trawl.extract import extract
from trawl.extract._select import _br_runs
from trawl.extract._urls import as_fragments

from .test_extract_whole import LOREM, URL, assert_kept

STORY = "".join(f"<p>Paragraph {i} of the story, with a clause, and more. {LOREM}</p>"
                for i in range(6))
"""A story's six paragraphs (the article beside each hostile shape)."""


def banner(body: str) -> str:
    """A generated reference page: the project's name in a title bar, the body, a footer."""
    return ("<html><head><title>proj: Members</title></head><body><div id='top'>"
            "<div id='titlearea'><table><tr><td><div id='projectname'>proj "
            "<span>2.0.8</span></div></td></tr></table></div></div>"
            f"{body}<hr class='footer'/><address class='footer'><small>Generated on Sun "
            "Oct 9 2022 for proj by <a href='https://gen.example.org/'>gen</a> 1.9"
            "</small></address></body></html>")


def member_index(n: int) -> str:
    """An index of members, one letter: each item a member's name, then a link to where it
    is documented ("join() : proj::thread::Worker")."""
    items = "".join(f"<li>member_{i}()&#160;:&#160;<a class='el' href='class{i}.html'>"
                    f"proj::thread::Worker{i}</a></li>" for i in range(n))
    return banner(f"<div class='contents'>&#160;<h3><a id='index_j'></a>- j -</h3>"
                  f"<ul>{items}</ul></div>")


def test_an_index_of_one_member_is_the_page() -> None:
    # the page's only text besides its title bar is one item of an index: pruned as a
    # list of links, the title bar ("proj 2.0.8") was all the page kept
    e = extract(member_index(1), URL)
    assert_kept(e.text, "member_0() : proj::thread::Worker0")


def test_an_index_of_many_members_is_kept_whole() -> None:
    # an index of two letters under its introduction: the letter whose items are mostly
    # their links ("NOATOM : windowsh-inc.h") was pruned as a list of links
    intro = "<p>Here is a list of all file members with links to the files they belong to:</p>"
    terms = "".join(f"<li>a_member_with_a_long_name_{i}&#160;:&#160;<a href='f.html'>f.h</a>"
                    "</li>" for i in range(30))
    linked = "".join(f"<li>NO{i}&#160;:&#160;<a href='w.html'>windowsh-inc.h</a></li>"
                     for i in range(30))
    html = banner(f"<div class='contents'>{intro}<h3>- a -</h3><ul>{terms}</ul>"
                  f"<h3>- n -</h3><ul>{linked}</ul></div>")
    e = extract(html, URL)
    assert_kept(e.text, "list of all file members", "a_member_with_a_long_name_29 : f.h",
                *[f"NO{i} : windowsh-inc.h" for i in range(30)])


def test_a_list_of_links_after_a_story_is_still_dropped() -> None:
    # hostile shape: a list of links (nothing of its own before its links) after a story
    # is no index: it goes, as before
    links = "".join(f"<li><a href='/s{i}.html'>Another story, number {i}, elsewhere</a></li>"
                    for i in range(8))
    html = ("<html><head><title>Story</title></head><body><div class='post'>"
            f"{STORY}<ul>{links}</ul></div></body></html>")
    e = extract(html, "https://news.example.org/story.html")
    assert_kept(e.text, "Paragraph 0 of the story", "Paragraph 5 of the story")
    assert "Another story" not in e.text


def header_file_page() -> str:
    """A header file's reference: its #include lines (a line each, <br>-separated, each in
    <code>), its graph of includes, a link to its source, then tables of the classes,
    namespaces and functions it declares (a row each, and a separator row)."""
    names = ("config.hxx", "stdexcept", "thread/sync.h", "mutex", "thread",
             "condition_variable", "thread/impl/sync-cxx11.h")
    includes = "".join(f"<code>#include &lt;<a class='el' href='h{i}.html'>projectlib/{n}</a>&gt;"
                       "</code><br />" for i, n in enumerate(names))
    sep = "<tr class='separator'><td class='memSeparator' colspan='2'>&#160;</td></tr>"

    def table(heading: str, rows: list[tuple[str, str]]) -> str:
        return ("<table class='memberdecls'><tr class='heading'><td colspan='2'><h2 "
                f"class='groupheader'>{heading}</h2></td></tr>" + "".join(
                    f"<tr class='memitem'><td class='left'>{left}&#160;</td>"
                    f"<td class='right'>{right}</td></tr>{sep}" for left, right in rows)
                + "</table>")
    return banner(
        "<div class='header'><div class='summary'><a href='#c'>Classes</a> | <a href='#n'>"
        "Namespaces</a> | <a href='#f'>Functions</a></div><div class='headertitle'><div "
        "class='title'>sync-impl.h File Reference</div></div></div><div class='contents'>"
        f"<div class='textblock'>{includes}</div><div class='textblock'><div "
        "class='dynheader'>Include dependency graph for sync-impl.h:</div><div><iframe "
        "src='incl.svg'><p><b>This browser is not able to show SVG: try Firefox, Chrome, "
        "Safari, or Opera instead.</b></p></iframe></div></div>"
        "<p><a href='source.html'>Go to the source code of this file.</a></p>"
        + table("Classes", [("class", "<a class='el' href='c.html'>proj::thread::impl::"
                                      "SharedMutex</a>")])
        + table("Namespaces", [("namespace", f"<a class='el' href='n{i}.html'>{n}</a>")
                               for i, n in enumerate(("proj", "proj::thread",
                                                      "proj::thread::impl"))])
        + table("Functions", [("<a class='el' href='w.html'>PROJ_EXPORT</a> void <a "
                               "class='el' href='c.html'>PROJ_NORETURN</a>",
                               "<a class='el' href='n.html#a'>proj::thread::impl::sync_throw"
                               "</a> (char const *const msg, char const *const file, "
                               "int line)")])
        + "</div>")


def test_a_header_files_include_lines_do_not_stand_for_its_page() -> None:
    # the #include lines, <br>-separated, scored as eight paragraphs and were chosen alone:
    # a listing of code a line each is one block, as a <pre> is
    e = extract(header_file_page(), URL)
    assert_kept(e.text, "#include <projectlib/thread/impl/sync-cxx11.h>", "Classes",
                "class proj::thread::impl::SharedMutex", "namespace proj::thread::impl",
                "Functions", "sync_throw (char const *const msg, char const *const file")


def test_prose_in_br_separated_runs_still_counts_as_paragraphs() -> None:
    # hostile shape: runs of prose (a story without <p>, a poem), even with code in them,
    # are as many paragraphs as before; only runs that are all code are one listing
    def runs(html: str) -> int:
        return _br_runs(lxml.html.fragment_fromstring(html, create_parent="div"))

    prose = "<br><br>".join(f"Run {i} of the story, with a clause. {LOREM}" for i in range(6))
    assert runs(prose) == 6
    assert runs("<br><br>".join(f"Call <code>run_{i}()</code> once, then wait."
                                for i in range(4))) == 4
    assert runs("<br>".join(f"<code>#include &lt;part{i}.h&gt;</code>" for i in range(8))) == 1


def footnoted(notes_role: str) -> str:
    """A documentation page whose text refers to a footnote, set after it in an <aside>
    (docutils: an aside of notes, each an aside with ``role=note``)."""
    return ("<html><head><title>Entities</title></head><body><div class='document'><div "
            "class='body' role='main'><section><h1>Entities</h1>"
            f"<p>A dictionary that maps named references <a role='doc-noteref' href='#n1'>[1]"
            f"</a> to their characters. {LOREM}</p><p>Another paragraph, with a clause. "
            f"{LOREM}</p><p class='rubric'>Footnotes</p><aside class='footnote-list'>"
            f"<aside class='footnote' id='n1' role='{notes_role}'><span>[1]</span><p>See the "
            "list of named references in the specification of the language.</p></aside>"
            "</aside></section></div></div><div class='sidebar' role='navigation'><a "
            "href='/'>Home</a></div></body></html>")


def test_a_footnote_in_an_aside_is_the_texts() -> None:
    # the footnote, an <aside>, was dropped as a sidebar: its role says it is a note
    for role in ("note", "doc-footnote"):
        e = extract(footnoted(role), URL)
        assert_kept(e.text, "A dictionary that maps named references",
                    "See the list of named references in the specification")


def test_an_aside_beside_a_story_is_still_a_sidebar() -> None:
    # hostile shape: an <aside> of other stories (no note role, nor notes in it) goes
    html = ("<html><head><title>Story</title></head><body><article><h1>Story</h1>"
            f"{STORY}<aside class='more'><h3>More stories</h3><p>Another story, told "
            "elsewhere, in a line or two of text.</p></aside></article></body></html>")
    e = extract(html, "https://news.example.org/story.html")
    assert_kept(e.text, "Paragraph 0 of the story", "Paragraph 5 of the story")
    assert "Another story" not in e.text


def annotation_page(after: str = "") -> str:
    """A short reference page: in its main landmark, a header (the package, a link, and
    the type's name) and the declaration; ``after`` follows in the landmark."""
    return ("<html><head><title>Nonnull (proj 1.2 API)</title></head><body><nav><a "
            "href='/'>Overview</a> <a href='/tree'>Tree</a></nav><main role='main'><div "
            "class='header'><div class='subTitle'><span>Package</span>&nbsp;<a "
            "href='package-summary.html'>org.example.internal</a></div><h2 class='title'>"
            "Annotation Type Nonnull</h2></div><div class='contentContainer'><div "
            "class='description'><ul><li><hr><pre>@Documented\n@Retention(CLASS)\npublic "
            "@interface Nonnull</pre></li></ul></div></div>" + after + "</main></body></html>")


def test_a_references_header_lines_are_kept_with_its_declaration() -> None:
    # the headline was taken from the header above the declaration, and its other line
    # ("Package org.example.internal": a label and a link) was lost
    e = extract(annotation_page(), URL)
    assert e.headline == "Annotation Type Nonnull"
    assert_kept(e.text, "Package org.example.internal", "public @interface Nonnull")


def test_a_header_above_a_story_in_a_landmark_with_more_is_not_taken() -> None:
    # hostile shape: the landmark also holds other blocks (a list of other stories): the
    # header's link line stays out, as before
    more = ("<div class='more'><p>Another story, told elsewhere, in a line or two of text, "
            "with a clause.</p><p>A third story, told elsewhere, in a line or two.</p></div>")
    e = extract(annotation_page(more), URL)
    assert_kept(e.text, "public @interface Nonnull")
    assert "org.example.internal" not in e.text


def test_a_tables_heading_row_over_its_rows_is_no_dangling_heading() -> None:
    # a header file's last table ("Macros" over a row "#define PROJ_ONCE") was dropped as
    # a heading at the end with almost no text after it
    e = extract(header_file_page().replace(
        "</div><hr class='footer'/>",
        "<table class='memberdecls'><tr class='heading'><td colspan='2'><h2>Macros</h2>"
        "</td></tr><tr><td>#define&#160;</td><td><a href='m.html'>PROJ_ONCE</a></td></tr>"
        "</table></div><hr class='footer'/>", 1), URL)
    assert_kept(e.text, "Macros #define PROJ_ONCE")


def test_a_heading_at_the_end_with_a_count_is_still_dropped() -> None:
    # hostile shape: a "Comments" heading whose block is gone, a count after it
    html = ("<html><head><title>Story</title></head><body><article><h1>Story</h1>"
            f"{STORY}<h3>Comments</h3><p>3 comments</p></article></body></html>")
    e = extract(html, "https://news.example.org/story.html")
    assert_kept(e.text, "Paragraph 5 of the story")
    assert "Comments" not in e.text


def source_page() -> str:
    """A source file's page: a code listing in divs, a line each, its first lines the
    file's comment (module, date, author, copyright)."""
    head = ["// -*- C++ -*-", "// Module:  Proj", "// File:    part.h",
            "// Created: 6/2003", "// Author:  Jane Q. Writer", "//",
            "// Copyright 2003-2017 Jane Q. Writer", "//"]
    code = [f"int part_{i}(int n) {{ return n + {i}; }}" for i in range(12)]
    lines = "".join(f"<div class='line'><span class='lineno'>{i + 1}</span><span "
                    f"class='comment'>{text}</span></div>"
                    for i, text in enumerate(head + code))
    return banner("<div class='header'><div class='headertitle'><div class='title'>part.h"
                  "</div></div></div><div class='contents'><a href='part_8h.html'>Go to the "
                  f"documentation of this file.</a><div class='fragment'>{lines}</div></div>")


def test_a_code_listings_first_lines_are_no_byline_or_dateline() -> None:
    # "// Created: 6/2003" and "// Author: ..." at the top of a listing were dropped as a
    # dateline and a byline
    e = extract(source_page(), URL)
    assert_kept(e.text, "// Created: 6/2003", "// Author: Jane Q. Writer",
                "// Copyright 2003-2017 Jane Q. Writer", "int part_11(int n)")


def test_a_byline_and_date_above_a_story_still_go() -> None:
    # hostile shape: a story's byline and dateline at its top, a line each, go as before
    html = ("<html><head><title>Story</title></head><body><article><h1>Story</h1>"
            "<div class='byline'>By Jane Q. Writer</div><div class='date'>June 3, 2019</div>"
            f"{STORY}</article></body></html>")
    e = extract(html, "https://news.example.org/story.html")
    assert_kept(e.text, "Paragraph 0 of the story")
    assert "Jane Q. Writer" not in e.text and "June 3, 2019" not in e.text


def member_docs(linked: str) -> str:
    """A class's member documentation: entries alike (a declaration and what it says), the
    first a typedef whose few words are ``linked``."""
    def entry(decl: str, doc: str) -> str:
        return (f"<div class='memitem'><div class='memproto'><table class='memname'><tr><td "
                f"class='memname'>{decl}</td></tr></table></div><div class='memdoc'><p>{doc}"
                "</p></div></div>")
    return banner(
        "<div class='header'><div class='headertitle'><div class='title'>proj::Factory Class "
        "Reference</div></div></div><div class='contents'><h2>Member Typedef Documentation"
        "</h2>" + entry(linked, "Definition at line <a href='f.html#l86'>86</a> of file <a "
                                "href='f.html'>factory.h</a>.")
        + "".join(entry(f"virtual void proj::Factory::make_{i} (int n, char const *name)",
                        f"Makes the product number {i} of the factory. {LOREM}")
                  for i in range(3)) + "</div>")


def test_an_entry_among_entries_alike_is_judged_with_them() -> None:
    # a typedef's entry, its declaration two links ("typedef <a>Layout</a> <a>...</a>"),
    # was pruned as a block of links among its sibling entries, which are kept
    e = extract(member_docs("typedef <a href='layout.html'>Layout</a> <a href='factory.html"
                            "#a3'>projectlib::spi::LayoutFactory::ProductType</a>"), URL)
    assert_kept(e.text, "typedef Layout projectlib::spi::LayoutFactory::ProductType",
                "Definition at line 86 of file factory.h", "Makes the product number 2")


def test_cards_of_links_alike_are_still_dropped() -> None:
    # hostile shape: after a story, cards alike that are all links (other stories) go
    cards = "".join(f"<div class='card'><div class='t'><a href='/s{i}.html'>Another story, "
                    f"number {i}</a></div><div class='s'><a href='/c{i}'>World</a></div></div>"
                    for i in range(4))
    html = ("<html><head><title>Story</title></head><body><div class='post'><h1>Story</h1>"
            f"{STORY}<div class='more'>{cards}</div></div></body></html>")
    e = extract(html, "https://news.example.org/story.html")
    assert_kept(e.text, "Paragraph 0 of the story", "Paragraph 5 of the story")
    assert "Another story" not in e.text


def test_a_link_that_is_a_statement_beside_the_content_is_kept() -> None:
    # a header file's page that is its graph's caption and "Go to the source code of this
    # file.": the statement, a link, was left out of the content beside it
    html = banner("<div class='header'><div class='headertitle'><div class='title'>config.h "
                  "File Reference</div></div></div><div class='contents'><div "
                  "class='textblock'><div class='dynheader'>This graph shows which files "
                  "directly or indirectly include this file:</div><div><iframe src='g.svg'>"
                  "</iframe></div></div><p><a href='config_source.html'>Go to the source "
                  "code of this file.</a></p></div>")
    e = extract(html, URL)
    assert_kept(e.text, "This graph shows which files directly or indirectly include",
                "Go to the source code of this file.")


def test_a_promotions_link_beside_a_story_is_still_left_out() -> None:
    # hostile shape: a link paragraph beside the story that is a promotion's, not a
    # statement ("Sign up: ..."), and a linked question (another story's headline)
    html = ("<html><head><title>Story</title></head><body><div class='page'><div "
            f"class='story'>{STORY}</div><p><a href='/nl'>Sign up: the news in your inbox "
            "every morning.</a></p><p><a href='/q'>Who will win the cup this year?</a></p>"
            "</div></body></html>")
    e = extract(html, "https://news.example.org/story.html")
    assert_kept(e.text, "Paragraph 0 of the story", "Paragraph 5 of the story")
    assert "Sign up" not in e.text and "Who will win" not in e.text


def term_block_index(terms: list[str]) -> str:
    """An index whose items set their term apart, in a paragraph of its own, over a list of
    the pages where it is said (``<li><p>term</p><div><ul><li><p><a>``)."""
    items = "".join(
        f"<li><p><span>{t}</span></p><div><ul>"
        + "".join(f"<li><p><a href='../{t}{j}.html'>Class template {t} number {j}</a></p></li>"
                  for j in range(3))
        + "</ul></div></li>" for t in terms)
    return f"<ul>{items}</ul>"


def test_an_index_setting_its_terms_apart_is_kept_beside_the_reference() -> None:
    # a library's "Indexes and Reference" page: an index of its classes and functions, a
    # letter each, then the reference of its headers; the index's lists (a term over the
    # links to where it is said) were pruned as lists of links: half the page was lost
    letters = "".join(f"<dt>{c.upper()}</dt><dd>{term_block_index([f'{c}_one', f'{c}_two', 'p'])}"
                      "</dd>" for c in "abc")
    reference = "".join(
        f"<div><h4>Header &lt;lib/h{i}.hpp&gt;</h4><p>Describes the {i}th pool of the "
        f"library, and how it grows.</p><pre>namespace lib {{ class pool_{i}; }}</pre></div>"
        for i in range(12))
    html = ("<html><head><title>Indexes and Reference</title></head><body>"
            "<div class='nav'><a href='p.html'>Prev</a> <a href='n.html'>Next</a></div>"
            f"<div><h2>Indexes and Reference</h2><div><h3>Class Index</h3><dl>{letters}</dl>"
            f"</div><div><h3>Header Reference</h3>{reference}</div></div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "Describes the 0th pool", "Describes the 11th pool",
                "a_one", "Class template a_one number 2", "Class template c_two number 0",
                "Class template p number 1")


def test_link_lists_under_labels_are_no_index() -> None:
    # hostile shape: after a story, lists of links under labels set apart as an index's
    # terms are ("Popular", "Latest"), not in an index's alphabetical order: they go
    labels = term_block_index(["Popular", "Latest", "Events"])
    html = ("<html><head><title>Story</title></head><body><div class='post'>"
            f"{STORY}{labels}</div></body></html>")
    e = extract(html, "https://news.example.org/story.html")
    assert_kept(e.text, "Paragraph 0 of the story", "Paragraph 5 of the story")
    assert "Class template" not in e.text


def test_an_index_pages_title_linking_to_itself_is_its_title() -> None:
    # DocBook XSL (Boost's) links a section's title to its own page ("<h2><a
    # href='page.html'>Indexes</a></h2>" on page.html); over a table of contents and an
    # index, the title read as a heading of links leading elsewhere, and went
    letters = "".join(f"<dt>{c.upper()}</dt><dd>{term_block_index([f'{c}_one', f'{c}_two'])}"
                      "</dd>" for c in "abcdef")
    html = ("<html><head><title>Indexes</title></head><body>"
            "<div class='nav'><a href='p.html'>Prev</a> <a href='n.html'>Next</a></div>"
            "<div class='section'><div class='titlepage'><div><div><h2 class='title'>"
            "<a name='lib.index'></a><a href='page.html'>Indexes</a></h2></div></div></div>"
            "<div class='toc'><dl><dt><a href='page.html#ci'>Class Index</a></dt>"
            "<dt><a href='page.html#fi'>Function Index</a></dt></dl></div>"
            f"<div class='section'><h3><a name='ci'></a>Class Index</h3><dl>{letters}</dl>"
            "</div></div></body></html>")
    e = extract(html, URL)
    assert e.markdown.startswith("# Indexes\n")
    assert_kept(e.text, "Class template f_two number 2")


def test_only_links_to_the_page_itself_read_as_its_places() -> None:
    # hostile shapes: a page of the same name in another folder, the same page with a
    # query (another view of it), a name ending as the page's: ways elsewhere, as written
    hrefs = ("page.html", "page.html#x", "./page.html#y", "/ref/page.html",
             "../other/page.html", "page.html?lang=fr", "mypage.html", "#z", "")
    root = lxml.html.fromstring("<div>" + "".join(f"<a href='{h}'>{i}</a>"
                                                  for i, h in enumerate(hrefs)) + "</div>")
    as_fragments(root, URL)
    assert [a.get("href") for a in root.iter("a")] == \
        ["#", "#x", "#y", "#", "../other/page.html", "page.html?lang=fr", "mypage.html",
         "#z", ""]
