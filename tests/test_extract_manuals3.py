"""Every page whole (issue 26, part 7): shapes of SystemTap's documentation (its tapset
reference, DocBook XSL: one page per function or probe; its Beginners Guide, DocBook XSL
through Publican's templates: bench/completeness.py's ``systemtap`` set), after
tests/test_extract_manuals2.py. One page shape per failure seen, and the hostile shape
beside each: what the rule must not keep on an article."""

from __future__ import annotations

import logging

import lxml.html
import pytest

from trawl.extract import extract
from trawl.extract._select import _navigation_class, _over_class
from trawl.extract._tokens import _kinds_of

from .test_extract_docbook import navheader
from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept, words

NAVFOOTER = ("<div class='nf'><hr><table><tr><td><a href='prev.html'>Prev</a></td>"
             "<td><a href='up.html'>Up</a></td><td><a href='next.html'>Next</a></td></tr>"
             "</table></div>")


def tapset_entry(name: str, purpose: str, params: list[tuple[str, str]],
                 description: str = "") -> str:
    """A function's or probe's reference entry: a "Name" block ("name — purpose"), its
    synopsis, its parameters as a variable list (a term, a short description), and a
    description when it has one; the manual's navigation bars around it."""
    items = "".join(f"<dt><span class='term'><em><code>{term}</code></em></span></dt>"
                    f"<dd><p>\n     {desc}\n    </p></dd>" for term, desc in params)
    desc = (f"<div class='refsect1'><h2>Description</h2><p>{description}</p></div>"
            if description else "")
    return (f"<html><head><title>{name}</title></head><body>{navheader(name)}"
            f"<div class='refentry'><div class='titlepage'></div><div class='refnamediv'>"
            f"<h2>Name</h2><p>{name} \u2014 \n     {purpose}\n </p></div>"
            "<div class='refsynopsisdiv'><h2>Synopsis</h2><pre class='programlisting'>\n"
            f"    {name.split('::')[-1]}\n</pre></div><div class='refsect1'><h2>Values</h2>"
            f"<div class='variablelist'><dl class='variablelist'>{items}</dl></div></div>"
            f"{desc}</div>{NAVFOOTER}</body></html>")


def test_a_name_heading_is_no_headline_of_a_title_ending_in_name() -> None:
    # "Name" was taken for the headline of "function::task_execname" (its letters end the
    # title's last word) and its block went with it: the entry's purpose was lost
    e = extract(tapset_entry("function::task_execname", "The name of the task",
                             [("task", "task_struct pointer")],
                             "Return the name of the given task."), URL)
    assert_kept(e.text, "function::task_execname \u2014 The name of the task", "Name",
                "task_struct pointer", "Return the name of the given task.")


def test_a_heading_of_the_titles_words_is_still_its_headline() -> None:
    # hostile: a story's heading that is words of the page's title ("Budget vote" of
    # "Budget vote | The Daily") is still the headline, lifted off the text, said once
    e = extract("<html><head><title>Budget vote | The Daily</title></head><body>"
                f"<div class='page'><article><h2>Budget vote</h2>{STORY}</article></div>"
                "</body></html>", URL)
    assert e.headline == "Budget vote"
    assert "budget vote" not in words(e.text)


def test_short_descriptions_ending_a_variable_list_are_kept() -> None:
    # a probe's values, each described in two words ("file mode", "inode number"), ended
    # the page: taken for a share bar's labels left at the end ("Share", "Comments"), they
    # went one by one from the last
    e = extract(tapset_entry("probe::nfs.fop.release", "NFS client release page operation",
                             [("mode", "file mode"), ("ino", "inode number"),
                              ("dev", "device identifier")]), URL)
    assert_kept(e.text, "NFS client release page operation", "mode file mode",
                "ino inode number", "dev device identifier")


