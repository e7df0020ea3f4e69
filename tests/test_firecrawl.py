"""The Firecrawl-compatible API (issue 31) through the real clients: firecrawl-py (its v2
client and its bundled v1 client), LangChain's FireCrawlLoader and @mendable/firecrawl-js
(tests/firecrawl_js, run by Node) — against a real `trawl serve`, worker, Temporal,
Postgres and Chromium, on sites served from 127.0.0.1.

What is checked: a scrape in each format (and the options that shape it: onlyMainContent,
includeTags/excludeTags, waitFor, headers, removeBase64Images), the error cases clients map
to exceptions, a crawl to completion and its documents page by page, cancel, map, batch
scrape, the webhook's Firecrawl events (signed, with the receiver's headers and metadata),
and that such a crawl is an ordinary trawl crawl: rows in SQL, a workflow in Temporal, a
handoff answered with trawl's own API, a worker killed in the middle.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import shutil
import subprocess
import time
import uuid
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import httpx
import pytest
from firecrawl import Firecrawl, V1FirecrawlApp
from firecrawl.v2.types import PaginationConfig, WebhookConfig
from firecrawl.v2.utils.error_handler import (
    BadRequestError,
    RequestTimeoutError,
    UnauthorizedError,
)
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

from tests.conftest import ROOT, scalar_rows, subprocess_env
from tests.gensite import binary_tree_site
from tests.sitesrv import Rules, serve, serve_handler
from tests.test_handoff import SECRET, logged_in_state, wall_site
from tests.test_http_api import api_server
from tests.test_webhooks import Receiver, receiver
from tests.workerkit import kill_group, start_worker

pytestmark = pytest.mark.timeout(600)

TOKEN = "fc-test-token-" + uuid.uuid4().hex
DATA_KEY = base64.b64encode(b"k" * 32).decode()
"""The deployment's data key, shared by the server (which seals a webhook's headers) and
the workers (which open them)."""
WEBHOOK_SECRET = "whsec_" + base64.b64encode(b"w" * 32).decode()
WAIT_S = 240.0
PNG = b"\x89PNG\r\n\x1a\n"

RICH = """<!doctype html><html lang="en"><head><title>Rich page</title>
<meta name="description" content="A page with everything">
<meta property="og:title" content="Rich OG title">
<meta property="og:site_name" content="Test Site">
<meta name="keywords" content="alpha, beta"></head><body>
<nav><a href="/other.html">Nav link</a> the navigation menu of the site</nav>
<main><h1>Rich heading</h1>
<p>The main content paragraph has enough words to count as content for the extractor
here, and then some more words so that it is clearly the main part of the page.</p>
<p>Another paragraph with a <a href="/linked.html">linked page</a> and an inline image
<img alt="dot" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ"></p>
<div id="extra"><p>Extra box text stands on its own.</p></div>
</main>
<footer>Footer text of the site</footer>
<script>setTimeout(function () { var p = document.createElement('p');
p.textContent = 'LATE TEXT arrived after a while';
document.querySelector('main').appendChild(p); }, 1500);</script>
</body></html>"""


def docs_site(root: Path) -> None:
    """A home page, a /docs/ section (three pages, one linking out of it) and a blog."""
    pages = {
        "index.html": '<a href="/docs/">docs</a> <a href="/blog/x.html">blog</a>',
        "docs/index.html": '<a href="/docs/a.html">a</a> <a href="/docs/b.html">b</a> '
                           '<a href="/blog/x.html">blog</a>',
        "docs/a.html": '<a href="/docs/c.html">c</a>',
        "docs/b.html": "b",
        "docs/c.html": "c",
        "blog/x.html": '<a href="/">home</a>',
    }
    for name, body in pages.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"<!doctype html><html lang=en><head><title>{name}</title></head>"
                        f"<body><main><h1>{name}</h1><p>Page {name} of the docs site has "
                        f"words enough to be content.</p><p>{body}</p></main></body></html>")


@pytest.fixture(scope="module")
def queue() -> str:
    return f"fc-{uuid.uuid4().hex[:10]}"


@pytest.fixture(scope="module")
def api(temporal_address: str, database_url: str, queue: str,
        tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # loopback is where the tests' sites are: the server allows it (its scrapes and maps)
    env = subprocess_env(temporal_address, database_url, TRAWL_TASK_QUEUE=queue,
                         TRAWL_DATA_DIR=str(tmp_path_factory.mktemp("fc-data")),
                         TRAWL_API_TOKEN=TOKEN, TRAWL_ALLOW_PRIVATE="1",
                         TRAWL_SECRET_KEY=DATA_KEY, TRAWL_WEBHOOK_SECRET=WEBHOOK_SECRET)
    env.pop("TRAWL_MODEL", None)  # a server without a model (the JSON format refused)
    with api_server(env, tmp_path_factory.mktemp("fc-log") / "serve.log", "--no-mcp") as base:
        yield base


@pytest.fixture(scope="module")
def worker(temporal_address: str, database_url: str, queue: str,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    log = tmp_path_factory.mktemp("fc-worker") / "worker.log"
    proc = start_worker(temporal_address, database_url, queue, log,
                        TRAWL_SECRET_KEY=DATA_KEY, TRAWL_WEBHOOK_SECRET=WEBHOOK_SECRET)
    try:
        yield log
    finally:
        kill_group(proc)


@pytest.fixture
def fc(api: str) -> Firecrawl:
    return Firecrawl(api_key=TOKEN, api_url=api)


def wait_until(probe: Any, what: str, timeout: float = WAIT_S) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.5)


# -- scrape ----------------------------------------------------------------------------------

def echo_headers_site() -> Any:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            body = ("<!doctype html><html><head><title>Echo</title></head><body><main>"
                    f"<p>The request carried X-Test: {self.headers.get('X-Test')} and a few "
                    "more words so the page counts as content.</p></main></body></html>"
                    ).encode()
            self.send_response(200)
            self.send_header("content-type", "text/html")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    return serve_handler(Handler)


def test_scrape_in_each_format(fc: Firecrawl, tmp_path: Path) -> None:
    (tmp_path / "rich.html").write_text(RICH)
    with serve(tmp_path) as site:
        url = site.url("/rich.html")
        doc = fc.scrape(url, formats=["markdown", "html", "rawHtml", "links", "screenshot"])
        # markdown: the main content, the inline base64 image replaced (removeBase64Images)
        assert doc.markdown is not None and "Rich heading" in doc.markdown
        assert "main content paragraph" in doc.markdown
        assert "navigation menu" not in doc.markdown and "Footer text" not in doc.markdown
        assert "<Base64-Image-Removed>" in doc.markdown and "iVBOR" not in doc.markdown
        # html: the content's HTML; rawHtml: the page as served (auto mode read it over HTTP)
        assert doc.html is not None and "<h1>Rich heading</h1>" in doc.html
        assert "navigation menu" not in doc.html
        assert doc.raw_html is not None and "navigation menu" in doc.raw_html
        assert "setTimeout" in doc.raw_html
        assert doc.links is not None and site.url("/linked.html") in doc.links
        assert len(doc.links) == len(set(doc.links))
        assert doc.screenshot is not None and doc.screenshot.startswith("data:image/png;base64,")
        assert base64.b64decode(doc.screenshot.split(",", 1)[1]).startswith(PNG)
        md = doc.metadata
        assert md is not None
        assert (md.title, md.description, md.language, md.status_code, md.content_type) == (
            "Rich page", "A page with everything", "en", 200, "text/html")
        assert md.source_url == url and md.url == url
        assert md.og_title == "Rich OG title" and md.og_site_name == "Test Site"
        assert md.keywords == "alpha, beta" and md.error is None

        # only markdown by default; the whole body with onlyMainContent false
        plain = fc.scrape(url)
        assert plain.markdown and plain.html is None and plain.links is None
        full = fc.scrape(url, only_main_content=False)
        assert full.markdown is not None and "Rich heading" in full.markdown
        assert "Footer text" not in full.markdown  # chrome (nav, footer) is never content
        kept = fc.scrape(url, formats=["markdown", "html"], include_tags=["#extra"])
        assert kept.markdown is not None and kept.markdown.strip() == \
            "Extra box text stands on its own."
        assert kept.html is not None and "Rich heading" not in kept.html
        dropped = fc.scrape(url, exclude_tags=["#extra", "h1"])
        assert dropped.markdown is not None and "Extra box text" not in dropped.markdown
        assert "main content paragraph" in dropped.markdown
        inline = fc.scrape(url, remove_base64_images=False)
        assert inline.markdown is not None and "data:image/png;base64,iVBOR" in inline.markdown

        # waitFor renders the page and waits: what its script adds later is read
        assert "LATE TEXT" not in (plain.markdown or "")
        late = fc.scrape(url, wait_for=3000)
        assert late.markdown is not None and "LATE TEXT arrived" in late.markdown

        # an HTTP error status is a document saying so
        missing = fc.scrape(site.url("/missing.html"))
        assert missing.metadata is not None and missing.metadata.status_code == 404
        assert missing.metadata.error and "404" in missing.metadata.error
        assert not missing.markdown

    with echo_headers_site() as base:
        echoed = fc.scrape(base + "/", headers={"X-Test": "hello-header"})
        assert echoed.markdown is not None and "X-Test: hello-header" in echoed.markdown


def test_scrape_errors_are_firecrawls(fc: Firecrawl, api: str, tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>" + "word " * 40 + "</p>")
    with serve(tmp_path, Rules(slow={"/slow.html": 8.0})) as site:
        # what trawl cannot do is refused, naming the field; the JSON format on a server
        # without a model says how to give it one (tests/test_firecrawl_json.py: with one)
        with pytest.raises(BadRequestError, match=r"formats: the 'json' format needs a "
                                                  r"model.*trawl serve --model"):
            fc.scrape(site.url("/"), formats=[{"type": "json", "prompt": "the title",
                                               "schema": {"type": "object", "properties": {
                                                   "title": {"type": "string"}}}}])
        with pytest.raises(BadRequestError, match="mobile: not supported"):
            fc.scrape(site.url("/"), mobile=True)
        with pytest.raises(BadRequestError, match="actions: not supported"):
            fc.scrape(site.url("/"), actions=[{"type": "click", "selector": "#x"}])
        with pytest.raises(BadRequestError, match=r"includeTags.*not a CSS selector"):
            fc.scrape(site.url("/"), include_tags=["div[["])
        # a page that does not answer in time: 408, the SDK's timeout error
        with pytest.raises(RequestTimeoutError, match="within"):
            fc.scrape(site.url("/slow.html"), timeout=1500)
        with pytest.raises(UnauthorizedError, match="wrong bearer token"):
            Firecrawl(api_key="nope-" + TOKEN, api_url=api).scrape(site.url("/"))
        # fields the server does not know (newer SDKs add some) are ignored, not refused
        with httpx.Client(base_url=api, headers={"Authorization": f"Bearer {TOKEN}"},
                          timeout=60) as http:
            ok = http.post("/v2/scrape", json={"url": site.url("/"), "formats": ["markdown"],
                                               "aFieldFromTheFuture": {"x": 1}})
            assert ok.status_code == 200 and ok.json()["data"]["markdown"]
            bad = http.post("/v2/scrape", json={"formats": ["markdown"]})
            assert bad.status_code == 400 and bad.json()["success"] is False
            assert "url" in bad.json()["error"]
            gone = http.post("/v2/search", json={"query": "x"})
            assert gone.status_code == 404 and "no POST /v2/search" in gone.json()["error"]
            # POST /v1/scrape: trawl's body gets trawl's answer, Firecrawl's Firecrawl's
            own = http.post("/v1/scrape", json={"url": site.url("/")})
            assert own.status_code == 200 and own.json()["final_url"] == site.url("/")
            theirs = http.post("/v1/scrape", json={"url": site.url("/"), "origin": "x"})
            assert theirs.json()["success"] is True and theirs.json()["data"]["markdown"]


# -- crawls ----------------------------------------------------------------------------------

async def test_crawl_to_completion_page_by_page(fc: Firecrawl, api: str, worker: Path,
                                                engine: AsyncEngine, temporal_client: Client,
                                                tmp_path: Path) -> None:
    paths = binary_tree_site(tmp_path / "tree", 23)
    with serve(tmp_path / "tree") as site:
        job = await asyncio.to_thread(
            fc.crawl, site.url("/"), limit=100, poll_interval=1, timeout=WAIT_S,
            formats=["markdown", "links"])
    assert job.status == "completed" and job.completed == job.total == len(paths)
    assert sorted(d.metadata.source_url for d in job.data) == sorted(  # type: ignore[union-attr]
        site.url(p) for p in paths)
    assert all(d.markdown and "synthetic page number" in d.markdown and d.links is not None
               for d in job.data)
    crawl_id = job.id
    assert crawl_id is not None

    # page by page, as the SDK's own paging reads it: next until there is none
    seen: list[str] = []
    page = await asyncio.to_thread(fc.get_crawl_status_page, f"{api}/v2/crawl/{crawl_id}?limit=5")
    pages = 1
    while True:
        assert len(page.data) <= 5
        seen += [d.metadata.source_url for d in page.data]  # type: ignore[union-attr]
        if not page.next:
            break
        assert "skip=" in page.next and page.next.startswith(api)
        page = await asyncio.to_thread(fc.get_crawl_status_page, page.next)
        pages += 1
    assert pages == 5 and sorted(seen) == sorted(site.url(p) for p in paths)
    first = await asyncio.to_thread(fc.get_crawl_status, crawl_id,
                                    PaginationConfig(auto_paginate=False))
    assert len(first.data) == len(paths) and first.next is None

    # an ordinary crawl: its rows in SQL, its workflow in Temporal, its job beside it
    stored = await scalar_rows(engine, "select count(*) from pages where crawl_id = :c",
                               c=crawl_id)
    assert stored[0][0] == len(paths)
    jobs = await scalar_rows(engine, "select kind, api_version, options->'formats' "
                                     "from firecrawl_jobs where crawl_id = :c", c=crawl_id)
    assert jobs == [("crawl", "v2", ["markdown", "links"])]
    workflow_id = (await scalar_rows(engine, "select workflow_id from crawls where id = :c",
                                     c=crawl_id))[0][0]
    described = await temporal_client.get_workflow_handle(workflow_id).describe()
    assert described.status is not None and described.status.name == "COMPLETED"
    errors = await asyncio.to_thread(fc.get_crawl_errors, crawl_id)
    assert errors.errors == [] and errors.robots_blocked == []


async def test_crawl_scope_options(fc: Firecrawl, worker: Path, tmp_path: Path) -> None:
    docs_site(tmp_path / "docs")
    with serve(tmp_path / "docs") as site:
        def urls(**options: Any) -> set[str]:
            job = fc.crawl(site.url("/docs/"), poll_interval=1, timeout=WAIT_S, **options)
            assert job.status == "completed", job
            return {d.metadata.source_url for d in job.data}  # type: ignore[union-attr]

        # by default only the start URL's path and below (crawlEntireDomain false)
        under = await asyncio.to_thread(urls)
        assert under == {site.url(p) for p in ("/docs/", "/docs/a.html", "/docs/b.html",
                                               "/docs/c.html")}
        everything = await asyncio.to_thread(urls, crawl_entire_domain=True)
        assert site.url("/blog/x.html") in everything and site.url("/") in everything
        # excludePaths and includePaths are regular expressions on the path
        fewer = await asyncio.to_thread(urls, exclude_paths=[r"b\.html$"])
        assert site.url("/docs/b.html") not in fewer and site.url("/docs/c.html") in fewer
        only = await asyncio.to_thread(urls, include_paths=[r"^/docs/[ab]\.html$"])
        assert only == {site.url(p) for p in ("/docs/", "/docs/a.html", "/docs/b.html")}
        shallow = await asyncio.to_thread(urls, max_discovery_depth=1)
        assert site.url("/docs/c.html") not in shallow and site.url("/docs/a.html") in shallow
        with pytest.raises(BadRequestError, match="allowExternalLinks"):
            fc.start_crawl(site.url("/"), allow_external_links=True)
        with pytest.raises(BadRequestError, match=r"excludePaths.*not a regular expression"):
            fc.start_crawl(site.url("/"), exclude_paths=["(unclosed"])


async def test_cancel(fc: Firecrawl, api: str, worker: Path, engine: AsyncEngine,
                      tmp_path: Path) -> None:
    binary_tree_site(tmp_path / "big", 300)
    with serve(tmp_path / "big") as site:
        started = await asyncio.to_thread(fc.start_crawl, site.url("/"), delay=1)
        await asyncio.to_thread(wait_until, lambda: fc.get_crawl_status(
            started.id, PaginationConfig(auto_paginate=False)).completed >= 3, "pages")
        assert await asyncio.to_thread(fc.cancel_crawl, started.id) is True
        job = await asyncio.to_thread(fc.get_crawl_status, started.id)
    assert job.status == "cancelled" and 3 <= job.completed < 300
    assert len(job.data) == job.completed  # every page recorded is there, nothing more
    status = await scalar_rows(engine, "select status from crawls where id = :c", c=started.id)
    assert status == [("cancelled",)]
    # cancelled already: still cancelled; a crawl that completed cannot be (409: False)
    assert await asyncio.to_thread(fc.cancel_crawl, started.id) is True
    (tmp_path / "one").mkdir()
    (tmp_path / "one" / "index.html").write_text("<p>" + "word " * 30 + "</p>")
    with serve(tmp_path / "one") as site:
        done = await asyncio.to_thread(fc.crawl, site.url("/"), poll_interval=1,
                                       timeout=WAIT_S)
    assert done.status == "completed"
    assert await asyncio.to_thread(fc.cancel_crawl, done.id) is False
    async with httpx.AsyncClient(base_url=api, headers={"Authorization": f"Bearer {TOKEN}"},
                                 timeout=60) as http:
        refused = await http.delete(f"/v2/crawl/{done.id}")
        assert refused.status_code == 409 and "already ended (completed)" in \
            refused.json()["error"]
        unknown = await http.get("/v2/crawl/nosuchcrawl")
        assert unknown.status_code == 404 and unknown.json()["success"] is False


# -- map and batch scrape --------------------------------------------------------------------

def test_map(fc: Firecrawl, tmp_path: Path) -> None:
    docs_site(tmp_path)
    with serve(tmp_path) as site:
        (tmp_path / "sitemap.xml").write_text(
            '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
            f"<url><loc>{site.url('/only-in-sitemap.html')}</loc></url>"
            f"<url><loc>{site.url('/docs/a.html')}</loc></url></urlset>")
        links = [link.url for link in fc.map(site.url("/docs/")).links]
        assert links[0] == site.url("/docs/")
        assert {site.url("/docs/a.html"), site.url("/docs/b.html"), site.url("/blog/x.html"),
                site.url("/only-in-sitemap.html")} <= set(links)
        assert len(links) == len(set(links))
        first = fc.map(site.url("/docs/")).links[0]
        assert first.title == "docs/index.html"
        skipped = {link.url for link in fc.map(site.url("/docs/"), sitemap="skip").links}
        assert site.url("/only-in-sitemap.html") not in skipped
        only = {link.url for link in fc.map(site.url("/docs/"), sitemap="only").links}
        assert only == {site.url("/only-in-sitemap.html"), site.url("/docs/a.html")}
        searched = [link.url for link in fc.map(site.url("/docs/"), search="blog").links]
        assert searched == [site.url("/blog/x.html")]
        assert len(fc.map(site.url("/docs/"), limit=2).links) == 2


async def test_batch_scrape(fc: Firecrawl, api: str, worker: Path, tmp_path: Path) -> None:
    (tmp_path / "rich.html").write_text(RICH)
    docs_site(tmp_path)
    with serve(tmp_path) as site:
        urls = [site.url("/rich.html"), site.url("/docs/a.html"), site.url("/missing.html"),
                "http://127.0.0.1:9/refused.html"]
        # the crawl's own reading: tags taken out, a wait in the browser, a screenshot
        started = await asyncio.to_thread(fc.start_batch_scrape, urls,
                                          formats=["markdown", "html", "screenshot"],
                                          exclude_tags=["#extra"], wait_for=2500)
        assert started.url == f"{api}/v2/batch/scrape/{started.id}"
        # the SDK checks URLs itself; a URL trawl cannot read is listed, not scraped
        async with httpx.AsyncClient(base_url=api, timeout=60,
                                     headers={"Authorization": f"Bearer {TOKEN}"}) as http:
            other = (await http.post("/v2/batch/scrape", json={
                "urls": [site.url("/docs/b.html"), "ftp://example.com/x"]})).json()
            assert other["success"] and other["invalidURLs"] == ["ftp://example.com/x"]
            strict = await http.post("/v2/batch/scrape", json={
                "urls": ["ftp://example.com/x"], "ignoreInvalidURLs": False})
            assert strict.status_code == 400 and "urls:" in strict.json()["error"]
        job = await asyncio.to_thread(
            wait_until, lambda: (j := fc.get_batch_scrape_status(started.id)).status
            == "completed" and j, "the batch scrape")
    # one document per URL that answered (a 404 says so); the refused port is an error
    by_url = {d.metadata.source_url: d for d in job.data}  # type: ignore[union-attr]
    assert set(by_url) == set(urls[:3])
    assert job.completed == job.total == 4
    rich = by_url[site.url("/rich.html")]
    assert rich.markdown and "Rich heading" in rich.markdown
    assert "LATE TEXT arrived" in rich.markdown and "Extra box text" not in rich.markdown
    assert rich.html and "<h1>Rich heading</h1>" in rich.html and "navigation" not in rich.html
    assert rich.screenshot and base64.b64decode(rich.screenshot.split(",", 1)[1]).startswith(
        PNG)
    assert by_url[site.url("/missing.html")].metadata.status_code == 404  # type: ignore[union-attr]
    # no link was followed
    assert site.url("/docs/c.html") not in by_url
    errors = await asyncio.to_thread(fc.get_batch_scrape_errors, started.id)
    # (read in the browser here, for the screenshots: Chromium names the refusal)
    [refused] = errors.errors
    assert refused.url == "http://127.0.0.1:9/refused.html"
    assert refused.code in ("connect_error", "fetch_error")
    assert "refused" in refused.error.lower(), refused.error


# -- webhooks --------------------------------------------------------------------------------

async def test_webhook_gets_firecrawl_events(fc: Firecrawl, worker: Path, engine: AsyncEngine,
                                             tmp_path: Path) -> None:
    paths = binary_tree_site(tmp_path / "site", 5)
    state = Receiver()
    with serve(tmp_path / "site") as site, receiver(state) as hook:
        job = await asyncio.to_thread(
            fc.crawl, site.url("/"), poll_interval=1, timeout=WAIT_S,
            webhook={"url": hook, "headers": {"X-Receiver-Key": "k-123"},
                     "metadata": {"project": "p1"}})
        await asyncio.to_thread(wait_until, lambda: any(
            json.loads(body)["type"] == "crawl.completed" for _, body in state.posts),
            "crawl.completed")
        batch = await asyncio.to_thread(
            fc.start_batch_scrape, [site.url("/p1.html")],
            webhook=WebhookConfig(url=hook, events=["completed"]))
        await asyncio.to_thread(wait_until, lambda: any(
            json.loads(body)["type"] == "batch_scrape.completed" for _, body in state.posts),
            "batch_scrape.completed")
    payloads = []
    for headers, body in state.posts:
        # Firecrawl's signature (HMAC-SHA256 of the body) and the receiver's own headers
        expected = hmac.new(WEBHOOK_SECRET.encode(), body, hashlib.sha256).hexdigest()
        assert headers["x-firecrawl-signature"] == f"sha256={expected}"
        assert headers.get("x-receiver-key") == "k-123" or json.loads(body)["id"] == batch.id
        payloads.append(json.loads(body))
    crawl = [p for p in payloads if p["id"] == job.id]
    kinds = [p["type"] for p in crawl]
    assert kinds[0] == "crawl.started" and kinds[-1] == "crawl.completed"
    assert kinds.count("crawl.page") == len(paths)
    for p in crawl:
        assert p["metadata"] == {"project": "p1"} and p["success"] is True
        assert p["webhookId"] and p["timestamp"]
    pages = [p["data"][0] for p in crawl if p["type"] == "crawl.page"]
    assert sorted(d["metadata"]["sourceURL"] for d in pages) == sorted(
        site.url(p) for p in paths)
    assert all("synthetic page number" in d["markdown"] for d in pages)
    assert [p["type"] for p in payloads if p["id"] == batch.id] == ["batch_scrape.completed"]
    # the receiver's key rests sealed
    sealed = await scalar_rows(engine, "select webhook_headers from firecrawl_jobs "
                                       "where crawl_id = :c", c=job.id)
    assert sealed[0][0] is not None and b"k-123" not in bytes(sealed[0][0])


# -- an ordinary crawl: handoffs, worker crashes ---------------------------------------------

async def test_handoff_answered_with_trawls_api(fc: Firecrawl, api: str,
                                                worker: Path) -> None:
    with wall_site() as (base, _):
        started = await asyncio.to_thread(fc.start_crawl, base + "/")
        status = await asyncio.to_thread(wait_until, lambda: (s := fc.get_crawl_status(
            started.id)).warning and "waiting_for_person" in s.warning and s, "the handoff")
        assert status.status == "scraping"
        async with httpx.AsyncClient(base_url=api, headers={"Authorization": f"Bearer {TOKEN}"},
                                     timeout=60) as http:
            handoffs = (await http.get("/v1/handoffs", params={"crawl_id": started.id})).json()
            assert [h["url"] for h in handoffs] == [base + "/private/"]
            resumed = await http.post(f"/v1/handoffs/{handoffs[0]['id']}/resume",
                                      json={"storage_state": logged_in_state()})
            assert resumed.status_code == 200, resumed.text
        job = await asyncio.to_thread(wait_until, lambda: (
            j := fc.get_crawl_status(started.id)).status == "completed" and j, "the crawl")
    texts = {d.metadata.source_url: d.markdown for d in job.data}  # type: ignore[union-attr]
    assert "secret recipe" in (texts.get(base + "/private/a.html") or "")
    assert SECRET not in json.dumps([d.model_dump() for d in job.data], default=str)


async def test_a_worker_killed_mid_crawl(fc: Firecrawl, temporal_address: str,
                                         database_url: str, queue: str, worker: Path,
                                         tmp_path: Path) -> None:
    """A second worker joins, the crawl runs on both, one is killed: the crawl completes,
    every page once."""
    paths = binary_tree_site(tmp_path / "site", 20)
    proc = start_worker(temporal_address, database_url, queue, tmp_path / "worker2.log",
                        TRAWL_SECRET_KEY=DATA_KEY, TRAWL_WEBHOOK_SECRET=WEBHOOK_SECRET)
    try:
        with serve(tmp_path / "site") as site:
            started = await asyncio.to_thread(fc.start_crawl, site.url("/"), delay=1,
                                              max_concurrency=4)
            await asyncio.to_thread(wait_until, lambda: fc.get_crawl_status(
                started.id, PaginationConfig(auto_paginate=False)).completed >= 5, "pages")
            kill_group(proc)
            job = await asyncio.to_thread(wait_until, lambda: (
                j := fc.get_crawl_status(started.id)).status == "completed" and j,
                "the crawl")
    finally:
        if proc.poll() is None:
            kill_group(proc)
    urls = [d.metadata.source_url for d in job.data]  # type: ignore[union-attr]
    assert sorted(urls) == sorted(site.url(p) for p in paths)  # each once


# -- the older clients -------------------------------------------------------------------------

async def test_v1_sdk(api: str, worker: Path, tmp_path: Path) -> None:
    app = V1FirecrawlApp(api_key=TOKEN, api_url=api)
    paths = binary_tree_site(tmp_path / "site", 6)
    with serve(tmp_path / "site") as site:
        page = await asyncio.to_thread(app.scrape_url, site.url("/p1.html"),
                                       formats=["markdown", "links"])
        assert page.markdown and "synthetic page number 1" in page.markdown
        assert page.links and site.url("/p3.html") in page.links
        crawl = await asyncio.to_thread(app.crawl_url, site.url("/"), limit=50,
                                        poll_interval=1)
        assert crawl.status == "completed" and len(crawl.data) == len(paths)
        assert sorted(d.metadata["sourceURL"] for d in crawl.data) == sorted(
            site.url(p) for p in paths)
        started = await asyncio.to_thread(app.async_crawl_url, site.url("/"), limit=50)
        assert started.url == f"{api}/v1/crawl/{started.id}"
        status = await asyncio.to_thread(wait_until, lambda: (
            s := app.check_crawl_status(started.id)).status == "completed" and s, "v1 crawl")
        assert len(status.data) == len(paths)
        errors = await asyncio.to_thread(app.check_crawl_errors, started.id)
        assert errors.errors == [] and errors.robotsBlocked == []
        mapped = await asyncio.to_thread(app.map_url, site.url("/"))
        assert mapped.links and site.url("/p2.html") in mapped.links
        batch = await asyncio.to_thread(app.batch_scrape_urls,
                                        [site.url("/p4.html"), site.url("/p5.html")],
                                        formats=["markdown"], poll_interval=1)
        assert batch.status == "completed" and len(batch.data) == 2


async def test_langchain_loader(api: str, worker: Path, tmp_path: Path) -> None:
    from langchain_community.document_loaders import FireCrawlLoader

    paths = binary_tree_site(tmp_path / "site", 4)
    with serve(tmp_path / "site") as site:
        scraped = await asyncio.to_thread(FireCrawlLoader(
            url=site.url("/p2.html"), api_key=TOKEN, api_url=api, mode="scrape").load)
        crawled = await asyncio.to_thread(FireCrawlLoader(
            url=site.url("/"), api_key=TOKEN, api_url=api, mode="crawl",
            params={"limit": 10, "poll_interval": 1}).load)
    assert len(scraped) == 1 and "synthetic page number 2" in scraped[0].page_content
    assert scraped[0].metadata["title"] == "Page 2"
    assert sorted(d.metadata["source_url"] for d in crawled) == sorted(
        site.url(p) for p in paths)


JS_DIR = ROOT / "tests" / "firecrawl_js"
JS_TIMEOUT_S = 900


async def test_js_sdk(api: str, worker: Path, tmp_path: Path) -> None:
    """@mendable/firecrawl-js, pinned in tests/firecrawl_js (scripts/setup --dev installs
    it), run by Node: scrape in each format, errors, a crawl, one of more than 100 pages
    read back page by page (the SDK follows ``next`` until there is none), cancel, map,
    batch scrape."""
    node = shutil.which("node")
    if node is None or not (JS_DIR / "node_modules" / "@mendable" / "firecrawl-js").is_dir():
        pytest.skip("no Node or no tests/firecrawl_js/node_modules: run scripts/setup --dev")
    small = binary_tree_site(tmp_path / "small", 6)
    big = binary_tree_site(tmp_path / "big", 110)
    binary_tree_site(tmp_path / "slow", 100)
    with serve(tmp_path / "small") as site, serve(tmp_path / "big") as big_site, \
            serve(tmp_path / "slow") as slow_site:
        env = {"PATH": "/usr/bin:/bin", "API_URL": api, "API_KEY": TOKEN, "SITE": site.base,
               "BIG_SITE": big_site.base, "SLOW_SITE": slow_site.base}
        done = await asyncio.to_thread(subprocess.run, [node, "run.mjs"], cwd=JS_DIR, env=env,
                                       capture_output=True, text=True, timeout=JS_TIMEOUT_S)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout)

    scraped = out["scrape"]
    assert "synthetic page number 1" in scraped["markdown"]
    assert "<h1>Page 1</h1>" in scraped["html"] and "<html" in scraped["rawHtml"]
    assert site.url("/p3.html") in scraped["links"]
    assert scraped["screenshot"].startswith("data:image/png;base64,")
    assert scraped["metadata"]["statusCode"] == 200 and scraped["metadata"]["title"] == "Page 1"
    assert out["json_format"]["status"] == 400 and "formats" in out["json_format"]["error"]
    assert out["wrong_key"]["status"] == 401
    assert out["unknown_job"]["status"] == 404

    crawl = out["crawl"]
    assert crawl["status"] == "completed" and crawl["completed"] == crawl["total"] == len(small)
    assert crawl["sources"] == sorted(site.url(p) for p in small)
    assert crawl["errors"] == {"errors": [], "robotsBlocked": []}
    whole = out["big_crawl"]
    assert whole["status"] == "completed" and whole["completed"] == len(big)
    assert whole["sources"] == sorted(big_site.url(p) for p in big)  # every page, once
    assert whole["firstPage"] == 100 and "skip=100" in whole["next"]

    cancel = out["cancel"]
    assert cancel["cancelled"] is True and cancel["status"] == "cancelled"
    assert 2 <= cancel["completed"] < 100 and cancel["documents"] == cancel["completed"]
    # the start page and its links (the site has no sitemap)
    assert out["map"] == [site.url(p) for p in ("/", "/p1.html", "/p2.html")]
    batch = out["batch"]
    assert batch["status"] == "completed"
    assert batch["sources"] == [site.url("/p2.html"), site.url("/p3.html")]
    assert all("synthetic page number" in m for m in batch["markdown"])
