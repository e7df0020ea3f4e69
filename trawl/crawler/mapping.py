"""A site's URLs without crawling it: the links of its start page and its sitemaps.

What Firecrawl's ``map`` does, the trawl way: the start page as :func:`trawl.crawler.scrape`
read it (passed in: the caller scraped it through its own guard), plus the URLs of the
site's sitemaps (robots.txt's ``Sitemap:`` lines and ``/sitemap.xml``), fetched through the
same address guard as the page. Every URL is canonical (:func:`trawl.urls.canonicalize`),
once, on the start host (and its subdomains when asked), in the order found: the start
page, its links, then the sitemaps'.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlsplit, urlunsplit

from trawl.config import DEFAULT_PAGE_TIMEOUT_S, get_settings
from trawl.crawler.fetch import make_client
from trawl.crawler.scrape import ScrapeOptions, ScrapeResult
from trawl.errors import ConfigError
from trawl.net import NetPolicy, use_policy
from trawl.policy import collect_sitemap_urls, fetch_robots
from trawl.urls import canonicalize, host_of, site_of

SitemapMode = Literal["include", "only", "skip"]
DEFAULT_MAP_LIMIT = 5000
MAX_MAP_LIMIT = 100_000
DEFAULT_MAP_BUDGET_S = 30.0
"""How long reading the sitemaps may take in all (the URLs read by then are kept)."""
_WORD_RE = re.compile(r"\w+", re.UNICODE)


@dataclass
class MapLink:
    """One URL of the site (``title``/``description``: the start page's own, when read)."""

    url: str
    title: str | None = None
    description: str | None = None


@dataclass
class SiteMap:
    links: list[MapLink]
    sitemap_errors: list[str]
    """Sitemaps that could not be read (``url: why``)."""


def _in_scope(url: str, host: str, subdomains: bool) -> bool:
    other = host_of(url)
    return other == host or (subdomains and other.endswith("." + host))


def _without_query(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, "", parts.fragment))


def _rank(links: list[MapLink], search: str) -> list[MapLink]:
    """Only the links whose URL or title holds a word of ``search``, those holding most of
    them first (in the order found among equals)."""
    words = {w.lower() for w in _WORD_RE.findall(search)}
    if not words:
        return links
    scored = []
    for link in links:
        haystack = f"{link.url} {link.title or ''}".lower()
        score = sum(1 for w in words if w in haystack)
        if score:
            scored.append((score, link))
    scored.sort(key=lambda pair: -pair[0])  # stable: equals keep their order
    return [link for _, link in scored]


async def map_site(url: str, page: ScrapeResult | None, options: ScrapeOptions, *,
                   sitemap: SitemapMode = "include", include_subdomains: bool = True,
                   ignore_query: bool = True, search: str | None = None,
                   limit: int = DEFAULT_MAP_LIMIT,
                   budget_s: float = DEFAULT_MAP_BUDGET_S,
                   guard: NetPolicy | None = None) -> SiteMap:
    """The URLs of ``url``'s site: ``page`` (the start page read with links; None when
    ``sitemap`` is ``only``) and its links, then its sitemaps' URLs (unless ``sitemap`` is
    ``skip``), through ``guard`` (default: ``options``' address guard, for a URL the
    operator named). ``ignore_query`` drops query strings; ``search`` keeps the URLs
    holding its words, best first; at most ``limit``."""
    start = canonicalize(url)
    host = host_of(start)
    found: dict[str, MapLink] = {}

    def add(raw: str, title: str | None = None, description: str | None = None) -> None:
        try:
            key = canonicalize(raw)
        except ConfigError:
            return
        if ignore_query:
            key = _without_query(key)
        if _in_scope(key, host, include_subdomains) and key not in found:
            found[key] = MapLink(key, title, description)

    if page is not None and sitemap != "only":
        if page.ok:
            add(page.final_url, page.title, (page.metadata or {}).get("description"))
        for link in page.links or []:
            add(link.url)
    errors: list[str] = []
    if sitemap != "skip":
        policy = guard or options.net_policy(url)
        user_agent = options.user_agent or get_settings().user_agent
        async with make_client(user_agent, DEFAULT_PAGE_TIMEOUT_S) as http:
            with use_policy(policy):
                rules = await fetch_robots(http, site_of(start), user_agent=user_agent)
                roots = [*rules.sitemaps, f"{site_of(start)}/sitemap.xml"]
                result = await collect_sitemap_urls(http, roots, max_urls=MAX_MAP_LIMIT,
                                                    budget_s=budget_s)
        errors = result.errors
        for raw in result.urls:
            add(raw)
    links = list(found.values())
    if search:
        links = _rank(links, search)
    return SiteMap(links[:limit], errors)
