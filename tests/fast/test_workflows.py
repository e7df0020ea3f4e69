"""CrawlWorkflow and SiteWorkflow against fake activities (tests/fast/fakes.py) on the
time-skipping test server: completion, a failed page, a handoff and its resume, cancel,
continue-as-new, and an error no retry can heal."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from temporalio.client import WorkflowFailureError, WorkflowHandle
from temporalio.exceptions import ActivityError, CancelledError, ChildWorkflowError
from temporalio.testing import WorkflowEnvironment
from temporalio.worker import Worker

from tests.fast.fakes import GIVEN_UP, RAISE, THIN, FakeCrawl
from trawl.activities.policies import EXPLORE_MAX_ATTEMPTS
from trawl.model import (
    CrawlInput,
    CrawlProgress,
    CrawlResult,
    CrawlSpec,
    CrawlStatus,
    LiveStatus,
    PageOutcome,
    ResumeRequest,
    SiteInput,
    SiteResult,
    UrlJob,
)
from trawl.workflows.crawl import CrawlWorkflow
from trawl.workflows.site import SiteWorkflow

SITE = "https://docs.example"
DEADLINE_S = 20.0
"""Wall-clock bound of one workflow's run here (time-skipping: a retry's backoff is free)."""


@asynccontextmanager
async def worker(env: WorkflowEnvironment, queue: str, fake: FakeCrawl) -> AsyncIterator[None]:
    async with Worker(env.client, task_queue=queue, workflows=[CrawlWorkflow, SiteWorkflow],
                      activities=fake.all()):
        yield


def spec(*paths: str, **fields: object) -> CrawlSpec:
    return CrawlSpec(seeds=[SITE + p for p in paths], **fields)  # type: ignore[arg-type]


async def start_crawl(env: WorkflowEnvironment, queue: str, crawl_spec: CrawlSpec
                      ) -> WorkflowHandle[CrawlWorkflow, CrawlResult]:
    return await env.client.start_workflow(
        CrawlWorkflow.run, CrawlInput("c1", crawl_spec), id=f"crawl-{queue}", task_queue=queue)


async def wait_for(handle: WorkflowHandle[CrawlWorkflow, CrawlResult], status: LiveStatus
                   ) -> CrawlProgress:
    """Poll the crawl's progress query until it reports ``status``."""
    async def poll() -> CrawlProgress:
        while True:
            progress = await handle.query(CrawlWorkflow.progress)
            if progress.status == status:
                return progress
            await asyncio.sleep(0.1)
    return await asyncio.wait_for(poll(), DEADLINE_S)


async def test_a_crawl_completes(env: WorkflowEnvironment, queue: str) -> None:
    fake = FakeCrawl(links={f"{SITE}/": [f"{SITE}/a", f"{SITE}/b"],
                            f"{SITE}/a": [f"{SITE}/b", f"{SITE}/c"]})
    async with worker(env, queue, fake):
        handle = await start_crawl(env, queue, spec("/"))
        result = await asyncio.wait_for(handle.result(), DEADLINE_S)
        progress = await handle.query(CrawlWorkflow.progress)
    assert result == CrawlResult("c1", CrawlStatus.COMPLETED, pages_done=4, pages_failed=0,
                                 sites=1)
    assert dict(fake.visits) == {f"{SITE}/": 1, f"{SITE}/a": 1, f"{SITE}/b": 1,
                                 f"{SITE}/c": 1}
    assert [f.status for f in fake.finished] == [CrawlStatus.COMPLETED]
    assert progress.status == LiveStatus.COMPLETED
    assert (progress.pages_done, progress.pages_failed) == (4, 0)


async def test_a_page_that_keeps_failing_is_recorded_and_the_crawl_goes_on(
        env: WorkflowEnvironment, queue: str) -> None:
    bad = f"{SITE}/bad"
    fake = FakeCrawl(script={bad: [RAISE]})
    async with worker(env, queue, fake):
        handle = await start_crawl(env, queue, spec("/", "/bad", "/ok"))
        result = await asyncio.wait_for(handle.result(), DEADLINE_S)
    assert (result.status, result.pages_done, result.pages_failed) == (
        CrawlStatus.COMPLETED, 2, 1)
    # the batch handed it back, then the single explore ran out of attempts
    assert fake.visits[bad] == 1 + EXPLORE_MAX_ATTEMPTS
    [failure] = fake.failures
    assert failure.explore.job.url == bad
    assert f"explore of {bad} broke" in failure.message


async def test_thin_pages_and_given_up_urls_are_counted_where_people_look(
        env: WorkflowEnvironment, queue: str) -> None:
    """A crawl whose pages came out thin, or were given up after handoffs, says so in its
    progress (the UI details and `trawl status` read it), not only in the rows."""
    from trawl.workflows.monitor import crawl_markdown

    fake = FakeCrawl(script={f"{SITE}/shell": [THIN], f"{SITE}/shell2": [THIN],
                             f"{SITE}/private": [GIVEN_UP]})
    async with worker(env, queue, fake):
        handle = await start_crawl(env, queue, spec("/", "/shell", "/shell2", "/private"))
        result = await asyncio.wait_for(handle.result(), DEADLINE_S)
        progress = await handle.query(CrawlWorkflow.progress)
    assert (result.pages_done, result.pages_failed) == (3, 1)
    assert (result.pages_thin, result.given_up) == (2, 1)
    assert (progress.pages_thin, progress.given_up) == (2, 1)
    [site] = progress.sites
    assert (site.thin, site.given_up) == (2, 1)
    details = crawl_markdown("c1", progress.status, progress.pages_done, progress.pages_failed,
                             progress.queued, 1.0, progress.sites, thin=progress.pages_thin,
                             given_up=progress.given_up)
    assert "**thin content** 2" in details and "**given up after handoffs** 1" in details
    assert "thin content 2 · given up after handoffs 1" in details  # the site's line


