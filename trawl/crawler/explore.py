"""Exploring one URL: fetch, render if asked, extract, store — the crawl's unit of work.

Pure trawl: no Temporal here. The explore activity calls :func:`explore` and passes a
heartbeat callback.
"""

from __future__ import annotations

import contextlib
import gzip
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from trawl.config import QUEUE_MARGIN
from trawl.crawler._explore_deps import (
    ExploreDeps,
    read_document,
    read_html,
    selection_of,
)
from trawl.crawler._loader import load_page
from trawl.crawler.intent import (
    extract_data,
    follow_priorities,
    rank_follow,
    redirect_priority,
)
from trawl.crawler.politeness import polite_load, site_delay
from trawl.crawler.reading import Reading
from trawl.crawler.render import Loaded
from trawl.crawler.screening import (
    canonical_follow,
    robots_skip,
    screen_links,
)
from trawl.crawler.thin import thin_reason
from trawl.crawler.walls import Wall
from trawl.errors import ConfigError, FetchError, SiteStopped, UnreadableDocument
from trawl.extract import EXTRACTION_FAULT, Extraction, chunk_markdown
from trawl.model import (
    BlockedPage,
    CrawlSpec,
    ErrorClass,
    ExploreInput,
    ExploreOutput,
    FoundLink,
    PageOutcome,
    PageRecord,
    http_error_class,
)
from trawl.net import use_policy
from trawl.redact import redact_secrets
from trawl.store.frontier import record_page
from trawl.store.recrawl import PreviousPage, copy_previous, previous_page
from trawl.store.sessions import block_url
from trawl.urls import Scope, canonicalize

NOT_READ_REASON = "not read: {ctype} is not HTML nor a document format trawl reads"
"""render_reason of a response whose body is not read (an image, an archive, a binary):
its row holds the response's headers only."""


def _noop(_: str) -> None:
    pass


def pushed_links(urls: list[str], known: list[FoundLink], scope: Scope,
                 page_url: str) -> list[FoundLink]:
    """Links that exist only as script: URLs the page routed to with history.pushState
    (rel ``pushstate``), minus the page itself and links already found in its HTML."""
    seen = {link.url for link in known} | {page_url}
    links: list[FoundLink] = []
    for url in urls:
        try:
            key = canonicalize(url)
        except ConfigError:
            continue
        if key not in seen:
            seen.add(key)
            links.append(FoundLink(url=key, anchor_text="", internal=scope.contains(key),
                                   rel="pushstate"))
    return links


MAX_HANDOFFS_PER_URL = 3
"""A URL still blocked after this many handoffs (and resumes) is given up, not asked for
again: a resume that cannot get past a wall must not hold the crawl forever."""


def _redacted(detail: str | None) -> str | None:
    return None if detail is None else redact_secrets(detail)


def _error_record(base: PageRecord, error_class: str, message: str) -> PageRecord:
    base.outcome = PageOutcome.FAILED
    base.error_class = error_class
    base.error_message = message
    base.render_mode = "none"
    return base


async def explore(deps: ExploreDeps, inp: ExploreInput,
                  heartbeat: Callable[[str], None] = _noop,
                  loads: contextlib.AbstractAsyncContextManager[Any] | None = None
                  ) -> ExploreOutput:
    """Explore one URL; every request on its behalf (the page, robots.txt, the browser's
    requests) passes the crawl's address guard (trawl.net). ``loads``: a share of the
    site's load slots held besides the worker's own limit, entered just before the load
    (an explore slice's, so the slices of a site on several workers together keep to
    ``--concurrency``)."""
    if inp.spec_in_db:
        inp = replace(inp, spec=await deps.specs.resolve(deps.engine, inp.crawl_id, inp.spec,
                                                         True), spec_in_db=False)
    with use_policy(inp.spec.net_policy()):
        return await _explore(deps, inp, heartbeat, loads)


