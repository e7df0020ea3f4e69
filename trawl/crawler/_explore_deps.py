"""What a worker shares between explore calls, and the reads it runs in its extraction
processes (an HTML page: :func:`read_html`; a text document or a PDF: :func:`read_document`).

Used by :mod:`trawl.crawler.explore` and its loader (:mod:`trawl.crawler._loader`).
"""

from __future__ import annotations

import asyncio
import os
import socket
from concurrent.futures import Executor
from dataclasses import dataclass, field

import httpx
from sqlalchemy.ext.asyncio import AsyncEngine

from trawl import metrics
from trawl.browser.pool import BrowserPool
from trawl.config import DEFAULT_EXTRACT_TIMEOUT_S
from trawl.crawler.auto import RenderSampler
from trawl.crawler.fetch import CrawlCookies, FetchResult
from trawl.crawler.politeness import Politeness
from trawl.crawler.profiles import ProfileCache
from trawl.crawler.reading import AutoRules, Reading, Selection, read_page
from trawl.crawler.specs import SpecCache
from trawl.documents.formats import PDF, file_name
from trawl.documents.pdf import PDF_PROCESSES, read_pdf
from trawl.documents.text import Document, read_text
from trawl.model import CrawlSpec
from trawl.policy import RobotsCache
from trawl.urls import Scope


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
    extract_timeout_s: float = DEFAULT_EXTRACT_TIMEOUT_S
    """How long one page's reading may take in an extraction process (a worker's
    ``TRAWL_EXTRACT_TIMEOUT_S``; see :func:`trawl.crawler.reading.read_page`)."""
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


async def read_document(deps: ExploreDeps, fetched: FetchResult) -> Document:
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


def selection_of(spec: CrawlSpec) -> Selection:
    return Selection(spec.content, tuple(spec.include_tags), tuple(spec.exclude_tags))


async def read_html(deps: ExploreDeps, html: str, url: str, scope: Scope,
                auto: AutoRules | None = None, shell_check: bool = False,
                selection: Selection | None = None) -> Reading:
    """:func:`trawl.crawler.reading.read_page` in the extraction processes (a thread without),
    timed here, where the reading comes back (trawl.metrics)."""
    with metrics.extraction_timer("html"):
        if deps.extractor is None:
            return await asyncio.to_thread(read_page, html, url, scope, auto, shell_check,
                                           selection, deps.extract_timeout_s)
        return await asyncio.get_running_loop().run_in_executor(
            deps.extractor, read_page, html, url, scope, auto, shell_check, selection,
            deps.extract_timeout_s)
