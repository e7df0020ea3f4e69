"""Every page whole (issue 26), API reference pages: a class's summary beside its details,
a long description beside the members it describes. One page shape per failure seen on
generated references (Javadoc, Doxygen), in neutral class names; and the hostile shape
beside each: what the widening must not take in on an article."""

from __future__ import annotations

import lxml.html

from trawl.extract import extract
from trawl.extract._edges import headline_before

from .test_extract_whole import LOREM, URL, assert_kept, page


def class_page(summary_rank: str = "h3") -> str:
    """A class reference in a main landmark: its title, a description, a summary of its
    methods (a table: each a linked name and a line), then the methods' details (each a
    section of its own, at length)."""
    rows = "".join(f"<tr><td><code><a href='#m{i}'>method_{i}</a>(int n)</code></td><td>"
                   f"<div class='block'>Returns the part {i} of the node.</div></td></tr>"
                   for i in range(20))
    details = "".join(
        f"<li><section id='m{i}'><h4>method_{i}</h4><pre>public Node method_{i}(int n)</pre>"
        f"<div class='block'>Detail {i}: what the method does. {LOREM}</div>"
        "</section></li>" for i in range(20))
    return ("<html><head><title>Node</title></head><body><nav><a href='/'>Overview</a> "
            "<a href='/tree'>Tree</a> <a href='/index'>Index</a></nav><main>"
            "<div class='header'><h2>Class Node</h2></div><div class='container'>"
            f"<div class='description'><div class='block'>The base of all nodes. {LOREM}"
            "</div></div>"
            f"<div class='summary'><ul><li><section><{summary_rank}>Method Summary"
            f"</{summary_rank}><table>{rows}</table></section></li></ul></div>"
            f"<div class='details'><ul><li><section><h3>Method Details</h3><ul>{details}"
            "</ul></section></li></ul></div></div></main></body></html>")


def test_a_class_summary_beside_its_details_is_kept() -> None:
    # the details (the best block by far) were kept, and the summary beside them, a table
    # of linked names, was lost: parts headed at one rank are parts of one document
    e = extract(class_page(), URL)
    assert_kept(e.text, "Method Summary", "Method Details", "Detail 19",
                *[f"method_{i} int n Returns the part {i} of the node" for i in range(20)])


def story_beside(extra: str) -> str:
    """A story's section beside ``extra`` in one container."""
    story = "".join(f"<p>Paragraph {i} of the story, with a clause, and more. {LOREM}</p>"
                    for i in range(6))
    return ("<html><head><title>Story</title></head><body><div class='page'>"
            f"<div class='story'><h2>The story</h2>{story}</div>{extra}</div></body></html>")


def test_comments_beside_a_story_are_no_parallel_part() -> None:
    # hostile shape: a comments section (a form) headed at the story's rank, each comment
    # under its author's linked name and a link to reply
    comments = "".join(f"<div class='c'><a href='/u/{i}'>A reader's name {i}</a><p>A reader, "
                       f"number {i}, wrote this: it was good.</p><a href='#r{i}'>Reply to "
                       "this</a></div>" for i in range(8))
    e = extract(story_beside(f"<div class='talk'><h2>Comments</h2>{comments}<form><textarea "
                             "name='c'></textarea><input type='submit' value='Post'></form>"
                             "</div>"), "https://news.example.org/story.html")
    assert_kept(e.text, "Paragraph 0 of the story", "Paragraph 5 of the story")
    assert "A reader" not in e.text


def test_a_list_of_links_beside_a_story_is_no_parallel_part() -> None:
    # hostile shape: a list of other stories headed at the story's rank
    links = "".join(f"<li><a href='/s{i}'>Other story number {i}, and what it is about</a>"
                    "</li>" for i in range(12))
    e = extract(story_beside(f"<div class='more'><h2>Popular</h2><ul>{links}</ul></div>"),
                "https://news.example.org/story.html")
    assert_kept(e.text, "Paragraph 0 of the story", "Paragraph 5 of the story")
    assert "Other story number" not in e.text


