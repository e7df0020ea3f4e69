"""A skip link whose class leads with an acronym (``_tokens._TOKEN_SPLIT``), and an outline's
label in a theme's side column (``_outline.outline_label``), brief 86.

VitePress writes its "Skip to content" link as ``a.VPSkipLink``: the class split as "VPSkip",
"Link" said no "skip", and the link was kept on every page. A run of capitals before a
capitalised word is an acronym leading the class ("VP", "Skip", "Link"). PyData's theme
sets its outline under a label (``div.tocsection.onthispage``, "On this page") beside the
article; where the content chosen holds that column, the outline went as navigation and its
label stayed. The hostile shapes: a page's own table of contents in its text, under its
heading; a content column whose class leads with an acronym.
"""

from __future__ import annotations

import pytest

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept

INTRO = ("npm access sets the access level on published packages, and grants or revokes the "
         "access of a team or a user to a package it owns.")


def vitepress(column: str) -> str:
    menu = "".join(f"<li><a class='VPLink link' href='/commands/c{i}.html'>npm c{i}</a></li>"
                   for i in range(16))
    return ("<html><head><title>npm-access | npm Docs</title></head><body><div id='app'>"
            "<div class='Layout'><span tabindex='-1'></span><a href='#VPContent' "
            "class='VPSkipLink visually-hidden'>Skip to content</a><header class='VPNav'>"
            "<a class='title' href='/'>npm Docs</a></header><aside class='VPSidebar'><nav>"
            f"<ul>{menu}</ul></nav></aside>{column}</div></div></body></html>")


def test_a_skip_link_classed_after_an_acronym_goes() -> None:
    # (fails with the third alternative of `_tokens._TOKEN_SPLIT` taken out: "VPSkipLink"
    # splits as "VPSkip", "Link", no "skip" word, and the link stays)
    column = ("<div id='VPContent' class='VPContent has-sidebar'><div class='VPDoc'>"
              f"<main class='main'><div class='vp-doc'><h1>npm-access</h1><p>{INTRO}</p>"
              f"<h2>Synopsis</h2><pre><code>npm access list packages</code></pre><p>{LOREM}"
              "</p></div></main></div></div>")
    text = extract(vitepress(column), URL).text
    assert_kept(text, INTRO, LOREM, "npm access list packages")
    assert "Skip to content" not in text, text


def test_a_content_column_classed_after_an_acronym_stays() -> None:
    # (the split gives "VPDoc" the words "vp", "doc" and "SCodeFlow" "s", "code", "flow":
    # no family's word; a column and a listing so named stay whole)
    column = ("<div id='VPContent' class='VPContent has-sidebar'><div class='VPDoc'>"
              f"<div class='SIntrapara'><h1>npm-access</h1><p>{INTRO}</p></div>"
              f"<div class='SCodeFlow'><pre>npm access list packages</pre></div><p>{LOREM}"
              "</p></div></div>")
    text = extract(vitepress(column), URL).text
    assert_kept(text, INTRO, LOREM, "npm access list packages")


SECTIONS = [f"Part {i}" for i in range(6)]


def pydata(toc_in_text: str = "", outline: int = 6) -> str:
    secs = "".join(
        f"<section id='s{i}'><h2>Part {i}</h2><p>{LOREM}</p><table><tr><td><a href='api/"
        f"f{i}.html'>pandas.f{i}</a></td><td>Does {i}.</td></tr></table></section>"
        for i in range(6))
    toc = "".join(f"<li><a href='#s{i}'>Part {i}</a></li>" for i in range(outline))
    side = "".join(f"<li><a href='/p{i}.html'>Chapter {i}</a></li>" for i in range(20))
    return ("<html><head><title>Offsets</title></head><body><div class='container'>"
            f"<div class='row'><div class='col-3 sidebar'><nav class='docs-nav'><ul>{side}"
            "</ul></nav></div><div class='col-2 toc'><div class='toc-item'>"
            "<div class='tocsection onthispage'><i class='fas fa-list'></i> On this page</div>"
            f"<nav id='toc-nav'><ul>{toc}</ul></nav></div>"
            f"</div><main class='col-7 content'><div><section id='offsets'><h1>Offsets</h1>"
            f"{toc_in_text}{secs}</section></div></main></div></div></body></html>")


def test_an_outlines_label_beside_the_article_goes() -> None:
    # (fails with `_outline:outline_label=false`: the outline went as navigation, and its
    # label "On this page" stayed, over the article)
    text = extract(pydata(), URL).text
    assert_kept(text, LOREM, *SECTIONS)
    assert "On this page" not in text, text


@pytest.mark.parametrize("entries", [1, 0])
def test_the_label_of_an_outline_of_one_entry_or_none_goes(entries: int) -> None:
    # (fails with `_outline:outline_label=false`: an API page's outline holds its one entry,
    # a page of no sections an empty list, under the same label)
    text = extract(pydata(outline=entries), URL).text
    assert_kept(text, LOREM, *SECTIONS)
    assert "On this page" not in text, text


def test_a_table_of_contents_in_the_text_keeps_its_heading() -> None:
    # (the page's own contents, in its main landmark, under their heading "In this
    # chapter": the nav stays, and its label is never asked; with the landmark clause of
    # `outline_label` taken out it still passes: that clause is a belt)
    toc = "".join(f"<li><a href='#s{i}'>Part {i}</a></li>" for i in range(6))
    text = extract(pydata(f"<div class='label'>In this chapter</div><nav><ul>{toc}</ul></nav>"),
                   URL).text
    assert_kept(text, LOREM, "In this chapter", *SECTIONS)


def test_a_line_before_a_menu_of_other_pages_stays() -> None:
    # (fails with `_outline:outline_label=true`: the nav after the line, dropped, links
    # other pages, and the line is the text's last, no outline's label)
    secs = "".join(f"<h2>Part {i}</h2><p>{LOREM}</p>" for i in range(4))
    menu = "".join(f"<li><a href='/guide/p{i}.html'>Chapter {i}</a></li>" for i in range(8))
    html = ("<html><head><title>Offsets</title></head><body><div class='page'>"
            f"<div class='body'><h1>Offsets</h1>{secs}<p>Questions go to the list.</p>"
            f"<nav class='pager'><ul>{menu}</ul></nav></div></div></body></html>")
    text = extract(html, URL).text
    assert_kept(text, LOREM, "Questions go to the list.")



def test_an_apis_name_in_capitals_is_no_components_words() -> None:
    # hostile (session 17): split at every run of capitals before a word, pdoc's entry of
    # the class HTTPCookieProcessor (<section id="HTTPCookieProcessor">, urllib/request.html)
    # read "cookie" and went whole, 149 words; only a two-letter prefix is split off
    from trawl.extract._tokens import _TOKEN_SPLIT
    assert [t for t in _TOKEN_SPLIT.split("HTTPCookieProcessor") if t] == \
        ["HTTPCookie", "Processor"]
    assert [t for t in _TOKEN_SPLIT.split("VPSkipLink") if t] == ["VP", "Skip", "Link"]
