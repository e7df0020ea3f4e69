"""Crawl throughput started through the Python API vs through the HTTP API (`trawl serve`)
with a client polling the crawl's status every 0.5 s: does the HTTP API cost a crawl
anything?

One throwaway Temporal + Postgres, one worker process, one `trawl serve` process, a
generated site (PAGES pages, a binary tree of links) served from a process of its own.
Each round crawls the site twice, once each way, the order alternating between rounds,
each run started on a quiet machine (bench._services.settle):

- python: ``Trawl.start(spec)`` in this process, then waiting on the workflow's result;
- http:   ``POST /v1/crawls`` with the same spec, then ``GET /v1/crawls/{id}`` every 0.5 s
          until it says finished (each status asks Temporal for the pollers and queries the
          workflow, as `trawl status` does);
- python-polled (``--polled``): ``Trawl.start`` and ``Trawl.status`` every 0.5 s in this
          process, as `trawl crawl`'s progress bar does: the polling without HTTP.

A crawl's time is its row's finished_at - created_at (both written by trawl, so the polling
interval does not round it); pages/s = pages stored / that time. Prints each round, the
medians and their ratio, and the machine.

    .venv/bin/python bench/http_api.py [--pages 600] [--rounds 3] [--render http] [--polled]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import text  # noqa: E402

from bench._services import local_services, settle, site_process  # noqa: E402
from tests.gensite import binary_tree_site  # noqa: E402

POLL_S = 0.5
TOKEN = "bench-" + uuid.uuid4().hex


def machine() -> str:
    freq = psutil.cpu_freq()
    return (f"{platform.machine()}, {psutil.cpu_count()} cores"
            f"{f' @ {freq.max or freq.current:.0f} MHz' if freq else ''}, "
            f"{psutil.virtual_memory().total / 2**30:.0f} GiB, {platform.system()} "
            f"{platform.release()}, Python {platform.python_version()}, "
            f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


async def crawl_time(engine: Any, crawl_id: str) -> tuple[int, float]:
    async with engine.connect() as conn:
        row = (await conn.execute(text(
            "select extract(epoch from finished_at - created_at), "
            "(select count(*) from pages p where p.crawl_id = c.id and p.error_class is null) "
            "from crawls c where id = :c"), {"c": crawl_id})).one()
    return int(row[1]), float(row[0])


async def via_python(trawl: Any, spec: Any) -> str:
    started = await trawl.start(spec)
    await trawl.client.get_workflow_handle(started.workflow_id).result()
    return started.crawl_id  # type: ignore[no-any-return]


async def via_python_polled(trawl: Any, spec: Any) -> tuple[str, int]:
    started = await trawl.start(spec)
    polls = 0
    while True:
        polls += 1
        if (await trawl.status(started.crawl_id)).finished:
            return started.crawl_id, polls
        await asyncio.sleep(POLL_S)


async def via_http(base: str, spec: Any) -> tuple[str, int]:
    from dataclasses import asdict

    body = {k: v for k, v in asdict(spec).items() if v != [] and v is not None}
    async with httpx.AsyncClient(base_url=base, timeout=60,
                                 headers={"Authorization": f"Bearer {TOKEN}"}) as client:
        reply = await client.post("/v1/crawls", json=body)
        reply.raise_for_status()
        crawl_id = reply.json()["crawl_id"]
        polls = 0
        while True:
            status = (await client.get(f"/v1/crawls/{crawl_id}")).json()
            polls += 1
            if status["finished"]:
                return crawl_id, polls
            await asyncio.sleep(POLL_S)


def wait_healthy(base: str, proc: subprocess.Popen[bytes]) -> None:
    for _ in range(300):
        if proc.poll() is not None:
            raise RuntimeError(f"trawl serve exited {proc.returncode}")
        try:
            if httpx.get(base + "/healthz", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    raise RuntimeError("trawl serve did not answer")


async def run(args: argparse.Namespace) -> None:
    from trawl.services._process import free_port

    with local_services() as (address, db_url, tmp):
        queue = f"bench-{uuid.uuid4().hex[:8]}"
        env = {**os.environ, "TRAWL_TEMPORAL_ADDRESS": address, "TRAWL_DATABASE_URL": db_url,
               "TRAWL_TASK_QUEUE": queue, "TRAWL_DATA_DIR": str(tmp / "data"),
               "TRAWL_API_TOKEN": TOKEN, "PYTHONPATH": str(ROOT)}
        os.environ.update({k: env[k] for k in ("TRAWL_TEMPORAL_ADDRESS", "TRAWL_DATABASE_URL",
                                               "TRAWL_TASK_QUEUE", "TRAWL_DATA_DIR")})
        site_dir = Path(tempfile.mkdtemp(prefix="trawl-bench-site-"))
        binary_tree_site(site_dir, args.pages)
        port = free_port()
        logs = tmp / "logs"
        logs.mkdir()
        worker = subprocess.Popen([sys.executable, "-m", "trawl.worker"], cwd=ROOT, env=env,
                                  stdout=open(logs / "worker.log", "wb"),  # noqa: SIM115
                                  stderr=subprocess.STDOUT, start_new_session=True)
        api = subprocess.Popen([sys.executable, "-m", "trawl.api", "serve", "--port",
                                str(port)], cwd=ROOT, env=env,
                               stdout=open(logs / "serve.log", "wb"),  # noqa: SIM115
                               stderr=subprocess.STDOUT, start_new_session=True)
        base = f"http://127.0.0.1:{port}"
        try:
            wait_healthy(base, api)
            await measure(args, base, site_dir)
        finally:
            for proc in (api, worker):
                proc.terminate()
                try:
                    proc.wait(30)
                except subprocess.TimeoutExpired:
                    proc.kill()


async def measure(args: argparse.Namespace, base: str, site_dir: Path) -> None:
    from trawl.api.crawls import Trawl
    from trawl.model import CrawlSpec

    ways = ["python", "http", *(["python-polled"] if args.polled else [])]
    results: dict[str, list[float]] = {way: [] for way in ways}
    with site_process(site_dir) as (site, _pid):
        spec = CrawlSpec(seeds=[site + "/"], max_pages=args.pages, render=args.render,
                         concurrency=args.concurrency)
        async with await Trawl.connect() as trawl:
            # warm-up: the worker's first crawl starts its pools
            await via_python(trawl, CrawlSpec(seeds=[site + "/"], max_pages=20,
                                              render=args.render))
            for i in range(args.rounds):
                order = ways if i % 2 == 0 else ways[::-1]
                line = [f"round {i + 1}:"]
                for way in order:
                    await asyncio.to_thread(settle, trawl.runtime.database_url)
                    polls = 0
                    if way == "python":
                        crawl_id = await via_python(trawl, spec)
                    elif way == "python-polled":
                        crawl_id, polls = await via_python_polled(trawl, spec)
                    else:
                        crawl_id, polls = await via_http(base, spec)
                    pages, seconds = await crawl_time(trawl.engine, crawl_id)
                    if pages != args.pages:
                        raise RuntimeError(f"{way} stored {pages} pages, not {args.pages}")
                    rate = pages / seconds
                    results[way].append(rate)
                    line.append(f"{way} {rate:.1f} pages/s ({pages} in {seconds:.1f} s"
                                f"{f', {polls} status polls' if polls else ''})")
                print("  ".join(line), flush=True)
    py, http = statistics.median(results["python"]), statistics.median(results["http"])
    print(f"median over {args.rounds} rounds: python API {py:.1f} pages/s, HTTP API with "
          f"status polled every {POLL_S} s {http:.1f} pages/s ({http / py:.3f}x)")
    ratios = [h / p for h, p in zip(results["http"], results["python"], strict=True)]
    print(f"per-round ratios (http/python): {', '.join(f'{r:.3f}x' for r in ratios)}")
    if args.polled:
        polled = statistics.median(results["python-polled"])
        print(f"python API polling trawl.status every {POLL_S} s in process (as `trawl crawl` "
              f"does): {polled:.1f} pages/s ({polled / py:.3f}x python, "
              f"{http / polled:.3f}x of it over HTTP)")
    print(f"machine: {machine()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=600)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--render", default="http", choices=("http", "auto", "browser"))
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--polled", action="store_true",
                        help="also: the Python API with trawl.status polled every 0.5 s in "
                             "process (tells the polling's cost from the HTTP layer's)")
    args = parser.parse_args()
    print(f"machine: {machine()}", flush=True)
    asyncio.run(run(args))
    sys.stdout.flush()
    os._exit(0)  # the Temporal client's threads can abort interpreter teardown (see cli.main)


if __name__ == "__main__":
    main()