def test_labels_left_at_the_end_of_a_story_still_go() -> None:
    # hostile: a share bar's and a comments block's labels after a story, under no term
    e = extract("<html><head><title>Budget vote</title></head><body><div class='page'>"
                f"<article><h1>Budget vote</h1>{STORY}<div><p>Share</p></div><p>Comments</p>"
                "</article></div></body></html>", URL)
    assert_kept(e.text, STORY.replace("<p>", " ").replace("</p>", " "))
    got = words(e.text).split()
    assert "share" not in got and "comments" not in got


def guide_section(sample: str) -> str:
    """A guide's section (Publican's templates: paragraphs are ``div.para``), its prose
    around a script and, last, an example of its output in a ``div.example-contents`` (a
    class named "...contents", which scores as content does)."""
    xref = "<a class='xref' href='watch.html'>Section 5.2.5, Monitoring Reads</a>"
    paras = "".join(f"<div class='para'>Part {i} of how the script works takes the file's "
                    f"device number and inode number as arguments as in {xref} and prints "
                    f"what changed. For more on these numbers refer to {xref}.</div>"
                    for i in range(3))
    return ("<html><head><title>5.2.6. Monitoring Changes to File Attributes</title></head>"
            "<body><p id='title'></p><ul class='docnav top'><li><a href='prev.html'>"
            "<strong>Prev</strong></a></li><li>The Guide</li><li><a href='next.html'>"
            "<strong>Next</strong></a></li></ul><div class='section'><div class='titlepage'>"
            "<div><div><h3 class='title'>5.2.6. Monitoring Changes to File Attributes</h3>"
            f"</div></div></div>{paras}<div class='example'><p class='title'><strong>"
            "Example 5.11. <a class='xref' href='#inodewatch2'>inodewatch2.stp</a> Sample Output"
            "</strong></p><div class='example-contents'>"
            f"<pre class='screen'>{sample}</pre></div></div></div><ul class='docnav'><li>"
            "<a href='prev.html'><strong>Prev</strong>5.2.5. Monitoring Reads</a></li><li>"
            "<a href='index.html'><strong>Home</strong></a></li></ul></body></html>")


def test_a_sample_named_contents_does_not_stand_for_its_section() -> None:
    # the output sample's wrapper ("example-contents") outscored the section by its class
    # name alone, and the page was cut down to two lines of output (6 % kept)
    sample = ("chmod(17448) inode_setattr 0x800005/6011835 100777 500\n"
              "chmod(17449) inode_setattr 0x800005/6011835 100666 500")
    e = extract(guide_section(sample), URL)
    assert_kept(e.text, *[f"Part {i} of how the script works" for i in range(3)], sample)


def test_a_story_in_a_content_block_keeps_its_place() -> None:
    # hostile: a story's body in a block named "...-content" (its class weighs as the
    # sample's does) inside a wrapper with more prose beside it (a thread of replies): the
    # body holds more prose than a block or two, so its class is no lone reason it won,
    # and the wrapper does not take its place, however much prose it holds
    root = lxml.html.fromstring("<div class='page'><div class='entry-content'><p>story</p>"
                                "</div><div class='thread'><p>replies</p></div></div>")
    body = root.find("div[@class='entry-content']")
    scores = {body: 36.0, root: 12.0}
    assert _over_class(body, scores, {body: 6.0, root: 30.0}) is body
    # the same block holding a code sample's worth of prose yields to the wrapper
    assert _over_class(body, scores, {body: 2.0, root: 30.0}) is root


