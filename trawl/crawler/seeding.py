"""Seeding a crawl's frontier from the sites' sitemaps (``--sitemap include|only``).

Each start site reads its own (:func:`seed_site`, its first explore slice) after
:func:`trawl.store.frontier.create_crawl`; idempotent (URLs are inserted if absent), so a
retried activity repeats it harmlessly.

Where the sitemaps come from: the ``Sitemap:`` lines of each seed site's robots.txt, plus
``/sitemap.xml``. Every URL found is canonicalised and must be in the crawl's scope; crawler
traps and (unless ``--ignore-robots``) robots.txt-disallowed URLs are recorded as
``skipped`` with the reason instead of queued. Sitemap URLs enter at depth 1 (one hop from
the start URL, as if the home page linked them), with ``found_on`` set to the sitemap file
that listed them; with ``--max-depth 0`` and ``--sitemap include`` nothing is seeded.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import httpx
from sqlalchemy.ext.asyncio import AsyncEngine

from trawl.ai import goal_terms, link_priority
from trawl.crawler.screening import user_agent as crawl_user_agent
from trawl.errors import ConfigError
from trawl.model import SITEMAP_DEPTH, CrawlSpec
from trawl.net import use_policy
from trawl.policy import RobotsCache, collect_sitemap_urls, trap_reason
from trawl.store.frontier import add_skipped_urls, add_urls
from trawl.urls import canonicalize, site_of

SEED_BUDGET_S = 40.0
"""Time for reading one site's sitemaps (in its first explore slice; crawls started
before seeding moved to each site read all their sites' in the start activity, which has
60 s too)."""


@dataclass
class SeedReport:
    queued: int = 0
    skipped: int = 0
    new_sites: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


async def seed_from_sitemaps(engine: AsyncEngine, http: httpx.AsyncClient, crawl_id: str,
                             spec: CrawlSpec, robots: RobotsCache | None = None) -> list[str]:
    """Queue the seed sites' sitemap URLs; returns the sites that got their first URL."""
    with use_policy(spec.net_policy()):  # robots.txt and sitemaps pass the crawl's guard
        return (await seed_report(engine, http, crawl_id, spec, robots)).new_sites


async def seed_report(engine: AsyncEngine, http: httpx.AsyncClient, crawl_id: str,
                      spec: CrawlSpec, robots: RobotsCache | None = None) -> SeedReport:
    """:func:`seed_from_sitemaps` with the counts and the sitemaps that could not be read."""
    report = SeedReport()
    robots = robots or RobotsCache()
    for site in dict.fromkeys(site_of(s) for s in spec.seeds):
        one = await seed_site(engine, http, crawl_id, spec, site, robots)
        report.queued += one.queued
        report.skipped += one.skipped
        report.errors.extend(one.errors)
        report.new_sites = sorted({*report.new_sites, *one.new_sites})
    return report


async def seed_site(engine: AsyncEngine, http: httpx.AsyncClient, crawl_id: str,
                    spec: CrawlSpec, site: str, robots: RobotsCache | None = None
                    ) -> SeedReport:
    """Queue one start site's sitemap URLs (its robots.txt's ``Sitemap:`` lines and
    ``/sitemap.xml``, within SEED_BUDGET_S); the caller sets the crawl's address guard.
    Every site of a crawl seeds on its own, so a crawl of a thousand sites starts them all
    at once instead of reading their sitemaps one after another."""
    report = SeedReport()
    if not spec.reads_sitemaps():
        return report
    robots = robots or RobotsCache()
    user_agent = crawl_user_agent(http, spec)
    headers = {"User-Agent": spec.user_agent} if spec.user_agent else None
    scope = spec.scope()
    rules = await robots.get(http, site, spec.user_agent)
    roots = [*rules.sitemaps, f"{site}/sitemap.xml"]
    found = await collect_sitemap_urls(http, roots, max_urls=spec.max_sitemap_urls,
                                       budget_s=SEED_BUDGET_S, headers=headers)
    report.errors.extend(found.errors)
    queue: dict[str, list[str]] = {}
    skipped: dict[str, list[tuple[str, str]]] = {}
    for raw in found.urls:
        try:
            url = canonicalize(raw)
        except ConfigError:
            continue
        if not scope.contains(url):
            continue
        source = found.found_in.get(raw, roots[0])
        reason = trap_reason(url, max_url_length=spec.max_url_length)
        if reason is None and spec.respect_robots:
            target = rules if site_of(url) == site else await robots.get(
                http, site_of(url), spec.user_agent)
            reason = target.reason(url, user_agent)
        if reason is None:
            queue.setdefault(source, []).append(url)
        else:
            skipped.setdefault(source, []).append((url, reason))
    new_sites: set[str] = set()
    for source, urls in queue.items():
        priorities = None
        if spec.goal:  # a sitemap URL has no anchor text: its words alone score it
            terms = goal_terms(spec.goal)
            priorities = {u: link_priority(terms, "", u, 0.0) for u in urls}
        added, sites = await add_urls(engine, crawl_id, urls, SITEMAP_DEPTH, source,
                                      priorities)
        report.queued += added
        new_sites.update(sites)
    for source, pairs in skipped.items():
        report.skipped += await add_skipped_urls(engine, crawl_id, pairs, SITEMAP_DEPTH,
                                                 source)
    report.new_sites = sorted(new_sites)
    return report
