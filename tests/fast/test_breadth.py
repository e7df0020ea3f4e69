"""Crawls of many sites, against fake activities (tests/fast/fakes.py) on the time-skipping
test server: every start site seeds itself, a crawl that cannot start says why, explore
slices (handoffs, a slice that breaks, two slices sharing a site's load slots, a pause that
waits for the slices under way), and the crawl's history per site."""

from __future__ import annotations

import asyncio
from typing import Any

from temporalio import activity
from temporalio.api.enums.v1 import EventType
from temporalio.api.sdk.v1 import WorkflowMetadata
from temporalio.testing import WorkflowEnvironment

from tests.fast.fakes import BREAKS_SLICE, DATA, DATA_FAILED, FakeCrawl
from tests.fast.test_workflows import DEADLINE_S, SITE, spec, start_crawl, wait_for, worker
from trawl.activities.policies import EXPLORE_MAX_ATTEMPTS
from trawl.model import (
    CrawlResult,
    CrawlSpec,
    CrawlStatus,
    LiveStatus,
    PageOutcome,
    ResumeRequest,
    SiteUpdate,
    SliceInput,
    SliceOutput,
    UrlJob,
)
from trawl.workflows.crawl import SEEDS_INLINE, CrawlWorkflow, site_workflow_id
from trawl.workflows.monitor import SITES_LISTED, crawl_markdown
from trawl.workflows.site import SiteWorkflow


def sites(n: int) -> list[str]:
    return [f"https://site{i}.example" for i in range(n)]


async def test_every_start_site_reads_its_own_sitemaps_and_carries_its_own_seeds(
        env: WorkflowEnvironment, queue: str) -> None:
    names = sites(SEEDS_INLINE + 22)
    fake = FakeCrawl(links={f"{s}/": [f"{s}/a"] for s in names})
    async with worker(env, queue, fake):
        handle = await start_crawl(env, queue, CrawlSpec(seeds=[s + "/" for s in names]))
        result = await asyncio.wait_for(handle.result(), DEADLINE_S)
    assert (result.status, result.pages_done, result.sites) == (
        CrawlStatus.COMPLETED, 2 * len(names), len(names))
    # the start activity reads no sitemaps: each site's first slice reads its own, once
    assert [s.sitemaps for s in fake.starts] == [False]
    assert sorted(s.site for s in fake.seeds) == sorted(names)
    assert all(s.seed == (s in fake.seeds) for s in fake.slices)
    # no input carries the crawl's every start URL: the activities read them from the row
    for inp in [*fake.seeds, *fake.slices]:
        assert inp.spec_in_db and inp.spec.seeds == [inp.site + "/"]


async def test_a_crawl_without_sitemaps_seeds_nothing_and_few_sites_travel_whole(
        env: WorkflowEnvironment, queue: str) -> None:
    fake = FakeCrawl()
    async with worker(env, queue, fake):
        handle = await start_crawl(env, queue, spec("/", sitemap="skip"))
        await asyncio.wait_for(handle.result(), DEADLINE_S)
    assert fake.seeds == []
    assert [(s.spec_in_db, s.spec.seeds) for s in fake.slices] == [(False, [SITE + "/"])]


async def test_a_crawl_that_cannot_start_says_why_and_starts_on_resume(
        env: WorkflowEnvironment, queue: str) -> None:
    fake = FakeCrawl(start_failures=2)
    async with worker(env, queue, fake):
        handle = await start_crawl(env, queue, spec("/"))
        failed = await wait_for(handle, LiveStatus.START_FAILED)
        assert failed.start_error is not None
        assert "the start activity timed out" in failed.start_error
        assert "trawl resume c1" in failed.start_error
        assert len(fake.starts) == 2  # both attempts of the first try, then it waits
        await handle.signal(CrawlWorkflow.resume, ResumeRequest(resumed_by="ann"))
        result = await asyncio.wait_for(handle.result(), DEADLINE_S)
        progress = await handle.query(CrawlWorkflow.progress)
    assert (result.status, result.pages_done) == (CrawlStatus.COMPLETED, 1)
    assert progress.start_error is None and progress.status == LiveStatus.COMPLETED
    assert len(fake.starts) == 3


async def test_a_crawl_that_cannot_start_tries_again_on_its_own(
        env: WorkflowEnvironment, queue: str) -> None:
    fake = FakeCrawl(start_failures=5)  # two tries of two attempts, then it starts
    async with worker(env, queue, fake):
        handle = await start_crawl(env, queue, spec("/"))
        result = await asyncio.wait_for(handle.result(), DEADLINE_S)  # time skips
    assert (result.status, result.pages_done) == (CrawlStatus.COMPLETED, 1)
    assert len(fake.starts) == 6


