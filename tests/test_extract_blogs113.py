"""Every page whole (issue 26, brief 113): a blog's index pages, the newest post set whole
in an ``<aside>`` above the list of the others, each entry its title in a ``<header>`` and
its byline (date, author, category) in a ``<footer>`` at the head of its summary (Pelican's
default theme). One page shape per failure seen, and the hostile shape beside each: the
chrome of a similar shape the rule must still drop. ``_featured.featured_post`` (its
guards ``_alone_in_box``, ``_post_text``), ``leading_byline`` (``_opens_text``,
``_dated``), ``entry_over_byline`` (``_listentry._entry_title_link``)."""

from __future__ import annotations

import lxml.html
from lxml.html import HtmlElement

from trawl.extract import extract
from trawl.extract._featured import entry_over_byline, featured_post

from .test_extract_whole import LOREM, URL, assert_kept

SENTENCES = [
    "The footnotes extension adds a syntax for notes that follow the text they explain.",
    "A note's reference is a caret and a name in brackets, its definition a line below.",
    "Notes are numbered in the order their references appear, whatever their names are.",
    "The back link returns the reader to the reference, with a title the writer may set.",
    "Definitions may hold several paragraphs, each indented by four spaces under the first.",
    "The list of notes is set at the end of the document, after a horizontal rule.",
    "A placeholder may be written where the list should go instead of at the very end.",
    "Unused definitions are left out, and a missing one leaves its reference as text.",
]
ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth"]


def prose(first: int, count: int) -> str:
    return "".join(f"<p>{SENTENCES[(first + i) % len(SENTENCES)]} {LOREM}</p>"
                   for i in range(count))


def byline(day: int, category: str) -> str:
    """A post's byline as a footer at the head of its text, its date a microformat abbr."""
    return (f"<footer class='post-info'><abbr class='published' title='2025-02-{day:02d}T00:00"
            f":00+00:00'>Published: {day:02d} February 2025</abbr><address class='vcard "
            f"author'>By <a href='author/team.html'>Team</a></address><p>In <a href="
            f"'category/{category}.html'>{category}</a>.</p></footer>")


def entry(slug: str, title: str, day: int) -> str:
    return (f"<li><article class='hentry'><header><h1><a href='{slug}.html' rel='bookmark'>"
            f"{title}</a></h1></header><div class='entry-content'>{byline(day, 'guide')}"
            f"<p>This post walks through the {ORDINALS[day % 10]} part of the guide, with "
            f"examples of each option and the output it gives. {LOREM}</p>"
            f"<a class='readmore' href='{slug}.html'>read more</a></div></article></li>")


BANNER = ("<header id='banner'><h1><a href='./'>Markdown notes</a></h1><nav><ul>"
          "<li><a href='category/guide.html'>guide</a></li><li><a href='category/news.html'>"
          "news</a></li></ul></nav></header>")
EXTRAS = ("<section id='extras'><div class='blogroll'><h2>links</h2><ul><li><a href="
          "'https://getpelican.com/'>Pelican</a></li><li><a href='https://www.python.org/'>"
          "Python.org</a></li></ul></div></section><footer id='contentinfo'><address>"
          "Proudly powered by <a href='https://getpelican.com/'>Pelican</a></address>"
          "</footer>")


def home(aside: str) -> str:
    entries = "".join(entry(f"post-{i}", f"Entry number {i}", 10 + i) for i in range(10))
    return (f"<html><head><title>Markdown notes</title></head><body>{BANNER}{aside}"
            f"<section id='content'><h1>Other articles</h1><hr><ol id='posts-list'>{entries}"
            f"</ol><nav><ul><li>Page 1 / 3</li><li><a href='index2.html'>next</a></li></ul>"
            f"</nav></section>{EXTRAS}</body></html>")


FEATURED = ("<aside id='featured'><article><h1 class='entry-title'><a href='footnotes.html'>"
            f"Footnotes</a></h1>{byline(21, 'extensions')}<h2>Summary</h2>{prose(0, 4)}"
            "<h2>Syntax</h2>" + prose(4, 3) + "</article></aside>")


