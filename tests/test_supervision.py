"""Workers under faults: a killed worker's extraction processes die with it; a killed
worker's pages are retried elsewhere; two workers share one crawl."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import signal
import subprocess
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import psutil
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.api.enums.v1 import TaskQueueType
from temporalio.api.taskqueue.v1 import TaskQueue
from temporalio.api.workflowservice.v1 import DescribeTaskQueueRequest
from temporalio.client import Client

from bench.many_sites import serve_sites
from tests.conftest import PYTHON, ROOT, scalar_rows, subprocess_env
from tests.crawlkit import new_crawl_id
from tests.gensite import binary_tree_site
from tests.sitesrv import Rules, serve
from tests.test_durability import page_set
from tests.workerkit import busy_worker, kill_group, start_worker, wait_for_activity_pollers
from trawl.api.crawls import Trawl
from trawl.api.handoffs import pause
from trawl.config import Settings
from trawl.crawler.reading import EXTRACTION_GC_THRESHOLD, extraction_pool, start_processes
from trawl.model import CrawlInput, CrawlSpec
from trawl.store.db import create_engine_async
from trawl.workflows.crawl import CrawlWorkflow, site_workflow_id

EXTRACT_PROCESSES = 2
CRAWL_WAIT_S = 300.0
RESTART_WAIT_S = 60.0
STATUS_WAIT_S = 60.0
CHILDREN_GONE_S = 10.0
"""A deadline, not a measurement: the kernel ends them at once (PR_SET_PDEATHSIG)."""


def extraction_children(proc: subprocess.Popen[bytes]) -> list[psutil.Process]:
    return [child for child in psutil.Process(proc.pid).children(recursive=True)
            if "multiprocessing" in " ".join(child.cmdline())]


async def test_extraction_processes_keep_their_imports_from_the_collector() -> None:
    """An extraction process starts with its imports frozen out of the garbage collector's
    reach and collects young objects less often than Python's default (prepare_process)."""
    pool = extraction_pool(1)
    try:
        await start_processes(pool, 1)
        loop = asyncio.get_running_loop()
        threshold = await loop.run_in_executor(pool, gc.get_threshold)
        frozen = await loop.run_in_executor(pool, gc.get_freeze_count)
    finally:
        pool.shutdown()
    assert threshold[0] == EXTRACTION_GC_THRESHOLD > gc.get_threshold()[0]
    assert frozen > 10_000  # trawl.extract and what it imports


async def test_extraction_processes_die_with_a_killed_worker(
        temporal_client: Client, temporal_address: str, database_url: str,
        task_queue: str, tmp_path: Path) -> None:
    worker = start_worker(temporal_address, database_url, task_queue, tmp_path / "worker.log",
                          TRAWL_EXTRACT_PROCESSES=str(EXTRACT_PROCESSES))
    children: list[psutil.Process] = []
    try:
        # the worker starts its extraction processes before it polls
        await wait_for_activity_pollers(temporal_client, task_queue, 1)
        children = extraction_children(worker)
        assert len(children) >= EXTRACT_PROCESSES
        os.kill(worker.pid, signal.SIGKILL)  # the worker alone: no cleanup runs
        worker.wait(30)
        _, alive = psutil.wait_procs(children, timeout=CHILDREN_GONE_S)
        assert alive == [], f"orphaned extraction processes: {alive}"
    finally:
        for child in children:
            with contextlib.suppress(psutil.Error):
                child.kill()
        if worker.poll() is None:
            kill_group(worker)


def test_children_watch_their_parent_without_prctl(tmp_path: Path) -> None:
    """The portable fallback alone (no PR_SET_PDEATHSIG): a re-parented process exits."""
    script = tmp_path / "orphan.py"
    script.write_text(
        "import os, subprocess, sys, time\n"
        "if sys.argv[1] == 'parent':\n"
        "    child = subprocess.Popen([sys.executable, __file__, 'child', str(os.getpid())])\n"
        "    print(child.pid, flush=True)\n"
        "    time.sleep(60)\n"
        "else:\n"
        "    import trawl.crawler.reading as r\n"
        "    r.PR_SET_PDEATHSIG = 0  # prctl(0) is refused: only the watchdog is left\n"
        "    r.die_with_parent(int(sys.argv[2]))  # (it may be gone before this runs)\n"
        "    time.sleep(60)\n")
    parent = subprocess.Popen([os.sys.executable, str(script), "parent"],  # type: ignore[attr-defined]
                              stdout=subprocess.PIPE, cwd=Path(__file__).parents[1])
    assert parent.stdout is not None
    child = psutil.Process(int(parent.stdout.readline()))
    try:
        time.sleep(2)  # the child armed its watchdog
        assert child.is_running()
        parent.kill()
        parent.wait(10)
        child.wait(CHILDREN_GONE_S)  # raises TimeoutExpired if it lives on
    finally:
        with contextlib.suppress(psutil.Error):
            child.kill()


