"""Auto mode on one site: trawl beside a bare HTTP fetch-and-parse loop over the same pages
(the Python 3.11 docs), in one run, with the CPU each process spent per page, and trawl's
page set and markdown compared across the checkouts run.

Per round: the bare loop (httpx, ``--concurrency`` requests at once, lxml for the links,
every same-site URL fetched once, nothing stored), then a real trawl crawl ``--render auto``
by each checkout given with ``--root`` (default: this one), its worker in a process of its
own (the checkout's code) and a database of its own (the checkout's schema), against the
same Temporal, Postgres server and docs server. Each timed
run starts on a quiet machine (bench._services.settle). Prints pages/s and trawl / bare,
medians over rounds, CPU ms per page by process (bench.cpu_split), and whether every
checkout stored the same URLs with the same markdown.

    .venv/bin/python bench/auto_speed.py [--rounds 3] [--concurrency 4]
    git archive <commit> | tar -x -C /tmp/before      # the code before, as plain files
    .venv/bin/python bench/auto_speed.py --root /tmp/before --root .

Needs Debian's python3.11-doc (its html directory is served on 127.0.0.1).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
from sqlalchemy import text  # noqa: E402

from bench._services import local_services, settle, site_process  # noqa: E402
from bench.cpu_split import CpuSampler  # noqa: E402
from bench.crawl_speed import PYDOCS, new_links, parse_pydocs_args, pydocs_parser  # noqa: E402
from trawl.store.db import create_engine_async  # noqa: E402
from trawl.urls import canonicalize  # noqa: E402

MAX_PAGES = 10_000
WORKER_LABEL = "worker (Python)"
HTML_TYPES = ("text/html", "application/xhtml+xml")

# The crawl, run by a child process with the checkout's trawl first on sys.path (and a
# database of its own, with the checkout's schema): prints
# one JSON line, {pages, seconds, crawl_id}. Its in-process worker is trawl's own
# (crawl_worker: extraction processes, pools), as in `trawl worker`.
_CHILD = """
import asyncio, json, sys, time, uuid
from sqlalchemy import text
from trawl.model import CrawlInput, CrawlSpec
from trawl.store.db import create_engine_async
from trawl.worker.codec import connect
from trawl.worker.main import WorkerConfig, crawl_worker
from trawl.workflows.crawl import CrawlWorkflow

async def main(address, db_url, start, concurrency, max_pages):
    client = await connect(address)
    queue, crawl_id = "auto-" + uuid.uuid4().hex[:8], uuid.uuid4().hex[:10]
    spec = CrawlSpec(seeds=[start], concurrency=concurrency, render="auto",
                     max_pages=max_pages, max_depth=100).validated()
    async with crawl_worker(client, WorkerConfig(address, "default", queue, db_url)) as w, w:
        print("ready", flush=True)
        sys.stdin.readline()
        started = time.monotonic()
        await client.execute_workflow(CrawlWorkflow.run, CrawlInput(crawl_id, spec),
                                      id="auto-" + crawl_id, task_queue=queue)
        seconds = time.monotonic() - started
    engine = create_engine_async(db_url)
    async with engine.connect() as conn:
        pages = (await conn.execute(text("select count(*) from pages where crawl_id = :c"),
                                    {"c": crawl_id})).scalar_one()
    await engine.dispose()
    print(json.dumps({"pages": pages, "seconds": seconds, "crawl_id": crawl_id}), flush=True)

if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])))
"""


async def bare_http_loop(start: str, concurrency: int, max_pages: int) -> tuple[int, float]:
    """The simplest correct concurrent HTTP crawler: fetch, parse the HTML's links with lxml,
    follow those of the same site; (URLs fetched, seconds). Nothing is extracted or kept."""
    host = urlsplit(start).netloc
    seen = {canonicalize(start)}
    queue: asyncio.Queue[str] = asyncio.Queue()
    queue.put_nowait(canonicalize(start))
    fetched = 0
    async with httpx.AsyncClient(follow_redirects=True, timeout=30.0) as client:
        started = time.monotonic()

        async def worker() -> None:
            nonlocal fetched
            while True:
                url = await queue.get()
                try:
                    if fetched >= max_pages:
                        continue
                    try:
                        response = await client.get(url)
                    except httpx.HTTPError:
                        fetched += 1
                        continue
                    fetched += 1
                    ctype = response.headers.get("content-type", "").split(";")[0].strip()
                    if ctype not in HTML_TYPES or not response.content:
                        continue
                    for link in new_links(response.content, str(response.url), host, seen):
                        queue.put_nowait(link)
                finally:
                    queue.task_done()

        tasks = [asyncio.create_task(worker()) for _ in range(concurrency)]
        await queue.join()
        elapsed = time.monotonic() - started
        for task in tasks:
            task.cancel()
    return fetched, elapsed


def _upgrade_with(root: Path, db_url: str) -> None:
    subprocess.run([sys.executable, "-c", "import sys; from trawl.store.db import "
                    "upgrade_schema; upgrade_schema(sys.argv[1])", db_url],
                   cwd=root, env=dict(os.environ, PYTHONPATH=str(root)), check=True)


def _database_of(db_url: str, root: Path, index: int) -> str:
    """A database of its own for ``root``'s crawls, with ``root``'s schema (the checkouts'
    migrations may differ), on the benchmark's Postgres."""
    import psycopg
    from sqlalchemy import make_url

    name = f"trawl_root{index}"
    admin = make_url(db_url).set(drivername="postgresql", username="postgres")
    with psycopg.connect(admin.render_as_string(hide_password=False), autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name} OWNER trawl")
    url = make_url(db_url).set(database=name).render_as_string(hide_password=False)
    _upgrade_with(root, url)
    return url