def test_a_featured_post_above_the_list_is_the_pages_text() -> None:
    # the newest post, whole, in an aside above the list: dropped as a sidebar
    text = extract(home(FEATURED), URL).text
    assert_kept(text, SENTENCES[1], SENTENCES[6], "Syntax")
    assert "Python.org" not in text


def test_a_sidebar_widget_of_one_article_of_links_stays_out() -> None:
    # hostile: a sidebar's "recent posts" widget written as one article of links (a heading,
    # a list of links, a line): chrome, whatever its tag's shape (_post_text)
    recent = "".join(f"<li><a href='post-{i}.html'>Release notes of version 2.{i}</a></li>"
                     for i in range(8))
    widget = (f"<aside id='recent'><article><h2>Recent posts</h2><ul>{recent}</ul><p>"
              "<a href='archives.html'>All the posts in the archives</a></p></article></aside>")
    text = extract(home(widget), URL).text
    assert "Recent posts" not in text
    assert "version 2.5" not in text


def test_a_related_posts_box_of_cards_stays_out() -> None:
    # hostile: a "related posts" aside of a label and two cards, the first with a long
    # excerpt: a box of other posts, not the page's (_alone_in_box)
    cards = ("<article><h3><a href='tables.html'>Tables</a></h3>" + prose(2, 3) +
             "</article><article><h3><a href='toc.html'>Table of contents</a></h3><p>"
             "The contents list.</p></article>")
    box = f"<aside class='related'><h2>Related posts</h2>{cards}</aside>"
    text = extract(home(box), URL).text
    assert "Related posts" not in text
    assert "Table of contents" not in text


def test_a_listings_entries_keep_their_titles_and_bylines() -> None:
    # each entry's title (a header of one linked h1) and its byline (a footer opening its
    # summary, its date a microformat abbr): both dropped as chrome
    text = extract(home(""), URL).text
    assert_kept(text, "Entry number 1", "Entry number 3", "Published: 12 February 2025",
                "Published: 13 February 2025")


def test_a_footer_under_a_posts_text_stays_out() -> None:
    # hostile: an entry's footer after its text, dated (share links, the comment count):
    # the article's footer, not its byline (_opens_text)
    def ended(i: int) -> str:
        return (f"<li><article><header><h1><a href='p{i}.html'>Entry number {i}</a></h1>"
                f"</header><div class='entry-content'><p>{SENTENCES[i]} {LOREM}</p><footer>"
                f"<time datetime='2025-02-1{i}'>Posted 1{i} February</time> | Share on "
                f"<a href='https://social.example/share'>Mastodon</a> | 3 comments</footer>"
                "</div></article></li>")
    page = (f"<html><head><title>Notes</title></head><body>{BANNER}<section id='content'>"
            f"<ol>{''.join(ended(i) for i in range(4))}</ol></section>{EXTRAS}</body></html>")
    text = extract(page, URL).text
    assert_kept(text, SENTENCES[2])
    assert "Share on" not in text and "3 comments" not in text


def test_an_undated_box_opening_a_post_stays_out() -> None:
    # hostile: a footer opening an entry's text that is no byline, a newsletter box with no
    # date (_dated)
    def boxed(i: int) -> str:
        return (f"<li><article><header><h1><a href='p{i}.html'>Entry number {i}</a></h1>"
                "</header><div class='entry-content'><footer class='signup'>Subscribe to "
                "the weekly letter <a href='/subscribe'>here</a></footer>"
                f"<p>{SENTENCES[i]} {LOREM}</p></div></article></li>")
    page = (f"<html><head><title>Notes</title></head><body>{BANNER}<section id='content'>"
            f"<ol>{''.join(boxed(i) for i in range(4))}</ol></section>{EXTRAS}</body></html>")
    text = extract(page, URL).text
    assert_kept(text, SENTENCES[3])
    assert "weekly letter" not in text


