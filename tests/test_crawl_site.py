"""A real crawl of a local test site: exactly the expected pages and links are stored."""

from __future__ import annotations

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

from tests.conftest import SITES, scalar_rows
from tests.crawlkit import run_crawl
from tests.sitesrv import Rules, serve
from trawl.model import CrawlSpec

RULES = Rules(redirects={"/old": "/new.html", "/loop": "/loop2", "/loop2": "/loop"})


@pytest.mark.parametrize("render", ["browser", "http"])
async def test_basic_site_pages_and_links(temporal_client: Client, temporal_address: str,
                                          database_url: str, engine: AsyncEngine,
                                          task_queue: str, render: str) -> None:
    with serve(SITES / "basic", RULES) as site:
        b = site.base
        crawl_id, result = await run_crawl(
            temporal_client, temporal_address, database_url, task_queue,
            CrawlSpec(seeds=[b + "/index.html"], render=render, concurrency=3))

    assert result.status == "completed"
    pages = {row[0]: row[1:] for row in await scalar_rows(
        engine, "select url, status_code, error_class, content_type, title, render_mode "
                "from pages where crawl_id = :c", c=crawl_id)}
    assert set(pages) == {
        b + "/", b + "/a.html", b + "/b/", b + "/b/c.html", b + "/b/d/deep.html",
        b + "/missing.html", b + "/files/report.pdf", b + "/new.html", b + "/loop",
    }
    assert pages[b + "/"][:2] == (200, None)
    assert pages[b + "/"][3] == "Home"
    assert pages[b + "/"][4] == render
    assert pages[b + "/missing.html"][:2] == (404, "http_404")
    # not a real PDF: failed with the reason, never stored as an empty page
    assert pages[b + "/files/report.pdf"][:3] == (200, "unreadable_document", "application/pdf")
    assert pages[b + "/files/report.pdf"][4] == "none"
    assert pages[b + "/loop"][1] == "redirect_loop"
    assert pages[b + "/new.html"][3] == "New home of old"

    frontier = dict(await scalar_rows(
        engine, "select url, status from crawl_urls where crawl_id = :c", c=crawl_id))
    assert frontier[b + "/old"] == "redirected"
    assert "https://example.org/elsewhere" not in frontier  # out of scope: never queued

    links = set(await scalar_rows(
        engine, "select from_url, to_url, internal from links where crawl_id = :c",
        c=crawl_id))
    assert links == {
        (b + "/", b + "/", True),
        (b + "/", b + "/a.html", True),
        (b + "/", b + "/b/", True),
        (b + "/", b + "/missing.html", True),
        (b + "/", b + "/old", True),
        (b + "/", b + "/loop", True),
        (b + "/", b + "/files/report.pdf", True),
        (b + "/", "https://example.org/elsewhere", False),
        (b + "/a.html", b + "/", True),
        (b + "/a.html", b + "/b/c.html", True),
        (b + "/b/", b + "/b/c.html", True),
        (b + "/b/", b + "/a.html", True),
        (b + "/b/c.html", b + "/b/d/deep.html", True),
        (b + "/b/d/deep.html", b + "/", True),
        (b + "/new.html", b + "/a.html", True),
    }
    # no duplicates anywhere
    dupes = await scalar_rows(engine, "select url, count(*) from pages where crawl_id = :c "
                                      "group by url having count(*) > 1", c=crawl_id)
    assert dupes == []
    assert result.pages_done == 6 and result.pages_failed == 3
