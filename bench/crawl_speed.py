"""Crawl speed: trawl vs a bare Playwright loop on the Python 3.11 docs, side by side.

All use the same Chromium (trawl's launcher), the same concurrency and the same start URL.
Two bare Playwright loops, no Temporal and no database: one only renders and follows
<a href> within the site; the other also runs trawl's extraction on every page, in one
spawned extraction process as trawl's worker does. trawl runs a real crawl (Temporal dev
server, Postgres, worker, extraction, storage). Rounds alternate; medians are compared:
trawl / bare-with-extraction is the cost of durability (Temporal + Postgres), trawl /
bare-render-only is the whole difference.

    .venv/bin/python bench/crawl_speed.py [--rounds 3] [--concurrency 4] [--render browser]

Needs Debian's python3.11-doc (its html directory is served on 127.0.0.1).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import platform
import statistics
import sys
import time
import uuid
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from urllib.parse import urljoin, urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lxml import html as lxml_html  # noqa: E402
from playwright.async_api import BrowserContext, Page, async_playwright  # noqa: E402
from temporalio.client import Client  # noqa: E402

from bench._services import local_services, site_process  # noqa: E402
from trawl.browser.launch import launch_chromium  # noqa: E402
from trawl.extract import extract  # noqa: E402
from trawl.model import CrawlInput, CrawlSpec  # noqa: E402
from trawl.store.db import create_engine_async  # noqa: E402
from trawl.urls import canonicalize  # noqa: E402
from trawl.worker.codec import connect  # noqa: E402
from trawl.worker.main import WorkerConfig, crawl_worker  # noqa: E402
from trawl.workflows.crawl import CrawlWorkflow  # noqa: E402

PYDOCS = Path("/usr/share/doc/python3.11/html")


def pydocs_parser(doc: str, rounds: int) -> argparse.ArgumentParser:
    """The arguments every Python-docs benchmark takes (``doc``: its module docstring)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=rounds)
    parser.add_argument("--concurrency", type=int, default=4)
    return parser


def parse_pydocs_args(parser: argparse.ArgumentParser) -> argparse.Namespace:
    """The parsed arguments; exits saying what to install when the docs are missing."""
    args = parser.parse_args()
    if not PYDOCS.exists():
        sys.exit("needs the Python 3.11 docs: apt-get install python3.11-doc")
    return args


async def _content(page: Page) -> str:
    return await page.content()


def new_links(html: str | bytes, url: str, host: str, seen: set[str]) -> list[str]:
    """The page's links to ``host`` not in ``seen`` (canonical; added to ``seen``): what a
    bare crawl loop follows."""
    links = []
    for href in lxml_html.fromstring(html).xpath("//a/@href"):
        try:
            link = canonicalize(urljoin(url, href))
        except Exception:
            continue
        if urlsplit(link).netloc == host and link not in seen:
            seen.add(link)
            links.append(link)
    return links


async def bare_loop(start: str, concurrency: int, max_pages: int,
                    extractor: Executor | None = None, *,
                    prepare_context: Callable[[BrowserContext], Awaitable[None]] | None = None,
                    prepare_page: Callable[[BrowserContext, Page], Awaitable[None]] | None = None,
                    read: Callable[[Page], Awaitable[str]] = _content) -> tuple[int, float]:
    """The simplest correct concurrent crawler with Playwright: returns (pages, seconds).

    With an ``extractor``, every page also goes through trawl.extract there.
    ``prepare_context`` and ``prepare_page`` (each tab, once) and ``read`` (the page's HTML
    after its load event; default ``page.content()``) let bench/browser_costs.py add
    trawl's pieces to it one at a time.
    """
    host = urlsplit(start).netloc
    seen = {canonicalize(start)}
    queue: asyncio.Queue[str] = asyncio.Queue()
    queue.put_nowait(canonicalize(start))
    pages = 0
    async with async_playwright() as p:
        browser = await launch_chromium(p)
        context = await browser.new_context()
        if prepare_context is not None:
            await prepare_context(context)
        started = time.monotonic()

        async def worker() -> None:
            nonlocal pages
            page = await context.new_page()
            if prepare_page is not None:
                await prepare_page(context, page)
            while True:
                url = await queue.get()
                try:
                    if pages >= max_pages:
                        continue
                    try:
                        await page.goto(url, wait_until="load", timeout=30_000)
                        content = await read(page)
                    except Exception:
                        # a download (non-HTML) or an error: counted as visited
                        pages += 1
                        page = await context.new_page()
                        if prepare_page is not None:
                            await prepare_page(context, page)
                        continue
                    pages += 1
                    if extractor is not None:
                        await asyncio.get_running_loop().run_in_executor(
                            extractor, extract, content, page.url)
                    for link in new_links(content or "<html/>", page.url, host, seen):
                        queue.put_nowait(link)
                finally:
                    queue.task_done()

        tasks = [asyncio.create_task(worker()) for _ in range(concurrency)]
        await queue.join()
        elapsed = time.monotonic() - started
        for t in tasks:
            t.cancel()
        await browser.close()
    return pages, elapsed


