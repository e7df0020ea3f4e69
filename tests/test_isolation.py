"""One cookie jar per crawl: cookies a site sets during one crawl go back to it within that
crawl, and never with another crawl's requests, in http and in browser mode (one worker
runs both crawls, as a long-lived worker does)."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from temporalio.client import Client

from tests.crawlkit import new_crawl_id, worker_config
from tests.sitesrv import HtmlHandler, serve_handler
from trawl.model import CrawlInput, CrawlSpec
from trawl.worker.main import crawl_worker
from trawl.workflows.crawl import CrawlWorkflow

PAGES = {"/": '<p>Home page text. </p><a href="/a">a</a>',
         "/a": '<p>Page a text. </p><a href="/b">b</a>',
         "/b": "<p>Page b text. </p>"}


@pytest.mark.parametrize("render", ["http", "browser"])
async def test_cookies_stay_with_their_crawl(temporal_client: Client, temporal_address: str,
                                             database_url: str, task_queue: str,
                                             render: str) -> None:
    seen: list[tuple[str, str, str]] = []  # (visit tag, path, Cookie header)

    class Handler(HtmlHandler):
        def do_GET(self) -> None:
            path, _, query = self.path.partition("?")
            cookie = self.headers.get("Cookie") or ""
            seen.append((query, path, cookie))
            extra = {}
            if path == "/":  # each crawl gets its own visitor id
                extra["Set-Cookie"] = f"visitor={uuid.uuid4().hex}; Path=/"
            self._send(200, PAGES.get(path, "<p>not here</p>"), extra)

    cfg = worker_config(temporal_address, database_url, task_queue)
    with serve_handler(Handler) as base:
        async with crawl_worker(temporal_client, cfg) as worker, worker:
            for tag in ("first", "second"):
                spec = CrawlSpec(seeds=[f"{base}/?{tag}"], render=render, concurrency=1,
                                 max_pages=10)
                crawl_id = new_crawl_id()
                result = await temporal_client.execute_workflow(
                    CrawlWorkflow.run, CrawlInput(crawl_id, spec.validated()),
                    id=f"crawl-test-{crawl_id}", task_queue=task_queue,
                    execution_timeout=timedelta(minutes=3))
                assert result.status == "completed"

    pages = [(tag, path, cookie) for tag, path, cookie in seen
             if path in PAGES and "favicon" not in path]
    homes = [(tag, cookie) for tag, path, cookie in pages if path == "/"]
    assert [tag for tag, _ in homes] == ["first", "second"]
    # the second crawl's first request carries nothing of the first crawl's session
    assert all(cookie == "" for _, cookie in homes), homes
    # within a crawl the cookie comes back (the jar works)
    followers = [cookie for _, path, cookie in pages if path in ("/a", "/b")]
    assert len(followers) >= 4 and all(c.startswith("visitor=") for c in followers), pages
    assert len(set(followers)) == 2  # two crawls, two visitors
