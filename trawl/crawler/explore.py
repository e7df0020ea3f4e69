"""Exploring one URL: fetch, render if asked, extract, store — the crawl's unit of work.

Pure trawl: no Temporal here. The explore activity calls :func:`explore` and passes a
heartbeat callback.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import os
import socket
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from typing import Any

import httpx
from sqlalchemy.ext.asyncio import AsyncEngine

from trawl import metrics
from trawl.browser.destructive import DestructiveGuard
from trawl.browser.pool import BrowserPool
from trawl.config import QUEUE_MARGIN
from trawl.crawler.auto import RenderSampler
from trawl.crawler.fetch import CrawlCookies, FetchResult, decode_html, fetch, refresh_target
from trawl.crawler.intent import (
    extract_data,
    follow_priorities,
    rank_follow,
    redirect_priority,
)
from trawl.crawler.politeness import Politeness, polite_load, site_delay
from trawl.crawler.profiles import ProfileCache, cookie_header, profile_key
from trawl.crawler.reading import AutoRules, Reading, Selection, read_page
from trawl.crawler.recrawl import (
    conditional_headers,
    is_unchanged,
    record_validators,
    revalidates,
    unchanged_load,
)
from trawl.crawler.render import Loaded, WallCheck, load_in_browser
from trawl.crawler.screening import (
    canonical_follow,
    robots_skip,
    screen_links,
    with_user_agent,
)
from trawl.crawler.specs import SpecCache
from trawl.crawler.thin import thin_reason
from trawl.crawler.walls import Wall, detect
from trawl.documents.formats import PDF, document_format, file_name, url_format
from trawl.documents.pdf import PDF_PROCESSES, read_pdf
from trawl.documents.text import Document, read_text
from trawl.errors import ConfigError, FetchError, SiteStopped, UnreadableDocument
from trawl.extract import Extraction, chunk_markdown
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
    step_globs,
    steps_for,
)
from trawl.net import use_policy
from trawl.policy import RobotsCache, parse_retry_after
from trawl.redact import redact_secrets
from trawl.store.frontier import record_page
from trawl.store.recrawl import PreviousPage, copy_previous, previous_page
from trawl.store.sessions import block_url
from trawl.urls import Scope, canonicalize

DOCUMENT_REASON = "{format} document, read over HTTP"
"""render_reason of a document (JSON, YAML, markdown, text, PDF) in auto and browser modes:
the browser does not read those, and auto mode has nothing to decide."""
NOT_READ_REASON = "not read: {ctype} is not HTML nor a document format trawl reads"
"""render_reason of a response whose body is not read (an image, an archive, a binary):
its row holds the response's headers only."""


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
    render_sampler: RenderSampler = field(default_factory=RenderSampler)
    """Auto mode: which sites' pages gain text when rendered (sampled per site)."""
    cookies: CrawlCookies = field(default_factory=CrawlCookies)
    """One HTTP cookie jar per crawl (the browser has one context per crawl likewise)."""
    robots: RobotsCache = field(default_factory=RobotsCache)
    """robots.txt rules per site, fetched once per TTL by this worker."""
    politeness: Politeness = field(default_factory=Politeness)
    """This worker's view of each site's shared politeness state (slots, error budget)."""
    worker_id: str = field(default_factory=lambda: f"{socket.gethostname()}:{os.getpid()}")
    """Recorded with every page (``pages.worker``): which worker explored it."""
    pdf_slots: asyncio.Semaphore = field(
        default_factory=lambda: asyncio.Semaphore(PDF_PROCESSES))
    """PDF reader processes this worker runs at once (see trawl.documents.pdf)."""
    specs: SpecCache = field(default_factory=SpecCache)
    """Crawls' whole specs, for inputs that carry only their site's start URLs."""


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


def _wall_check(inp: ExploreInput) -> WallCheck:
    def check(loaded: Loaded) -> Wall | None:
        return detect(url=inp.job.url, final_url=canonicalize(loaded.final_url),
                      status=loaded.status_code, html=loaded.html,
                      password_visible=loaded.password_visible,
                      has_session=inp.profile_version > 0, rules=inp.spec.handoff_on,
                      login_forms=inp.spec.login_handoff)
    return check


async def _load(deps: ExploreDeps, inp: ExploreInput,
                prev: PreviousPage | None = None) -> Loaded:
    """Fetch (and render) the URL; on a recrawl, ask conditionally first when ``prev``
    (its previous version) was a success: an unchanged page is neither rendered nor read."""
    state = await deps.profiles.get(deps.engine, deps.pool, inp.site, inp.profile_version)
    return await _Loader(deps, inp, prev, state, _wall_check(inp)).load()