def test_a_long_description_does_not_stand_for_its_reference_page() -> None:
    # a class page: a table of its members (linked names, a line each), a long detailed
    # description, then the members' documentation (shorter together than the
    # description): the description was kept alone
    decls = "".join(f"<tr><td class='left'>virtual void </td><td class='right'><a href="
                    f"'#f{i}'>format_{i}</a> (std::ostream &amp;out)</td></tr><tr><td "
                    f"class='desc'>Formats the event {i}.</td></tr>" for i in range(8))
    members = "".join(
        f"<h2 class='memtitle'>format_{i}()</h2><div class='memitem'><div class='memproto'>"
        f"virtual void format_{i} (std::ostream &amp;out)</div><div class='memdoc'><p>"
        f"Writes the event {i} to the stream.</p></div></div>" for i in range(8))
    body = ("<div class='header'><div class='title'>Layout Class Reference</div></div>"
            f"<div class='contents'><table class='memberdecls'><tr><th>Public Member "
            f"Functions</th></tr>{decls}</table><h2>Detailed Description</h2>"
            "<div class='textblock'>" + "".join(f"<p>Description {i}. {LOREM}</p>"
                                                for i in range(5))
            + f"</div><h2>Member Function Documentation</h2>{members}</div>")
    e = extract(page(body, "proj: Layout Class Reference"), URL)
    assert_kept(e.text, "Description 4", "Public Member Functions",
                *[f"format_{i} std ostream out Formats the event {i}" for i in range(8)],
                *[f"Writes the event {i} to the stream" for i in range(8)])


def test_a_story_beside_a_short_list_of_other_stories_stays_a_story() -> None:
    # hostile shape of the one above: a story and, in its parent, a few teasers with
    # summaries (less than the story's text): still not a part of the story
    story = "".join(f"<p>Paragraph {i} of the story, with a clause, and more. {LOREM}</p>"
                    for i in range(6))
    cards = "".join(f"<div class='card'><h3><a href='/s{i}'>Other story {i}</a></h3><p>A "
                    f"summary of that story, number {i}, with a clause.</p></div>"
                    for i in range(5))
    html = ("<html><head><title>Story</title></head><body><div class='page'>"
            f"<div class='story'><h1>Story</h1>{story}</div><div class='cards'>{cards}</div>"
            "</div></body></html>")
    e = extract(html, "https://news.example.org/story.html")
    assert_kept(e.text, "Paragraph 0 of the story", "Paragraph 5 of the story")
    assert "Other story" not in e.text and "A summary of that" not in e.text


def test_a_sentence_that_is_a_link_is_text() -> None:
    # a header file's page: its includes, a graph's caption, and a sentence that links
    # to the file's source ("Go to the source code of this file."): a link paragraph, it
    # was pruned, and a short page lost a third of its words
    body = ("<div class='header'><div class='title'>appender.h File Reference</div></div>"
            "<div class='contents'><div class='textblock'><code>#include &lt;config.h&gt;"
            "</code><br><code>#include &lt;string&gt;</code><br></div>"
            "<div class='textblock'>Include dependency graph for appender.h:</div>"
            "<p><a href='appender_8h_source.html'>Go to the source code of this file.</a>"
            "</p></div>")
    e = extract(page(body, "proj: appender.h File Reference"), URL)
    assert_kept(e.full_text, "appender.h File Reference", "Include dependency graph",
                "Go to the source code of this file")


def test_teaser_questions_and_labelled_promotions_are_not_sentences() -> None:
    # hostile shapes: a linked question between a story's paragraphs (another story's
    # headline), a "Sign up: ..." promotion, a bare "Click here." link
    story = "".join(f"<p>Paragraph {i} of the story, with a clause, and more. {LOREM}</p>"
                    for i in range(6))
    html = ("<html><head><title>Story</title></head><body><div class='story'><h1>Story</h1>"
            f"{story}<p><a href='/other'>Who will make the Hall of Fame in 2020?</a></p>"
            "<p><a href='/news'>Sign up: stay on top of the latest news, every day.</a></p>"
            "<p><a href='/more'>Click here.</a></p>"
            f"<p>The end of the story, and its last words. {LOREM}</p></div></body></html>")
    e = extract(html, "https://news.example.org/story.html")
    assert_kept(e.text, "Paragraph 5 of the story", "The end of the story")
    assert "Hall of Fame" not in e.text and "Sign up" not in e.text
    assert "Click here" not in e.text