async def test_a_handoff_waits_for_resume_then_retries_the_page(
        env: WorkflowEnvironment, queue: str) -> None:
    login = f"{SITE}/account"
    fake = FakeCrawl(script={login: [PageOutcome.HANDOFF, PageOutcome.DONE]})
    async with worker(env, queue, fake):
        handle = await start_crawl(env, queue, spec("/account"))
        waiting = await wait_for(handle, LiveStatus.HANDOFF)
        [site] = waiting.sites
        assert site.handoff is not None
        assert (site.handoff.url, site.handoff.reason) == (login, "login")
        assert fake.visits[login] == 1 and not fake.resolves
        await handle.signal(CrawlWorkflow.resume, ResumeRequest(note="logged in",
                                                                resumed_by="ann"))
        result = await asyncio.wait_for(handle.result(), DEADLINE_S)
    assert (result.status, result.pages_done, result.pages_failed) == (
        CrawlStatus.COMPLETED, 1, 0)
    assert fake.visits[login] == 2
    [resolve] = fake.resolves
    assert (resolve.site, resolve.resumed_by, resolve.note) == (SITE, "ann", "logged in")


async def test_a_database_outage_holds_the_site_until_resume(
        env: WorkflowEnvironment, queue: str) -> None:
    fake = FakeCrawl(outage_claims=1)
    async with worker(env, queue, fake):
        handle = await start_crawl(env, queue, spec("/"))
        held = await wait_for(handle, LiveStatus.DATABASE_UNREACHABLE)
        assert [s.status for s in held.sites] == [LiveStatus.DATABASE_UNREACHABLE]
        assert len(fake.claims) == 1 and not fake.visits  # not retried, nothing failed
        await handle.signal(CrawlWorkflow.resume, ResumeRequest(resumed_by="ann"))
        result = await asyncio.wait_for(handle.result(), DEADLINE_S)
    assert (result.status, result.pages_done, result.pages_failed) == (
        CrawlStatus.COMPLETED, 1, 0)
    # the slice after resume takes over whatever the held one's claim may have taken
    first, second = fake.slices[:2]
    assert second.reclaim == [first.token]


async def test_cancel_ends_the_crawl_as_cancelled(env: WorkflowEnvironment, queue: str) -> None:
    fake = FakeCrawl(script={f"{SITE}/": [PageOutcome.HANDOFF]})
    async with worker(env, queue, fake):
        handle = await start_crawl(env, queue, spec("/"))
        await wait_for(handle, LiveStatus.HANDOFF)
        await handle.cancel()
        with pytest.raises(WorkflowFailureError) as failed:
            await asyncio.wait_for(handle.result(), DEADLINE_S)
        status = await handle.query(CrawlWorkflow.status)
    assert isinstance(failed.value.cause, CancelledError)
    assert [f.status for f in fake.finished] == [CrawlStatus.CANCELLED]
    assert status == "cancelled"


async def test_continue_as_new_carries_the_site_state(env: WorkflowEnvironment,
                                                      queue: str) -> None:
    # one URL per slice and one slice per run: every page is explored in a run of its own
    fake = FakeCrawl(claim_max=1, slice_max=1,
                     script={f"{SITE}/2": [PageOutcome.REDIRECTED]})
    for n in (1, 2, 3):
        fake._enqueue(UrlJob(f"{SITE}/{n}", 0))
    site_id = f"site-{queue}"
    async with worker(env, queue, fake):
        handle = await env.client.start_workflow(
            SiteWorkflow.run, SiteInput("c1", SITE, spec("/1", activities_per_run=1)),
            id=site_id, task_queue=queue)
        result = await asyncio.wait_for(handle.result(), DEADLINE_S)
        last_run = await handle.describe()
    # counts and the run counter came along through three continue-as-new
    assert result == SiteResult(SITE, done=2, failed=0, redirected=1, runs=4)
    assert last_run.run_id != handle.first_execution_run_id
    # so did the claim counter: every claim token is new
    assert [c.token for c in fake.claims] == [f"{site_id}:{n}" for n in (1, 2, 3, 4)]


async def test_an_error_no_retry_heals_fails_the_crawl_at_once(
        env: WorkflowEnvironment, queue: str) -> None:
    fake = FakeCrawl(crawl_exists=False)
    async with worker(env, queue, fake):
        handle = await start_crawl(env, queue, spec("/"))
        with pytest.raises(WorkflowFailureError) as failed:
            await asyncio.wait_for(handle.result(), DEADLINE_S)
    assert len(fake.claims) == 1  # not retried
    child = failed.value.cause
    assert isinstance(child, ChildWorkflowError)
    assert isinstance(child.cause, ActivityError)
    assert child.cause.cause is not None
    assert "no crawl c1" in str(child.cause.cause)
