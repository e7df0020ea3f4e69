"""Crawl the Python 3.11 docs (Debian python3.11-doc) served on 127.0.0.1 in Chromium.

The expected page set comes from an independent walk: the standard library's HTMLParser
over the files on disk, following the same rules the test server answers by.
"""

from __future__ import annotations

from collections import deque
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag, urljoin, urlsplit

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

from tests.conftest import PYDOCS, scalar_rows
from tests.crawlkit import run_crawl
from tests.sitesrv import serve
from trawl.api.crawls import Trawl
from trawl.config import Settings
from trawl.model import CrawlSpec

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not PYDOCS.exists(), reason="apt-get install python3.11-doc")]


class _Anchors(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            href = dict(attrs).get("href")
            if href:
                self.hrefs.append(href)


def _key(url: str) -> str:
    """Independent spelling of the canonical form: no fragment, index.html -> dir/."""
    url = urldefrag(url)[0]
    return url[: -len("index.html")] if url.endswith("/index.html") else url


def expected_pages(root: Path, base: str) -> set[str]:
    """Every URL a browser following <a href> from / would fetch (not redirects)."""
    seen: set[str] = set()
    pages: set[str] = set()
    queue = deque([base + "/"])
    while queue:
        url = queue.popleft()
        if url in seen:
            continue
        seen.add(url)
        path = unquote(urlsplit(url).path)
        target = root / path.lstrip("/")
        if target.is_dir() and not path.endswith("/"):
            queue.append(_key(url + "/"))  # the server redirects to the slash form
            continue
        if target.is_dir():
            target = target / "index.html"
        pages.add(url)
        if not target.is_file() or target.suffix != ".html":
            continue  # a 404 or a non-HTML file: stored, nothing to follow
        parser = _Anchors()
        parser.feed(target.read_text(errors="replace"))
        for href in parser.hrefs:
            link = _key(urljoin(url if not url.endswith("/") else url + "index.html", href))
            parts = urlsplit(link)
            if parts.scheme == "http" and parts.netloc == urlsplit(base).netloc:
                queue.append(link)
    return pages


async def test_python_docs_complete_and_searchable(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str) -> None:
    with serve(PYDOCS) as site:
        expected = expected_pages(PYDOCS, site.base)
        assert len(expected) > 500
        crawl_id, result = await run_crawl(
            temporal_client, temporal_address, database_url, task_queue,
            CrawlSpec(seeds=[site.base + "/index.html"], render="browser", concurrency=4,
                      max_pages=10_000, max_depth=100))
    assert result.status == "completed"
    stored = {r[0] for r in await scalar_rows(
        engine, "select url from pages where crawl_id = :c", c=crawl_id)}
    assert stored - expected == set(), "pages stored that the walk does not reach"
    assert expected - stored == set(), "pages the walk reaches that were not stored"

    html_pages = await scalar_rows(engine, "select count(*) from pages where crawl_id = :c "
                                           "and render_mode = 'browser' and markdown <> ''",
                                   c=crawl_id)
    assert html_pages[0][0] > 500

    trawl = Trawl(Settings(), None, None, engine)  # type: ignore[arg-type]
    top = await trawl.pages(crawl_id, search="asyncio event loop", limit=3)
    assert top, "full-text search found nothing"
    top_paths = [urlsplit(r["url"]).path for r in top]
    assert all(p.startswith("/library/asyncio") for p in top_paths), top_paths
    assert "/library/asyncio-eventloop.html" in top_paths
