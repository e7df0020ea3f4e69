"""Every page whole (issue 26, brief 128): a listed post's date in a short list of posts
(``_listentry.listed_item_date``). A blog's home page lists its latest posts, each a list
item of the post's title (a link to it) and its date; three of them are too short to hold
a paragraph, and ``_edges.strip_header`` took each date for the page's dateline (an
archive's longer list ended the header and kept its dates). Guards: the post's own byline
written as a list (the date an item, the tags the others), a byline of one item, a list
whose links lead to the page itself. Fixtures written for these tests, the shape and the
hostile shapes beside it."""

from __future__ import annotations

import pytest

from trawl.extract import _listentry, extract

from .test_extract_blogs113 import prose
from .test_extract_whole import URL, assert_kept


def blog_page(title: str, body: str) -> str:
    """A starter blog's page: the site's name and menu in its header, ``main``, a footer."""
    return (f"<html><head><title>{title}</title></head><body>"
            "<header><a href='/'>Field notes</a><nav><ul><li><a href='/'>Home</a></li>"
            "<li><a href='/blog/'>Archive</a></li><li><a href='/about/'>About</a></li></ul>"
            f"</nav></header><main id='main'>{body}</main>"
            "<footer><p>Built with a generator</p></footer></body></html>")


# (short: the list's text under 80 characters, too short to end the header as a paragraph
# does; an archive's longer list did, and kept its dates)
POSTS = (("/blog/river/", "Rivers", "24 March 2025", "2025-03-24"),
         ("/blog/mill/", "Mills", "23 March 2025", "2025-03-23"),
         ("/blog/birds/", "Birds", "22 March 2025", "2025-03-22"))


def latest(timed: bool = True, posts: tuple[tuple[str, str, str, str], ...] = POSTS) -> str:
    """The home page's body: its heading, the latest posts (a link and a date each, the
    date a ``time`` or a ``span``), a line to the archive."""
    items = "".join(
        f"<li class='entry'><a href='{href}'>{name}</a> "
        + (f"<time datetime='{iso}'>{day}</time>" if timed else f"<span>{day}</span>")
        + "</li>" for href, name, day, iso in posts)
    return (f"<h1>Latest 3 Posts</h1><ol reversed class='postlist'>{items}</ol>"
            "<p>80 more posts can be found in <a href='/blog/'>the archive</a>.</p>")


@pytest.mark.parametrize("timed", [True, False])
def test_a_short_list_of_posts_keeps_its_dates(timed: bool) -> None:
    text = extract(blog_page("Field notes", latest(timed)), URL).full_text
    assert_kept(text, "Rivers 24 March 2025", "Mills 23 March 2025", "Birds 22 March 2025",
                "80 more posts can be found in the archive")


@pytest.mark.parametrize("timed", [True, False])
def test_without_the_rule_the_dates_go(monkeypatch: pytest.MonkeyPatch, timed: bool) -> None:
    monkeypatch.setattr(_listentry, "LISTED_ITEM_DATES", False)
    text = extract(blog_page("Field notes", latest(timed)), URL).full_text
    assert "Rivers" in text
    assert "24 March 2025" not in text


def post(meta: str) -> str:
    return f"<h1>A walk along the river</h1>{meta}{prose(0, 4)}"


LIST_BYLINE = ("<ul class='post-metadata'><li><time datetime='2025-03-24'>24 March 2025"
               "</time></li><li><a href='/tags/walks/'>walks</a>, </li>"
               "<li><a href='/tags/rivers/'>rivers</a>, </li>"
               "<li><a href='/tags/spring/'>spring</a></li></ul>")


def _loose_item(item: object) -> bool:
    """The per-item test loosened: an item with a link or a date is an entry."""
    return any(n.tag in ("a", "time") for n in item.iter())  # type: ignore[attr-defined]


@pytest.mark.parametrize("loosen", [False, True])
def test_a_posts_byline_written_as_a_list_goes(monkeypatch: pytest.MonkeyPatch,
                                               loosen: bool) -> None:
    # hostile: the post's own byline, a list of its date and its tags (four items: a run
    # long enough), over its text; the date goes as the page's dateline (trawl reads it as
    # the page's metadata). Loosened (an item needs a link or a date, not both), the
    # date would stay
    if loosen:
        monkeypatch.setattr(_listentry, "_dated_link_item", _loose_item)
    e = extract(blog_page("A walk along the river", post(LIST_BYLINE)), URL)
    assert "walks" in e.full_text
    assert ("24 March 2025" in e.full_text) is loosen
    assert e.metadata["published"] == "2025-03-24"


ONE_ITEM_BYLINE = ("<ul class='info'><li>Posted <time datetime='2025-03-24'>24 March 2025"
                   "</time> by <a href='/about/'>Ann Reyes</a></li></ul>")


@pytest.mark.parametrize("loosen", [False, True])
def test_a_byline_of_one_item_goes(monkeypatch: pytest.MonkeyPatch, loosen: bool) -> None:
    # hostile: a byline of one item, its date and its author's page (a link elsewhere):
    # no run of entries. Loosened (a run of one), the date would stay
    if loosen:
        monkeypatch.setattr(_listentry, "ENTRY_RUN_MIN", 1)
    text = extract(blog_page("A walk along the river", post(ONE_ITEM_BYLINE)), URL).full_text
    assert_kept(text, "The footnotes extension adds a syntax")
    assert ("24 March 2025" in text) is loosen


SELF_LINKED = tuple(("." if i == 0 else f"#part-{i}", name, day, iso)
                    for i, (_, name, day, iso) in enumerate(POSTS))


@pytest.mark.parametrize("loosen", [False, True])
def test_a_list_linking_the_page_itself_is_no_listing(monkeypatch: pytest.MonkeyPatch,
                                                      loosen: bool) -> None:
    # hostile: the list's links lead to the page itself (its permalink, its own parts),
    # no other page: the dates at the top are the page's. Loosened (any link counts), they
    # would stay
    if loosen:
        monkeypatch.setattr(_listentry, "_other_page", lambda link: True)
    body = latest(True, SELF_LINKED).replace("<p>80 more", prose(0, 3) + "<p>80 more")
    text = extract(blog_page("Field notes", body), URL).full_text
    assert_kept(text, "Mills")
    assert ("23 March 2025" in text) is loosen
