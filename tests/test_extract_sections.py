"""Every page whole (issue 26): a section whose biggest block is a list, among the
section's paragraphs, its synopsis and its subsections (a function's reference page: what
it does, the fields of the structure it fills, then "Parameters", "Errors", "Class", "See
Also"). The whole section is the page's text, not the list with the paragraphs beside it;
and the hostile shape beside it: a story's section followed by other stories' cards."""

from __future__ import annotations

import lxml.html
from lxml.html import HtmlElement

from trawl.extract import extract
from trawl.extract._sections import _in_section_text
from trawl.extract._stats import _measure, _Stats

from .test_extract_docbook import navheader
from .test_extract_generalise import teaser_cards
from .test_extract_whole import LOREM, URL, assert_kept


def heading_block(rank: int, text: str) -> str:
    """A generator's title block: the heading in wrapping divs."""
    return f"<div class='titlepage'><div><div><h{rank} class='title'>{text}</h{rank}>" \
        "</div></div></div>"


FIELDS = "".join(f"<li><p><b>u_int32_t st_field_{i};</b></p><p>The number of lock requests of "
                 f"kind {i}, granted after a wait, for which the thread of control waited, in this "
                 "environment.</p></li>"
                 for i in range(40))
PARAMETERS = ("<div class='sect2'>" + heading_block(3, "Parameters")
              + "<div class='sect3'>" + heading_block(4, "statp")
              + "<p>The statp parameter references memory into which a pointer to the "
              "allocated statistical structure is copied.</p></div>"
              "<div class='sect3'>" + heading_block(4, "flags")
              + "<p>The flags parameter must be set to 0 or the value DB_STAT_CLEAR, which "
              "resets the statistics after returning their values.</p></div></div>")
ERRORS = ("<div class='sect2'>" + heading_block(3, "Errors")
          + "<div class='sect3'>" + heading_block(4, "EINVAL")
          + "<p>An invalid flag value or parameter was specified.</p></div></div>")
CLASS = ("<div class='sect2'>" + heading_block(3, "Class")
         + "<p><a href='env.html'>Env</a>, <a href='lock.html'>Lock</a></p></div>")
SEE_ALSO = ("<div class='sect2'>" + heading_block(3, "See Also")
            + "<p><a href='lock.html'>Locking Subsystem and Related Methods</a></p></div>")


def function_page(after: str) -> str:
    return ("<html><head><title>Env::lock_stat()</title></head><body>"
            f"{navheader('Env::lock_stat()')}<div class='sect1'>"
            f"{heading_block(2, 'Env::lock_stat()')}"
            "<pre class='programlisting'>int Env::lock_stat(LOCK_STAT **statp, u_int32_t flags);"
            "</pre><p>The Env::lock_stat() method returns the locking subsystem statistics.</p>"
            "<p>The following fields will be filled in:</p>"
            f"<div class='itemizedlist'><ul>{FIELDS}</ul></div>"
            "<p>The method may not be called before the environment is opened.</p>"
            f"{after}</div><div class='navfooter'><a href='prev.html'>Prev</a> "
            "<a href='index.html'>Home</a> <a href='next.html'>Next</a></div></body></html>")


def section_and_block(html: str, block: str = "itemizedlist"
                      ) -> tuple[HtmlElement, HtmlElement, dict[HtmlElement, _Stats]]:
    """The page's section (``div.sect1``), its block (the ``div`` of class ``block``) and
    the page's measurements, to ask ``_in_section_text`` of."""
    body = lxml.html.document_fromstring(html).find("body")
    assert body is not None
    stats = _measure(body)
    return body.find(".//div[@class='sect1']"), body.find(f".//div[@class='{block}']"), stats


def test_a_sections_list_among_its_text_and_subsections_widens_to_the_section() -> None:
    # the list is three quarters of the section: what else the section holds is its
    # synopsis, a few paragraphs and its subsections, some of them lists of API links
    section, block, stats = section_and_block(function_page(PARAMETERS + ERRORS + CLASS + SEE_ALSO))
    assert _in_section_text(block, section, stats, {})
    e = extract(function_page(PARAMETERS + ERRORS + CLASS + SEE_ALSO), URL)
    assert_kept(e.text, "int Env::lock_stat(LOCK_STAT **statp, u_int32_t flags);",
                "st_field_39", "The method may not be called before the environment",
                "The statp parameter references memory", "resets the statistics after",
                "An invalid flag value or parameter was specified")


def test_a_chapters_list_widens_past_its_sections_headed_at_its_own_rank() -> None:
    # a chapter and its sections headed alike (h2), the sections nested in the chapter's
    # markup: a section of a table of functions after the chapter's list of fields
    table = "".join(f"<tr><td><a href='f{i}.html'>DB_MULTIPLE_{i}()</a></td><td>Initialise "
                    f"the bulk buffer of kind {i} for the next pair</td></tr>" for i in range(8))
    functions = ("<div class='sect1'>" + heading_block(2, "Bulk Operations")
                 + f"<table><tr><th>Function</th><th>Description</th></tr>{table}</table></div>")
    section, block, stats = section_and_block(function_page(functions))
    assert _in_section_text(block, section, stats, {})
    e = extract(function_page(functions), URL)
    assert_kept(e.text, "st_field_39", "Initialise the bulk buffer of kind 7")


