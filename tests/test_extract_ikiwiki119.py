"""Every page whole (issue 26, brief 119): a wiki's short pages. A page of a few short
lines in its main landmark, outscored by the header bar outside it
(``_ownlandmark.unscored_landmark``; guards: the winner's prose, an article in the
landmark); a content of labels only, no body for them to trail
(``_contentend._lines_only``; guard: a body of sentences, text outside the lines); a
listed post's date at its foot (``_listentry.closes_listed_entry``; guards: the page's own
post linked to itself, the entry that is the whole content). Fixtures written for these
tests, one shape per failure seen, and the hostile shape beside each."""

from __future__ import annotations

import lxml.html
import pytest

from trawl.extract import _contentend, _listentry, _ownlandmark, extract

from .test_extract_blogs113 import SENTENCES, prose
from .test_extract_whole import URL, assert_kept


def site_page(title: str, body: str, crumbs: str = "", outside: str = "") -> str:
    """A small site's page: a top bar of the crumbs to the page and its title, the page's
    text in its main landmark, a footer with the edit date."""
    bar = ("<div class='top'><div class='header'><span class='uplinks'>"
           "<a href='../../../index.html'>handbook</a> / <a href='../../guides.html'>guides"
           "</a> / <a href='../tips.html'>tips</a> / "
           f"{crumbs}</span><span class='name'>{title}</span></div></div>")
    return (f"<html><head><title>{title}</title></head><body><div class='wrap'>{bar}"
            f"{outside}<div id='body'><div id='text' role='main'>{body}</div></div>"
            "<div class='foot' role='contentinfo'>Edited <span>Mon Mar 3 2021</span></div>"
            "</div></body></html>")


SHORT_LINES = ("<p><a href='./recent.html'>Newest edits first</a></p>"
               "<p><a href='./years.html'>Pages by the year</a></p>"
               "<p><a href='./photos.html'>Photos of the trip</a></p>")


def test_a_short_pages_own_lines_win_over_the_bar() -> None:
    # a page of three short lines of links (none long enough to score as a paragraph):
    # the top bar's crumbs and title scored, and the page's own lines went
    text = extract(site_page("journal", SHORT_LINES), URL).full_text
    assert_kept(text, "Newest edits first", "Pages by the year", "Photos of the trip")
    assert "handbook /" not in text


def test_without_the_landmark_rule_the_bar_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_ownlandmark, "UNSCORED_LANDMARK", False)
    text = extract(site_page("journal", SHORT_LINES), URL).full_text
    assert "Photos of the trip" not in text


HEADER_BAR = ("<header class='site'><a href='/'>Home</a> <a href='/blog/'>Blog</a> "
              "<a href='/about/'>About us</a></header>")


def test_a_sites_header_bar_goes_beside_an_article() -> None:
    # hostile: a real site's header bar of three links; the page's article in its main
    # landmark scores, the bar is no candidate of it
    html = (f"<html><head><title>Trip notes</title></head><body>{HEADER_BAR}<main><article>"
            f"<h1>Trip notes</h1>{prose(0, 4)}</article></main></body></html>")
    text = extract(html, URL).full_text
    assert_kept(text, SENTENCES[2])
    assert "About us" not in text


LONG_ARTICLE = "<div class='story'><h1>Trip notes</h1>" + prose(0, 5) + "</div>"


@pytest.mark.parametrize("loosen", [False, True])
def test_an_article_outside_a_landmark_of_a_line_stays(monkeypatch: pytest.MonkeyPatch,
                                                       loosen: bool) -> None:
    # hostile: the article is set outside a main landmark that holds a short line
    # ("Comments are loading"): the winner's prose is the page's (WINNER_MAX_MASS)
    if loosen:
        monkeypatch.setattr(_ownlandmark, "WINNER_MAX_MASS", 1e9)
    html = (f"<html><head><title>Trip notes</title></head><body>{HEADER_BAR}"
            f"<div class='columns'><div class='left'>{LONG_ARTICLE}</div><div class='right'>"
            "<main><p>Comments are loading</p></main></div></div></body></html>")
    text = extract(html, URL).full_text
    if loosen:
        assert SENTENCES[3] not in text  # (the guard is what keeps it)
    else:
        assert_kept(text, SENTENCES[1], SENTENCES[3])


LABELS = ("<p><a href='./comments.html'>Recent Comments</a></p>"
          "<p><a href='./archives.html'>Archives</a></p><p><a href='./tags.html'>Tags</a>:</p>")


def test_a_page_of_labels_keeps_them(monkeypatch: pytest.MonkeyPatch) -> None:
    # a sidebar shown as a page: three labels, each dropped in its turn as the content's
    # last line ("Tags:", then "Archives", then "Recent Comments"): the page came out empty
    text = extract(site_page("sidebar", LABELS), URL).full_text
    assert_kept(text, "Recent Comments", "Archives", "Tags")
    monkeypatch.setattr(_contentend, "LINES_ALL_META", False)
    assert "Archives" not in extract(site_page("sidebar", LABELS), URL).full_text


