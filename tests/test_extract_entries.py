"""Every page whole (issue 26): a reference section of entries, one of them far longer than
the others (Texinfo's node page: its heading, an introduction, a listing, then a ``dl`` per
function, the first holding a table of options, the others a few lines and a "See also"
line). The section is the page's text, not its longest entry with the paragraphs beside it;
and the hostile shapes beside it: a story's section followed by a list of links alike in
kind, a table of contents before more text. And a chapter's page of its introduction and
its two sections' list, which its class names a table of contents."""

from __future__ import annotations

import lxml.html
from lxml.html import HtmlElement

from trawl.extract import extract
from trawl.extract._boiler import remove_boilerplate
from trawl.extract._kept import _headed_link
from trawl.extract._sections import _in_section_text
from trawl.extract._stats import _measure, _Stats
from trawl.extract._toc import contents_list

from .test_extract_index import STORY
from .test_extract_manuals4 import SECTIONS, STORY_TEXT, section_toc, texinfo_page
from .test_extract_whole import LOREM, URL, assert_kept, words

OPTIONS = "".join(f"<dt><samp>option_{i}</samp></dt><dd><p>Fixed point format with {i} "
                  "significant figures, used when the matrix can be shown so, else the "
                  "exponential format.</p></dd>" for i in range(30))


def entry(name: str, body: str) -> str:
    """A Texinfo ``@deffn``: an empty anchor, then a ``dl`` of its own."""
    return (f"<span id='XREF{name}'></span><dl class='def'><dt id='index-{name}'>"
            f"<span class='category'>: </span><strong>{name}</strong> <em>(x)</em></dt>"
            f"<dd>{body}</dd></dl>")


SMALL = (entry("disp", "<p>Display the value of x.</p><p>Note that the output from disp "
                       "always ends with a newline.</p><p><strong>See also:</strong> "
                       "<a href='Files.html#XREFfdisp'>fdisp</a>.</p>")
         + entry("terminal_size", "<p>Query or set the size of the terminal window, in "
                                  "characters.</p><p><strong>See also:</strong> "
                                  "<a href='#XREFdisp'>disp</a>.</p>"))
BIG = entry("format", f"<p>Reset or specify the format of the output.</p>"
                      f"<dl compact='compact'>{OPTIONS}</dl>")


def node_page(after: str, entries: str = SMALL + BIG) -> str:
    return ("<html><head><title>Terminal Output</title></head><body>"
            "<div class='subsection' id='Terminal-Output'><div class='header'><p>Next: "
            "<a href='Terminal-Input.html' rel='next'>Terminal Input</a>, Up: "
            "<a href='Basic-IO.html' rel='up'>Basic Input and Output</a></p></div><hr>"
            "<span id='Terminal-Output-1'></span><h4 class='subsection'>14.1.1 Terminal "
            "Output</h4><p>Since Octave normally prints the value of an expression as soon "
            "as it has been evaluated, the simplest of all output is an expression.</p>"
            "<div class='example'><pre class='example'>pi\n     -| ans =  3.1416\n</pre></div>"
            "<p>To print the value of a variable without its name, use the function disp.</p>"
            f"{entries}{after}</div><hr></body></html>")


SECTION_TOC = ("<ul class='section-toc'><li><a href='Paging-Screen-Output.html'>Paging "
               "Screen Output</a></li></ul>")


def _section_and_entry(html: str) -> tuple[HtmlElement, HtmlElement, dict[HtmlElement, _Stats]]:
    body = lxml.html.document_fromstring(html).find("body")
    assert body is not None
    stats = _measure(body)
    remove_boilerplate(body, stats)  # (the node's navigation bar, as extraction does first)
    section = body.find(".//div[@class='subsection']")
    return section, section.findall("dl")[-1], stats


def test_a_sections_long_entry_among_its_short_entries_widens_to_the_section() -> None:
    # the long entry is most of the section: the short ones beside it (each with a "See
    # also" line of links) and the introduction with its listing are the section's too
    section, block, stats = _section_and_entry(node_page(SECTION_TOC))
    assert _in_section_text(block, section, stats, {})
    e = extract(node_page(SECTION_TOC), URL)
    assert_kept(e.text, "-| ans = 3.1416", "Display the value of x",
                "always ends with a newline", "Query or set the size of the terminal window",
                "option_29", "To print the value of a variable without its name")


def test_a_list_of_links_alike_in_kind_is_no_entry_of_the_section() -> None:
    # hostile: a story's section, its glossary (a long ``dl``), then a ``dl`` of links to
    # other stories, a line each: alike in tag, not an entry of the section
    related = ("<dl class='def'>" + "".join(
        f"<dt><a href='/story/{i}.html'>Another story about the harbour, number {i}</a></dt>"
        for i in range(8)) + "</dl>")
    section, _, stats = _section_and_entry(node_page("", BIG + related))
    block = section.findall("dl")[0]  # (the glossary; the list of links is the last)
    assert not _in_section_text(block, section, stats, {})
    e = extract(node_page("", BIG + related), URL)
    assert "Another story about the harbour" not in e.text, e.text


