"""SiteWorkflow: explores one site of a crawl with a bounded sliding window.

The frontier lives in Postgres; the workflow only claims batches of URLs, runs one
explore activity per URL (at most ``spec.concurrency`` at once) and counts outcomes.
It continues as new when Temporal suggests it or after ``spec.activities_per_run``
explore activities, so its history stays bounded however large the site.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

from workflows.types import SiteInput, SiteProgress, SiteResult

with workflow.unsafe.imports_passed_through():
    from trawl.crawl.types import ClaimInput, ClaimOutput, ExploreInput, ExploreOutput, UrlJob

CLAIM_BATCH_FACTOR = 2
"""Claim this many times the window per batch: fewer claim round-trips."""
PIPELINE_FACTOR = 2
"""Explore activities in flight per unit of concurrency. Page loads per site stay at
``spec.concurrency`` (the worker's limiter); the extra activities overlap extraction,
storage and Temporal round-trips with loads."""
SHORT_ACTIVITY_TIMEOUT = timedelta(seconds=60)
EXPLORE_RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), maximum_attempts=5,
                            non_retryable_error_types=["CrawlNotFound"])
STORE_RETRY = RetryPolicy(initial_interval=timedelta(seconds=1),
                          maximum_interval=timedelta(seconds=30))


@workflow.defn
class SiteWorkflow:
    def __init__(self) -> None:
        self._input: SiteInput | None = None
        self._in_flight: dict[str, asyncio.Task[ExploreOutput]] = {}

    @workflow.run
    async def run(self, inp: SiteInput) -> SiteResult:
        self._input = inp
        state, spec = inp.state, inp.spec
        explored_this_run = 0
        maybe_more = True  # the frontier may hold queued URLs for this site

        while True:
            if not state.pending and maybe_more and not self._should_roll_over(explored_this_run):
                claimed = await self._claim(self._window() * CLAIM_BATCH_FACTOR)
                state.pending = list(claimed.jobs)
                maybe_more = bool(claimed.jobs)

            while (state.pending and len(self._in_flight) < self._window()
                   and not self._should_roll_over(explored_this_run)):
                job = state.pending.pop(0)
                self._in_flight[job.url] = asyncio.ensure_future(self._explore(job))
                explored_this_run += 1

            if not self._in_flight:
                if self._should_roll_over(explored_this_run):
                    state.runs += 1
                    workflow.continue_as_new(SiteInput(inp.crawl_id, inp.site, spec, state))
                if not state.pending and not maybe_more:
                    break
                continue

            done, _ = await workflow.wait(list(self._in_flight.values()),
                                         return_when=asyncio.FIRST_COMPLETED)
            for url in [u for u, t in self._in_flight.items() if t in done]:
                out = self._in_flight.pop(url).result()
                self._count(out)
                if out.new_urls:
                    maybe_more = True

        return SiteResult(inp.site, state.done, state.failed, state.redirected, state.runs)

    def _window(self) -> int:
        assert self._input is not None
        return self._input.spec.concurrency * PIPELINE_FACTOR

    def _should_roll_over(self, explored_this_run: int) -> bool:
        assert self._input is not None
        return (explored_this_run >= self._input.spec.activities_per_run
                or workflow.info().is_continue_as_new_suggested())

    def _count(self, out: ExploreOutput) -> None:
        assert self._input is not None
        state = self._input.state
        if out.outcome == "done":
            state.done += 1
        elif out.outcome == "redirected":
            state.redirected += 1
        else:
            state.failed += 1

    async def _claim(self, limit: int) -> ClaimOutput:
        assert self._input is not None
        inp = self._input
        inp.state.claim_seq += 1
        token = f"{workflow.info().workflow_id}:{inp.state.claim_seq}"
        return await workflow.execute_activity(
            "claim_urls",
            ClaimInput(inp.crawl_id, inp.site, limit, token, inp.spec.max_pages),
            result_type=ClaimOutput,
            start_to_close_timeout=SHORT_ACTIVITY_TIMEOUT, retry_policy=STORE_RETRY,
        )

    async def _explore(self, job: UrlJob) -> ExploreOutput:
        assert self._input is not None
        inp = self._input
        return await workflow.execute_activity(
            "explore",
            ExploreInput(inp.crawl_id, inp.site, job, inp.spec),
            result_type=ExploreOutput,
            start_to_close_timeout=timedelta(seconds=inp.spec.page_timeout_s * 3 + 60),
            heartbeat_timeout=timedelta(seconds=inp.spec.heartbeat_timeout_s),
            retry_policy=EXPLORE_RETRY,
            summary=job.url,
        )

    @workflow.query
    def progress(self) -> SiteProgress:
        assert self._input is not None
        s = self._input.state
        return SiteProgress(self._input.site, s.done, s.failed, s.redirected,
                            len(self._in_flight), len(s.pending), s.runs)
