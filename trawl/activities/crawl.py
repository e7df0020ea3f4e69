"""Crawl activities: thin Temporal wrappers around trawl.crawler and trawl.store."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

from temporalio import activity
from temporalio.exceptions import ApplicationError
from temporalio.exceptions import CancelledError as TemporalCancelledError

from trawl.activities.policies import (
    DATABASE_UNAVAILABLE,
    DATABASE_UNREACHABLE,
    DEADLINE_MARGIN_S,
    HEARTBEAT_INTERVAL_S,
    STALL_FRACTION,
)
from trawl.activities.slices import Slice, add_recorded
from trawl.config import DEFAULT_DB_OUTAGE_BUDGET_S
from trawl.crawler.explore import ExploreDeps, explore
from trawl.crawler.seeding import seed_from_sitemaps
from trawl.errors import DatabaseUnreachable
from trawl.model import (
    ClaimInput,
    ClaimOutput,
    CrawlStatus,
    ErrorClass,
    ExploreBatchInput,
    ExploreBatchOutput,
    ExploreInput,
    ExploreOutput,
    FinishCrawlInput,
    PageOutcome,
    PageRecord,
    PendingSitesInput,
    RecordFailureInput,
    RecoverSliceInput,
    ResolveInput,
    ResolveOutput,
    SliceInput,
    SliceOutput,
    StartCrawlInput,
)
from trawl.store import frontier, recrawl, sessions
from trawl.store import slices as slice_store
from trawl.store.outage import DatabaseHealth

T = TypeVar("T")
ERROR_MESSAGE_CHARS = 2000
NOTE_INTERVAL_S = 0.5
"""An explore's stage beats at most this often (see _Beating)."""

