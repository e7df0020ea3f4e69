"""Every page whole (issue 26, brief 95): shapes of generators first measured in brief 95
(YARD, mandoc, Tcl's HTML reference, Pandoc). One page shape per failure seen, and the
hostile shape beside each: the chrome of a similar shape the rule must still drop."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept, page, words

STORY_TEXT = ("Paragraph 0 of the story, with a clause", "Paragraph 5 of the story, with a clause")
METHODS = ("parse", "tokenize", "register", "validate")


def yard_entry(name: str) -> str:
    """A method's entry as YARD writes it: its signature heading, its description, then its
    doc comment's block tags in a ``div.tags`` (labels over lists)."""
    return (f"<div class='method_details'><h3 class='signature' id='{name}-instance_method'>"
            f"#<strong>{name}</strong>(content, ptype = nil) &#8658; Object</h3>"
            f"<div class='docstring'><div class='discussion'><p>The {name} method reads the "
            f"content it is given. {LOREM}</p></div></div>"
            "<div class='tags'><p class='tag_title'>Parameters:</p><ul class='param'>"
            f"<li><span class='name'>content</span> <span class='type'>(<tt>String</tt>)"
            f"</span> &mdash; <div class='inline'><p>the text the {name} step reads from "
            "its source</p></div></li><li><span class='name'>ptype</span> <span "
            "class='type'>(<tt>Symbol</tt>)</span> &mdash; <div class='inline'><p>the kind "
            f"of parser {name} asks for</p></div></li></ul>"
            "<p class='tag_title'>Returns:</p><ul class='return'><li><span class='type'>"
            f"(<tt>Object</tt>)</span> &mdash; <div class='inline'><p>what {name} made of "
            "the content</p></div></li></ul>"
            "<p class='tag_title'>Since:</p><ul class='since'><li><div class='inline'>"
            "<p>0.9.4</p></div></li></ul>"
            "<p class='tag_title'>See Also:</p><ul class='see'><li><a href='Base.html' "
            "title='Base (class)'>Base</a></li></ul></div></div>")


def test_a_doc_comments_block_tags_are_the_entrys() -> None:
    # YARD's ``div.tags`` under each method: "tags" read as a post's tags, and every
    # entry's parameters, return value and "Since" went (84 pages under 80 %)
    body = "<h1>Class: SourceParser</h1>" + "".join(yard_entry(m) for m in METHODS)
    e = extract(page(body, "Class: SourceParser"), URL)
    assert_kept(e.text, *(f"the text the {m} step reads from its source" for m in METHODS),
                *(f"what {m} made of the content" for m in METHODS), "Parameters", "0.9.4")


def test_block_tags_opening_with_an_examples_block_are_the_entrys() -> None:
    # YARD sets a method's examples first, in a block of their own (``div.examples`` over
    # its "Examples:" label), then the other tags' labels
    def entry(name: str) -> str:
        return yard_entry(name).replace(
            "<div class='tags'>",
            "<div class='tags'><div class='examples'><p class='tag_title'>Examples:</p>"
            f"<p class='example_title'>Calling {name} on a file</p><pre class='example code'>"
            f"<code>parser.{name}(File.read('a.rb'))</code></pre></div>")
    body = "<h1>Class: SourceParser</h1>" + "".join(entry(m) for m in METHODS)
    e = extract(page(body, "Class: SourceParser"), URL)
    assert_kept(e.text, *(f"Calling {m} on a file" for m in METHODS),
                *(f"the text the {m} step reads from its source" for m in METHODS))


def test_a_posts_tags_still_go() -> None:
    # hostile: a post's tags, unlinked, under their own label ("Tags:"), no block tag's
    tags = ("<div class='tags'><p class='tag_title'>Tags:</p><p>travel, rome, food, summer "
            "holidays, italy</p></div>")
    e = extract(f"<html><body><article><h1>My trip</h1>{STORY}{tags}</article></body></html>",
                URL)
    assert_kept(e.text, *STORY_TEXT)
    assert "summer holidays" not in words(e.text)


def test_a_see_also_box_of_posts_in_tags_still_goes() -> None:
    # hostile: a block of tags labelled "See also:" whose links are posts' titles, words
    box = ("<div class='tags'><p>See also:</p><ul>"
           "<li><a href='/2021/05/my-trip-to-rome'>My trip to Rome in the spring</a></li>"
           "<li><a href='/2021/06/the-best-pasta'>The best pasta I ever had</a></li>"
           "<li><a href='/2021/07/summer-in-naples'>A summer in Naples with friends</a></li>"
           "</ul></div>")
    e = extract(f"<html><body><article><h1>My trip</h1>{STORY}{box}</article></body></html>",
                URL)
    assert_kept(e.text, *STORY_TEXT)
    assert "best pasta" not in words(e.text)


