"""One trawl crawl of the Python 3.11 docs by the code of another checkout: before/after
figures across commits, side by side on one machine.

    git worktree add ../before <commit>
    for i in 1 2 3; do
      for root in ../before .; do .venv/bin/python bench/checkout_speed.py $root; done
    done

Each run imports trawl (and bench) from ROOT, starts its own Temporal and Postgres
(bench._services.local_services), serves the docs from a process of its own, waits for a
quiet machine and crawls with an in-process worker (bench.crawl_speed.trawl_crawl_id);
prints pages, seconds and pages/s. Alternate the checkouts and compare the medians.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path


async def run(render: str, concurrency: int) -> str:
    from bench._services import local_services, settle, site_process
    from bench.crawl_speed import PYDOCS, trawl_crawl_id
    from trawl.worker.codec import connect

    with local_services() as (address, db_url, _):
        client = await connect(address)
        with site_process(PYDOCS) as (base, _pid):
            settle(db_url)
            pages, seconds, _ = await trawl_crawl_id(client, address, db_url,
                                                     base + "/index.html", concurrency, render,
                                                     10_000)
    return f"{pages} pages in {seconds:.1f}s = {pages / seconds:.2f} pages/s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path, help="the checkout whose trawl runs")
    parser.add_argument("--render", default="auto", choices=["auto", "http", "browser"])
    parser.add_argument("--concurrency", type=int, default=4)
    args = parser.parse_args()
    root = args.root.resolve()
    sys.path.insert(0, str(root))  # before this checkout's: its trawl and bench are used
    print(f"{root}: {asyncio.run(run(args.render, args.concurrency))}", flush=True)


if __name__ == "__main__":  # the extraction processes import this module: nothing at import
    main()
