"""A main-content rule that raises on a page shape it never met stores the page whole (as
``--content full``) with the cause in ``metadata["extraction_fault"]``, never empty and
unsaid; a page nothing could be read of is flagged thin with that cause."""

from __future__ import annotations

import time

import pytest
from lxml.html import HtmlElement

from trawl.config import Settings
from trawl.crawler._explore_deps import ExploreDeps, read_html
from trawl.crawler.reading import extraction_pool, read_page, start_processes, stop_processes
from trawl.crawler.thin import thin_reason
from trawl.extract import EXTRACTION_FAULT, _core, extract, parse_html
from trawl.urls import Scope
from trawl.worker.main import WorkerConfig

URL = "http://127.0.0.1/manual/config.html"
PAGE = """<html><head><title>Server configuration</title></head><body>
<nav><a href="/">Home</a> <a href="/next.html">Next</a></nav>
<main><h1>Server configuration</h1>
<dl><dt>listen_port</dt><dd>The port the server listens on for its clients.</dd>
<dt>max_connections</dt><dd>How many clients may be connected at once at most.</dd></dl>
<p>Every setting above can also be given on the command line.</p></main>
<footer>Copyright the authors</footer></body></html>"""


def _raises(*_: object) -> tuple[HtmlElement, str | None, None]:
    raise AttributeError("'NoneType' object has no attribute 'getparent'")


@pytest.fixture
def broken_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_core, "main_content", _raises)


def test_a_page_whose_main_content_rule_raises_is_stored_whole_and_says_why(
        broken_rule: None) -> None:
    e = extract(PAGE, URL)
    assert "max_connections" in e.text and "command line" in e.text
    assert "Home" not in e.text  # still the body less its navigation chrome
    fault = e.metadata[EXTRACTION_FAULT]
    assert "AttributeError" in fault and "whole body" in fault
    assert e.completeness is not None and e.metadata["kept_ratio"] == 1.0


def test_a_parsed_document_is_read_again_from_its_source(broken_rule: None) -> None:
    e = extract(parse_html(PAGE), URL, source=PAGE)
    assert "listen_port" in e.text and "whole body" in e.metadata[EXTRACTION_FAULT]


def test_without_its_source_the_fault_is_still_said_and_the_page_flagged_thin(
        broken_rule: None) -> None:
    e = extract(parse_html(PAGE), URL)
    assert e.text == "" and "kept_ratio" not in e.metadata
    fault = e.metadata[EXTRACTION_FAULT]
    assert "nothing stored" in fault
    assert thin_reason(stored_words=e.word_count, fault=fault) == fault


def test_reading_it_whole_failing_too_is_said(
        broken_rule: None, monkeypatch: pytest.MonkeyPatch) -> None:
    def whole_raises(_: HtmlElement) -> HtmlElement:
        raise ValueError("no body")

    monkeypatch.setattr(_core, "_full_body", whole_raises)
    e = extract(PAGE, URL)
    assert e.text == ""
    assert "reading it whole failed too" in e.metadata[EXTRACTION_FAULT]
    assert "ValueError" in e.metadata[EXTRACTION_FAULT]


def test_a_crawls_reading_keeps_the_page_and_its_links(broken_rule: None) -> None:
    reading = read_page(PAGE, URL, Scope(seed_hosts=("127.0.0.1",)))
    assert reading.extraction is not None
    assert "max_connections" in reading.extraction.text
    assert EXTRACTION_FAULT in reading.extraction.metadata
    assert reading.content_hash is not None  # stored as a page with content, not empty
    assert any(link.url.endswith("/next.html") for link in reading.links)


def test_a_page_that_extracts_has_no_fault() -> None:
    e = extract(PAGE, URL)
    assert EXTRACTION_FAULT not in e.metadata and "listen_port" in e.text
    assert thin_reason(stored_words=e.word_count) is None


def _never_ends(*_: object) -> tuple[HtmlElement, str | None, None]:
    time.sleep(60)
    raise AssertionError("not cut off")


def test_a_main_content_rule_that_runs_on_is_cut_off_and_the_page_read_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a rule quadratic on some hostile shape took an extraction process for hours
    monkeypatch.setattr(_core, "main_content", _never_ends)
    began = time.monotonic()
    reading = read_page(PAGE, URL, Scope(seed_hosts=("127.0.0.1",)), time_limit_s=0.2)
    assert time.monotonic() - began < 5
    assert reading.extraction is not None and "max_connections" in reading.extraction.text
    assert reading.extraction.metadata[EXTRACTION_FAULT] == (
        "reading the content took longer than 0.2 s; stored the whole body less "
        "navigation chrome (as --content full)")
    assert any(link.url.endswith("/next.html") for link in reading.links)


def _book(sections: int = 5000) -> str:
    """A book on one page, each section listing its subsections (quadratic before h39)."""
    body = "".join(
        f'<div class="section"><h2 id="s{i}">Section {i}</h2><ul><li><a href="#s{i}a">A</a>'
        f'</li><li><a href="#s{i}b">B</a></li></ul><h3 id="s{i}a">A</h3><p>Words of {i}.</p>'
        f'<h3 id="s{i}b">B</h3><p>More words of {i}.</p></div>' for i in range(sections))
    return f"<html><body><div><h1>Book</h1>{body}</div></body></html>"


def test_a_huge_page_past_the_limit_twice_is_stored_flagged_without_content() -> None:
    # past a limit it could not meet, read whole or not, it is said, never silently cut
    reading = read_page(_book(), URL, Scope(seed_hosts=("127.0.0.1",)), time_limit_s=0.001)
    assert reading.extraction is not None and reading.extraction.word_count == 0
    assert reading.extraction.metadata[EXTRACTION_FAULT] == (
        "reading the content took longer than 0.001 s; reading it whole took as long too; "
        "nothing stored of the content")
    assert reading.content_hash is None


async def test_a_workers_extract_timeout_setting_bounds_its_extraction_processes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # TRAWL_EXTRACT_TIMEOUT_S reaches the extraction processes (a module constant before)
    monkeypatch.setenv("TRAWL_EXTRACT_TIMEOUT_S", "0.001")
    cfg = WorkerConfig.from_settings(Settings(), "127.0.0.1:7233",
                                     "postgresql://trawl@127.0.0.1/trawl")
    assert cfg.extract_timeout_s == 0.001
    pool = extraction_pool(1)
    try:
        await start_processes(pool, 1)
        deps = ExploreDeps(engine=None, http=None, pool=None,  # type: ignore[arg-type]
                           extractor=pool, extract_timeout_s=cfg.extract_timeout_s)
        reading = await read_html(deps, _book(), URL, Scope(seed_hosts=("127.0.0.1",)))
    finally:
        stop_processes(pool)
    assert reading.extraction is not None and reading.content_hash is None
    assert reading.extraction.metadata[EXTRACTION_FAULT].startswith(
        "reading the content took longer than 0.001 s")
