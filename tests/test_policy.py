"""Crawl policy units: robots.txt, sitemaps, traps, canonical URLs, spec files (no services)."""

from __future__ import annotations

import asyncio
import datetime as dt
import gzip
from pathlib import Path

import httpx
import pytest

from trawl.crawler.specfile import build_spec, load_spec_file
from trawl.errors import ConfigError
from trawl.model import CrawlSpec
from trawl.policy import (
    DEFAULT_MAX_URL_LENGTH,
    RobotsCache,
    SitemapError,
    collect_sitemap_urls,
    fetch_robots,
    parse_robots,
    parse_sitemap,
    robots_token,
    trap_reason,
)
from trawl.urls import canonicalize

UA = "trawl/0.1 (+https://github.com/trawl-crawler/trawl)"
SITE = "http://example.com"

ROBOTS = """
User-agent: *
Disallow: /private/
Allow: /private/open.html
Disallow: /*.pdf$
Disallow: /search?*q=

User-agent: trawl
Disallow: /no-trawl/
Allow: /no-trawl/yes
Crawl-delay: 2.5

User-agent: github
Disallow: /

Sitemap: http://example.com/sitemap.xml
Sitemap: http://example.com/news.xml.gz
"""


# -- robots.txt ---------------------------------------------------------------------------

def test_robots_groups_wildcards_longest_match_and_delay() -> None:
    generic = parse_robots(SITE, ROBOTS)
    assert generic.can_fetch(SITE + "/private/x.html", "otherbot/1.0") is False
    assert generic.can_fetch(SITE + "/private/open.html", "otherbot/1.0") is True  # longest
    assert generic.can_fetch(SITE + "/a/b.pdf", "otherbot") is False  # wildcard + $
    assert generic.can_fetch(SITE + "/a/b.pdf?x=1", "otherbot") is True
    assert generic.can_fetch(SITE + "/search?lang=en&q=x", "otherbot") is False
    # trawl has its own group: /private/ is not in it, /no-trawl/ is
    assert generic.can_fetch(SITE + "/private/x.html", UA) is True
    assert generic.can_fetch(SITE + "/no-trawl/page", UA) is False
    assert generic.can_fetch(SITE + "/no-trawl/yes", UA) is True
    assert generic.crawl_delay(UA) == 2.5
    assert generic.crawl_delay("otherbot") is None
    assert generic.reason(SITE + "/no-trawl/page", UA) == "robots.txt"
    assert generic.reason(SITE + "/", UA) is None
    assert generic.sitemaps == [SITE + "/sitemap.xml", SITE + "/news.xml.gz"]


def test_robots_token_is_the_product_name() -> None:
    # the full UA contains "github" at a token boundary: matching on it would pick the
    # "github" group (Disallow: /) — the product token keeps us in our own group
    assert robots_token(UA) == "trawl"
    assert robots_token("Mozilla/5.0 (compatible; trawl/1.0)").startswith("Mozilla")
    assert parse_robots(SITE, ROBOTS).can_fetch(SITE + "/", UA) is True


def _client(handler: httpx.MockTransport) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=handler, follow_redirects=True)


def _serving(status: int, body: bytes = b"", counter: list[int] | None = None,
             delay: float = 0.0) -> httpx.MockTransport:
    async def handle(request: httpx.Request) -> httpx.Response:
        if counter is not None:
            counter.append(1)
        if delay:
            await asyncio.sleep(delay)
        assert request.url.path == "/robots.txt"
        return httpx.Response(status, content=body)
    return httpx.MockTransport(handle)


@pytest.mark.parametrize(("status", "state", "allowed"), [
    (200, "parsed", False),
    (404, "unavailable", True),
    (403, "unavailable", True),
    (429, "unreachable", False),
    (503, "unreachable", False),
])
async def test_robots_http_status_policy(status: int, state: str, allowed: bool) -> None:
    body = b"User-agent: *\nDisallow: /"
    async with _client(_serving(status, body)) as http:
        rules = await fetch_robots(http, SITE)
    assert rules.state == state
    assert rules.can_fetch(SITE + "/page", UA) is allowed
    if state == "unreachable":
        assert "unreachable" in (rules.reason(SITE + "/page", UA) or "")


