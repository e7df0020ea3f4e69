"""SiteWorkflow's explore batches: how sites ran before explore slices (SLICES_PATCH in
trawl.workflows.site). Kept for the histories written that way: a worker replays them on
this code, and a change here that schedules other commands breaks every such crawl still
running (tests/test_replay.py). New runs never come here.

The workflow claims a batch of URLs (activity ``claim_urls``), runs explore activities on
them (up to EXPLORE_BATCH_MAX URLs each; at most ``spec.concurrency * PIPELINE_FACTOR`` URLs
in flight, in at least BATCHES_IN_FLIGHT activities) and claims again when they are done.
"""

from __future__ import annotations

import asyncio
from collections.abc import Collection
from dataclasses import replace
from datetime import timedelta

from temporalio import workflow
from temporalio.exceptions import ActivityError, ApplicationError, CancelledError

from trawl.activities.policies import (
    BATCH_TIMEOUT_FACTOR,
    DATABASE_ERRORS,
    EXPLORE_RETRY,
    STORE_ACTIVITY_TIMEOUT,
    STORE_RETRY,
)

with workflow.unsafe.imports_passed_through():
    from trawl.activities.crawl import CrawlActivities
    from trawl.model import (
        ClaimInput,
        ClaimOutput,
        ExploreBatchInput,
        ExploreBatchOutput,
        ExploreOutput,
        PageOutcome,
        ResumeRequest,
        SiteInput,
        UrlJob,
    )

CLAIM_BATCH_FACTOR = 2
"""Claim this many times the window per batch: fewer claim round-trips."""
PIPELINE_FACTOR = 8
"""URLs in flight per unit of concurrency. Page loads per site stay at
``spec.concurrency`` (the worker's limiter); the URLs waiting behind them keep the
extraction processes, storage and Temporal round-trips busy while loads run, and make room
for large batches. (Explore slices keep the same window.)"""
GOAL_PIPELINE_FACTOR = 1
"""A goal-directed crawl's URLs in flight per unit of concurrency, and it claims one
window at a time: a claim made later is ranked by more of what the crawl has found
(bench/goal_crawl.py: pages fetched to reach every target, at concurrency 4, 138 breadth
first; 91 with --goal at the usual window of 8 per unit and double claims). Explore slices
keep the same window, and claim as it frees up."""
EXPLORE_BATCH_MAX = 16
"""URLs per explore activity at most. Fetching and reading a page over HTTP costs
milliseconds, so a Temporal round trip per page (events, a copy of the spec, a workflow
task, the worker's share of it) is a large part of it; a batch shares one. Crawling the
Python docs in auto mode (concurrency 4, 3 crawls each), 2 batches of 16 in flight instead
of 2 of 4 took the Temporal server's CPU per page from 4.8 to 1.8 ms, and the crawl from
~37 to ~46 pages/s."""
BATCHES_IN_FLIGHT = 2
"""A window holds at least this many batches, so one runs while another's end is handled."""
WIDE_PATCH = "wide-batches"
"""workflow.patched id: histories from before it replay with the window and batch size
they were written with."""
BATCH_PATCH = "explore-batches"
"""workflow.patched id: histories from before batches replay with single explores."""
OLD_PIPELINE_FACTOR = 2
OLD_EXPLORE_BATCH_MAX = 4
"""The window and batch limit of histories from before WIDE_PATCH."""


