"""SiteWorkflow: explores one site of a crawl.

The frontier lives in Postgres; the workflow runs explore slices (activity
``explore_slice``, see trawl.activities.slices): each explores the site's pages for up to
SLICE_SECONDS, claiming them from the frontier as its window frees up, and returns counts
and whatever the site must act on (a handoff, an outage, a page whose explore raised). A
start site's first slice reads its sitemaps before it explores. The run
continues as new when Temporal suggests it or after ``spec.activities_per_run`` slices, so
its history stays bounded however large the site. Histories written before slices replay
with explore batches (trawl.workflows._batches).
"""

from __future__ import annotations

import asyncio
from collections.abc import Collection
from dataclasses import replace
from datetime import timedelta
from urllib.parse import urlsplit

from temporalio import workflow
from temporalio.exceptions import ActivityError, ApplicationError, CancelledError

# Passed through, not imported again by every workflow run's sandbox: a crawl of a thousand
# sites starts a thousand site workflows, and re-executing (without a bytecode cache,
# recompiling) these pure helper modules for each cost more CPU than their pages.
with workflow.unsafe.imports_passed_through():
    from trawl.activities.crawl import CrawlActivities
    from trawl.activities.policies import (
        BATCH_TIMEOUT_FACTOR,
        EXPLORE_RETRY,
        NON_RETRYABLE_ERROR_TYPES,
        STORE_ACTIVITY_TIMEOUT,
        STORE_RETRY,
    )
    from trawl.model import (
        RESUME_SIGNAL,
        ExploreInput,
        ExploreOutput,
        LiveStatus,
        RecordFailureInput,
        RecoverSliceInput,
        ResolveInput,
        ResumeRequest,
        SiteHandoff,
        SiteInput,
        SiteProgress,
        SiteResult,
        SiteUpdate,
        SliceInput,
        SliceOutput,
        UrlJob,
        count_outcome,
    )
    from trawl.workflows._batches import (
        GOAL_PIPELINE_FACTOR,
        OLD_PIPELINE_FACTOR,
        PIPELINE_FACTOR,
        BatchPath,
        database_outage,
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
        site_report_interval_s,
    )

SLICES_PATCH = "explore-slices"
"""workflow.patched id: runs from before it go on (and replay) with explore batches."""
SLICE_SECONDS = 10.0
"""A slice claims nothing more after this long: the site's progress (details, search
attributes, reports to the crawl) is at most this old, and a pause or a continue-as-new
waits at most this long plus the pages in flight."""
SLICE_MAX_URLS = 1000
"""URLs one slice claims at most."""
MAX_SLICES = 2
"""Slices of one site at once at most: two when its queue holds more than two windows, so a
large site's pages spread over two workers (each slice keeps to its share of the site's
``--concurrency``)."""
DB_HOLD_PATCH = "db-outage-hold"
"""workflow.patched id, asked only where a database outage holds the site (histories from
before it never reach that branch)."""
DB_HOLD_STATUS = LiveStatus.DATABASE_UNREACHABLE

SliceResult = tuple[SliceOutput, list[ExploreOutput]]
"""A slice's output and the single explores of the URLs it could not explore."""


