"""What trawl's browser mode asks of Chromium, apart from the rest of trawl: a bare
Playwright loop on the Python 3.11 docs in four variants, side by side in one run.

- bare:     goto(load), page.content(), follow <a href> within the site (bench.crawl_speed);
- guard:    + every request held at CDP's request stage and let go from Python, as the
            address guard does (trawl.browser.tab; here without the DNS check, whose verdict
            trawl caches per origin);
- snapshot: + trawl's capture script in every document, and the page read with trawl's read
            script (settle, expand, cookie banner, serialise, visible words: crawler.render)
            instead of page.content();
- both:     guard + snapshot.

Same Chromium (trawl's launcher), concurrency 4, each timed run started quiet; prints
pages/s per round and the medians' ratios to the bare loop. The difference between "both"
and trawl --render browser (bench/render_modes.py) is what trawl does outside Chromium:
extraction, Temporal, Postgres, tab and context recycling.

    .venv/bin/python bench/browser_costs.py [--rounds 2]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lxml import html as lxml_html  # noqa: E402
from playwright.async_api import async_playwright  # noqa: E402

from bench._services import settle, site_process  # noqa: E402
from bench.crawl_speed import PYDOCS  # noqa: E402
from trawl.browser.capture import CAPTURE_JS  # noqa: E402
from trawl.browser.launch import launch_chromium  # noqa: E402
from trawl.crawler.render import SNAPSHOT_JS, settle_args  # noqa: E402
from trawl.urls import canonicalize  # noqa: E402

VARIANTS = {"bare": (False, False), "guard": (True, False), "snapshot": (False, True),
            "both": (True, True)}
PAGE_TIMEOUT_S = 30


async def crawl(start: str, concurrency: int, guard: bool, snapshot: bool) -> float:
    """One crawl of the site from ``start``; pages/s."""
    host = urlsplit(start).netloc
    seen = {canonicalize(start)}
    queue: asyncio.Queue[str] = asyncio.Queue()
    queue.put_nowait(canonicalize(start))
    pages = 0
    async with async_playwright() as p:
        browser = await launch_chromium(p)
        context = await browser.new_context()
        if snapshot:
            await context.add_init_script(CAPTURE_JS)
        started = time.monotonic()

        async def worker() -> None:
            nonlocal pages
            page = await context.new_page()
            if guard:
                cdp = await context.new_cdp_session(page)
                pending: set[asyncio.Future[Any]] = set()

                def on_paused(event: dict[str, Any]) -> None:
                    sent = asyncio.ensure_future(cdp.send("Fetch.continueRequest",
                                                          {"requestId": event["requestId"]}))
                    pending.add(sent)
                    sent.add_done_callback(pending.discard)

                cdp.on("Fetch.requestPaused", on_paused)
                await cdp.send("Fetch.enable", {"patterns": [{"urlPattern": "*",
                                                              "requestStage": "Request"}]})
            while True:
                url = await queue.get()
                try:
                    try:
                        await page.goto(url, wait_until="load", timeout=PAGE_TIMEOUT_S * 1000)
                        if snapshot:
                            read = await page.evaluate(SNAPSHOT_JS, [True, True,
                                                                     settle_args(PAGE_TIMEOUT_S)])
                            content = read["html"]
                        else:
                            content = await page.content()
                    except Exception:  # a download or an error: counted as visited
                        pages += 1
                        continue
                    pages += 1
                    for href in lxml_html.fromstring(content or "<html/>").xpath("//a/@href"):
                        try:
                            link = canonicalize(urljoin(page.url, href))
                        except Exception:
                            continue
                        if urlsplit(link).netloc == host and link not in seen:
                            seen.add(link)
                            queue.put_nowait(link)
                finally:
                    queue.task_done()

        tasks = [asyncio.create_task(worker()) for _ in range(concurrency)]
        await queue.join()
        elapsed = time.monotonic() - started
        for task in tasks:
            task.cancel()
        await browser.close()
    return pages / elapsed


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--concurrency", type=int, default=4)
    args = parser.parse_args()
    if not PYDOCS.exists():
        sys.exit("needs the Python 3.11 docs: apt-get install python3.11-doc")
    rates: dict[str, list[float]] = {name: [] for name in VARIANTS}
    for i in range(args.rounds):
        with site_process(PYDOCS) as (base, _pid):
            for name, (guard, snapshot) in VARIANTS.items():
                settle()
                rates[name].append(await crawl(base + "/index.html", args.concurrency, guard,
                                               snapshot))
                print(f"round {i + 1}: {name:8s} {rates[name][-1]:.2f} pages/s", flush=True)
    bare = statistics.median(rates["bare"])
    print(f"\nmachine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}; concurrency {args.concurrency}; {args.rounds} rounds;"
          " medians")
    for name, values in rates.items():
        median = statistics.median(values)
        print(f"{name:8s} {median:6.2f} pages/s  {median / bare:.3f}x bare")


if __name__ == "__main__":
    asyncio.run(main())
