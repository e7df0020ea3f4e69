"""Goal-directed crawls (issue 30), end to end on real Temporal and Postgres: with ``--goal``
the frontier is claimed most relevant first, so the pages a crawl looks for are reached
after far fewer pages than breadth first; with ``--extract`` and ``--goal-pages`` the crawl
stops once that many pages have data, completed, and says the goal was met.
(bench/goal_crawl.py measures the same on a larger site.)"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

from tests.conftest import scalar_rows
from tests.crawlkit import run_crawl
from tests.sitesrv import serve
from trawl.api.crawls import intent_summary
from trawl.model import CrawlSpec
from trawl.store.crawls import crawl_record

SECTIONS = ["Blog", "Careers", "Docs", "News", "Events", "Plans and pricing"]
FANOUT = 3
GOAL = "pricing plans and monthly prices"
FILLER = "An ordinary paragraph of text so that every page reads like a real page does. " * 3


def _page(title: str, body: str, links: list[tuple[str, str]]) -> str:
    items = "".join(f'<li><a href="{h}">{t}</a></li>' for h, t in links)
    return (f"<html><head><title>{title}</title></head><body><main><h1>{title}</h1>"
            f"<p>{FILLER}</p>{body}<ul>{items}</ul></main></body></html>")


def _site(root: Path) -> set[str]:
    """Sections three deep; the targets are the bottom pages of the pricing section."""
    targets = set()
    home = []
    for s, section in enumerate(SECTIONS):
        pricing = section == "Plans and pricing"
        home.append((f"/s{s}/", section))
        kids = []
        for i in range(FANOUT):
            label = f"{['Team', 'Business', 'Enterprise'][i]} plans" if pricing else \
                f"{section} topic {i}"
            kids.append((f"/s{s}/c{i}/", label))
            leaves = []
            for j in range(FANOUT):
                leaf = f"/s{s}/c{i}/l{j}/"
                body = ""
                if pricing and j == 0:
                    body = (f"<h2 class=plan>{label} {j}</h2><p class=price>Only "
                            f"${(i + 1) * 10} per month, billed monthly.</p>")
                    targets.add(leaf)
                leaves.append((leaf, f"{label} page {j}"))
                (root / leaf.strip("/")).mkdir(parents=True, exist_ok=True)
                (root / leaf.strip("/") / "index.html").write_text(
                    _page(f"{label} page {j}", body, [("/", "Home")]))
            (root / f"s{s}/c{i}/index.html").write_text(_page(label, "", leaves))
        (root / f"s{s}/index.html").write_text(_page(section, "", kids))
    (root / "index.html").write_text(_page("Home", "", home))
    return targets


async def _order(engine: AsyncEngine, crawl_id: str) -> list[str]:
    rows = await scalar_rows(engine, "select url from pages where crawl_id = :c order by id",
                             c=crawl_id)
    return [r[0] for r in rows]


def _reached_all(order: list[str], targets: set[str]) -> int:
    left = set(targets)
    for n, url in enumerate(order, 1):
        left.discard(url)
        if not left:
            return n
    raise AssertionError(f"targets never fetched: {sorted(left)}")


async def test_a_goal_reaches_its_targets_first_and_stops_when_met(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path) -> None:
    paths = _site(tmp_path / "site")
    with serve(tmp_path / "site") as site:
        targets = {site.base + p for p in paths}
        common = {"seeds": [site.base + "/"], "render": "http", "concurrency": 1,
                  "sitemap": "skip"}
        bfs_id, _ = await run_crawl(temporal_client, temporal_address, database_url,
                                    task_queue + "-bfs", CrawlSpec(**common))
        goal_id, _ = await run_crawl(temporal_client, temporal_address, database_url,
                                     task_queue + "-goal", CrawlSpec(**common, goal=GOAL))
        extract = {"fields": {"plan": {"css": ".plan", "required": True},
                              "price": {"css": ".price", "type": "number"}}}
        met_id, met = await run_crawl(temporal_client, temporal_address, database_url,
                                      task_queue + "-met", CrawlSpec(
                                          **common, goal=GOAL, extract=extract,
                                          goal_pages=len(targets)))
    bfs, goal, stopped = [await _order(engine, i) for i in (bfs_id, goal_id, met_id)]
    total = 1 + len(SECTIONS) * (1 + FANOUT + FANOUT * FANOUT)
    assert len(bfs) == len(goal) == total  # the same site, crawled whole both ways
    # the minimum is home, the section, its 3 subpages and the 3 targets: 8 pages
    assert _reached_all(goal, targets) <= 12 < _reached_all(bfs, targets)
    assert met.status == "completed"
    assert _reached_all(stopped, targets) == len(stopped) < total  # stopped when met
    record = await crawl_record(engine, met_id)
    assert intent_summary(record)["goal_met"] is True
    data = await scalar_rows(engine, "select data->>'price' from pages where crawl_id = :c "
                                     "and data is not null order by 1", c=met_id)
    assert [r[0] for r in data] == ["10", "20", "30"]
    (queued,), = await scalar_rows(engine, "select count(*) from crawl_urls where "
                                           "crawl_id = :c and status = 'queued'", c=met_id)
    assert queued > 0  # what the goal made unnecessary stays queued, never claimed