@dataclass
class _Loader:
    """Loading one URL: over HTTP, in the browser, or both (auto mode, documents, recrawls)."""

    deps: ExploreDeps
    inp: ExploreInput
    prev: PreviousPage | None
    state: Any
    """The site's session (storage state) for this profile version, or None."""
    check: WallCheck

    async def load(self) -> Loaded:
        spec, prev = self.inp.spec, self.prev
        first = await self._first_response()
        if isinstance(first, Loaded):
            return first
        fetched = first
        if is_unchanged(prev, fetched, self.inp.job.url):
            return unchanged_load(fetched)
        if fetched.document is not None and fetched.status_code < 400:
            return _document_load(fetched, spec.render, self.check)  # read as fetched
        if spec.render == "browser" and (revalidates(prev) or (fetched.is_html
                                                               and fetched.status_code < 400)):
            # changed since the crawl revisited, or a page at a URL named like a document
            # (/notes.txt sent as HTML): rendered as usual (anything else at such a URL, an
            # error status or a binary, is recorded from this response, as the browser would)
            return record_validators(await self.in_browser("--render browser"), fetched)
        return await self._served(fetched)

    async def _first_response(self) -> FetchResult | Loaded:
        """The browser's page (browser mode, not a revisit), or the HTTP response."""
        spec, prev, url = self.inp.spec, self.prev, self.inp.job.url
        if spec.render == "browser" and not revalidates(prev) and url_format(url) is None:
            loaded = await self.in_browser("--render browser")
            if not _refused_document(loaded, url):
                return loaded
            # JSON or a PDF at a URL that did not say so: the browser does not read
            # documents, so it is asked for again over HTTP (a URL that says so is asked
            # over HTTP first)
            return await self.over_http()
        try:
            return await self.over_http(conditional_headers(prev) if revalidates(prev)
                                        else None)
        except FetchError:
            if spec.render != "browser" or not revalidates(prev):
                raise  # (a document's URL in browser mode: the browser would not read it)
            # the conditional request was only a shortcut: the browser may still get through
            return await self.in_browser("--render browser")

    async def _served(self, fetched: FetchResult) -> Loaded:
        """The page as the server sent it (http and auto modes); auto may render it."""
        html = None
        if fetched.is_html and fetched.body is not None and fetched.status_code < 400:
            html = decode_html(fetched.body, fetched.headers)
            moved = refresh_target(html, fetched.headers, fetched.final_url)
            if moved is not None:  # a redirect made by the page (what the browser does too)
                return Loaded(moved, fetched.status_code, fetched.content_type,
                              fetched.content_length, None, fetched.elapsed_ms,
                              render_mode="http", render_reason="meta refresh")
        loaded = Loaded(fetched.final_url, fetched.status_code, fetched.content_type,
                        fetched.content_length, html, fetched.elapsed_ms, render_mode="http",
                        render_reason="--render http")
        loaded.retry_after_s = parse_retry_after(fetched.headers.get("retry-after"))
        record_validators(loaded, fetched)
        if self.inp.spec.render == "auto" and html is not None \
                and canonicalize(fetched.final_url) == self.inp.job.url:
            rendered = await self._auto(loaded, html, fetched.final_url)
            if rendered is not None:
                return record_validators(rendered, fetched)
        loaded.wall = self.check(loaded)
        return loaded

    async def _auto(self, loaded: Loaded, html: str, url: str) -> Loaded | None:
        """Auto mode decides where the page is read: the browser's page when it renders it,
        else None (``loaded`` then carries the reading already made over HTTP)."""
        deps, inp, spec = self.deps, self.inp, self.inp.spec
        reading = await _read(deps, html, url, spec.scope(),
                              AutoRules(spec.render_browser, step_globs(spec.steps)),
                              selection=_selection(spec))
        assert reading.decision is not None
        if reading.decision.browser:
            return await self.in_browser(reading.decision.reason)
        site_key = (inp.crawl_id, inp.site)
        if deps.render_sampler.client_side(site_key):
            return await self.in_browser("text changes when rendered (site)")
        if deps.pool is not None and deps.render_sampler.take_sample(site_key,
                                                                     reading.decision):
            rendered = await _sample_rendered(deps, inp, reading, self.in_browser)
            if rendered is not None:
                return rendered
        loaded.render_reason, loaded.reading = reading.decision.reason, reading
        return None

    async def in_browser(self, reason: str) -> Loaded:
        deps, inp, spec = self.deps, self.inp, self.inp.spec
        if deps.pool is None:
            raise RuntimeError("browser rendering requested but this worker has no browser")
        loaded = await load_in_browser(deps.pool, inp.job.url, max_bytes=spec.max_body_bytes,
                                       timeout_s=spec.page_timeout_s,
                                       profile=profile_key(inp.crawl_id, inp.site,
                                                           inp.profile_version),
                                       storage_state=self.state, check=self.check,
                                       user_agent=spec.user_agent,
                                       steps=steps_for(inp.job.url, spec.steps),
                                       dismiss_cookie_banners=spec.dismiss_cookie_banners,
                                       policy=spec.net_policy(),
                                       guard=DestructiveGuard(
                                           allow=spec.allow_destructive,
                                           extra_words=tuple(spec.destructive_words)),
                                       screenshot="screenshot" in spec.store)
        loaded.render_mode, loaded.render_reason = "browser", reason
        return loaded

    async def over_http(self, extra: dict[str, str] | None = None) -> FetchResult:
        spec, url = self.inp.spec, self.inp.job.url
        headers = with_user_agent(spec, cookie_header(self.state, url))
        if extra:
            headers = {**(headers or {}), **extra}
        return await fetch(self.deps.http, url, max_bytes=spec.max_body_bytes,
                           timeout_s=spec.page_timeout_s, headers=headers,
                           cookies=self.deps.cookies.jar(self.inp.crawl_id))


