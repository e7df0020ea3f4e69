"""Crawl policy at explore time: robots.txt before a load, traps and robots.txt on links.

Small async helpers :mod:`trawl.crawler.explore` calls, keeping the policy decisions in
:mod:`trawl.policy` and out of the explore flow.

``<link rel=canonical>``: a page is always stored under the URL that was fetched (its
``canonical_url`` column says what the site prefers). When the canonical URL is different,
in scope and allowed, it is queued like a link, so the preferred URL is in the crawl too;
if it is the same document the two rows share ``content_hash``. We do not drop the page
in favour of its canonical: canonical tags are often wrong (every page pointing at the
home page) or circular, and dropping would lose content.
"""

from __future__ import annotations

import httpx

from trawl.errors import ConfigError
from trawl.model import CrawlSpec
from trawl.policy import RobotsCache, trap_reason
from trawl.urls import Scope, canonicalize, site_of

ROBOTS_REASON = "robots.txt"


def user_agent(http: httpx.AsyncClient, spec: CrawlSpec) -> str:
    """The user agent this crawl presents (and matches robots.txt groups with)."""
    return spec.user_agent or http.headers.get("User-Agent", "trawl")


def with_user_agent(spec: CrawlSpec, headers: dict[str, str] | None) -> dict[str, str] | None:
    """``headers`` plus the spec's User-Agent, when the spec sets one."""
    if not spec.user_agent:
        return headers
    return {**(headers or {}), "User-Agent": spec.user_agent}


async def robots_skip(robots: RobotsCache, http: httpx.AsyncClient, spec: CrawlSpec,
                      url: str) -> str | None:
    """Why ``url`` must not be fetched under robots.txt (None: go ahead)."""
    if not spec.respect_robots:
        return None
    rules = await robots.get(http, site_of(url), spec.user_agent)
    return rules.reason(url, user_agent(http, spec))


def canonical_follow(spec: CrawlSpec, scope: Scope, url: str,
                     canonical_url: str | None) -> list[str]:
    """The page's in-scope canonical URL when it differs from ``url`` (else nothing)."""
    if not spec.follow_canonical or not canonical_url:
        return []
    try:
        key = canonicalize(canonical_url)
    except ConfigError:
        return []
    return [key] if key != url and scope.contains(key) else []


async def screen_links(robots: RobotsCache, http: httpx.AsyncClient, spec: CrawlSpec,
                       site: str, urls: list[str]) -> tuple[list[str], list[tuple[str, str]]]:
    """Split URLs to follow into (follow, [(url, reason) skipped]).

    Traps are checked for every URL; robots.txt only for URLs of ``site`` (whose rules
    the page's own load just fetched). Other sites' URLs are checked when they are loaded.
    """
    follow: list[str] = []
    skipped: list[tuple[str, str]] = []
    rules = None
    if spec.respect_robots and urls:
        rules = await robots.get(http, site, spec.user_agent)
    agent = user_agent(http, spec)
    for url in urls:
        reason = trap_reason(url, max_url_length=spec.max_url_length)
        if reason is None and rules is not None and site_of(url) == site:
            reason = rules.reason(url, agent)
        if reason is None:
            follow.append(url)
        else:
            skipped.append((url, reason))
    return follow, skipped