def guide_page_with_example() -> str:
    """A guide's section (Publican's templates: ``div.para``) under its numbered heading,
    an example captioned "Example 3.15. ..." (a number like a time of day) and a paragraph
    citing another example by its caption."""
    return ("<html><head><title>3.5.2. Reading Values From Arrays</title></head><body>"
            "<div class='section'><div class='titlepage'><div><div><h3 class='title'>"
            "3.5.2. Reading Values From Arrays</h3></div></div></div><div class='para'>You "
            "can also read values from an array the same way you would read the value of a "
            "variable: include the element in a mathematical expression. For example:</div>"
            "<div class='example'><p class='title'><strong>Example 3.15. Using Array Values "
            "in Simple Computations</strong></p><div class='example-contents'><pre "
            "class='screen'>delta = gettimeofday_s() - foo[tid()]</pre></div></div><div "
            "class='para'>This example assumes that the array was built using the construct "
            "in <a class='xref' href='ops.html#ts'>Example 3.14, Associating Timestamps to "
            f"Process Names</a>. {LOREM}</div></div></body></html>")


def test_a_caption_numbered_like_a_time_past_a_div_paragraph_is_kept() -> None:
    # the header's scan (byline, dateline) ran past the body's first paragraph, a <div>:
    # "Example 3.15. Using ..." and a cited "Example 3.14, Associating ..." (short lines
    # with "3.15" in them, as "10:30" is) went as datelines
    e = extract(guide_page_with_example(), URL)
    assert e.headline == "3.5.2. Reading Values From Arrays"
    assert_kept(e.text, "You can also read values from an array",
                "Example 3.15. Using Array Values in Simple Computations",
                "Example 3.14, Associating Timestamps to Process Names")


def test_a_long_byline_in_a_div_under_a_headline_still_goes() -> None:
    # hostile: a story's byline written as a <div> under its headline, long as a paragraph
    # (80-99 characters): a byline, not the body begun
    byline = ("By Jane Doe and John Roe, staff writers reporting from the capital for the "
              "evening desk")
    e = extract("<html><head><title>Budget vote</title></head><body><div class='page'>"
                f"<article><h1>Budget vote</h1><div class='by'>{byline}</div>{STORY}"
                "</article></div></body></html>", URL)
    assert e.headline == "Budget vote"
    assert_kept(e.text, STORY.replace("<p>", " ").replace("</p>", " "))
    assert "jane doe" not in words(e.text)


# a DocBook page's navigation bars (a table of links: Prev / Up / the chapter's title /
# Home / Next, and the titles of the pages before and after it, not links) inside the
# section's own wrapper, beside its prose and a code sample's block named "...-contents"
DOCBOOK_NAVHEADER = (
    "<div class='navheader'><table width='100%'><tr><th colspan='5'>5.3. Generated Columns"
    "</th></tr><tr><td><a href='prev.html'>Prev</a></td><td><a href='up.html'>Up</a></td>"
    "<th>Chapter 5. Data Definition</th><td><a href='index.html'>Home</a></td>"
    "<td><a href='next.html'>Next</a></td></tr></table><hr></div>")
DOCBOOK_NAVFOOTER = (
    "<div class='navfooter'><hr><table width='100%'><tr><td><a href='prev.html'>Prev</a>"
    "</td><td><a href='up.html'>Up</a></td><td><a href='next.html'>Next</a></td></tr><tr>"
    "<td>5.2. Default Values and Identity Columns </td><td><a href='index.html'>Home</a>"
    "</td><td> 5.4. Constraints on Tables and Columns</td></tr></table></div>")
GENERATED = ("<p>A generated column is a special column that is always computed from other "
             "columns, as a view is for tables.</p><p>There are two kinds of generated "
             "columns: stored and virtual, and only the stored kind is implemented.</p>")
SAMPLE = "CREATE TABLE people (height_cm numeric);"


def sect_with_navigation(wrapper: str = "sect1", sample_class: str = "example-contents") -> str:
    return ("<html><head><title>5.3. Generated Columns</title></head><body>"
            f"<div class='{wrapper}'>{DOCBOOK_NAVHEADER}<h2>5.3. Generated Columns</h2>"
            f"{GENERATED}<div class='example'><div class='{sample_class}'><pre>{SAMPLE}</pre>"
            f"</div></div>{DOCBOOK_NAVFOOTER}</div></body></html>")


