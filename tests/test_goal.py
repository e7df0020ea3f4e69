"""Goal-directed crawls (issue 30), end to end on real Temporal and Postgres: with ``--goal``
the frontier is claimed most relevant first, so the pages a crawl looks for are reached
after far fewer pages than breadth first; with ``--extract`` and ``--goal-pages`` the crawl
stops once that many pages have data, completed, and says the goal was met. With
``--goal-rank model`` a (scripted, OpenAI-compatible, on 127.0.0.1) model ranks each page's
links: its order is the one followed, its failures fall back to the lexical score, its
tokens are counted and bounded by ``--max-model-tokens``.
(bench/goal_crawl.py measures the same on a larger site.)"""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

from tests.conftest import scalar_rows
from tests.crawlkit import run_crawl
from tests.modelsrv import ranking_script, serve_model
from tests.sitesrv import serve
from trawl.ai import BUDGET_SPENT
from trawl.api.crawls import intent_summary
from trawl.config import get_settings
from trawl.model import CrawlSpec
from trawl.store.crawls import crawl_record

SECTIONS = ["Blog", "Careers", "Docs", "News", "Events", "Plans and pricing"]
FANOUT = 3
GOAL = "pricing plans and monthly prices"
BUDGET = 3_000
"""--max-model-tokens of a ranked crawl: a few pages' rankings (each reserves its prompt's
estimate and 512 answer tokens first), not the site's."""
FILLER = "An ordinary paragraph of text so that every page reads like a real page does. " * 3


def _page(title: str, body: str, links: list[tuple[str, str]]) -> str:
    items = "".join(f'<li><a href="{h}">{t}</a></li>' for h, t in links)
    return (f"<html><head><title>{title}</title></head><body><main><h1>{title}</h1>"
            f"<p>{FILLER}</p>{body}<ul>{items}</ul></main></body></html>")


def _site(root: Path, pricing_section: str = "Plans and pricing",
          tiers: tuple[str, ...] = ("Team plans", "Business plans", "Enterprise plans")
          ) -> set[str]:
    """Sections three deep; the targets are the bottom pages of the pricing section (named
    ``pricing_section``, its subsections ``tiers``)."""
    targets = set()
    home = []
    for s, section in enumerate([*SECTIONS[:-1], pricing_section]):
        pricing = section == pricing_section
        home.append((f"/s{s}/", section))
        kids = []
        for i in range(FANOUT):
            label = tiers[i] if pricing else f"{section} topic {i}"
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


# -- --goal-rank model -------------------------------------------------------------------------

KNOWS = ("cost", "tier", "pric", "plan")
"""What the scripted ranker 'knows' goes with pricing: words lexical matching cannot tie to
the goal ("What it costs", "Starter tier"). A scripted model shows the plumbing (its order
is the one followed), not a real model's judgement."""


def _knowing(anchor: str, url: str) -> int:
    return 10 if any(word in anchor.lower() for word in KNOWS) else 1


