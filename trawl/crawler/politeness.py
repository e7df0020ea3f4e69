"""Politeness per site: request spacing, 429/503 backoff and an error budget.

- Spacing: with a delay (``--delay``, or robots.txt's Crawl-delay when larger) every
  request takes a slot from the site's shared ``next_fetch_at`` (:mod:`trawl.store.hosts`),
  so all workers together send at most one request per delay to the site.
- 429/503: the page waits Retry-After (or 1, 2, 4 s ... without one) and is retried in
  place; the wait is pushed onto the site, so its other pages wait too.
- Error budget: connection errors, timeouts, 5xx and 429 count; any other response (a 404
  too) resets the run. After ``max_host_errors`` in a row the site is stopped and its
  remaining URLs are skipped with the reason.

The hot path stays cheap: a site without a delay, errors or a push back costs one read of
its state per :data:`STATE_TTL_S` per worker, and no write at all.

Idempotency: an explore retried by Temporal (its worker died mid-page) may count an error
twice or reserve a slot it never uses. Both are harmless — the budget and the spacing only
need to be about right (a site stopped after 19 real errors in a row instead of 20, one
delay wasted) — so none of this is deduplicated.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import httpx
from sqlalchemy.ext.asyncio import AsyncEngine

from trawl.config import MAX_CRAWL_DELAY_S
from trawl.crawler.render import Loaded
from trawl.crawler.screening import user_agent
from trawl.errors import FetchError, SiteStopped
from trawl.model import CrawlSpec
from trawl.policy import RETRY_STATUSES, RobotsCache, backoff_s
from trawl.store import hosts
from trawl.store.hosts import HostState

STATE_TTL_S = 5.0
"""How long a worker trusts what it knows of a site's state (errors, stop, push back)
before reading it again: other workers' news reaches it within this."""
HEARTBEAT_EVERY_S = 5.0
"""Heartbeat at least this often while waiting for a slot."""
VIEW_MAX_SITES = 10_000
"""Sites whose state a worker remembers before forgetting the least recently used."""
HOST_ERROR_CLASSES = frozenset({"timeout", "connect_error"})
"""Fetch errors that say the host is in trouble (a redirect loop or a body over the limit
say nothing about its health)."""
WAITING = "waiting for politeness slot"

Heartbeat = Callable[[str], None]


def is_error_status(status: int) -> bool:
    """Responses that count against a site's error budget."""
    return status == 429 or status >= 500


async def site_delay(robots: RobotsCache, http: httpx.AsyncClient, spec: CrawlSpec,
                     site: str) -> float:
    """Seconds between requests to ``site``: the spec's delay, or robots.txt's Crawl-delay
    (at most :data:`MAX_CRAWL_DELAY_S`) when larger and robots.txt is obeyed."""
    if not spec.respect_robots:
        return spec.delay_s
    rules = await robots.get(http, site, spec.user_agent)  # cached: robots_skip fetched it
    asked = rules.crawl_delay(user_agent(http, spec)) or 0.0
    return max(spec.delay_s, min(asked, MAX_CRAWL_DELAY_S))


async def pause(seconds: float, heartbeat: Heartbeat) -> None:
    """Sleep ``seconds``, heartbeating, so a long wait never looks like a dead worker."""
    if seconds <= 0:
        return
    heartbeat(WAITING)
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        await asyncio.sleep(min(left, HEARTBEAT_EVERY_S))
        heartbeat(WAITING)


@dataclass
class _View:
    """What this worker knows of one site's shared state."""

    state: HostState
    checked_at: float
    """clock() when ``state`` was read or written."""
    paused_until: float
    """clock() before which a Retry-After push back holds (0: none known)."""


