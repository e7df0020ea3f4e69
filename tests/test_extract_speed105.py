"""Brief 105's speed-ups give the answers the slower reads gave (the output oracle checks
whole pages; these check the helpers on the shapes where the two paths part)."""

from __future__ import annotations

import lxml.html

from trawl.extract._stats import _measure, listed_links
from trawl.extract._text import BLOCK_TAGS, _lead_text
from trawl.extract._tree import BLOCK_INSIDE_READS, _first_element, _short_text, block_inside


def _slow_block_inside(el: lxml.html.HtmlElement) -> bool:
    return any(True for d in el.iter(*BLOCK_TAGS) if d is not el)


def test_block_inside_reads_few_then_asks_the_matcher() -> None:
    many = BLOCK_INSIDE_READS * 3
    cases = [
        "<p>Read <a href='x'>one</a> and <b>two</b>.</p>",
        "<p>Read <span><div>a block</div></span></p>",
        "<div>" + "<span>a <a href='x'>b</a></span>" * many + "</div>",
        "<div>" + "<span>a <a href='x'>b</a></span>" * many + "<p>last</p></div>",
        "<div><p>first</p>" + "<span>a</span>" * many + "</div>",
    ]
    for html in cases:
        el = lxml.html.fragment_fromstring(html)
        assert block_inside(el) == _slow_block_inside(el), html
    assert [block_inside(lxml.html.fragment_fromstring(h)) for h in cases] == \
        [False, True, False, True, True]


def test_listed_links_of_a_parent_after_its_children_as_at_once() -> None:
    html = ("<div><ul><li><a href='a'>One</a></li><li><a href='b'>Two</a></li></ul>"
            "<div><p>Some words of the text with <a href='c'>a link</a> in them.</p>"
            "<ul><li><a href='d'>Three</a></li></ul></div><p><a href='e'>Four</a></p></div>")
    root = lxml.html.fragment_fromstring(html)
    stats = _measure(root)
    at_once = listed_links(root, stats, {})
    piecemeal: dict[lxml.html.HtmlElement, int] = {}
    for child in root:
        listed_links(child, stats, piecemeal)
    listed_links(root, stats, piecemeal)
    assert piecemeal == at_once
    assert at_once[root] > 0


def test_short_and_lead_text_of_a_leaf_as_of_any_element() -> None:
    for html in ("<p>  A short   paragraph,\n of text. </p>", "<p></p>", "<p>   </p>",
                 "<p>" + "word " * 40 + "</p>", "<p>A <b>bold</b> word.</p>"):
        el = lxml.html.fragment_fromstring(html)
        joined = " ".join("".join(el.itertext()).split())
        for limit in (5, 40, 400):
            assert _short_text(el, limit) == (joined if len(joined) <= limit else None)
        if not len(el):
            assert _lead_text(el) == "".join(el.itertext())


def test_first_element_passes_over_empty_anchors() -> None:
    el = lxml.html.fragment_fromstring(
        "<div><a id='x'></a><span id='y'> </span><div><h2>Title</h2></div><p>Text</p></div>")
    first = _first_element(el)
    assert first is not None and first.tag == "h2"
    assert _first_element(lxml.html.fragment_fromstring("<div><a id='x'></a></div>")) is None
    assert _first_element(lxml.html.fragment_fromstring("<div>text</div>")) is None
