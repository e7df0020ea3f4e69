"""Every page whole (issue 26, part 6): more shapes of DocBook XSL manuals (aptitude's user
manual, Berkeley DB's documentation: bench/completeness.py's ``aptitude`` and
``berkeleydb`` sets), after tests/test_extract_manuals.py. One page shape per failure seen,
and the hostile shape beside each: what the rule must not keep on an article."""

from __future__ import annotations

import lxml.html

from trawl.extract import extract
from trawl.extract._sections import _in_section_text, _section_body, _subsection
from trawl.extract._stats import _measure, reference_table
from trawl.extract._toc import contents_list

from .test_extract_docbook import navheader
from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept, words

QUOTE = ("<div class='blockquote'><table><tr><td><p>What is your name?</p><p>I am Arthur, "
         "King of the Britons.</p><p>What is your quest?</p><p>I seek the Holy Grail!</p>"
         "</td></tr><tr><td>-- <em>Monty Python and the Holy Grail</em></td></tr></table>"
         "</div>")


def faq_page(numbers: bool = True) -> str:
    """A FAQ chapter: its title block, an epigraph, then its questions: a list of them (a
    number, then a link to the question's anchor) over a table of questions and answers."""
    toc = "".join(f"<dt>{f'3.{i}. ' if numbers else ''}<a href='ch03.html#q{i}'>How can I "
                  f"do thing {i}?</a></dt>" for i in range(3))
    rows = "".join(f"<tr class='question'><td><a id='q{i}'></a><p><strong>3.{i}.</strong></p>"
                   f"</td><td><p>How can I do thing {i}?</p></td></tr><tr class='answer'><td>"
                   f"</td><td><p>Answer {i}: use the command. {LOREM}</p></td></tr>"
                   for i in range(3))
    return ("<html><head><title>Chapter 3. Frequently asked questions</title></head><body>"
            f"{navheader('Chapter 3. Frequently asked questions')}<div class='chapter'>"
            "<div class='titlepage'><div><div><h1 class='title'>Chapter 3. Frequently asked "
            f"questions</h1></div></div></div>{QUOTE}<div class='qandaset'><dl>{toc}</dl>"
            f"<table>{rows}</table></div></div></body></html>")


def test_a_faqs_numbered_questions_its_epigraph_and_title_are_kept() -> None:
    # the questions' table stood for the page: its list of questions (numbered entries, each
    # a number then a link, were not "led by a link") and the epigraph between the title
    # block and the questions went, and the title with them (62 % kept)
    e = extract(faq_page(), URL)
    assert_kept(e.text, "I am Arthur, King of the Britons", "Monty Python and the Holy Grail",
                *[f"3.{i}. How can I do thing {i}?" for i in range(3)], "Answer 2: use the")
    assert "frequently asked questions" in words(f"{e.headline} {e.text}")


def test_numbered_entries_led_by_links_make_a_table_of_contents() -> None:
    # "3.1. <a>question</a>": the number before each link is the entry's, the list the
    # page's own questions (each an anchor on it); without the numbers it was one already
    for numbers in (True, False):
        root = lxml.html.document_fromstring(faq_page(numbers))
        assert contents_list(root.find(".//dl")), numbers