SHARE_PAGES = 400
SHARE_SITES = 40
SHARE_CONCURRENCY = 1
"""40 sites of 10 pages: 40 explore slices (and their sitemap reads) to share, so a fair
dispatch cannot land under MIN_SHARE by chance (as it could with a dozen)."""
MIN_SHARE = 0.3
"""With two workers, each explores at least this share of a crawl's pages."""
KILL_PAGES = 120
KILL_AFTER_PAGES = 30
PAGE_DELAY_S = 0.05


async def run_on_workers(client: Client, temporal_address: str, database_url: str,
                         task_queue: str, tmp_path: Path, pages: int,
                         kill_after: int | None = None, concurrency: int = 2
                         ) -> tuple[str, str, set[str], float | None]:
    """Crawl a generated site with two worker processes (killing the first with -9 once
    ``kill_after`` pages are stored); returns (crawl id, site base, expected URLs, seconds
    from the kill until every URL in flight then was stored)."""
    paths = binary_tree_site(tmp_path / "site", pages)
    rules = Rules(slow={p if p != "/" else "/index.html": PAGE_DELAY_S for p in paths})
    log = tmp_path / "workers.log"
    workers = [start_worker(temporal_address, database_url, task_queue, log)
               for _ in range(2)]
    recovery = None
    try:
        await wait_for_activity_pollers(client, task_queue, 2)
        with serve(tmp_path / "site", rules) as site:
            crawl_id = new_crawl_id()
            spec = CrawlSpec(seeds=[site.base + "/"], concurrency=concurrency,
                             render="http").validated()
            handle = await client.start_workflow(
                CrawlWorkflow.run, CrawlInput(crawl_id, spec), id=f"crawl-workers-{crawl_id}",
                task_queue=task_queue, execution_timeout=timedelta(minutes=10))
            if kill_after is not None:
                engine = create_engine_async(database_url, pool_size=1)
                try:
                    while len(await page_set(engine, crawl_id)) < kill_after:
                        await asyncio.sleep(0.05)
                    # a worker running an explore now (an idle one would prove nothing)
                    kill_group(await busy_worker(client, site_workflow_id(handle.id,
                                                                          site.base), workers))
                    killed_at = datetime.now(UTC)
                    in_flight = [r[0] for r in await scalar_rows(
                        engine, "select url from crawl_urls where crawl_id = :c and "
                        "status = 'claimed'", c=crawl_id)]
                    result = await asyncio.wait_for(handle.result(), CRAWL_WAIT_S)
                    last = await scalar_rows(
                        engine, "select max(fetched_at) from pages where crawl_id = :c and "
                        "url = any(:u)", c=crawl_id, u=in_flight)
                    if last[0][0] is not None:
                        recovery = (last[0][0] - killed_at).total_seconds()
                finally:
                    await engine.dispose()
            else:
                result = await asyncio.wait_for(handle.result(), CRAWL_WAIT_S)
    finally:
        for proc in workers:
            if proc.poll() is None:
                kill_group(proc, signal.SIGTERM)
    assert result.status == "completed"
    return crawl_id, site.base, {site.base + p for p in paths}, recovery


async def assert_each_page_once(engine: AsyncEngine, crawl_id: str, expected: set[str]) -> None:
    assert await page_set(engine, crawl_id) == expected
    for table, key in (("pages", "url"), ("crawl_urls", "url"),
                       ("links", "from_url, position")):
        dupes = await scalar_rows(engine, f"select {key} from {table} where crawl_id = :c "
                                          f"group by {key} having count(*) > 1", c=crawl_id)
        assert dupes == [], f"duplicate rows in {table}"
    failed = await scalar_rows(engine, "select url, error_class from pages where "
                                       "crawl_id = :c and error_class is not null", c=crawl_id)
    assert failed == []


