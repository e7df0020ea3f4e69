"""Breadth: one crawl over many sites (bench.many_sites: one per loopback address, every
response delayed like the real web's) by 1, 2, ... worker processes, side by side in one run.

For each worker count: fresh Temporal dev server and Postgres (bench._services), the sites
served from a process of their own, the workers started as `trawl worker` processes, one
crawl of every site's start URL (render auto, the spec's defaults otherwise, max pages =
sites x pages). Prints, per run: pages/s, time from the start to the first page stored,
each worker's share of the pages, the most history events in one workflow run, each
worker's peak RSS (its whole process tree), the machine's busy cores and the CPU per page
by process; and checks what must hold: the crawl completed with every page stored once
(and fetched once), at most ``--concurrency`` requests in flight per host, no run over
10,000 events, no worker over 2 GiB.

    .venv/bin/python bench/breadth.py --sites 200 --pages 50 --latency-ms 100 --workers 1 2
    .venv/bin/python bench/breadth.py --sites 1000 --pages 100 --workers 2    # the long one

``--root PATH`` runs another checkout's trawl (its workers, its schema) against the same
sites: ``git archive main | tar -x -C /tmp/main`` then ``--root /tmp/main`` gives main's
figures beside this checkout's (run both, alternating, on a quiet machine).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import platform
import shutil
import signal
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import text  # noqa: E402

import bench._services as _services  # noqa: E402
from bench._services import settle  # noqa: E402
from bench.cpu_split import CpuSampler  # noqa: E402
from bench.many_sites import Counts, serve_sites  # noqa: E402
from bench.scale import EVENT_LIMIT, RssSampler, history_lengths  # noqa: E402
from tests.workerkit import start_worker, wait_for_activity_pollers  # noqa: E402
from trawl.model import CrawlInput, CrawlSpec  # noqa: E402
from trawl.store.db import create_engine_async  # noqa: E402
from trawl.worker.codec import connect  # noqa: E402

RSS_LIMIT = 2 * 2**30
CRAWL_TIMEOUT = timedelta(hours=6)
FIRST_PAGE_POLL_S = 0.1
WORKER_LABEL = "worker (Python)"


@dataclass
class Run:
    workers: int
    pages: int = 0
    failed: int = 0
    seconds: float = 0.0
    first_page_s: float | None = None
    status: str = ""
    shares: dict[str, int] = field(default_factory=dict)
    max_events: int = 0
    events: int = 0
    runs: int = 0
    failures: list[tuple[str, str, str]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    """The workers' log lines at WARNING and above (the first few, and how many)."""
    rss: list[int] = field(default_factory=list)
    busy_cores: float = 0.0
    cpu_ms: dict[str, float] = field(default_factory=dict)
    served: Counts | None = None
    duplicates: int = 0
    load: tuple[float, float, float] = (0.0, 0.0, 0.0)
    load_before: tuple[float, float, float] = (0.0, 0.0, 0.0)
    start_attempts: int = 0
    """Attempts of the crawl's start activity (1: it started at once)."""
    start_failures: int = 0
    """Its attempts that failed or timed out (shown as ``start_failed`` by the crawl)."""
    activity_failures: dict[str, int] = field(default_factory=dict)
    """Failed or timed-out activity attempts in every run's history, by activity and
    cause (a retried attempt's failure is the next attempt's ``last_failure``)."""

    @property
    def rate(self) -> float:
        return self.pages / self.seconds if self.seconds else 0.0


def _upgrade_with(root: Path, db_url: str) -> None:
    """The schema of ``root``'s trawl (its migrations may not be this checkout's)."""
    subprocess.run([sys.executable, "-c", "import sys; from trawl.store.db import "
                    "upgrade_schema; upgrade_schema(sys.argv[1])", db_url],
                   cwd=root, env=dict(os.environ, PYTHONPATH=str(root)), check=True)


WARNINGS_SHOWN = 5


def _warnings(logs: list[Path]) -> list[str]:
    lines = [line.strip() for log in logs if log.exists()
             for line in log.read_text(errors="replace").splitlines()
             if " WARNING " in line or " ERROR " in line or "Traceback" in line]
    return lines[:WARNINGS_SHOWN] + ([f"... {len(lines)} in all"] if lines else [])