@dataclass
class Politeness:
    """One worker's front to the per-site politeness state all workers share."""

    ttl_s: float = STATE_TTL_S
    max_sites: int = VIEW_MAX_SITES
    clock: Callable[[], float] = time.monotonic
    _views: OrderedDict[tuple[str, str], _View] = field(default_factory=OrderedDict)

    def _remember(self, key: tuple[str, str], state: HostState) -> _View:
        now = self.clock()
        view = self._views[key] = _View(state, now, now + state.wait_s)
        self._views.move_to_end(key)
        while len(self._views) > self.max_sites:
            self._views.popitem(last=False)
        return view

    async def _view(self, engine: AsyncEngine, crawl_id: str, site: str) -> _View:
        key = (crawl_id, site)
        view = self._views.get(key)
        if view is not None and self.clock() - view.checked_at < self.ttl_s:
            return view
        return self._remember(key, await hosts.host_state(engine, crawl_id, site))

    async def stopped(self, engine: AsyncEngine, crawl_id: str, site: str) -> str | None:
        """Why the crawl stopped asking ``site`` (None: it has not)."""
        return (await self._view(engine, crawl_id, site)).state.stopped_reason

    async def wait_turn(self, engine: AsyncEngine, crawl_id: str, site: str, delay_s: float,
                        heartbeat: Heartbeat) -> str | None:
        """Wait until this worker may send the site a request; the stop reason instead
        when the site is stopped. No database round trip unless something applies."""
        view = await self._view(engine, crawl_id, site)
        if view.state.stopped_reason is not None:
            return view.state.stopped_reason
        if delay_s <= 0 and view.state.consecutive_errors == 0 \
                and view.paused_until <= self.clock():
            return None
        slot = await hosts.reserve_slot(engine, crawl_id, site, delay_s)
        if slot.stopped_reason is not None:
            view.state.stopped_reason = slot.stopped_reason
            return slot.stopped_reason
        await pause(slot.wait_s, heartbeat)
        return None

    async def record(self, engine: AsyncEngine, crawl_id: str, site: str, *, error: bool,
                     budget: int, detail: str) -> None:
        """Count a response (or a failure to get one) against the site's error budget."""
        key = (crawl_id, site)
        view = self._views.get(key)
        if not error and view is not None and view.state.consecutive_errors == 0 \
                and self.clock() - view.checked_at < self.ttl_s:
            return  # the hot path: nothing to reset
        self._remember(key, await hosts.record_outcome(engine, crawl_id, site, error=error,
                                                       budget=budget, detail=detail))

    async def push_back(self, engine: AsyncEngine, crawl_id: str, site: str,
                        after_s: float) -> None:
        """No request to the site, from any worker, for ``after_s`` (a Retry-After)."""
        await hosts.push_back(engine, crawl_id, site, after_s)
        view = await self._view(engine, crawl_id, site)
        view.paused_until = max(view.paused_until, self.clock() + after_s)


@dataclass
class PoliteLoad:
    loaded: Loaded
    note: str | None = None
    """Why a 429/503 answer was not retried (further), for the page's error message."""


async def polite_load(polite: Politeness, engine: AsyncEngine, crawl_id: str, site: str,
                      spec: CrawlSpec, delay_s: float, load: Callable[[], Awaitable[Loaded]],
                      heartbeat: Heartbeat) -> PoliteLoad:
    """``load()`` in the site's next slot, retried in place on 429/503 (see the module).

    Raises :class:`SiteStopped` when the site is stopped, and the load's FetchError.
    """
    attempt = 0
    while True:
        reason = await polite.wait_turn(engine, crawl_id, site, delay_s, heartbeat)
        if reason is not None:
            raise SiteStopped(f"site stopped: {reason}")
        heartbeat("loading")
        try:
            loaded = await load()
        except FetchError as exc:
            if exc.error_class in HOST_ERROR_CLASSES:
                await polite.record(engine, crawl_id, site, error=True,
                                    budget=spec.max_host_errors,
                                    detail=f"{exc.error_class}: {exc}"[:500])
            raise
        status = loaded.status_code
        await polite.record(engine, crawl_id, site, error=is_error_status(status),
                            budget=spec.max_host_errors, detail=f"HTTP {status}")
        if status not in RETRY_STATUSES:
            return PoliteLoad(loaded)
        wait = loaded.retry_after_s
        if wait is not None and wait > spec.max_retry_after_s:
            # not pushed onto the site: its other pages try (and count errors) as usual
            return PoliteLoad(loaded, f"Retry-After was {wait:.0f} s, longer than the "
                                      f"{spec.max_retry_after_s:.0f} s trawl waits")
        if wait is None:
            wait = backoff_s(attempt)
        await polite.push_back(engine, crawl_id, site, wait)
        if attempt >= spec.retries_429:
            return PoliteLoad(loaded, f"gave up after {attempt + 1} attempts")
        attempt += 1
