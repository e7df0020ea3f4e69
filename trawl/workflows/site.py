"""SiteWorkflow: explores one site of a crawl with a bounded sliding window.

The frontier lives in Postgres; the workflow only claims batches of URLs, runs explore
activities on them (up to EXPLORE_BATCH_MAX URLs each; at most ``spec.concurrency *
PIPELINE_FACTOR`` URLs in flight, in at least BATCHES_IN_FLIGHT activities) and counts
outcomes. It continues as new when Temporal suggests it or after
``spec.activities_per_run`` explore activities, so its history stays bounded however large
the site.
"""

from __future__ import annotations

import asyncio
from collections.abc import Collection
from datetime import timedelta
from urllib.parse import urlsplit

from temporalio import workflow
from temporalio.exceptions import ActivityError, ApplicationError, CancelledError

from trawl.activities.policies import (
    BATCH_TIMEOUT_FACTOR,
    DATABASE_ERRORS,
    EXPLORE_RETRY,
    STORE_ACTIVITY_TIMEOUT,
    STORE_RETRY,
)
from trawl.workflows.monitor import (
    CRAWL_STATUS,
    PAGES_DONE,
    REPORT_EVERY_PAGES,
    SITE_HOST,
    data_flags,
    flags,
    handoff_markdown,
    report_interval_s,
)

with workflow.unsafe.imports_passed_through():
    from trawl.activities.crawl import CrawlActivities
    from trawl.model import (
        RESUME_SIGNAL,
        ClaimInput,
        ClaimOutput,
        ErrorClass,
        ExploreBatchInput,
        ExploreBatchOutput,
        ExploreInput,
        ExploreOutput,
        LiveStatus,
        PageOutcome,
        RecordFailureInput,
        ResolveInput,
        ResumeRequest,
        SiteHandoff,
        SiteInput,
        SiteProgress,
        SiteResult,
        SiteUpdate,
        UrlJob,
    )

CLAIM_BATCH_FACTOR = 2
"""Claim this many times the window per batch: fewer claim round-trips."""
PIPELINE_FACTOR = 8
"""URLs in flight per unit of concurrency. Page loads per site stay at
``spec.concurrency`` (the worker's limiter); the URLs waiting behind them keep the
extraction processes, storage and Temporal round-trips busy while loads run, and make room
for large batches."""
GOAL_PIPELINE_FACTOR = 1
"""A goal-directed crawl's URLs in flight per unit of concurrency, and it claims one
window at a time: a claim made later is ranked by more of what the crawl has found
(bench/goal_crawl.py: pages fetched to reach every target, at concurrency 4, 138 breadth
first; 91 with --goal at the usual window of 8 per unit and double claims)."""
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
DB_HOLD_PATCH = "db-outage-hold"
"""workflow.patched id, asked only where a database outage holds the site (histories from
before it never reach that branch)."""
DB_HOLD_STATUS = LiveStatus.DATABASE_UNREACHABLE