def test_a_table_of_contents_followed_by_more_text_is_no_part_of_the_section() -> None:
    # hostile: a list a class names "toc" with text after it is not the section's menu of
    # its subsections (``_named_contents``: it ends its section), and no entry either
    toc = ("<ul class='toc'>" + "".join(f"<li><a href='/story/{i}.html'>Other story {i}</a>"
                                        "</li>" for i in range(5)) + "</ul>")
    after = "<p>A closing paragraph of the section, after its list of other stories.</p>"
    section, block, stats = _section_and_entry(node_page(toc + after))
    assert not _in_section_text(block, section, stats, {})
    section, block, stats = _section_and_entry(node_page(toc))
    assert _in_section_text(block, section, stats, {})


def test_other_stories_cards_alike_in_kind_are_no_entries_of_the_section() -> None:
    # hostile: a section of a story in a ``div.entry``, then other stories' cards in
    # ``div.entry`` too (a headline linking elsewhere, a summary: little of it listed
    # links, yet teasers): alike in kind, not the section's entries
    story = ("<div class='entry'>" + "".join(
        f"<p>The harbour bridge will be rebuilt over three years, part {i}, the council said "
        "on Monday, after a long debate about its cost and its route.</p>" for i in range(12))
        + "</div>")
    cards = "".join(
        f"<div class='entry'><h4><a href='/story/{i}'>Other headline {i}</a></h4><p>A short "
        f"summary of that other story, number {i}, to make you click on it now.</p></div>"
        for i in range(4))
    html = ("<html><head><title>Bridge</title></head><body><div class='post'><h2>Bridge</h2>"
            f"<p>A first paragraph about the bridge and its rebuilding.</p>{story}{cards}"
            "</div></body></html>")
    body = lxml.html.document_fromstring(html).find("body")
    assert body is not None
    stats = _measure(body)
    section = body.find(".//div[@class='post']")
    assert not _in_section_text(section.find("div[@class='entry']"), section, stats, {})


INTRO = ("<p>Octave supports several ways of reading and writing data to or from the prompt "
         "or a file, from simple functions to ones modeled after the C library.</p>")


def test_a_chapters_list_of_two_sections_named_a_table_of_contents_is_kept() -> None:
    # a chapter of two sections: its introduction, then the list of them, a line each, a
    # class naming it a table of contents, ending the chapter; a list of fewer than three
    # links was judged a pager and dropped (87.5 % kept)
    e = extract(texinfo_page("Input and Output", INTRO + section_toc(SECTIONS[:2])), URL)
    assert_kept(e.text, "Octave supports several ways", *SECTIONS[:2])
    e = extract(texinfo_page("Matrix Algebra", INTRO + section_toc(SECTIONS[:1])), URL)
    assert_kept(e.text, "Octave supports several ways", SECTIONS[0])


def test_a_short_list_named_a_table_of_contents_before_more_text_still_goes() -> None:
    # hostile: the same two links, named a table of contents, after a story but with more
    # of the story after them (a site's widget of two other stories set in the text), or
    # ending the story without the name (a pager: "Next", "Previous"): dropped
    for cls, after in (("section-toc", "<p>A closing paragraph of the story, said after "
                                       "the widget, about the count and the vote.</p>"),
                       ("pager", "")):
        widget = f"<ul class='{cls}'>" + "".join(
            f"<li><a href='/news/{i}.html'>Another headline number {i}</a></li>"
            for i in range(2)) + "</ul>"
        e = extract("<html><head><title>Vote</title></head><body><article><h1>Vote</h1>"
                    f"{STORY}{widget}{after}</article></body></html>", URL)
        assert_kept(e.text, *STORY_TEXT)
        assert "another headline" not in words(e.text), cls


def class_page(group_heading: str) -> str:
    """A reference's class page (DocBook XSL, Berkeley DB's STL API): its summary, its
    members' table, a heading over the one link to its group's page, then its section."""
    return ("<html><head><title>InvalidCursorException</title></head><body><div "
            "class='chapter'><div class='titlepage'><div><div><h2 class='title'>Chapter 33. "
            "InvalidCursorException</h2></div></div></div><p>The cursor has inconsistent "
            "status, it is unable to be used any more.</p><h4>Public Members</h4><div "
            "class='informaltable'><table><tr><th>Member</th><th>Description</th></tr><tr><td>"
            "<a href='#ctor'>InvalidCursorException</a></td><td>Constructs the exception "
            "from an error code of the library.</td></tr></table></div>"
            f"<h4>{group_heading}</h4><p><a class='xref' href='Exception_classes_group.html'>"
            "Dbstl Exception Classes</a></p><p></p><div class='sect1'><div class='titlepage'>"
            "<div><div><h2 class='title' id='ctor'>InvalidCursorException</h2></div></div>"
            "</div><pre class='programlisting'>InvalidCursorException(int error_code)</pre>"
            "</div></div></body></html>")


