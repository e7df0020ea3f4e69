"""Brief 123 (generators of other families): a list's last teaser keeps its byline
(``_teaserline.teasers_line``), and a post's own trailing byline still goes (its guard).

Hugo's Doks theme lists a blog's posts as cards (a linked heading, a summary and a
"Posted in ... on ... by ..." line); a category's or a tag's page of one post is all
card, and its byline, the content's last line, went as the page's own date line. Each
fixture is written here (no bench page)."""

from __future__ import annotations

import importlib

import pytest

from trawl.extract import extract

from .test_extract_whole import assert_kept

teaserline = importlib.import_module("trawl.extract._teaserline")
listentry = importlib.import_module("trawl.extract._listentry")

BLOG = "https://blog.example.test/tags/walks/"
POST = "https://blog.example.test/2026/05/a-walk-along-the-cliffs/"
SUMMARY = ("We left the village at dawn and followed the old path along the cliffs, where "
           "the wind had flattened the grass and the gulls kept pace with us for miles.")
BYLINE = "Posted in Travel on May 4, 2026 by Ann Walker - 3 min read"


def _byline() -> str:
    return ("<p><small>Posted in <a href='/categories/travel/'>Travel</a> on May 4, 2026 by "
            "<a href='/authors/ann/'>Ann Walker</a> - <strong>3 min read</strong></small></p>")


def _page(title: str, main: str) -> str:
    return (f"<html><head><title>{title}</title></head><body>"
            "<header><nav><a href='/'>Home</a> <a href='/blog/'>Blog</a> "
            "<a href='/docs/'>Docs</a> <a href='/about/'>About</a></nav></header>"
            f"<div class='wrap'><div class='content'>{main}</div></div>"
            "<footer><p>Powered by a static site generator.</p></footer></body></html>")


def tag_page_of_one_post() -> str:
    """A tag's page listing its one post as a card: a linked heading, a summary, a byline."""
    card = (f"<div class='card'><div class='card-body'><article><h2><a href='{POST}'>"
            f"A walk along the cliffs</a></h2><p>{SUMMARY}</p>{_byline()}</article>"
            "</div></div>")
    return _page("Walks - My blog", "<h1>Walks</h1><div class='row'><div class='col'>"
                 f"{card}</div></div>")


def post_with_permalink_heading(paragraphs: int = 1) -> str:
    """The post's own page: its heading links to the post itself (a permalink headline), its
    text (a short note: one paragraph, as short as a teaser), and its byline last; the
    page's title is the post's."""
    text = "".join(f"<p>{SUMMARY} Day {i} took us further north.</p>"
                   for i in range(1, paragraphs + 1))
    return _page("A walk along the cliffs - My blog",
                 f"<article><h2><a href='{POST}'>A walk along the cliffs</a></h2>{text}"
                 f"{_byline()}</article>")


def test_a_listed_posts_byline_stays() -> None:
    # the shape: fails with `_teaserline.TEASER_LINES = False` (the byline went as the
    # page's trailing date line)
    e = extract(tag_page_of_one_post(), BLOG)
    assert_kept(e.full_text, SUMMARY, BYLINE)


def test_a_listed_posts_byline_goes_without_the_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    # the loosening itself, run: without the rule the line goes (this test's fixture reaches
    # drop_trailing_meta, the rule is what keeps it). Brief 119's rule, a listed post's
    # closing date line (`_listentry.closes_listed_entry`), keeps this line too: both are
    # switched off, so that the line's keeping is shown to come from the two rules
    monkeypatch.setattr(teaserline, "TEASER_LINES", False)
    monkeypatch.setattr(listentry, "LISTED_ENTRY_DATE", False)
    e = extract(tag_page_of_one_post(), BLOG)
    assert "3 min read" not in e.full_text
    assert "Posted in Travel" not in e.full_text


def test_a_posts_own_byline_still_goes() -> None:
    # hostile: the post's own page, its heading a permalink to itself, reads as a teaser of
    # one; its heading says the page's title, so its byline is the page's own and goes
    # (fails with `says_title` loosened to never match: the next test)
    e = extract(post_with_permalink_heading(), POST)
    assert_kept(e.full_text, SUMMARY)
    assert "3 min read" not in e.full_text


def test_a_long_posts_own_byline_goes() -> None:
    # hostile: a longer post is no teaser (``_signals.TEASER_MAX_CHARS``), whatever its
    # title says
    e = extract(post_with_permalink_heading(4), POST)
    assert "3 min read" not in e.full_text


def test_the_title_guard_is_what_drops_the_posts_byline(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(teaserline, "says_title", lambda heading, title: False)
    e = extract(post_with_permalink_heading(), POST)
    assert "3 min read" in e.full_text