def test_a_comment_threads_headers_stay_out() -> None:
    # hostile: a post's comment thread below its text, each comment an article whose header
    # names its author (no link) over a dated byline (_entry_title_link)
    def comment(i: int) -> str:
        return (f"<li><article class='comment'><header><h3>Reader{i} Somebody</h3></header>"
                f"<div><footer><time datetime='2025-03-0{i}'>3 March</time></footer>"
                f"<p>Thanks{i}, this helped.</p></div></article></li>")
    page = (f"<html><head><title>Footnotes</title></head><body>{BANNER}<section id="
            f"'content'><article><h1>Footnotes</h1>{prose(0, 6)}</article><h2>Comments</h2>"
            f"<ol>{''.join(comment(i) for i in range(1, 5))}</ol></section>{EXTRAS}"
            "</body></html>")
    text = extract(page, URL).text
    assert_kept(text, SENTENCES[5])
    assert "Reader2 Somebody" not in text


def _element(markup: str) -> HtmlElement:
    return lxml.html.fragment_fromstring(markup)


def test_the_featured_post_rule_refuses_a_widget_and_a_box_of_cards() -> None:
    # hostile, asked of the rule itself (the page's later passes drop both shapes too): a
    # sidebar widget, one article of links under a heading (_post_text), and a "related
    # posts" box, its label and two cards, the first with a long excerpt (_alone_in_box)
    recent = "".join(f"<li><a href='p{i}.html'>Release notes of version 2.{i} and what "
                     "changed in it</a></li>" for i in range(8))
    widget = _element(f"<aside><article><h2>Recent posts</h2><ul>{recent}</ul><p>The newest "
                      "posts of the blog.</p></article></aside>")
    box = _element("<aside class='related'><article><h3><a href='tables.html'>Tables</a></h3>"
                   + prose(2, 3) + "</article><article><h3><a href='toc.html'>Contents</a>"
                   "</h3><p>The contents list.</p></article><p>More in the archive.</p>"
                   "</aside>")
    assert featured_post(_element(FEATURED))
    assert not featured_post(widget)
    assert not featured_post(box)


def test_a_comment_threads_header_is_no_entrys() -> None:
    # hostile, asked of the rule itself: a comment of a thread of four, its header the
    # author's name (no link), a dated byline under it (_entry_title_link)
    thread = _element("<ol>" + "".join(
        f"<li><article><header><h3>Reader{i}</h3></header><div><footer><time datetime="
        f"'2025-03-0{i}'>3 March</time></footer><p>Thanks, this helped.</p></div></article>"
        "</li>" for i in range(1, 5)) + "</ol>")
    listing = _element("<ol>" + "".join(entry(f"p{i}", f"Entry {i}", 10 + i)
                                        for i in range(4)) + "</ol>")
    assert entry_over_byline(listing.find(".//header"))
    assert not entry_over_byline(thread.find(".//header"))


def test_a_news_pages_more_stories_entry_is_no_entry_over_a_byline() -> None:
    # hostile, asked of the rule itself: a news story's list of the author's other stories,
    # each an article in an item, its header its linked title over its date, an excerpt
    # under it (a real page's, whose entries this rule took in and F1 fell): its header
    # holds its date, which is listing_entry_header's to judge (_dated_below)
    def story(i: int) -> str:
        return (f"<li><article class='post'><div class='article-info'><header><h5><a href="
                f"'https://news.example/2019/11/1{i}/story-{i}/'>Other story number {i}</a>"
                f"</h5><div class='entry-meta'><time datetime='2019-11-1{i} 17:10:53'>"
                f"November 1{i}, 2019</time></div></header><div class='excerpt'>Excerpt {i} "
                f"of another story. {LOREM}</div></div></article></li>")
    more = _element("<ul>" + "".join(story(i) for i in range(6)) + "</ul>")
    assert not entry_over_byline(more.find(".//header"))