async def trawl_crawl(client: Client, address: str, db_url: str, start: str, concurrency: int,
                      render: str, max_pages: int) -> tuple[int, float]:
    pages, elapsed, _ = await trawl_crawl_id(client, address, db_url, start, concurrency,
                                             render, max_pages)
    return pages, elapsed


async def trawl_crawl_id(client: Client, address: str, db_url: str, start: str,
                         concurrency: int, render: str,
                         max_pages: int) -> tuple[int, float, str]:
    """A real trawl crawl with an in-process worker: (pages stored, seconds, crawl id)."""
    queue = f"bench-{uuid.uuid4().hex[:8]}"
    crawl_id = uuid.uuid4().hex[:10]
    cfg = WorkerConfig(address, "default", queue, db_url)
    spec = CrawlSpec(seeds=[start], concurrency=concurrency, render=render,
                     max_pages=max_pages, max_depth=100).validated()
    async with crawl_worker(client, cfg) as worker, worker:
        started = time.monotonic()
        await client.execute_workflow(CrawlWorkflow.run, CrawlInput(crawl_id, spec),
                                      id=f"bench-{crawl_id}", task_queue=queue)
        elapsed = time.monotonic() - started
    engine = create_engine_async(db_url)
    from sqlalchemy import text
    async with engine.connect() as conn:
        pages = (await conn.execute(text("select count(*) from pages where crawl_id = :c"),
                                    {"c": crawl_id})).scalar_one()
    await engine.dispose()
    return int(pages), elapsed, crawl_id


async def main() -> None:
    parser = pydocs_parser(__doc__, rounds=3)
    parser.add_argument("--render", default="browser", choices=["browser", "http"])
    parser.add_argument("--max-pages", type=int, default=10_000)
    args = parse_pydocs_args(parser)

    with local_services() as (address, db_url, _):
        client = await connect(address)
        runs: dict[str, list[tuple[int, float]]] = {
            "bare loop, render only": [], "bare loop + extraction": [], "trawl": []}

        def report(name: str, i: int) -> None:
            pages, secs = runs[name][-1]
            print(f"round {i + 1}: {name:24s} {pages} pages in {secs:6.1f}s = "
                  f"{pages / secs:.2f} pages/s", flush=True)

        extractor = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        with site_process(PYDOCS) as (base, _):
            start = base + "/index.html"
            for i in range(args.rounds):
                runs["bare loop, render only"].append(
                    await bare_loop(start, args.concurrency, args.max_pages))
                report("bare loop, render only", i)
                runs["bare loop + extraction"].append(
                    await bare_loop(start, args.concurrency, args.max_pages, extractor))
                report("bare loop + extraction", i)
                runs["trawl"].append(await trawl_crawl(client, address, db_url, start,
                                                       args.concurrency, args.render,
                                                       args.max_pages))
                report("trawl", i)
        extractor.shutdown()
        rate = {name: statistics.median(p / s for p, s in r) for name, r in runs.items()}
        print()
        print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
              f"{platform.python_version()}; concurrency {args.concurrency}; trawl render "
              f"{args.render}; {args.rounds} rounds; medians")
        for name, r in runs.items():
            print(f"{name:24s} {rate[name]:6.2f} pages/s  (pages {[p for p, _ in r]})")
        print(f"ratio trawl / bare loop + extraction: "
              f"{rate['trawl'] / rate['bare loop + extraction']:.2f}  (target >= 0.80)")
        print(f"ratio trawl / bare loop, render only: "
              f"{rate['trawl'] / rate['bare loop, render only']:.2f}")


if __name__ == "__main__":
    asyncio.run(main())
