"""Durability: a worker killed with SIGKILL mid-crawl loses nothing and duplicates nothing;
continue-as-new keeps history bounded; the page budget holds."""

from __future__ import annotations

import asyncio
import math
import signal
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client

from tests.conftest import scalar_rows
from tests.crawlkit import new_crawl_id, run_crawl
from tests.gensite import binary_tree_site
from tests.sitesrv import Rules, serve
from tests.workerkit import kill_group, start_worker, wait_for_activity_pollers
from trawl.model import CrawlInput, CrawlSpec
from trawl.workflows.crawl import CrawlWorkflow

SITE_PAGES = 60
KILL_AFTER_PAGES = 15


async def page_set(engine: AsyncEngine, crawl_id: str) -> set[str]:
    rows = await scalar_rows(engine, "select url from pages where crawl_id = :c", c=crawl_id)
    return {r[0] for r in rows}


@pytest.mark.slow
async def test_kill_9_worker_mid_crawl(temporal_client: Client, temporal_address: str,
                                       database_url: str, engine: AsyncEngine,
                                       task_queue: str, tmp_path: Path) -> None:
    expected_paths = binary_tree_site(tmp_path / "site", SITE_PAGES)
    rules = Rules(slow={p if p != "/" else "/index.html": 0.3 for p in expected_paths})
    with serve(tmp_path / "site", rules) as site:
        spec = CrawlSpec(seeds=[site.base + "/"], concurrency=2, render="browser",
                         heartbeat_timeout_s=5).validated()
        # undisturbed reference crawl
        ref_id, _ = await run_crawl(temporal_client, temporal_address, database_url,
                                    task_queue + "-ref", spec)
        expected = await page_set(engine, ref_id)
        assert expected == {site.base + p for p in expected_paths}

        crawl_id = new_crawl_id()
        log = tmp_path / "worker.log"
        first = start_worker(temporal_address, database_url, task_queue, log)
        second = None
        try:
            handle = await temporal_client.start_workflow(
                CrawlWorkflow.run, CrawlInput(crawl_id, spec), id=f"crawl-kill-{crawl_id}",
                task_queue=task_queue, execution_timeout=timedelta(minutes=10))
            for _ in range(600):
                if len(await page_set(engine, crawl_id)) >= KILL_AFTER_PAGES:
                    break
                await asyncio.sleep(0.1)
            before_kill = len(await page_set(engine, crawl_id))
            assert KILL_AFTER_PAGES <= before_kill < SITE_PAGES, "kill must land mid-crawl"
            kill_group(first)  # SIGKILL: no cleanup, in-flight activities lost
            second = start_worker(temporal_address, database_url, task_queue, log)
            result = await asyncio.wait_for(handle.result(), timeout=300)
        finally:
            for proc in (first, second):
                if proc is not None and proc.poll() is None:
                    kill_group(proc, signal.SIGTERM)

    assert result.status == "completed"
    assert await page_set(engine, crawl_id) == expected
    for table, key in (("pages", "url"), ("crawl_urls", "url"),
                       ("links", "from_url, position")):
        dupes = await scalar_rows(engine, f"select {key}, count(*) from {table} "
                                          f"where crawl_id = :c group by {key} "
                                          "having count(*) > 1", c=crawl_id)
        assert dupes == [], f"duplicate rows in {table}"
    ref_links = await scalar_rows(engine, "select from_url, to_url from links where "
                                          "crawl_id = :c order by 1, 2", c=ref_id)
    links = await scalar_rows(engine, "select from_url, to_url from links where "
                                      "crawl_id = :c order by 1, 2", c=crawl_id)
    assert links == ref_links
    leftover = await scalar_rows(engine, "select status, count(*) from crawl_urls where "
                                         "crawl_id = :c and status not in ('done') "
                                         "group by status", c=crawl_id)
    assert leftover == []


