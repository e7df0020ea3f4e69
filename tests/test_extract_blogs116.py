"""Every page whole (issue 26, brief 116): blogs and a wiki to the target. A skip link hidden
from sight (``_controls.skip_link``, guard ``_stands_alone``); a post's header of its title
and a meta block under it (``_entryhead.header_meta``, guard ``_banner_parts``); a wiki's
title closing its trail of parent links in the header bar (``_trailtitle.title_after_trail``,
guard ``_closes``); a post's date and author as the hAtom and hCard microformats mark them,
read as metadata (``_meta._microformat_published``, ``_meta._card_author``, guard
``_authors_card``). One page shape per failure seen, and the hostile shape beside each."""

from __future__ import annotations

import lxml.html

from trawl.extract import extract
from trawl.extract._controls import skip_link
from trawl.extract._entryhead import titled_header
from trawl.extract._trailtitle import title_after_trail

from .test_extract_blogs113 import SENTENCES, prose
from .test_extract_whole import LOREM, URL, assert_kept

NAVBAR = ("<nav class='navbar'><ul><li><a href='/archive.html'>Archives</a></li><li><a href="
          "'/categories/'>Tags</a></li><li><a href='/rss.xml'>RSS feed</a></li></ul></nav>")


def blog_page(title: str, body: str, before: str = "") -> str:
    return (f"<html><head><title>{title} | npm notes</title></head><body>{before}"
            f"<header class='blog-header'><a href='/'>npm notes</a></header>{NAVBAR}"
            f"<div id='content'><div class='body-content'>{body}</div>"
            "<footer id='footer'>Contents © 2025 npm</footer></div></body></html>")


SKIP = "<a href='#content' class='sr-only sr-only-focusable'>Skip to main content</a>"
POSTS = ("npm-token", "npm-team", "npm-owner", "npm-org", "npm-config")
TAG_LIST = ("<article class='tagpage'><header><h1>Posts about manage</h1><div class='metadata'>"
            "<p class='feedlink'><a href='../manage.xml' type='application/rss+xml'>RSS feed"
            "</a></p></div></header><ul class='postlist'>" + "".join(
                f"<li><time class='listdate' datetime='2025-02-{28 - i}T12:00:00Z'>2025-02-"
                f"{28 - i} 12:00</time><a href='../../posts/{name}/' class='listtitle'>{name}"
                "</a></li>" for i, name in enumerate(POSTS)) + "</ul></article>")


def test_a_skip_link_hidden_from_sight_stays_out() -> None:
    # a tag's page of a few words: the hidden "Skip to main content" came in with them
    text = extract(blog_page("Posts about manage", TAG_LIST, SKIP), URL).full_text
    assert "Skip to main content" not in text
    assert_kept(text, "npm-token", "npm-team")


def test_a_screen_reader_link_in_a_sentence_stays() -> None:
    # hostile: a link hidden from sight inside a sentence (a screen reader's words of it,
    # "(jump to the notes)"), no control of the frame: the sentence's (_stands_alone)
    html = ("<p>Set the registry first <a href='#notes' class='sr-only'>jump to the "
            "notes</a> and then log in.</p>")
    link = lxml.html.fragment_fromstring(html).find(".//a")
    assert not skip_link(link)
    body = (f"<article><h1>npm-login</h1>{prose(0, 3)}{html}{prose(3, 2)}"
            "<h2 id='notes'>Notes</h2><p>" + LOREM + "</p></article>")
    text = extract(blog_page("npm-login", body), URL).text
    assert_kept(text, "jump to the notes")


POST = ("<article class='post-text h-entry'><header><h1 class='p-name entry-title'><a href="
        "'.'>npm-stars</a></h1><div class='metadata'><p class='byline author vcard'><span "
        "class='byline-name fn'>npm</span></p><p class='dateline'><a href='.'><time class="
        "'published dt-published' datetime='2025-02-23T12:00:00Z'>2025-02-23 12:00</time>"
        "</a></p><p class='sourceline'><a href='index.md'>Source</a></p></div></header>"
        "<div class='e-content entry-content'><h4>Synopsis</h4><pre>npm stars [user]</pre>"
        "<h4>Description</h4>" + prose(0, 3) + "</div></article>")


def test_a_posts_header_with_its_meta_block_keeps_the_title() -> None:
    # a post's header: its title's h1 and a block of its author, date and source links
    # under it: dropped whole as the page's banner, and the title with it
    e = extract(blog_page("npm-stars", POST), URL)
    assert_kept(e.full_text, "npm-stars", SENTENCES[1])


def test_a_tag_pages_header_keeps_its_title() -> None:
    text = extract(blog_page("Posts about manage", TAG_LIST), URL).full_text
    assert_kept(text, "Posts about manage", "npm-token")


def test_a_banner_in_an_articles_header_stays_out() -> None:
    # hostile: a site's banner set in the article's header, the page's title in its h1 and
    # under it a bar of the site's menu with today's date: chrome (_banner_parts)
    menu = "".join(f"<li><a href='/{w}.html'>{w.title()} pages</a></li>"
                   for w in ("guides", "reference", "download", "community", "about"))
    header = (f"<header><h1>npm-stars</h1><div class='bar'><ul>{menu}</ul><time "
              "datetime='2025-02-23'>Sunday</time></div></header>")
    body = (f"<article>{header}<div class='entry-content'><h4>Description</h4>"
            f"{prose(0, 4)}</div></article>")
    banner = lxml.html.fromstring(blog_page("npm-stars", body)).find(".//article/header")
    assert not titled_header(banner, "npm-stars | npm notes")
    text = extract(blog_page("npm-stars", body), URL).full_text
    assert_kept(text, SENTENCES[2])
    assert "Community pages" not in text


