"""Real crawls of a site with robots.txt, sitemaps and crawler traps (http render, fast)."""

from __future__ import annotations

import gzip
import inspect
import re

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio import activity
from temporalio.client import Client

import trawl.activities.crawl
from tests.conftest import SITES, scalar_rows
from tests.crawlkit import run_crawl
from tests.sitesrv import HtmlHandler, Rules, serve, serve_handler
from trawl.activities.crawl import CrawlActivities
from trawl.crawler.seeding import seed_from_sitemaps
from trawl.model import CrawlSpec, StartCrawlInput
from trawl.store import frontier as frontier_store

ROBOTS = """User-agent: *
Disallow: /private/
Allow: /private/open.html

User-agent: otherbot
Disallow: /

Sitemap: {base}/sitemap_index.xml
"""


def _robots(_: str, base: str) -> tuple[str, bytes]:
    return "text/plain", ROBOTS.format(base=base).encode()


def _index(_: str, base: str) -> tuple[str, bytes]:
    return "application/xml", (
        '<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"<sitemap><loc>{base}/sitemap-pages.xml.gz</loc></sitemap></sitemapindex>").encode()


def _pages(_: str, base: str) -> tuple[str, bytes]:
    locs = "".join(f"<url><loc>{base}{p}</loc></url>" for p in
                   ("/orphan.html", "/docs/a.html", "/private/listed.html",
                    "/docs/b.html?utm_campaign=sitemap"))
    xml = ('<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
           f"{locs}</urlset>")
    return "application/gzip", gzip.compress(xml.encode())


def _calendar(path: str, _: str) -> tuple[str, bytes]:
    """/cal?month=N links to N-1 and N+1, forever."""
    n = int(re.search(r"month=(-?\d+)", path).group(1))  # type: ignore[union-attr]
    return "text/html", (f"<html><head><title>Month {n}</title></head><body><main>"
                         f"<h1>Calendar month {n}</h1><a href='/cal?month={n - 1}'>prev</a> "
                         f"<a href='/cal?month={n + 1}'>next</a></main></body></html>").encode()


def _relative(path: str, _: str) -> tuple[str, bytes]:
    """Any /rel/... path answers, with a relative link one level deeper: /rel/x/x/x/..."""
    return "text/html", (f"<html><head><title>{path}</title></head><body><main>"
                         f"<h1>Relative {path}</h1><a href='x/'>deeper</a></main></body>"
                         "</html>").encode()


def policy_rules() -> Rules:
    return Rules(dynamic={"/robots.txt": _robots, "/sitemap_index.xml": _index,
                          "/sitemap-pages.xml.gz": _pages, "/cal": _calendar,
                          "/rel/": _relative})


@pytest.fixture(autouse=True)
def sitemap_seeding(monkeypatch: pytest.MonkeyPatch) -> None:
    """The start_crawl activity with the sitemap-seeding hook, until trawl/activities/crawl.py
    has it (then this does nothing and the real activity is tested)."""
    if "seed_from_sitemaps" in inspect.getsource(trawl.activities.crawl):
        return

    @activity.defn(name="start_crawl")
    async def start_crawl(self, inp: StartCrawlInput) -> list[str]:  # type: ignore[no-untyped-def]
        deps = self._deps
        sites = await frontier_store.create_crawl(deps.engine, inp.crawl_id, inp.workflow_id,
                                                  inp.spec)
        return sorted({*sites, *await seed_from_sitemaps(deps.engine, deps.http, inp.crawl_id,
                                                         inp.spec, deps.robots)})
    monkeypatch.setattr(CrawlActivities, "start_crawl", start_crawl)


async def _frontier(engine: AsyncEngine, crawl_id: str) -> dict[str, tuple[str, str | None]]:
    return {r[0]: (r[1], r[2]) for r in await scalar_rows(
        engine, "select url, status, reason from crawl_urls where crawl_id = :c", c=crawl_id)}


async def _pages_stored(engine: AsyncEngine, crawl_id: str) -> set[str]:
    return {r[0] for r in await scalar_rows(
        engine, "select url from pages where crawl_id = :c", c=crawl_id)}


async def test_robots_sitemaps_traps_canonical(temporal_client: Client, temporal_address: str,
                                               database_url: str, engine: AsyncEngine,
                                               task_queue: str) -> None:
    rules = policy_rules()
    with serve(SITES / "policy", rules) as site:
        b = site.base
        crawl_id, result = await run_crawl(
            temporal_client, temporal_address, database_url, task_queue,
            CrawlSpec(seeds=[b + "/"], render="http", concurrency=4, max_depth=30))
    assert result.status == "completed"
    pages = await _pages_stored(engine, crawl_id)
    frontier = await _frontier(engine, crawl_id)

    # robots.txt: disallowed pages are skipped with the reason, never fetched
    for path in ("/private/secret.html", "/private/inner.html", "/private/listed.html"):
        assert frontier[b + path] == ("skipped", "robots.txt"), path
        assert b + path not in pages
        assert rules.hits.get(path, 0) == 0, path
    assert b + "/private/open.html" in pages  # Allow: longest match wins
    assert rules.hits["/robots.txt"] == 1  # cached per worker

    # sitemaps (robots.txt -> index -> gzip urlset): the orphan page is crawled
    assert b + "/orphan.html" in pages
    assert frontier[b + "/orphan.html"][0] == "done"
    found_on = dict(await scalar_rows(
        engine, "select url, found_on from crawl_urls where crawl_id = :c", c=crawl_id))
    assert found_on[b + "/orphan.html"] == b + "/sitemap-pages.xml.gz"

    # canonicalisation: tracking parameters and index.html collapse onto one URL
    assert b + "/docs/b.html" in pages and b + "/docs/" in pages
    assert not [u for u in frontier if "utm_" in u or "fbclid" in u or "index.html" in u]
    # <link rel=canonical> in scope is followed; the page stays stored under its own URL
    assert {b + "/docs/a.html", b + "/docs/canon.html"} <= pages

    # calendar trap: months 1..12 crawled, the months outside the calendar are skipped
    months = {u for u in pages if "/cal?" in u}
    assert months == {f"{b}/cal?month={n}" for n in range(1, 13)}
    for n in (0, 13):
        status, reason = frontier[f"{b}/cal?month={n}"]
        assert status == "skipped" and "not a month" in (reason or "")
    assert rules.hits["/cal"] == 12

    # repeated segments: /rel/x/x/x/ is a trap, recorded and never fetched
    assert {u for u in pages if "/rel/" in u} == {b + "/rel/", b + "/rel/x/", b + "/rel/x/x/"}
    status, reason = frontier[b + "/rel/x/x/x/"]
    assert status == "skipped" and "repeated 3 times" in (reason or "")
    assert not [u for u in frontier if u.count("/x") > 3]

    assert set(pages) == {b + p for p in (
        "/", "/docs/a.html", "/docs/b.html", "/docs/", "/docs/canon.html", "/private/open.html",
        "/orphan.html", "/rel/", "/rel/x/", "/rel/x/x/")} | months


@pytest.mark.parametrize("user_agent", [None, "otherbot/2.0 (test)"])
async def test_ignore_robots_and_skip_sitemaps(temporal_client: Client, temporal_address: str,
                                               database_url: str, engine: AsyncEngine,
                                               task_queue: str, user_agent: str | None) -> None:
    rules = policy_rules()
    respect = user_agent is not None  # otherbot is disallowed everywhere: only the seed is
    with serve(SITES / "policy", rules) as site:
        b = site.base
        crawl_id, result = await run_crawl(
            temporal_client, temporal_address, database_url, task_queue,
            CrawlSpec(seeds=[b + "/"], render="http", respect_robots=respect,
                      sitemap="skip", user_agent=user_agent, max_depth=3))
    assert result.status == "completed"
    pages = await _pages_stored(engine, crawl_id)
    frontier = await _frontier(engine, crawl_id)
    assert b + "/orphan.html" not in frontier  # --sitemap skip: sitemaps not read
    assert "/sitemap_index.xml" not in rules.hits
    if respect:  # the spec's user agent selects the otherbot group: Disallow: /
        assert pages == set()
        assert frontier == {b + "/": ("skipped", "robots.txt")}
    else:  # --ignore-robots: robots.txt is not even fetched
        assert "/robots.txt" not in rules.hits
        assert {b + "/private/secret.html", b + "/private/inner.html"} <= pages


@pytest.mark.parametrize("render", ["http", "browser"])
async def test_spec_user_agent_reaches_every_request(temporal_client: Client,
                                                     temporal_address: str, database_url: str,
                                                     engine: AsyncEngine, task_queue: str,
                                                     render: str) -> None:
    """The spec's User-Agent is what the site sees, for robots.txt and for pages — in
    Chromium too (a context option), not only over HTTP."""
    seen: list[tuple[str, str]] = []

    class Handler(HtmlHandler):
        def do_GET(self) -> None:
            seen.append((self.path, self.headers.get("User-Agent", "")))
            if self.path == "/robots.txt":
                self._send(404, "")
            elif self.path == "/":
                self._send(200, '<p>Home page text.</p><a href="/next">next</a>')
            else:
                self._send(200, "<p>Next page text.</p>")

    agent = "uabot/3.1 (+https://example.test/bot)"
    with serve_handler(Handler) as base:
        crawl_id, result = await run_crawl(
            temporal_client, temporal_address, database_url, task_queue,
            CrawlSpec(seeds=[base + "/"], render=render, user_agent=agent, sitemap="skip"))
    assert result.status == "completed"
    assert {path for path, _ in seen} >= {"/robots.txt", "/", "/next"}
    assert all(ua == agent for _, ua in seen), seen
    modes = await scalar_rows(engine, "select distinct render_mode from pages "
                                      "where crawl_id = :c", c=crawl_id)
    assert modes == [(render,)]