def _postmaster(tmp: Path) -> int:
    """The pid of the benchmark's Postgres (started detached: not this process's child)."""
    return int((tmp / "pg" / "postgres" / "postmaster.pid").read_text().split()[0])


async def _first_page(engine, crawl_id: str, started: datetime) -> float | None:  # type: ignore[no-untyped-def]
    while True:
        async with engine.connect() as conn:
            first = (await conn.execute(text(
                "select min(fetched_at) from pages where crawl_id = :c"),
                {"c": crawl_id})).scalar()
        if first is not None:
            return (first - started).total_seconds()
        await asyncio.sleep(FIRST_PAGE_POLL_S)


async def _start_attempts(handle) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """(attempts, failed attempts) of the crawl's start_crawl activity, from its history:
    each scheduling's last attempt number, and its timeouts and failures."""
    scheduled: set[int] = set()
    attempts = failures = 0
    async for event in handle.fetch_history_events():
        kind = event.WhichOneof("attributes")
        if kind == "activity_task_scheduled_event_attributes" and \
                event.activity_task_scheduled_event_attributes.activity_type.name \
                == "start_crawl":
            scheduled.add(event.event_id)
        elif kind == "activity_task_started_event_attributes" and \
                event.activity_task_started_event_attributes.scheduled_event_id in scheduled:
            attempts += event.activity_task_started_event_attributes.attempt
        elif kind in ("activity_task_timed_out_event_attributes",
                      "activity_task_failed_event_attributes") \
                and getattr(event, kind).scheduled_event_id in scheduled:
            failures += 1
    return attempts, failures


def _cause(failure) -> str:  # type: ignore[no-untyped-def]
    """A failure in a few words: a timeout's type, or the error's type and message."""
    if failure.HasField("timeout_failure_info"):
        from temporalio.api.enums.v1 import TimeoutType

        return f"timed out ({TimeoutType.Name(failure.timeout_failure_info.timeout_type)})"
    while failure.message == "" and failure.HasField("cause"):
        failure = failure.cause
    kind = failure.application_failure_info.type if failure.HasField(
        "application_failure_info") else ""
    return f"{kind}: {failure.message}"[:160]


async def activity_failures(client, workflow_id: str) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """Failed or timed-out activity attempts of the crawl's runs, by activity and cause."""
    found: dict[str, int] = {}
    query = f"WorkflowId = '{workflow_id}' OR WorkflowId STARTS_WITH '{workflow_id}/'"
    async for wf in client.list_workflows(query):
        names: dict[int, str] = {}
        handle = client.get_workflow_handle(wf.id, run_id=wf.run_id)
        async for event in handle.fetch_history_events():
            kind = event.WhichOneof("attributes")
            attrs = getattr(event, kind)
            failure = None
            if kind == "activity_task_scheduled_event_attributes":
                names[event.event_id] = attrs.activity_type.name
            elif kind == "activity_task_started_event_attributes" and attrs.attempt > 1:
                failure = attrs.last_failure
            elif kind in ("activity_task_timed_out_event_attributes",
                          "activity_task_failed_event_attributes"):
                failure = attrs.failure
            if failure is not None:
                key = f"{names.get(attrs.scheduled_event_id, '?')}: {_cause(failure)}"
                found[key] = found.get(key, 0) + 1
    return found


