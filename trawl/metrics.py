"""What a worker counts, for Prometheus: the metrics' names, labels and buckets, in one place.

The metrics live in prometheus_client's default registry, so they count in whichever process
does the work; a worker started with ``--metrics-port`` serves them, with the Temporal SDK's
own worker metrics, on one endpoint (:mod:`trawl.worker.metrics`; docs/operations/metrics.md lists
them all). Callers use the functions below, one line each, at the seam where a thing is
known to have happened (a page's row written, an extraction finished); the metric objects,
names and labels stay here.

Labels take values from small fixed sets: page outcomes, error classes (an ``ErrorClass``
or ``http_<status>``), render modes, document formats, browser recycle reasons, model
providers, models and token kinds. Never a URL; a crawl only in the frontier gauge, and
only while the crawl runs.

Extraction runs in the worker's process pool (trawl.crawler.reading), but it is timed and
counted in the worker process, where its result comes back: nothing here needs
prometheus_client's multiprocess mode.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from contextlib import AbstractContextManager, suppress
from typing import Any

from prometheus_client import Counter, Gauge, Histogram

FETCH_BUCKETS_S = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
"""Up to the default page timeout (30 s) and past it."""
RENDER_BUCKETS_S = (0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 60.0)
"""A browser load with settling, steps and the snapshot: tenths of a second to the timeout."""
EXTRACTION_BUCKETS_S = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
                        5.0, 10.0)
"""A small page extracts in milliseconds; a 20 MB document in seconds."""
FRONTIER_STATUSES = ("queued", "claimed", "blocked")
"""The frontier's open states (``crawl_urls.status``): waiting, in flight, waiting for a
person. The other states are outcomes, counted by ``trawl_pages_total``."""

PAGES = Counter(
    "trawl_pages", "URLs recorded by this worker, by outcome (done = stored with content), "
    "error class (failed pages) and how the page was read", ["outcome", "error_class",
                                                            "render_mode"])
FETCH_SECONDS = Histogram(
    "trawl_fetch_seconds", "Time to the page's response: the HTTP request (render_mode=http) "
    "or the browser's navigation to its response (render_mode=browser), per recorded page",
    ["render_mode"], buckets=FETCH_BUCKETS_S)
RENDER_SECONDS = Histogram(
    "trawl_render_seconds", "Whole browser load of a recorded page: navigation, settling, "
    "steps and the snapshot", buckets=RENDER_BUCKETS_S)
EXTRACTION_SECONDS = Histogram(
    "trawl_extraction_seconds", "Reading a page or document into markdown, text and links, "
    "including any wait for a free extraction process", ["format"],
    buckets=EXTRACTION_BUCKETS_S)
FRONTIER_URLS = Gauge(
    "trawl_frontier_urls", "URLs of each running crawl by frontier state (queued, claimed, "
    "blocked), read from Postgres; a crawl's series go when it ends", ["crawl_id", "status"])
BROWSERS = Gauge("trawl_browser_pool_browsers",
                 "Chromium instances open (the current one and retired ones finishing pages)")
BROWSER_CONTEXTS = Gauge("trawl_browser_pool_contexts",
                         "Browser contexts taking new pages (one per crawl, session and "
                         "User-Agent)")
BROWSER_TABS = Gauge("trawl_browser_pool_tabs",
                     "Browser tabs: in_use (loading or reading a page), idle (kept open for "
                     "the next page)", ["state"])
BROWSER_LAUNCHES = Counter("trawl_browser_launches", "Chromium launches")
BROWSER_RECYCLES = Counter(
    "trawl_browser_recycles", "Chromium instances replaced: pages (the recycle count was "
    "reached), disconnected (it crashed or was killed), retired (a tab or context would not "
    "close)", ["reason"])
WORKER_TREE_RSS = Gauge(
    "trawl_worker_tree_rss_bytes", "Resident memory of the worker and every process below it "
    "(extraction processes, PDF readers, Chromium); pages shared between them count in each")
MODEL_TOKENS = Counter(
    "trawl_model_tokens", "Tokens sent to and received from language models, by provider, "
    "model and kind (input, output, ...)", ["provider", "model", "kind"])


def page_recorded(outcome: str, error_class: str | None, render_mode: str | None,
                  fetch_ms: int | None = None, render_ms: int | None = None) -> None:
    """A URL's outcome was written (call it only when the row was: a repeated attempt that
    wrote nothing must not count twice)."""
    mode = render_mode or ""
    PAGES.labels(str(outcome), error_class or "", mode).inc()
    if fetch_ms is not None:
        FETCH_SECONDS.labels(mode).observe(fetch_ms / 1000)
    if render_ms is not None:
        RENDER_SECONDS.observe(render_ms / 1000)


def extraction_timer(fmt: str) -> AbstractContextManager[Any]:
    """Times the ``with`` block as one extraction of a page or document of format ``fmt``
    (``html``, ``json``, ``yaml``, ``markdown``, ``text``, ``pdf``)."""
    return EXTRACTION_SECONDS.labels(fmt).time()


def record_model_tokens(provider: str, model: str, kind: str, n: int) -> None:
    """Count ``n`` tokens of one model call: ``provider`` as trawl names it (``openai``,
    ``anthropic``, ``ollama`` ...), ``model`` as given to the provider, ``kind`` what the
    provider reports (``input``, ``output``; ``cache_read`` and the like where it tells).
    Call it where the call's usage comes back, once per call and kind; zero adds nothing.
    A negative count is a caller's bug: ValueError."""
    if n < 0:
        raise ValueError(f"token count must not be negative: {n}")
    if n:
        MODEL_TOKENS.labels(provider, model, kind).inc(n)


def browser_launched() -> None:
    BROWSER_LAUNCHES.inc()


def browser_recycled(reason: str) -> None:
    """A browser is replaced: ``pages``, ``disconnected`` or ``retired``."""
    BROWSER_RECYCLES.labels(reason).inc()


def set_browser_pool(browsers: int, contexts: int, tabs_in_use: int, tabs_idle: int) -> None:
    BROWSERS.set(browsers)
    BROWSER_CONTEXTS.set(contexts)
    BROWSER_TABS.labels("in_use").set(tabs_in_use)
    BROWSER_TABS.labels("idle").set(tabs_idle)


def set_frontier(depths: Mapping[str, Mapping[str, int]]) -> None:
    """The frontier of each running crawl (crawl id -> state -> URLs): every state of
    FRONTIER_STATUSES is set (0 when absent), and the series of crawls not given (ended,
    or no longer among the crawls read) are removed."""
    for crawl_id, counts in depths.items():
        for status in FRONTIER_STATUSES:
            FRONTIER_URLS.labels(crawl_id, status).set(counts.get(status, 0))
    _remove_frontier(crawl for crawl in _frontier_crawls() if crawl not in depths)


def clear_frontier() -> None:
    """The frontier could not be read: no series rather than stale ones."""
    _remove_frontier(_frontier_crawls())


def _frontier_crawls() -> set[str]:
    return {sample.labels["crawl_id"] for family in FRONTIER_URLS.collect()
            for sample in family.samples}


def _remove_frontier(crawls: Iterable[str]) -> None:
    for crawl_id in list(crawls):
        for status in FRONTIER_STATUSES:
            with suppress(KeyError):
                FRONTIER_URLS.remove(crawl_id, status)


def set_worker_tree_rss(rss_bytes: int) -> None:
    WORKER_TREE_RSS.set(rss_bytes)
