"""Every page whole (issue 26, brief 128): a blog's listing of excerpts whose entries set
their meta line (date, category, reading time) in a ``<header>`` over the title, the title
linked to the post in the excerpt's block after it (``_listentry.title_after_header``;
guard: a thread of reviews, its headers over their own unlinked headings); a listing's last page
of one such entry (``_listentry.lone_excerpt``; guard: a link post, its title linked to
what it cites, its text long); and the listing's title header over the entries
(``_listentry.listing_title_header``; guard: a site's banner over a listing). Fixtures
written for these tests, the shape and the hostile shapes beside it."""

from __future__ import annotations

import pytest

from trawl.extract import _listentry, extract

from .test_extract_blogs113 import prose
from .test_extract_whole import URL, assert_kept

POSTS = (("/blog/2025/03/24/river/", "River walks", "March 24, 2025", "walks", 4,
          "Where the path follows the water."),
         ("/blog/2025/03/23/mill/", "The old mill", "March 23, 2025", "history", 8,
          "A mill that ground the valley's grain."),
         ("/blog/2025/03/22/birds/", "Lake birds", "March 22, 2025", "nature", 3,
          "Herons and grebes in spring."))


def entry(href: str, name: str, day: str, category: str, minutes: int, lead: str) -> str:
    """An excerpt: its header of the meta line, then its block of title, lead and link."""
    return ("<article class='post'><header class='post-head'><ul class='meta'>"
            f"<li><time datetime='2025-03-24'>{day}</time></li>"
            f"<li>in <a href='/blog/category/{category}/'>{category}</a></li>"
            f"<li>{minutes} min read</li></ul></header>"
            f"<div class='post-body'><h2><a href='{href}'>{name}</a></h2><p>{lead}</p>"
            f"<nav class='more'><a href='{href}'>Continue reading</a></nav></div></article>")


def listing_page(title: str, heading: str, entries: str, banner: str = "") -> str:
    return (f"<html><head><title>{title} - Field notes</title></head><body>"
            "<header class='site'><a href='/'>Field notes</a><nav><a href='/'>Home</a> "
            "<a href='/blog/'>Blog</a></nav></header><main><div class='content'>"
            f"{banner}<header class='page-title'><h1>{heading}</h1></header>{entries}"
            "<nav class='pages'><a href='/blog/page/2/'>2</a> <a href='/blog/page/3/'>3</a>"
            "</nav></div></main><footer><p>Made with a theme</p></footer></body></html>")


def index(posts: tuple[tuple[str, str, str, str, int, str], ...] = POSTS) -> str:
    return listing_page("Blog", "Blog", "".join(entry(*p) for p in posts))


def test_an_excerpts_meta_line_over_its_title_stays() -> None:
    text = extract(index(), URL).full_text
    assert_kept(text, "March 24, 2025 in walks 4 min read River walks",
                "Where the path follows the water.",
                "March 22, 2025 in nature 3 min read Lake birds")


def test_without_the_rule_the_meta_lines_go(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_listentry, "TITLE_AFTER_HEADER", False)
    text = extract(index(), URL).full_text
    assert "River walks" in text
    assert "min read" not in text and "March 24, 2025" not in text


def review(author: str, day: str, heading: str) -> str:
    return (f"<article><header><span>{author}</span> "
            f"<time datetime='2025-03-24'>{day}</time></header><div>"
            f"<h3>{heading}</h3><p>We walked the river path with the children on a bright "
            "morning, and the guide told us how the mill once ground the valley's grain.</p>"
            "</div></article>")


def _loose_title(header: object) -> bool:
    """``title_after_header`` loosened: any heading after the header is the entry's."""
    after = header.getnext()  # type: ignore[attr-defined]
    first = next(iter(after), None) if after is not None else None
    return first is not None and str(first.tag).startswith("h")