async def crawl_once(args: argparse.Namespace, workers: int) -> Run:
    run = Run(workers)
    root = args.root.resolve()
    with _services.local_services(upgrade=root == ROOT) as (address, db_url, tmp):
        if root != ROOT:
            _upgrade_with(root, db_url)
        with serve_sites(args.sites, args.pages, args.latency_ms / 1000) as sites:
            queue = f"breadth-{uuid.uuid4().hex[:8]}"
            settings = dict(kv.split("=", 1) for kv in args.worker_env)
            procs = [start_worker(address, db_url, queue, tmp / f"worker{i}.log", root=root,
                                  **settings) for i in range(workers)]
            samplers = [RssSampler(p.pid) for p in procs]
            client = await connect(address)
            engine = create_engine_async(db_url, pool_size=1)
            try:
                await wait_for_activity_pollers(client, queue, workers)
                for s in samplers:
                    s.start()
                settle(db_url)
                crawl_id = uuid.uuid4().hex[:10]
                spec = CrawlSpec(seeds=sites.urls, render=args.render,
                                 concurrency=args.concurrency,
                                 max_pages=args.sites * args.pages).validated()
                cpu = CpuSampler(sites.pid, {p.pid: WORKER_LABEL for p in procs},
                                 roots=frozenset({os.getpid(), _postmaster(tmp)}))
                cpu.start()
                run.load_before = os.getloadavg()
                started_at = datetime.now(UTC)
                started = time.monotonic()
                handle = await client.start_workflow(
                    "CrawlWorkflow", CrawlInput(crawl_id, spec), id=f"breadth-{crawl_id}",
                    task_queue=queue, execution_timeout=CRAWL_TIMEOUT)
                first = asyncio.create_task(_first_page(engine, crawl_id, started_at))
                result = await handle.result()
                run.seconds = time.monotonic() - started
                per_kind, busy = cpu.finish()
                run.load = os.getloadavg()
                run.first_page_s = await asyncio.wait_for(first, 60)
                run.status = str(result["status"] if isinstance(result, dict)
                                 else result.status)
                run.busy_cores = busy / run.seconds
                async with engine.connect() as conn:
                    q = {"c": crawl_id}
                    run.shares = {str(w): int(n) for w, n in (await conn.execute(text(
                        "select worker, count(*) from pages where crawl_id = :c "
                        "and error_class is null group by worker"), q)).all()}
                    run.pages = sum(run.shares.values())
                    run.failed = (await conn.execute(text(
                        "select count(*) from pages where crawl_id = :c "
                        "and error_class is not null"), q)).scalar_one()
                    run.failures = [(str(u), str(c), str(m)[:200]) for u, c, m in (
                        await conn.execute(text(
                            "select url, error_class, error_message from pages "
                            "where crawl_id = :c and error_class is not null "
                            "order by url limit 5"), q)).all()]
                    run.duplicates = (await conn.execute(text(
                        "select count(*) from pages where crawl_id = :c "
                        "and duplicate_of is not null"), q)).scalar_one()
                run.start_attempts, run.start_failures = await _start_attempts(handle)
                run.activity_failures = await activity_failures(client, f"breadth-{crawl_id}")
                lengths = await history_lengths(client, f"breadth-{crawl_id}")
                run.runs = len(lengths)
                run.max_events = max(n for _, n in lengths)
                run.events = sum(n for _, n in lengths)
                run.cpu_ms = {k: v / max(run.pages, 1) * 1000 for k, v in per_kind.items()}
            finally:
                for s in samplers:
                    s.stop.set()
                for proc in procs:
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(proc.pid, signal.SIGTERM)
                for proc in procs:
                    try:
                        proc.wait(60)
                    except subprocess.TimeoutExpired:
                        os.killpg(proc.pid, signal.SIGKILL)
                await engine.dispose()
            run.rss = [s.peak for s in samplers]
            run.warnings = _warnings([tmp / f"worker{i}.log" for i in range(workers)])
            if args.keep_logs is not None:  # the bench's directory goes with its services
                args.keep_logs.mkdir(parents=True, exist_ok=True)
                for i in range(workers):
                    with contextlib.suppress(OSError):
                        shutil.copy(tmp / f"worker{i}.log",
                                    args.keep_logs / f"{workers}w-worker{i}.log")
            run.served = sites.stop()
    return run