def trawl_crawl(root: Path, address: str, db_url: str, start: str, concurrency: int,
                site_pid: int, roots: frozenset[int]) -> tuple[dict[str, object], CpuSampler]:
    """One crawl by ``root``'s code in a child process; its result and the CPU sampled."""
    child = subprocess.Popen([sys.executable, "-c", _CHILD, address, db_url, start,
                              str(concurrency), str(MAX_PAGES)],
                             cwd=root, env=dict(os.environ, PYTHONPATH=str(root)),
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert child.stdin is not None and child.stdout is not None
    if child.stdout.readline().strip() != "ready":
        raise RuntimeError(f"the crawl of {root} did not start")
    settle(db_url)
    sampler = CpuSampler(site_pid, {child.pid: WORKER_LABEL}, roots=roots | {child.pid})
    sampler.start()
    child.stdin.write("go\n")
    child.stdin.flush()
    result = json.loads(child.stdout.readline())
    child.wait(60)
    return result, sampler


async def markdown_digests(db_url: str, crawl_id: str, base: str) -> dict[str, str]:
    """{path: sha256 of the stored markdown (or of the error)} of a crawl."""
    engine = create_engine_async(db_url)
    async with engine.connect() as conn:
        rows = (await conn.execute(text(
            "select url, coalesce(markdown, ''), coalesce(error_class, '') from pages "
            "where crawl_id = :c"), {"c": crawl_id})).all()
    await engine.dispose()
    return {url.removeprefix(base): hashlib.sha256(f"{md}\0{err}".encode()).hexdigest()
            for url, md, err in rows}


async def main() -> None:
    parser = pydocs_parser(__doc__, rounds=3)
    parser.add_argument("--root", type=Path, action="append", default=[],
                        help="a checkout whose trawl crawls (repeatable; default: this one)")
    args = parse_pydocs_args(parser)
    roots = [r.resolve() for r in args.root] or [ROOT]
    names = ["bare loop"] + [f"trawl {r}" for r in roots]
    rates: dict[str, list[float]] = {name: [] for name in names}
    cpu: dict[str, list[dict[str, float]]] = {name: [] for name in names}
    busy: dict[str, list[float]] = {name: [] for name in names}
    same: list[str] = []
    with local_services(upgrade=False) as (address, db_url, tmp):
        db_urls = [_database_of(db_url, root, i) for i, root in enumerate(roots)]
        postmaster = int((tmp / "pg" / "postgres" / "postmaster.pid").read_text().split()[0])
        ours = frozenset({os.getpid(), postmaster})
        for i in range(args.rounds):
            with site_process(PYDOCS) as (base, site_pid):
                start = base + "/index.html"
                settle(db_url)
                sampler = CpuSampler(site_pid, roots=ours)
                sampler.start()
                pages, seconds = await bare_http_loop(start, args.concurrency, MAX_PAGES)
                per_kind, machine = sampler.finish()
                results = [("bare loop", pages, seconds, per_kind, machine)]
                digests = []
                for root, name, root_db in zip(roots, names[1:], db_urls, strict=True):
                    result, sampler = trawl_crawl(root, address, root_db, start,
                                                  args.concurrency, site_pid, ours)
                    per_kind, machine = sampler.finish()
                    results.append((name, int(result["pages"]),  # type: ignore[call-overload]
                                    float(result["seconds"]),  # type: ignore[arg-type]
                                    per_kind, machine))
                    digests.append(await markdown_digests(root_db, str(result["crawl_id"]),
                                                          base))
            for name, pages, seconds, per_kind, machine in results:
                rates[name].append(pages / seconds)
                cpu[name].append({k: v / pages * 1000 for k, v in per_kind.items()})
                busy[name].append(machine / seconds)
                ratio = pages / seconds / rates["bare loop"][-1]
                print(f"round {i + 1}: {name}: {pages} pages in {seconds:.1f} s = "
                      f"{pages / seconds:.1f} pages/s ({ratio:.2f}x the bare loop); machine "
                      f"busy {machine / seconds:.2f} cores", flush=True)
            if len(digests) > 1:
                first = digests[0]
                for root, other in zip(roots[1:], digests[1:], strict=True):
                    common = set(first) & set(other)
                    identical = sum(first[u] == other[u] for u in common)
                    same.append(f"round {i + 1}, {roots[0]} vs {root}: same URLs "
                                f"{set(first) == set(other)} ({len(first)} vs {len(other)}); "
                                f"identical markdown on {identical}/{len(common)}")
                    print(same[-1], flush=True)
    print(f"\nmachine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}; concurrency {args.concurrency}; {args.rounds} rounds; "
          f"medians; load average now {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    bare = statistics.median(rates["bare loop"])
    for name in names:
        rate = statistics.median(rates[name])
        ratios = ", ".join(f"{r / b:.2f}x" for r, b in zip(rates[name], rates["bare loop"],
                                                           strict=True))
        kinds = sorted({k for c in cpu[name] for k in c},
                       key=lambda k: -statistics.median(c.get(k, 0.0) for c in cpu[name]))
        split = ", ".join(f"{k} {statistics.median(c.get(k, 0.0) for c in cpu[name]):.1f}"
                          for k in kinds
                          if statistics.median(c.get(k, 0.0) for c in cpu[name]) >= 0.1)
        print(f"{name}: {rate:.1f} pages/s ({rate / bare:.2f}x the bare loop; rounds "
              f"{ratios}); machine busy {statistics.median(busy[name]):.2f} cores")
        print(f"  CPU ms per page: {split}")
    for line in same:
        print(line)


if __name__ == "__main__":  # the extraction processes import this module: nothing at import
    asyncio.run(main())
