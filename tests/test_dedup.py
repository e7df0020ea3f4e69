"""Content-hash dedup: pages with identical content are stored once, the others link to it.

A real crawl of a local site with three URLs serving the same article, the store under
concurrent writers with the same hash, exports, and a recrawl of a crawl with duplicates.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import uuid
from pathlib import Path
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

from tests.conftest import scalar_rows
from tests.crawlkit import new_crawl_id, run_crawl
from tests.sitesrv import HtmlHandler, serve_handler
from trawl.api.crawls import Trawl
from trawl.api.export import write_jsonl, write_markdown
from trawl.config import get_settings
from trawl.model import ClaimInput, CrawlSpec, PageRecord
from trawl.services.runtime import Runtime
from trawl.store import frontier

SAME = ("<main><h1>Shared article</h1><p>" + "Exactly the same words on every copy. " * 8
        + "</p></main>")
COPIES = ("/a", "/b?x=1", "/copy.html")
"""Three URLs, canonicalised to three different keys, serving the same article."""
CONCURRENT_WRITERS = 8


class DupHandler(HtmlHandler):
    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        if path == "/":
            links = [*COPIES, "/b?utm_source=news&x=1", "/other.html"]
            self._send(200, "<main><h1>Index</h1><p>Links to every copy of the article.</p>"
                       + "".join(f"<a href='{p}'>{p}</a> " for p in links) + "</main>")
        elif path in ("/a", "/b", "/copy.html"):
            self._send(200, SAME)  # the <title> differs (the path), the content does not
        elif path == "/other.html":
            self._send(200, "<main><h1>Other</h1><p>A different article altogether.</p></main>")
        else:
            self._send(404, "<h1>not found</h1>")


async def copies_of(engine: AsyncEngine, crawl_id: str,
                    base: str) -> dict[str, tuple[Any, ...]]:
    return {r[0]: r[1:] for r in await scalar_rows(
        engine, "select url, duplicate_of, markdown, text, content_hash from pages "
                "where crawl_id = :c and url = any(:u)",
        c=crawl_id, u=[base + p for p in COPIES])}


def one_original(rows: dict[str, tuple[Any, ...]]) -> str:
    """The URL holding the content; asserts every other row is a bare link to it."""
    originals = [url for url, (dup, md, _, _) in rows.items() if dup is None]
    assert len(originals) == 1, rows
    original = originals[0]
    markdown, text, content_hash = rows[original][1:]
    assert markdown and "Shared article" in markdown and text
    for url, (dup, md, txt, h) in rows.items():
        assert h == content_hash, url  # the hash stays on duplicates: they can be grouped
        if url != original:
            assert (dup, md, txt) == (original, None, None), url
    return original


async def test_identical_pages_stored_once_and_recrawled(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path) -> None:
    with serve_handler(DupHandler) as b:
        crawl_id, result = await run_crawl(
            temporal_client, temporal_address, database_url, task_queue,
            CrawlSpec(seeds=[b + "/"], render="http", concurrency=4))
        assert result.status == "completed" and result.pages_done == 5
        rows = await copies_of(engine, crawl_id, b)
        assert set(rows) == {b + p for p in COPIES}
        original = one_original(rows)
        distinct = await scalar_rows(
            engine, "select url from pages where crawl_id = :c and duplicate_of is null "
                    "order by url", c=crawl_id)
        assert distinct == sorted([(b + "/",), (b + "/other.html",), (original,)])

        # exports: JSON lines mark duplicates, markdown files are written once per content
        trawl_api = Trawl(get_settings(), Runtime("", "", "", False, False), None, engine)
        out = tmp_path / "pages.jsonl"
        assert await write_jsonl(trawl_api.export_rows(crawl_id), out) == 5
        exported = {r["url"]: r for r in map(json.loads, out.read_text().splitlines())}
        assert {u: exported[u]["duplicate_of"] for u in rows} == {
            u: (None if u == original else original) for u in rows}
        assert await write_markdown(trawl_api.export_rows(crawl_id), tmp_path / "md") == 3

        # a recrawl copies unchanged duplicates with their original's content, then
        # deduplicates again within the new crawl
        again, result = await run_crawl(
            temporal_client, temporal_address, database_url, task_queue,
            CrawlSpec(seeds=[b + "/"], render="http", concurrency=4, recrawl_of=crawl_id))
        assert result.status == "completed"
    rows_again = await copies_of(engine, again, b)
    original_again = one_original(rows_again)
    assert rows_again[original_again][1] == rows[original][1]
    changes = await scalar_rows(engine, "select distinct change from pages where crawl_id = :c",
                                c=again)
    assert changes == [("unchanged",)]


async def _claimed_crawl(engine: AsyncEngine, urls: list[str]) -> str:
    crawl_id = new_crawl_id()
    await frontier.create_crawl(engine, crawl_id, f"crawl-test-{crawl_id}",
                                CrawlSpec(seeds=urls).validated())
    claimed = await frontier.claim(engine, ClaimInput(
        crawl_id, "http://dedup.test", len(urls), uuid.uuid4().hex, max_pages=100))
    assert len(claimed.jobs) == len(urls)
    return crawl_id


def _record(crawl_id: str, url: str, markdown: str) -> PageRecord:
    return PageRecord(crawl_id=crawl_id, url=url, site="http://dedup.test", depth=0,
                      outcome="done", status_code=200, markdown=markdown, text=markdown,
                      content_hash=hashlib.sha256(markdown.encode()).hexdigest())


async def test_concurrent_writers_with_one_hash_store_one_original(
        engine: AsyncEngine) -> None:
    urls = [f"http://dedup.test/p{i}" for i in range(CONCURRENT_WRITERS)]
    crawl_id = await _claimed_crawl(engine, urls)
    results = await asyncio.gather(*(frontier.record_page(engine, _record(crawl_id, u, "same"))
                                     for u in urls))
    assert all(r.recorded for r in results)
    rows = await scalar_rows(engine, "select url, duplicate_of, markdown from pages "
                                     "where crawl_id = :c", c=crawl_id)
    originals = [url for url, dup, _ in rows if dup is None]
    assert len(originals) == 1 and len(rows) == CONCURRENT_WRITERS
    assert all((dup, md) == (originals[0], None) for url, dup, md in rows
               if url != originals[0])
    assert [md for url, _, md in rows if url == originals[0]] == ["same"]

    # a retried explore of the original (or of a duplicate) writes nothing again
    for url in (originals[0], next(u for u in urls if u != originals[0])):
        again = await frontier.record_page(engine, _record(crawl_id, url, "same"))
        assert not again.recorded
    assert sorted(await scalar_rows(engine, "select url, duplicate_of, markdown from pages "
                                            "where crawl_id = :c", c=crawl_id)) == sorted(rows)


async def test_concurrent_attempts_of_one_url_record_it_once(engine: AsyncEngine) -> None:
    """Two attempts of the same URL (a retry while the first still runs) racing with a
    third URL of the same content: one row each, one original."""
    urls = ["http://dedup.test/x", "http://dedup.test/y"]
    crawl_id = await _claimed_crawl(engine, urls)
    results = await asyncio.gather(
        frontier.record_page(engine, _record(crawl_id, urls[0], "twin")),
        frontier.record_page(engine, _record(crawl_id, urls[0], "twin")),
        frontier.record_page(engine, _record(crawl_id, urls[1], "twin")))
    assert sorted(r.recorded for r in results[:2]) == [False, True] and results[2].recorded
    rows = await scalar_rows(engine, "select url, duplicate_of from pages where crawl_id = :c",
                             c=crawl_id)
    assert len(rows) == 2 and sum(dup is None for _, dup in rows) == 1
    assert await scalar_rows(engine, "select attempts from crawl_urls where crawl_id = :c",
                             c=crawl_id) == [(1,), (1,)]