NAVIGATION_WORDS = ("prev", "up", "next", "home", "chapter", "default", "constraints")


def test_a_class_won_block_yields_to_its_section_without_its_navigation() -> None:
    # hostile: the sample's block (won by its class name) yields to the section around it,
    # which holds the prose; the navigation bars the generator put in the same wrapper are
    # no prose of it (their class says so): they are not taken in with it
    e = extract(sect_with_navigation(), URL)
    assert_kept(e.text, GENERATED.replace("<p>", " ").replace("</p>", " "), SAMPLE)
    got = words(e.text).split()
    assert not [w for w in NAVIGATION_WORDS if w in got], e.text


def test_navigation_is_no_prose_an_ancestor_holds() -> None:
    # the ancestor must hold four times the block's prose outside navigation: a wrapper
    # whose only other text is its navigation bars' (titles of the pages around it, text
    # cells long enough to count as paragraphs) is no section the block is a part of
    root = lxml.html.fromstring(
        f"<div class='page'>{DOCBOOK_NAVHEADER}<div class='example-contents'><pre>{SAMPLE}"
        f"</pre></div>{DOCBOOK_NAVFOOTER}</div>")
    block = root.find("div[@class='example-contents']")
    footer = root.find("div[@class='navfooter']")
    scores = {block: 31.0, root: 8.0}
    assert _over_class(block, scores, {block: 1.0, footer: 2.0, root: 5.0}) is block
    # the same wrapper's prose outside its navigation makes it the section
    assert _over_class(block, scores, {block: 1.0, footer: 2.0, root: 7.0}) is root


def test_navigation_is_named_by_whole_class_tokens() -> None:
    # the parts a class-won block's section is taken without are those its class names
    # navigation by whole tokens: Doxygen's rows of members inherited from a class named
    # "SharedObject" are no share bar ("share" in its letters), and lost their text so
    def el(cls: str) -> lxml.html.HtmlElement:
        return lxml.html.fromstring(f"<div class='{cls}'>x</div>")

    for cls in ("navheader", "navfooter", "docnav top", "sideNav", "breadcrumbs"):
        assert _navigation_class(el(cls)), cls
    for cls in ("memitem inherit pub_methods_classlog4cplus_1_1helpers_1_1SharedObject",
                "canvas", "unavailable", "example-contents", "footnote", "navtable", "navy"):
        assert not _navigation_class(el(cls)), cls


# the Debian Administrator's Handbook (Publican 4.3: bench/completeness.py's ``handbook``):
# DocBook's sidebar, a box set in the text (a tip, a note on a word or on history, under
# its own title), is written as ``div.sidebar`` among the section's paragraphs
SIDEBAR_PARAS = ("Mozilla has a very fast-paced release cycle for Firefox, and only the "
                 "latest version is supported for security issues.",
                 "Debian has both versions packaged, and the ESR one is used by default "
                 "since it is the only version suitable for Stable.")


def handbook_section(box: str = "sidebar", first: bool = False) -> str:
    """A section of the handbook: paragraphs, a sidebar box, a paragraph; ``first``: the
    box opens the section, under its heading."""
    paras = "".join(f"<div class='para'>{p}</div>" for p in SIDEBAR_PARAS)
    sidebar = (f"<div class='{box}'><div class='titlepage'><div><div><p class='title'>"
               "<strong><span class='emphasis'><em>VOCABULARY</em></span> Firefox ESR"
               f"</strong></p></div></div></div>{paras}</div>")
    return ("<html><head><title>13.5. Web Browsers</title></head><body><div id='banner'>"
            "<a href='get.html'><span class='text'>Download the ebook</span></a></div>"
            "<p id='title'><a class='left' href='https://www.debian.org'><img alt='Product "
            "Site' src='l.png'></a></p><ul class='docnav top'><li class='previous'><a href="
            "'p.html'><strong>Prev</strong></a></li><li class='home'>The Handbook</li><li "
            "class='next'><a href='n.html'><strong>Next</strong></a></li></ul>"
            "<div class='section'><div class='titlepage'><div><div><h2 class='title'>13.5. "
            f"Web Browsers</h2></div></div></div>{sidebar if first else ''}<div class='para'>"
            f"Epiphany, the web browser in the GNOME suite, uses the WebKit engine. {LOREM}"
            "</div><div class='para'>Users not satisfied by any of the above can use "
            f"Firefox. {LOREM}</div>{'' if first else sidebar}<div class='para'>"
            "Last, Debian also contains "
            f"the Chromium web browser. {LOREM}</div></div><ul class='docnav'><li class="
            "'previous'><a href='p.html'><strong>Prev</strong>13.4. Graphical</a></li></ul>"
            "</body></html>")


