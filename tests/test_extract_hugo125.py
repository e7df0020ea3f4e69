"""Brief 125 (hugo to the target): a lead set with the page's headline above a page of
headed parts is the page's text (``_leadblock``: a home page's hero lead over its
features, an author's bio line over the author's posts), and a post's own byline is kept
as written in its metadata (``_byline``, ``metadata["byline"]``), its author too when the
page's JSON-LD names it by reference (``_meta._by_id``).

Each fixture is written here (no bench page); each hostile page is one a loosened rule
would take (the test says which)."""

from __future__ import annotations

import importlib
import re

import pytest

from trawl.extract import extract

leadblock = importlib.import_module("trawl.extract._leadblock")
byline = importlib.import_module("trawl.extract._byline")
meta = importlib.import_module("trawl.extract._meta")

SITE = "https://quill.example.test/"
NAV = ("<div class='sticky-top'><header class='navbar'><nav><a href='/'>Quill</a> "
       "<a href='/docs/'>Docs</a> <a href='/blog/'>Blog</a> <a href='/about/'>About</a>"
       "</nav></header></div>")
FOOT = "<footer class='footer'><p>Powered by a static site generator.</p></footer>"
FEATURES = [
    ("Fast pages", "Every page is built ahead of time, so readers get it at once, and the "
                   "server does no work at all when they ask for it."),
    ("Plain files", "Write in markdown, keep the files in version control, and review each "
                    "change the way you review code, line by line."),
    ("Search built in", "An index of every page is made at build time, so the search box "
                        "answers as the reader types, with no server behind it."),
    ("Dark mode", "Readers switch to a low-light theme with one click, and the site "
                  "remembers their choice on the next visit too."),
]
LEAD = ("Quillpress is a site builder for writing documentation that stays fast, plain "
        "and easy to change.")
BIO = "Ann Walker writes the guides and keeps the theme."
POST_SUMMARY = ("We left the village at dawn and followed the old path along the cliffs, "
                "where the wind had flattened the grass and the gulls kept pace with us.")
BYLINE = ("<p><small>Posted in <a href='/categories/travel/'>Travel</a> on May 4, 2026 by "
          "<a href='/authors/ann/'>Ann Walker</a> - <strong>3 min read</strong></small></p>")
BYLINE_TEXT = "Posted in Travel on May 4, 2026 by Ann Walker - 3 min read"


def _features() -> str:
    """The features, two a row in Bootstrap's centred rows (whose class the scorer weighs
    as content's: the rows win, and the hero is left above them)."""
    rows = "".join(
        "<div class='row justify-content-center text-center'>" + "".join(
            f"<div class='col-lg-5'><h2>{h}</h2><p>{p}</p></div>" for h, p in FEATURES[i:i + 2])
        + "</div>" for i in range(0, len(FEATURES), 2))
    return f"<div class='container'>{rows}</div>"


def _page(title: str, body: str, head: str = "") -> str:
    return (f"<html><head><title>{title}</title>{head}</head><body>{NAV}{body}{FOOT}"
            "</body></html>")


HOME_HEAD = "<meta property='og:site_name' content='Quillpress'>"
"""The site's name as the head says it (``_names_site``: the headline is no site's name)."""


def home_hero_apart() -> str:
    """A home page as Doks lays it out: the hero (the page's title, the lead, a button) in
    the page's content block, the feature sections after that block, in the body."""
    return _page("Quillpress - Documentation made plain",
                 "<div class='wrap' role='document'><div class='content'><section>"
                 "<div class='row'><div class='col'><h1>Documentation made plain</h1></div>"
                 f"<div class='col'><p class='lead'>{LEAD}</p><a class='btn' "
                 "href='/docs/start/' role='button'>Get started</a></div></div></section>"
                 f"</div></div><section class='features'>{_features()}</section>", HOME_HEAD)


def home_hero_within() -> str:
    """The hero and the features in one block: the content is chosen around both."""
    return _page("Quillpress - Documentation made plain",
                 "<div class='page'><section class='hero'><h1>Documentation made plain</h1>"
                 f"<p>{LEAD}</p></section><section class='features'>{_features()}</section>"
                 "</div>", HOME_HEAD)


