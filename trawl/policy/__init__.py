"""Crawl policy: what a polite crawler may fetch and what it should not follow.

- robots.txt (:class:`RobotsCache`, :func:`fetch_robots`, :func:`parse_robots`)
- sitemaps (:func:`parse_sitemap`, :func:`collect_sitemap_urls`)
- crawler traps (:func:`trap_reason`)
- 429/503 answers: Retry-After and backoff (:func:`parse_retry_after`, :func:`backoff_s`)

Pure trawl: no Temporal, no database. Canonicalisation lives in :mod:`trawl.urls`.
"""

from trawl.policy._retry import RETRY_STATUSES, backoff_s, parse_retry_after
from trawl.policy._robots import (
    ROBOTS_TTL_S,
    UNREACHABLE_TTL_S,
    RobotsCache,
    RobotsRules,
    fetch_robots,
    parse_robots,
    robots_token,
    robots_url,
)
from trawl.policy._sitemaps import (
    MAX_SITEMAP_BYTES,
    MAX_SITEMAP_FILES,
    MAX_SITEMAP_URLS,
    SitemapDoc,
    SitemapError,
    SitemapResult,
    collect_sitemap_urls,
    parse_sitemap,
)
from trawl.policy._traps import DEFAULT_MAX_URL_LENGTH, trap_reason

__all__ = [
    "DEFAULT_MAX_URL_LENGTH",
    "MAX_SITEMAP_BYTES",
    "MAX_SITEMAP_FILES",
    "MAX_SITEMAP_URLS",
    "RETRY_STATUSES",
    "ROBOTS_TTL_S",
    "UNREACHABLE_TTL_S",
    "RobotsCache",
    "RobotsRules",
    "SitemapDoc",
    "SitemapError",
    "SitemapResult",
    "backoff_s",
    "collect_sitemap_urls",
    "fetch_robots",
    "parse_retry_after",
    "parse_robots",
    "parse_sitemap",
    "robots_token",
    "robots_url",
    "trap_reason",
]
