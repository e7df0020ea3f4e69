"""Per-site politeness state shared by every worker: request slots and the error budget.

One ``sites`` row per (crawl, site) holds it (see :class:`trawl.store.models.Site`):

- ``next_fetch_at``: the earliest start of the site's next request. Reserving a slot moves
  it forward by the site's delay in one atomic UPDATE, so N workers together never send
  more than one request per delay, whoever they are.
- ``consecutive_errors`` / ``errors`` / ``stopped_reason``: the error budget. When the errors
  in a row reach the budget the site is stopped: its remaining URLs are skipped.

Every timestamp is Postgres' clock (``now()``); workers only ever see durations, so their
clocks need not agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, Row, case, func, literal, select, update
from sqlalchemy.ext.asyncio import AsyncEngine

from trawl.store.models import Site


@dataclass
class Slot:
    """A reserved request slot."""

    wait_s: float
    """How long to wait before sending the request (0: at once)."""
    stopped_reason: str | None = None
    """Set when the site is stopped: send nothing."""


@dataclass
class HostState:
    """A site's shared politeness state, as last read or written."""

    consecutive_errors: int = 0
    """Errors in a row; a successful response resets it."""
    errors: int = 0
    """All errors of the site in this crawl."""
    stopped_reason: str | None = None
    """Why the crawl stopped asking the site (None: it has not)."""
    wait_s: float = 0.0
    """Until ``next_fetch_at`` (a Retry-After push back or the next delay slot), from now."""


def _seconds(interval: ColumnElement[Any]) -> ColumnElement[Any]:
    return func.extract("epoch", interval)


def _secs_interval(seconds: Any) -> ColumnElement[Any]:
    return func.make_interval(0, 0, 0, 0, 0, 0, seconds)


def stop_reason(budget: int, detail: str) -> str:
    """The ``stopped_reason`` of a site whose error budget ran out."""
    return f"{budget} errors in a row (last: {detail})"


async def reserve_slot(engine: AsyncEngine, crawl_id: str, site: str, delay_s: float) -> Slot:
    """Take the site's next request slot and push the one after it ``delay_s`` further.

    The delay used is the larger of ``delay_s`` and the one stored (another worker may
    know a larger robots.txt Crawl-delay). A stopped site reserves nothing.
    """
    now = func.now()
    delay = func.greatest(Site.delay_s, delay_s)
    start = func.greatest(func.coalesce(Site.next_fetch_at, now), now)
    async with engine.begin() as conn:
        row = (await conn.execute(
            update(Site)
            .where(Site.crawl_id == crawl_id, Site.site == site)
            .values(delay_s=delay,
                    next_fetch_at=case((Site.stopped_reason.is_(None),
                                        start + _secs_interval(delay)),
                                       else_=Site.next_fetch_at))
            .returning(Site.stopped_reason,
                       # RETURNING sees the new values: the slot is next_fetch_at - delay.
                       # The wait is counted from the clock now, not the transaction's start,
                       # so the round trip so far does not stretch it.
                       _seconds(Site.next_fetch_at - _secs_interval(Site.delay_s)
                                - func.clock_timestamp()))
        )).first()
    if row is None:  # no sites row (cannot happen for a claimed URL): nothing to enforce
        return Slot(0.0)
    reason, wait = row
    return Slot(max(0.0, float(wait or 0.0)) if reason is None else 0.0, reason)


async def push_back(engine: AsyncEngine, crawl_id: str, site: str, after_s: float) -> None:
    """No request to the site before ``after_s`` from now (a Retry-After): every worker's
    next slot of the site starts then at the earliest. Never moves the slot earlier."""
    now = func.now()
    async with engine.begin() as conn:
        await conn.execute(
            update(Site).where(Site.crawl_id == crawl_id, Site.site == site)
            .values(next_fetch_at=func.greatest(func.coalesce(Site.next_fetch_at, now),
                                                now + _secs_interval(after_s))))


async def record_outcome(engine: AsyncEngine, crawl_id: str, site: str, *, error: bool,
                         budget: int, detail: str = "") -> HostState:
    """Count one response (or failure to get one) of the site against its error budget.

    ``error``: a connection error, a timeout, a 5xx or a 429 — one more in a row; anything
    else resets the run. When the run reaches ``budget`` (0: no budget) the site stops,
    with ``detail`` (the last error) in the reason. A stopped site stays stopped.
    """
    if error:
        run = Site.consecutive_errors + 1
        values: dict[str, Any] = {"consecutive_errors": run, "errors": Site.errors + 1}
        if budget > 0:
            values["stopped_reason"] = case(
                (Site.stopped_reason.is_(None) & (run >= budget),
                 literal(stop_reason(budget, detail))), else_=Site.stopped_reason)
    else:
        values = {"consecutive_errors": 0}
    async with engine.begin() as conn:
        row = (await conn.execute(
            update(Site).where(Site.crawl_id == crawl_id, Site.site == site).values(values)
            .returning(Site.consecutive_errors, Site.errors, Site.stopped_reason,
                       _seconds(Site.next_fetch_at - func.now())))).first()
    return HostState() if row is None else _state(row)


async def host_state(engine: AsyncEngine, crawl_id: str, site: str) -> HostState:
    """The site's shared state, read (a default state when the site has no row)."""
    async with engine.connect() as conn:
        row = (await conn.execute(
            select(Site.consecutive_errors, Site.errors, Site.stopped_reason,
                   _seconds(Site.next_fetch_at - func.now()))
            .where(Site.crawl_id == crawl_id, Site.site == site))).first()
    return HostState() if row is None else _state(row)


def _state(row: Row[Any]) -> HostState:
    consecutive, errors, reason, wait = tuple(row)
    return HostState(int(consecutive), int(errors), reason, max(0.0, float(wait or 0.0)))