def test_other_stories_cards_are_no_subsection_of_a_sections_text() -> None:
    # hostile: the same section followed by a block of other stories' cards under a lower
    # heading is no section of text with its subsections, however the block is headed
    cards = ("<div class='sect2'>" + heading_block(3, "More from the archive")
             + teaser_cards(6, "Arch") + "</div>")
    section, block, stats = section_and_block(function_page(PARAMETERS + cards))
    assert not _in_section_text(block, section, stats, {})


STEPS = ("<div class='orderedlist'><ol><li><p>Opening the inventory, vendor and class catalog "
         "databases.</p></li><li><p>Obtaining a cursor from the inventory database, and "
         "reading each record through it.</p></li><li><p>Displaying each record, converted "
         "back into an object by its binding.</p></li></ol></div>")
EXAMPLE = ("<div class='example'><p class='title'><b>Example 9.1 ReadExample.java</b></p>"
           "<div class='example-contents'><pre class='programlisting'>"
           + "".join(f"    Inventory item{i} = (Inventory) binding.entryToObject(data{i});\n"
                     f"    System.out.println(item{i}.getName() + \", \" + item{i}.getPrice());\n"
                     for i in range(60))
           + "</pre></div></div><br class='example-break'>")


def example_page(steps: str) -> str:
    return ("<html><head><title>Cursor Example</title></head><body>"
            f"{navheader('Cursor Example')}<div class='sect1'>{heading_block(2, 'Cursor Example')}"
            "<p>In the previous example we wrote an application that loads the inventory, "
            "vendor and class catalog databases, and now we read them back.</p>"
            f"<p>The application does the following:</p>{steps}"
            "<p>To begin, we import the classes we need:</p>"
            f"<pre class='programlisting'>import com.example.db.*;</pre>{EXAMPLE}</div>"
            "<div class='navfooter'><a href='prev.html'>Prev</a> <a href='next.html'>Next</a>"
            "</div></body></html>")


def test_a_list_the_sections_text_introduces_widens_with_it() -> None:
    # the example is most of its section: the steps its introduction lists, a list between
    # the paragraphs, are the section's text as much as they are
    section, block, stats = section_and_block(example_page(STEPS), "example")
    assert _in_section_text(block, section, stats, {})
    e = extract(example_page(STEPS), URL)
    assert_kept(e.text, "Obtaining a cursor from the inventory database",
                "Displaying each record, converted back", "item59.getPrice()")


def test_a_list_of_links_among_the_sections_text_does_not_widen_it() -> None:
    # hostile: a list of other pages in the same place is no part of the text
    links = ("<div class='itemizedlist'><ul>" + "".join(
        f"<li><a href='/other{i}.html'>Another example of a cursor, number {i}</a></li>"
        for i in range(6)) + "</ul></div>")
    section, block, stats = section_and_block(example_page(links), "example")
    assert not _in_section_text(block, section, stats, {})


def wrapped_list_page(intro: str) -> str:
    """A chapter's introduction whose list of categories sits in one wrapper with the
    sentence introducing it (DocBook's ``div.itemizedlist``), each entry a link."""
    items = "".join(f"<li class='listitem'><p><a class='xref' href='filters-{i}.html'>Section "
                    f"{i}, “Category number {i} Filters”</a></p></li>" for i in range(3, 12))
    return ("<html><head><title>1. Introduction</title></head><body><div class='sect1'><h2>"
            f"1. Introduction</h2><p>A filter is a special kind of tool. {LOREM}</p><p>{LOREM}"
            f"</p><div class='itemizedlist'><p>{intro}</p><ul class='itemizedlist'>{items}"
            "</ul></div></div></body></html>")


def test_a_list_and_the_sentence_introducing_it_in_one_wrapper_are_kept() -> None:
    # the list of the chapter's categories, in a wrapper with its lead-in ("The filters are
    # divided into several categories:"), went as a block of links (GIMP's help, 91.5 %)
    e = extract(wrapped_list_page("The filters are divided into several categories:"), URL)
    assert_kept(e.text, "The filters are divided into several categories:",
                "Section 7, “Category number 7 Filters”")


def test_a_promotions_lead_and_its_links_in_one_wrapper_still_go() -> None:
    # hostile: the same wrapper under a promotion's lead or a short label: links, pruned
    for intro in ("Read more from our guides on building an application:", "More guides:"):
        e = extract(wrapped_list_page(intro), URL)
        assert_kept(e.text, "A filter is a special kind of tool")
        assert "Category number 7" not in e.text, intro
