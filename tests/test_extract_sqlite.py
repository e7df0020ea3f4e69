"""Every page whole (issue 26): the shapes of a hand-built generator's reference (SQLite's
documentation, its own Tcl generator: C API pages, long reference tables, syntax diagrams).
One page shape per failure seen, in neutral class names; and the hostile shape beside each:
what the rule must not keep on an article."""

from __future__ import annotations

from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept, words

from trawl.extract import extract  # isort: skip


def api_page(body: str) -> str:
    """A C API reference page: the site's header (logo, tagline, menu), the API's name and
    the entry's title, its declaration, then its text."""
    return ("<html><head><title>Reset All Bindings</title></head><body>"
            "<div class='top'><a href='../index.html'><img src='logo.gif' alt='Lib'></a>"
            "<ul><li><a href='../index.html'>Home</a><li><a href='../about.html'>About</a>"
            "<li><a href='../docs.html'>Documentation</a></ul></div>"
            "<div class='top'><a href='intro.html'><h2>C Interface</h2></a>"
            "<h2>Reset All Bindings</h2></div>"
            "<blockquote><pre>int lib_clear_bindings(lib_stmt*);</pre></blockquote>"
            f"{body}</body></html>")


def test_a_see_also_sentence_that_says_what_its_links_are_is_kept() -> None:
    # "See also lists of Objects, Constants, and Functions." ends every API page: a
    # sentence of the reference (what its links are), pruned as a "See also" promotion;
    # on a short entry it was a sixth of the page
    body = ("<p>Use this routine to reset all host parameters to NULL.</p>"
            "<p>See also lists of\n <a href='objlist.html'>Objects</a>,\n"
            " <a href='constlist.html'>Constants</a>, and\n"
            " <a href='funclist.html'>Functions</a>.</p>")
    e = extract(api_page(body), URL)
    assert_kept(e.text, "reset all host parameters",
                "See also lists of Objects, Constants, and Functions.")


def test_a_see_also_promotion_of_stories_still_goes() -> None:
    # hostile: a story's "See also" of headlines, as a sentence ("See also our reports on
    # <a>...</a> and <a>...</a>."), and one of its topics under a label's colon
    html = ("<html><head><title>Budget vote</title></head><body><div class='page'>"
            f"{STORY}<p>{LOREM}</p>"
            "<p>See also our reports on <a href='/news/2.html'>Council delays the park</a> "
            "and <a href='/news/3.html'>Mayor answers the critics</a>.</p>"
            "<p>See also: <a href='/t/parks.html'>Parks</a>, "
            "<a href='/t/budget.html'>Budget</a>.</p></div></body></html>")
    e = extract(html, URL)
    got = words(e.text)
    assert_kept(e.text, LOREM)
    for gone in ("council delays", "mayor answers", "our reports", "parks"):
        assert gone not in got, gone


def diagram(*labels: str) -> str:
    """An inline SVG drawing: a box and a text label per label, and an arrow."""
    boxes = "".join(f"<rect x='{40 * i}' y='5' width='30' height='20'/>"
                    f"<text x='{40 * i + 15}' y='15'>{label}</text>"
                    for i, label in enumerate(labels))
    return (f"<div class='img'><svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 600 40'>"
            f"{boxes}<path d='M0,15L600,15'/></svg></div>")