async def test_two_workers_each_take_a_fair_share(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path) -> None:
    """Default settings (no slot limits): a second worker beside the first takes its share
    (it took none while a sticky workflow's worker took its activities eagerly). Many
    sites: a site's pages are explored in slices, one site's slice by one worker at a
    time (its load slots are the site's, whoever runs it)."""
    log = tmp_path / "workers.log"
    workers = [start_worker(temporal_address, database_url, task_queue, log)
               for _ in range(2)]
    try:
        await wait_for_activity_pollers(temporal_client, task_queue, 2)
        with serve_sites(SHARE_SITES, SHARE_PAGES // SHARE_SITES, PAGE_DELAY_S) as sites:
            crawl_id = new_crawl_id()
            spec = CrawlSpec(seeds=sites.urls, concurrency=SHARE_CONCURRENCY,
                             render="http").validated()
            result = await asyncio.wait_for(temporal_client.execute_workflow(
                CrawlWorkflow.run, CrawlInput(crawl_id, spec), id=f"crawl-share-{crawl_id}",
                task_queue=task_queue), CRAWL_WAIT_S)
            seen = sites.stop()
    finally:
        for proc in workers:
            kill_group(proc, signal.SIGTERM)
    assert (result.status, result.pages_done) == ("completed", SHARE_PAGES)
    assert (seen.pages_fetched_twice, seen.pages_never_fetched) == (0, 0)
    per_worker = dict(await scalar_rows(engine, "select worker, count(*) from pages where "
                                                "crawl_id = :c group by worker", c=crawl_id))
    print(f"pages per worker: {per_worker}")
    assert len(per_worker) == 2, per_worker
    assert min(per_worker.values()) >= MIN_SHARE * SHARE_PAGES, per_worker


async def test_a_killed_workers_pages_finish_on_the_other(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path) -> None:
    """kill -9 of one of two workers mid-crawl: the other finishes it, every page once.
    The time its pages waited is printed (bench/recovery.py measures it on a quiet
    machine; the goal is at most 15 s)."""
    crawl_id, _, expected, recovery = await run_on_workers(
        temporal_client, temporal_address, database_url, task_queue, tmp_path, KILL_PAGES,
        kill_after=KILL_AFTER_PAGES)
    await assert_each_page_once(engine, crawl_id, expected)
    print(f"recovery after kill -9: {recovery} s")


def worker_children(supervisor: subprocess.Popen[bytes]) -> list[psutil.Process]:
    return [c for c in psutil.Process(supervisor.pid).children()
            if c.cmdline()[-2:] == ["-m", "trawl.worker"]]


async def test_supervisor_restarts_a_dead_worker(
        temporal_client: Client, temporal_address: str, database_url: str,
        task_queue: str, tmp_path: Path) -> None:
    log = tmp_path / "supervisor.log"
    env = subprocess_env(temporal_address, database_url, TRAWL_TASK_QUEUE=task_queue,
                         TRAWL_EXTRACT_PROCESSES="1")
    with open(log, "ab") as out:
        supervisor = subprocess.Popen([PYTHON, "-m", "trawl.worker.supervisor"], cwd=ROOT, env=env,
                                      stdout=out, stderr=subprocess.STDOUT,
                                      start_new_session=True)
    try:
        await wait_for_activity_pollers(temporal_client, task_queue, 1)
        [first] = worker_children(supervisor)
        first.kill()
        first.wait(30)
        async with asyncio.timeout(RESTART_WAIT_S):
            while not (restarted := worker_children(supervisor)):
                await asyncio.sleep(0.2)
        assert restarted[0].pid != first.pid
        await wait_for_new_poller(temporal_client, task_queue, f"{restarted[0].pid}@")
        text = log.read_text()
        assert f"worker (pid {first.pid}) killed by SIGKILL" in text
        assert "restarting it in" in text
        # stopping the supervisor stops its worker (which finishes in-flight work first)
        supervisor.terminate()
        assert supervisor.wait(60) == 0
        psutil.wait_procs(restarted, timeout=10)
        assert not restarted[0].is_running()
    finally:
        if supervisor.poll() is None:
            kill_group(supervisor)


async def wait_for_new_poller(client: Client, task_queue: str, marker: str) -> None:
    """Until a poller whose identity contains ``marker`` (``pid@``) polls ``task_queue``."""
    request = DescribeTaskQueueRequest(
        namespace=client.namespace, task_queue=TaskQueue(name=task_queue),
        task_queue_type=TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY)
    async with asyncio.timeout(RESTART_WAIT_S):
        while not any(p.identity.startswith(marker) for p in
                      (await client.workflow_service.describe_task_queue(request)).pollers):
            await asyncio.sleep(0.25)


async def test_status_tells_no_worker_paused_and_running(
        temporal_client: Client, temporal_address: str, database_url: str,
        task_queue: str, tmp_path: Path) -> None:
    """`trawl status` says when nothing runs a crawl, and when it is paused."""
    paths = binary_tree_site(tmp_path / "site", 40)
    rules = Rules(slow={p if p != "/" else "/index.html": 0.3 for p in paths})
    settings = Settings(temporal_address=temporal_address, database_url=database_url,
                        task_queue=task_queue, data_dir=tmp_path / "data")
    worker = None
    with serve(tmp_path / "site", rules) as site:
        async with await Trawl.connect(settings) as trawl:
            started = await trawl.start(CrawlSpec(seeds=[site.base + "/"], concurrency=1,
                                                  render="http"))
            try:
                status = await trawl.status(started.crawl_id)
                assert status.workflow_status == "RUNNING"
                assert status.state == "no_worker_polling"
                assert status.note is not None and "trawl worker" in status.note
                assert status.as_dict()["status"] == "no_worker_polling"

                worker = start_worker(temporal_address, database_url, task_queue,
                                      tmp_path / "worker.log")
                await wait_for_activity_pollers(temporal_client, task_queue, 1)
                async with asyncio.timeout(STATUS_WAIT_S):
                    while (await trawl.status(started.crawl_id)).state != "running":
                        await asyncio.sleep(0.2)
                await pause(trawl, started.crawl_id)
                async with asyncio.timeout(STATUS_WAIT_S):
                    while (status := await trawl.status(started.crawl_id)).state != "paused":
                        await asyncio.sleep(0.2)
                assert status.note is not None and "trawl resume" in status.note
            finally:
                await trawl.cancel(started.crawl_id)
                if worker is not None:
                    kill_group(worker, signal.SIGTERM)
