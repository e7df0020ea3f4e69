"""Fault injection: a crawl of a generated site with a hostile set, with faults mid-crawl.

The site (tests/hostile.py) holds ``--pages`` ordinary pages plus the hostile set: a socket
that never answers, a slow drip, an infinite loop, a memory hog, a beacon flooding
requests, a 50 MB chunked body, 100,000 links, a redirect loop and a 30-hop chain,
dialogs, a download, a meta refresh, 50,000 nested divs. Each scenario crawls it with a
worker process of its own on fresh services, and injects one fault once 30 % of the
pages are stored:

- none: no fault (the baseline);
- worker-kill: the worker is killed with -9 and another one started;
- temporal-restart: the Temporal dev server is killed with -9 and started again (same
  database file and port);
- postgres-stop: Postgres is stopped for 30 s, then started.

Per scenario it prints pages expected / stored / lost / duplicated / unresolved, the
time to finish, requests the beacon page made after it was stored, and each hostile
page's recorded status. Goal: 0 lost, 0 duplicated, 0 unresolved, every hostile page
with a clear status, every crawl finished.

    .venv/bin/python bench/faults.py [--pages 300] [--render auto|browser|http]
                                     [--scenario none --scenario worker-kill ...]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import text  # noqa: E402

from tests.hostile import HOSTILE_PATHS, HostileSite  # noqa: E402
from tests.workerkit import kill_group, start_worker  # noqa: E402
from trawl.model import CrawlInput, CrawlSpec  # noqa: E402
from trawl.services._process import free_port, wait_until  # noqa: E402
from trawl.services.postgres import ensure_embedded_postgres, stop_embedded_postgres  # noqa: E402
from trawl.services.temporal import dev_server_command, healthy  # noqa: E402
from trawl.store.db import create_engine_async, upgrade_schema  # noqa: E402
from trawl.worker.codec import connect  # noqa: E402
from trawl.workflows.crawl import CrawlWorkflow  # noqa: E402

SCENARIOS = ("none", "worker-kill", "temporal-restart", "postgres-stop")
INJECT_AT_FRACTION = 0.3
POSTGRES_DOWN_S = 30.0
PAGE_TIMEOUT_S = 10.0
MAX_BODY_BYTES = 8 * 1024 * 1024
HUGE_BYTES = 50 * 1024 * 1024
CRAWL_TIMEOUT = timedelta(minutes=30)
POLL_S = 0.2
RESOLVED = ("done", "failed", "redirected", "skipped")


@dataclass
class Services:
    tmp: Path
    port: int = field(default_factory=free_port)
    temporal: subprocess.Popen[bytes] | None = None
    db_url: str = ""

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start_temporal(self) -> None:
        log = open(self.tmp / "temporal.log", "ab")  # noqa: SIM115  # the process keeps it
        self.temporal = subprocess.Popen(dev_server_command(self.tmp / "t.db", self.port, None),
                                         stdout=log, stderr=subprocess.STDOUT,
                                         start_new_session=True)
        wait_until(lambda: healthy(self.address), "Temporal dev server", proc=self.temporal)

    def kill_temporal(self) -> None:
        assert self.temporal is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.temporal.pid, signal.SIGKILL)
        self.temporal.wait(30)


@contextlib.contextmanager
def services() -> Iterator[Services]:
    svc = Services(Path(tempfile.mkdtemp(prefix="trawl-faults-")))
    try:
        svc.start_temporal()
        svc.db_url = ensure_embedded_postgres(svc.tmp / "pg")
        upgrade_schema(svc.db_url)
        yield svc
    finally:
        if svc.temporal is not None and svc.temporal.poll() is None:
            svc.temporal.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                svc.temporal.wait(15)
        with contextlib.suppress(Exception):
            stop_embedded_postgres(svc.tmp / "pg")
        shutil.rmtree(svc.tmp, ignore_errors=True)


@dataclass
class Outcome:
    scenario: str
    status: str
    seconds: float
    expected: int
    stored: int
    lost: int
    duplicated: int
    unresolved: int
    after_store: int
    hostile: dict[str, str]


async def _rows(db_url: str, sql: str, **params: object) -> list[tuple]:  # type: ignore[type-arg]
    engine = create_engine_async(db_url, pool_size=1)
    try:
        async with engine.connect() as conn:
            return [tuple(r) for r in (await conn.execute(text(sql), params)).all()]
    finally:
        await engine.dispose()


async def _stored(db_url: str, crawl_id: str) -> int:
    with contextlib.suppress(Exception):  # the database may be the fault
        return (await _rows(db_url, "select count(*) from pages where crawl_id = :c",
                            c=crawl_id))[0][0]
    return 0


async def inject(scenario: str, svc: Services, worker: list[subprocess.Popen[bytes]],
                 task_queue: str) -> None:
    if scenario == "worker-kill":
        kill_group(worker[0], signal.SIGKILL)
        worker[0] = start_worker(svc.address, svc.db_url, task_queue, svc.tmp / "worker.log")
    elif scenario == "temporal-restart":
        svc.kill_temporal()
        await asyncio.to_thread(svc.start_temporal)
    elif scenario == "postgres-stop":
        await asyncio.to_thread(stop_embedded_postgres, svc.tmp / "pg")
        await asyncio.sleep(POSTGRES_DOWN_S)
        await asyncio.to_thread(ensure_embedded_postgres, svc.tmp / "pg")


async def run_scenario(scenario: str, pages: int, render: str, concurrency: int) -> Outcome:
    with services() as svc, HostileSite(normal_pages=pages,
                                        huge_bytes=HUGE_BYTES).running() as site:
        task_queue = f"faults-{uuid.uuid4().hex[:8]}"
        worker = [start_worker(svc.address, svc.db_url, task_queue, svc.tmp / "worker.log")]
        try:
            client = await connect(svc.address)
            crawl_id = uuid.uuid4().hex[:10]
            spec = CrawlSpec(seeds=[site.url("/")], render=render, concurrency=concurrency,
                             max_pages=pages + 100, max_depth=1, delay_s=0,
                             page_timeout_s=PAGE_TIMEOUT_S, max_body_bytes=MAX_BODY_BYTES,
                             max_host_errors=0).validated()
            started = time.monotonic()
            handle = await client.start_workflow(
                CrawlWorkflow.run, CrawlInput(crawl_id, spec), id=f"faults-{crawl_id}",
                task_queue=task_queue, execution_timeout=CRAWL_TIMEOUT)
            if scenario != "none":
                while await _stored(svc.db_url, crawl_id) < pages * INJECT_AT_FRACTION:
                    await asyncio.sleep(POLL_S)
                await inject(scenario, svc, worker, task_queue)
                client = await connect(svc.address)  # after a restart: a new one
            while True:  # the client's own call may outlive a restarted server: poll
                try:
                    result = await client.get_workflow_handle_for(
                        CrawlWorkflow.run, handle.id).result()
                    break
                except Exception:
                    await asyncio.sleep(1)
                    client = await connect(svc.address)
            seconds = time.monotonic() - started
        finally:
            with contextlib.suppress(subprocess.TimeoutExpired):
                kill_group(worker[0], signal.SIGTERM, wait_s=60)
        base = site.base
        frontier = dict(await _rows(svc.db_url, "select url, status from crawl_urls "
                                    "where crawl_id = :c", c=crawl_id))
        pages_rows = await _rows(svc.db_url, "select url, error_class, extract(epoch from "
                                 "fetched_at) from pages where crawl_id = :c", c=crawl_id)
        dupes = await _rows(svc.db_url, "select url from pages where crawl_id = :c "
                            "group by url having count(*) > 1", c=crawl_id)
    expected = {base + "/", base + "/target", *(base + p for p in HOSTILE_PATHS),
                *(f"{base}/n/{i}" for i in range(pages))}
    resolved = {url for url, status in frontier.items() if status in RESOLVED}
    errors = {url: error for url, error, _ in pages_rows}
    beacon_at = next((at for url, _, at in pages_rows if url == base + "/beacon"), None)
    hostile = {}
    for path in HOSTILE_PATHS:
        url = base + path
        status = frontier.get(url, "missing")
        hostile[path] = f"{status}:{errors[url]}" if errors.get(url) else status
    return Outcome(
        scenario=scenario, status=result.status, seconds=seconds, expected=len(expected),
        stored=len(resolved & expected), lost=len(expected - resolved),
        duplicated=len(dupes),
        unresolved=sum(1 for status in frontier.values() if status not in RESOLVED),
        after_store=-1 if beacon_at is None else site.hits_after("/beacon-hit",
                                                                  float(beacon_at) + 0.5),
        hostile=hostile)


def report(outcomes: list[Outcome], render: str, pages: int) -> None:
    print(f"\nfaults: {pages} ordinary pages + {len(HOSTILE_PATHS)} hostile, render {render}")
    print(f"{'scenario':<18}{'status':<12}{'s':>7}{'expected':>10}{'stored':>8}{'lost':>6}"
          f"{'dup':>5}{'unres':>7}{'after':>7}")
    for o in outcomes:
        print(f"{o.scenario:<18}{o.status:<12}{o.seconds:>7.1f}{o.expected:>10}{o.stored:>8}"
              f"{o.lost:>6}{o.duplicated:>5}{o.unresolved:>7}{o.after_store:>7}")
    print("(stored: expected URLs recorded with a final status; after: beacon requests "
          "more than 0.5 s after its page was stored)")
    print("\nhostile pages (status:error class) per scenario:")
    for path in HOSTILE_PATHS:
        print(f"  {path:<16}" + "  ".join(f"{o.hostile[path]:<28}" for o in outcomes))


async def main_async(args: argparse.Namespace) -> None:
    outcomes = []
    for scenario in args.scenario or SCENARIOS:
        outcome = await run_scenario(scenario, args.pages, args.render, args.concurrency)
        print(f"{scenario}: {outcome.status} in {outcome.seconds:.1f} s, lost {outcome.lost}, "
              f"unresolved {outcome.unresolved}", flush=True)
        outcomes.append(outcome)
    report(outcomes, args.render, args.pages)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=300)
    parser.add_argument("--render", default="auto", choices=("http", "browser", "auto"))
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--scenario", action="append", choices=SCENARIOS)
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