def report(args: argparse.Namespace, runs: list[Run]) -> None:
    expected = args.sites * args.pages
    print(f"\nmachine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}; trawl from {args.root.resolve()}; {args.sites} sites "
          f"x {args.pages} pages, {args.latency_ms:.0f} ms per response, render "
          f"{args.render}, concurrency {args.concurrency}")
    base = runs[0].rate or 1.0
    for run in runs:
        served = run.served or Counts()
        shares = ", ".join(f"{100 * n / max(run.pages, 1):.0f}%"
                           for _, n in sorted(run.shares.items()))
        print(f"\n{run.workers} worker(s): {run.status}, {run.pages}/{expected} pages "
              f"({run.failed} failed) in {run.seconds:.1f} s = {run.rate:.1f} pages/s "
              f"({run.rate / base:.2f}x the first run); load average (1, 5, 15 min) at the "
              f"start {run.load_before[0]:.1f} {run.load_before[1]:.1f} "
              f"{run.load_before[2]:.1f}, at the end {run.load[0]:.1f} {run.load[1]:.1f} "
              f"{run.load[2]:.1f}")
        first = "-" if run.first_page_s is None else f"{run.first_page_s:.2f} s"
        print(f"  first page stored {first} after the start; start_crawl attempts "
              f"{run.start_attempts} ({run.start_failures} failed or timed out); shares "
              f"{shares}; machine busy {run.busy_cores:.2f} cores")
        failures = sum(run.activity_failures.values())
        print(f"  activity attempts failed or timed out: {failures}")
        for cause, n in sorted(run.activity_failures.items(), key=lambda kv: -kv[1])[:8]:
            print(f"    {n} x {cause}")
        for line in run.warnings:
            print(f"  worker log: {line[:300]}")
        for url, error_class, message in run.failures:
            print(f"  failed: {url}: {error_class}: {message}")
        print(f"  workflow runs {run.runs}, most events in one {run.max_events} "
              f"(limit {EVENT_LIMIT}), {run.events / max(run.pages, 1):.2f} events per page "
              f"in all; peak RSS per worker (process tree) "
              + ", ".join(f"{r / 2**20:.0f} MiB" for r in run.rss))
        print(f"  sites saw: {served.page_requests} page requests, {served.pages_fetched_twice}"
              f" pages fetched twice, {served.pages_never_fetched} never; most requests in "
              f"flight per host {served.max_in_flight} (pages {served.max_pages_in_flight}); "
              f"{served.other_requests} other requests")
        top = sorted(run.cpu_ms.items(), key=lambda kv: -kv[1])
        print("  CPU ms per page: " + ", ".join(f"{k} {v:.1f}" for k, v in top if v >= 0.1)
              + f"; sum {sum(run.cpu_ms.values()):.1f}")
        checks = {
            "completed": run.status == "completed",
            "started at once": run.start_attempts == 1 and run.start_failures == 0,
            "every page stored once": run.pages == expected and run.duplicates == 0,
            "every page fetched once": served.pages_fetched_twice == 0
            and served.pages_never_fetched == 0,
            f"<= {args.concurrency} requests per host": served.max_pages_in_flight
            <= args.concurrency,
            f"<= {EVENT_LIMIT} events per run": run.max_events <= EVENT_LIMIT,
            "RSS < 2 GiB per worker": all(r < RSS_LIMIT for r in run.rss),
        }
        print("  checks: " + ", ".join(f"{k} {'PASS' if ok else 'FAIL'}"
                                      for k, ok in checks.items()))


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sites", type=int, default=200)
    parser.add_argument("--pages", type=int, default=50, help="pages per site")
    parser.add_argument("--latency-ms", type=float, default=100.0)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2],
                        help="worker counts, one run each, in this order")
    parser.add_argument("--render", default="auto", choices=["auto", "http", "browser"])
    parser.add_argument("--concurrency", type=int, default=CrawlSpec.concurrency)
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the checkout whose trawl runs (default: this one)")
    parser.add_argument("--worker-env", nargs="*", default=[], metavar="TRAWL_X=VALUE",
                        help="settings for the workers, e.g. TRAWL_MAX_CONCURRENT_ACTIVITIES=64")
    parser.add_argument("--keep-logs", type=Path, default=None, metavar="DIR",
                        help="copy the workers' logs here (they go with the run's services)")
    args = parser.parse_args()
    runs = []
    for workers in args.workers:
        runs.append(await crawl_once(args, workers))
        report(args, runs[-1:])
    if len(runs) > 1:
        print("\nside by side:")
        report(args, runs)


if __name__ == "__main__":
    asyncio.run(main())