def author_page() -> str:
    """An author's page: the name and a bio line, then the author's posts as cards (an
    image, a linked heading, a summary, a byline)."""
    cards = "".join(
        f"<div class='col'><div class='card'><img src='/img/{i}.png' alt='Walk {i}'>"
        f"<div class='card-body'><article><h2><a href='/blog/walk-{i}/'>Walk number {i}</a>"
        f"</h2><p>{POST_SUMMARY}</p>{BYLINE}</article></div></div></div>" for i in (1, 2))
    return _page("Ann Walker - Quill blog",
                 "<div class='wrap' role='document'><div class='content'>"
                 "<div class='row'><div class='col'><h1>Ann Walker</h1>"
                 f"<div class='text-center'><p>{BIO}</p></div></div></div>"
                 f"<div class='row cards'>{cards}</div></div></div>")


def article_with_standfirst() -> str:
    """Hostile: an article's title and standfirst above its body, which opens on a
    paragraph: the standfirst is the header's (as the articles' expected texts have it)."""
    body = "".join(f"<p>{POST_SUMMARY} On day {i} the path turned inland, past farms and "
                   "a ruined chapel, before it came back to the sea.</p>" for i in range(6))
    return _page("A walk along the cliffs - Quill blog",
                 "<div class='wrap'><div class='head'><h1>A walk along the cliffs</h1>"
                 "<p>Three days on the coast path, and what we found there.</p></div>"
                 f"<div class='text'>{body}</div></div>")


def banner_over_listing() -> str:
    """Hostile: a site's banner (its name, its tagline: on every page) over the home page's
    list of posts; on the home page the name is the page's title too."""
    posts = "".join(f"<article><h2><a href='/blog/walk-{i}/'>Walk number {i}</a></h2>"
                    f"<p>{POST_SUMMARY}</p></article>" for i in range(1, 4))
    return ("<html><head><title>Quill blog</title></head><body>"
            "<header class='site-head'><h1>Quill blog</h1>"
            "<p>Notes from the coast path, written on the way.</p></header>"
            f"<main><div class='posts'>{posts}</div></main>{FOOT}</body></html>")


def _text(html: str, url: str = SITE) -> str:
    return extract(html, url).full_text


@pytest.mark.parametrize("page", [home_hero_apart, home_hero_within])
def test_a_home_pages_hero_lead_is_its_text(page):
    text = _text(page())
    assert LEAD in text
    assert all(p in text for _, p in FEATURES)


def test_an_author_pages_bio_is_its_text():
    text = _text(author_page(), SITE + "authors/ann/")
    assert BIO in text
    assert "Walk number 2" in text


@pytest.mark.parametrize("page", [home_hero_apart, home_hero_within, author_page])
def test_without_the_rule_the_lead_goes(monkeypatch, page):
    """The loosening: ``LEAD_OVER_PARTS = False`` loses the lead (the shapes above fail)."""
    monkeypatch.setattr(leadblock, "LEAD_OVER_PARTS", False)
    text = _text(page(), SITE + "authors/ann/")
    assert LEAD not in text and BIO not in text


def test_an_articles_standfirst_stays_out():
    text = _text(article_with_standfirst(), SITE + "blog/a-walk/")
    assert "Three days on the coast path" not in text
    assert "ruined chapel" in text


def test_the_standfirst_guard_can_fail(monkeypatch):
    """``_opens_on_heading`` always true: the article's standfirst is taken (the hostile
    above fails)."""
    monkeypatch.setattr(leadblock, "_opens_on_heading", lambda content: True)
    assert "Three days on the coast path" in _text(article_with_standfirst(),
                                                   SITE + "blog/a-walk/")


def test_a_sites_tagline_stays_out():
    text = _text(banner_over_listing())
    assert "Notes from the coast path" not in text
    assert "Walk number 3" in text


def site_hero_over_tag_page(site_meta: bool) -> str:
    """Hostile: a site-wide hero (the site's name, its tagline: on every page, a ``div``, no
    banner's tag) over a tag's list of posts; the site's name is the head's
    ``og:site_name`` (``site_meta``) or the last part of the page's title."""
    posts = "".join(f"<article><h2><a href='/blog/walk-{i}/'>Walk number {i}</a></h2>"
                    f"<p>{POST_SUMMARY}</p></article>" for i in range(1, 4))
    head = "<meta property='og:site_name' content='Quill blog'>" if site_meta else ""
    title = "Walks | Quill blog" if site_meta else "Walks - Quill blog"
    return _page(title, "<div class='wrap'><div class='hero'><h1>Quill blog</h1>"
                 "<p>Notes from the coast path, written on the way.</p></div>"
                 f"<div class='posts'><h2>Walks</h2>{posts}</div></div>", head)


