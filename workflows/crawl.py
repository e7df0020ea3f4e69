"""CrawlWorkflow: one crawl job; fans out one child SiteWorkflow per site.

Sites appear as the frontier grows (a seed per host, or subdomains found while crawling).
The parent asks the database which sites still have queued URLs whenever its children
are all done, so a site discovered late — even by a retried activity — is never missed.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from urllib.parse import urlsplit

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.workflow import ParentClosePolicy

from workflows.site import SiteWorkflow
from workflows.types import CrawlInput, CrawlResult, SiteInput, SiteResult

with workflow.unsafe.imports_passed_through():
    from trawl.crawl.types import FinishCrawlInput, PendingSitesInput, StartCrawlInput

ACTIVITY_TIMEOUT = timedelta(seconds=60)
STORE_RETRY = RetryPolicy(initial_interval=timedelta(seconds=1),
                          maximum_interval=timedelta(seconds=30))


def site_workflow_id(crawl_workflow_id: str, site: str) -> str:
    parts = urlsplit(site)
    return f"{crawl_workflow_id}/{parts.scheme}-{parts.netloc.replace(':', '-')}"


@workflow.defn
class CrawlWorkflow:
    def __init__(self) -> None:
        self._running: dict[str, asyncio.Task[SiteResult]] = {}
        self._finished: dict[str, SiteResult] = {}
        self._status = "running"

    @workflow.run
    async def run(self, inp: CrawlInput) -> CrawlResult:
        wf_id = workflow.info().workflow_id
        try:
            sites: list[str] = await workflow.execute_activity(
                "start_crawl", StartCrawlInput(inp.crawl_id, wf_id, inp.spec),
                result_type=list[str], start_to_close_timeout=ACTIVITY_TIMEOUT,
                retry_policy=STORE_RETRY)
            while sites:
                for site in sites:
                    if site not in self._running:
                        self._running[site] = asyncio.ensure_future(self._run_site(inp, site))
                await workflow.wait(list(self._running.values()))
                for site, task in list(self._running.items()):
                    self._finished[site] = task.result()
                # anything queued for a site whose workflow already ended? run it again
                self._running.clear()
                sites = await workflow.execute_activity(
                    "pending_sites", PendingSitesInput(inp.crawl_id, inp.spec.max_pages),
                    result_type=list[str], start_to_close_timeout=ACTIVITY_TIMEOUT,
                    retry_policy=STORE_RETRY)
        except asyncio.CancelledError:
            self._status = "cancelled"
            await workflow.execute_activity(
                "finish_crawl", FinishCrawlInput(inp.crawl_id, "cancelled"),
                start_to_close_timeout=ACTIVITY_TIMEOUT, retry_policy=STORE_RETRY,
                cancellation_type=workflow.ActivityCancellationType.ABANDON)
            raise
        self._status = "completed"
        await workflow.execute_activity(
            "finish_crawl", FinishCrawlInput(inp.crawl_id, "completed"),
            start_to_close_timeout=ACTIVITY_TIMEOUT, retry_policy=STORE_RETRY)
        done = sum(r.done for r in self._finished.values())
        failed = sum(r.failed for r in self._finished.values())
        return CrawlResult(inp.crawl_id, "completed", done, failed, len(self._finished))

    async def _run_site(self, inp: CrawlInput, site: str) -> SiteResult:
        # a closed child's id may be reused (the default reuse policy), so a site that
        # needs a second pass gets the same readable id
        return await workflow.execute_child_workflow(
            SiteWorkflow.run,
            SiteInput(inp.crawl_id, site, inp.spec),
            id=site_workflow_id(workflow.info().workflow_id, site),
            parent_close_policy=ParentClosePolicy.REQUEST_CANCEL,
            static_summary=f"site {site}",
        )

    @workflow.query
    def status(self) -> str:
        return self._status

    @workflow.query
    def sites(self) -> list[str]:
        return sorted(set(self._running) | set(self._finished))