async def test_robots_network_error_is_unreachable() -> None:
    def fail(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused", request=request)
    async with _client(httpx.MockTransport(fail)) as http:
        rules = await fetch_robots(http, SITE)
    assert rules.state == "unreachable" and rules.detail == "ConnectError"
    assert not rules.can_fetch(SITE + "/", UA)


async def test_robots_cache_one_fetch_per_site_and_ttl() -> None:
    calls: list[int] = []
    now = [1000.0]
    cache = RobotsCache(clock=lambda: now[0])
    async with _client(_serving(200, b"User-agent: *\nDisallow: /x", calls, 0.05)) as http:
        results = await asyncio.gather(*(cache.get(http, SITE) for _ in range(10)))
        assert len(calls) == 1 and all(r is results[0] for r in results)
        now[0] += 3599
        await cache.get(http, SITE)
        assert len(calls) == 1
        now[0] += 2  # past the one-hour TTL
        await cache.get(http, SITE)
        assert len(calls) == 2


async def test_robots_cache_retries_unreachable_sooner() -> None:
    calls: list[int] = []
    now = [0.0]
    cache = RobotsCache(clock=lambda: now[0])
    async with _client(_serving(503, b"", calls)) as http:
        await cache.get(http, SITE)
        now[0] += 60
        await cache.get(http, SITE)
        assert len(calls) == 1
        now[0] += 61  # past UNREACHABLE_TTL_S
        await cache.get(http, SITE)
        assert len(calls) == 2


# -- sitemaps -------------------------------------------------------------------------------

URLSET = b"""<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>http://example.com/a</loc><lastmod>2024-01-01</lastmod></url>
  <url><loc> http://example.com/b </loc></url>
  <url><loc>/relative</loc></url>
  <url><loc>ftp://example.com/nope</loc></url>
</urlset>"""

INDEX = b"""<?xml version="1.0"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>http://example.com/s1.xml.gz</loc></sitemap>
  <sitemap><loc>http://example.com/s2.xml</loc></sitemap>
  <sitemap><loc>http://example.com/index.xml</loc></sitemap>
</sitemapindex>"""


def test_parse_urlset_index_gzip_and_text() -> None:
    doc = parse_sitemap(URLSET, "http://example.com/sitemap.xml")
    assert doc.urls == ["http://example.com/a", "http://example.com/b",
                        "http://example.com/relative"]
    assert parse_sitemap(gzip.compress(URLSET)).urls[:2] == doc.urls[:2]
    assert parse_sitemap(INDEX).sitemaps[0] == "http://example.com/s1.xml.gz"
    assert parse_sitemap(b"http://example.com/x\n\nnot a url\nhttps://e.com/y\n").urls == [
        "http://example.com/x", "https://e.com/y"]
    assert len(parse_sitemap(URLSET, max_urls=1).urls) == 1


def test_parse_sitemap_rejects_bombs_and_junk() -> None:
    bomb = gzip.compress(b"<urlset>" + b" " * 2_000_000 + b"</urlset>")
    with pytest.raises(SitemapError, match="decompressed"):
        parse_sitemap(bomb, max_bytes=1_000_000)
    with pytest.raises(SitemapError, match="not a sitemap"):
        parse_sitemap(b"<html><body>hi</body></html>")
    entity = (b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>'
              b"<urlset><url><loc>http://example.com/&e;</loc></url></urlset>")
    assert "root:" not in "".join(parse_sitemap(entity).urls)


async def test_collect_follows_index_once_and_bounds() -> None:
    many = b"<urlset>" + b"".join(f"<url><loc>http://example.com/p{i}</loc></url>".encode()
                                  for i in range(100)) + b"</urlset>"
    files = {"/index.xml": INDEX, "/s1.xml.gz": gzip.compress(URLSET), "/s2.xml": many}
    seen: list[str] = []

    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(request.url.path)
        body = files.get(request.url.path)
        return httpx.Response(200, content=body) if body else httpx.Response(404)

    async with _client(httpx.MockTransport(handle)) as http:
        result = await collect_sitemap_urls(http, ["http://example.com/index.xml",
                                                   "http://example.com/missing.xml"])
        assert seen.count("/index.xml") == 1  # the index lists itself: read once
        assert len(result.urls) == 103 and result.files_read == 4
        assert result.found_in["http://example.com/p5"] == "http://example.com/s2.xml"
        assert any("missing.xml: HTTP 404" in e for e in result.errors)
        small = await collect_sitemap_urls(http, ["http://example.com/index.xml"], max_urls=10)
        assert len(small.urls) == 10 and small.truncated
        few = await collect_sitemap_urls(http, ["http://example.com/index.xml"], max_files=2)
        assert few.files_read == 2 and few.truncated


# -- traps ----------------------------------------------------------------------------------

TODAY = dt.date(2025, 6, 1)


@pytest.mark.parametrize(("url", "pattern"), [
    ("http://e.com/" + "a" * DEFAULT_MAX_URL_LENGTH, "longer than 2048"),
    ("http://e.com/a/b/a/b/a/b", "'a' repeated 3"),
    ("http://e.com/x/x/x/", "'x' repeated 3"),
    ("http://e.com/" + "/".join(f"s{i}" for i in range(31)), "deeper than 30"),
    ("http://e.com/s?" + "&".join(f"f{i}=1" for i in range(13)), "13 query parameters"),
    ("http://e.com/s?tag=a&tag=b&tag=c&tag=d&tag=e&tag=f", "'tag' repeated 6"),
    ("http://e.com/cal?month=13", "month=13 is not a month"),
    ("http://e.com/cal?month=0", "not a month"),
    ("http://e.com/cal?year=2187&month=5", "outside the plausible years"),
    ("http://e.com/cal?year=1850", "outside the plausible years"),
    ("http://e.com/cal?day=40", "not a day"),
    ("http://e.com/events?date=2190-01-01", "not a plausible date"),
    ("http://e.com/events?from=2024-14", "not a plausible date"),
    ("http://e.com/events?date=21900101", "not a plausible date"),
])
def test_traps(url: str, pattern: str) -> None:
    reason = trap_reason(url, today=TODAY)
    assert reason is not None and pattern in reason


@pytest.mark.parametrize("url", [
    "http://e.com/",
    "http://e.com/docs/v1/api/v1/index",           # a segment twice is fine
    "http://e.com/cal?year=2025&month=12",
    "http://e.com/cal?year=2030",                  # five years ahead is still plausible
    "http://e.com/blog/1850/05/",                  # years in paths are content, not calendars
    "http://e.com/search?start=1000&q=x",          # an offset, not a year
    "http://e.com/events?date=2024-05-01",
    "http://e.com/s?" + "&".join(f"f{i}=1" for i in range(12)),
    "http://e.com/list?page=99999",
])
def test_not_traps(url: str) -> None:
    assert trap_reason(url, today=TODAY) is None


def test_trap_max_url_length_is_configurable() -> None:
    assert trap_reason("http://e.com/" + "a" * 100, max_url_length=64) is not None
    assert trap_reason("http://e.com/" + "a" * 100) is None


# -- canonical URLs -------------------------------------------------------------------------

@pytest.mark.parametrize(("raw", "canonical"), [
    ("HTTP://Example.COM:80/a/index.html#frag", "http://example.com/a/"),
    ("https://example.com:443", "https://example.com/"),
    ("http://example.com/p?utm_source=x&utm_MEDIUM=y&id=3&fbclid=1&gclid=2", "http://example.com/p?id=3"),
    ("http://example.com/p?msclkid=1&mc_cid=2&mc_eid=3&_ga=4&_gl=5", "http://example.com/p"),
    ("http://example.com/p?b=2&a=1", "http://example.com/p?a=1&b=2"),
    ("http://example.com/p?tag=z&tag=a", "http://example.com/p?tag=z&tag=a"),  # order kept
    ("http://example.com/p?q=a%20b&x=", "http://example.com/p?q=a%20b&x="),     # encoding kept
    ("http://example.com/p;jsessionid=ABC123?x=1", "http://example.com/p?x=1"),
    ("http://example.com/p?PHPSESSID=abc&x=1", "http://example.com/p?x=1"),
    ("http://example.com/p?&&x=1&", "http://example.com/p?x=1"),
    ("http://example.com/?", "http://example.com/"),
])
def test_canonicalize_drops_tracking_and_sorts(raw: str, canonical: str) -> None:
    assert canonicalize(raw) == canonical


# -- spec files -----------------------------------------------------------------------------

def test_spec_file_yaml_and_json(tmp_path: Path) -> None:
    yml = tmp_path / "crawl.yaml"
    yml.write_text("seeds: [http://example.com/]\nmax-pages: 7\nsitemap: only\n"
                   "respect_robots: false\nexclude: /blog/*\nuser_agent: trawl-test/1\n")
    fields = load_spec_file(yml)
    spec = build_spec(fields, {}).validated()
    assert (spec.max_pages, spec.sitemap, spec.respect_robots, spec.exclude,
            spec.user_agent) == (7, "only", False, ["/blog/*"], "trawl-test/1")
    # command-line values given explicitly win over the file
    assert build_spec(fields, {"max_pages": 3}).max_pages == 3
    js = tmp_path / "crawl.json"
    js.write_text('{"urls": ["http://example.com/"], "page_timeout_s": 5}')
    assert build_spec(load_spec_file(js), {}).page_timeout_s == 5.0


@pytest.mark.parametrize(("text", "pattern"), [
    ("seeds: [http://e.com/]\nmax_pagez: 3\n", r"unknown field 'max_pagez'"),
    ("seeds: [http://e.com/]\nmax_pages: many\n", r"'max_pages': expected an integer"),
    ("seeds: [http://e.com/]\nrespect_robots: 1\n", r"'respect_robots': expected true/false"),
    ("- just\n- a list\n", r"expected a mapping"),
    ("seeds: [http://e.com/\n", r"not valid YAML"),
])
def test_spec_file_errors(tmp_path: Path, text: str, pattern: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=pattern):
        load_spec_file(path)


def test_spec_validates_policy_fields() -> None:
    with pytest.raises(ConfigError, match="--sitemap must be one of include, only, skip"):
        CrawlSpec(["http://e.com/"], sitemap="always").validated()
    with pytest.raises(ConfigError, match="max_url_length"):
        CrawlSpec(["http://e.com/"], max_url_length=10).validated()
    with pytest.raises(ConfigError, match="--user-agent"):
        CrawlSpec(["http://e.com/"], user_agent="a\r\nX-Evil: 1").validated()
    with pytest.raises(ConfigError, match="start URL"):
        build_spec({}, {})
    spec = CrawlSpec(["http://e.com/"]).validated()
    assert spec.respect_robots and spec.sitemap == "include"
    assert CrawlSpec.from_json(spec.to_json()) == spec


# -- walls: login forms can be opted out of ---------------------------------------------

LOGIN_BOX = ('<html><body><p>Forum post.</p><form><input name="u">'
             '<input type="password" name="p"></form></body></html>')


@pytest.mark.parametrize("login_forms, expected", [(True, "login"), (False, None)])
def test_login_form_handoff_can_be_turned_off(login_forms: bool, expected: str | None) -> None:
    from trawl.crawler.walls import detect

    wall = detect(url="http://a.test/post", final_url="http://a.test/post", status=200,
                  html=LOGIN_BOX, password_visible=None, has_session=False, rules=[],
                  login_forms=login_forms)
    assert (wall.reason if wall else None) == expected
    # a CAPTCHA still waits for a person either way
    captcha = LOGIN_BOX.replace("<p>", '<div class="g-recaptcha"></div><p>')
    assert detect(url="http://a.test/post", final_url="http://a.test/post", status=200,
                  html=captcha, password_visible=None, has_session=False, rules=[],
                  login_forms=login_forms).reason == "captcha"  # type: ignore[union-attr]


@pytest.mark.parametrize("marker, kind", [
    ('<div class="g-recaptcha"></div>', "reCAPTCHA"),
    ('<div class="h-captcha"></div>', "hCaptcha"),
    ('<div class="cf-turnstile"></div>', "Turnstile"),
    ("<title>Just a moment...</title>", "challenge page"),
    ('<form id="challenge-form"></form>', "challenge page"),
    # the words without the markup: a page about CAPTCHAs is no CAPTCHA
    ("<p>Why a captcha, a turnstile or a challenge? Just a moment.</p>", None),
])
def test_captcha_kinds(marker: str, kind: str | None) -> None:
    from trawl.crawler.walls import captcha_kind

    assert captcha_kind(f"<html><head></head><body>{marker}<p>Text.</p></body></html>") == kind