@pytest.mark.parametrize("site_meta", [True, False])
def test_a_site_wide_heros_tagline_stays_out(monkeypatch, site_meta):
    """The tagline under the site's name is no lead of a tag's page; ``_names_site``
    loosened to never: it is taken (the test fails)."""
    page = site_hero_over_tag_page(site_meta)
    text = _text(page, SITE + "tags/walks/")
    assert "Notes from the coast path" not in text
    assert "Walk number 3" in text
    monkeypatch.setattr(leadblock, "_names_site", lambda headline, title: False)
    assert "Notes from the coast path" in _text(page, SITE + "tags/walks/")


# --- a post's own byline, in its metadata ---------------------------------------------

POST_HEAD = ("<script type='application/ld+json'>{\"@context\": \"https://schema.org\", "
             "\"@graph\": [{\"@type\": \"WebPage\", \"@id\": \"https://quill.example.test/"
             "blog/a-walk/\", \"datePublished\": \"2026-05-04\"}, {\"@type\": \"Article\", "
             "\"headline\": \"A walk along the cliffs\", \"author\": {\"@id\": "
             "\"https://quill.example.test/#/schema/person/1\"}}, {\"@type\": \"Person\", "
             "\"@id\": \"https://quill.example.test/#/schema/person/1\", \"name\": "
             "\"Ann Walker\"}]}</script>")


def post(under_title: str = BYLINE, sidebar: str = "") -> str:
    """A post: its title and, under it in its header block, ``under_title``; its text."""
    body = "".join(f"<p>{POST_SUMMARY} Day {i}.</p>" for i in range(3))
    return _page("A walk along the cliffs - Quill blog",
                 "<div class='wrap' role='document'><div class='content'><article>"
                 f"<div class='post-head'><h1>A walk along the cliffs</h1>{under_title}</div>"
                 f"<div class='post-text'>{body}</div></article>{sidebar}</div></div>",
                 POST_HEAD)


def test_a_posts_byline_is_its_metadata():
    e = extract(post(), SITE + "blog/a-walk/")
    assert e.metadata["byline"] == BYLINE_TEXT
    assert "Posted in" not in e.full_text  # (the text keeps no header line, as before)


def test_without_the_rule_no_byline(monkeypatch):
    monkeypatch.setattr(byline, "OWN_BYLINE", False)
    assert extract(post(), SITE + "blog/a-walk/").metadata["byline"] is None


def test_a_standfirst_is_no_byline(monkeypatch):
    page = post("<p>Three days on the coast path, and what we found there.</p>")
    assert extract(page, SITE + "blog/a-walk/").metadata["byline"] is None
    # loosened: any opening reads as a byline's, and the standfirst is taken
    monkeypatch.setattr(byline, "BYLINE_RE", re.compile(""))
    assert extract(page, SITE + "blog/a-walk/").metadata["byline"] is not None


SIDEBAR = ("<aside class='latest'><h1>A walk along the cliffs</h1><p>Posted on June 1, 2026 "
           "by Ben Ross</p></aside>")


def test_a_sidebars_latest_post_byline_is_not_the_pages(monkeypatch):
    """A tag's page named as a post is, its sidebar's latest post set under an ``h1``: the
    page has no byline of its own (``_outside`` loosened to never: the sidebar's is read)."""
    page = _page("A walk along the cliffs - Quill blog",
                 "<div class='content'><h2>Posts tagged walks</h2>"
                 f"<p>{POST_SUMMARY}</p></div>{SIDEBAR}")
    assert extract(page, SITE + "tags/walks/").metadata["byline"] is None
    monkeypatch.setattr(byline, "_outside", lambda el: False)
    assert extract(page, SITE + "tags/walks/").metadata["byline"] is not None


def test_an_author_given_by_reference_is_named(monkeypatch):
    assert extract(post(), SITE + "blog/a-walk/").metadata["author"] == "Ann Walker"
    monkeypatch.setattr(meta, "_by_id", lambda value, jsonld: value)
    assert extract(post(), SITE + "blog/a-walk/").metadata["author"] is None


def test_a_meta_blocks_first_line_is_the_byline(monkeypatch):
    """A meta block under the title holding the byline, then a share box: the byline is
    its first line (``_DEPTH = 0``, no wrapper read through: the share box's words come
    with it)."""
    page = post("<div><p class='meta'>By Ann Walker, May 4, 2026</p><div class='share'>"
                "Share on: <a href='https://social.example.test/share'>Social</a></div></div>")
    assert extract(page, SITE + "blog/a-walk/").metadata["byline"] == \
        "By Ann Walker, May 4, 2026"
    monkeypatch.setattr(byline, "_DEPTH", 0)
    assert "Share on" in extract(page, SITE + "blog/a-walk/").metadata["byline"]