async def test_a_handoff_stops_the_slice_and_its_claimed_urls_wait_for_resume(
        env: WorkflowEnvironment, queue: str) -> None:
    wall = f"{SITE}/a"
    fake = FakeCrawl(script={wall: [PageOutcome.HANDOFF, PageOutcome.DONE]},
                     links={f"{SITE}/": [wall, f"{SITE}/b", f"{SITE}/c"]})
    async with worker(env, queue, fake):
        handle = await start_crawl(env, queue, spec("/"))
        waiting = await wait_for(handle, LiveStatus.HANDOFF)
        assert waiting.sites[0].handoff is not None
        # what the slice claimed but had not started waits (claimed) for the resume
        assert fake.visits[f"{SITE}/b"] == 0 and fake.visits[f"{SITE}/c"] == 0
        await handle.signal(CrawlWorkflow.resume, ResumeRequest(resumed_by="ann"))
        result = await asyncio.wait_for(handle.result(), DEADLINE_S)
    assert (result.status, result.pages_done, result.pages_failed) == (
        CrawlStatus.COMPLETED, 4, 0)
    assert dict(fake.visits) == {f"{SITE}/": 1, wall: 2, f"{SITE}/b": 1, f"{SITE}/c": 1}
    after = fake.slices[-1]
    assert [job.url for job in after.jobs] == [f"{SITE}/b", f"{SITE}/c"]


async def test_a_page_that_breaks_every_slice_is_explored_alone(
        env: WorkflowEnvironment, queue: str) -> None:
    bad = f"{SITE}/bad"
    fake = FakeCrawl(script={bad: [BREAKS_SLICE]},
                     links={f"{SITE}/": [bad, f"{SITE}/ok"]})
    async with worker(env, queue, fake):
        handle = await start_crawl(env, queue, spec("/"))
        result = await asyncio.wait_for(handle.result(), DEADLINE_S)
    assert (result.status, result.pages_done, result.pages_failed) == (
        CrawlStatus.COMPLETED, 3, 0)
    # the slice failed on every attempt; its URLs were then explored one by one
    assert fake.visits[bad] == EXPLORE_MAX_ATTEMPTS + 1
    assert fake.by_token == {} or all(not jobs for jobs in fake.by_token.values())


class SharedSite(FakeCrawl):
    """Records how many load slots the slices running at once hold together."""

    running: int = 0
    most_loads: int = 0
    held_loads: int = 0

    @activity.defn(name="explore_slice")
    async def explore_slice(self, inp: SliceInput) -> SliceOutput:
        self.held_loads += inp.loads
        self.most_loads = max(self.most_loads, self.held_loads)
        try:
            await asyncio.sleep(0.05)  # overlap with the site's other slice, if any
            return await FakeCrawl.explore_slice(self, inp)
        finally:
            self.held_loads -= inp.loads


async def test_a_large_site_runs_two_slices_within_its_concurrency(
        env: WorkflowEnvironment, queue: str) -> None:
    fake = SharedSite(slice_max=40)
    for n in range(400):
        fake._enqueue(UrlJob(f"{SITE}/{n}", 1))
    async with worker(env, queue, fake):
        handle = await start_crawl(env, queue, spec("/", concurrency=4))
        result = await asyncio.wait_for(handle.result(), DEADLINE_S)
    assert result.pages_done == 401
    assert {s.loads for s in fake.slices} >= {2}  # the queue was long: two slices, 2 each
    assert fake.most_loads <= 4
    assert {s.window for s in fake.slices} == {32}


async def test_many_sites_cost_the_crawl_a_few_events_each(
        env: WorkflowEnvironment, queue: str) -> None:
    """No site reports its start or its end to the crawl (the crawl started it and reads
    its result), so the crawl's history grows by the child's own events only."""
    names = sites(60)
    fake = FakeCrawl(links={f"{s}/": [f"{s}/a", f"{s}/b"] for s in names})
    async with worker(env, queue, fake):
        handle = await start_crawl(env, queue, CrawlSpec(seeds=[s + "/" for s in names]))
        result: CrawlResult = await asyncio.wait_for(handle.result(), DEADLINE_S)
        history = await handle.fetch_history()
        progress = await handle.query(CrawlWorkflow.progress)
    assert result.pages_done == 3 * len(names)
    signals = [e for e in history.events
               if e.event_type == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED]
    assert signals == []
    assert len(history.events) <= 7 * len(names) + 40
    # the crawl's progress counts every site from its result
    assert (progress.pages_done, len(progress.sites)) == (3 * len(names), len(names))