@workflow.defn
class SiteWorkflow:
    @workflow.init
    def __init__(self, inp: SiteInput) -> None:
        self._input = inp
        """The input, whose ``state`` is this site's carried state (changed in place)."""
        self._in_flight: dict[str, asyncio.Task[list[ExploreOutput]]] = {}
        """Explore activities running, by their first URL."""
        self._batch_sizes: dict[str, int] = {}
        """How many URLs each of them explores."""
        self._resumes: list[ResumeRequest] = []
        self._status = LiveStatus.RUNNING
        self._reported: tuple[str, int] | None = None
        self._reports: set[asyncio.Task[None]] = set()
        self._wide = False
        """This run uses PIPELINE_FACTOR and EXPLORE_BATCH_MAX (WIDE_PATCH)."""

    @workflow.run
    async def run(self, inp: SiteInput) -> SiteResult:
        state, spec = inp.state, inp.spec
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
                    workflow.continue_as_new(SiteInput(inp.crawl_id, inp.site, spec, state,
                                                       inp.ops))
                if not state.pending and not maybe_more:
                    break
                continue

            done, _ = await workflow.wait(list(self._in_flight.values()),
                                         return_when=asyncio.FIRST_COMPLETED)
            if self._collect(done):
                maybe_more = True
            self._publish()

        self._status = LiveStatus.COMPLETED
        self._publish()
        if self._reports:  # let the last report reach the crawl
            await workflow.wait(list(self._reports))
        return SiteResult(inp.site, state.done, state.failed, state.redirected, state.runs,
                          state.thin, state.given_up)

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

    # -- handoff, pause, resume ----------------------------------------------------------

    def _held(self) -> bool:
        state = self._input.state
        return (state.handoff is not None or state.paused
                or state.database_unreachable is not None)

    def _hold_for_database(self, jobs: list[UrlJob], err: BaseException) -> None:
        """A database outage outlasted the budget: ``jobs`` go back to the front of the
        queue unexplored (not failed) and nothing runs until ``resume``."""
        workflow.patched(DB_HOLD_PATCH)
        state = self._input.state
        known = {job.url for job in state.pending}
        state.pending[:0] = [job for job in jobs if job.url not in known]
        if state.database_unreachable is None:
            state.database_unreachable = str(getattr(err, "message", None) or err)
            state.last_event = (f"{workflow.now().isoformat(timespec='seconds')}: "
                                f"{state.database_unreachable}")
            workflow.logger.warning("database unreachable: %s holds %d URL(s) until resume",
                                    self._input.site, len(state.pending))
        self._publish()

    def _open_handoff(self, out: ExploreOutput) -> None:
        state = self._input.state
        if state.handoff is None:
            state.handoffs += 1
            state.handoff = SiteHandoff(out.url, out.handoff_reason or "handoff",
                                        out.handoff_detail, workflow.now().isoformat(
                                            timespec="seconds"), [out.url])
            workflow.logger.info("handoff (%s) at %s: waiting for resume",
                                 state.handoff.reason, out.url)
        elif out.url not in state.handoff.blocked:
            state.handoff.blocked.append(out.url)

    async def _apply_resumes(self) -> bool:
        """Handle queued ``resume`` signals; True when blocked URLs were queued again."""
        inp, state = self._input, self._input.state
        requeued = False
        while self._resumes:
            req = self._resumes.pop(0)
            when = workflow.now().isoformat(timespec="seconds")
            who = req.resumed_by or "signal"
            has_session = req.storage_state is not None or bool(req.cookies)
            if state.database_unreachable is not None:
                state.database_unreachable = None
                state.last_event = (f"{when}: resumed by {who} (the database was "
                                    "unreachable)")
                if state.handoff is None and not state.paused:
                    continue
            if state.handoff is None and not state.paused:
                state.last_event = (f"{when}: `resume` from {who} arrived while nothing was "
                                    "waiting: ignored (harmless)")
                continue
            state.paused = False
            if state.handoff is None:
                state.last_event = f"{when}: resumed by {who} (was paused)"
                continue
            out = await workflow.execute_activity_method(
                CrawlActivities.resolve_handoff,
                ResolveInput(inp.crawl_id, inp.site, who, req.note, req.cookies,
                             req.storage_state),
                start_to_close_timeout=STORE_ACTIVITY_TIMEOUT,
                retry_policy=STORE_RETRY, summary=f"resume {state.handoff.url}")
            state.profile_version = out.profile_version
            state.last_event = (f"{when}: handoff at {state.handoff.url} resumed by {who}"
                                f"{' with new session data' if has_session else ''}; "
                                f"{out.requeued} URL(s) retried"
                                + (f" (note: {req.note})" if req.note else ""))
            state.handoff = None
            requeued = True
        self._publish()
        return requeued

    @workflow.signal(name=RESUME_SIGNAL)
    def resume(self, req: ResumeRequest | None = None) -> None:
        """Resume after a handoff or a pause (optional session data; see ResumeRequest)."""
        self._resumes.append(req or ResumeRequest())

    @workflow.signal
    def pause(self) -> None:
        """Stop dispatching pages (those in flight finish) until ``resume``."""
        self._input.state.paused = True
        self._input.state.last_event = (f"{workflow.now().isoformat(timespec='seconds')}: "
                                        "paused")

    # -- monitoring --------------------------------------------------------------------

    def _current_status(self) -> LiveStatus:
        state = self._input.state
        if self._status == LiveStatus.COMPLETED:
            return LiveStatus.COMPLETED
        if state.database_unreachable is not None:
            return LiveStatus.DATABASE_UNREACHABLE
        if state.handoff:
            return LiveStatus.HANDOFF
        return LiveStatus.PAUSED if state.paused else LiveStatus.RUNNING

    def _publish(self) -> None:
        """Details for the web UI (always), and search attributes + a report to the
        crawl when the status changed or every REPORT_EVERY_PAGES pages."""
        inp, state = self._input, self._input.state
        status = self._current_status()
        wf_id = workflow.info().workflow_id
        lines = [f"## {inp.site}: {status}",
                 f"**done** {state.done} · **failed** {state.failed} · **redirected** "
                 f"{state.redirected} · **queued** {state.queued} · **in flight** "
                 f"{self._in_flight_pages} · **run** {state.runs}" + flags(state.thin,
                                                                          state.given_up)
                 + data_flags(inp.spec.extract is not None, state.with_data,
                              state.data_failed)]
        if state.handoff is not None:
            lines += ["", handoff_markdown(wf_id, inp.crawl_id, state.handoff, inp.ops)]
        if state.database_unreachable is not None:
            lines += ["", f"### ⚠ Waiting: the database was unreachable\n"
                          f"{state.database_unreachable}\n- **then**: `trawl resume "
                          f"{inp.crawl_id}` (or *Send a Signal* `resume` to `{wf_id}`)"]
        if state.last_event:
            lines += ["", f"_last event_: {state.last_event}"]
        workflow.set_current_details("\n".join(lines))
        if (self._reported is not None and self._reported[0] == status
                and state.done - self._reported[1] < REPORT_EVERY_PAGES):
            return
        changed = self._reported is None or self._reported[0] != status
        self._reported = (status, state.done)
        workflow.upsert_search_attributes([
            CRAWL_STATUS.value_set(status), PAGES_DONE.value_set(state.done),
            SITE_HOST.value_set(urlsplit(inp.site).netloc)])
        now = workflow.now().timestamp()
        if not state.started_at:
            state.started_at = now
        due = now - state.last_report_at >= report_interval_s(now - state.started_at)
        parent = workflow.info().parent
        if parent is not None and (changed or due):
            state.last_report_at = now
            update = SiteUpdate(inp.site, wf_id, status, state.done, state.failed,
                                state.redirected, state.queued, state.handoff, state.thin,
                                state.given_up)
            task = asyncio.ensure_future(_report(parent.workflow_id, update))
            self._reports.add(task)
            task.add_done_callback(self._reports.discard)

    def _window(self) -> int:
        """URLs in flight at most (a goal-directed crawl keeps fewer waiting: the URLs it
        claims next are ranked by what the pages in flight find)."""
        factor = PIPELINE_FACTOR if self._wide else OLD_PIPELINE_FACTOR
        if self._input.spec.goal:
            factor = GOAL_PIPELINE_FACTOR
        return self._input.spec.concurrency * factor

    def _claim_size(self) -> int:
        return self._window() * (1 if self._input.spec.goal else CLAIM_BATCH_FACTOR)

    @property
    def _in_flight_pages(self) -> int:
        return sum(self._batch_sizes.values())

    def _batch_size(self) -> int:
        """URLs per explore activity at most. Runs written before WIDE_PATCH (or before
        BATCH_PATCH) replay with the size they were written with."""
        if self._wide:
            return max(1, min(EXPLORE_BATCH_MAX, self._window() // BATCHES_IN_FLIGHT))
        if not workflow.patched(BATCH_PATCH):  # asked where it always was: its marker's place
            return 1
        return max(1, min(OLD_EXPLORE_BATCH_MAX, self._input.spec.concurrency))

    def _should_roll_over(self, explored_this_run: int) -> bool:
        return (explored_this_run >= self._input.spec.activities_per_run
                or workflow.info().is_continue_as_new_suggested())

    def _count(self, out: ExploreOutput) -> None:
        state = self._input.state
        if out.outcome == PageOutcome.DONE:
            state.done += 1
        elif out.outcome == PageOutcome.REDIRECTED:
            state.redirected += 1
        elif out.outcome == PageOutcome.SKIPPED:
            state.skipped += 1
        elif out.outcome != PageOutcome.HANDOFF:  # a blocked URL is retried after resume
            state.failed += 1
            if out.error_class == ErrorClass.HANDOFF_EXHAUSTED:
                state.given_up += 1
        if out.thin_content:
            state.thin += 1
        if out.has_data:
            state.with_data += 1
        elif out.data_error is not None:
            state.data_failed += 1

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
            if not _database_outage(err):
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
            if _database_outage(err):
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

    async def _explore(self, job: UrlJob) -> ExploreOutput | None:
        """One URL's explore; None when a database outage held it (not explored)."""
        inp = self._input
        explore_input = ExploreInput(inp.crawl_id, inp.site, job, inp.spec,
                                     workflow.info().workflow_id, inp.state.profile_version)
        try:
            return await workflow.execute_activity_method(
                CrawlActivities.explore, explore_input,
                start_to_close_timeout=timedelta(
                    seconds=inp.spec.explore_timeout_s(self._window())),
                heartbeat_timeout=timedelta(seconds=inp.spec.heartbeat_timeout_s),
                retry_policy=EXPLORE_RETRY,
                summary=job.url,
            )
        except ActivityError as err:
            if isinstance(err.cause, CancelledError):
                raise
            if _database_outage(err):
                self._hold_for_database([job], err.cause or err)
                return None
            # one page that keeps failing must not stop the site: record it and go on
            message = str(err.cause or err)
            workflow.logger.warning("explore of %s failed for good: %s", job.url, message)
        try:
            return await workflow.execute_activity_method(
                CrawlActivities.record_failure, RecordFailureInput(explore_input, message[:2000]),
                start_to_close_timeout=STORE_ACTIVITY_TIMEOUT,
                retry_policy=STORE_RETRY, summary=job.url)
        except ActivityError as err:
            if not _database_outage(err):
                raise
            self._hold_for_database([job], err.cause or err)
            return None

    @workflow.query
    def progress(self) -> SiteProgress:
        s = self._input.state
        return SiteProgress(self._input.site, s.done, s.failed, s.redirected,
                            self._in_flight_pages, len(s.pending), s.runs,
                            self._current_status(), s.queued, s.handoff, s.last_event)


def _database_outage(err: ActivityError) -> bool:
    """The activity failed because the database was unreachable (never the page's fault)."""
    return isinstance(err.cause, ApplicationError) and err.cause.type in DATABASE_ERRORS


async def _report(parent_id: str, update: SiteUpdate) -> None:
    try:
        await workflow.get_external_workflow_handle(parent_id).signal("site_update", update)
    except Exception:  # the crawl may have closed; a report is never worth failing for
        workflow.logger.debug("could not report to %s", parent_id)
