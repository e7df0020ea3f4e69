"""What trawl's browser mode asks of Chromium, apart from the rest of trawl: a bare
Playwright loop on the Python 3.11 docs in four variants, side by side in one run.

- bare:     bench.crawl_speed.bare_loop: goto(load), page.content(), follow <a href> within
            the site;
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

import asyncio
import os
import platform
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.async_api import BrowserContext, Page  # noqa: E402

from bench._services import settle, site_process  # noqa: E402
from bench.crawl_speed import (  # noqa: E402
    PYDOCS,
    bare_loop,
    parse_pydocs_args,
    pydocs_parser,
)
from trawl.browser.capture import CAPTURE_JS  # noqa: E402
from trawl.crawler.render import SNAPSHOT_JS, settle_args  # noqa: E402

VARIANTS = {"bare": (False, False), "guard": (True, False), "snapshot": (False, True),
            "both": (True, True)}
PAGE_TIMEOUT_S = 30
MAX_PAGES = 10_000


async def crawl(start: str, concurrency: int, guard: bool, snapshot: bool) -> float:
    """One crawl of the site from ``start`` by the bare loop with the pieces asked for;
    pages/s."""
    async def capture(context: BrowserContext) -> None:
        await context.add_init_script(CAPTURE_JS)

    async def intercept(context: BrowserContext, page: Page) -> None:
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

    async def read_like_trawl(page: Page) -> str:
        read = await page.evaluate(SNAPSHOT_JS, [True, True, settle_args(PAGE_TIMEOUT_S)])
        return str(read["html"])

    extras: dict[str, Any] = {}
    if snapshot:
        extras.update(prepare_context=capture, read=read_like_trawl)
    if guard:
        extras.update(prepare_page=intercept)
    pages, seconds = await bare_loop(start, concurrency, MAX_PAGES, **extras)
    return pages / seconds


async def main() -> None:
    args = parse_pydocs_args(pydocs_parser(__doc__, rounds=2))
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
