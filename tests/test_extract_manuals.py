"""Every page whole (issue 26, part 5): shapes of DocBook XSL manuals beyond part 4's
(aptitude's user manual, Berkeley DB's documentation: bench/completeness.py's ``aptitude``
and ``berkeleydb`` sets). One page shape per failure seen, and the hostile shape beside each:
what the rule must not keep on an article."""

from __future__ import annotations

import lxml.html

from trawl.extract import extract
from trawl.extract._stats import _measure
from trawl.extract._toc import contents_list
from trawl.extract._whole import _beside_contents

from .test_extract_docbook import navheader
from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept, words


def functions_page(wrapper: str) -> str:
    """A chapter of an API reference: its title and introduction, then its functions'
    table (a linked name and what it does a row) in a wrapper of class ``wrapper``."""
    rows = "".join(f"<tr><td><a href='lock{i}.html'>ENV-&gt;mutex_op{i}()</a></td>"
                   f"<td>Operate on mutex number {i}</td></tr>" for i in range(8))
    return ("<html><head><title>Mutex Methods</title></head><body>"
            f"{navheader('Mutex Methods')}<div class='chapter'><h2>Chapter 9. Mutex Methods</h2>"
            f"<p>This chapter describes the methods that manage mutexes. {LOREM}</p>"
            f"<div class='sect1'><h2>Mutex Methods</h2><div class='{wrapper}'><table>"
            f"<thead><tr><th>Mutexes and Related Methods</th><th>Description</th></tr></thead>"
            f"<tbody>{rows}</tbody></table></div></div></div></body></html>")


def test_a_function_table_is_content_whatever_its_wrappers_class() -> None:
    # Berkeley DB's API chapters wrap their function tables in a div of class "navtable":
    # "nav" weighs against a block, and the table went as a block of links (46 % kept)
    e = extract(functions_page("navtable"), URL)
    assert_kept(e.text, "Mutexes and Related Methods", LOREM,
                *[f"ENV->mutex_op{i}() Operate on mutex number {i}" for i in range(8)])