async def _sample_rendered(deps: ExploreDeps, inp: ExploreInput, served: Reading,
                           in_browser: Callable[[str], Awaitable[Loaded]]) -> Loaded | None:
    """Render a page auto read over HTTP, to learn whether its site's text comes from
    script; the rendered page when it does (then it is what is stored), else None."""
    try:
        rendered = await in_browser("text changes when rendered")
    except FetchError:
        return None  # the served page stands
    if rendered.html is None or rendered.wall is not None:
        return None
    reading = await _read(deps, rendered.html, rendered.final_url, inp.spec.scope(),
                          selection=_selection(inp.spec))
    assert served.extraction is not None and reading.extraction is not None
    if not deps.render_sampler.record((inp.crawl_id, inp.site), served.extraction.word_count,
                                      reading.extraction.word_count):
        return None
    rendered.reading = reading
    return rendered


def _refused_document(loaded: Loaded, url: str) -> bool:
    """Whether the browser refused a document trawl reads (JSON, a PDF...) at ``url``."""
    return (loaded.html is None and loaded.status_code < 400 and loaded.wall is None
            and loaded.render_mode == "browser" and canonicalize(loaded.final_url) == url
            and document_format(loaded.content_type, loaded.final_url) is not None)


def _document_load(fetched: FetchResult, render: str,
                   check: Callable[[Loaded], Wall | None]) -> Loaded:
    """A document's response, its body to be read by explore (see trawl.documents)."""
    reason = ("--render http" if render == "http"
              else DOCUMENT_REASON.format(format=fetched.document))
    loaded = Loaded(fetched.final_url, fetched.status_code, fetched.content_type,
                    fetched.content_length, None, fetched.elapsed_ms, render_mode="http",
                    render_reason=reason)
    loaded.document = fetched
    loaded.retry_after_s = parse_retry_after(fetched.headers.get("retry-after"))
    record_validators(loaded, fetched)
    loaded.wall = check(loaded)
    return loaded


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
                                       spec, delay, lambda: _load(deps, inp, prev), heartbeat)
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
    reading = loaded.reading or await _read(deps, loaded.html, loaded.final_url, scope,
                                            shell_check=loaded.render_mode == "http",
                                            selection=_selection(spec))
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
    completeness = reading.extraction.completeness if reading.extraction is not None else None
    thin = thin_reason(stored_words=stored_words, seen_words=loaded.seen_words,
                       settle_timed_out=loaded.settle_timed_out, shell=shell,
                       completeness=completeness)
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
        doc = await _read_document(deps, fetched)
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


async def _read_document(deps: ExploreDeps, fetched: FetchResult) -> Document:
    """Text formats in the extraction processes (a 20 MB JSON is CPU work); a PDF in a
    reader process of its own, at most ``PDF_PROCESSES`` at once (see trawl.documents.pdf)."""
    assert fetched.body is not None and fetched.document is not None
    with metrics.extraction_timer(fetched.document):
        if fetched.document == PDF:
            async with deps.pdf_slots:
                return await read_pdf(fetched.body,
                                      file_name(fetched.final_url, fetched.headers))
        args = (fetched.body, fetched.document, fetched.headers, fetched.final_url)
        if deps.extractor is None:
            return await asyncio.to_thread(read_text, *args)
        return await asyncio.get_running_loop().run_in_executor(deps.extractor, read_text,
                                                                *args)


def _selection(spec: CrawlSpec) -> Selection:
    return Selection(spec.content, tuple(spec.include_tags), tuple(spec.exclude_tags))


async def _read(deps: ExploreDeps, html: str, url: str, scope: Scope,
                auto: AutoRules | None = None, shell_check: bool = False,
                selection: Selection | None = None) -> Reading:
    """:func:`trawl.crawler.reading.read_page` in the extraction processes (a thread without),
    timed here, where the reading comes back (trawl.metrics)."""
    with metrics.extraction_timer("html"):
        if deps.extractor is None:
            return await asyncio.to_thread(read_page, html, url, scope, auto, shell_check,
                                           selection)
        return await asyncio.get_running_loop().run_in_executor(
            deps.extractor, read_page, html, url, scope, auto, shell_check, selection)


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