async def _explore(deps: ExploreDeps, inp: ExploreInput, heartbeat: Callable[[str], None],
                   loads: contextlib.AbstractAsyncContextManager[Any] | None
                   ) -> ExploreOutput:
    spec, job = inp.spec, inp.job
    scope = spec.scope()
    rec = PageRecord(crawl_id=inp.crawl_id, url=job.url, site=inp.site, depth=job.depth,
                     outcome=PageOutcome.DONE)
    rec.worker = deps.worker_id
    rec.queue_limit = spec.max_pages + QUEUE_MARGIN
    prev = await _previous(deps, inp, rec)
    stopped = await deps.politeness.stopped(deps.engine, inp.crawl_id, inp.site)
    if stopped is not None:  # the site's error budget ran out: skipped, never asked
        rec.outcome, rec.error_message = PageOutcome.SKIPPED, f"site stopped: {stopped}"
        return await _store(deps, rec)
    skip = await robots_skip(deps.robots, deps.http, spec, job.url)
    if skip is not None:  # stored as a skipped frontier URL with the reason, no page row
        rec.outcome, rec.error_message = PageOutcome.SKIPPED, skip
        return await _store(deps, rec)
    delay = await site_delay(deps.robots, deps.http, spec, inp.site)
    heartbeat("loading")
    try:
        # the slot is taken inside the limiter: a page waiting for a load slot of this
        # worker must not hold a politeness slot meanwhile (two would then fire together)
        async with deps.limiter(f"{inp.crawl_id} {inp.site}", spec.concurrency), \
                loads or contextlib.nullcontext():
            polite = await polite_load(deps.politeness, deps.engine, inp.crawl_id, inp.site,
                                       spec, delay, lambda: load_page(deps, inp, prev), heartbeat)
    except SiteStopped as exc:
        rec.outcome, rec.error_message = PageOutcome.SKIPPED, str(exc)
        return await _store(deps, rec)
    except FetchError as exc:
        return await _store(deps, _error_record(rec, exc.error_class, str(exc)))
    loaded = polite.loaded

    rec.final_url = loaded.final_url
    rec.status_code = loaded.status_code
    rec.content_type = loaded.content_type
    rec.content_length = loaded.content_length
    rec.fetch_ms = loaded.fetch_ms
    rec.render_ms = loaded.render_ms
    rec.etag, rec.last_modified = loaded.etag, loaded.last_modified
    rec.body_hash = loaded.body_hash
    if loaded.wall is not None:
        blocked = await _handoff_or_not(deps, inp, rec, loaded)
        if blocked is not None:
            return blocked

    final_key = canonicalize(loaded.final_url)
    if final_key != job.url:
        rec.outcome = PageOutcome.REDIRECTED
        rec.redirect_to = final_key
        if scope.contains(final_key):
            rec.follow = [final_key]
            rec.priorities = redirect_priority(spec, job, final_key)
        else:
            rec.error_message = "redirects out of the crawl's scope"
        return await _store(deps, rec)
    if loaded.unchanged and prev is not None:
        return await _unchanged(deps, inp, rec, prev)

    if loaded.status_code >= 400:
        message = f"HTTP {loaded.status_code}"
        if polite.note:  # a 429/503 not retried (further): why
            message += f": {polite.note}"
        return await _store(deps, _error_record(rec, http_error_class(loaded.status_code), message))
    if loaded.document is not None:
        return await _store_document(deps, inp, rec, loaded, heartbeat)
    if loaded.html is None:
        rec.render_mode = "none"
        rec.render_reason = NOT_READ_REASON.format(ctype=loaded.content_type
                                                   or "a body without a media type")
        return await _store(deps, rec)
    rec.render_mode, rec.render_reason = loaded.render_mode, loaded.render_reason
    rec.steps, rec.console_errors = loaded.steps, loaded.console_errors

    heartbeat("extracting")
    reading = loaded.reading or await read_html(deps, loaded.html, loaded.final_url, scope,
                                            shell_check=loaded.render_mode == "http",
                                            selection=selection_of(spec))
    extraction = reading.extraction
    assert extraction is not None
    _fill_from(rec, extraction)
    rec.meta = {**(rec.meta or {}), **_render_notes(loaded, reading, extraction.word_count)}
    rec.content_hash = reading.content_hash
    rec.links = reading.links
    rec.links += pushed_links(loaded.pushed_urls, rec.links, scope, job.url)
    if len(rec.links) > spec.max_links_per_page:  # the rest counted, never stored
        rec.meta = {**(rec.meta or {}),
                    "links_dropped": len(rec.links) - spec.max_links_per_page}
        rec.links = rec.links[:spec.max_links_per_page]
    _keep_formats(rec, spec, loaded)
    heartbeat("extracting data")
    await extract_data(deps, inp, rec, loaded.html)
    await _follow(deps, inp, rec)
    return await _store(deps, rec)


NO_SCREENSHOT = "not taken: the page was read over HTTP ({reason}), not rendered in a browser"
"""metadata.screenshot_missing of a page read without the browser (``--store screenshot``)."""