@workflow.defn
class SiteWorkflow(BatchPath):
    @workflow.init
    def __init__(self, inp: SiteInput) -> None:
        self._input = inp
        """The input, whose ``state`` is this site's carried state (changed in place)."""
        self._in_flight: dict[str, asyncio.Task[list[ExploreOutput]]] = {}
        """Explore batches running, by their first URL (runs from before slices)."""
        self._batch_sizes: dict[str, int] = {}
        """How many URLs each of them explores."""
        self._slices: dict[str, asyncio.Task[SliceResult]] = {}
        """Explore slices running, by claim token."""
        self._slice_loads: dict[str, int] = {}
        """Each running slice's share of the site's load slots."""
        self._reclaiming: set[str] = set()
        """Tokens of ``state.reclaim`` handed to a running slice."""
        self._resumes: list[ResumeRequest] = []
        self._status = LiveStatus.RUNNING
        self._reported: tuple[str, int] | None = None
        self._reports: set[asyncio.Task[None]] = set()
        self._wide = False
        """This run uses PIPELINE_FACTOR and EXPLORE_BATCH_MAX (WIDE_PATCH)."""
        self._slicing = False
        """This run explores with slices (SLICES_PATCH)."""
        self._seeding: str | None = None
        """The token of the running slice that reads the site's sitemaps first."""

    @workflow.run
    async def run(self, inp: SiteInput) -> SiteResult:
        state = inp.state
        if workflow.patched(SLICES_PATCH):  # first thing: the same place in every run
            self._slicing = True
            await self._run_slices(inp)
        else:
            await self._run_batches(inp)
        self._status = LiveStatus.COMPLETED
        self._publish()
        if self._reports:  # let the last report reach the crawl
            await workflow.wait(list(self._reports))
        return SiteResult(inp.site, state.done, state.failed, state.redirected, state.runs,
                          state.thin, state.given_up)

    # -- explore slices ----------------------------------------------------------------

    async def _run_slices(self, inp: SiteInput) -> None:
        """Until the site has nothing left (or continue-as-new)."""
        state = inp.state
        self._publish()
        if not inp.seed:
            state.seeded = True  # nothing to read
        slices_this_run = 0
        maybe_more = True  # the frontier may hold queued URLs for this site
        while True:
            if self._resumes and await self._apply_resumes():
                maybe_more = True
            if not self._held():
                while (self._slice_room() and (state.pending or maybe_more
                                               or self._unclaimed_reclaim())
                       and not self._should_roll_over(slices_this_run)):
                    self._start_slice()
                    slices_this_run += 1
            if not self._slices:
                if self._held():
                    # a handoff, a pause or an outage: nothing runs until resume
                    self._publish()
                    await workflow.wait_condition(
                        lambda: bool(self._resumes) or not self._held())
                    continue
                if not state.pending and not maybe_more and not state.reclaim:
                    return
                if self._should_roll_over(slices_this_run):
                    state.runs += 1
                    workflow.continue_as_new(replace(inp, state=state))
                continue
            done, _ = await workflow.wait(list(self._slices.values()),
                                         return_when=asyncio.FIRST_COMPLETED)
            maybe_more = self._collect_slices(done)
            self._publish()

    def _slices_wanted(self) -> int:
        state, spec = self._input.state, self._input.spec
        if spec.concurrency < 2 or state.queued < MAX_SLICES * self._window():
            return 1
        return MAX_SLICES

    def _free_loads(self) -> int:
        return self._input.spec.concurrency - sum(self._slice_loads.values())

    def _slice_room(self) -> bool:
        return len(self._slices) < self._slices_wanted() and self._free_loads() > 0

    def _unclaimed_reclaim(self) -> list[str]:
        return [t for t in self._input.state.reclaim if t not in self._reclaiming]

    def _start_slice(self) -> None:
        inp, state = self._input, self._input.state
        state.claim_seq += 1
        token = f"{workflow.info().workflow_id}:{state.claim_seq}"
        jobs = state.pending[:self._window()]
        del state.pending[:len(jobs)]
        reclaim = self._unclaimed_reclaim()
        self._reclaiming.update(reclaim)
        wanted = self._slices_wanted()
        # the last slice to start takes what is free (3 slots for two slices: 1 and 2)
        loads = self._free_loads() if len(self._slices) + 1 >= wanted else min(
            self._free_loads(), max(1, inp.spec.concurrency // wanted))
        seed = not state.seeded and self._seeding is None
        if seed:
            self._seeding = token
        slice_input = SliceInput(
            inp.crawl_id, inp.site, inp.spec, token, jobs, reclaim, window=self._window(),
            loads=loads, max_urls=SLICE_MAX_URLS, max_seconds=SLICE_SECONDS,
            workflow_id=workflow.info().workflow_id, profile_version=state.profile_version,
            spec_in_db=inp.spec_in_db, seed=seed)
        self._slices[token] = asyncio.ensure_future(self._slice(slice_input))
        self._slice_loads[token] = loads

    async def _slice(self, inp: SliceInput) -> SliceResult:
        """One slice; when it failed for good, the URLs it left claimed are explored one by
        one (a page that breaks every slice is then recorded as failed, alone)."""
        spec, state = self._input.spec, self._input.state
        timeout = SLICE_SECONDS + spec.explore_timeout_s(inp.window) * BATCH_TIMEOUT_FACTOR
        try:
            out: SliceOutput = await workflow.execute_activity_method(
                CrawlActivities.explore_slice, inp,
                start_to_close_timeout=timedelta(seconds=timeout),
                heartbeat_timeout=timedelta(seconds=spec.heartbeat_timeout_s),
                retry_policy=EXPLORE_RETRY, summary=f"{inp.site} (slice {state.claim_seq})")
        except ActivityError as err:
            if isinstance(err.cause, CancelledError) or (
                    isinstance(err.cause, ApplicationError)
                    and err.cause.type in NON_RETRYABLE_ERROR_TYPES):
                raise
            if database_outage(err):  # what it claimed waits, under its token
                state.reclaim.append(inp.token)
                self._hold_for_database(inp.jobs, err.cause or err)
                return SliceOutput(), []
            out = await workflow.execute_activity_method(
                CrawlActivities.recover_slice,
                RecoverSliceInput(inp.crawl_id, inp.site, inp.token, inp.reclaim),
                start_to_close_timeout=STORE_ACTIVITY_TIMEOUT, retry_policy=STORE_RETRY)
            if not out.unexplored:  # no page to blame: the failure is the slice's own
                raise
            workflow.logger.warning("explore slice %s failed: %s; exploring its %d URL(s) one "
                                    "by one", inp.token, err.cause or err, len(out.unexplored))
            out.exhausted = False
        state.reclaim = [t for t in state.reclaim if t not in inp.reclaim]
        alone = await asyncio.gather(*(self._explore(job) for job in out.unexplored))
        return out, [o for o in alone if o is not None]

    def _collect_slices(self, done: Collection[asyncio.Task[SliceResult]]) -> bool:
        """Count the finished slices' pages, open handoffs, hold for an outage; whether the
        site may have more (a slice stopped before its frontier ran dry)."""
        state = self._input.state
        more = False
        for token in [k for k, t in self._slices.items() if t in done]:
            out, alone = self._slices.pop(token).result()
            del self._slice_loads[token]
            self._reclaiming.difference_update(
                t for t in list(self._reclaiming) if t not in state.reclaim)
            state.done += out.done
            state.failed += out.failed
            state.redirected += out.redirected
            state.skipped += out.skipped
            state.thin += out.thin
            state.given_up += out.given_up
            state.with_data += out.with_data
            state.data_failed += out.data_failed
            for single in alone:
                self._count(single)
            for handoff in out.handoffs:
                self._open_handoff(handoff)
            if out.held:  # a claim may have gone through before the outage: kept
                state.reclaim.append(token)
                self._hold_for_database(out.pending, ApplicationError(
                    out.database_unreachable or "the database was unreachable"))
            else:
                known = {job.url for job in state.pending}
                state.pending[:0] = [job for job in out.pending if job.url not in known]
                state.queued = out.queued
                state.profile_version = max(state.profile_version, out.profile_version)
            more = more or not out.exhausted or bool(alone)
            if out.seeded:
                self._seeded(out)
            if token == self._seeding:  # read or not: the next slice tries if not
                self._seeding = None
        return more

    def _seeded(self, out: SliceOutput) -> None:
        """The site's sitemaps were read by its first slice: said in its details."""
        state = self._input.state
        state.seeded = True
        when = workflow.now().isoformat(timespec="seconds")
        if out.sitemap_error is not None:
            # the start URL is crawled all the same; why the sitemaps were not is shown
            state.last_event = (f"{when}: sitemaps not read ({out.sitemap_error}); "
                                "crawling from the start URL")
        elif out.sitemap_urls:
            state.last_event = f"{when}: sitemaps queued {out.sitemap_urls} URL(s)"

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
        if state.paused and self._slicing and self._slices:
            # paused, but slices under way still store pages until they end (at most
            # SLICE_SECONDS and their loads): "paused" only once nothing runs
            return LiveStatus.RUNNING
        return LiveStatus.PAUSED if state.paused else LiveStatus.RUNNING

    def _publish(self) -> None:
        """Details for the web UI (always), and search attributes + a report to the
        crawl when the status changed or every REPORT_EVERY_PAGES pages."""
        inp, state = self._input, self._input.state
        status = self._current_status()
        wf_id = workflow.info().workflow_id
        running = (f"**slices** {len(self._slices)}" if self._slicing
                   else f"**in flight** {self._in_flight_pages}")
        lines = [f"## {inp.site}: {status}",
                 f"**done** {state.done} · **failed** {state.failed} · **redirected** "
                 f"{state.redirected} · **queued** {state.queued} · {running} · **run** "
                 f"{state.runs}" + flags(state.thin, state.given_up)
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
        first = self._reported is None
        changed = first or self._reported is None or self._reported[0] != status
        self._reported = (status, state.done)
        workflow.upsert_search_attributes([
            CRAWL_STATUS.value_set(status), PAGES_DONE.value_set(state.done),
            SITE_HOST.value_set(urlsplit(inp.site).netloc)])
        now = workflow.now().timestamp()
        if not state.started_at:
            state.started_at = now
        if self._slicing:
            # the crawl learns a site's start and end without a report (it started it, and
            # reads its result); reports are spaced by the crawl's number of sites, so the
            # crawl's history does not grow with sites x time
            if (first and status == LiveStatus.RUNNING) or status == LiveStatus.COMPLETED:
                changed = False
            if not state.last_report_at:
                state.last_report_at = now
            interval = site_report_interval_s(now - state.started_at, inp.sites)
        else:
            interval = report_interval_s(now - state.started_at)
        due = now - state.last_report_at >= interval
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
        factor = PIPELINE_FACTOR if self._wide or self._slicing else OLD_PIPELINE_FACTOR
        if self._input.spec.goal:
            factor = GOAL_PIPELINE_FACTOR
        return self._input.spec.concurrency * factor

    @property
    def _in_flight_pages(self) -> int:
        if self._slicing:  # a slice keeps its window full while the site has URLs
            return len(self._slices) * self._window()
        return sum(self._batch_sizes.values())

    def _should_roll_over(self, explored_this_run: int) -> bool:
        return (explored_this_run >= self._input.spec.activities_per_run
                or workflow.info().is_continue_as_new_suggested())

    def _count(self, out: ExploreOutput) -> None:
        count_outcome(self._input.state, out)  # a handoff counts nothing: retried after resume

    async def _explore(self, job: UrlJob) -> ExploreOutput | None:
        """One URL's explore; None when a database outage held it (not explored)."""
        inp = self._input
        explore_input = ExploreInput(inp.crawl_id, inp.site, job, inp.spec,
                                     workflow.info().workflow_id, inp.state.profile_version,
                                     inp.spec_in_db)
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
            if database_outage(err):
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
            if not database_outage(err):
                raise
            self._hold_for_database([job], err.cause or err)
            return None

    @workflow.query
    def progress(self) -> SiteProgress:
        s = self._input.state
        return SiteProgress(self._input.site, s.done, s.failed, s.redirected,
                            self._in_flight_pages, len(s.pending), s.runs,
                            self._current_status(), s.queued, s.handoff, s.last_event)


async def _report(parent_id: str, update: SiteUpdate) -> None:
    try:
        await workflow.get_external_workflow_handle(parent_id).signal("site_update", update)
    except Exception:  # the crawl may have closed; a report is never worth failing for
        workflow.logger.debug("could not report to %s", parent_id)