def test_a_sidebar_box_among_a_sections_paragraphs_is_kept() -> None:
    # the boxes went as a page's sidebar by their class: 63 of the handbook's 127 pages
    # kept under 80 % (its tips, notes on vocabulary, culture and history)
    for first in (False, True):  # (between paragraphs; opening the section)
        e = extract(handbook_section(first=first), URL)
        assert_kept(e.text, "Epiphany, the web browser", "VOCABULARY Firefox ESR",
                    *SIDEBAR_PARAS, "Debian also contains the Chromium web browser")


def test_a_pages_sidebar_beside_the_story_still_goes() -> None:
    # hostile: a blog's sidebar of prose (an "about me") beside the story's container, and
    # a sidebar of links set between a story's paragraphs: neither is a box of the text
    about = ("<div class='sidebar'><h3>About me</h3><p>I write about gardens and the "
             "weather, and have done so for many years, from a small town by the sea.</p>"
             "<p>Write to me if you want to know more, or follow me on the networks.</p></div>")
    links = ("<div class='sidebar'><h3>Read next</h3><ul>" + "".join(
        f"<li><a href='/s{i}'>Another story about the weather, number {i}</a></li>"
        for i in range(5)) + "</ul></div>")
    half = STORY.index("<p>Paragraph 3")
    e = extract("<html><head><title>Budget vote</title></head><body><div class='wrap'>"
                f"<article><h1>Budget vote</h1>{STORY[:half]}{links}{STORY[half:]}</article>"
                f"{about}</div></body></html>", URL)
    assert_kept(e.text, STORY.replace("<p>", " ").replace("</p>", " "))
    got = words(e.text)
    assert "gardens" not in got and "another story" not in got


def test_a_sidebar_box_beside_a_line_introducing_a_list_is_kept() -> None:
    # a section's sidebar whose only paragraph beside it is a short line introducing a
    # list ("The various possible actions are:"): a paragraph of the text all the same
    items = "".join(f"<li class='listitem'><div class='para'>send the message to place {i} "
                    f"(example: <code>/var/log/m{i}</code>);</div></li>" for i in range(4))
    paras = "".join(f"<div class='para'>{p}</div>" for p in SIDEBAR_PARAS)
    html = ("<html><head><title>9.5. syslog System Events</title></head><body>"
            "<div class='section'><div class='titlepage'><h2 class='title'>9.5. syslog System "
            f"Events</h2></div><div class='para'>The rsyslogd daemon collects messages. {LOREM}"
            "</div><div class='section'><div class='titlepage'><h3 class='title'>9.5.2. "
            "Syntax of Actions</h3></div><div class='sidebar'><div class='titlepage'><p "
            "class='title'><strong>BACK TO BASICS The named pipe</strong></p></div>"
            f"{paras}</div><div class='para'>The various possible actions are:</div><div "
            f"class='itemizedlist'><ul>{items}</ul></div></div></div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "The rsyslogd daemon collects messages", "BACK TO BASICS The named pipe",
                *SIDEBAR_PARAS, "The various possible actions are:")