class CrawlActivities:
    """Activities sharing one worker's database engine, HTTP client and browser pool."""

    def __init__(self, deps: ExploreDeps, outage_budget_s: float = DEFAULT_DB_OUTAGE_BUDGET_S
                 ) -> None:
        self._deps = deps
        self.health = DatabaseHealth(deps.engine, outage_budget_s)

    async def _db(self, work: Callable[[], Awaitable[T]], *, give_up: bool = True,
                  on_wait: Callable[[str], None] | None = None) -> T:
        """Run ``work``, waiting out a database outage (see trawl.store.outage) until
        shortly before this activity's own timeout. An outage is raised as an
        ApplicationError whose type says what it is, never as the page's failure:
        DatabaseUnreachable (budget spent; only when ``give_up``) or DatabaseUnavailable
        (retried by Temporal, the budget still counting in this worker)."""
        info = activity.info()
        deadline = None
        if info.start_to_close_timeout is not None:
            elapsed = (datetime.now(UTC) - info.started_time).total_seconds()
            deadline = (time.monotonic() - elapsed
                        + info.start_to_close_timeout.total_seconds() - DEADLINE_MARGIN_S)
        try:
            return await self.health.run(work, on_wait or activity.heartbeat, deadline)
        except DatabaseUnreachable as exc:
            raise _outage_error(exc, give_up) from exc

    @activity.defn(name="start_crawl")
    async def start_crawl(self, inp: StartCrawlInput) -> list[str]:
        return await self._db(lambda: self._start_crawl(inp), give_up=False)

    async def _start_crawl(self, inp: StartCrawlInput) -> list[str]:
        sites = await frontier.create_crawl(self._deps.engine, inp.crawl_id, inp.workflow_id,
                                            inp.spec)
        if inp.spec.recrawl_of:  # every page of the crawl revisited is visited again
            sites = await recrawl.seed_from_previous(self._deps.engine, inp.crawl_id, inp.spec)
        if not inp.sitemaps:  # each start site's first slice reads its own
            return sorted(sites)
        seeded = await seed_from_sitemaps(self._deps.engine, self._deps.http, inp.crawl_id,
                                          inp.spec, self._deps.robots)
        return sorted({*sites, *seeded})

    @activity.defn(name="explore_slice")
    async def explore_slice(self, inp: SliceInput) -> SliceOutput:
        """Explore a site's pages, claiming them as its window frees up, until the site has
        nothing queued or the slice's budget is spent (see trawl.activities.slices)."""
        deps = self._deps
        spec = await self._db(lambda: deps.specs.resolve(deps.engine, inp.crawl_id, inp.spec,
                                                          inp.spec_in_db))
        timeout = activity.info().heartbeat_timeout
        stall_after = None if timeout is None else timeout.total_seconds() * STALL_FRACTION
        async with _Beating(stall_after) as beat:
            return await Slice(deps, self._db, inp, spec, activity.info().attempt, beat.note,
                               _is_outage, _gave_up, beat.is_stalled).run()

    @activity.defn(name="recover_slice")
    async def recover_slice(self, inp: RecoverSliceInput) -> SliceOutput:
        """What a slice that failed for good did (counted from the rows) and left: the URLs
        it still held, explored one by one next (a page that breaks every slice is then
        recorded as failed, alone)."""
        out = SliceOutput()
        await add_recorded(self._deps, self._db, inp.crawl_id, inp.token, out)
        out.unexplored = await self._db(lambda: slice_store.claimed_under(
            self._deps.engine, inp.crawl_id, [inp.token, *inp.reclaim]))
        return out

    @activity.defn(name="claim_urls")
    async def claim_urls(self, inp: ClaimInput) -> ClaimOutput:
        return await self._db(lambda: frontier.claim(self._deps.engine, inp))

    @activity.defn(name="pending_sites")
    async def pending_sites(self, inp: PendingSitesInput) -> list[str]:
        return await self._db(lambda: frontier.pending_sites(self._deps.engine, inp.crawl_id,
                                                             inp.max_pages, inp.goal_pages),
                              give_up=False)

    @activity.defn(name="finish_crawl")
    async def finish_crawl(self, inp: FinishCrawlInput) -> None:
        await self._db(lambda: self._finish_crawl(inp), give_up=False)

    async def _finish_crawl(self, inp: FinishCrawlInput) -> None:
        cancelled = inp.status != CrawlStatus.COMPLETED
        if cancelled:
            await sessions.close_crawl_handoffs(self._deps.engine, inp.crawl_id, inp.status)
        # a cancel gives the claims back with the end, in one transaction
        await frontier.finish_crawl(self._deps.engine, inp.crawl_id, inp.status,
                                    release=cancelled)

    @activity.defn(name="resolve_handoff")
    async def resolve_handoff(self, inp: ResolveInput) -> ResolveOutput:
        """Save the session the person brought (if any), close the site's handoffs and
        queue its blocked URLs again. Idempotent: a retry changes nothing more."""
        return await self._db(lambda: self._resolve_handoff(inp), give_up=False)

    async def _resolve_handoff(self, inp: ResolveInput) -> ResolveOutput:
        if inp.storage_state is not None or inp.cookies:
            await sessions.save_profile(self._deps.engine, inp.site,
                                        storage_state=inp.storage_state, cookies=inp.cookies)
        done = await sessions.resolve_site(self._deps.engine, inp.crawl_id, inp.site,
                                           resumed_by=inp.resumed_by, note=inp.note)
        return ResolveOutput(done.requeued, done.closed, done.profile_version)

    @activity.defn(name="record_failure")
    async def record_failure(self, inp: RecordFailureInput) -> ExploreOutput:
        """Record a URL whose explore kept failing, so the crawl can go on without it."""
        job = inp.explore.job
        rec = PageRecord(crawl_id=inp.explore.crawl_id, url=job.url, site=inp.explore.site,
                         depth=job.depth, outcome=PageOutcome.FAILED,
                         error_class=ErrorClass.INTERNAL_ERROR,
                         error_message=inp.message, render_mode="none")
        await self._db(lambda: frontier.record_page(self._deps.engine, rec))
        return ExploreOutput(url=job.url, outcome=PageOutcome.FAILED,
                             error_class=ErrorClass.INTERNAL_ERROR)

    @activity.defn(name="explore")
    async def explore(self, inp: ExploreInput) -> ExploreOutput:
        async with _Beating() as beat:
            return await self._db(lambda: explore(self._deps, inp, beat.note),
                                  on_wait=beat.note)

    @activity.defn(name="explore_batch")
    async def explore_batch(self, inp: ExploreBatchInput) -> ExploreBatchOutput:
        """Explore several URLs of a site at once (the worker's load limiter still allows
        the site ``concurrency`` loads). A URL whose explore raises is handed back
        unexplored, so one bad page never costs the others; a retried batch skips the
        URLs an earlier attempt recorded."""
        jobs = inp.jobs
        out = ExploreBatchOutput()
        if activity.info().attempt > 1:
            recorded = await self._db(lambda: frontier.recorded_outcomes(
                self._deps.engine, inp.crawl_id, [job.url for job in jobs]))
            out.outputs += [ExploreOutput(url=url, outcome=PageOutcome(outcome))
                            for url, outcome in recorded.items()]
            jobs = [job for job in jobs if job.url not in recorded]
        async with _Beating() as beat:
            results = await asyncio.gather(
                *(self._db(functools.partial(explore, self._deps, inp.single(job), beat.note),
                           on_wait=beat.note) for job in jobs),
                return_exceptions=True)
        for job, result in zip(jobs, results, strict=True):
            if isinstance(result, ExploreOutput):
                out.outputs.append(result)
            elif isinstance(result, (asyncio.CancelledError, TemporalCancelledError)):
                raise result  # the activity itself was cancelled
            elif _is_outage(result):
                # not the page's fault: retried (the budget not spent) or held by the site
                if not _gave_up(result):
                    raise result
                out.held.append(job)
                out.database_unreachable = str(result)
            else:
                out.unexplored.append(job)
                out.errors.append(f"{type(result).__name__}: {result}"[:ERROR_MESSAGE_CHARS])
        return out

    def all(self) -> list[Callable[..., Any]]:
        return [self.start_crawl, self.claim_urls, self.pending_sites, self.finish_crawl,
                self.resolve_handoff, self.explore, self.explore_batch, self.record_failure,
                self.explore_slice, self.recover_slice]


