"""CrawlWorkflow: one crawl job; fans out one child SiteWorkflow per site.

Sites appear as the frontier grows (a seed per host, or subdomains found while crawling).
The parent asks the database which sites still have queued URLs whenever its children
are all done, so a site discovered late — even by a retried activity — is never missed.

Starting costs the same for one site or a thousand (SITES_PATCH): the start activity
records the crawl and its start URLs, and every start site reads its own robots.txt and
sitemaps as its workflow's first step, all at once; a site starts exploring as soon as its
own are read. A crawl that cannot start says why (status ``start_failed``, its details)
and tries again, at once on ``resume``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, CancelledError
from temporalio.workflow import ParentClosePolicy

from trawl.workflows.events import EventsWorkflow, events_workflow_id
from trawl.workflows.site import SiteWorkflow

with workflow.unsafe.imports_passed_through():  # pure helpers: see trawl.workflows.site
    from trawl.activities.crawl import CrawlActivities
    from trawl.activities.policies import (
        NON_RETRYABLE_ERROR_TYPES,
        STORE_ACTIVITY_TIMEOUT,
        STORE_RETRY,
    )
    from trawl.model import (
        RESUME_SIGNAL,
        CrawlInput,
        CrawlProgress,
        CrawlResult,
        CrawlStatus,
        EventsInput,
        FinishCrawlInput,
        LiveStatus,
        OpsHints,
        PendingSitesInput,
        ResumeRequest,
        SiteInput,
        SiteResult,
        SiteState,
        SiteUpdate,
        StartCrawlInput,
    )
    from trawl.urls import site_of
    from trawl.workflows.monitor import (
        CRAWL_STATUS,
        PAGES_DONE,
        REPORT_EVERY_PAGES,
        crawl_markdown,
        start_failed_markdown,
    )

SITES_PATCH = "sites-seed-themselves"
"""workflow.patched id: crawls started before it read every start site's sitemaps in the
start activity, and replay that way."""
START_CHUNK = 100
"""Site workflows started per workflow task: a task's commands stay small however many
sites a crawl has."""
SEEDS_INLINE = 8
"""A crawl with more start URLs than this gives each site only its own (the whole spec is
read from the crawls row by the activities that need it): a thousand start URLs copied into
every site's input and every activity's were most of what Temporal stored."""
START_RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), maximum_attempts=2,
                          non_retryable_error_types=NON_RETRYABLE_ERROR_TYPES)
"""start_crawl: after two failed attempts the crawl shows why (status ``start_failed``)
and tries again after START_WAITS_S, or at once on ``resume``."""
START_WAITS_S = (10.0, 30.0, 60.0, 120.0, 300.0)
"""Waits between a failed start's next attempts (the last repeats)."""
PROGRESS_STEP = 10
"""A crawl of many sites upserts its PagesDone search attribute when the count grew by a
tenth (or REPORT_EVERY_PAGES), not on every report."""


def site_workflow_id(crawl_workflow_id: str, site: str) -> str:
    parts = urlsplit(site)
    return f"{crawl_workflow_id}/{parts.scheme}-{parts.netloc.replace(':', '-')}"