def test_a_title_block_naming_the_page_more_closely_than_its_title_is_kept() -> None:
    # a class's member list: the title says "proj: Member List", the title block above the
    # content "proj::net::tcp::Socket Member List" (three words of six in the title)
    rows = "".join(f"<tr><td><a href='s.html#m{i}'>member_{i}()</a></td><td>"
                   "proj::net::tcp::Socket</td></tr>" for i in range(12))
    html = ("<html><head><title>proj: Member List</title></head><body><div class='top'>"
            "<a href='index.html'>Main Page</a> <a href='classes.html'>Classes</a></div>"
            "<div class='header'><div class='headertitle'><div class='title'>"
            "proj::net::tcp::Socket Member List</div></div></div><div class='contents'><p>"
            "This is the complete list of members for <a href='s.html'>proj::net::tcp::Socket"
            f"</a>, including all inherited members.</p><table>{rows}</table></div>"
            "<address class='footer'>Generated by a generator</address></body></html>")
    e = extract(html, URL)
    assert_kept(e.full_text, "proj net tcp Socket Member List", "This is the complete list",
                "member_11")


def test_a_breadcrumb_that_says_the_title_is_no_headline() -> None:
    # hostile shape: a trail of links above the story says every word of its title
    story = "".join(f"<p>Paragraph {i} of the story, with a clause, and more. {LOREM}</p>"
                    for i in range(6))
    html = ("<html><head><title>Rain in the city</title></head><body>"
            "<div class='trail'><a href='/'>Home</a> / <a href='/city'>City news</a> / "
            "<a href='/rain'>Rain in the city</a></div>"
            f"<div class='story'>{story}</div></body></html>")
    e = extract(html, "https://news.example.org/story.html")
    assert_kept(e.text, "Paragraph 0 of the story")
    assert "Home" not in e.full_text and "City news" not in e.full_text


def uses_page(other_tables: str) -> str:
    """A page of the uses of a class: a section per package, each a heading over tables of
    one class (a linked name, a description); one description far longer than the rest."""
    def table(caption: str, rows: list[str]) -> str:
        body = "".join(f"<tr><td><code><a href='w.html'>Widget</a></code></td><th><code>"
                       f"<a href='x.html#m'>{name}</a>()</code></th><td><div class='block'>"
                       f"{text}</div></td></tr>" for name, text in rows)
        return f"<table class='uses'><caption>{caption}</caption>{body}</table>"

    first = table("Methods in org.example that return Widget", [
        ("buffer", f"Reads the body into a buffer. {LOREM}"),
        ("charset", f"Sets the character set. {LOREM}"),
        ("execute", f"Executes the request. {LOREM}")])
    return ("<html><head><title>Uses of Widget</title></head><body><nav><a href='/'>Overview"
            "</a> <a href='/tree'>Tree</a></nav><main><div class='header'><h2>Uses of "
            "Interface org.example.Widget</h2></div><div class='container'><ul><li><section>"
            "<h3>Uses of Widget in org.example</h3>" + first
            + table("Methods in org.example with parameters of type Widget",
                    [("response", "Sets the connection's response.")])
            + "</section></li><li><section><h3>Uses of Widget in org.example.helper</h3>"
            + table("Classes in org.example.helper that implement Widget",
                    [("Response", "The response of a connection, read whole.")])
            + other_tables + "</section></li></ul></div></main></body></html>")


def test_one_table_of_a_page_of_tables_alike_is_not_the_page() -> None:
    # the best block was the table with the long description, and the page was cut to it
    e = extract(uses_page(""), URL)
    assert_kept(e.full_text, "Uses of Interface org.example.Widget", "Reads the body",
                "Executes the request", "Sets the connection's response",
                "Uses of Widget in org.example.helper", "The response of a connection")


def test_tables_alike_do_not_widen_to_the_whole_page() -> None:
    # hostile shape: a page of figures (a table) and, in its footer, a table of the same
    # class (the shop's offers, a link and a line each): their only common container is
    # the page's body, which is no content
    rows = "".join(f"<tr><td>Region {i}</td><td>{i * 7} mm of rain, the most since the "
                   f"records began in the region, by far.</td></tr>" for i in range(30))
    offers = "".join(f"<tr><td><a href='/shop/{i}'>Offer {i} of the shop</a></td><td>only "
                     "this week, while stocks last</td></tr>" for i in range(12))
    html = ("<html><head><title>Rain</title></head><body><h1>Rain</h1>"
            f"<table class='data'>{rows}</table><div class='foot'><div class='shop'>"
            f"<table class='data'>{offers}</table></div></div></body></html>")
    e = extract(html, "https://news.example.org/rain.html")
    assert_kept(e.text, "Region 0", "Region 29")
    assert "Offer" not in e.text and "stocks last" not in e.text


