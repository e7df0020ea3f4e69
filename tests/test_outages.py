"""A database outage mid-crawl is not the pages' fault: they wait, then are stored.

Each test runs its own Postgres (the session's is shared by every other test) and stops it
in the middle of a crawl of a generated site.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import subprocess
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client, WorkflowHandle

from tests.conftest import scalar_rows
from tests.crawlkit import new_crawl_id, run_crawl, worker_config
from tests.gensite import binary_tree_site
from tests.sitesrv import Rules, serve
from tests.test_handoff import site_details
from tests.workerkit import kill_group, start_worker
from trawl.model import CrawlInput, CrawlResult, CrawlSpec
from trawl.services._process import free_port, wait_until
from trawl.services.postgres import ensure_embedded_postgres, stop_embedded_postgres
from trawl.services.temporal import dev_server_command, healthy
from trawl.store.db import create_engine_async, upgrade_schema
from trawl.worker.codec import connect
from trawl.worker.main import crawl_worker
from trawl.workflows.crawl import CrawlWorkflow
from trawl.workflows.site import DB_HOLD_STATUS

SITE_PAGES = 60
STOP_AFTER_PAGES = 12
OUTAGE_S = 30.0
"""How long Postgres stays down in the recovered-outage test (within the budget)."""
TINY_BUDGET_S = 3.0
PAGE_DELAY_S = 0.2
WAIT_S = 240.0


@pytest.fixture
async def own_postgres(tmp_path: Path) -> AsyncIterator[tuple[Path, str, AsyncEngine]]:
    """A Postgres of this test's own (stopped and started by it)."""
    data_dir = tmp_path / "pg"
    url = await asyncio.to_thread(ensure_embedded_postgres, data_dir)
    await asyncio.to_thread(upgrade_schema, url)
    engine = create_engine_async(url, pool_size=2)
    try:
        yield data_dir, url, engine
    finally:
        await engine.dispose()
        with contextlib.suppress(Exception):
            await asyncio.to_thread(stop_embedded_postgres, data_dir)


async def pages_stored(engine: AsyncEngine, crawl_id: str) -> int:
    return (await scalar_rows(engine, "select count(*) from pages where crawl_id = :c",
                              c=crawl_id))[0][0]


async def wait_for_pages(engine: AsyncEngine, crawl_id: str, count: int) -> None:
    async with asyncio.timeout(WAIT_S):
        while await pages_stored(engine, crawl_id) < count:
            await asyncio.sleep(0.1)


async def assert_crawled_exactly(engine: AsyncEngine, crawl_id: str, ref_id: str,
                                 expected: set[str]) -> None:
    """Every page stored once and as a success, every link recorded, nothing left over."""
    rows = await scalar_rows(engine, "select url, error_class from pages where crawl_id = :c",
                             c=crawl_id)
    assert {r[0] for r in rows} == expected
    assert [r for r in rows if r[1] is not None] == []  # no internal_error, no failure
    for table, key in (("pages", "url"), ("crawl_urls", "url"),
                       ("links", "from_url, position")):
        dupes = await scalar_rows(engine, f"select {key}, count(*) from {table} "
                                          f"where crawl_id = :c group by {key} "
                                          "having count(*) > 1", c=crawl_id)
        assert dupes == [], f"duplicate rows in {table}"
    links_sql = "select from_url, to_url from links where crawl_id = :c order by 1, 2"
    assert await scalar_rows(engine, links_sql, c=crawl_id) == \
        await scalar_rows(engine, links_sql, c=ref_id)
    leftover = await scalar_rows(engine, "select status, count(*) from crawl_urls where "
                                         "crawl_id = :c and status <> 'done' group by status",
                                 c=crawl_id)
    assert leftover == []


async def pages_stored_after_restart(data_dir: Path, engine: AsyncEngine,
                                     crawl_id: str) -> int:
    """Wait out the outage (OUTAGE_S), start Postgres again, and count the pages stored
    (the ones before the outage, and maybe a few since)."""
    await asyncio.sleep(OUTAGE_S)
    await asyncio.to_thread(ensure_embedded_postgres, data_dir)
    return await pages_stored(engine, crawl_id)


async def start(client: Client, task_queue: str, spec: CrawlSpec,
                crawl_id: str) -> WorkflowHandle[CrawlWorkflow, CrawlResult]:
    return await client.start_workflow(
        CrawlWorkflow.run, CrawlInput(crawl_id, spec), id=f"crawl-outage-{crawl_id}",
        task_queue=task_queue, execution_timeout=timedelta(minutes=10))


