"""Exploring one URL: fetch, render if asked, extract, store — the crawl's unit of work.

Pure trawl: no Temporal here. The explore activity calls :func:`explore` and passes a
heartbeat callback.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field

import httpx
from sqlalchemy.ext.asyncio import AsyncEngine

from trawl.browser.pool import BrowserPool
from trawl.crawl.auto import decide
from trawl.crawl.fetch import decode_html, fetch
from trawl.crawl.profiles import ProfileCache, cookie_header, profile_key
from trawl.crawl.render import Loaded, WallCheck, load_in_browser
from trawl.crawl.screening import (
    canonical_follow,
    robots_skip,
    screen_links,
    with_user_agent,
)
from trawl.crawl.types import ExploreInput, ExploreOutput
from trawl.crawl.walls import Wall, detect
from trawl.errors import ConfigError, FetchError
from trawl.extract import Extraction, extract
from trawl.policy import RobotsCache
from trawl.store.frontier import FoundLink, PageRecord, record_page
from trawl.store.sessions import BlockedPage, block_url
from trawl.urls import Scope, canonicalize


class LoadLimiter:
    """At most ``limit`` concurrent page loads per key (a crawl's site) in this worker.

    The site workflow keeps more explore activities in flight than this, so extraction,
    storage and Temporal round-trips of some pages overlap the loads of others while the
    site itself never sees more than ``--concurrency`` requests at once from a worker.
    """

    def __init__(self) -> None:
        self._semaphores: dict[str, asyncio.Semaphore] = {}

    def __call__(self, key: str, limit: int) -> asyncio.Semaphore:
        semaphore = self._semaphores.get(key)
        if semaphore is None:
            semaphore = self._semaphores[key] = asyncio.Semaphore(limit)
        return semaphore


@dataclass
class ExploreDeps:
    """What a worker shares between explore calls."""

    engine: AsyncEngine
    http: httpx.AsyncClient
    pool: BrowserPool | None
    """None for workers that never render (http mode only)."""
    extractor: Executor | None = None
    """Where extraction runs: a process pool keeps it off the event loop; None = a thread."""
    limiter: LoadLimiter = field(default_factory=LoadLimiter)
    profiles: ProfileCache = field(default_factory=ProfileCache)
    """Session profiles loaded by this worker, per site and version."""
    robots: RobotsCache = field(default_factory=RobotsCache)
    """robots.txt rules per site, fetched once per TTL by this worker."""


def _noop(_: str) -> None:
    pass


def found_links(extraction: Extraction, scope: Scope) -> list[FoundLink]:
    links: list[FoundLink] = []
    for link in extraction.links:
        try:
            key = canonicalize(link.url)
        except ConfigError:
            continue
        links.append(FoundLink(url=key, anchor_text=link.text, internal=scope.contains(key),
                               rel=link.rel))
    return links


def _error_record(base: PageRecord, error_class: str, message: str) -> PageRecord:
    base.outcome = "failed"
    base.error_class = error_class
    base.error_message = message
    base.render_mode = "none"
    return base


def _wall_check(inp: ExploreInput) -> WallCheck:
    def check(loaded: Loaded) -> Wall | None:
        return detect(url=inp.job.url, final_url=canonicalize(loaded.final_url),
                      status=loaded.status_code, html=loaded.html,
                      password_visible=loaded.password_visible,
                      has_session=inp.profile_version > 0, rules=inp.spec.handoff_on)
    return check


async def _load(deps: ExploreDeps, inp: ExploreInput) -> Loaded:
    spec = inp.spec
    state = await deps.profiles.get(deps.engine, deps.pool, inp.site, inp.profile_version)
    check = _wall_check(inp)

    async def in_browser(reason: str) -> Loaded:
        if deps.pool is None:
            raise RuntimeError("browser rendering requested but this worker has no browser")
        loaded = await load_in_browser(deps.pool, inp.job.url, max_bytes=spec.max_body_bytes,
                                       timeout_s=spec.page_timeout_s,
                                       profile=profile_key(inp.site, inp.profile_version),
                                       storage_state=state, check=check)
        loaded.render_mode, loaded.render_reason = "browser", reason
        return loaded

    if spec.render == "browser":
        return await in_browser("--render browser")
    fetched = await fetch(deps.http, inp.job.url, max_bytes=spec.max_body_bytes,
                          timeout_s=spec.page_timeout_s,
                          headers=with_user_agent(spec, cookie_header(state, inp.job.url)))
    html = None
    if fetched.body is not None and fetched.status_code < 400:
        html = decode_html(fetched.body, fetched.headers)
    loaded = Loaded(fetched.final_url, fetched.status_code, fetched.content_type,
                    fetched.content_length, html, fetched.elapsed_ms, render_mode="http",
                    render_reason="--render http")
    if spec.render == "auto" and html is not None \
            and canonicalize(fetched.final_url) == inp.job.url:
        decision = decide(html, fetched.final_url, spec.render_browser)
        if decision.browser:
            return await in_browser(decision.reason)
        loaded.render_reason = decision.reason
    loaded.wall = check(loaded)
    return loaded


async def explore(deps: ExploreDeps, inp: ExploreInput,
                  heartbeat: Callable[[str], None] = _noop) -> ExploreOutput:
    spec, job = inp.spec, inp.job
    scope = spec.scope()
    rec = PageRecord(crawl_id=inp.crawl_id, url=job.url, site=inp.site, depth=job.depth,
                     outcome="done")
    skip = await robots_skip(deps.robots, deps.http, spec, job.url)
    if skip is not None:  # stored as a skipped frontier URL with the reason, no page row
        rec.outcome, rec.error_message = "skipped", skip
        return await _store(deps, rec)
    heartbeat("loading")
    try:
        async with deps.limiter(f"{inp.crawl_id} {inp.site}", spec.concurrency):
            loaded = await _load(deps, inp)
    except FetchError as exc:
        return await _store(deps, _error_record(rec, exc.error_class, str(exc)))

    rec.final_url = loaded.final_url
    rec.status_code = loaded.status_code
    rec.content_type = loaded.content_type
    rec.content_length = loaded.content_length
    rec.fetch_ms = loaded.fetch_ms
    rec.render_ms = loaded.render_ms
    if loaded.wall is not None:
        return await _block(deps, inp, rec, loaded)

    final_key = canonicalize(loaded.final_url)
    if final_key != job.url:
        rec.outcome = "redirected"
        rec.redirect_to = final_key
        if scope.contains(final_key):
            rec.follow = [final_key]
        else:
            rec.error_message = "redirects out of the crawl's scope"
        return await _store(deps, rec)

    if loaded.status_code >= 400:
        return await _store(deps, _error_record(rec, f"http_{loaded.status_code}",
                                                f"HTTP {loaded.status_code}"))
    if loaded.html is None:
        rec.render_mode = "none"
        return await _store(deps, rec)
    rec.render_mode, rec.render_reason = loaded.render_mode, loaded.render_reason

    heartbeat("extracting")
    if deps.extractor is None:
        extraction = await asyncio.to_thread(extract, loaded.html, loaded.final_url)
    else:
        extraction = await asyncio.get_running_loop().run_in_executor(
            deps.extractor, extract, loaded.html, loaded.final_url)
    rec.title = extraction.title
    rec.description = extraction.description
    rec.language = extraction.language
    rec.canonical_url = extraction.canonical_url
    rec.markdown = extraction.markdown
    rec.text = extraction.full_text
    rec.word_count = extraction.word_count
    rec.meta = extraction.metadata
    if extraction.markdown.strip():  # empty pages are not duplicates of one another
        rec.content_hash = hashlib.sha256(extraction.markdown.encode()).hexdigest()
    rec.links = found_links(extraction, scope)
    if job.depth < spec.max_depth and spec.sitemap != "only":
        rec.follow = list(dict.fromkeys(link.url for link in rec.links if link.internal))
    if spec.sitemap != "only":
        rec.follow += [u for u in canonical_follow(spec, scope, job.url, rec.canonical_url)
                       if u not in rec.follow]
    # traps and disallowed links: recorded with the reason (same transaction), never queued
    rec.follow, rec.skipped = await screen_links(deps.robots, deps.http, spec, inp.site,
                                                 rec.follow)
    return await _store(deps, rec)


async def _block(deps: ExploreDeps, inp: ExploreInput, rec: PageRecord,
                 loaded: Loaded) -> ExploreOutput:
    """The page needs a person: the URL waits (status blocked) and a handoff opens."""
    assert loaded.wall is not None
    await block_url(deps.engine, BlockedPage(
        crawl_id=inp.crawl_id, site=inp.site, url=inp.job.url, workflow_id=inp.workflow_id,
        reason=loaded.wall.reason, detail=loaded.wall.detail, screenshot=loaded.screenshot))
    return ExploreOutput(url=rec.url, outcome="handoff", status_code=rec.status_code,
                         handoff_reason=loaded.wall.reason, handoff_detail=loaded.wall.detail)


async def _store(deps: ExploreDeps, rec: PageRecord) -> ExploreOutput:
    result = await record_page(deps.engine, rec)
    return ExploreOutput(url=rec.url, outcome=rec.outcome, status_code=rec.status_code,
                         error_class=rec.error_class, links_found=len(rec.links),
                         new_urls=result.new_urls, new_sites=result.new_sites)