def test_a_section_is_its_heading_and_its_body() -> None:
    # a page of sections, each a heading over a list of classes, one class's entry long:
    # its list was kept, and the headings and the other sections were lost
    def package(name: str, classes: list[str], fields: str = "") -> str:
        items = "".join(f"<li class='block'><section><h3>Class {name}.{c}</h3><div>extends "
                        f"java.lang.RuntimeException implements Serializable</div>{fields}"
                        "</section></li>" for c in classes)
        return (f"<li class='block'><section><h2>Package {name}</h2><ul class='block'>"
                f"{items}</ul></section></li>")

    fields = "".join(f"<h4>Field {i}</h4><pre>int field_{i}</pre><p>What field {i} holds. "
                     f"{LOREM}</p>" for i in range(4))
    html = ("<html><head><title>Serialized Form</title></head><body><nav><a href='/'>"
            "Overview</a></nav><main><div class='header'><h1>Serialized Form</h1></div>"
            "<div class='form'><ul class='block'>"
            + package("org.example", ["Failure", "Timeout"], fields)
            + package("org.example.parser", ["ParseError", "ErrorList"])
            + package("org.example.select", ["Elements", "SelectorError"])
            + "</ul></div></main></body></html>")
    e = extract(html, URL)
    assert_kept(e.full_text, "Serialized Form", "Package org.example",
                "Class org.example.Failure", "What field 3 holds",
                "Package org.example.parser Class org.example.parser.ParseError",
                "Class org.example.select.SelectorError extends")


def test_a_story_with_comments_after_it_is_no_section_body() -> None:
    # hostile shape: a headed story whose container goes on after it with comments: the
    # story is not the body of a section that takes the comments in
    story = "".join(f"<p>Paragraph {i} of the story, with a clause, and more. {LOREM}</p>"
                    for i in range(6))
    comments = "".join(f"<div class='c'><a href='/u/{i}'>A reader's name {i}</a><p>A reader, "
                       f"number {i}, wrote this: it was good.</p><a href='#r{i}'>Reply to "
                       "this</a></div>" for i in range(8))
    html = ("<html><head><title>Story</title></head><body><div class='post'><h1>Story</h1>"
            f"<div class='text'>{story}</div><div class='talk'>{comments}</div></div>"
            "</body></html>")
    e = extract(html, "https://news.example.org/story.html")
    assert_kept(e.text, "Paragraph 0 of the story", "Paragraph 5 of the story")
    assert "A reader" not in e.text


def headline_above(html: str, title: str) -> str | None:
    """The headline ``headline_before`` finds above the page's ``div.content``."""
    root = lxml.html.document_fromstring(html)
    above = headline_before(root.find_class("content")[0], title)
    return None if above is None else above.text_content()


def test_a_heading_that_says_the_page_name_and_its_kind_is_the_headline() -> None:
    # "Annotation Type Nonnull" above the content, the title "Nonnull (proj 1.2 API)": one
    # word in three of the heading is the title's, and the page's only heading was lost
    html = ("<html><body><main><div class='header'><div class='sub'>Package "
            "<a href='p.html'>org.example.internal</a></div><h2>Annotation Type Nonnull</h2>"
            "</div><div class='content'><pre>public @interface Nonnull</pre></div></main>"
            "</body></html>")
    assert headline_above(html, "Nonnull (proj Java Parser 1.2 API)") == \
        "Annotation Type Nonnull"


def test_a_heading_that_only_shares_a_word_with_the_title_is_no_headline() -> None:
    # hostile shape: a heading above the content that says the page's one-word name among
    # many other words is another story's, not the page's name
    html = ("<html><body><div class='promo'><h3>More rain news from all over the country"
            f"</h3></div><div class='content'><p>{LOREM}</p></div></body></html>")
    assert headline_above(html, "Rain - The Daily Example") is None
