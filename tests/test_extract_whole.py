"""Every page whole (issue 26): main content that keeps all of the main content.

One page shape per failure seen on documentation sites, in neutral class names where the
point is a structural signal (similar siblings, a main landmark, link lists beside a short
intro, reference tables): the best single block is only a part of such pages. And the
record of it: how much of a page's readable text was kept, and the flag when it was little.
"""

from __future__ import annotations

import re

from trawl.crawler.thin import MIN_DROPPED_PROSE_CHARS, partial_reason, thin_reason
from trawl.extract import Completeness, extract
from trawl.model import PARTIAL_CONTENT

URL = "https://docs.example.org/ref/page.html"
LOREM = ("The value is read once when the process starts, and a change takes effect only "
         "after a restart, so set it in the service's environment, not in a shell profile.")


def words(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def page(body: str, title: str = "Reference") -> str:
    """A documentation page: a top bar, a sidebar of links, the body, a footer."""
    side = "".join(f"<li><a href='/p{i}.html'>Chapter {i}</a></li>" for i in range(12))
    return (f"<!doctype html><html><head><title>{title}</title></head><body>"
            "<div class='top'><a href='/'>Docs</a> <a href='/search'>Search</a></div>"
            f"<div class='wrap'><div class='left'><ul>{side}</ul></div>"
            f"<div class='right'>{body}</div></div>"
            "<div class='bottom'>Copyright 2026 Example. <a href='/legal'>Legal</a></div>"
            "</body></html>")


def assert_kept(text: str, *parts: str) -> None:
    got = words(text)
    lost = [p[:60] for p in parts if words(p) not in got]
    assert not lost, f"lost {len(lost)} of {len(parts)}: {lost[:5]}"


def test_a_long_code_listing_does_not_stand_for_its_page() -> None:
    # a listing rich in commas (a dir() output) outscored every paragraph, and the page was
    # cut down to the section around it
    listing = "['" + "', '".join(f"name_{i}" for i in range(300)) + "']"
    intro = [f"Section {i} explains one more thing about modules. {LOREM}" for i in range(8)]
    body = ("<h1>Modules</h1>" + "".join(
        f"<section><h2>Part {i}</h2><p>{p}</p></section>" for i, p in enumerate(intro))
        + f"<section><h2>The dir() function</h2><p>{LOREM}</p><pre>{listing}</pre></section>")
    e = extract(page(body), URL)
    assert_kept(e.text, *intro, "name_0 name_1", "name_299")


def test_every_entry_of_an_api_reference_is_kept() -> None:
    # one entry far longer than the others (a function with many parameters): the best
    # single block, one of many similar siblings
    entries = [f"<dl class='fn'><dt><code>tool.call_{i}(arg)</code></dt><dd><p>Call number "
               f"{i} of the tool. {LOREM}</p></dd></dl>" for i in range(14)]
    long = ("<dl class='fn'><dt><code>tool.run(args, *, stdin=None, input=None)</code></dt>"
            "<dd>" + "".join(f"<p>Parameter {i}: {LOREM} {LOREM}</p>" for i in range(10))
            + "</dd></dl>")
    body = "<h1>tool</h1><p>The tool module.</p>" + "".join(entries[:7]) + long + \
        "".join(entries[7:])
    e = extract(page(body), URL)
    assert_kept(e.text, *[f"Call number {i} of the tool" for i in range(14)],
                "Parameter 9", "tool.call_13(arg)")


def test_a_configuration_reference_of_many_settings_keeps_them_all() -> None:
    # settings as definition-list entries, the manual's way: one entry was kept of thirty
    settings = "".join(
        f"<dt><span class='term'><code>setting_{i}</code> (<code>integer</code>)</span></dt>"
        f"<dd><p>Sets limit number {i}. {LOREM}</p></dd>" for i in range(30))
    body = (f"<div class='sect1'><h2>Resource settings</h2><p>{LOREM}</p>"
            f"<div class='variablelist'><dl>{settings}</dl></div></div>")
    e = extract(page(body), URL)
    assert_kept(e.text, *[f"setting_{i} integer Sets limit number {i}" for i in range(30)])


def test_a_table_of_functions_and_what_they_do_is_content() -> None:
    # names are links, descriptions are not: a reference table, not a list of links
    rows = "".join(f"<tr><td><a href='#f{i}'><code>func_{i}()</code></a></td><td>Returns the "
                   f"value number {i}.</td></tr>" for i in range(40))
    body = (f"<h1>Functions</h1><p>{LOREM}</p><table><tr><th>Function</th><th>Description"
            f"</th></tr>{rows}</table><h2>Details</h2><p>{LOREM}</p>")
    e = extract(page(body), URL)
    assert_kept(e.text, *[f"func_{i} Returns the value number {i}" for i in range(40)])


def test_a_page_that_is_mostly_a_table_of_contents_keeps_it() -> None:
    toc = "".join(f"<dt><a href='s{i}.html'>{i}. Section about topic {i}</a></dt><dd><dl>"
                  f"<dt><a href='s{i}.html#a'>{i}.1. Its first part</a></dt></dl></dd>"
                  for i in range(25))
    body = (f"<div class='chapter'><h2>Chapter 5. Server configuration</h2>"
            f"<p>This chapter describes the server's settings.</p>"
            f"<div class='toc'><p><b>Table of Contents</b></p><dl>{toc}</dl></div></div>")
    e = extract(page(body), URL)
    assert_kept(e.text, "This chapter describes", *[f"Section about topic {i}"
                                                    for i in range(25)])


def test_a_table_of_contents_in_the_main_landmark_is_kept() -> None:
    toc = "".join(f"<li><a href='t{i}.html'>Topic {i}: how the thing works</a></li>"
                  for i in range(15))
    html = ("<html><head><title>Guide</title></head><body><nav><a href='/'>Home</a></nav>"
            f"<main><h1>Guide</h1><p>{LOREM}</p><p>{LOREM}</p><ul>{toc}</ul></main>"
            "<footer>Copyright 2026 Example. All rights reserved, everywhere.</footer>"
            "</body></html>")
    e = extract(html, URL)
    assert_kept(e.text, LOREM, *[f"Topic {i}: how the thing works" for i in range(15)])
    assert "Copyright" not in e.text and "Home" not in e.text


def test_every_operation_of_an_api_viewer_is_kept() -> None:
    # an OpenAPI viewer's operation blocks: method, path, summary, each alike
    ops = "".join(
        f"<div class='opblock'><div class='summary'><span class='method'>GET</span>"
        f"<span class='path'><a href='#op{i}'>/items/{{id}}/part{i}</a></span>"
        f"<div class='desc'>Returns part {i} of an item, with its fields.</div></div></div>"
        for i in range(12))
    body = (f"<div class='info'><h2>Inventory API</h2><p>{LOREM}</p></div>"
            f"<div class='tag'><h3>items</h3><p>Everything about items.</p>{ops}</div>")
    e = extract(page(body), URL)
    assert_kept(e.text, "Inventory API", "Everything about items",
                *[f"Returns part {i} of an item" for i in range(12)])


def test_teasers_beside_an_article_stay_out() -> None:
    # what the widening must not take back: a column of teasers (similar siblings of each
    # other, not of the article) beside the article
    sentences = [f"Paragraph {i} of the story, with a clause, and another one. {LOREM}"
                 for i in range(6)]
    cards = "".join(f"<div class='card'><a href='/s{i}'><h4>Other story number {i} and its "
                    f"long headline</h4></a><p>A short summary, number {i}, of that.</p></div>"
                    for i in range(8))
    html = ("<html><head><title>Story</title></head><body><div class='w'><div class='x'>"
            "<h1>Story</h1>" + "".join(f"<p>{s}</p>" for s in sentences)
            + f"</div><div class='y'><h3>Most read</h3>{cards}</div></div></body></html>")
    e = extract(html, "https://news.example.org/story.html")
    assert_kept(e.text, *sentences)
    assert "Other story number" not in e.text


def test_teasers_beside_an_article_in_one_main_landmark_stay_out() -> None:
    # a site that puts the whole page in <main>: the article, then a grid of teasers with
    # summaries of their own. The landmark says where the page is, not that all of it is
    # the article: widening to it took the teasers in (precision lost on real-world pages)
    sentences = [f"Paragraph {i} of the story, with a clause, and another one. {LOREM}"
                 for i in range(5)]
    cards = "".join(
        f"<div class='card'><h3><a href='/s{i}'>Other story number {i}</a></h3>"
        f"<p>A summary of that other story, number {i}, with a clause or two, and more "
        f"words.</p></div>" for i in range(10))
    html = ("<html><head><title>Story</title></head><body><nav><a href='/'>Home</a></nav>"
            "<main><div class='story'><h1>Story</h1>"
            + "".join(f"<p>{s}</p>" for s in sentences)
            + f"</div><div class='grid'>{cards}</div></main></body></html>")
    e = extract(html, "https://news.example.org/story.html")
    assert_kept(e.text, *sentences)
    assert "Other story number" not in e.text and "A summary of that" not in e.text


def test_a_cell_of_a_data_table_does_not_stand_for_its_table() -> None:
    # a page of "uses" of a class (Javadoc's shape): small tables of a linked name and a
    # line about it; the best-scoring block was a cell, and the page was cut down to it
    def table(caption: str, row: str) -> str:
        return (f"<table class='uses'><caption><span>{caption}</span></caption>"
                f"<tr><th>Name</th><th>Description</th></tr><tbody><tr>{row}</tr></tbody>"
                "</table>")

    html = ("<html><head><title>Uses of Class Widget</title></head><body>"
            "<nav><a href='/'>Overview</a> <a href='/tree'>Tree</a></nav><main>"
            "<div class='header'><h2>Uses of Class<br>org.example.Widget</h2></div>"
            "<div class='container'><ul class='list'><li class='list'>"
            + table("Packages that use <a href='w.html'>Widget</a>",
                    "<th><a href='#h'>org.example.helper</a></th><td><div class='block'>"
                    "Package containing classes supporting the core code.</div></td>")
            + "</li><li class='list'><ul class='list'><li class='list'><section>"
            "<h3>Uses of <a href='w.html'>Widget</a> in <a href='p.html'>org.example.helper"
            "</a></h3>"
            + table("Methods in <a href='p.html'>org.example.helper</a> that return "
                    "<a href='w.html'>Widget</a>",
                    "<td><code><a href='w.html'>Widget</a></code></td><th><code>"
                    "<a href='w.html#n'>namespaceAware</a>(boolean namespaceAware)</code></th>"
                    "<td><div class='block'>Update the namespace aware setting.</div></td>")
            + "</section></li></ul></li></ul></div></main></body></html>")
    e = extract(html, URL)
    assert_kept(e.full_text, "Uses of Class org.example.Widget", "Packages that use Widget",
                "org.example.helper Package containing classes supporting the core code",
                "Methods in org.example.helper that return Widget",
                "Widget namespaceAware boolean namespaceAware Update the namespace aware")


def test_a_title_set_above_the_content_is_its_headline() -> None:
    # a generator that puts the page's title in a header block of its own before the body
    # (not a heading tag): the title was lost with the header
    body = ("<div class='header'><div class='title'>Widget Class Reference</div></div>"
            f"<div class='contents'><p>The widget. {LOREM}</p><p>{LOREM}</p></div>")
    e = extract(page(body, "proj: Widget Class Reference"), URL)
    assert e.headline == "Widget Class Reference"
    assert e.markdown.startswith("# Widget Class Reference")
    # a line break in a heading is a space, not nothing
    body = f"<h1>Uses of Class<br>org.example.Widget</h1><p>{LOREM}</p><p>{LOREM}</p>"
    assert extract(page(body, "Uses"), URL).headline == "Uses of Class org.example.Widget"


def test_links_inside_code_are_names_not_navigation() -> None:
    # an API page's table of subclasses: each row a linked name in code and no description;
    # counted as link text, the section was a list of links and was pruned
    rows = "".join(f"<tr><td><code>static class</code></td><th><code><span>"
                   f"<a href='Outer.Part{i}.html'>OuterEvaluator.PartNumber{i}</a>"
                   "</span></code></th>"
                   "<td>&nbsp;</td></tr>" for i in range(4))
    body = ("<h1>Uses of Class Outer</h1><p>Packages that use Outer: the selector package, "
            f"which holds the evaluators, and the parser.</p><p>{LOREM}</p><p>{LOREM}</p>"
            "<section><a id='sel'></a>"
            "<h3>Uses of <a href='Outer.html'>Outer</a> in <a href='p.html'>org.example</a>"
            f"</h3><table><caption><span>Subclasses of <a href='Outer.html'>Outer</a> in "
            f"<a href='p.html'>org.example</a></span></caption>{rows}</table></section>")
    e = extract(page(body, "Uses of Class Outer"), URL)
    assert_kept(e.full_text, "Uses of Outer in org.example", "Subclasses of Outer",
                *[f"static class OuterEvaluator.PartNumber{i}" for i in range(4)])


def test_member_signatures_and_declarations_with_links_are_content() -> None:
    # a class reference (Doxygen's shape): a table of declarations, a detailed description,
    # then each member's signature and notes. Every type in a signature is a link, so the
    # members looked like blocks of links beside the description, and were cut away
    def signature(name: str) -> str:
        return (f"<a href='Logger.html'>Logger</a> l, <a href='ns.html#t'>tstring</a> msg, "
                f"const char *file=<a href='cfg.html#f'>CALLER_FILE</a>(), int line=<a "
                f"href='cfg.html#l'>CALLER_LINE</a>() for {name}")
    decls = "".join(f"<tr><td class='l'>&nbsp;</td><td class='r'><a href='#m{i}'>Member{i}"
                    f"</a> ({signature(f'member {i}')})</td></tr>" for i in range(3))
    members = "".join(
        f"<h2 class='memtitle'><a href='#m{i}'>&#9670;</a> Member{i}()</h2><div class='item'>"
        f"<div class='proto'><table><tr><td>Widget::Member{i} (</td><td>{signature(str(i))}"
        f")</td></tr></table></div><div class='doc'><p>Definition at line <a href='w.h#{i}'>"
        f"{50 + i}</a> of file <a href='w.h'>widget.h</a>.</p><p>References <a href='l.html'>"
        f"Logger::forcedLog()</a>, and <a href='l.html#e'>Logger::isEnabledFor()</a>.</p>"
        f"</div></div>" for i in range(3))
    body = (f"<div class='contents'><p>This class is used to trace calls.</p>"
            f"<table class='decls'><tr><td colspan='2'><h2>Public Member Functions</h2></td>"
            f"</tr>{decls}</table><h2>Detailed Description</h2><div class='text'><p>When an "
            f"instance of this class is created, it logs an entry message, and when it is "
            f"destroyed, an exit message. {LOREM}</p></div>"
            f"<h2>Constructor Documentation</h2>{members}</div>")
    e = extract(page(body, "proj: Widget Class Reference"), URL)
    assert_kept(e.full_text, "Public Member Functions", "When an instance of this class",
                *[f"Widget::Member{i} ( Logger l, tstring msg" for i in range(3)],
                *[f"Definition at line {50 + i} of file widget.h" for i in range(3)],
                "References Logger::forcedLog(), and Logger::isEnabledFor()")


def test_a_code_listing_in_divs_keeps_the_lines_that_link_names() -> None:
    # a source listing a line per <div> (Doxygen's shape), each line's names linked to
    # their documentation: a line with more link than text looked like a block of links
    lines = []
    for i in range(1, 41):
        if i % 4 == 0:
            code = (f"<a class='code' href='cfg.html'>log4cplus/config_{i}.hxx</a>")
            code = f"<span class='pp'>#include &lt;{code}&gt;</span>"
        else:
            code = f"<span class='comment'>// line {i}: what the next call does, and why</span>"
        lines.append(f"<div class='line'><a id='l{i}'></a><span class='lineno'>"
                     f"<a href='#l{i}'>{i}</a></span>{code}</div>")
    body = (f"<h1>widget.h</h1><p>Go to the documentation of this file.</p>"
            f"<div class='fragment'>{''.join(lines)}</div>")
    e = extract(page(body, "proj: widget.h Source File"), URL)
    assert_kept(e.text, *[f"{i} include log4cplus config_{i} hxx" for i in range(4, 41, 4)],
                "39 line 39 what the next call does")


def test_the_biggest_section_of_a_long_reference_is_not_the_page() -> None:
    # a module's page: an h1 section with an introduction and guides in h2 sections, then
    # the reference, an h2 section longer than all the rest together; the reference was
    # kept alone
    # (the guides cross-reference the API in their sentences: links, but not a list)
    guides = [f"Guide {i}: how to start a <a href='#Process'>worker process</a>, with a "
              f"<a href='#Queue'>queue</a>, and <a href='#join'>wait for it</a>. {LOREM}"
              for i in range(3)]
    entries = "".join(
        f"<section><h3>Group {g}</h3>" + "".join(
            f"<dl><dt><code>run_{4 * g + i}()</code></dt><dd><p>Runs job {4 * g + i}, with "
            f"the pool, and returns its result.</p><p>{LOREM}</p><p>{LOREM}</p></dd></dl>"
            for i in range(4)) + "</section>" for g in range(4))
    def deep(name: str, text: str) -> str:  # an h2 section of h3 sections
        return (f"<section><span id='{name}'></span><h2>{name}</h2><section><h3>{name} in "
                f"short</h3><p>{text}</p><p>{LOREM}</p></section></section>")

    body = ("<section id='module'><span id='pool'></span><h1>pool — process-based "
            "parallelism</h1><p>Source code: <a href='src/pool.py'>Lib/pool.py</a></p>"
            + deep("Introduction", guides[0])
            + "<section id='reference'><h2>Reference</h2>"
            + "".join(f"<p>Reference note {i}, on the API, in short. {LOREM}</p>"
                      for i in range(6)) + f"{entries}</section>"
            + deep("Guidelines", guides[1]) + deep("Examples", guides[2]) + "</section>")
    e = extract(page(body, "pool — process-based parallelism"), URL)
    assert_kept(e.full_text, "pool process based parallelism",
                *[re.sub("<[^>]+>", "", g) for g in guides], "Runs job 0", "Runs job 15")


def test_a_section_is_not_weighed_by_the_words_of_its_heading_slug() -> None:
    # a section's id is its heading's slug ("creating-...-third-party-tools"): "tools" read
    # as a toolbar's name weighed the section (an intro and its chapters' contents) down as
    # boilerplate, and it was pruned
    chapters = "".join(
        f"<li><a href='c{i}.html'>{i}. Chapter {i}</a><ul>" + "".join(
            f"<li><a href='c{i}.html#s{j}'>{i}.{j}. Section {j} of chapter {i}</a></li>"
            for j in range(6)) + "</ul></li>" for i in range(3))
    slug = "creating-extensions-without-third-party-tools"
    body = ("<div role='main'><section id='extending'><h1>Extending</h1><p>" + LOREM
            + "</p><section id='" + slug + "'><h2>Creating extensions without third party "
            f"tools<a class='headerlink' href='#{slug}'>¶</a></h2><p>This part of the guide "
            "covers creating extensions without the help of other tools. It is meant for the "
            "makers of those tools.</p><div class='toctree-wrapper compound'>"
            f"<ul>{chapters}</ul></div></section></section></div>")
    e = extract(page(body, "Extending"), URL)
    assert_kept(e.text, "This part of the guide covers creating extensions without the help",
                "2.5. Section 5 of chapter 2")


def faq_page(extra: str = "") -> str:
    """A FAQ in a main landmark: its own table of contents (a <nav> of links to its
    questions), then the questions, then ``extra``."""
    questions = [(f"q{i}", f"How do I do thing {i}?") for i in range(8)]
    contents = "".join(f"<li><p><a href='#{k}'>{q}</a></p></li>" for k, q in questions)
    answers = "".join(f"<section id='{k}'><h3>{q}</h3><p>Answer {i}: {LOREM}</p></section>"
                      for i, (k, q) in enumerate(questions))
    return ("<html><head><title>FAQ</title></head><body><nav class='site'><a href='/'>Home"
            "</a> <a href='/docs'>Docs</a></nav><div role='main'><h1>Programming FAQ</h1>"
            f"<nav class='contents' id='contents'><p>Contents</p><ul>{contents}</ul></nav>"
            f"{answers}{extra}</div></body></html>")


def test_the_table_of_contents_of_a_page_in_its_landmark_is_kept() -> None:
    # a FAQ's own table of contents, a <nav> in the main landmark: links to its questions
    e = extract(faq_page(), URL)
    assert_kept(e.text, *[f"Contents How do I do thing {i}" for i in range(1)],
                *[f"How do I do thing {i}? How do I do thing {i + 1}?" for i in range(7)])
    assert "Home" not in e.text


def test_a_page_of_sections_each_a_table_of_contents_keeps_them() -> None:
    # a chapter page: under each heading, a list of the chapter's pages (a table of
    # contents in sections, in the main landmark)
    sections = "".join(
        f"<section id='s{i}'><h2>Group {i}<a class='headerlink' href='#s{i}'>¶</a></h2>"
        "<div class='toctree-wrapper'><ul>" + "".join(
            f"<li><a href='p{i}{j}.html'>Page {j} of group {i}</a></li>" for j in range(5))
        + "</ul></div></section>" for i in range(4))
    html = ("<html><head><title>Objects</title></head><body><nav><a href='/'>Home</a></nav>"
            f"<div role='main'><h1>Objects</h1><p>{LOREM}</p>{sections}</div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, *[f"Group {i} Page 0 of group {i}" for i in range(4)],
                "Page 4 of group 3")


def test_promotions_and_labelled_lists_in_the_landmark_stay_out() -> None:
    # what the sections of links in a landmark must not take in: a "More on this story"
    # list of cards, and a list of topics under a label
    cards = "".join(f"<li><a href='/news/{i}'><div><span>Other story {i} and its headline"
                    f"</span></div><div>1 July 2019</div></a></li>" for i in range(3))
    extra = (f"<div class='more'><div><h2>More on this story</h2></div><ul>{cards}</ul></div>"
             "<div class='submeta'><span>Topics</span><ul>" + "".join(
                 f"<li><a href='/t/{t}'>{t}</a></li>" for t in ("Cities", "Opinion", "Rain"))
             + "</ul></div>")
    e = extract(faq_page(extra), URL)
    assert "Other story" not in e.text and "Opinion" not in e.text
    assert_kept(e.text, "Answer 7")


def test_completeness_is_measured_on_the_readable_text() -> None:
    body = "<h1>Tool</h1>" + "".join(f"<p>Paragraph {i}. {LOREM}</p>" for i in range(10))
    e = extract(page(body), URL)
    c = e.completeness
    assert c is not None and c.ratio is not None
    # the sidebar and top bar are links outside any chrome element: readable, not kept
    assert 0.75 < c.ratio < 1.0 and c.prose_ratio is not None and c.prose_ratio > 0.95
    assert e.metadata["kept_ratio"] == round(c.ratio, 3)
    full = extract(page(body), URL, content="full")
    assert full.completeness is not None and full.completeness.ratio == 1.0
    empty = extract("<html><body></body></html>", URL)
    assert empty.completeness is not None and empty.completeness.ratio is None
    assert "kept_ratio" not in empty.metadata


def test_navigation_chrome_and_hidden_text_are_not_readable() -> None:
    html = ("<html><body><nav>" + "<a href='/x'>menu entry</a> " * 50 + "</nav>"
            "<div hidden>" + "secret words " * 200 + "</div>"
            "<main><h1>Title</h1>" + f"<p>{LOREM}</p>" * 3 + "</main>"
            "<footer>" + "legal words " * 100 + "</footer></body></html>")
    c = extract(html, URL).completeness
    assert c is not None and c.ratio is not None and c.ratio > 0.99


def test_a_page_whose_main_content_dropped_most_of_its_prose_is_flagged() -> None:
    comments = "".join(f"<div class='comment'><p>Reader {i} says: {LOREM}</p></div>"
                       for i in range(12))
    html = ("<html><head><title>Story</title></head><body><article><h1>Story</h1>"
            + f"<p>{LOREM}</p>" * 3 + f"</article><div id='comments'>{comments}</div>"
            "</body></html>")
    e = extract(html, "https://news.example.org/story.html")
    reason = thin_reason(stored_words=e.word_count, completeness=e.completeness)
    assert reason is not None and reason.startswith(PARTIAL_CONTENT), reason
    assert "--content full" in reason
    full = extract(html, "https://news.example.org/story.html", content="full")
    assert thin_reason(stored_words=full.word_count, completeness=full.completeness) is None


def test_the_partial_flag_needs_both_a_small_share_and_much_text_dropped() -> None:
    small_page = Completeness(readable=900, kept=300, readable_prose=800, kept_prose=200)
    assert partial_reason(small_page) is None  # a footer's worth: no content lost
    most_kept = Completeness(readable=20_000, kept=12_000, readable_prose=18_000,
                             kept_prose=9_500)
    assert partial_reason(most_kept) is None
    dropped = MIN_DROPPED_PROSE_CHARS * 3
    lost = Completeness(readable=dropped + 600, kept=600, readable_prose=dropped + 500,
                        kept_prose=500)
    reason = partial_reason(lost)
    assert reason is not None and reason.startswith(PARTIAL_CONTENT + "14%"), reason
    assert partial_reason(None) is None
    assert partial_reason(Completeness(0, 0, 0, 0)) is None
