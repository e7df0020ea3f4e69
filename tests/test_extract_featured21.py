"""Every page whole (issue 26), session 21 (the lead): a listing's featured post is not the
page's post (``_posttail._featured_post``). A blog's index, category or tag page may show its
newest post whole above the list of the others; that list is the page's content, not a post's
closing teasers. Each test names the loosening it fails under (``bench.loosen``)."""

from __future__ import annotations

from trawl.extract import extract

URL = "https://notes.example.test/category/guide.html"
PROSE = ("The test tools give every extension a test case that compares the Markdown it "
         "renders with the HTML the author expected, line by line, and report the first "
         "place where the two differ, so that a failing test says what went wrong. ")
BANNER = ("<header id='banner'><h1><a href='/'>Python notes</a></h1><nav><ul>"
          "<li><a href='/category/guide.html'>guide</a></li>"
          "<li><a href='/category/news.html'>news</a></li></ul></nav></header>")
FOOTER = "<footer><p>Proudly powered by a static site generator.</p></footer>"
TEASERS = (("Sanitization and Security", "Sun 09 February 2025",
            "The library does not sanitize its output; processing input from an untrusted "
            "source is the caller's to make safe."),
           ("Playground", "Sat 08 February 2025",
            "An editor in the browser renders what you type with the extensions you pick."),
           ("Writing Extensions", "Fri 07 February 2025",
            "Extensions change how the parser reads a document, from a new inline pattern "
            "to a whole block processor."),
           ("Command Line", "Thu 06 February 2025",
            "The module runs from the shell, reads a file or standard input and writes the "
            "HTML to standard output."))


def byline(day: str, iso: str) -> str:
    return (f"<footer class='post-info'><abbr class='published' title='{iso}T00:00:00'>"
            f"Published: {day}</abbr><address class='vcard author'>By "
            "<a class='url fn' href='/author/notes.html'>Notes</a></address>"
            "<p>In <a href='/category/guide.html'>guide</a>.</p></footer>")


def teaser_list(label: str) -> str:
    items = "".join(
        f"<li><article class='hentry'><header><h1><a href='/{t.lower().replace(' ', '-')}"
        f".html' rel='bookmark'>{t}</a></h1></header><div class='entry-content'>"
        f"{byline(d, f'2025-02-0{9 - i}')}<p>{s}</p><a class='readmore' "
        f"href='/{t.lower().replace(' ', '-')}.html'>read more</a></div></article></li>"
        for i, (t, d, s) in enumerate(TEASERS))
    return f"<h1>{label}</h1><hr/><ol class='hfeed'>{items}</ol>"


def test_a_category_page_keeps_its_list_under_the_featured_post() -> None:
    # shape: a category's page shows its newest post whole (its headline linked to the
    # post's page) above the list of its other posts, each dated: the list is the page's
    # (fails with `_posttail:_featured_post=false`)
    featured = ("<aside id='featured' class='body'><article><h1 class='entry-title'>"
                "<a href='/test-tools.html'>Test Tools</a></h1>"
                f"{byline('Mon 10 February 2025', '2025-02-10')}"
                f"<p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p></article></aside>")
    page = ("<html><head><title>Python notes - guide</title></head><body>"
            f"{BANNER}{featured}<section id='content' class='body'>"
            f"{teaser_list('Other articles')}</section>{FOOTER}</body></html>")
    text = extract(page, URL).text
    assert "failing test says what went wrong" in text
    assert "whole block processor" in text and "writes the HTML to standard output" in text


def test_a_posts_linked_headline_does_not_spare_its_reading_list() -> None:
    # hostile: a post's page whose headline is a permalink to itself, named in the page's
    # title, then "Read next" teasers of other posts: they close the post and go
    # (fails with `_posttail:_featured_post=true`)
    post = ("<article><h1 class='entry-title'><a href='/test-tools.html'>Test Tools</a></h1>"
            f"{byline('Mon 10 February 2025', '2025-02-10')}"
            f"<p>{PROSE}</p><p>{PROSE}</p><p>{PROSE}</p>{teaser_list('Read next')}</article>")
    page = ("<html><head><title>Test Tools - Python notes</title></head><body>"
            f"{BANNER}<div id='content'>{post}</div>{FOOTER}</body></html>")
    text = extract(page, "https://notes.example.test/test-tools.html").text
    assert "failing test says what went wrong" in text
    assert "whole block processor" not in text and "Sanitization and Security" not in text
