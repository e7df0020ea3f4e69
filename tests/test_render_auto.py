"""--render auto: static pages are read as fetched, script-built pages go to Chromium."""

from __future__ import annotations

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

from tests.conftest import SITES, scalar_rows
from tests.crawlkit import run_crawl
from tests.sitesrv import serve
from trawl.crawler.auto import decide
from trawl.model import CrawlSpec

WORDS = "<p>" + "plain words of a server rendered article " * 10 + "</p>"


@pytest.mark.parametrize(("html", "browser", "reason"), [
    ("<body><div id=root></div><script src=a.js></script></body>", True, "script-only body"),
    (f"<body><div id=app></div>{WORDS}<script></script></body>", True, "app shell"),
    (f"<body>{WORDS}<noscript>Please enable JavaScript</noscript><script></script></body>",
     True, "noscript asks for JavaScript"),
    (f"<body><h1>Doc</h1>{WORDS}{WORDS}{WORDS}<script src=x.js></script></body>", False,
     "static HTML"),
    (f"<body><div id=root>{WORDS}</div><script></script></body>", False, "static HTML"),
    ("<body><p>Short but real, no scripts at all.</p></body>", False, "static HTML"),
    # text after a script is the page's (a tail); text inside one is not
    (f"<body><script>var a;</script>{'tail words ' * 30}</body>", False, "static HTML"),
    (f"<body><div id=root></div><script>{'code words ' * 300}</script></body>", True,
     "script-only body (0 chars"),
    (f"<body><noscript><p>{WORDS * 3}</p></noscript><script></script></body>", True,
     "script-only body (0 chars"),
])
def test_decide(html: str, browser: bool, reason: str) -> None:
    decision = decide(f"<html>{html}</html>", "http://e.com/x")
    assert decision.browser is browser
    assert decision.reason.startswith(reason)


def test_decide_spec_rule_wins() -> None:
    assert decide(f"<html><body>{WORDS}</body></html>", "http://e.com/app/1",
                  ["/app/*"]).reason == "spec rule /app/*"


async def test_js_only_site_crawled_completely_in_auto_mode(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str) -> None:
    with serve(SITES / "jsapp") as site:
        b = site.base
        crawl_id, result = await run_crawl(
            temporal_client, temporal_address, database_url, task_queue,
            CrawlSpec(seeds=[b + "/"], render="auto", concurrency=2))
    assert result.status == "completed"
    pages = {r[0]: r[1:] for r in await scalar_rows(
        engine, "select url, render_mode, render_reason, title, text from pages "
                "where crawl_id = :c and content_type = 'text/html'", c=crawl_id)}
    assert set(pages) == {b + "/", b + "/page2.html", b + "/page3.html", b + "/about.html"}
    for url in (b + "/", b + "/page2.html", b + "/page3.html"):
        mode, reason, _, _ = pages[url]
        assert (mode, reason.split(" (")[0]) == ("browser", "script-only body"), url
    assert pages[b + "/about.html"][:2] == ("http", "static HTML")
    assert pages[b + "/page3.html"][2] == "JS page three"
    assert "deepest script page" in pages[b + "/page3.html"][3]
    links = set(await scalar_rows(engine, "select from_url, to_url from links "
                                          "where crawl_id = :c", c=crawl_id))
    assert (b + "/page2.html", b + "/page3.html") in links  # exists only after JS ran