class BatchPath:
    """The explore-batch loop of SiteWorkflow (which defines what is declared here)."""

    _input: SiteInput
    _in_flight: dict[str, asyncio.Task[list[ExploreOutput]]]
    _batch_sizes: dict[str, int]
    _resumes: list[ResumeRequest]
    _wide: bool

    # -- provided by SiteWorkflow ------------------------------------------------------

    def _held(self) -> bool:
        raise NotImplementedError

    def _publish(self) -> None:
        raise NotImplementedError

    async def _apply_resumes(self) -> bool:
        raise NotImplementedError

    def _should_roll_over(self, explored_this_run: int) -> bool:
        raise NotImplementedError

    def _window(self) -> int:
        raise NotImplementedError

    @property
    def _in_flight_pages(self) -> int:
        raise NotImplementedError

    def _count(self, out: ExploreOutput) -> None:
        raise NotImplementedError

    def _open_handoff(self, out: ExploreOutput) -> None:
        raise NotImplementedError

    def _hold_for_database(self, jobs: list[UrlJob], err: BaseException) -> None:
        raise NotImplementedError

    async def _explore(self, job: UrlJob) -> ExploreOutput | None:
        raise NotImplementedError

    # -- the loop ----------------------------------------------------------------------

    async def _run_batches(self, inp: SiteInput) -> None:
        """Until the site has nothing left (or continue-as-new)."""
        state = inp.state
        explored_this_run = 0
        maybe_more = True  # the frontier may hold queued URLs for this site
        self._wide = workflow.patched(WIDE_PATCH)  # first thing: the same place in every run
        self._publish()

        while True:
            if self._resumes and await self._apply_resumes():
                maybe_more = True
            if not self._held():
                if (not state.pending and maybe_more
                        and not self._should_roll_over(explored_this_run)):
                    claimed = await self._claim(self._claim_size())
                    if claimed is None:  # the database is unreachable: the site holds
                        continue
                    state.pending = list(claimed.jobs)
                    state.profile_version = claimed.profile_version
                    state.queued = claimed.queued
                    maybe_more = bool(claimed.jobs)

                explored_this_run = self._dispatch(explored_this_run)

            if not self._in_flight:
                if self._held():
                    # a handoff or a pause: nothing runs until a person sends resume
                    self._publish()
                    await workflow.wait_condition(
                        lambda: bool(self._resumes) or not self._held())
                    continue
                if self._should_roll_over(explored_this_run):
                    state.runs += 1
                    workflow.continue_as_new(replace(inp, state=state))
                if not state.pending and not maybe_more:
                    return
                continue

            done, _ = await workflow.wait(list(self._in_flight.values()),
                                         return_when=asyncio.FIRST_COMPLETED)
            if self._collect(done):
                maybe_more = True
            self._publish()

    def _dispatch(self, explored_this_run: int) -> int:
        """Start explore batches from ``pending`` while the window has room; the count of
        explore activities this run after them."""
        state = self._input.state
        while (state.pending and self._in_flight_pages < self._window()
               and not self._should_roll_over(explored_this_run)):
            jobs = state.pending[:self._batch_size()]
            del state.pending[:len(jobs)]
            self._in_flight[jobs[0].url] = asyncio.ensure_future(self._explore_batch(jobs))
            self._batch_sizes[jobs[0].url] = len(jobs)
            explored_this_run += 1
        return explored_this_run

    def _collect(self, done: Collection[asyncio.Task[list[ExploreOutput]]]) -> bool:
        """Count the finished batches' pages, open handoffs; whether any page added URLs."""
        found_more = False
        for key in [k for k, t in self._in_flight.items() if t in done]:
            outputs = self._in_flight.pop(key).result()
            del self._batch_sizes[key]
            for out in outputs:
                self._count(out)
                if out.outcome == PageOutcome.HANDOFF:
                    self._open_handoff(out)
                if out.new_urls:
                    found_more = True
        return found_more

    def _claim_size(self) -> int:
        return self._window() * (1 if self._input.spec.goal else CLAIM_BATCH_FACTOR)

    def _batch_size(self) -> int:
        """URLs per explore activity at most. Runs written before WIDE_PATCH (or before
        BATCH_PATCH) replay with the size they were written with."""
        if self._wide:
            return max(1, min(EXPLORE_BATCH_MAX, self._window() // BATCHES_IN_FLIGHT))
        if not workflow.patched(BATCH_PATCH):  # asked where it always was: its marker's place
            return 1
        return max(1, min(OLD_EXPLORE_BATCH_MAX, self._input.spec.concurrency))

    async def _claim(self, limit: int) -> ClaimOutput | None:
        """The next batch of URLs; None when the database stayed unreachable (held)."""
        inp = self._input
        inp.state.claim_seq += 1
        token = f"{workflow.info().workflow_id}:{inp.state.claim_seq}"
        try:
            return await workflow.execute_activity_method(
                CrawlActivities.claim_urls,
                ClaimInput(inp.crawl_id, inp.site, limit, token, inp.spec.max_pages,
                           by_priority=inp.spec.goal is not None,
                           goal_pages=inp.spec.goal_pages),
                start_to_close_timeout=STORE_ACTIVITY_TIMEOUT, retry_policy=STORE_RETRY,
            )
        except ActivityError as err:
            if not database_outage(err):
                raise
            # the claim may have gone through before the outage: the same token asks again
            inp.state.claim_seq -= 1
            self._hold_for_database([], err.cause or err)
            return None

    async def _explore_batch(self, jobs: list[UrlJob]) -> list[ExploreOutput]:
        """Explore ``jobs`` in one activity (one alone: a single explore). URLs the batch
        could not explore — or all of them, when the batch itself kept failing — are
        explored one by one, with the single explore's retries and failure record."""
        inp = self._input
        if len(jobs) == 1:
            single = await self._explore(jobs[0])
            return [] if single is None else [single]
        batch = ExploreBatchInput(inp.crawl_id, inp.site, jobs, inp.spec,
                                  workflow.info().workflow_id, inp.state.profile_version)
        try:
            out = await workflow.execute_activity_method(
                CrawlActivities.explore_batch, batch,
                start_to_close_timeout=timedelta(
                    seconds=inp.spec.explore_timeout_s(self._window()) * BATCH_TIMEOUT_FACTOR
                    * -(-len(jobs) // inp.spec.concurrency)),
                heartbeat_timeout=timedelta(seconds=inp.spec.heartbeat_timeout_s),
                retry_policy=EXPLORE_RETRY,
                summary=f"{jobs[0].url} and {len(jobs) - 1} more")
        except ActivityError as err:
            if isinstance(err.cause, CancelledError):
                raise
            if database_outage(err):
                self._hold_for_database(jobs, err.cause or err)
                return []
            workflow.logger.warning("explore batch from %s failed: %s; exploring its URLs "
                                    "one by one", jobs[0].url, err.cause or err)
            out = ExploreBatchOutput(unexplored=jobs)
        if out.held:
            self._hold_for_database(out.held, ApplicationError(
                out.database_unreachable or "the database was unreachable"))
        for job, error in zip(out.unexplored, out.errors, strict=False):
            workflow.logger.warning("explore of %s raised %s; exploring it again on its own",
                                    job.url, error)
        alone = await asyncio.gather(*(self._explore(job) for job in out.unexplored))
        return [*out.outputs, *(o for o in alone if o is not None)]


def database_outage(err: ActivityError) -> bool:
    """The activity failed because the database was unreachable (never the page's fault)."""
    return isinstance(err.cause, ApplicationError) and err.cause.type in DATABASE_ERRORS