SHARE = "<p>Posted in News</p><p>Share</p>"


def test_a_bodys_trailing_labels_still_go(monkeypatch: pytest.MonkeyPatch) -> None:
    # hostile: a post's body of sentences ends with its category line and a share bar's
    # label, its buttons gone: they trail a body, and go
    html = (f"<html><head><title>Trip notes</title></head><body><main><article>"
            f"<h1>Trip notes</h1>{prose(0, 3)}{SHARE}</article></main></body></html>")
    text = extract(html, URL).full_text
    assert_kept(text, SENTENCES[2])
    assert "Share" not in text and "Posted in" not in text
    monkeypatch.setattr(_contentend, "_lines_only", lambda content, leaves: True)
    assert "Share" in extract(html, URL).full_text  # (loosened: the guard is what matters)


def test_labels_under_a_list_of_sentences_are_no_page_of_labels() -> None:
    # hostile: the body is a list's items (no block the trailing lines are read from):
    # its text is outside the lines, and they trail it
    content = lxml.html.fragment_fromstring(
        "<div><ul><li>" + SENTENCES[0] + "</li><li>" + SENTENCES[1] + "</li></ul>"
        + SHARE + "</div>")
    leaves = list(content.iter("p"))
    assert not _contentend._lines_only(content, leaves)
    only = lxml.html.fragment_fromstring("<div>" + SHARE + "</div>")
    assert _contentend._lines_only(only, list(only.iter("p")))


def entry(slug: str, title: str, text: str) -> str:
    return (f"<div class='item'><div class='item-head'><span><a href='./news/{slug}.html'>"
            f"{title}</a></span></div><div class='item-body'><p>{text}</p></div>"
            "<div class='item-foot'><span>Posted <span class='date'>Mon Mar  3 09:15:00 "
            "2021</span></span></div></div>")


NEWS = ("<p>Announcements of releases are posted here; subscribe to the feed.</p>"
        + entry("v2", "version 2.0", "Version 2.0 is out, with a faster build."))


def test_a_listed_posts_date_at_its_foot_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    # a news page: an introduction, then its post inlined whole, its date at its foot (the
    # last line of the page): the post's, as the other entries' dates are
    text = extract(site_page("news", NEWS), URL).full_text
    assert_kept(text, "version 2.0", "Posted Mon Mar 3 09:15:00 2021")
    monkeypatch.setattr(_listentry, "LISTED_ENTRY_DATE", False)
    assert "Posted" not in extract(site_page("news", NEWS), URL).full_text


OWN_POST = ("<div class='item'><h1><a href='.' rel='bookmark'>version 2.0</a></h1>"
            "<div class='item-body'>" + prose(0, 3) + "</div><p class='meta'>Posted Mon "
            "Mar 3 2021</p></div>")


def test_the_pages_own_posts_date_still_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    # hostile: the page is the post, its title linked to itself (its permalink), an
    # introduction beside it: its date is the page's metadata (_links_elsewhere)
    html = site_page("version 2.0", "<p>From the release notes.</p>" + OWN_POST)
    text = extract(html, URL).full_text
    assert_kept(text, SENTENCES[1])
    assert "Posted" not in text
    monkeypatch.setattr(_listentry, "_links_elsewhere", lambda link: True)
    assert "Posted" in extract(html, URL).full_text  # (loosened: the guard is what matters)


def test_an_entry_that_is_the_whole_content_is_the_pages_post() -> None:
    # hostile: one post, its title linking to its page elsewhere, nothing beside it: the
    # page is that post, and its date at its foot is the page's (no listing)
    body = entry("v2", "version 2.0", SENTENCES[0] + " " + SENTENCES[1])
    content = lxml.html.fragment_fromstring("<div>" + body + "</div>")
    line = content.xpath(".//div[@class='item-foot']/span")[0]
    assert not _listentry.closes_listed_entry(line, content)
    listed = lxml.html.fragment_fromstring("<div><p>News of the project.</p>" + body + "</div>")
    line = listed.xpath(".//div[@class='item-foot']/span")[0]
    assert _listentry.closes_listed_entry(line, listed)


def test_dates_after_a_list_of_links_are_no_entrys(monkeypatch: pytest.MonkeyPatch) -> None:
    # hostile: a block of links, a row each, the first as a title's, and date lines after
    # them: a list, no entry (_title_body_foot); its dates go as trailing lines
    content = lxml.html.fragment_fromstring(
        "<div><p>" + SENTENCES[0] + "</p><div><p><a href='a.html'>Alpha notes</a></p>"
        "<p><a href='b.html'>Beta notes</a></p><p>Published 4.10.2024</p></div></div>")
    line = content.xpath(".//p")[-1]
    assert not _listentry.closes_listed_entry(line, content)
    monkeypatch.setattr(_listentry, "_title_body_foot", lambda entry, line: True)
    assert _listentry.closes_listed_entry(line, content)  # (loosened)