def test_a_sidebar_box_after_a_paragraph_holding_its_title_line_is_kept() -> None:
    # a list item's paragraph (Publican's div.para) holds its title line as a block of its
    # own, then its text; the box after it, last in the item, is the item's
    items = "".join(
        f"<li class='listitem'><div class='para'><div class='title'>Guideline {i}.</div>"
        f" The rights attached to the program must apply to all, number {i}. {LOREM}</div>"
        + ("<div class='sidebar'><div class='titlepage'><p class='title'><strong>BACK TO "
           f"BASICS Copyleft</strong></p></div><div class='para'>{SIDEBAR_PARAS[0]}</div>"
           f"<div class='para'>{SIDEBAR_PARAS[1]}</div></div>" if i == 3 else "") + "</li>"
        for i in range(4))
    html = ("<html><head><title>1.2. The Foundation Documents</title></head><body>"
            "<div class='section'><div class='titlepage'><h2 class='title'>1.2. The "
            f"Foundation Documents</h2></div><div class='para'>The guidelines. {LOREM}</div>"
            f"<div class='orderedlist'><ol>{items}</ol></div></div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "The rights attached to the program must apply to all, number 3",
                "BACK TO BASICS Copyleft", *SIDEBAR_PARAS)


def test_a_sidebar_box_citing_an_address_is_no_link_block() -> None:
    # a box whose paragraph ends on the address it cites (a fifth of its text a link):
    # prune weighed its class as chrome's and took it for a block of links
    url = "https://en.wikipedia.org/wiki/Domain_Name_System_Security_Extensions"
    box = ("<div class='sidebar'><div class='titlepage'><p class='title'><strong>CULTURE "
           "DNSSEC</strong></p></div><div class='para'>The DNSSEC norm is quite complex; this "
           "partly explains why it is not in widespread usage yet (even if it perfectly "
           "coexists with DNS servers unaware of DNSSEC). To understand all the "
           "ins and outs, you should check the following article. <div class='url'>\u2192 "
           f"<a href='{url}'>{url}</a></div></div></div>")
    sub = ("<div class='section'><div class='titlepage'><h3 class='title'>10.7.1. DNS "
           f"software</h3></div><div class='para'>Bind supports DNSSEC. {LOREM}</div>"
           f"<div class='para'>Furthermore, Bind supports signing.</div>{box}</div>"
           "<div class='section'><div class='titlepage'><h3 class='title'>10.7.2. "
           "Configuring bind</h3></div><div class='para'>Configuration files for bind have "
           f"the same structure. {LOREM}</div></div>")
    html = ("<html><head><title>10.7. Domain Name Servers</title></head><body>"
            "<div class='section'><div class='titlepage'><h2 class='title'>10.7. Domain Name "
            f"Servers</h2></div>{sub}</div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "Bind supports DNSSEC", "CULTURE DNSSEC",
                "The DNSSEC norm is quite complex", "check the following article")