def test_a_numbered_list_of_other_stories_still_goes() -> None:
    # hostile: a story's list of the most read stories, numbered ("1. <a>headline</a>"):
    # numbered entries led by links to other pages are no table of the story's contents
    most = "".join(f"<li>{i}. <a href='/news/s{i}.html'>Council votes on item {i}</a></li>"
                   for i in range(1, 6))
    html = ("<html><head><title>Budget vote</title></head><body><div class='page'>"
            f"<div class='main'><h1>Budget vote</h1>{STORY}</div><div class='box'><h3>Most "
            f"read</h3><ol>{most}</ol></div></div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, STORY.replace("<p>", " ").replace("</p>", " "))
    assert "council votes on item 3" not in words(e.text)


def test_a_promotion_between_a_heading_and_a_story_is_no_lead() -> None:
    # hostile: a heading, then a promotion without links (class "promo"), then the story:
    # a block whose class says chrome is no section's lead, however short
    promo = ("<div class='promo'><p>Get the morning letter in your inbox every day, sign "
             "up now, it is free.</p></div>")
    html = ("<html><head><title>Budget vote</title></head><body><div class='wrap'>"
            f"<h2>Budget vote</h2>{promo}<div class='story'>{STORY}</div></div>"
            "</body></html>")
    e = extract(html, URL)
    assert_kept(e.text, STORY.replace("<p>", " ").replace("</p>", " "))
    assert "morning letter" not in words(e.text)


def titled_section(rank: int, title: str, body: str, cls: str) -> str:
    """A DocBook XSL section: its heading in a title block, then its body."""
    return (f"<div class='{cls}'><div class='titlepage'><div><div><h{rank} class='title'>"
            f"<a id='{title[:4]}'></a>{title}</h{rank}></div></div></div>{body}</div>")


def member_page(see_also: bool, cls_name: str | None) -> str:
    """An API reference's page of one member: its name, its details (a declaration, a line,
    at most a "See Also" naming a member of another class), then the class it is of."""
    also = titled_section(4, "See Also", "<p> </p><p><a class='link' href='base_close.html'>"
                          "db_base_iterator::close_cursor() const</a></p><p> </p>", "sect3")
    details = ("<pre class='programlisting'>void close_cursor() const</pre><p>Close the "
               f"underlying cursor of this iterator.</p>{also if see_also else ''}")
    body = titled_section(3, "Function Details", details, "sect2")
    if cls_name:
        body += titled_section(3, "Class", f"<p><a class='link' href='{cls_name}.html'>"
                               f"{cls_name}</a></p>", "sect2")
    return ("<html><head><title>close_cursor</title></head><body>"
            f"{navheader('close_cursor')}<div class='sect1'><div class='titlepage'><div><div>"
            f"<h2 class='title'>close_cursor</h2></div></div></div>{body}</div></body></html>")


def test_a_members_see_also_and_class_are_kept() -> None:
    # a member's page: its details stood for it; their "See Also" (a signature linked: no
    # name "of one word") went as a block of links, then as a dangling heading, and the
    # "Class" section beside the details (a name linked) as a list of links (67 % kept)
    e = extract(member_page(True, "db_vector_base_iterator"), URL)
    assert_kept(e.text, "void close_cursor() const", "See Also",
                "db_base_iterator::close_cursor() const", "Class db_vector_base_iterator")


def test_a_last_see_also_naming_a_signature_is_kept() -> None:
    # the "See Also" last on the page, its one line a signature linked: no dangling
    # heading over a comment count, the names a member's reference cross-references
    e = extract(member_page(True, None), URL)
    assert_kept(e.text, "See Also db_base_iterator::close_cursor() const")


def test_a_members_class_named_last_is_kept() -> None:
    # a member's page without "See Also": its last line, the class's name (one word,
    # camel-cased, linked) under the "Class" heading, went as a trailing label ("Share")
    e = extract(member_page(False, "DbstlException"), URL)
    assert_kept(e.text, "void close_cursor() const", "Class DbstlException")


def story_with(tail: str) -> str:
    return ("<html><head><title>Budget vote</title></head><body><div class='page'><article>"
            f"<h1>Budget vote</h1>{STORY}{tail}</article></div></body></html>")


def test_a_headline_or_a_tag_after_a_story_still_goes() -> None:
    # hostile: after a story, a "Related" heading over a headline (words, no signature: "U.S."
    # is no scope), a "Tags" heading over a topic (a word, no API's name)
    for tail, lost in (("<h3>Related</h3><p><a href='/us.html'>U.S. election: what happens "
                        "next</a></p>", "what happens next"),
                       ("<h4>Tags</h4><p><a href='/t/politics'>Politics</a></p>", "politics")):
        e = extract(story_with(tail), URL)
        assert_kept(e.text, STORY.replace("<p>", " ").replace("</p>", " "))
        assert lost not in words(e.text), tail


def test_a_section_of_other_stories_beside_a_storys_section_is_no_part_of_it() -> None:
    # hostile: a story's section (an h2) under its h1, beside a section alike listing
    # other stories' headlines: their links are no API's names, the h1's block is not the
    # story's document (and with names, a member's "Class" section, it is)
    for text, named in (("Council votes on item {}", False), ("db_map{}::erase()", True)):
        more = "".join(f"<li><a href='/news/s{i}.html'>{text.format(i)}</a></li>"
                       for i in range(5))
        doc = lxml.html.fragment_fromstring(
            f"<div class='doc'><h1>Budget vote</h1><div class='sec'><h2>The vote</h2>{STORY}"
            f"</div><div class='sec'><h2>More</h2><ul>{more}</ul></div></div>")
        assert _subsection(doc[1], doc, _measure(doc), {}) is named, text


def short_page(bar_cls: str) -> str:
    """A manual's short section, a sentence under its title, between navigation bars of
    class ``bar_cls`` that say more than it does (titles of the pages around it)."""
    rows = "".join(f"<tr><td><a href='p{i}.html'>Prev</a></td><td>Building Berkeley DB "
                   f"with tool number {i}</td><td><a href='n{i}.html'>Next</a></td></tr>"
                   for i in range(3))
    bar = f"<div class='{bar_cls}'><table>{rows}</table></div>"
    return ("<html><head><title>Building the C++ API</title></head><body>"
            f"{bar.replace(bar_cls, bar_cls + 'header')}<div class='sect1'><div class="
            "'titlepage'><div><div><h2 class='title'>Building the C++ API</h2></div></div>"
            "</div><p>C++ support is built automatically on Windows.</p></div>"
            f"{bar.replace(bar_cls, bar_cls + 'footer')}</body></html>")


def test_a_short_page_between_navigation_bars_is_kept() -> None:
    # a sentence under its title between two navigation bars with more text: "too small"
    # widened it to the body (the bars' text counted as a page of lists), and the headline's
    # block took the sentence with it as the header: nothing of it kept
    e = extract(short_page("nav"), URL)
    assert_kept(e.text, "C++ support is built automatically on Windows.")
    assert "tool number 1" not in words(e.text)


def struct_page() -> str:
    """A structure's reference: its fields, a term (the declaration) then what it is each,
    one of them long (its flags, each a value and paragraphs)."""
    flags = "".join(f"<li><p><code>DB_DBT_FLAG{i}</code></p><p>When this flag is set, {LOREM}"
                    "</p>" + f"<p>{LOREM}</p>" * (8 if i == 0 else 0) +
                    f"<p>It is an error to set flag {i} twice.</p></li>" for i in range(3))
    fields = "".join(f"<li><p><strong>u_int32_t field{i};</strong></p><p>The length of "
                     f"field {i}, in bytes.</p></li>" for i in range(4))
    long_field = ("<li><p><strong>u_int32_t flags;</strong></p><span><div class='list'>"
                  f"<ul>{flags}</ul></div></span></li>")
    return ("<html><head><title>The DBT Handle</title></head><body><div class='chapter'>"
            "<h2>Chapter 4. The DBT Handle</h2><p>The elements of the structure are defined "
            f"as follows:</p><div class='list'><ul>{fields}{long_field}</ul></div></div>"
            "</body></html>")


def test_a_long_entry_of_a_list_is_its_lists() -> None:
    # a structure's fields: the long one's body (after its term, "u_int32_t flags;") stood
    # for the page; its term and the other fields went (62 % kept)
    e = extract(struct_page(), URL)
    assert_kept(e.text, *[f"u_int32_t field{i}; The length of field {i}, in bytes."
                          for i in range(4)], "u_int32_t flags;", "It is an error to set flag 2")


def test_a_page_whose_best_block_is_a_navigation_bar_is_still_found() -> None:
    # hostile: a part's page of a title and a one-entry contents, less text than its
    # navigation bars: the bar scores best, and the chrome beside it must not keep it from
    # widening to the page (the widening subtracts chrome only for a block that is none)
    bar = ("<div class='nav{}'><table><tr><td><a href='p.html'>Prev</a></td><td><a href="
           "'u.html'>Up</a></td><td><a href='n.html'>Next</a></td></tr><tr><td>component"
           ".label.includes.part.label</td><td><a href='/'>Home</a></td><td>rootid</td></tr>"
           "</table></div>")
    html = ("<html><head><title>XSLT Processing</title></head><body>"
            f"{bar.format('header')}<div class='reference'><div class='titlepage'><h1>XSLT "
            "Processing</h1></div><div class='toc'><p><b>Table of Contents</b></p><dl>"
            "<dt><a href='rootid.html'>rootid</a> \u2014 Specify the root element to format"
            f"</dt></dl></div></div>{bar.format('footer')}</body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "Specify the root element to format")


def test_a_line_with_a_link_is_no_entrys_term() -> None:
    # hostile: a story in a list item after a line with a link ("Read next: ..."): a line
    # with a link is no entry's term, the story no body of the item (a term without is)
    for line, body in (("Read next: <a href='/other.html'>Another story</a>", False),
                       ("<strong>u_int32_t flags;</strong>", True)):
        item = lxml.html.fragment_fromstring(
            f"<li><p>{line}</p><div class='story'>{STORY}</div></li>")
        assert _section_body(item[1], item, _measure(item)) is body, line


def config_section() -> str:
    """A guide's section: its title, an introduction (with links in its sentences), a list
    of what to configure (one item long), then "For example:" and a long code listing."""
    items = ("<li><p>Configure the maximum number of simultaneous transactions. "
             f"{LOREM}</p>" + f"<p>{LOREM}</p>" * 6 + "</li><li><p>Configure the timeout."
             "</p></li><li><p>Configure the deadlock detector.</p></li>")
    code = "\n".join(f"    ret = env->set_flag{i}(env, DB_FLAG_{i}, 0);" for i in range(25))
    return ("<html><head><title>Configuring the Transaction Subsystem</title></head><body>"
            f"{navheader('Configuring the Transaction Subsystem')}<div class='sect1'>"
            "<div class='titlepage'><div><div><h2 class='title'>Configuring the Transaction "
            "Subsystem</h2></div></div></div><p>Most of the configuration is described in <a "
            "href='c.html'>Concurrency</a> and <a href='m.html'>Managing DB Files</a>.</p>"
            "<p>However, there are a couple of things you can do here.</p><div class='list'>"
            f"<ul>{items}</ul></div><p>For example:</p><pre class='programlisting'>{code}"
            "</pre></div></body></html>")


def test_a_sections_introduction_and_its_example_listing_are_kept() -> None:
    # the list stood for the section: its introduction (two paragraphs, a little prose)
    # and its example's listing (code, no prose by its mass) went (68 % kept)
    e = extract(config_section(), URL)
    assert_kept(e.text, "Most of the configuration is described in Concurrency",
                "However, there are a couple of things", "Configure the deadlock detector",
                "For example:", "ret = env->set_flag24(env, DB_FLAG_24, 0);")


def test_a_section_with_a_list_of_links_beside_the_block_is_not_its_text() -> None:
    # hostile: a headed block holding a story and, besides paragraphs, one paragraph that
    # only lists links (other stories): not the story's section text (and without it is)
    for extra, part in (("<p><a href='/a.html'>Council votes</a> | <a href='/b.html'>Rail "
                         "strike ends</a></p>", False), ("<p>For example:</p>", True)):
        sec = lxml.html.fragment_fromstring(
            f"<div class='s'><h2>Budget vote</h2><p>A line.</p><div class='story'>{STORY}"
            f"</div>{extra}</div>")
        assert _in_section_text(sec[2], sec, _measure(sec), {}) is part, extra


def members_table(head: bool, described: int, names: int, href: str = "holder.html") -> str:
    """A class's members' table: a header naming its columns (``head``), ``described`` rows
    of a linked member and what it does (the first linking the constructor's details on
    ``href``), then ``names`` rows of a member's linked name only (operators)."""
    rows = "".join(f"<tr><td><a href='{href}#ctor{i}'>ElementHolder{i}</a></td><td>Builds "
                   f"the holder, way {i}.</td></tr>" for i in range(described))
    rows += "".join(f"<tr><td><a href='op{i}.html'>operator{'+-*/%&|^'[i % 8]}=</a></td>"
                    "<td></td></tr>" for i in range(names))
    thead = "<thead><tr><th>Member</th><th>Description</th></tr></thead>" if head else ""
    return f"<table>{thead}<tbody>{rows}</tbody></table>"


def test_a_members_table_mostly_of_bare_names_is_kept() -> None:
    # a class's page whose members' table is mostly operators, a linked name each and no
    # description: no reference table by its described rows (a third), so no index of the
    # details after it; the details stood for the page (68 % kept)
    details = "".join(f"<h3><a id='ctor{i}'></a>ElementHolder{i}</h3><pre>ElementHolder{i}()"
                      f"</pre><p>Details of constructor {i}. {LOREM}</p>" for i in range(3))
    html = ("<html><head><title>ElementHolder</title></head><body>"
            f"{navheader('Chapter 23. ElementHolder')}<div class='chapter'><h2>Chapter 23. "
            "ElementHolder</h2><p>A wrapper class for primitive types.</p><h4>Public Members"
            f"</h4><div class='it'>{members_table(True, 3, 12)}</div><div class='sect1'><h2>"
            f"ElementHolder details</h2>{details}</div></div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "A wrapper class for primitive types.", "Public Members",
                "ElementHolder1 Builds the holder, way 1.", "operator^=",
                "Details of constructor 2")


def test_a_table_of_bare_links_is_no_reference_table_under_a_header() -> None:
    # hostile: a header naming columns over rows that are all links (a table of links),
    # or described rows and bare names with no header (a menu with a few blurbs): neither
    # is a reference table by the header rule; with both it is
    for head, described, ref in ((True, 0, False), (False, 3, False), (True, 3, True)):
        table = lxml.html.fragment_fromstring(members_table(head, described, 12))
        assert reference_table(table, _measure(table)) is ref, (head, described)


def book_page(href: str) -> str:
    """A book's first page: its title, a table of its chapters and their sections, then a
    list of its tables (numbered, each a link to a place on ``href``'s page)."""
    toc = "".join(f"<dt><a href='ch0{c}.html'>Chapter {c}</a></dt><dd><dl>" + "".join(
        f"<dt><a href='ch0{c}s0{s}.html'>Section {c}.{s} of the guide</a></dt>"
        for s in range(1, 4)) + "</dl></dd>" for c in range(1, 4))
    tables = "".join(f"<dt>2.{i}. <a href='{href}#t{i}'>Cost table number {i}</a></dt>"
                     for i in range(1, 4))
    return ("<html><head><title>The user's manual</title></head><body><div class='book'>"
            "<div class='titlepage'><h1>The user's manual</h1><p>This manual is free "
            f"software; you can redistribute it under the terms of the license. {LOREM}</p>"
            f"</div><div class='toc'><p><b>Table of Contents</b></p><dl>{toc}</dl></div>"
            "<div class='list-of-tables'><p><b>List of Tables</b></p><dl>"
            f"{tables}</dl></div></div></body></html>")


def test_a_books_list_of_tables_is_kept() -> None:
    # a book's list of tables (three, numbered, each a place in a chapter its table of
    # contents lists) went as a block of links under the table of contents (79 % kept)
    e = extract(book_page("ch02s03.html"), URL)
    assert_kept(e.text, "Section 3.3 of the guide", "List of Tables",
                *[f"2.{i}. Cost table number {i}" for i in range(1, 4)])


def test_a_list_of_places_on_other_pages_still_goes() -> None:
    # hostile: the same list when its places are on pages the contents do not list (other
    # stories' comments): no part of the document, a block of links
    e = extract(book_page("/news/story.html"), URL)
    assert_kept(e.text, "Section 3.3 of the guide")
    assert "cost table number 2" not in words(e.text)


def library_page(extra: str) -> str:
    """A library's hand-written front page: its guides, each a title and a list wrapping a
    table of the languages it is written for and their formats ("C | PDF | HTML")."""
    guides = "".join(
        f"<p>Getting Started with part {g} of the library</p><ul><table>" + "".join(
            f"<tr><td><li>{lang}</li></td><td><a href='{lang}/g{g}.pdf'>PDF</a> | "
            f"<a href='{lang}/g{g}/index.html'>HTML</a></td></tr>"
            for lang in ("C", "Java", "Tcl")) + f"</table>{extra}</ul>" for g in range(4))
    return ("<html><head><title>Berkeley DB Library</title></head><body><center><h2>The "
            f"Library</h2></center><p><b>Getting Started Guides</b><br>{LOREM}</p>{guides}"
            "</body></html>")


def test_lists_wrapping_tables_of_formats_are_kept() -> None:
    # a list wrapping a table of each language's formats went as a list of links ("a table
    # in the content is data", but the list around it was judged as a list: 80 % kept)
    e = extract(library_page(""), URL)
    assert_kept(e.text, "Getting Started with part 3 of the library", "Java PDF | HTML",
                "Tcl PDF | HTML")


def test_a_list_of_links_beside_a_table_still_goes() -> None:
    # hostile: the same list holding items of links besides its table: a list of links,
    # judged as one (its table goes with it)
    e = extract(library_page("<li><a href='/x.html'>Oracle forums</a></li><li><a href="
                             "'/y.html'>Support</a></li>"), URL)
    assert_kept(e.text, "Getting Started with part 3 of the library")
    assert "oracle forums" not in words(e.text)
