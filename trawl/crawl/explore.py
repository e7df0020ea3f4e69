"""Exploring one URL: fetch, render if asked, extract, store — the crawl's unit of work.

Pure trawl: no Temporal here. The explore activity calls :func:`explore` and passes a
heartbeat callback.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable
from dataclasses import dataclass

import httpx
from sqlalchemy.ext.asyncio import AsyncEngine

from trawl.browser.pool import BrowserPool
from trawl.crawl.fetch import decode_html, fetch
from trawl.crawl.render import render
from trawl.crawl.types import ExploreInput, ExploreOutput
from trawl.errors import ConfigError, FetchError
from trawl.extract import Extraction, extract
from trawl.store.frontier import FoundLink, PageRecord, record_page
from trawl.urls import Scope, canonicalize


@dataclass
class ExploreDeps:
    """What a worker shares between explore calls."""

    engine: AsyncEngine
    http: httpx.AsyncClient
    pool: BrowserPool | None
    """None for workers that never render (http mode only)."""


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


async def explore(deps: ExploreDeps, inp: ExploreInput,
                  heartbeat: Callable[[str], None] = _noop) -> ExploreOutput:
    spec, job = inp.spec, inp.job
    scope = spec.scope()
    rec = PageRecord(crawl_id=inp.crawl_id, url=job.url, site=inp.site, depth=job.depth,
                     outcome="done")
    heartbeat("fetching")
    try:
        fetched = await fetch(deps.http, job.url, max_bytes=spec.max_body_bytes,
                              timeout_s=spec.page_timeout_s)
    except FetchError as exc:
        return await _store(deps, _error_record(rec, exc.error_class, str(exc)))

    rec.final_url = fetched.final_url
    rec.status_code = fetched.status_code
    rec.content_type = fetched.content_type
    rec.content_length = fetched.content_length
    rec.fetch_ms = fetched.elapsed_ms

    final_key = canonicalize(fetched.final_url)
    if final_key != job.url:
        rec.outcome = "redirected"
        rec.redirect_to = final_key
        if scope.contains(final_key):
            rec.follow = [final_key]
        else:
            rec.error_message = "redirects out of the crawl's scope"
        return await _store(deps, rec)

    if fetched.status_code >= 400:
        return await _store(deps, _error_record(rec, f"http_{fetched.status_code}",
                                                f"HTTP {fetched.status_code}"))
    if not fetched.is_html:
        rec.render_mode = "none"
        return await _store(deps, rec)

    html: str
    if spec.render == "browser":
        if deps.pool is None:
            raise RuntimeError("browser rendering requested but this worker has no browser")
        heartbeat("rendering")
        try:
            rendered = await render(deps.pool, fetched, timeout_s=spec.page_timeout_s)
        except FetchError as exc:
            return await _store(deps, _error_record(rec, exc.error_class, str(exc)))
        html, rec.render_ms, rec.render_mode = rendered.html, rendered.elapsed_ms, "browser"
    else:
        html, rec.render_mode = decode_html(fetched.body or b"", fetched.headers), "http"

    heartbeat("extracting")
    extraction = await asyncio.to_thread(extract, html, fetched.final_url)
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