def test_a_sidebar_box_beside_an_xhtml_paragraph_citing_an_address(
        caplog: pytest.LogCaptureFixture) -> None:
    # Publican writes XHTML, its address lines in another namespace (``xmlns=""``) around a
    # link in XHTML's: elements lxml gives no HtmlElement methods; reading them failed the
    # main-content pass (logged, and the page fell back to its whole body)
    url = "https://specifications.freedesktop.org/menu-spec/latest/"
    paras = "".join(f"<div class='para'>{p}</div>" for p in SIDEBAR_PARAS)
    html = ("<?xml version='1.0' encoding='UTF-8' standalone='no'?>\n<!DOCTYPE html PUBLIC "
            "'-//W3C//DTD XHTML 1.0 Strict//EN' 'http://www.w3.org/TR/xhtml1/DTD/xhtml1-"
            "strict.dtd'><html xmlns='http://www.w3.org/1999/xhtml'><head><title>13.3. "
            "Menus</title></head><body><ul class='docnav top'><li><a href='p.html'>Prev</a>"
            "</li></ul><div class='section'><div class='titlepage'><h2 class='title'>13.3. "
            f"Menus</h2></div><div class='para'>Menus can be customized. {LOREM} <div "
            f"xmlns='' class='url'>\u2192 <a xmlns='http://www.w3.org/1999/xhtml' href='{url}'>"
            f"{url}</a></div></div><div class='sidebar'><div class='titlepage'><p "
            f"class='title'><strong>HISTORY The Debian menu system</strong></p></div>{paras}"
            "</div></div></body></html>")
    with caplog.at_level(logging.WARNING):
        e = extract(html, URL)
    assert "content failed" not in caplog.text
    assert_kept(e.text, "Menus can be customized", "HISTORY The Debian menu system",
                *SIDEBAR_PARAS)
    assert "prev" not in words(e.text).split()


def reference_part(navtable: str = "") -> str:
    """A DocBook XSL reference's page of contents: its title and the entries it lists
    (each a link and its purpose), between the navigation bars (text cells naming the
    pages around it, long enough to score as paragraphs)."""
    entries = "".join(
        f"<dt><span class='refentrytitle'><a href='admon.{n}.html'>admon.{n}</a></span>"
        f"<span class='refpurpose'> \u2014 {p}</span></dt>"
        for n, p in (("graphics.extension", "Filename extension for admonition graphics"),
                     ("graphics.path", "Path to admonition graphics"),
                     ("textlabel", "Use text label in admonitions?")))
    return ("<html><head><title>Admonitions</title></head><body><div class='navheader'>"
            "<table width='100%'><tr><th colspan='3'>Admonitions</th></tr><tr><td><a "
            "href='index.html'>Prev</a></td><th>Part 1. HTML Parameter Reference</th><td><a "
            "href='n.html'>Next</a></td></tr></table><hr></div><div class='reference'><div "
            "class='titlepage'><h1 class='title'>Admonitions</h1></div><div class='toc'><p>"
            f"<b>Table of Contents</b></p><dl class='toc'>{entries}</dl></div>{navtable}</div>"
            "<div class='navfooter'><hr><table width='100%'><tr><td><a href='index.html'>Prev"
            "</a></td><td><a href='index.html'>Up</a></td><td><a href='n.html'>Next</a></td>"
            "</tr><tr><td>Part 1. HTML Parameter Reference and its many parameters </td><td>"
            "<a href='../index.html'>Home</a></td><td> admon.graphics.extension and the rest of "
            "them</td></tr></table></div></body></html>")


def test_a_contents_page_between_navigation_bars_takes_none_of_them() -> None:
    # the navigation bars' text cells were the page's best "paragraphs", and the content
    # grew to the body around them: 22 DocBook XSL pages took in 20 % of words or more
    # ("Prev Up Next Part 1. HTML Parameter Reference Home ..."); "navheader" and
    # "navfooter" name navigation as "nav-header" does
    e = extract(reference_part(), URL)
    assert_kept(e.text, "admon.graphics.extension \u2014 Filename extension for admonition "
                "graphics", "admon.textlabel \u2014 Use text label in admonitions?")
    got = words(e.text).split()
    assert not [w for w in ("prev", "next", "up", "home", "rest") if w in got], e.text


