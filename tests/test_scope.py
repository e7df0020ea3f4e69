"""URL canonicalisation and crawl scope: unit tests plus a real crawl with limits."""

from __future__ import annotations

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

from tests.conftest import SITES, scalar_rows
from tests.crawlkit import run_crawl
from tests.sitesrv import serve
from tests.test_crawl_site import RULES
from trawl.errors import ConfigError
from trawl.model import CrawlSpec
from trawl.urls import Scope, canonicalize, site_of, validate_seed


@pytest.mark.parametrize(("raw", "canonical"), [
    ("HTTP://Example.COM", "http://example.com/"),
    ("http://example.com:80/a", "http://example.com/a"),
    ("https://example.com:443/a", "https://example.com/a"),
    ("https://example.com:8443/a", "https://example.com:8443/a"),
    ("http://example.com/a#frag", "http://example.com/a"),
    ("http://example.com/dir/index.html", "http://example.com/dir/"),
    ("http://example.com/dir/INDEX.HTM", "http://example.com/dir/"),
    ("http://example.com/index.html?x=1", "http://example.com/?x=1"),
    ("http://example.com/Case/Path", "http://example.com/Case/Path"),
    ("http://[::1]:8080/x", "http://[::1]:8080/x"),
])
def test_canonicalize(raw: str, canonical: str) -> None:
    assert canonicalize(raw) == canonical


@pytest.mark.parametrize(("seed", "message"), [
    ("example.com", "absolute URL such as https://example.com"),
    ("ftp://example.com/", "unsupported URL scheme 'ftp'"),
    ("mailto:a@b.c", "absolute URL"),
    ("http://", "no host"),
    ("http://example.com:99999/", "invalid URL"),
])
def test_bad_seeds(seed: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        validate_seed(seed)


def test_scope_rules() -> None:
    same = Scope(seed_hosts=("docs.example.com",))
    assert same.contains("https://docs.example.com/x")
    assert not same.contains("https://api.docs.example.com/x")
    assert not same.contains("https://example.com/x")
    assert not same.contains("ftp://docs.example.com/x")
    subs = Scope(seed_hosts=("example.com",), allow_subdomains=True)
    assert subs.contains("https://docs.example.com/x")
    assert not subs.contains("https://badexample.com/x")
    paths = Scope(seed_hosts=("e.com",), include=("/docs/*",), exclude=("/docs/old/*",))
    assert paths.contains("http://e.com/docs/a")
    assert not paths.contains("http://e.com/blog/a")
    assert not paths.contains("http://e.com/docs/old/a")
    assert site_of("HTTP://E.com:80/x") == "http://e.com"


async def test_exclude_and_depth_limit_a_real_crawl(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str) -> None:
    with serve(SITES / "basic", RULES) as site:
        b = site.base
        crawl_id, _ = await run_crawl(
            temporal_client, temporal_address, database_url, task_queue,
            CrawlSpec(seeds=[b + "/"], render="http", max_depth=1,
                      exclude=["/b/*", "/files/*"]))
    stored = {r[0] for r in await scalar_rows(
        engine, "select url from pages where crawl_id = :c", c=crawl_id)}
    # depth 0: the home page; depth 1: its links minus the excluded ones;
    # /new.html is depth 1 too (it stands in for /old, which redirects to it)
    assert stored == {b + "/", b + "/a.html", b + "/missing.html", b + "/loop",
                      b + "/new.html"}
    depths = dict(await scalar_rows(engine, "select url, depth from crawl_urls "
                                            "where crawl_id = :c", c=crawl_id))
    assert max(depths.values()) == 1
    assert b + "/b/" not in depths  # excluded: never entered the frontier