@pytest.mark.slow
@pytest.mark.parametrize("render", ["http", "browser"])
async def test_postgres_down_mid_crawl_loses_and_fails_nothing(
        temporal_client: Client, temporal_address: str, task_queue: str, tmp_path: Path,
        own_postgres: tuple[Path, str, AsyncEngine], render: str) -> None:
    data_dir, url, engine = own_postgres
    paths = binary_tree_site(tmp_path / "site", SITE_PAGES)
    rules = Rules(slow={p if p != "/" else "/index.html": PAGE_DELAY_S for p in paths})
    with serve(tmp_path / "site", rules) as site:
        spec = CrawlSpec(seeds=[site.base + "/"], concurrency=2, render=render).validated()
        ref_id, _ = await run_crawl(temporal_client, temporal_address, url,
                                    task_queue + "-ref", spec)
        expected = {site.base + p for p in paths}
        crawl_id = new_crawl_id()
        cfg = worker_config(temporal_address, url, task_queue)
        async with crawl_worker(temporal_client, cfg) as worker, worker:
            handle = await start(temporal_client, task_queue, spec, crawl_id)
            await wait_for_pages(engine, crawl_id, STOP_AFTER_PAGES)
            await asyncio.to_thread(stop_embedded_postgres, data_dir)
            stored_before = await pages_stored_after_restart(data_dir, engine, crawl_id)
            assert stored_before < SITE_PAGES, "the outage must land mid-crawl"
            result = await asyncio.wait_for(handle.result(), WAIT_S)

    assert result.status == "completed"
    assert result.pages_failed == 0
    await assert_crawled_exactly(engine, crawl_id, ref_id, expected)


@pytest.mark.slow
async def test_outage_past_the_budget_holds_the_crawl_until_resumed(
        temporal_client: Client, temporal_address: str, task_queue: str, tmp_path: Path,
        own_postgres: tuple[Path, str, AsyncEngine]) -> None:
    data_dir, url, engine = own_postgres
    paths = binary_tree_site(tmp_path / "site", SITE_PAGES)
    rules = Rules(slow={p if p != "/" else "/index.html": PAGE_DELAY_S for p in paths})
    with serve(tmp_path / "site", rules) as site:
        spec = CrawlSpec(seeds=[site.base + "/"], concurrency=2, render="http").validated()
        ref_id, _ = await run_crawl(temporal_client, temporal_address, url,
                                    task_queue + "-ref", spec)
        crawl_id = new_crawl_id()
        cfg = replace(worker_config(temporal_address, url, task_queue),
                      db_outage_budget_s=TINY_BUDGET_S)
        async with crawl_worker(temporal_client, cfg) as worker, worker:
            handle = await start(temporal_client, task_queue, spec, crawl_id)
            await wait_for_pages(engine, crawl_id, STOP_AFTER_PAGES)
            await asyncio.to_thread(stop_embedded_postgres, data_dir)
            async with asyncio.timeout(WAIT_S):
                while (progress := await handle.query(CrawlWorkflow.progress)).status \
                        != DB_HOLD_STATUS:
                    await asyncio.sleep(0.5)
            # the crawl says why it stopped, and does not say it completed
            description = await handle.describe()
            assert description.status is not None and description.status.name == "RUNNING"
            details = await site_details(temporal_client, progress.sites[0].workflow_id)
            assert "the database was unreachable" in details
            assert f"trawl resume {crawl_id}" in details
            await asyncio.to_thread(ensure_embedded_postgres, data_dir)
            await handle.signal(CrawlWorkflow.resume)
            result = await asyncio.wait_for(handle.result(), WAIT_S)

    assert result.status == "completed"
    assert result.pages_failed == 0
    await assert_crawled_exactly(engine, crawl_id, ref_id, {site.base + p for p in paths})


TEMPORAL_DOWN_S = 5.0


@pytest.mark.slow
async def test_temporal_restarted_mid_crawl_loses_nothing(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path) -> None:
    """A Temporal server of this test's own, stopped and started again mid-crawl, while a
    worker process keeps running: the crawl finishes with every page once."""
    paths = binary_tree_site(tmp_path / "site", SITE_PAGES)
    rules = Rules(slow={p if p != "/" else "/index.html": PAGE_DELAY_S for p in paths})
    port = free_port()
    own_address = f"127.0.0.1:{port}"
    command = dev_server_command(tmp_path / "temporal.db", port, None)

    def start_server() -> subprocess.Popen[bytes]:
        with open(tmp_path / "temporal.log", "ab") as log:
            proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                    start_new_session=True)
        wait_until(lambda: healthy(own_address), "own Temporal server", proc=proc)
        return proc

    with serve(tmp_path / "site", rules) as site:
        spec = CrawlSpec(seeds=[site.base + "/"], concurrency=2, render="http").validated()
        ref_id, _ = await run_crawl(temporal_client, temporal_address, database_url,
                                    task_queue + "-ref", spec)
        server = await asyncio.to_thread(start_server)
        worker = None
        try:
            worker = start_worker(own_address, database_url, task_queue,
                                  tmp_path / "worker.log")
            crawl_id = new_crawl_id()
            handle = await start(await connect(own_address), task_queue, spec, crawl_id)
            await wait_for_pages(engine, crawl_id, STOP_AFTER_PAGES)
            server.terminate()
            server.wait(30)
            assert await pages_stored(engine, crawl_id) < SITE_PAGES, "restart mid-crawl"
            await asyncio.sleep(TEMPORAL_DOWN_S)
            server = await asyncio.to_thread(start_server)
            client = await connect(own_address)
            result = await asyncio.wait_for(
                client.get_workflow_handle(handle.id).result(), WAIT_S)
        finally:
            if worker is not None:
                kill_group(worker, signal.SIGTERM)
            server.terminate()
            server.wait(30)

    assert result["status"] == "completed"
    await assert_crawled_exactly(engine, crawl_id, ref_id, {site.base + p for p in paths})