def _outage_error(exc: DatabaseUnreachable, give_up: bool) -> ApplicationError:
    if exc.budget_spent and give_up:
        return ApplicationError(str(exc), type=DATABASE_UNREACHABLE, non_retryable=True)
    return ApplicationError(str(exc), type=DATABASE_UNAVAILABLE)


def _is_outage(exc: BaseException) -> bool:
    """An outage as :meth:`CrawlActivities._db` raises it. (A database error it let through
    happened while the database answered: the page's own, handed back as unexplored.)"""
    return isinstance(exc, ApplicationError) \
        and exc.type in (DATABASE_UNAVAILABLE, DATABASE_UNREACHABLE)


def _gave_up(exc: BaseException) -> bool:
    return isinstance(exc, ApplicationError) and exc.type == DATABASE_UNREACHABLE


class _Beating:
    """Heartbeats for an explore: at each stage, and every HEARTBEAT_INTERVAL_S meanwhile,
    so a long render or a slow server never looks like a dead worker. Stages in quick
    succession (a batch's or a slice's many pages) beat once per NOTE_INTERVAL_S: each beat
    is sealed and handed to the SDK, which sends at most one per interval anyway.

    With ``stall_after``: two beats further apart than that (the worker's event loop
    stalled, starved of CPU) mark the attempt stalled for good (:meth:`is_stalled`): the
    server may have timed it out meanwhile."""

    def __init__(self, stall_after: float | None = None) -> None:
        self.stage = "starting"
        self._beater: asyncio.Task[None] | None = None
        self._last = -NOTE_INTERVAL_S
        self._stall_after = stall_after
        self._stalled = False
        self._sent = time.monotonic()
        """When the last beat went to the SDK (or the attempt started)."""

    def note(self, stage: str) -> None:
        self.stage = stage
        now = time.monotonic()
        if now - self._last >= NOTE_INTERVAL_S:
            self._send(now)

    def is_stalled(self) -> bool:
        """Whether two beats were ever ``stall_after`` apart; also true while the current
        gap is (a loop that just woke up from a stall sees it before the next beat)."""
        if not self._stalled and self._stall_after is not None:
            self._stalled = time.monotonic() - self._sent > self._stall_after
        return self._stalled

    def _send(self, now: float) -> None:
        if self._stall_after is not None and now - self._sent > self._stall_after:
            self._stalled = True
        self._last = self._sent = now
        activity.heartbeat(self.stage)

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_INTERVAL_S)
            self._send(time.monotonic())

    async def __aenter__(self) -> _Beating:
        self._sent = time.monotonic()
        self._beater = asyncio.create_task(self._beat())
        return self

    async def __aexit__(self, *_: object) -> None:
        assert self._beater is not None
        self._beater.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._beater