def wiki_page(title: str, trail: str, body: str) -> str:
    return (f"<html><head><title>{title}</title></head><body><div class='page'>"
            f"<div class='pageheader'><div class='header'><span>{trail}</span></div></div>"
            f"<div id='pagebody'><div id='content' role='main'>{body}</div></div>"
            "<div id='footer' class='pagefooter' role='contentinfo'><div id='backlinks'>"
            "Links: <a href='../plugins.html'>plugins</a></div><div class='pagedate'>Last "
            "edited <span class='date'>Sun Feb 2 2020</span></div></div></div></body></html>")


TRAIL = ("<span class='parentlinks'><a href='../../index.html'>ikiwiki</a>/ "
         "<a href='../../plugins.html'>plugins</a>/ <a href='../type.html'>type</a>/ </span>")
MAP = ("<p>These plugins support tagging.</p><div class='map'><ul><li><a href='../tag.html'>"
       "tag</a></li><li><a href='../pagestats.html'>pagestats</a></li></ul></div>")


def test_a_wikis_title_after_its_trail_is_the_headline() -> None:
    # a wiki page's title, a word, shown only in its header bar after the parent links
    html = wiki_page("tags", TRAIL + "<span class='title'>tags</span>", MAP)
    e = extract(html, URL)
    assert e.headline == "tags"
    assert "ikiwiki/" not in e.full_text


def test_a_menus_current_page_is_no_trails_title() -> None:
    # hostile: a site's menu showing the current page unlinked among the others' links,
    # its name the page's title: the menu's, no headline (_closes)
    menu = ("<span class='menu'><a href='/'>Home</a> | </span><span class='current'>tags"
            "</span><a href='/about.html'>About us</a>")
    html = wiki_page("tags", menu, MAP)
    current = lxml.html.fromstring(html).find(".//span[@class='current']")
    assert not title_after_trail(current, "tags")
    assert "About us" not in extract(html, URL).full_text


PELICAN_POST = ("<section id='content'><article><header><h1 class='entry-title'><a href="
                "'playground.html'>Playground</a></h1></header><div class='entry-content'>"
                "<footer class='post-info'><abbr class='published' title='2025-02-08T00:00:00"
                "+00:00'>Published: Sat 08 February 2025</abbr><address class='vcard author'>"
                "By <a class='url fn' href='author/ann.html'>Ann Reyes</a></address><p>In "
                "<a href='category/guide.html'>guide</a>.</p></footer>" + prose(0, 3) +
                "</div></article></section>")


def test_a_posts_microformat_byline_is_its_metadata() -> None:
    # the byline's date (an abbr titled with the ISO date) and author (a card's name):
    # the header's scan drops the byline, and the metadata had neither
    html = f"<html><head><title>Playground</title></head><body>{PELICAN_POST}</body></html>"
    meta = extract(html, URL).metadata
    assert meta["published"] == "2025-02-08T00:00:00+00:00"
    assert meta["author"] == "Ann Reyes"


def test_a_commenters_card_is_no_author() -> None:
    # hostile: a commenter's card under the post, its class a card's and the commenter's
    # role ("comment-author vcard"): no author of the post (_authors_card)
    comment = ("<div class='comment'><div class='comment-author vcard'><span class='fn'>"
               "Bob Stone</span> says:</div><p>Thanks for the walk-through.</p></div>")
    body = PELICAN_POST.replace("<address class='vcard author'>By <a class='url fn' href="
                                "'author/ann.html'>Ann Reyes</a></address>", "")
    html = (f"<html><head><title>Playground</title></head><body>{body}{comment}"
            "</body></html>")
    assert extract(html, URL).metadata["author"] is None


ARCHIVE = ("<article class='listpage'><header><h1>Archive</h1></header><ul class='postlist'>"
           "<li><a href='2025/'>2025</a> (83)</li></ul></article>")


def test_an_archives_year_entry_stays() -> None:
    # an archive's index of one year, "2025 (83)" linking to the year's page: dropped as
    # the page's dateline under its title
    text = extract(blog_page("Archive", ARCHIVE), URL).full_text
    assert_kept(text, "Archive", "2025 (83)")


def test_a_posts_dateline_in_a_list_item_stays_out() -> None:
    # hostile: a post's dateline set as a list's item under its title, the date linking to
    # the post itself (its permalink): the byline the header's scan drops (_links_elsewhere)
    body = ("<article><h1>npm-stars</h1><ul><li><a href='.' rel='bookmark'>"
            "2025-02-23</a>, posted by Ann Reyes</li></ul><div class='entry-content'>"
            + prose(0, 4) + "</div></article>")
    text = extract(blog_page("npm-stars", body), URL).full_text
    assert_kept(text, SENTENCES[1])
    assert "Ann Reyes" not in text


def test_a_wiki_page_with_its_own_heading_says_its_title_once() -> None:
    # hostile: the page heads its text with its own h1; the header bar's title only repeats
    # it, and goes with the bar (_own_heading)
    body = "<h1>Vim and ikiwiki</h1>" + prose(0, 3)
    html = wiki_page("vim and ikiwiki", TRAIL + "<span class='title'>vim and ikiwiki</span>",
                     body)
    text = extract(html, URL).full_text
    assert text.lower().count("vim and ikiwiki") == 1
    assert_kept(text, SENTENCES[1])
