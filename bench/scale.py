"""Scale: crawl the synthetic site with a separate worker process and watch its footprint.

Prints pages stored, pages/s, the worker's peak RSS (its whole process tree: Python,
extraction process, Playwright driver, Chromium) sampled every second, and the number of
history events of every workflow run (continue-as-new keeps each run bounded).

    .venv/bin/python bench/scale.py --pages 100000 [--render http] [--concurrency 8]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import platform
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from temporalio.client import Client  # noqa: E402

from bench._services import local_services  # noqa: E402
from bench.synthetic_site import serve  # noqa: E402
from trawl.model import CrawlInput, CrawlSpec  # noqa: E402
from trawl.worker.codec import connect  # noqa: E402
from trawl.workflows.crawl import CrawlWorkflow  # noqa: E402

SAMPLE_INTERVAL_S = 1.0
EVENT_LIMIT = 10_000


class RssSampler(threading.Thread):
    """Peak resident memory of a process and all its descendants."""

    def __init__(self, pid: int, exclude: tuple[str, ...] = (),
                 exclude_pids: frozenset[int] = frozenset()) -> None:
        super().__init__(daemon=True)
        self.root = psutil.Process(pid)
        self.exclude = exclude
        """Process names (substrings) left out, e.g. servers started by the benchmark."""
        self.exclude_pids = exclude_pids
        """Processes left out by pid (a site the benchmark serves from a child process)."""
        self.peak = 0
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            total = 0
            try:
                for proc in [self.root, *self.root.children(recursive=True)]:
                    with contextlib.suppress(psutil.Error):
                        if proc.pid not in self.exclude_pids and \
                                not any(word in proc.name() for word in self.exclude):
                            total += proc.memory_info().rss
            except psutil.Error:
                return
            self.peak = max(self.peak, total)
            self.stop.wait(SAMPLE_INTERVAL_S)


async def history_lengths(client: Client, workflow_id: str) -> list[tuple[str, int]]:
    """(workflow id, events) for the crawl workflow and every run of its site workflows."""
    runs = []
    query = f"WorkflowId = '{workflow_id}' OR WorkflowId STARTS_WITH '{workflow_id}/'"
    async for wf in client.list_workflows(query):
        desc = await client.get_workflow_handle(wf.id, run_id=wf.run_id).describe()
        runs.append((wf.id, int(desc.raw_description.workflow_execution_info.history_length)))
    return runs


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=100_000)
    parser.add_argument("--render", default="auto", choices=["auto", "http", "browser"])
    parser.add_argument("--concurrency", type=int, default=8)
    args = parser.parse_args()

    with local_services() as (address, db_url, tmp), serve(args.pages) as base:
        queue = f"scale-{uuid.uuid4().hex[:8]}"
        env = dict(os.environ, TRAWL_TEMPORAL_ADDRESS=address, TRAWL_DATABASE_URL=db_url,
                   TRAWL_TASK_QUEUE=queue, PYTHONPATH=str(ROOT))
        log = open(tmp / "worker.log", "wb")  # noqa: SIM115
        worker = subprocess.Popen([sys.executable, "-m", "trawl.worker"], cwd=ROOT, env=env,
                                  stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        sampler = RssSampler(worker.pid)
        sampler.start()
        try:
            client = await connect(address)
            crawl_id = uuid.uuid4().hex[:10]
            workflow_id = f"scale-{crawl_id}"
            spec = CrawlSpec(seeds=[base + "/"], render=args.render,
                             concurrency=args.concurrency, max_pages=args.pages * 2,
                             max_depth=20).validated()
            started = time.monotonic()
            result = await client.execute_workflow(CrawlWorkflow.run, CrawlInput(crawl_id, spec),
                                                   id=workflow_id, task_queue=queue)
            elapsed = time.monotonic() - started
            runs = await history_lengths(client, workflow_id)
        finally:
            sampler.stop.set()
            os.killpg(worker.pid, signal.SIGTERM)
            worker.wait(60)
            log.close()
    largest = max(runs, key=lambda r: r[1])
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}; render {args.render}, concurrency {args.concurrency}")
    print(f"site of {args.pages} pages: {result.pages_done} done, {result.pages_failed} failed "
          f"in {elapsed:.0f}s = {result.pages_done / elapsed:.1f} pages/s")
    print(f"worker peak RSS (process tree): {sampler.peak / 2**20:.0f} MiB (limit 2048 MiB)")
    print(f"workflow runs: {len(runs)}; most events in one run: {largest[1]} ({largest[0]}); "
          f"limit {EVENT_LIMIT}: {'PASS' if largest[1] <= EVENT_LIMIT else 'FAIL'}")


if __name__ == "__main__":
    asyncio.run(main())