def test_a_table_named_navtable_and_a_navy_block_are_content() -> None:
    # hostile: Berkeley DB names its tables of an API's functions "navtable", and "navy" is
    # a colour: words starting with "nav" that name no navigation
    table = ("<div class='navtable'><table border='1'><thead><tr><th>Historic Interfaces</th>"
             "<th>Description</th></tr></thead><tbody><tr><td><a href='dbm.html'>dbm/ndbm</a>"
             "</td><td>Compatibility for applications written to the historic dbm "
             "interfaces</td></tr><tr><td><a href='hsearch.html'>hsearch</a></td><td>"
             "Compatibility for applications written to the historic hsearch interface</td>"
             "</tr></tbody></table></div><p class='text-navy'>The navy line of the page, said "
             "once.</p>")
    e = extract(reference_part(table), URL)
    assert_kept(e.text, "dbm/ndbm Compatibility for applications written to the historic "
                "dbm interfaces", "hsearch Compatibility", "The navy line of the page")
    for token in ("navheader", "navfooter", "docnav", "topnav", "navbar"):
        assert _kinds_of(token).boiler, token
    for token in ("navtable", "navy", "text-navy", "canvas", "unavailable"):
        assert not _kinds_of(token).boiler, token


def derivative_page(address: str, href: str) -> str:
    """A handbook page on a derivative distribution: a paragraph citing its website, the
    address printed on a line of its own inside the paragraph (Publican's ``div.url``)."""
    return ("<html><head><title>A.6. Kali Linux</title></head><body><div class='section'>"
            "<div class='titlepage'><h2 class='title'>A.6. Kali Linux</h2></div><div "
            "class='para'>Kali Linux is a Debian-based distribution specialising in "
            "penetration testing, security auditing and related subjects known as computer "
            f"forensics. <div class='url'>\u2192 <a href='{href}'>{address}</a></div></div>"
            f"<div class='para'>{LOREM}</div></div></body></html>")


def test_an_address_a_paragraph_prints_is_kept() -> None:
    # the line printing the address a paragraph cites went as a block of links: the
    # handbook's pages on derivatives kept 88-95 %
    e = extract(derivative_page("https://www.kali.org", "https://www.kali.org/"), URL)
    assert_kept(e.text, "known as computer forensics", "https://www.kali.org")


def test_a_link_named_otherwise_or_outside_a_paragraph_still_goes() -> None:
    # hostile: a line of a link named by an address it does not go to (a tracker's), and a
    # line of addresses that is no part of a paragraph (a block of its own between them)
    e = extract(derivative_page("https://www.kali.org", "https://ads.example.net/c?id=3"),
                URL)
    assert "kali org" not in words(e.text)
    links = "".join(f"<a href='https://site{i}.example.org/'>https://site{i}.example.org</a> "
                    for i in range(3))
    e = extract("<html><head><title>Budget vote</title></head><body><article><h1>Budget "
                f"vote</h1>{STORY}<div class='links'>{links}</div>{STORY}</article></body>"
                "</html>", URL)
    assert "site1" not in words(e.text)


def test_a_short_sections_navigation_bar_is_not_taken_in_with_it() -> None:
    # the navigation bar is most of a short page's text, so boilerplate removal spares it
    # by its size (a guard for pages whose "navigation" is their content); the sample's
    # block (won by its class) yields to the section holding the prose, and the bar in
    # the same wrapper, beside the block, is not taken in with the section
    bar = ("<div class='navheader'><table width='100%'><tr><th colspan='3'>Chapter 5. Data "
           "Definition and the Tables of the Database, Their Columns and Constraints</th>"
           "</tr><tr><td><a href='p.html'>Prev</a></td><td><a href='u.html'>Up</a></td><td>"
           "<a href='index.html'>Home</a></td><td><a href='n.html'>Next</a></td></tr>"
           "</table></div>")
    html = ("<html><head><title>5.3. Generated Columns</title></head><body><div "
            f"class='sect1'>{bar}<h2>5.3. Generated Columns</h2><p>A generated column is "
            "computed, stored, never written, always read.</p><div class='example'><div "
            f"class='example-contents'><pre>{SAMPLE}</pre></div></div></div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "A generated column is computed, stored, never written", SAMPLE)
    got = words(e.text).split()
    assert not [w for w in ("prev", "up", "home", "next", "chapter") if w in got], e.text