def _keep_formats(rec: PageRecord, spec: CrawlSpec, loaded: Loaded) -> None:
    """``--store`` and ``--chunk``: the HTML read (compressed), a screenshot of the rendered
    page (or, in its metadata, why there is none), the markdown's chunks.

    gzip (the standard library's): any language and ``gunzip`` read it back, and HTML
    shrinks to a fifth or so; zstd would be faster but is a dependency for a column most
    crawls never fill."""
    if "html" in spec.store and loaded.html is not None:
        rec.raw_html = gzip.compress(loaded.html.encode("utf-8", "replace"), mtime=0)
    if "screenshot" in spec.store:
        if loaded.screenshot is not None:
            rec.screenshot = loaded.screenshot
        else:
            missing = loaded.screenshot_missing or NO_SCREENSHOT.format(
                reason=rec.render_reason or rec.render_mode or "no browser")
            rec.meta = {**(rec.meta or {}), "screenshot_missing": missing}
    if spec.chunk_chars is not None:
        rec.chunks = chunk_markdown(rec.markdown, spec.chunk_chars)


def _fill_from(rec: PageRecord, extraction: Extraction) -> None:
    """The page's content and metadata, as extraction read them."""
    rec.title = extraction.title
    rec.description = extraction.description
    rec.language = extraction.language
    rec.canonical_url = extraction.canonical_url
    rec.markdown = extraction.markdown
    rec.headline = extraction.headline
    rec.text = extraction.text
    rec.word_count = extraction.word_count
    if extraction.completeness is not None:
        rec.kept_ratio = extraction.completeness.ratio
    rec.meta = extraction.metadata


def _render_notes(loaded: Loaded, reading: Reading, stored_words: int) -> dict[str, Any]:
    """What the browser did to the page and whether it came out thin, for its metadata
    (only what happened: a static page read over HTTP gets nothing)."""
    notes: dict[str, Any] = {}
    if loaded.blocked_requests:  # the page's own requests to refused addresses, counted
        notes["blocked_requests"] = loaded.blocked_requests
    if loaded.settle_ms:
        notes["settle_ms"] = loaded.settle_ms
    if loaded.settle_timed_out:
        notes["settle_timed_out"] = True
    if loaded.expanded:
        notes["expanded"] = loaded.expanded
    shell = reading.decision.reason if reading.decision is not None and \
        reading.decision.browser and loaded.render_mode == "http" else None
    extraction = reading.extraction
    thin = thin_reason(stored_words=stored_words, seen_words=loaded.seen_words,
                       settle_timed_out=loaded.settle_timed_out, shell=shell,
                       completeness=extraction.completeness if extraction else None,
                       fault=extraction.metadata.get(EXTRACTION_FAULT) if extraction else None)
    if thin is not None:
        notes["thin_content"] = thin
    return notes


async def _store_document(deps: ExploreDeps, inp: ExploreInput, rec: PageRecord,
                          loaded: Loaded, heartbeat: Callable[[str], None]) -> ExploreOutput:
    """A JSON, YAML, markdown, text or PDF document stored as its page's content; one that
    cannot be read is failed with the reason (never stored as an empty page)."""
    fetched, spec = loaded.document, inp.spec
    assert fetched is not None
    heartbeat("extracting")
    try:
        doc = await read_document(deps, fetched)
    except UnreadableDocument as exc:
        _error_record(rec, exc.error_class, str(exc))
        rec.meta = {"format": fetched.document}
        return await _store(deps, rec)
    rec.render_mode, rec.render_reason = loaded.render_mode, loaded.render_reason
    rec.title = doc.title
    rec.markdown, rec.text, rec.word_count = doc.markdown, doc.text, doc.word_count
    rec.meta = doc.metadata
    rec.content_hash = doc.content_hash
    _keep_formats(rec, spec, loaded)  # a document: no HTML, no screenshot (said so)
    await extract_data(deps, inp, rec, None)
    return await _store(deps, rec)  # no links: a document's are not followed


async def _follow(deps: ExploreDeps, inp: ExploreInput, rec: PageRecord) -> None:
    """Which of the page's links (and its canonical URL) join the frontier."""
    spec, job, scope = inp.spec, inp.job, inp.spec.scope()
    if job.depth < spec.max_depth and spec.sitemap != "only":
        rec.follow = list(dict.fromkeys(link.url for link in rec.links if link.internal))
    if spec.sitemap != "only":
        rec.follow += [u for u in canonical_follow(spec, scope, job.url, rec.canonical_url)
                       if u not in rec.follow]
    # traps and disallowed links: recorded with the reason (same transaction), never queued
    rec.follow, rec.skipped = await screen_links(deps.robots, deps.http, spec, inp.site,
                                                 rec.follow)
    if spec.goal:
        rec.priorities = follow_priorities(spec.goal, rec)
        if spec.goal_rank == "model":
            await rank_follow(deps, inp, rec)