def test_a_navigation_table_of_links_still_goes() -> None:
    # hostile: beside a story, a block of class "nav" holding a table of links to other
    # pages (a word or a title a cell, nothing said of them): navigation, pruned as before
    cells = "".join(f"<tr><td><a href='/s{i}.html'>Section {i}</a></td>"
                    f"<td><a href='/t{i}.html'>Topic {i}</a></td></tr>" for i in range(8))
    html = ("<html><head><title>Budget vote</title></head><body><article>"
            f"<h1>Budget vote</h1>{STORY}<div class='subnav'><table>{cells}</table></div>"
            "</article></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, STORY.replace("<p>", " ").replace("</p>", " "))
    assert "topic 3" not in words(e.text)


def test_a_manuals_navigation_bar_still_goes() -> None:
    # hostile: a manual's navigation bars (class "navheader", "navfooter": a title row and a
    # "Prev | part | Next" row; "Prev | Up | Next" over the pages' titles) say a few words
    # besides their links, as a table of names does; two rows of links are no table of names
    bar = ("<div class='{}'><table><tr><td><a href='prev.html'>Prev</a></td><td>"
           "<a href='index.html'>Up</a></td><td><a href='next.html'>Next</a></td></tr>"
           "<tr><td>Part 2. FO Parameter Reference</td><td><a href='../index.html'>Home</a>"
           "</td><td>admon.graphics</td></tr></table></div>")
    html = ("<html><head><title>Admonitions</title></head><body><div class='part'>"
            f"{bar.format('navheader')}<h2>Admonitions</h2>{STORY}{bar.format('navfooter')}"
            "</div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, STORY.replace("<p>", " ").replace("</p>", " "))
    assert "prev" not in words(e.text) and "fo parameter reference" not in words(e.text)


def section_page(next_href: str, entries: int) -> str:
    """A manual's section page: its title, the list of its subsections (each on a page of
    its own, a link a line) and a short introduction; its head says which page comes next."""
    toc = "".join(f"<dt><span class='s'><a href='ch02s02s0{i}.html'>Managing part {i} of "
                  "the list</a></span></dt>" for i in range(1, entries + 1))
    return (f"<html><head><title>Managing packages</title><link rel='next' href='{next_href}'>"
            f"</head><body>{navheader('Managing packages')}<div class='section'>"
            "<div class='titlepage'><h2>Managing packages</h2></div>"
            f"<div class='toc'><dl class='toc'>{toc}</dl></div><p>This section describes how "
            "to manipulate the list of packages, and how to remove old packages.</p></div>"
            "</body></html>")


def test_a_sections_list_of_its_subsections_is_kept() -> None:
    # six links to other pages, a line each, beside a sentence: pruned as a list of links
    # (52 % kept); the first is the page the head names as next (the section goes on there)
    for entries in (6, 3):
        e = extract(section_page("ch02s02s01.html", entries), URL)
        assert_kept(e.text, "how to manipulate the list of packages",
                    *[f"Managing part {i} of the list" for i in range(1, entries + 1)])


def test_a_list_of_other_pages_not_next_still_goes() -> None:
    # hostile: the same list when the page goes on elsewhere (a paginated story's page 2):
    # a short list of links to other pages, pruned as before
    e = extract(section_page("page2.html", 6), URL)
    assert_kept(e.text, "how to manipulate the list of packages")
    assert "managing part 3 of the list" not in words(e.text)


def test_a_storys_pager_and_more_stories_still_go() -> None:
    # hostile: a story whose head names the next story; under it a pager ("Next", then
    # "Previous": two links, the first the next story) and a list of more stories that starts
    # with it too, after the story's prose: not a table of contents of the story
    pager = ("<ul class='p'><li><a href='/next-story.html'>Next: Parks reopen</a></li>"
             "<li><a href='/prev-story.html'>Previous: Roads close</a></li></ul>")
    more = "<ul>" + "".join(f"<li><a href='{h}'>{t}</a></li>" for h, t in (
        ("/next-story.html", "Parks reopen after the storm"),
        ("/other-1.html", "Council delays its budget vote"),
        ("/other-2.html", "Schools plan for the new term"),
        ("/other-3.html", "Markets open later in winter"),
        ("/other-4.html", "Libraries extend their hours"))) + "</ul>"
    html = ("<html><head><title>Budget vote</title><link rel='next' href='/next-story.html'>"
            f"</head><body><article><h1>Budget vote</h1>{STORY}{pager}"
            f"<h2>More stories</h2>{more}</article></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, STORY.replace("<p>", " ").replace("</p>", " "))
    got = words(e.text)
    assert "parks reopen" not in got and "libraries extend" not in got



def test_a_chapters_list_of_itself_is_one_when_gathered_elsewhere() -> None:
    # the chapter's list starts with its own first section ("ch13.html#intro"); when the
    # content is gathered into a new element (the chapter with the navigation bar beside
    # it), the anchor was looked for under the document's root, which no longer holds it,
    # and the list went as links (Berkeley DB's chapter pages: 59 % kept)
    toc = ("<dl><dt><span class='s'><a href='ch13.html#intro'>Introduction</a></span></dt>"
           + "".join(f"<dt><span class='s'><a href='ch13s0{i}.html'>ENV-&gt;set_op{i}</a>"
                     "</span></dt>" for i in range(1, 7)) + "</dl>")
    root = lxml.html.document_fromstring(
        "<html><body><div class='nh'><a href='ch12.html'>Prev</a></div><div class='chapter'>"
        f"<h2>Chapter 13. Upgrading</h2>{toc}<div class='sect1'><h2><a id='intro'></a>"
        "Introduction</h2><p>How to upgrade.</p></div></div></body></html>")
    body = root.find("body")
    gathered = body.makeelement("div", {})
    for part in list(body):
        gathered.append(part)  # (as _select._gather moves the content's parts)
    assert contents_list(gathered.find(".//dl"))
    other = lxml.html.fragment_fromstring(toc.replace("#intro", "#elsewhere"))
    assert not contents_list(other)  # hostile: no such anchor on the page, a list of links



def option(name: str, paragraphs: int) -> str:
    """A settings reference's entry: the option's name, then paragraphs on it."""
    return (f"<li><p><code>{name}</code></p>" + "".join(
        f"<p>Specifying {name} changes behaviour number {i}. {LOREM}</p>"
        for i in range(paragraphs)) + "</li>")


def test_a_long_option_among_short_ones_keeps_its_list() -> None:
    # Berkeley DB's DB->set_flags(): flags in lists, a list per access method, each flag an
    # item of paragraphs; one flag's item is 87 % of its list's text, so the item was not
    # "among similar" siblings and stood for the page (21 % kept)
    lists = "".join(
        f"<p>The following flags may be specified for method {m}:</p><div class='il'><ul>"
        + option(f"FLAG_{m}_LONG", 7 if m == 1 else 2) + option(f"FLAG_{m}_SHORT", 1)
        + "</ul></div>" for m in range(3))
    html = ("<html><head><title>set_flags()</title></head><body><div class='sect1'>"
            f"<h2>set_flags()</h2><p>Configure a database. {LOREM}</p><div class='sect2'>"
            f"<h3>Parameters</h3><div class='sect3'><h4>flags</h4>{lists}</div></div></div>"
            "</body></html>")
    e = extract(html, URL)
    assert_kept(e.text, *[f"FLAG_{m}_{k}" for m in range(3) for k in ("LONG", "SHORT")],
                "The following flags may be specified for method 2")


def test_a_story_in_a_list_item_does_not_take_in_a_teaser_beside_it() -> None:
    # hostile: a blog's story in an item of a list of posts, the next post's teaser (a
    # paragraph) in the item after it: a teaser's few words are no entry of the story's
    story = "".join(f"<p>Paragraph {i} of the story, with a clause. {LOREM}</p>"
                    for i in range(6))
    html = ("<html><head><title>Budget vote</title></head><body><ul class='posts'>"
            f"<li><h1>Budget vote</h1>{story}</li><li><h2><a href='/next.html'>Parks reopen"
            "</a></h2><p>The parks reopen on Monday.</p></li></ul></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "Paragraph 5 of the story")
    assert "parks reopen on monday" not in words(e.text)


def note_page(sentence: str) -> str:
    """A manual's section ending with a note: an icon and a label, then its paragraph."""
    return ("<html><head><title>Searches and versions</title></head><body><div class='section'>"
            f"<h3>Searches and versions</h3><p>By default, a pattern matches a package. {LOREM}"
            f"</p><p>It matters which versions are checked. {LOREM}</p><div class='note'>"
            "<table><tr><td rowspan='2'><img alt='[Note]' src='images/note.png'></td>"
            f"<th>Note</th></tr><tr><td><p>\n\t    {sentence} {LOREM}</p></td></tr></table></div>"
            "</div></body></html>")


def test_a_note_that_opens_on_there_is_a_is_kept() -> None:
    # aptitude's note ("Note There is a subtle, but important, distinction ...") read as a
    # bio ("Jane Doe is a reporter"), set apart by its icon as by a photo: dropped (66 %)
    e = extract(note_page("There is a subtle, but important, distinction between "
                          "matching a pattern against a package and against its versions."), URL)
    assert_kept(e.text, "There is a subtle, but important, distinction")


def test_a_bio_with_a_photo_still_goes() -> None:
    # hostile: the same block when it is a bio (a name, "is a", a photo beside it)
    e = extract(note_page("Jane Doe is a reporter covering local government."), URL)
    assert_kept(e.text, "It matters which versions are checked")
    assert "reporter covering local government" not in words(e.text)



def test_a_note_naming_a_program_is_kept() -> None:
    # a library's note ("Boost.PolyCollection is a header-only library.") read as a bio
    # ("Jane Doe is a reporter"), set apart by its icon as by a photo: the page lost it
    e = extract(note_page("Boost.PolyCollection is a header-only library. C++11 support is "
                          "required."), URL)
    assert_kept(e.text, "Boost.PolyCollection is a header-only library.")


def test_a_bio_of_a_person_with_initials_still_goes() -> None:
    # hostile: a person's initials are no program's name
    e = extract(note_page("J.K. Doe is a reporter covering local government."), URL)
    assert_kept(e.text, "It matters which versions are checked")
    assert "reporter covering local government" not in words(e.text)

def titled(rank: int, title: str, body: str, cls: str = "sect2") -> str:
    """A DocBook XSL section: its title in a title block of nested divs, then its body."""
    return (f"<div class='{cls}'><div class='titlepage'><div><div><h{rank} class='title'>"
            f"<a id='{cls}-{rank}'></a>{title}</h{rank}></div></div></div>{body}</div>")


def test_sections_titled_in_title_blocks_keep_their_one_link() -> None:
    # Berkeley DB's method pages end with "Class: DB_ENV" and "See Also: Database
    # Environments and Related Methods", each a section whose title sits in a title block
    # (div > div > div > h3): not seen as a heading, the sections' one-link paragraphs went
    # as links (89 % kept on 90 such pages)
    body = ("<pre>int\nENV-&gt;get_home(ENV *env, const char **homep);</pre>"
            f"<p>The method returns the environment's home directory. {LOREM}</p>"
            + titled(3, "Class", "<p><a href='env.html'>DB_ENV</a></p>")
            + titled(3, "See Also", "<p><a href='env.html#envlist'>Database Environments "
                                    "and Related Methods</a></p>"))
    html = ("<html><head><title>ENV-&gt;get_home()</title></head><body>"
            f"{navheader('ENV->get_home()')}{titled(2, 'ENV-&gt;get_home()', body, 'sect1')}"
            "</body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "Class", "DB_ENV", "See Also",
                "Database Environments and Related Methods", LOREM)


def test_a_related_block_titled_in_a_title_block_still_goes() -> None:
    # hostile: after a story, a block of links under a title in the same nested divs
    # ("Related stories"): its links go, as under a bare heading
    links = "".join(f"<p><a href='/s{i}.html'>Council story number {i}</a></p>"
                    for i in range(4))
    html = ("<html><head><title>Budget vote</title></head><body><div class='main'>"
            f"<h1>Budget vote</h1>{STORY}{titled(3, 'Related stories', links, 'related')}"
            "</div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, STORY.replace("<p>", " ").replace("</p>", " "))
    assert "council story number" not in words(e.text)


def short_entry(header_cls: str) -> str:
    """A manual's short entry (a section of a signature) between its navigation bars, the
    header bar with a version line; the bars' class ``header_cls`` and "navfooter"."""
    name = "FailedAssertionException"
    return ("<html><head><title>FailedAssertion</title></head><body>"
            f"<div class='{header_cls}'><div class='v'><p>Library Version 11.2.5.3</p></div>"
            f"<table><tr><th colspan='3'>{name}</th></tr><tr><td><a href='p.html'>Prev</a>"
            f"</td><th>Chapter 32. {name}</th><td><a href='n.html'>Next</a></td></tr>"
            f"</table><hr></div><div class='sect1'><h2>{name}</h2><div class='sect2'>"
            f"<h3>Function Details</h3><pre>{name}(const char *fname, size_t lineno, "
            "const char *msg)</pre></div></div>"
            "<div class='navfooter'><hr><table><tr><td><a href='p.html'>Prev</a></td><td>"
            "<a href='index.html'>Home</a></td></tr></table></div></body></html>")


def test_a_short_entry_does_not_take_in_its_navigation_bar() -> None:
    # the entry's section was the content, and its sibling, the navigation bar (a version
    # line and a table of a few links: a short block of text, mostly no links), was kept
    # beside it as a paragraph of the entry (39 % extra words)
    e = extract(short_entry("navheader"), URL)
    assert_kept(e.text, "Function Details", "size_t lineno")
    got = words(e.text)
    assert "library version" not in got and "chapter 32" not in got


def test_a_short_block_beside_the_content_is_still_kept() -> None:
    # hostile: the same block under a class that says nothing (a story's closing lines
    # beside its section) is kept as before
    e = extract(short_entry("box"), URL)
    assert_kept(e.text, "Function Details", "Library Version 11.2.5.3")


def method_page(last_title: str, last_body: str) -> str:
    """A method's page: its signature and description, its "Parameters" section, then a
    last short section (sections titled in title blocks)."""
    body = ("<pre>int\nenv_set_func_close(int (*func_close)(int fd));</pre>"
            f"<p>Replace the close call. {LOREM}</p>"
            + titled(3, "Parameters", titled(4, "func_close", "<p>The <b>func_close</b> "
                                              "parameter is the replacement function.</p>",
                                              "sect3"))
            + titled(3, last_title, last_body))
    return ("<html><head><title>env_set_func_close</title></head><body>"
            f"{navheader('env_set_func_close')}{titled(2, 'env_set_func_close', body, 'sect1')}"
            "</body></html>")


def test_a_last_short_section_in_a_title_block_is_kept() -> None:
    # "See Also: Run-time configuration" (23 characters) read as a dangling heading over a
    # count: its section, the title block's parent, is one of the entry's sections alike
    e = extract(method_page("See Also", "<p><a href='../rt.html'>Run-time configuration</a>"
                                        "</p>"), URL)
    assert_kept(e.text, "See Also", "Run-time configuration")


def test_a_last_heading_over_a_count_still_goes() -> None:
    # hostile: the same last section when it is a heading over a count ("Comments: 3
    # comments"): a dangling heading, as before
    e = extract(method_page("Comments", "<p>3 comments</p>"), URL)
    assert_kept(e.text, "replacement function")
    assert "comments" not in words(e.text)


def test_a_prefaces_list_of_its_sections_is_kept() -> None:
    # a preface's contents: its own first section (an anchor on the page), then the next
    # page (the head's rel=next) and that page's section: three entries, pruned as links
    toc = ("<div class='toc'><p><b>Table of Contents</b></p><dl><dt><span class='s'>"
           "<a href='preface.html#conventions'>Conventions Used in this Book</a></span></dt>"
           "<dt><span class='s'><a href='moreinfo.html'>For More Information</a></span></dt>"
           "<dd><dl><dt><span class='s'><a href='moreinfo.html#contact'>Contact Us</a></span>"
           "</dt></dl></dd></dl></div>")
    html = ("<html><head><title>Preface</title><link rel='next' href='moreinfo.html'></head>"
            f"<body>{navheader('Preface')}<div class='preface'><div class='titlepage'><div>"
            f"<div><h2>Preface</h2></div></div></div>{toc}<p>This document describes how to "
            f"use transactions. {LOREM}</p><div class='sect1'><h2><a id='conventions'></a>"
            f"Conventions Used in this Book</h2><p>The following typographical conventions "
            f"are used. {LOREM}</p></div></div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "Table of Contents", "For More Information", "Contact Us",
                "typographical conventions")


def chapter_with_contents(toc_cls: str) -> str:
    """A chapter's page: its title, its contents (its first section on this page, the
    others on pages of their own) in a block of class ``toc_cls``, then its first section,
    more than twice as long as the contents."""
    toc = (f"<div class='{toc_cls}'><p><b>Table of Contents</b></p><dl>"
           "<dt><span class='s'><a href='program.html#signals'>Signal handling</a></span></dt>"
           + "".join(f"<dt><span class='s'><a href='program{i}.html'>Programmer note number "
                     f"{i}</a></span></dt>" for i in range(1, 7)) + "</dl></div>")
    return ("<html><head><title>Chapter 15. Programmer Notes</title></head><body>"
            f"{navheader('Chapter 15. Programmer Notes')}<div class='chapter'>"
            "<div class='titlepage'><div><div><h2>Chapter 15. Programmer Notes</h2></div>"
            f"</div></div>{toc}<div class='sect1'><div class='titlepage'><div><div><h2>"
            "<a id='signals'></a>Signal handling</h2></div></div></div>"
            + "".join(f"<p>Signal paragraph {i}. {LOREM}</p>" for i in range(5))
            + "</div></div></body></html>")


def test_a_chapters_contents_listing_its_first_section_are_kept() -> None:
    # the chapter's first section stood for the page: its contents (41 % of the section's
    # text, under the half that makes a page "mostly contents") and title went (73 %);
    # the contents list the section itself, so the chapter is the document
    e = extract(chapter_with_contents("toc"), URL)
    assert_kept(e.text, "Table of Contents",
                *[f"Programmer note number {i}" for i in range(1, 7)], "Signal paragraph 4")


def test_contents_in_a_block_of_chrome_stay_out() -> None:
    # hostile: the same contents in a block whose class says chrome (a tools panel's "On this
    # page") beside the section: not the document's
    e = extract(chapter_with_contents("toc-tools"), URL)
    assert_kept(e.text, "Signal paragraph 4")
    assert "programmer note number" not in words(e.text)


def sources_page(intro: str) -> str:
    """A guide's "For More Information" section: a sentence introducing a list of links to
    the other guides, where to download more, then a section of contacts."""
    items = "".join(f"<li><p><a href='https://docs.example.com/guide{i}/index.html'>Getting "
                    f"Started with Guide number {i}</a></p></li>" for i in range(6))
    return ("<html><head><title>For More Information</title></head><body>"
            f"{navheader('For More Information')}<div class='sect1'><h2>For More Information"
            f"</h2><p>{intro}</p><div class='il'><ul>{items}</ul></div><p>To download the "
            "latest documentation along with white papers and other collateral, visit <a "
            "href='https://example.com/docs'>https://example.com/docs</a>.</p><p>For the "
            "latest version of the downloads, visit <a href='https://example.com/dl'>"
            "https://example.com/dl</a>.</p><div class='sect2'><h3>Contact Us</h3><p>You can "
            f"post your comments and questions at the forum. {LOREM}</p></div></div>"
            "</body></html>")


def test_a_list_a_sentence_introduces_is_kept() -> None:
    # "you may also find the following sources of information useful when building an
    # application:" then the guides, a link an item: pruned as a list of links (70 %)
    e = extract(sources_page("Beyond this manual, you may also find the following sources "
                             "of information useful when building an application:"), URL)
    assert_kept(e.text, *[f"Getting Started with Guide number {i}" for i in range(6)])


def test_a_list_a_promotion_introduces_still_goes() -> None:
    # hostile: the same list under a promotion's lead ("Read more from our guides:") or a
    # label of a few words ("More guides:"): links, pruned as before
    for intro in ("Read more from our guides on building an application:", "More guides:"):
        e = extract(sources_page(intro), URL)
        assert_kept(e.text, "You can post your comments")
        assert "guide number 3" not in words(e.text), intro


def class_page(href: str) -> str:
    """A class's chapter page: its title and purpose, its members' table (a linked name and
    what it does a row, linking ``href`` + the member's anchor), then the members'
    details, each a section of its own."""
    rows = "".join(f"<tr><td><a href='{href}#m{i}'>operator_{i}</a></td><td>Compare the "
                   f"iterators number {i}</td></tr>" for i in range(6))
    details = "".join(f"<div class='sect2'><h3><a id='m{i}'></a>operator_{i}</h3><pre>bool "
                      f"operator_{i}(const iterator &amp;itr) const;</pre><p>Details of "
                      f"operator {i}. {LOREM}</p></div>" for i in range(6))
    return ("<html><head><title>base_iterator</title></head><body>"
            f"{navheader('Chapter 15. base_iterator')}<div class='chapter'><h2>Chapter 15. "
            "base_iterator</h2><p>The iterator's base class.</p><h4>Public Members</h4>"
            f"<div class='it'><table><thead><tr><th>Member</th><th>Description</th></tr>"
            f"</thead><tbody>{rows}</tbody></table></div><h4>Group</h4><p><a href='g.html'>"
            "Iterator classes</a></p><div class='sect1'><h2>base_iterator details</h2>"
            f"{details}</div></div></body></html>")


def test_a_members_table_over_the_members_details_is_kept() -> None:
    # the members' details stood for the page; the members' table before them (links to
    # the details' anchors), the class's purpose and group went (67 % kept)
    e = extract(class_page("base_iterator.html"), URL)
    assert_kept(e.text, "The iterator's base class", "Public Members",
                *[f"operator_{i} Compare the iterators number {i}" for i in range(6)],
                "Details of operator 5")


def test_a_table_of_other_pages_before_a_story_stays_out() -> None:
    # hostile: the same table when its links lead to other pages (no anchor of the block
    # after it): a table beside the block, not its index
    e = extract(class_page("other.html").replace("#m", "#x"), URL)
    assert_kept(e.text, "Details of operator 5")
    assert "compare the iterators number 3" not in words(e.text)


def test_a_parent_that_is_itself_a_reference_table_is_no_index_before_the_block() -> None:
    # the widening from a table's row to the table asked whether the table (a reference
    # table, linking an anchor in the row) came before the row in itself, and walked up
    # past the document's root: an AttributeError, and the page stored empty (found by the
    # kept-back manual's run, where one page raised it; the page itself not looked at)
    table = lxml.html.fragment_fromstring(
        "<table><tr><td><a href='#a'>f()</a></td><td>Does the first thing here</td></tr>"
        "<tr><td><a href='#b'>g()</a></td><td>Does the second thing here</td></tr>"
        "<tr><td><p id='a'>A long cell of text about f and g.</p></td></tr></table>")
    row = table.find(".//p").getparent().getparent()
    assert not _beside_contents(row, table, _measure(table))
