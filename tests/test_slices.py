"""Explore slices against real parts: a slice whose time is up hands its unstarted pages to
the next one (every page fetched once), and two workers sharing many sites keep each host
to ``--concurrency`` requests at once (sites served by bench.many_sites, which counts them).
"""

from __future__ import annotations

import asyncio
import signal
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client

from bench.many_sites import serve_sites
from tests.conftest import scalar_rows
from tests.crawlkit import new_crawl_id, run_crawl
from tests.gensite import binary_tree_site
from tests.sitesrv import Rules, serve
from tests.workerkit import kill_group, start_worker, wait_for_activity_pollers
from trawl.model import CrawlInput, CrawlSpec
from trawl.workflows.crawl import CrawlWorkflow

PAGES = 30


async def test_a_slice_whose_time_is_up_hands_its_unstarted_pages_on(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    import trawl.activities.slices

    monkeypatch.setattr(trawl.activities.slices, "SLICE_MAX_SECONDS", 1.0)
    paths = binary_tree_site(tmp_path / "site", PAGES)
    rules = Rules(slow={p if p != "/" else "/index.html": 0.3 for p in paths})
    with serve(tmp_path / "site", rules) as site:
        spec = CrawlSpec(seeds=[site.base + "/"], concurrency=2, render="http")
        crawl_id, result = await run_crawl(temporal_client, temporal_address, database_url,
                                           task_queue, spec)
    assert (result.status, result.pages_done, result.pages_failed) == ("completed", PAGES, 0)
    fetched = {path: n for path, n in rules.hits.items() if path in paths}
    assert set(fetched) == paths
    assert set(fetched.values()) == {1}  # none fetched twice
    site_wf = f"crawl-test-{crawl_id}/http-{site.base.split('//')[1].replace(':', '-')}"
    history = await temporal_client.get_workflow_handle(site_wf).fetch_history()
    slices = [e for e in history.events
              if e.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED
              and e.activity_task_scheduled_event_attributes.activity_type.name
              == "explore_slice"]
    assert len(slices) >= 3  # 30 pages at 2 x 0.3 s take ~5 s: slices of 1 s
    leftover = await scalar_rows(engine, "select status, count(*) from crawl_urls where "
                                         "crawl_id = :c and status <> 'done' group by status",
                                 c=crawl_id)
    assert leftover == []


async def test_two_workers_keep_each_host_to_its_concurrency(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path) -> None:
    """Before slices, each worker held a site to ``--concurrency`` loads: two workers
    sent twice as many requests at once to one host."""
    log = tmp_path / "workers.log"
    # three activity slots each: six sites' slices start together, so whichever worker
    # polls first cannot hold them all and the second must take some (with the default
    # 32 slots one worker once took all 240 pages, and the test showed nothing about two)
    workers = [start_worker(temporal_address, database_url, task_queue, log,
                            TRAWL_MAX_CONCURRENT_ACTIVITIES="3")
               for _ in range(2)]
    try:
        await wait_for_activity_pollers(temporal_client, task_queue, 2)
        with serve_sites(6, 40, 0.1) as sites:
            crawl_id = new_crawl_id()
            spec = CrawlSpec(seeds=sites.urls, concurrency=2, render="http").validated()
            result = await temporal_client.execute_workflow(
                CrawlWorkflow.run, CrawlInput(crawl_id, spec), id=f"crawl-two-{crawl_id}",
                task_queue=task_queue, execution_timeout=timedelta(minutes=5))
            seen = sites.stop()
    finally:
        for proc in workers:
            kill_group(proc, signal.SIGTERM)
    assert (result.status, result.pages_done) == ("completed", 6 * 40)
    assert (seen.pages_fetched_twice, seen.pages_never_fetched) == (0, 0)
    assert seen.max_pages_in_flight <= 2, seen.by_host_max
    per_worker = await scalar_rows(engine, "select worker, count(*) from pages where "
                                           "crawl_id = :c group by worker", c=crawl_id)
    assert len(per_worker) == 2, per_worker  # both took some


async def test_a_worker_killed_mid_slice_loses_and_repeats_nothing(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path) -> None:
    """kill -9 while a slice explores: the slice is retried elsewhere, finds what its first
    attempt claimed and did not record under its token, and counts what it recorded."""
    paths = binary_tree_site(tmp_path / "site", PAGES)
    rules = Rules(slow={p if p != "/" else "/index.html": 0.3 for p in paths})
    log = tmp_path / "workers.log"
    first = start_worker(temporal_address, database_url, task_queue, log)
    second = None
    try:
        await wait_for_activity_pollers(temporal_client, task_queue, 1)
        with serve(tmp_path / "site", rules) as site:
            crawl_id = new_crawl_id()
            spec = CrawlSpec(seeds=[site.base + "/"], concurrency=2, render="http",
                             heartbeat_timeout_s=5).validated()
            handle = await temporal_client.start_workflow(
                CrawlWorkflow.run, CrawlInput(crawl_id, spec), id=f"crawl-kill-{crawl_id}",
                task_queue=task_queue, execution_timeout=timedelta(minutes=5))
            for _ in range(600):
                stored = await scalar_rows(engine, "select count(*) from pages where "
                                                   "crawl_id = :c", c=crawl_id)
                if stored[0][0] >= 5:
                    break
                await asyncio.sleep(0.05)
            kill_group(first, signal.SIGKILL)
            second = start_worker(temporal_address, database_url, task_queue, log)
            result = await asyncio.wait_for(handle.result(), 240)
    finally:
        for proc in (first, second):
            if proc is not None and proc.poll() is None:
                kill_group(proc, signal.SIGTERM)
    assert (result.status, result.pages_done, result.pages_failed) == ("completed", PAGES, 0)
    rows = await scalar_rows(engine, "select url, count(*) from pages where crawl_id = :c "
                                     "group by url", c=crawl_id)
    assert len(rows) == PAGES and {n for _, n in rows} == {1}
