"""An explore slice: one activity explores a site's pages while it keeps its window full.

The site workflow used to claim a batch of URLs, hand it to an explore activity and wait
for its end before claiming again: a Temporal round trip (activity and workflow task
events, a worker's task, the server's writes) per batch, and a batch is small when a
site's frontier is narrow, which every site's is at its start. A crawl of many small sites
spent more CPU in those round trips than in its pages. A slice claims from inside the
activity as its pages finish (one token for all its claims), so one round trip serves a
site's pages for up to SLICE_SECONDS, however narrow its frontier.

What stays the workflow's: handoffs (a page that needs a person stops the slice's claims;
the site waits for ``resume``), an outage held past its budget (the slice's unexplored URLs
go back to the site), a page whose explore raised (explored alone, with the single
explore's retries and recorded failure), pauses (the workflow cancels its slices; their
claimed URLs are taken over by the next one), continue-as-new.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from temporalio.exceptions import CancelledError as TemporalCancelledError

from trawl.crawler.explore import ExploreDeps, explore
from trawl.crawler.seeding import seed_site
from trawl.model import (
    CrawlSpec,
    ExploreInput,
    ExploreOutput,
    PageOutcome,
    SliceInput,
    SliceOutput,
    UrlJob,
    count_outcome,
)
from trawl.net import use_policy
from trawl.store import slices as store

Db = Callable[..., Awaitable[Any]]
"""CrawlActivities._db: runs database work, waiting out an outage within its budget."""

SLICE_MAX_URLS = 1000
"""URLs one slice claims at most (also the most a retried slice explores again)."""
SLICE_MAX_SECONDS = 60.0
"""A slice claims for this long at most, whatever its input asks."""
CLAIM_FRACTION = 4
"""A slice claims again when a quarter of its window is free: claims in batches, not per
page (each takes the crawl's row lock for a moment)."""
ERROR_MESSAGE_CHARS = 2000
MISSING_SITEMAP = "HTTP 404"
"""How collect_sitemap_urls reports a sitemap that is not there (most sites have none)."""
ORPHAN_CHECKS = 3
"""Times a slice looks for URLs it claimed but never saw (a claim whose answer was lost)."""


class Slice:
    """One run of :class:`trawl.model.SliceInput` (see the module docstring)."""

    def __init__(self, deps: ExploreDeps, db: Db, inp: SliceInput, spec: CrawlSpec,
                 attempt: int, note: Callable[[str], None],
                 is_outage: Callable[[BaseException], bool],
                 gave_up: Callable[[BaseException], bool],
                 stalled: Callable[[], bool] = lambda: False) -> None:
        self.deps, self.db, self.inp, self.spec = deps, db, inp, spec
        self.stalled = stalled
        """Whether this attempt's heartbeats stalled (its worker's event loop did): the
        server may have timed it out and started a retry, which adopts its pages."""
        self.attempt, self.note = attempt, note
        self.is_outage, self.gave_up = is_outage, gave_up
        self.out = SliceOutput(profile_version=inp.profile_version)
        self.queue: deque[UrlJob] = deque()
        self.seen: set[str] = set()
        self.tasks: dict[asyncio.Task[ExploreOutput], UrlJob] = {}
        self.gates: dict[asyncio.Task[ExploreOutput], _Gate] = {}
        self.loads = asyncio.Semaphore(max(1, inp.loads))
        self.handed_over: set[asyncio.Task[ExploreOutput]] = set()
        """Tasks cancelled before their load started (the slice's time was up)."""
        self.claimed = 0
        self.budget_left = 1
        self.starving = False
        """The last claim found fewer URLs than it asked for: claim again only when a page
        of this slice added URLs, or when nothing is left in flight."""
        self.stop: str | None = None
        """Why claims stopped early: "handoff" or "held"."""
        self.handed_back: set[str] = set()

    def _add(self, jobs: list[UrlJob]) -> None:
        for job in jobs:
            if job.url not in self.seen:
                self.seen.add(job.url)
                self.queue.append(job)

    async def run(self) -> SliceOutput:
        inp = self.inp
        if inp.seed:
            await self._seed()
        if self.attempt > 1:  # what an earlier attempt recorded is counted, not redone
            await self._count_recorded()
        tokens = [*inp.reclaim, *([inp.token] if self.attempt > 1 else [])]
        urls = [job.url for job in inp.jobs]
        if tokens or urls:  # adopted: what this slice leaves is found by its token
            self._add(await self.db(lambda: store.take_over(
                self.deps.engine, inp.crawl_id, tokens, urls, inp.token)))
        deadline = time.monotonic() + min(inp.max_seconds, SLICE_MAX_SECONDS)
        max_urls = min(inp.max_urls, SLICE_MAX_URLS)
        orphan_checks = 0
        try:
            while True:
                if self.stop is None and (time.monotonic() >= deadline or self.stalled()):
                    self._time_up()
                self._dispatch()
                room = inp.window - len(self.tasks) - len(self.queue)
                if self._may_claim(room, max_urls, deadline) \
                        and await self._claim(min(room, max_urls - self.claimed)):
                    continue
                if not self.tasks:
                    if self.queue and self.stop is None:
                        continue
                    if self.stop is None and orphan_checks < ORPHAN_CHECKS:
                        orphan_checks += 1
                        if await self._orphans():
                            continue
                    break
                timeout = None if self.stop is not None else max(0.0, deadline
                                                                 - time.monotonic())
                done, _ = await asyncio.wait(self.tasks, timeout=timeout,
                                             return_when=asyncio.FIRST_COMPLETED)
                for task in done:
                    self.gates.pop(task, None)
                    job = self.tasks.pop(task)
                    if task in self.handed_over:
                        self.handed_over.discard(task)
                        self.out.pending.append(job)
                    else:
                        self._collect(job, task)
        finally:
            await self._cancel_tasks()
        return await self._finish(deadline)

    async def _seed(self) -> None:
        """Queue the site's sitemap URLs first (idempotent: a retried attempt repeats it
        harmlessly). Sitemaps are a help, not a need: one that cannot be read is said, and
        the site is crawled from its start URL; a database outage is the slice's."""
        deps, inp, out = self.deps, self.inp, self.out
        try:
            with use_policy(self.spec.net_policy()):  # robots.txt, sitemaps: the guard
                report = await self.db(lambda: seed_site(deps.engine, deps.http, inp.crawl_id,
                                                         self.spec, inp.site, deps.robots))
        except Exception as exc:
            if self.is_outage(exc):
                raise
            out.sitemap_error = f"{type(exc).__name__}: {exc}"[:ERROR_MESSAGE_CHARS]
        else:
            out.sitemap_urls = report.queued
            # a site without /sitemap.xml is no news; one that fails otherwise is
            failed = [e for e in report.errors if not e.endswith(MISSING_SITEMAP)]
            if failed:
                out.sitemap_error = failed[0][:ERROR_MESSAGE_CHARS]
        out.seeded = True

    def _may_claim(self, room: int, max_urls: int, deadline: float) -> bool:
        return (self.stop is None and self.claimed < max_urls and self.budget_left > 0
                and time.monotonic() < deadline
                and room >= max(1, self.inp.window // CLAIM_FRACTION)
                and (not self.starving or not self.tasks))

    def _time_up(self) -> None:
        """The slice's time is up (or its heartbeats stalled): it claims and starts nothing
        more, and the pages whose load has not started go back to the site (claimed), so
        the slice ends as soon as the loads under way are recorded instead of after its
        whole window."""
        self.stop = "time"
        for task, gate in self.gates.items():
            if not gate.entered and not task.done():
                self.handed_over.add(task)
                task.cancel()

    def _dispatch(self) -> None:
        while self.queue and len(self.tasks) < self.inp.window and self.stop is None:
            job = self.queue.popleft()
            gate = _Gate(self.loads, self.stalled)
            task = asyncio.ensure_future(self._explore(job, gate))
            self.tasks[task] = job
            self.gates[task] = gate

    async def _explore(self, job: UrlJob, gate: _Gate) -> ExploreOutput:
        inp = self.inp
        single = ExploreInput(inp.crawl_id, inp.site, job, self.spec, inp.workflow_id,
                              inp.profile_version)
        out: ExploreOutput = await self.db(
            functools.partial(explore, self.deps, single, self.note, gate),
            on_wait=self.note)
        return out

    async def _claim(self, limit: int) -> bool:
        """Claim up to ``limit`` more URLs; whether any came."""
        inp = self.inp
        try:
            jobs, self.budget_left = await self.db(lambda: store.claim_more(
                self.deps.engine, inp.crawl_id, inp.site, limit, inp.token,
                self.spec.max_pages, by_priority=self.spec.goal is not None,
                goal_pages=self.spec.goal_pages))
        except Exception as exc:
            if not (self.is_outage(exc) and self.gave_up(exc)):
                raise
            self._hold(exc)
            return False
        self.claimed += len(jobs)
        self.starving = len(jobs) < limit
        self._add(jobs)
        return bool(jobs)

    async def _orphans(self) -> bool:
        """URLs claimed under this slice's token that it never saw (a claim committed
        whose answer was lost), or that it saw but whose explore ended without a record:
        explored now. Whether any were found."""
        inp = self.inp
        found = await self.db(lambda: store.claimed_under(self.deps.engine, inp.crawl_id,
                                                          [inp.token]))
        left = [job for job in found if job.url not in self.handed_back]
        for job in left:
            self.seen.discard(job.url)
        self._add(left)
        return bool(left)

    def _collect(self, job: UrlJob, task: asyncio.Task[ExploreOutput]) -> None:
        out = self.out
        if task.cancelled():
            raise asyncio.CancelledError
        exc = task.exception()
        if exc is None:
            self._count(task.result())
            return
        if isinstance(exc, (asyncio.CancelledError, TemporalCancelledError)):
            raise exc  # the activity itself was cancelled
        if isinstance(exc, Fenced):  # not loaded: back to the site, like time up's pages
            self.out.pending.append(job)
            return
        if self.is_outage(exc):
            if not self.gave_up(exc):
                raise exc  # retried by Temporal, the outage budget still counting
            self.handed_back.add(job.url)
            out.pending.append(job)
            self._hold(exc)
            return
        self.handed_back.add(job.url)
        out.unexplored.append(job)
        out.errors.append(f"{type(exc).__name__}: {exc}"[:ERROR_MESSAGE_CHARS])

    def _count(self, res: ExploreOutput) -> None:
        out = self.out
        if res.outcome == PageOutcome.HANDOFF:
            self.handed_back.add(res.url)
            out.handoffs.append(res)
            self.stop = self.stop or "handoff"
            return
        out.explored += 1
        if res.new_urls:
            self.starving = False
        count_outcome(out, res)

    def _hold(self, exc: BaseException) -> None:
        self.stop = "held"
        self.out.held = True
        self.out.database_unreachable = self.out.database_unreachable or str(exc)

    async def _count_recorded(self) -> None:
        """Outcomes an earlier attempt recorded, and handoffs it opened."""
        await add_recorded(self.deps, self.db, self.inp.crawl_id, self.inp.token, self.out)
        if self.out.handoffs:
            self.stop = "handoff"
            self.handed_back.update(h.url for h in self.out.handoffs)

    async def _cancel_tasks(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(BaseException):
                await task

    async def _finish(self, deadline: float) -> SliceOutput:
        out, inp = self.out, self.inp
        out.pending += list(self.queue)  # claimed, never started (a handoff, time, outage)
        out.exhausted = (self.stop is None and not self.queue
                         and (self.budget_left <= 0 or (self.starving
                                                        and time.monotonic() < deadline
                                                        and self.claimed
                                                        < min(inp.max_urls, SLICE_MAX_URLS))))
        if not out.held:
            out.queued, out.profile_version = await self.db(lambda: store.site_state(
                self.deps.engine, inp.crawl_id, inp.site))
        return out


async def add_recorded(deps: ExploreDeps, db: Db, crawl_id: str, token: str,
                       out: SliceOutput) -> None:
    """Add to ``out`` what a slice recorded under ``token`` and the handoffs it opened: an
    attempt (or a whole slice) that ended without saying is counted from the rows."""
    recorded = await db(lambda: store.recorded_under(deps.engine, crawl_id, token))
    out.done += recorded.get(PageOutcome.DONE, 0)
    out.failed += recorded.get(PageOutcome.FAILED, 0)
    out.redirected += recorded.get(PageOutcome.REDIRECTED, 0)
    out.skipped += recorded.get(PageOutcome.SKIPPED, 0)
    out.explored += sum(recorded.values())
    with_data, data_failed = await db(lambda: store.data_under(deps.engine, crawl_id, token))
    out.with_data += with_data
    out.data_failed += data_failed
    for url, reason, detail in await db(lambda: store.blocked_under(deps.engine, crawl_id,
                                                                   token)):
        out.handoffs.append(ExploreOutput(url=url, outcome=PageOutcome.HANDOFF,
                                          handoff_reason=reason, handoff_detail=detail))


class Fenced(Exception):
    """A page's load was about to start in a slice whose heartbeats stalled: not loaded."""


class _Gate:
    """One page's turn at its slice's share of the site's load slots; ``entered`` once its
    load may start (until then it can go back to the site unexplored). A slice whose
    heartbeats stalled starts no load: its attempt may have timed out on the server, whose
    retry adopts the slice's claimed pages (a load started here too would fetch one twice).
    """

    def __init__(self, slots: asyncio.Semaphore, stalled: Callable[[], bool]) -> None:
        self.slots = slots
        self.stalled = stalled
        self.entered = False

    async def __aenter__(self) -> None:
        await self.slots.acquire()
        if self.stalled():
            self.slots.release()
            raise Fenced("the slice's heartbeats stalled: this page goes back to the site")
        self.entered = True

    async def __aexit__(self, *_: object) -> None:
        self.slots.release()