@pytest.fixture
def model_env(monkeypatch: pytest.MonkeyPatch) -> Any:
    def use(base_url: str) -> str:
        monkeypatch.setenv("OPENAI_BASE_URL", base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-rank")
        get_settings.cache_clear()
        return f"openai:ranker-{uuid.uuid4().hex[:8]}"
    yield use
    monkeypatch.undo()
    get_settings.cache_clear()


async def _ranks(engine: AsyncEngine, crawl_id: str) -> list[dict[str, Any]]:
    rows = await scalar_rows(engine, "select metadata->'goal_rank' from pages where "
                                     "crawl_id = :c and metadata ? 'goal_rank'", c=crawl_id)
    return [r[0] for r in rows]


async def test_a_model_ranks_links_the_lexical_score_cannot(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path, model_env: Any) -> None:
    paths = _site(tmp_path / "site", "What it costs", ("Starter tier", "Growth tier",
                                                       "Scale tier"))
    with serve_model(ranking_script(_knowing)) as server, serve(tmp_path / "site") as site:
        model = model_env(server.base_url)
        targets = {site.base + p for p in paths}
        common = {"seeds": [site.base + "/"], "render": "http", "concurrency": 1,
                  "sitemap": "skip", "goal": GOAL}
        lexical_id, _ = await run_crawl(temporal_client, temporal_address, database_url,
                                        task_queue + "-lex", CrawlSpec(**common))
        ranked_id, ranked = await run_crawl(temporal_client, temporal_address, database_url,
                                            task_queue + "-rank", CrawlSpec(
                                                **common, goal_rank="model", model=model))
    assert ranked.status == "completed"
    lexical_order, ranked_order = [await _order(engine, i) for i in (lexical_id, ranked_id)]
    assert len(lexical_order) == len(ranked_order)
    # home, the section, its 3 subpages, the 3 targets: 8 at best
    assert _reached_all(ranked_order, targets) <= 12 < _reached_all(lexical_order, targets)
    ranks = await _ranks(engine, ranked_id)
    assert ranks and all(r["by"] == "model" and r["model"] == model for r in ranks)
    # every request's tokens: on the crawl, on its pages, in its status
    (spent,), = await scalar_rows(engine, "select model_tokens from crawls where id = :c",
                                  c=ranked_id)
    assert spent == len(server.requests) * 120 == sum(r["tokens"] for r in ranks)
    (on_pages,), = await scalar_rows(engine, "select sum(model_tokens) from pages where "
                                             "crawl_id = :c", c=ranked_id)
    assert on_pages == spent
    intent = intent_summary(await crawl_record(engine, ranked_id))
    assert intent == {"goal_rank": "model", "model_tokens": spent}


async def test_a_failing_or_unpaid_ranking_falls_back_to_lexical(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path, model_env: Any) -> None:
    paths = _site(tmp_path / "site")
    garbage = ranking_script(lambda anchor, url: 99)  # out of range: never valid
    with serve(tmp_path / "site") as site:
        targets = {site.base + p for p in paths}
        common = {"seeds": [site.base + "/"], "render": "http", "concurrency": 1,
                  "sitemap": "skip", "goal": GOAL, "goal_rank": "model"}
        with serve_model(garbage) as server:
            bad_id, bad = await run_crawl(temporal_client, temporal_address, database_url,
                                          task_queue + "-bad", CrawlSpec(
                                              **common, model=model_env(server.base_url)))
            asked = len(server.requests)
        with serve_model(ranking_script(_knowing)) as server:
            poor_id, poor = await run_crawl(temporal_client, temporal_address, database_url,
                                            task_queue + "-poor", CrawlSpec(
                                                **common, model=model_env(server.base_url),
                                                max_model_tokens=BUDGET))
    assert bad.status == poor.status == "completed"
    # never a made-up order: the lexical one, and each page says why
    bad_ranks = await _ranks(engine, bad_id)
    assert bad_ranks and all(r["by"] == "lexical" and "not valid after 1 re-ask" in r["why"]
                             for r in bad_ranks)
    assert asked == 2 * len(bad_ranks)  # asked, re-asked, given up
    assert _reached_all(await _order(engine, bad_id), targets) <= 12  # lexical's order
    (spent,), = await scalar_rows(engine, "select model_tokens from crawls where id = :c",
                                  c=bad_id)
    assert spent == asked * 120  # failed answers cost tokens too, and are counted
    # a budget: pages ranked while it pays, lexical after, the crawl completes within it
    poor_ranks = await _ranks(engine, poor_id)
    by = [r["by"] for r in poor_ranks]
    assert "model" in by and "lexical" in by
    assert all(r["why"].startswith(BUDGET_SPENT) for r in poor_ranks if r["by"] == "lexical")
    (spent,), = await scalar_rows(engine, "select model_tokens from crawls where id = :c",
                                  c=poor_id)
    assert spent <= BUDGET
    assert len(await _order(engine, poor_id)) == len(await _order(engine, bad_id))