@pytest.mark.parametrize("loosen", [False, True])
def test_a_thread_of_reviews_is_left_as_it_was(monkeypatch: pytest.MonkeyPatch,
                                              loosen: bool) -> None:
    # hostile: a page of visitors' reviews, each an article of a header (the author, the
    # date) over its body, which opens with a heading of its own that links nowhere ("Great
    # walk"): a thread, no listing of pages; the rule leaves it as it was (its headers go
    # with the page's other headers). Loosened (any heading after the header is an entry's
    # title), the headers would stay
    if loosen:
        monkeypatch.setattr(_listentry, "title_after_header", _loose_title)
    thread = "".join(review(a, d, h) for a, d, h in (
        ("Ann", "March 25, 2025", "Great walk"), ("Bo", "March 26, 2025", "Lovely day"),
        ("Cy", "March 27, 2025", "Worth it")))
    html = (f"<html><head><title>Reviews</title></head><body><main><h1>Reviews</h1>"
            f"{thread}</main></body></html>")
    text = extract(html, URL).full_text
    assert_kept(text, "Great walk", "Lovely day", "the mill once ground the valley's grain")
    assert ("March 26, 2025" in text) is loosen


def test_a_listings_last_page_of_one_excerpt_stays() -> None:
    text = extract(index(POSTS[:1]), URL).full_text
    assert_kept(text, "Blog", "March 24, 2025 in walks 4 min read River walks",
                "Where the path follows the water.")


def test_without_the_lone_excerpt_rule_its_meta_line_goes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_listentry, "LONE_EXCERPT_MAX_CHARS", -1)
    text = extract(index(POSTS[:1]), URL).full_text
    assert "River walks" in text
    assert "min read" not in text


@pytest.mark.parametrize("loosen", [False, True])
def test_a_link_posts_own_page_keeps_its_header_out(monkeypatch: pytest.MonkeyPatch,
                                                    loosen: bool) -> None:
    # hostile: a link post's own page, one article, its date in its header over its title
    # linked to the article it cites, then its long text: a post, no excerpt; its date
    # goes as the page's dateline. Loosened (no limit on a lone excerpt), it would stay
    if loosen:
        monkeypatch.setattr(_listentry, "LONE_EXCERPT_MAX_CHARS", 10**6)
    html = ("<html><head><title>A river's story</title></head><body><main><article>"
            "<header><ul class='meta'><li><time datetime='2025-03-24'>March 24, 2025</time>"
            "</li><li>in <a href='/blog/category/walks/'>walks</a></li></ul></header>"
            "<div class='body'><h1><a href='https://news.example.com/rivers'>A river's story"
            f"</a></h1>{prose(0, 5)}</div></article></main></body></html>")
    text = extract(html, URL).full_text
    assert_kept(text, "The footnotes extension adds a syntax")
    assert ("March 24, 2025" in text) is loosen


def test_a_category_pages_title_over_its_excerpts_stays() -> None:
    html = listing_page("walks", "walks", "".join(entry(*p) for p in POSTS))
    text = extract(html, URL).full_text
    assert text.lstrip().startswith("walks")


def test_without_the_title_rule_the_heading_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_listentry, "LISTING_TITLE", False)
    html = listing_page("walks", "walks", "".join(entry(*p) for p in POSTS))
    text = extract(html, URL).full_text
    assert not text.lstrip().startswith("walks")
    assert "River walks" in text


@pytest.mark.parametrize("loosen", [False, True])
def test_a_sites_banner_over_a_listing_goes(monkeypatch: pytest.MonkeyPatch,
                                           loosen: bool) -> None:
    # hostile: the site's banner (its name as the h1, not the page's title) set in the
    # listing's block over the page's own title header and its excerpts: it goes as
    # before. Loosened (any h1 counts as the title), the site's name would stay
    if loosen:
        monkeypatch.setattr(_listentry, "says_title", lambda heading, title: True)
    banner = "<header class='banner'><h1>Field notes</h1></header>"
    entries = "".join(entry(*p) for p in POSTS)
    html = listing_page("Blog", "Blog", entries, banner).replace(
        "<header class='page-title'><h1>Blog</h1></header>", "")
    text = extract(html, URL).full_text
    assert "River walks" in text
    assert ("Field notes" in text) is loosen