async def test_continue_as_new_bounds_history(temporal_client: Client, temporal_address: str,
                                              database_url: str, engine: AsyncEngine,
                                              task_queue: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import trawl.activities.slices

    monkeypatch.setattr(trawl.activities.slices, "SLICE_MAX_URLS", 5)  # small slices
    paths = binary_tree_site(tmp_path / "site", 30)
    with serve(tmp_path / "site") as site:
        spec = CrawlSpec(seeds=[site.base + "/"], concurrency=3, render="http",
                         activities_per_run=2)
        crawl_id, result = await run_crawl(temporal_client, temporal_address, database_url,
                                           task_queue, spec)
    assert result.pages_done == 30
    assert await page_set(engine, crawl_id) == {site.base + p for p in paths}
    site_wf = f"crawl-test-{crawl_id}/http-{site.base.split('//')[1].replace(':', '-')}"
    runs = explores = 0
    async for wf in temporal_client.list_workflows(f"WorkflowId = '{site_wf}'"):
        runs += 1
        history = await temporal_client.get_workflow_handle(wf.id, run_id=wf.run_id) \
            .fetch_history()
        scheduled = [e for e in history.events
                     if e.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED
                     and e.activity_task_scheduled_event_attributes.activity_type.name
                     in ("explore", "explore_batch", "explore_slice")]
        assert len(scheduled) <= 2
        explores += len(scheduled)
    # a slice claims at most 5 URLs here: 30 pages take at least 6 slices, 2 per run
    assert explores >= math.ceil(30 / 5)
    assert runs >= math.ceil(explores / 2) >= 3


async def test_max_pages_is_a_hard_budget(temporal_client: Client, temporal_address: str,
                                          database_url: str, engine: AsyncEngine,
                                          task_queue: str, tmp_path: Path) -> None:
    binary_tree_site(tmp_path / "site", 40)
    with serve(tmp_path / "site") as site:
        spec = CrawlSpec(seeds=[site.base + "/"], concurrency=4, render="http", max_pages=7)
        crawl_id, result = await asyncio.wait_for(run_crawl(
            temporal_client, temporal_address, database_url, task_queue, spec), 120)
    assert result.status == "completed"
    assert len(await page_set(engine, crawl_id)) == 7
    queued = await scalar_rows(engine, "select count(*) from crawl_urls where crawl_id = :c "
                                       "and status = 'queued'", c=crawl_id)
    assert queued[0][0] > 0  # the limit, not the site, ended the crawl


async def test_a_page_that_always_fails_is_recorded_and_the_crawl_goes_on(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, monkeypatch: pytest.MonkeyPatch) -> None:

    import trawl.activities.crawl
    import trawl.activities.slices

    original = trawl.activities.crawl.explore

    async def broken_for_page_a(deps, inp, heartbeat, loads=None):  # type: ignore[no-untyped-def]
        if inp.job.url.endswith("/a.html"):
            raise RuntimeError("simulated bug while exploring page A")
        return await original(deps, inp, heartbeat, loads)

    # slices explore, and a URL their explore raised on is explored alone
    monkeypatch.setattr(trawl.activities.slices, "explore", broken_for_page_a)
    monkeypatch.setattr(trawl.activities.crawl, "explore", broken_for_page_a)
    from tests.conftest import SITES
    from tests.test_crawl_site import RULES

    with serve(SITES / "basic", RULES) as site:
        crawl_id, result = await asyncio.wait_for(run_crawl(
            temporal_client, temporal_address, database_url, task_queue,
            CrawlSpec(seeds=[site.base + "/"], render="http")), 180)
    assert result.status == "completed"
    rows = dict((r[0], r[1:]) for r in await scalar_rows(
        engine, "select url, error_class, error_message from pages where crawl_id = :c",
        c=crawl_id))
    assert rows[site.base + "/a.html"][0] == "internal_error"
    assert "simulated bug" in rows[site.base + "/a.html"][1]
    assert rows[site.base + "/b/c.html"] == (None, None)  # reached through /b/ instead
    status = await scalar_rows(engine, "select status from crawl_urls where crawl_id = :c "
                                       "and url = :u", c=crawl_id, u=site.base + "/a.html")
    assert status == [("failed",)]


async def test_two_workers_share_a_crawl(temporal_client: Client, temporal_address: str,
                                         database_url: str, engine: AsyncEngine,
                                         task_queue: str, tmp_path: Path) -> None:
    """Two worker processes on one task queue explore one crawl between them: every page
    once, each worker some of them (``pages.worker`` names who explored it). Three sites:
    a small site's pages are one explore slice, which one worker runs."""
    expected_paths = binary_tree_site(tmp_path / "site", SITE_PAGES // 3)
    # slow pages keep several explores in flight, so both workers get some
    rules = Rules(slow={p if p != "/" else "/index.html": 0.2 for p in expected_paths})
    log = tmp_path / "workers.log"
    # one activity at a time each: with several in flight, both workers must take some
    workers = [start_worker(temporal_address, database_url, task_queue, log,
                            TRAWL_MAX_CONCURRENT_ACTIVITIES="1") for _ in range(2)]
    try:
        await wait_for_activity_pollers(temporal_client, task_queue, 2)
        with serve(tmp_path / "site", rules) as a, serve(tmp_path / "site", rules) as b, \
                serve(tmp_path / "site", rules) as c:
            crawl_id = new_crawl_id()
            spec = CrawlSpec(seeds=[a.base + "/", b.base + "/", c.base + "/"],
                             concurrency=4, render="http").validated()
            result = await temporal_client.execute_workflow(
                CrawlWorkflow.run, CrawlInput(crawl_id, spec), id=f"crawl-two-{crawl_id}",
                task_queue=task_queue, execution_timeout=timedelta(minutes=5))
    finally:
        for proc in workers:
            kill_group(proc, signal.SIGTERM)

    assert result.status == "completed"
    assert await page_set(engine, crawl_id) == {site.base + p for site in (a, b, c)
                                                for p in expected_paths}
    dupes = await scalar_rows(engine, "select url from pages where crawl_id = :c "
                                      "group by url having count(*) > 1", c=crawl_id)
    assert dupes == []
    per_worker = dict(await scalar_rows(engine, "select worker, count(*) from pages where "
                                                "crawl_id = :c group by worker", c=crawl_id))
    pids = {str(proc.pid) for proc in workers}
    assert {w.rsplit(":", 1)[1] for w in per_worker} == pids, per_worker
    assert all(n >= 1 for n in per_worker.values()), per_worker
