"""A page's tree is let go before its markdown conversion, the step of a page's peak
memory (html-to-markdown parses the content again into a tree of its own): 14 MB of a
manual peaked at 436 MB with both trees alive, 353 MB after (bench/huge_pages.py)."""

from __future__ import annotations

import lxml.html
import pytest
from lxml import etree

from trawl.crawler import reading
from trawl.extract import _core
from trawl.urls import Scope

URL = "http://127.0.0.1/manual/page.html"
PAGE = ("<html><head><title>Page</title></head><body><nav><a href='/'>Home</a></nav><main>"
        "<h1>Page</h1><p>Words of the page's content, enough of them to be its text.</p>"
        "<dl><dt>term</dt><dd>Its definition.</dd></dl></main></body></html>")


class _Counted(lxml.html.HtmlElement):
    """An element whose Python proxies are counted while they live (lxml frees a document
    once no proxy of it is left)."""

    alive = 0

    def _init(self) -> None:
        _Counted.alive += 1

    def __del__(self) -> None:
        _Counted.alive -= 1


def _counted_parse(html: str) -> lxml.html.HtmlElement:
    parser = lxml.html.HTMLParser()
    parser.set_element_class_lookup(etree.ElementDefaultClassLookup(element=_Counted))
    return etree.fromstring(html, parser=parser)


@pytest.fixture
def alive_at_conversion(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Proxies of the page's tree alive when the converter runs, once per conversion."""
    seen: list[int] = []
    convert = _core.convert_html

    def counting(source: str) -> str:
        seen.append(_Counted.alive)
        return convert(source)

    monkeypatch.setattr(_core, "convert_html", counting)
    monkeypatch.setattr(_core, "parse", _counted_parse)
    monkeypatch.setattr(reading, "parse_html", _counted_parse)
    return seen


def test_extraction_lets_the_tree_go_before_the_markdown(alive_at_conversion: list[int]
                                                         ) -> None:
    e = _core.extract(PAGE, URL)
    assert alive_at_conversion == [0]
    assert "# Page" in e.markdown and "**term**" in e.markdown and "Home" not in e.markdown


def test_a_crawls_reading_hands_its_parsed_page_over(alive_at_conversion: list[int]) -> None:
    # read_page parses once for auto mode's decision and the extraction
    r = reading.read_page(PAGE, URL, Scope(seed_hosts=("127.0.0.1",)), reading.AutoRules(),
                          time_limit_s=None)
    assert alive_at_conversion == [0]
    assert r.extraction is not None and "Its definition." in r.extraction.markdown