def test_a_headings_lone_link_is_its_field() -> None:
    # a reference's field: the "Group" heading over the one link to the group's page, the
    # class's section after it; the link was pruned as a paragraph of links, its label kept
    e = extract(class_page("Group"), URL)
    assert_kept(e.text, "Group", "Dbstl Exception Classes", "unable to be used any more",
                "InvalidCursorException(int error_code)")


def test_a_promotions_heading_and_a_link_before_more_text_still_go() -> None:
    # hostile: the same link under a promotion's heading ("Related") goes; and a heading's
    # link followed by more of the heading's text is no field but a link among paragraphs,
    # judged as before (a story's "Read the report" link line between its paragraphs)
    e = extract(class_page("Related"), URL)
    assert "dbstl exception classes" not in words(e.text)
    assert_kept(e.text, "unable to be used any more", "InvalidCursorException(int error_code)")
    body = lxml.html.document_fromstring(
        "<html><body><div><h3>Group</h3><p><a href='g.html'>Dbstl Exception Classes</a></p>"
        "<p>More text under the heading, a sentence of its own.</p></div></body></html>")
    stats = _measure(body)
    p = body.find(".//p")
    assert p is not None and not _headed_link(p, stats)
    p.getparent().remove(p.getnext())
    stats = _measure(body)
    assert _headed_link(p, stats)
    heading = body.find(".//h3")
    assert heading is not None
    heading.text = "Related"
    assert not _headed_link(p, stats)


def section_page(toc_hrefs: tuple[str, str]) -> str:
    """A section's page (DocBook XSL, Berkeley DB's upgrade notes): its title, its table of
    contents (``div.toc``) of its two subsections before its text, then them."""
    entries = "".join(f"<dt><span class='sect2'><a href='{h}'>{t}</a></span></dt>" for h, t in
                      zip(toc_hrefs, ("PRAGMAs With Permanent Effects",
                                      "PRAGMAs That Can Now Operate"), strict=True))
    sections = "".join(
        f"<div class='sect2'><div class='titlepage'><div><div><h3 class='title'><a id='{i}'>"
        f"</a>{t}</h3></div></div></div><p>{LOREM}</p></div>"
        for i, t in (("idp1", "PRAGMAs With Permanent Effects"),
                     ("idp2", "PRAGMAs That Can Now Operate")))
    return ("<html><head><title>Replication for Existing Databases</title></head><body><div "
            "class='sect1'><div class='titlepage'><div><div><h2 class='title'><a "
            "id='sql_rep'></a>Replication for Existing Databases</h2></div></div></div>"
            f"<div class='toc'><dl>{entries}</dl></div><p>Replication can now be enabled on "
            f"existing SQL databases, and is now disabled permanently.</p>{sections}</div>"
            "</body></html>")


def test_a_named_list_of_a_sections_own_two_parts_before_its_text_is_its_contents() -> None:
    # a section's table of contents before its text, two entries, each a place on this
    # page: pruned as a list of links (fewer than three entries asked nothing more)
    html = section_page(("sql_rep.html#idp1", "sql_rep.html#idp2"))
    body = lxml.html.document_fromstring(html).find("body")
    assert body is not None
    assert contents_list(body.find(".//div[@class='toc']/dl"))
    text = extract(html, "https://docs.example.org/installation/sql_rep.html").text
    assert text.count("PRAGMAs With Permanent Effects") == 2, text


def test_a_named_list_of_two_other_pages_before_the_text_is_no_contents() -> None:
    # hostile: the same list, named so, before the text, going to other pages (a story's
    # list of its other pages, a widget of two other stories), or to one place here and
    # one elsewhere: not the section's own parts
    for hrefs in (("part2.html", "part3.html"), ("sql_rep.html#idp1", "other.html#intro")):
        body = lxml.html.document_fromstring(section_page(hrefs)).find("body")
        assert body is not None
        assert not contents_list(body.find(".//div[@class='toc']/dl")), hrefs


def test_a_pages_columns_of_classless_divs_are_no_entries_alike() -> None:
    # hostile (Readability's webmd pages): a page's columns, each a ``div`` without a
    # class, under the page's heading: the story's column, then one of an app's promotion
    # (short lines, no links); ``div``s of no class are of no kind, not entries alike
    story = "<div id='main'>" + "".join(
        f"<p>Paragraph {i} of the story about peanut allergies, which have been on the rise "
        "in the past decade, with little hope for a cure.</p>" for i in range(10)) + "</div>"
    promo = ("<div id='third'><p>Today on the site</p><p>The site's allergy app</p><p>Loading"
             "</p><p>This feature is temporarily unavailable. Please try again later.</p>"
             "<p>Now check your email account on your phone to download the app.</p></div>")
    html = ("<html><head><title>Peanuts</title></head><body><div id='page'><h1>Babies who eat "
            f"peanuts early may avoid allergy</h1>{story}{promo}</div></body></html>")
    body = lxml.html.document_fromstring(html).find("body")
    assert body is not None
    stats = _measure(body)
    page = body.find(".//div[@id='page']")
    assert not _in_section_text(page.find("div[@id='main']"), page, stats, {})
    assert "temporarily unavailable" not in extract(html, URL).text
