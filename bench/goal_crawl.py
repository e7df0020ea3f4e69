"""Goal-directed crawling against breadth first, on a generated site with known targets.

The site: a home page linking to SECTIONS sections (blog, careers, docs, ... and "Plans and
pricing"), each a tree FANOUT wide and DEPTH deep, every page linking to its children and
back home. The targets are the TARGETS pages at the bottom of the pricing section, each
holding a plan (``.plan-name``, ``.plan-price``); nothing else does. Anchor texts say what
is below them, as real sites' do, and each page has a paragraph of filler text.

Each configuration crawls the whole site (``--render http``, a fresh crawl each time) and
the figure is how many pages it had fetched (``pages.id`` order) when the last target was
stored; then the goal crawl again with ``--extract`` (the plan fields) and
``--goal-pages TARGETS``, which stops once every target has data. Pages fetched are not a
timing figure: they hold under any load.

``--goal-rank model`` runs too, with a *scripted* OpenAI-compatible model on 127.0.0.1
(tests/modelsrv.py) that scores a link 10 when its text has one of a few pricing words it
"knows" (cost, tier, pric, plan) and 1 otherwise: its figure shows the plumbing (the
model's order is the one followed, its tokens counted), not what a real model would judge.
``--synonyms`` names the pricing section and its subsections in words the goal does not
use ("What it costs", "Starter tier"...), where the lexical score has nothing to go on.

    .venv/bin/python bench/goal_crawl.py [--concurrency 1 --concurrency 4] [--synonyms]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import os
import statistics
import sys
import tempfile
import threading
import uuid
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import text  # noqa: E402

from bench._services import local_services  # noqa: E402
from tests.modelsrv import ranking_script, serve_model  # noqa: E402
from trawl.model import CrawlInput, CrawlSpec  # noqa: E402
from trawl.store.db import create_engine_async  # noqa: E402
from trawl.urls import canonicalize  # noqa: E402
from trawl.worker.codec import connect  # noqa: E402
from trawl.worker.main import WorkerConfig, crawl_worker  # noqa: E402
from trawl.workflows.crawl import CrawlWorkflow  # noqa: E402

SECTIONS = ["Blog", "Careers", "Docs", "News", "Events", "Community", "Partners", "Press",
            "Support", "Security", "Legal", "Plans and pricing"]
FANOUT = 4
DEPTH = 3
TARGETS = 4
GOAL = "pricing plans and their monthly prices"
FILLER = ("This page is part of our website. It has a few sentences of ordinary text so "
          "that it reads like a real page and has enough words to be stored. ")
EXTRACT = {"fields": {"plan": {"css": ".plan-name", "required": True},
                      "price": {"css": ".plan-price", "type": "number", "required": True}}}
SUBTOPICS = {"Plans and pricing": ["Team plans", "Business plans", "Enterprise plans",
                                   "Compare plans"]}
SYNONYMS = ("What it costs", ["Starter tier", "Growth tier", "Scale tier", "Compare tiers"])
"""The pricing section and its subsections with --synonyms."""
KNOWS = ("cost", "tier", "pric", "plan")
"""What the scripted ranker scores 10 (anything else 1)."""


def _page(title: str, body: str, links: list[tuple[str, str]]) -> str:
    items = "".join(f'<li><a href="{href}">{label}</a></li>' for href, label in links)
    return (f"<html><head><title>{title}</title></head><body><main><h1>{title}</h1>"
            f"<p>{FILLER * 2}</p>{body}<ul>{items}</ul></main></body></html>")


def build_site(root: Path, synonyms: bool = False) -> tuple[int, set[str]]:
    """Write the site; (pages, target paths)."""
    targets: set[str] = set()
    pages = 1
    home_links = []
    sections = [*SECTIONS[:-1], SYNONYMS[0]] if synonyms else SECTIONS
    subtopics_of = {SYNONYMS[0]: SYNONYMS[1]} if synonyms else SUBTOPICS
    for s, section in enumerate(sections):
        slug = f"s{s}"
        home_links.append((f"/{slug}/index.html", section))
        subtopics = subtopics_of.get(section, [f"{section} topic {i}"
                                               for i in range(FANOUT)])
        pages += _tree(root, slug, section, subtopics, 1, targets)
    (root / "index.html").write_text(_page("Home", "", home_links))
    return pages, targets


def _tree(root: Path, path: str, title: str, subtopics: list[str], depth: int,
          targets: set[str]) -> int:
    directory = root / path
    directory.mkdir(parents=True, exist_ok=True)
    links: list[tuple[str, str]] = [("/index.html", "Home")]
    count = 1
    body = ""
    is_pricing = path.startswith(f"s{len(SECTIONS) - 1}")
    if depth < DEPTH:
        for i in range(FANOUT):
            child = f"{path}/c{i}"
            label = subtopics[i] if depth == 1 else f"{title} part {i}"
            links.append((f"/{child}/index.html", label))
            count += _tree(root, child, label, subtopics, depth + 1, targets)
    elif is_pricing and len(targets) < TARGETS and path.endswith("c0"):
        plan = f"{title.split(' part')[0]} {len(targets) + 1}"
        body = (f'<div class=plan><h2 class=plan-name>{plan}</h2>'
                f'<p class=plan-price>${(len(targets) + 1) * 10} per month</p></div>')
        targets.add(f"/{path}/index.html")
    (directory / "index.html").write_text(_page(title, body, links))
    return count


@contextlib.contextmanager
def serve(root: Path) -> Iterator[str]:
    handler = functools.partial(_Quiet, directory=str(root))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


async def crawl(address: str, db_url: str, spec: CrawlSpec) -> str:
    crawl_id = uuid.uuid4().hex[:10]
    queue = f"bench-goal-{crawl_id}"
    client = await connect(address)
    cfg = WorkerConfig(address, "default", queue, db_url)
    async with crawl_worker(client, cfg) as worker, worker:
        await client.execute_workflow(CrawlWorkflow.run, CrawlInput(crawl_id, spec.validated()),
                                      id=f"bench-goal-{crawl_id}", task_queue=queue)
    return crawl_id


def knowing(anchor: str, url: str) -> int:
    return 10 if any(word in anchor.lower() for word in KNOWS) else 1


async def fetched_until_all(db_url: str, crawl_id: str, base: str,
                            targets: set[str]) -> tuple[int | None, int, int]:
    """(pages fetched when the last target was stored or None, pages fetched in all, the
    crawl's model tokens)."""
    engine = create_engine_async(db_url)
    try:
        async with engine.connect() as conn:
            urls = [r[0] for r in await conn.execute(text(
                "select url from pages where crawl_id = :c order by id"), {"c": crawl_id})]
            tokens = (await conn.execute(text("select model_tokens from crawls where id = :c"),
                                         {"c": crawl_id})).scalar_one()
    finally:
        await engine.dispose()
    wanted = {canonicalize(base + t) for t in targets}
    seen = 0
    for n, url in enumerate(urls, 1):
        if url in wanted:
            seen += 1
            if seen == len(wanted):
                return n, len(urls), int(tokens)
    return None, len(urls), int(tokens)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--concurrency", type=int, action="append")
    parser.add_argument("--rounds", type=int, default=3,
                        help="crawls per configuration (the median is printed)")
    parser.add_argument("--synonyms", action="store_true",
                        help="name the pricing section in words the goal does not use")
    args = parser.parse_args()
    concurrencies = args.concurrency or [1, 4]
    with tempfile.TemporaryDirectory() as tmp, local_services() as (address, db_url, _), \
            serve_model(ranking_script(knowing)) as model_server:
        os.environ.update(OPENAI_BASE_URL=model_server.base_url, OPENAI_API_KEY="sk-bench")
        total, targets = build_site(Path(tmp), args.synonyms)
        print(f"site: {total} pages, {len(targets)} targets at depth {DEPTH + 1}, "
              f"goal {GOAL!r}{', pricing named in synonyms' if args.synonyms else ''}; "
              f"load {os.getloadavg()[0]:.1f}")
        with serve(Path(tmp)) as base:
            print(f"{'concurrency':>11}  {'crawl':<40} {'fetched to reach all targets':>34}"
                  f"  {'fetched in all':>14}  {'model tokens':>12}")
            for concurrency in concurrencies:
                common = {"seeds": [base + "/index.html"], "render": "http",
                          "concurrency": concurrency, "max_pages": 10_000,
                          "respect_robots": False, "sitemap": "skip"}
                runs = [("breadth first", CrawlSpec(**common)),
                        ("--goal", CrawlSpec(**common, goal=GOAL)),
                        ("--goal --goal-rank model (scripted)", CrawlSpec(
                            **common, goal=GOAL, goal_rank="model",
                            model="openai:scripted-ranker")),
                        ("--goal --extract --goal-pages", CrawlSpec(
                            **common, goal=GOAL, extract=EXTRACT, goal_pages=len(targets)))]
                for name, spec in runs:
                    reached_all, fetched_all, tokens_all = [], [], []
                    for _ in range(args.rounds):
                        crawl_id = await crawl(address, db_url, spec)
                        reached, fetched, tokens = await fetched_until_all(
                            db_url, crawl_id, base, targets)
                        reached_all.append(reached if reached is not None else 10**9)
                        fetched_all.append(fetched)
                        tokens_all.append(tokens)
                    med = statistics.median(reached_all)
                    shown = ("not all reached" if med >= 10**9 else
                             f"{med:g} (runs: {', '.join(map(str, reached_all))})")
                    print(f"{concurrency:>11}  {name:<40} {shown:>34}  "
                          f"{statistics.median(fetched_all):>14g}  "
                          f"{statistics.median(tokens_all):>12g}", flush=True)


if __name__ == "__main__":
    asyncio.run(main())
