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
from trawl.crawl.fetch import decode_html, fetch
from trawl.crawl.render import Loaded, load_in_browser
from trawl.crawl.types import ExploreInput, ExploreOutput
from trawl.errors import ConfigError, FetchError
from trawl.extract import Extraction, extract
from trawl.store.frontier import FoundLink, PageRecord, record_page
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


async def _load(deps: ExploreDeps, inp: ExploreInput) -> Loaded:
    spec = inp.spec
    if spec.render == "browser":
        if deps.pool is None:
            raise RuntimeError("browser rendering requested but this worker has no browser")
        return await load_in_browser(deps.pool, inp.job.url, max_bytes=spec.max_body_bytes,
                                     timeout_s=spec.page_timeout_s)
    fetched = await fetch(deps.http, inp.job.url, max_bytes=spec.max_body_bytes,
                          timeout_s=spec.page_timeout_s)
    html = None
    if fetched.body is not None and fetched.status_code < 400:
        html = decode_html(fetched.body, fetched.headers)
    return Loaded(fetched.final_url, fetched.status_code, fetched.content_type,
                  fetched.content_length, html, fetched.elapsed_ms)


async def explore(deps: ExploreDeps, inp: ExploreInput,
                  heartbeat: Callable[[str], None] = _noop) -> ExploreOutput:
    spec, job = inp.spec, inp.job
    scope = spec.scope()
    rec = PageRecord(crawl_id=inp.crawl_id, url=job.url, site=inp.site, depth=job.depth,
                     outcome="done")
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
    rec.render_mode = spec.render

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
    rec.content_hash = hashlib.sha256(extraction.markdown.encode()).hexdigest()
    rec.links = found_links(extraction, scope)
    if job.depth < spec.max_depth:
        rec.follow = list(dict.fromkeys(link.url for link in rec.links if link.internal))
    return await _store(deps, rec)


async def _store(deps: ExploreDeps, rec: PageRecord) -> ExploreOutput:
    result = await record_page(deps.engine, rec)
    return ExploreOutput(url=rec.url, outcome=rec.outcome, status_code=rec.status_code,
                         error_class=rec.error_class, links_found=len(rec.links),
                         new_urls=result.new_urls, new_sites=result.new_sites)
