"""Render modes side by side on the Python 3.11 docs: a bare Playwright loop,
trawl --render browser and trawl --render auto, in one run, rounds alternating.

The comparison: all three start from the same URL of the same site (served from a process
of its own) with the same concurrency (``--concurrency``: the bare loop's tabs, trawl's
load slots per site) and the same Chromium (trawl's launcher, its flags). The bare loop
(bench.crawl_speed.bare_loop) is the simplest correct crawler: load to the load event, take
page.content(), follow <a href> within the site; no settle, no expansion, no address guard,
no extraction, nothing stored. trawl does all of that, durably (Temporal, Postgres), in its
real worker; browser mode renders every page. The figures: pages/s per round and their
medians, and each mode's ratio to the bare loop of the same round and of the medians.
The cost of settling shows in how many of browser mode's pages waited after their load
event at all, and how long (pages.metadata settle_ms).

Each timed run starts on a quiet machine (bench._services.settle: what the run before left
to Postgres and Chromium is done first). Prints pages/s (medians), the ratios to the bare
loop, whether browser and auto stored the same page set, on how many pages their extracted
markdown is identical, the peak RSS of the process tree running the worker (this process,
its extraction processes and Chromium; the Temporal and Postgres servers and the site,
served from a process of its own, excluded) and the most history events in one workflow run.

    .venv/bin/python bench/render_modes.py [--rounds 3] [--concurrency 4]
"""

from __future__ import annotations

import asyncio
import os
import platform
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import text  # noqa: E402

from bench._services import local_services, settle, site_process  # noqa: E402
from bench.crawl_speed import (  # noqa: E402
    PYDOCS,
    bare_loop,
    parse_pydocs_args,
    pydocs_parser,
    trawl_crawl_id,
)
from bench.scale import RssSampler, history_lengths  # noqa: E402
from trawl.store.db import create_engine_async  # noqa: E402
from trawl.worker.codec import connect  # noqa: E402

MAX_PAGES = 10_000


async def markdown_of(db_url: str, crawl_id: str, base: str) -> dict[str, str | None]:
    engine = create_engine_async(db_url)
    async with engine.connect() as conn:
        rows = (await conn.execute(text("select url, markdown from pages where crawl_id = :c"),
                                   {"c": crawl_id})).all()
    await engine.dispose()
    return {url.removeprefix(base): md for url, md in rows}


async def settle_costs(db_url: str, crawl_id: str) -> tuple[int, int, int, int]:
    """Browser mode's waits after the load event: (pages stored, pages that waited at all,
    total ms waited, pages whose settle budget ran out)."""
    engine = create_engine_async(db_url)
    async with engine.connect() as conn:
        row = (await conn.execute(text(
            "select count(*), count(*) filter (where (metadata->>'settle_ms')::int > 0), "
            "coalesce(sum((metadata->>'settle_ms')::int), 0), "
            "count(*) filter (where metadata ? 'settle_timed_out') "
            "from pages where crawl_id = :c"), {"c": crawl_id})).one()
    await engine.dispose()
    return int(row[0]), int(row[1]), int(row[2]), int(row[3])


async def main() -> None:
    args = parse_pydocs_args(pydocs_parser(__doc__, rounds=3))
    rates: dict[str, list[float]] = {"bare loop": [], "trawl browser": [], "trawl auto": []}
    same_set: list[bool] = []
    same_md: list[float] = []
    settles: list[tuple[int, int, int, int]] = []
    peak_rss: dict[str, int] = {"trawl browser": 0, "trawl auto": 0}
    max_events: dict[str, int] = {"trawl browser": 0, "trawl auto": 0}
    with local_services() as (address, db_url, _):
        client = await connect(address)
        for i in range(args.rounds):
            # a fresh server per round: its port is part of every URL
            with site_process(PYDOCS) as (base, site_pid):
                start = base + "/index.html"
                settled = [settle(db_url)]
                pages, secs = await bare_loop(start, args.concurrency, MAX_PAGES)
                rates["bare loop"].append(pages / secs)
                crawled: dict[str, dict[str, str | None]] = {}
                for mode in ("browser", "auto"):
                    settled.append(settle(db_url))
                    sampler = RssSampler(os.getpid(), exclude=("temporal", "postgres"),
                                         exclude_pids=frozenset({site_pid}))
                    sampler.start()
                    try:
                        pages, secs, crawl_id = await trawl_crawl_id(
                            client, address, db_url, start, args.concurrency, mode, MAX_PAGES)
                    finally:
                        sampler.stop.set()
                    name = f"trawl {mode}"
                    rates[name].append(pages / secs)
                    peak_rss[name] = max(peak_rss[name], sampler.peak)
                    runs = await history_lengths(client, f"bench-{crawl_id}")
                    max_events[name] = max([max_events[name], *(n for _, n in runs)])
                    crawled[mode] = await markdown_of(db_url, crawl_id, base)
                    if mode == "browser":
                        settles.append(await settle_costs(db_url, crawl_id))
            browser, auto = crawled["browser"], crawled["auto"]
            same_set.append(set(browser) == set(auto))
            common = set(browser) & set(auto)
            same_md.append(sum(browser[u] == auto[u] for u in common) / max(len(common), 1))
            stored, waited, waited_ms, timed_out = settles[-1]
            print(f"round {i + 1}: " + ", ".join(f"{k} {v[-1]:.2f} pages/s"
                                                for k, v in rates.items())
                  + "; ratios to the bare loop: " + ", ".join(
                      f"{k.removeprefix('trawl ')} {v[-1] / rates['bare loop'][-1]:.2f}x"
                      for k, v in rates.items() if k != "bare loop")
                  + f"; browser settled {waited}/{stored} pages after load "
                    f"({waited_ms / 1000:.1f} s in all, {timed_out} timed out)"
                  + f"; same page set {same_set[-1]} ({len(browser)} vs {len(auto)}); "
                    f"identical markdown on {same_md[-1]:.1%} of pages; quiet after "
                    + "/".join(f"{s:.0f}" for s in settled) + " s", flush=True)
    med = {k: statistics.median(v) for k, v in rates.items()}
    print()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}; concurrency {args.concurrency}; {args.rounds} rounds;"
          " medians")
    for name, value in med.items():
        rounds = ", ".join(f"{r:.2f}" for r in rates[name])
        ratios = ", ".join(f"{r / b:.2f}x" for r, b in zip(rates[name], rates["bare loop"],
                                                           strict=True))
        print(f"{name:14s} {value:6.2f} pages/s  ({value / med['bare loop']:.2f}x bare loop; "
              f"rounds {rounds} pages/s" + (f", {ratios}" if name != "bare loop" else "")
              + ")")
    for name in peak_rss:
        print(f"{name}: peak RSS {peak_rss[name] / 2**20:.0f} MiB; most events in one workflow "
              f"run {max_events[name]}")
    print(f"browser vs auto: same page set in {sum(same_set)}/{len(same_set)} rounds; "
          f"identical markdown on {min(same_md):.1%} of pages at worst (target >= 99%)")


if __name__ == "__main__":
    asyncio.run(main())