def man_section(name: str, body: str) -> str:
    """A manual page's section as mandoc writes it: a ``section.Sh`` opening with an
    ``h1.Sh`` whose words are its own permalink."""
    return (f"<section class='Sh'><h1 class='Sh' id='{name}'><a class='permalink' "
            f"href='#{name}'>{name}</a></h1>{body}</section>")


def test_a_man_pages_name_section_is_its_first_part() -> None:
    # mandoc's NAME section: its "NAME" heading, the page's first h1, was taken for the
    # headline and its section for the header around it, and the command's name and
    # purpose went (70 of ~320 pages under 95 %)
    options = "<dl class='Bl-tag'>" + "".join(
        f"<dt><b>--opt{i}</b></dt><dd>Option {i} sets the value. {LOREM}</dd>"
        for i in range(12)) + "</dl>"
    html = ("<html><head><title>GREP(1)</title></head><body><table class='head'><tr>"
            "<td>GREP(1)</td><td>User Commands</td><td>GREP(1)</td></tr></table>"
            "<div class='manual-text'>"
            + man_section("NAME", "<p class='Pp'>grep - print lines that match patterns</p>")
            + man_section("SYNOPSIS", "<p class='Pp'><b>grep</b> [<i>OPTION</i>...] "
                          "<i>PATTERNS</i> [<i>FILE</i>...]</p>")
            + man_section("DESCRIPTION", "<p class='Pp'>grep searches for PATTERNS in each "
                          f"FILE.</p>{options}")
            + "</div></body></html>")
    e = extract(html, URL)
    assert_kept(e.full_text, "grep - print lines that match patterns", "Option 11 sets the value")


def test_an_articles_header_section_still_goes_with_its_title() -> None:
    # hostile: an article's title in a section of its own, a share line under it, its
    # parts sections under headings of another rank: the header goes with the headline
    parts = "".join(f"<section><h2>Day {i}</h2><p>On day {i} we walked the old town. "
                    f"{LOREM}</p><p>Paragraph two of day {i}. {LOREM}</p></section>"
                    for i in range(3))
    html = ("<html><head><title>My trip to Rome</title></head><body><article>"
            "<section><h1>My trip to Rome</h1><p>Share this story with your friends</p>"
            f"</section>{parts}</article></body></html>")
    e = extract(html, "https://blog.example.com/2021/rome")
    assert_kept(e.text, "On day 0 we walked the old town", "Paragraph two of day 2")
    assert "share this story" not in words(e.full_text)


def yard_page(title: str, content: str) -> str:
    """A page of YARD's default template: the side menu's frame, the breadcrumb bar, the
    content (``div#content``), the footer."""
    return (f"<!doctype html><html><head><title>{title} &mdash; Documentation by YARD 0.9.28"
            "</title></head><body><div class='nav_wrap'><iframe id='nav' "
            "src='class_list.html?1'></iframe></div><div id='main' tabindex='-1'><div "
            "id='header'><div id='menu'><a href='_index.html'>Index (R)</a> &raquo; <span "
            f"class='title'>{title}</span></div></div><div id='content'>{content}</div>"
            "<div id='footer'>Generated by <a href='https://yardoc.org'>yard</a> 0.9.28."
            "</div></div></body></html>")


def test_a_namespaces_children_under_their_kinds_are_the_pages() -> None:
    # YARD's "Defined Under Namespace" at a module's end, "Classes: YardocTask", each name
    # linked to its page: short, it read as a dangling heading's leftover and went
    content = ("<h1>Module: YARD::Rake</h1><div class='box_info'><dl><dt>Defined in:</dt>"
               "<dd>lib/yard/rake/yardoc_task.rb</dd></dl></div><h2>Overview</h2><div "
               "class='docstring'><div class='discussion'><p>Holds Rake tasks used by YARD."
               "</p></div></div><div class='tags'></div><h2>Defined Under Namespace</h2>"
               "<p class='children'><strong class='classes'>Classes:</strong> <span "
               "class='object_link'><a href='Rake/YardocTask.html' title='YardocTask "
               "(class)'>YardocTask</a></span></p>")
    e = extract(yard_page("Module: YARD::Rake", content), URL)
    assert_kept(e.full_text, "Holds Rake tasks used by YARD", "Defined Under Namespace",
                "Classes: YardocTask")


def test_a_read_next_line_under_a_heading_still_goes() -> None:
    # hostile: a heading over a labelled line of links at a post's end, the next posts'
    # pages (their slugs, no page named as the link says)
    more = ("<h2>More</h2><p><strong>Read next:</strong> <a href='/2021/naples.html'>Naples"
            "</a>, <a href='/2021/florence.html'>Florence</a></p>")
    e = extract(f"<html><body><article><h1>My trip</h1>{STORY}{more}</article></body></html>",
                URL)
    assert_kept(e.text, *STORY_TEXT)
    assert "read next" not in words(e.text)
