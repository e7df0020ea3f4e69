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