def test_a_diagrams_labels_are_text() -> None:
    # a syntax diagram (SVG) is the statement's grammar: its terms were dropped with the
    # drawing, and a page that is a diagram and a line kept nothing of it
    html = ("<html><head><title>analyze-stmt</title></head><body>"
            "<h1>analyze-stmt</h1>"
            + diagram("ANALYZE", "schema-name", ".", "table-or-index-name", "index-name")
            + f"<p>{LOREM}</p></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "ANALYZE schema-name . table-or-index-name index-name", LOREM)


def test_an_icons_label_and_a_charts_ticks_are_no_text() -> None:
    # hostile: an icon's one label ("?") and a chart's axis ticks (numbers, which say
    # nothing without the drawing) beside a story
    html = ("<html><head><title>Budget vote</title></head><body><div class='page'>"
            f"{STORY}" + diagram("?") + diagram("0", "250", "500", "750", "1000", "k")
            + f"<p>{LOREM}</p></div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, LOREM)
    assert "750" not in e.text and "?" not in e.text.replace(LOREM, "")


def syntax_page(lines: str, *labels: str) -> str:
    """A syntax diagram's page: the site's header, the rule's name, then a container
    holding the diagram (in a wrapper sized for the drawing) and, as its loose text, the
    lines that follow it."""
    return ("<html><head><title>delete-stmt</title></head><body>"
            "<div class='top'><a href='../index.html'><img src='logo.gif' alt='Lib'></a>"
            "<div class='tagline'>Small. Fast. Reliable.<br>Choose any three.</div>"
            "<ul><li><a href='../index.html'>Home</a><li><a href='../about.html'>About</a>"
            "<li><a href='../docs.html'>Documentation</a></ul></div>"
            "<h1>delete-stmt</h1><div class='imgs'><div style='max-width:600px'>"
            + diagram(*labels) + f"</div><br>\n{lines}</div></body></html>")


DELETE = ("WITH", "RECURSIVE", "common-table-expression", ",", "DELETE", "FROM",
          "qualified-table-name", "returning-clause", "expr", "WHERE")


def test_a_figures_lines_of_cross_references_are_kept() -> None:
    # a syntax diagram's "Used by: / References: / See also:" lines: its container's
    # loose text beside the drawing's wrapper, all links; the wrapper was chosen alone
    lines = ("Used by:&nbsp;&nbsp; <a href='./trigger.html'>create-trigger-stmt</a>"
             "&nbsp;&nbsp; <a href='./sql-stmt.html'>sql-stmt</a><br></br>\n"
             "References:&nbsp;&nbsp; <a href='./cte.html'>common-table-expression</a>"
             "&nbsp;&nbsp; <a href='./expr.html'>expr</a><br></br>\n"
             "See also:&nbsp;&nbsp; <a href='../lang_delete.html'>lang_delete.html</a>")
    e = extract(syntax_page(lines, *DELETE), URL)
    assert_kept(e.text, " ".join(DELETE), "Used by: create-trigger-stmt sql-stmt",
                "References: common-table-expression expr", "See also: lang_delete.html")


def test_a_figures_lines_of_headlines_still_go() -> None:
    # hostile: beside a figure, lines of other stories' headlines under a label
    lines = ("Related:&nbsp; <a href='/news/2.html'>Council delays the park</a>"
             "&nbsp; <a href='/news/3.html'>Mayor answers the critics</a><br>\n"
             "More:&nbsp; <a href='/news/4.html'>Rates rise again this spring</a>")
    e = extract(syntax_page(lines, *DELETE), URL)
    got = words(e.text)
    assert_kept(e.text, " ".join(DELETE))
    for gone in ("council delays", "mayor answers", "rates rise"):
        assert gone not in got, gone


def test_a_short_diagrams_terms_and_punctuation_are_text() -> None:
    # a diagram of two terms ("SAVEPOINT savepoint-name"), or of names and punctuation
    # ("table-name ( column-name , )"): a grammar, not an icon or a chart's ticks
    lines = "Used by:&nbsp;&nbsp; <a href='./with.html'>with-clause</a>"
    e = extract(syntax_page(lines, "table-name", "(", "column-name", ")", ","), URL)
    assert_kept(e.text, "table-name ( column-name ) ,", "Used by: with-clause")


# -- a page written flat under its title: its lists and its one or two sections ------------

def titled_page() -> str:
    """A page written flat in the body under the site's header: its title (``h1``), a
    list of features (a line each, with links), then one section (``h2``) and its list
    of uses (a paragraph each)."""
    features = "".join(f"<li><a href='f{i}.html'>Feature {i}</a> works without setup and "
                       f"keeps its data whole after a crash.</li>" for i in range(8))
    uses = "".join(f"<li><p><b>Use {i}.</b> {LOREM}</p></li>" for i in range(6))
    return ("<html><head><title>Features</title></head><body>"
            "<div class='top'><a href='index.html'><img src='logo.gif' alt='Lib'></a>"
            "<div class='tagline'>Small and fast.</div></div>"
            f"<h1>Features Of The Library</h1><p></p><ul>{features}</ul>"
            f"<h2>Suggested Uses</h2><p></p><ul>{uses}</ul></body></html>")


def test_a_page_written_flat_under_its_title_is_whole() -> None:
    # SQLite's features.html: the list of features (a line each) lost to the uses' list
    # beside it, under the section's heading (47 %); whentouse.html its introduction
    e = extract(titled_page(), URL)
    assert_kept(e.text, "Feature 0 works without setup", "Feature 7 works without setup",
                "Suggested Uses", "Use 5.")


def test_entries_headed_inside_under_the_pages_title_are_whole() -> None:
    # SQLite's books.html: under its title, a table per book (its cover, then its title
    # and text in the next cell); one book's table was taken alone (10 %)
    books = "".join(f"<hr><table><tr><td><img src='b{i}.jpg'></td><td><h2>Book {i} (2018)</h2>"
                    f"<p>Author: Writer {i}</p><p>Book {i} explains the file format. {LOREM}"
                    + (f" {LOREM}" * 3 if i == 2 else "") + "</p></td></tr></table>"
                    for i in range(5))
    html = ("<html><head><title>Books</title></head><body>"
            "<div class='top'><a href='index.html'><img src='logo.gif' alt='Lib'></a>"
            f"<div class='tagline'>Small and fast.</div></div><h1>Books About It</h1>{books}"
            "</body></html>")
    e = extract(html, URL)
    assert_kept(e.text, *(f"Book {i} explains the file format" for i in range(5)))


def test_a_smaller_heading_above_the_storys_title_is_no_title() -> None:
    # hostile: a label heading over a ticker's line (a link in it) set in the body above
    # a story's title and text: a heading the story's title outranks is no title over a
    # document, and its line is no part of the story
    html = ("<html><head><title>The council votes</title></head><body>"
            "<h4>Breaking</h4><p>Markets close higher as <a href='/m.html'>the storm</a> "
            "moves east tonight, traders say.</p>"
            f"<h1>The council votes</h1><div class='story'>{STORY}</div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "Paragraph 5 of the story")
    assert "Markets close higher" not in e.text