async def _previous(deps: ExploreDeps, inp: ExploreInput, rec: PageRecord) -> PreviousPage | None:
    """On a recrawl, the URL's previous version; the record points at it (or is new)."""
    if not inp.spec.recrawl_of:
        return None
    prev = await previous_page(deps.engine, inp.spec.recrawl_of, inp.job.url)
    if prev is None:
        rec.change = "new"
    else:  # changed or unchanged: the store compares the content it is given
        rec.previous_page_id = prev.id
    return prev


async def _unchanged(deps: ExploreDeps, inp: ExploreInput, rec: PageRecord,
                     prev: PreviousPage) -> ExploreOutput:
    """Nothing changed since the crawl revisited: its row and links are copied (the
    links' targets are followed as usual, so discovery goes on), nothing is extracted."""
    assert inp.spec.recrawl_of is not None
    scope = inp.spec.scope()
    links = await copy_previous(deps.engine, inp.spec.recrawl_of, prev, rec)
    # in scope by this crawl's rules, which may differ from the crawl revisited
    rec.links = [FoundLink(url=link.url, anchor_text=link.anchor_text,
                           internal=scope.contains(link.url), rel=link.rel) for link in links]
    rec.change = "unchanged"
    # what this crawl keeps (--store, --chunk) of the copy, not what the one revisited kept
    rec.raw_html = rec.raw_html if "html" in inp.spec.store else None
    rec.screenshot = rec.screenshot if "screenshot" in inp.spec.store else None
    if inp.spec.chunk_chars is not None:
        rec.chunks = chunk_markdown(rec.markdown, inp.spec.chunk_chars)
    await _follow(deps, inp, rec)
    return await _store(deps, rec)


async def _handoff_or_not(deps: ExploreDeps, inp: ExploreInput, rec: PageRecord,
                          loaded: Loaded) -> ExploreOutput | None:
    """A wall: hand the URL to a person, or, when people were asked already, move on.

    A resume must move the crawl forward. A ``--handoff-on`` rule asks once: after the
    resume the page is read (None: go on reading it). Any other wall that is still there
    after a resume asks again, saying so, and after MAX_HANDOFFS_PER_URL the URL is given
    up: recorded failed (``handoff_exhausted``) with the reason, and the crawl goes on.
    """
    wall, asked = loaded.wall, inp.job.handoffs
    assert wall is not None
    if wall.reason == "rule" and asked >= 1:
        loaded.wall = None
        return None
    if asked >= MAX_HANDOFFS_PER_URL:
        return await _store(deps, _error_record(
            rec, ErrorClass.HANDOFF_EXHAUSTED, f"still blocked after {asked} handoffs "
            f"({wall.reason}: {wall.detail}); given up"))
    if asked:
        loaded.wall = Wall(wall.reason, f"still blocked after {asked} resume(s): {wall.detail}")
    return await _block(deps, inp, rec, loaded)


async def _block(deps: ExploreDeps, inp: ExploreInput, rec: PageRecord,
                 loaded: Loaded) -> ExploreOutput:
    """The page needs a person: the URL waits (status blocked) and a handoff opens."""
    assert loaded.wall is not None
    detail = _redacted(loaded.wall.detail)
    await block_url(deps.engine, BlockedPage(
        crawl_id=inp.crawl_id, site=inp.site, url=inp.job.url, workflow_id=inp.workflow_id,
        reason=loaded.wall.reason, detail=detail, screenshot=loaded.screenshot))
    return ExploreOutput(url=rec.url, outcome=PageOutcome.HANDOFF, status_code=rec.status_code,
                         handoff_reason=loaded.wall.reason, handoff_detail=detail)


async def _store(deps: ExploreDeps, rec: PageRecord) -> ExploreOutput:
    result = await record_page(deps.engine, rec)
    return ExploreOutput(url=rec.url, outcome=rec.outcome, status_code=rec.status_code,
                         error_class=rec.error_class, links_found=len(rec.links),
                         new_urls=result.new_urls, new_sites=result.new_sites,
                         thin_content=bool(rec.meta and "thin_content" in rec.meta),
                         data_error=rec.data_error if rec.extracted else None,
                         has_data=rec.data is not None)
