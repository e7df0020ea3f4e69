"""Recovery and scale-out: two worker processes crawl one generated site; one is killed
with -9 mid-crawl and the other finishes.

Prints the recovery time (from the kill until every URL that was in flight then is
stored: the goal is at most 15 s, set by the explore heartbeat timeout), pages per worker
before the kill (scale-out: each should do at least 30 %), duplicates and pages lost.

    .venv/bin/python bench/recovery.py [--pages 2000] [--render http|browser|auto]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import subprocess
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import text  # noqa: E402

from bench._services import local_services, site_process  # noqa: E402
from tests.gensite import binary_tree_site  # noqa: E402
from tests.workerkit import (  # noqa: E402
    busy_worker,
    kill_group,
    start_worker,
    wait_for_activity_pollers,
)
from trawl.model import CrawlInput, CrawlSpec  # noqa: E402
from trawl.store.db import create_engine_async  # noqa: E402
from trawl.worker.codec import connect  # noqa: E402
from trawl.workflows.crawl import CrawlWorkflow, site_workflow_id  # noqa: E402

WORKERS = 2
KILL_AT_FRACTION = 0.3
POLL_S = 0.05
CRAWL_TIMEOUT = timedelta(minutes=30)


async def run(pages: int, render: str, concurrency: int) -> None:
    with local_services() as (address, db_url, tmp):
        paths = binary_tree_site(tmp / "site", pages)
        client = await connect(address)
        engine = create_engine_async(db_url, pool_size=1)
        task_queue = f"bench-{uuid.uuid4().hex[:8]}"
        workers = [start_worker(address, db_url, task_queue, tmp / "workers.log")
                   for _ in range(WORKERS)]
        try:
            await wait_for_activity_pollers(client, task_queue, WORKERS)
            with site_process(tmp / "site") as (base, _):
                crawl_id = uuid.uuid4().hex[:10]
                spec = CrawlSpec(seeds=[base + "/"], render=render,
                                 concurrency=concurrency, max_pages=pages + 10).validated()
                started = time.monotonic()
                handle = await client.start_workflow(
                    CrawlWorkflow.run, CrawlInput(crawl_id, spec), id=f"bench-{crawl_id}",
                    task_queue=task_queue, execution_timeout=CRAWL_TIMEOUT)

                async def rows(sql: str) -> list[tuple]:  # type: ignore[type-arg]
                    async with engine.connect() as conn:
                        return [tuple(r) for r in
                                (await conn.execute(text(sql), {"c": crawl_id})).all()]

                while (await rows("select count(*) from pages where crawl_id = :c"))[0][0] \
                        < pages * KILL_AT_FRACTION:
                    await asyncio.sleep(POLL_S)
                before = dict(await rows("select worker, count(*) from pages where "
                                         "crawl_id = :c group by worker"))
                victim = await busy_worker(client, site_workflow_id(handle.id, base), workers)
                kill_group(victim, signal.SIGKILL)
                killed_at = datetime.now(UTC)
                in_flight = [r[0] for r in await rows(
                    "select url from crawl_urls where crawl_id = :c and status = 'claimed'")]
                result = await handle.result()
                elapsed = time.monotonic() - started
                async with engine.connect() as conn:
                    last = (await conn.execute(text(
                        "select max(fetched_at) from pages where crawl_id = :c and "
                        "url = any(:u)"), {"c": crawl_id, "u": in_flight})).scalar()
                stored = {r[0] for r in await rows("select url from pages where crawl_id = :c")}
                dupes = await rows("select url from pages where crawl_id = :c group by url "
                                   "having count(*) > 1")
        finally:
            for proc in workers:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    kill_group(proc, signal.SIGTERM, wait_s=60)
            await engine.dispose()
        expected = {base + p for p in paths}
        recovery = (last - killed_at).total_seconds() if last is not None else None
        total_before = sum(before.values()) or 1
        print(f"pages {pages} render {render} concurrency {concurrency}: {result.status} "
              f"in {elapsed:.1f} s")
        print("before the kill, pages per worker (host:pid): " + ", ".join(
            f"{w} {n} ({100 * n / total_before:.0f} %)" for w, n in sorted(before.items())))
        shown = "-" if recovery is None else f"{recovery:.1f}"
        print(f"killed worker pid {victim.pid}; in flight at the kill: {len(in_flight)} "
              f"URLs; recovery (kill -> all of them stored): {shown} s")
        print(f"lost {len(expected - stored)}, duplicated {len(dupes)}, "
              f"unexpected {len(stored - expected)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--render", default="http", choices=("http", "browser", "auto"))
    parser.add_argument("--concurrency", type=int, default=4)
    args = parser.parse_args()
    asyncio.run(run(args.pages, args.render, args.concurrency))


if __name__ == "__main__":
    main()