def test_a_crawl_of_many_sites_lists_those_that_need_a_look_first() -> None:
    updates: list[Any] = [SiteUpdate(s, f"wf/{s}", LiveStatus.RUNNING, 1, 0, 0, 5)
                          for s in sites(SITES_LISTED + 30)]
    updates[-1] = SiteUpdate(updates[-1].site, "wf/x", LiveStatus.HANDOFF, 0, 0, 0, 1)
    details = crawl_markdown("c1", "handoff", 100, 0, 50, 10.0, updates, running=70)
    site_lines = [line for line in details.splitlines() if line.startswith("- https://")]
    assert len(site_lines) == SITES_LISTED
    assert any(updates[-1].site in line and "handoff" in line for line in site_lines)
    assert "… and 30 more" in details and "**sites running** 70" in details


async def test_a_site_whose_sitemaps_cannot_be_read_is_crawled_from_its_start_url(
        env: WorkflowEnvironment, queue: str) -> None:
    fake = FakeCrawl(links={f"{SITE}/": [f"{SITE}/a"]},
                     sitemap_error="https://docs.example/sitemap.xml: HTTP 500")
    async with worker(env, queue, fake):
        handle = await start_crawl(env, queue, spec("/"))
        result = await asyncio.wait_for(handle.result(), DEADLINE_S)
        site = env.client.get_workflow_handle(f"crawl-{queue}/https-docs.example")
        progress = await site.query(SiteWorkflow.progress)
    assert (result.status, result.pages_done) == (CrawlStatus.COMPLETED, 2)
    assert len(fake.seeds) == 1  # read once, by the first slice, which went on
    assert "sitemaps not read" in progress.last_event
    assert "sitemap.xml: HTTP 500" in progress.last_event


async def test_a_slice_s_pages_with_data_and_failed_extractions_show_in_the_site_details(
        env: WorkflowEnvironment, queue: str) -> None:
    """``--extract``: what the slices counted reaches the site's details (the UI), as the
    explore batches' counts did."""
    fake = FakeCrawl(script={f"{SITE}/a": [DATA], f"{SITE}/b": [DATA],
                             f"{SITE}/c": [DATA_FAILED],
                             f"{SITE}/z": [PageOutcome.HANDOFF, PageOutcome.DONE]})
    async with worker(env, queue, fake):
        handle = await start_crawl(env, queue, spec(
            "/a", "/b", "/c", "/z", extract={"fields": {"plan": "h1"}}))
        await wait_for(handle, LiveStatus.HANDOFF)  # the site waits: its details stay
        meta = await env.client.get_workflow_handle(
            site_workflow_id(handle.id, SITE)).query("__temporal_workflow_metadata",
                                                     result_type=WorkflowMetadata)
        await handle.signal(CrawlWorkflow.resume, ResumeRequest(resumed_by="ann"))
        result = await asyncio.wait_for(handle.result(), DEADLINE_S)
    assert "**with data** 2 · **extraction failed** 1" in meta.current_details
    assert result.pages_done == 4


class HeldSlice(FakeCrawl):
    """A slice that stays under way (storing pages, as far as the site knows) until let go."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.started = asyncio.Event()
        self.let_go = asyncio.Event()

    @activity.defn(name="explore_slice")
    async def explore_slice(self, inp: SliceInput) -> SliceOutput:
        if not self.let_go.is_set():
            self.started.set()
            await self.let_go.wait()
        return await FakeCrawl.explore_slice(self, inp)


async def test_a_paused_crawl_says_paused_only_once_its_slices_have_ended(
        env: WorkflowEnvironment, queue: str) -> None:
    fake = HeldSlice(links={f"{SITE}/": [f"{SITE}/a", f"{SITE}/b"]})
    async with worker(env, queue, fake):
        with env.auto_time_skipping_disabled():
            handle = await start_crawl(env, queue, spec("/"))
            await asyncio.wait_for(fake.started.wait(), DEADLINE_S)
            await handle.signal(CrawlWorkflow.pause)
            await asyncio.sleep(0.5)  # the signal reached the crawl and its site
            under_way = await handle.query(CrawlWorkflow.progress)
            assert under_way.paused and under_way.status == LiveStatus.RUNNING, (
                "a slice under way still stores pages: not paused yet")
            fake.let_go.set()
            paused = await wait_for(handle, LiveStatus.PAUSED)
            await asyncio.sleep(0.5)
            assert len(fake.slices) == 1, "no slice starts while paused"
            assert (await handle.query(CrawlWorkflow.progress)).pages_done == paused.pages_done
            await handle.signal(CrawlWorkflow.resume, ResumeRequest(resumed_by="ann"))
        result = await asyncio.wait_for(handle.result(), DEADLINE_S)
    assert (result.status, result.pages_done) == (CrawlStatus.COMPLETED, 3)
