"""CrawlWorkflow: one crawl job; fans out one child SiteWorkflow per site.

Sites appear as the frontier grows (a seed per host, or subdomains found while crawling).
The parent asks the database which sites still have queued URLs whenever its children
are all done, so a site discovered late — even by a retried activity — is never missed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from temporalio import workflow
from temporalio.workflow import ParentClosePolicy

from trawl.activities.policies import STORE_ACTIVITY_TIMEOUT, STORE_RETRY
from trawl.workflows.events import EventsWorkflow, events_workflow_id
from trawl.workflows.monitor import CRAWL_STATUS, PAGES_DONE, crawl_markdown
from trawl.workflows.site import SiteWorkflow

with workflow.unsafe.imports_passed_through():
    from trawl.activities.crawl import CrawlActivities
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

    @workflow.run
    async def run(self, inp: CrawlInput) -> CrawlResult:
        wf_id = workflow.info().workflow_id
        self._publish()
        try:
            sites = await workflow.execute_activity_method(
                CrawlActivities.start_crawl, StartCrawlInput(inp.crawl_id, wf_id, inp.spec),
                start_to_close_timeout=STORE_ACTIVITY_TIMEOUT, retry_policy=STORE_RETRY)
            if inp.spec.webhook:
                await self._start_webhook(inp)
            while sites:
                for site in sites:
                    if site not in self._running:
                        self._running[site] = asyncio.ensure_future(self._run_site(inp, site))
                await workflow.wait(list(self._running.values()))
                for site, task in list(self._running.items()):
                    self._finished[site] = task.result()
                # anything queued for a site whose workflow already ended? run it again
                self._running.clear()
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

    async def _run_site(self, inp: CrawlInput, site: str) -> SiteResult:
        # a closed child's id may be reused (the default reuse policy), so a site that
        # needs a second pass gets the same readable id
        return await workflow.execute_child_workflow(
            SiteWorkflow.run,
            SiteInput(inp.crawl_id, site, inp.spec, SiteState(paused=self._paused), inp.ops),
            id=site_workflow_id(workflow.info().workflow_id, site),
            parent_close_policy=ParentClosePolicy.REQUEST_CANCEL,
            static_summary=f"site {site}",
        )

    # -- control ----------------------------------------------------------------------

    @workflow.signal
    async def pause(self) -> None:
        """Pause every site (pages in flight finish); ``resume`` carries on."""
        self._paused = True
        self._publish()
        await self._forward(SiteWorkflow.pause)

    @workflow.signal(name=RESUME_SIGNAL)
    async def resume(self, req: ResumeRequest | None = None) -> None:
        """Resume a paused crawl; sites waiting on a handoff retry their blocked URLs."""
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
        if any(u.status == LiveStatus.DATABASE_UNREACHABLE for u in self._sites.values()):
            return LiveStatus.DATABASE_UNREACHABLE
        if any(u.handoff is not None for u in self._sites.values()):
            return LiveStatus.HANDOFF
        return LiveStatus.PAUSED if self._paused else LiveStatus.RUNNING

    def _publish(self) -> None:
        p = self._progress()
        started = workflow.info().start_time
        seconds = (workflow.now() - started).total_seconds()
        workflow.set_current_details(crawl_markdown(
            self._crawl_id, p.status, p.pages_done, p.pages_failed, p.queued, seconds,
            p.sites, self._ops, thin=p.pages_thin, given_up=p.given_up))
        if self._reported != (p.status, p.pages_done):
            self._reported = (p.status, p.pages_done)
            workflow.upsert_search_attributes([CRAWL_STATUS.value_set(p.status),
                                               PAGES_DONE.value_set(p.pages_done)])

    def _progress(self) -> CrawlProgress:
        sites = [self._sites[s] for s in sorted(self._sites)]
        return CrawlProgress(self._crawl_id, self._current_status(), self._paused,
                             sum(u.done for u in sites), sum(u.failed for u in sites),
                             sum(u.redirected for u in sites), sum(u.queued for u in sites),
                             sites, sum(u.thin for u in sites), sum(u.given_up for u in sites))

    @workflow.query
    def progress(self) -> CrawlProgress:
        return self._progress()

    @workflow.query
    def status(self) -> str:
        return str(self._status)

    @workflow.query
    def sites(self) -> list[str]:
        return sorted(set(self._running) | set(self._finished))