@workflow.defn
class CrawlWorkflow:
    @workflow.init
    def __init__(self, inp: CrawlInput) -> None:
        self._running: dict[str, asyncio.Task[SiteResult]] = {}
        self._finished: dict[str, SiteResult] = {}
        self._status = LiveStatus.RUNNING
        self._paused = False
        self._sites: dict[str, SiteUpdate] = {}
        self._crawl_id = inp.crawl_id
        self._ops: OpsHints | None = inp.ops
        self._reported: tuple[str, int] | None = None
        self._seeding = False
        """Sites read their own sitemaps; children start in chunks (SITES_PATCH)."""
        self._started: set[str] = set()
        """Sites whose workflow started (SITES_PATCH)."""
        self._seed_sites: set[str] = set()
        """Start sites whose sitemaps were read (or are being read) by their workflow."""
        self._site_count = 1
        self._start_error: str | None = None
        """Why the crawl could not start yet (None: it started, or is starting)."""
        self._retry_start = False

    @workflow.run
    async def run(self, inp: CrawlInput) -> CrawlResult:
        self._seeding = workflow.patched(SITES_PATCH)  # first thing: same place every run
        self._publish()
        try:
            sites = await self._start(inp)
            if inp.spec.webhook:
                await self._start_webhook(inp)
            while sites:
                if self._seeding:
                    await self._start_sites(inp, sites)
                else:
                    for site in sites:
                        if site not in self._running:
                            self._running[site] = asyncio.ensure_future(
                                self._run_site(inp, site))
                await workflow.wait(list(self._running.values()))
                for site, task in list(self._running.items()):
                    result, earlier = task.result(), self._finished.get(site)
                    if self._seeding and earlier is not None:  # a second pass adds up
                        result = _added(earlier, result)
                    self._finished[site] = result
                # anything queued for a site whose workflow already ended? run it again
                self._running.clear()
                self._started.clear()
                sites = await workflow.execute_activity_method(
                    CrawlActivities.pending_sites,
                    PendingSitesInput(inp.crawl_id, inp.spec.max_pages,
                                      goal_pages=inp.spec.goal_pages),
                    start_to_close_timeout=STORE_ACTIVITY_TIMEOUT, retry_policy=STORE_RETRY)
        except asyncio.CancelledError:
            self._status = LiveStatus.CANCELLED
            self._publish()
            await workflow.execute_activity_method(
                CrawlActivities.finish_crawl,
                FinishCrawlInput(inp.crawl_id, CrawlStatus.CANCELLED),
                start_to_close_timeout=STORE_ACTIVITY_TIMEOUT, retry_policy=STORE_RETRY,
                cancellation_type=workflow.ActivityCancellationType.ABANDON)
            raise
        self._status = LiveStatus.COMPLETED
        self._publish()
        await workflow.execute_activity_method(
            CrawlActivities.finish_crawl, FinishCrawlInput(inp.crawl_id, CrawlStatus.COMPLETED),
            start_to_close_timeout=STORE_ACTIVITY_TIMEOUT, retry_policy=STORE_RETRY)
        done = sum(r.done for r in self._finished.values())
        failed = sum(r.failed for r in self._finished.values())
        finished = self._finished.values()
        return CrawlResult(inp.crawl_id, CrawlStatus.COMPLETED, done, failed,
                           len(self._finished), sum(r.thin for r in finished),
                           sum(r.given_up for r in finished))

    async def _start_webhook(self, inp: CrawlInput) -> None:
        """Deliver the crawl's events to its webhook from a workflow of their own, which
        outlives this one until the ``crawl_finished`` event is delivered."""
        assert inp.spec.webhook is not None
        await workflow.start_child_workflow(
            EventsWorkflow.run,
            EventsInput(inp.crawl_id, inp.spec.webhook, list(inp.spec.webhook_events),
                        crawl_workflow_id=workflow.info().workflow_id),
            id=events_workflow_id(workflow.info().workflow_id),
            parent_close_policy=ParentClosePolicy.ABANDON,
            static_summary=f"webhook {inp.spec.webhook}")

    async def _start(self, inp: CrawlInput) -> list[str]:
        """Record the crawl and its start URLs; the sites to crawl. A failure is shown
        (``start_failed`` and why) and the start tried again, never retried silently."""
        wf_id = workflow.info().workflow_id
        if not self._seeding:
            return await workflow.execute_activity_method(
                CrawlActivities.start_crawl, StartCrawlInput(inp.crawl_id, wf_id, inp.spec),
                start_to_close_timeout=STORE_ACTIVITY_TIMEOUT, retry_policy=STORE_RETRY)
        failures = 0
        while True:
            try:
                sites: list[str] = await workflow.execute_activity_method(
                    CrawlActivities.start_crawl,
                    StartCrawlInput(inp.crawl_id, wf_id, inp.spec, sitemaps=False),
                    start_to_close_timeout=STORE_ACTIVITY_TIMEOUT, retry_policy=START_RETRY)
            except ActivityError as err:
                if isinstance(err.cause, CancelledError):
                    raise
                wait = START_WAITS_S[min(failures, len(START_WAITS_S) - 1)]
                failures += 1
                self._start_error = (f"{err.cause or err} ({failures * 2} attempts so far; "
                                     f"next in {wait:.0f} s, or at once on `trawl resume "
                                     f"{inp.crawl_id}`)")
                workflow.logger.warning("crawl %s could not start: %s", inp.crawl_id,
                                        self._start_error)
                self._publish()
                self._retry_start = False
                with contextlib.suppress(TimeoutError):  # its wait is over: tries again
                    await workflow.wait_condition(lambda: self._retry_start,
                                                  timeout=timedelta(seconds=wait))
                continue
            if self._start_error is not None:
                self._start_error = None
                self._publish()
            self._site_count = max(1, len(sites))
            if inp.spec.reads_sitemaps():
                self._seed_sites = {site_of(seed) for seed in inp.spec.seeds}
            return sites

    async def _start_sites(self, inp: CrawlInput, sites: list[str]) -> None:
        """Start the workflows of ``sites`` not running, START_CHUNK per workflow task."""
        new = [site for site in dict.fromkeys(sites) if site not in self._running]
        for i in range(0, len(new), START_CHUNK):
            chunk = new[i:i + START_CHUNK]
            for site in chunk:
                self._running[site] = asyncio.ensure_future(self._run_site(inp, site))
            await workflow.wait_condition(lambda chunk=chunk: all(  # type: ignore[misc]
                site in self._started or self._running[site].done() for site in chunk))

    def _site_input(self, inp: CrawlInput, site: str) -> SiteInput:
        spec, in_db = inp.spec, False
        if self._seeding and len(spec.seeds) > SEEDS_INLINE:
            spec = replace(spec, seeds=[s for s in spec.seeds if site_of(s) == site])
            in_db = True
        seed = site in self._seed_sites
        self._seed_sites.discard(site)  # a second pass of the site reads them no more
        return SiteInput(inp.crawl_id, site, spec, SiteState(paused=self._paused), inp.ops,
                         seed=seed, spec_in_db=in_db, sites=self._site_count)

    async def _run_site(self, inp: CrawlInput, site: str) -> SiteResult:
        # a closed child's id may be reused (the default reuse policy), so a site that
        # needs a second pass gets the same readable id
        wf_id = site_workflow_id(workflow.info().workflow_id, site)
        if not self._seeding:
            return await workflow.execute_child_workflow(
                SiteWorkflow.run,
                SiteInput(inp.crawl_id, site, inp.spec, SiteState(paused=self._paused),
                          inp.ops),
                id=wf_id, parent_close_policy=ParentClosePolicy.REQUEST_CANCEL,
                static_summary=f"site {site}",
            )
        handle = await workflow.start_child_workflow(
            SiteWorkflow.run, self._site_input(inp, site), id=wf_id,
            parent_close_policy=ParentClosePolicy.REQUEST_CANCEL,
            static_summary=f"site {site}")
        self._started.add(site)
        result = await handle
        # the site's result stands for its last report (it sends none when it ends)
        total = result if site not in self._finished else _added(self._finished[site], result)
        self._sites[site] = SiteUpdate(site, wf_id, LiveStatus.COMPLETED, total.done,
                                       total.failed, total.redirected, 0, None, total.thin,
                                       total.given_up)
        self._publish()
        return result

    # -- control ----------------------------------------------------------------------

    @workflow.signal
    async def pause(self) -> None:
        """Pause every site (pages in flight finish); ``resume`` carries on."""
        self._paused = True
        self._publish()
        await self._forward(SiteWorkflow.pause)

    @workflow.signal(name=RESUME_SIGNAL)
    async def resume(self, req: ResumeRequest | None = None) -> None:
        """Resume a paused crawl; sites waiting on a handoff retry their blocked URLs; a
        crawl that could not start tries again at once."""
        self._retry_start = True
        self._paused = False
        self._publish()
        await self._forward(SiteWorkflow.resume, req or ResumeRequest())

    @workflow.signal
    def site_update(self, update: SiteUpdate) -> None:
        """A site's report (status changes, every few pages)."""
        self._sites[update.site] = update
        self._publish()

    async def _forward(self, signal: Callable[..., Any], *args: Any) -> None:
        wf_id = workflow.info().workflow_id
        for site in sorted(self._running):
            handle = workflow.get_external_workflow_handle_for(
                SiteWorkflow.run, site_workflow_id(wf_id, site))
            try:
                await handle.signal(signal, *args)
            except Exception:  # the site finished meanwhile
                workflow.logger.debug("could not signal %s to %s", signal.__name__, site)

    # -- monitoring --------------------------------------------------------------------

    def _current_status(self) -> LiveStatus:
        if self._status != LiveStatus.RUNNING:
            return self._status
        if self._start_error is not None:
            return LiveStatus.START_FAILED
        if any(u.status == LiveStatus.DATABASE_UNREACHABLE for u in self._sites.values()):
            return LiveStatus.DATABASE_UNREACHABLE
        if any(u.handoff is not None for u in self._sites.values()):
            return LiveStatus.HANDOFF
        if self._paused and self._seeding and any(
                site not in self._sites or self._sites[site].status == LiveStatus.RUNNING
                for site, task in self._running.items() if not task.done()):
            # a site's slices under way still store pages: "paused" once every site says
            # so (a started site that has not reported is running: slicing sites do not
            # report their start; older runs, which explore in batches, keep the old rule)
            return LiveStatus.RUNNING
        return LiveStatus.PAUSED if self._paused else LiveStatus.RUNNING

    def _publish(self) -> None:
        p = self._progress()
        started = workflow.info().start_time
        seconds = (workflow.now() - started).total_seconds()
        details = crawl_markdown(
            self._crawl_id, p.status, p.pages_done, p.pages_failed, p.queued, seconds,
            p.sites, self._ops, thin=p.pages_thin, given_up=p.given_up,
            running=len(self._running) - sum(1 for s in self._running if s in self._sites
                                             and self._sites[s].status
                                             == LiveStatus.COMPLETED))
        if self._start_error is not None:
            details = start_failed_markdown(self._crawl_id, self._start_error)
        workflow.set_current_details(details)
        if self._seeding and self._reported is not None \
                and self._reported[0] == p.status and p.pages_done - self._reported[1] \
                < max(REPORT_EVERY_PAGES, self._reported[1] // PROGRESS_STEP):
            return
        if self._reported != (p.status, p.pages_done):
            self._reported = (p.status, p.pages_done)
            workflow.upsert_search_attributes([CRAWL_STATUS.value_set(p.status),
                                               PAGES_DONE.value_set(p.pages_done)])

    def _progress(self) -> CrawlProgress:
        sites = [self._sites[s] for s in sorted(self._sites)]
        return CrawlProgress(self._crawl_id, self._current_status(), self._paused,
                             sum(u.done for u in sites), sum(u.failed for u in sites),
                             sum(u.redirected for u in sites), sum(u.queued for u in sites),
                             sites, sum(u.thin for u in sites), sum(u.given_up for u in sites),
                             self._start_error)

    @workflow.query
    def progress(self) -> CrawlProgress:
        return self._progress()

    @workflow.query
    def status(self) -> str:
        return str(self._status)

    @workflow.query
    def sites(self) -> list[str]:
        return sorted(set(self._running) | set(self._finished))


def _added(a: SiteResult, b: SiteResult) -> SiteResult:
    """Two passes of a site, counted together."""
    return SiteResult(a.site, a.done + b.done, a.failed + b.failed, a.redirected + b.redirected,
                      a.runs + b.runs, a.thin + b.thin, a.given_up + b.given_up)
