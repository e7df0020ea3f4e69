"""Recording a page stays as cheap on the millionth page as on the first.

Once ANALYZE has run (autovacuum does it on its own), a new crawl's id is in no statistics:
the planner expects about one row for it from every index led by ``crawl_id``. Each
per-page look-up must then still take the index that matches all of its conditions, not one
that matches the crawl only and filters every row of the crawl (the ``links`` delete did,
until migration 0005).
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from sqlalchemy import event, text
from sqlalchemy.ext.asyncio import AsyncEngine

from trawl.model import ClaimInput, CrawlSpec, PageOutcome, PageRecord
from trawl.store import frontier, slices
from trawl.store.db import create_engine_async

SITE = "http://plans.example"
PAGES, LINKS_PER_PAGE = 300, 100


async def _plan(engine: AsyncEngine, sql: str, **params: str) -> str:
    async with engine.connect() as conn:
        rows = (await conn.execute(text("EXPLAIN " + sql), params)).scalars().all()
    return "\n".join(rows)


@pytest.fixture
async def finished_and_new_crawl(engine: AsyncEngine) -> str:
    """A finished crawl of PAGES pages with their links, analyzed; returns a new crawl's id."""
    old, new = uuid.uuid4().hex[:10], uuid.uuid4().hex[:10]
    for crawl_id in (old, new):
        spec = CrawlSpec(seeds=[SITE + "/"]).validated()
        await frontier.create_crawl(engine, crawl_id, f"wf-{crawl_id}", spec)
    async with engine.begin() as conn:
        await conn.execute(text(
            "INSERT INTO crawl_urls (crawl_id, url, site, depth, status) "
            "SELECT :c, :s || '/p' || i, :s, 1, 'done' FROM generate_series(1, :n) AS i"),
            {"c": old, "s": SITE, "n": PAGES})
        await conn.execute(text(
            "INSERT INTO pages (crawl_id, url, site, depth, content_hash) "
            "SELECT :c, :s || '/p' || i, :s, 1, md5(i::text) FROM generate_series(1, :n) AS i"),
            {"c": old, "s": SITE, "n": PAGES})
        await conn.execute(text(
            "INSERT INTO links (crawl_id, from_url, position, to_url, anchor_text, internal) "
            "SELECT :c, :s || '/p' || i, j, :s || '/p' || j, 'a', true "
            "FROM generate_series(1, :n) AS i, generate_series(1, :k) AS j"),
            {"c": old, "s": SITE, "n": PAGES, "k": LINKS_PER_PAGE})
    async with engine.connect() as conn:
        await conn.execute(text("COMMIT"))
        for table in ("crawl_urls", "pages", "links"):
            await conn.execute(text(f"ANALYZE {table}"))
    return new


async def test_a_page_s_old_links_are_found_by_page(engine: AsyncEngine,
                                                    finished_and_new_crawl: str) -> None:
    plan = await _plan(engine, "DELETE FROM links WHERE crawl_id = :c AND from_url = :u",
                       c=finished_and_new_crawl, u=SITE + "/p1")
    assert "links_pkey" in plan, plan


async def test_a_page_s_frontier_row_and_original_are_found_by_key(
        engine: AsyncEngine, finished_and_new_crawl: str) -> None:
    plan = await _plan(engine, "SELECT status FROM crawl_urls WHERE crawl_id = :c AND url = :u",
                       c=finished_and_new_crawl, u=SITE + "/p1")
    assert "crawl_urls_pkey" in plan, plan
    plan = await _plan(engine, "SELECT url FROM pages WHERE crawl_id = :c AND content_hash = :h "
                               "AND duplicate_of IS NULL AND url != :u",
                       c=finished_and_new_crawl, h="0" * 32, u=SITE + "/p1")
    assert "ix_pages_content_hash" in plan, plan


async def test_no_links_index_but_the_key_is_led_by_the_crawl(engine: AsyncEngine) -> None:
    """With a second index led by ``crawl_id``, the planner could take it for look-ups by
    page (it did on the Python docs: every page's delete read all of the crawl's links)."""
    async with engine.connect() as conn:
        led_by_crawl = (await conn.execute(text(
            "SELECT i.relname FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid "
            "JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = x.indkey[0] "
            "WHERE x.indrelid = 'links'::regclass AND a.attname = 'crawl_id'"))).scalars().all()
    assert led_by_crawl == ["links_pkey"]


# -- a frontier of a million URLs ------------------------------------------------------

BIG_SITES, BIG_PER_SITE = 1000, 1000
"""1,000 sites of 1,000 URLs: a frontier of 1,000,000 rows, mostly recorded."""
BIG_SITE = "http://s7.example"
"""A site of the big crawl with queued, claimed and recorded URLs."""
LIVE_TOKEN = "wf/s7:live"
"""The claim token of BIG_SITE's claimed and blocked URLs."""
GOAL_SITE = "http://s3.example"
"""A site of the big crawl whose URLs carry a goal-directed crawl's priority."""


@pytest.fixture(scope="module")
async def big_crawl(database_url: str) -> AsyncIterator[tuple[AsyncEngine, str]]:
    """A crawl whose frontier holds 1,000,000 URLs (analyzed): per site 800 recorded under
    old claim tokens, 150 queued, 40 claimed by one slice token, 10 blocked; GOAL_SITE's
    with a priority (``--goal``)."""
    engine = create_engine_async(database_url)
    crawl_id = "big" + uuid.uuid4().hex[:7]
    spec = CrawlSpec(seeds=[f"http://s{i}.example/" for i in range(BIG_SITES)]).validated()
    await frontier.create_crawl(engine, crawl_id, f"wf-{crawl_id}", spec)
    async with engine.begin() as conn:
        await conn.execute(text(
            "INSERT INTO crawl_urls (crawl_id, url, site, depth, status, claim_token, "
            "  priority) "
            "SELECT :c, 'http://s' || s || '.example/p' || i, 'http://s' || s || '.example', "
            "  1 + i % 5, "
            "  CASE WHEN i < 800 THEN 'done' WHEN i < 950 THEN 'queued' "
            "       WHEN i < 990 THEN 'claimed' ELSE 'blocked' END, "
            "  CASE WHEN i < 800 THEN 'wf/s' || s || ':' || (i / 50) "
            "       WHEN i < 950 THEN NULL ELSE 'wf/s' || s || '\\:live' END, "
            "  CASE WHEN s = 3 THEN (i % 97)::real END "
            "FROM generate_series(0, :sites - 1) AS s, generate_series(0, :per - 1) AS i"),
            {"c": crawl_id, "sites": BIG_SITES, "per": BIG_PER_SITE})
        await conn.execute(text("UPDATE crawls SET pages_claimed = :n WHERE id = :c"),
                           {"c": crawl_id, "n": BIG_SITES * 50})
    async with engine.connect() as conn:
        await conn.execute(text("COMMIT"))
        await conn.execute(text("ANALYZE crawl_urls"))
    yield engine, crawl_id
    await engine.dispose()


class Statements:
    """Every statement an engine sends, with its parameters."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.sent: list[tuple[str, Any]] = []
        event.listen(engine.sync_engine, "before_cursor_execute", self._seen)
        self.engine = engine

    def _seen(self, conn: Any, cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        if not statement.lstrip().upper().startswith(("EXPLAIN", "BEGIN", "COMMIT")):
            self.sent.append((statement, parameters))

    def close(self) -> None:
        event.remove(self.engine.sync_engine, "before_cursor_execute", self._seen)

    async def plans(self) -> list[str]:
        found = []
        async with self.engine.connect() as conn:
            for statement, parameters in self.sent:
                rows = await conn.exec_driver_sql("EXPLAIN " + statement, parameters)
                found.append(statement + "\n" + "\n".join(r[0] for r in rows.all()))
        return found


def _frontier_scans(plans: list[str]) -> list[str]:
    """The plans' lines reading crawl_urls."""
    return [line.strip() for plan in plans for line in plan.splitlines()
            if " on crawl_urls" in line or "crawl_urls_" in line or "ix_crawl_urls" in line]


@pytest.mark.slow
async def test_a_slice_s_claims_read_the_frontier_by_index(
        big_crawl: tuple[AsyncEngine, str]) -> None:
    engine, crawl_id = big_crawl
    seen = Statements(engine)
    try:
        jobs, _ = await slices.claim_more(engine, crawl_id, BIG_SITE, 32, "wf/s7:new", 10**7)
        assert len(jobs) == 32 and all(j.url.startswith(BIG_SITE) for j in jobs)
        assert len(await slices.take_over(engine, crawl_id, [LIVE_TOKEN], [jobs[0].url],
                                          "wf/s7:next")) == 41
        assert len(await slices.claimed_under(engine, crawl_id, ["wf/s7:next"])) == 41
        assert sum((await slices.recorded_under(engine, crawl_id, "wf/s7:3")).values()) == 50
        assert await slices.blocked_under(engine, crawl_id, "wf/s7:next") == []
        queued, _ = await slices.site_state(engine, crawl_id, BIG_SITE)
        assert queued == 1 + 150 - 32  # the start URL, the 150 queued, 32 claimed
        claimed = await frontier.claim(engine, ClaimInput(crawl_id, BIG_SITE, 8, "t-old",
                                                           10**7))
        assert len(claimed.jobs) == 8
        # --goal: the most relevant first, by the partial index of prioritised rows
        ranked, _ = await slices.claim_more(engine, crawl_id, GOAL_SITE, 16, "wf/s3:goal",
                                            10**7, by_priority=True, goal_pages=10**6)
        priorities = [j.priority or 0.0 for j in ranked]
        assert len(ranked) == 16 and priorities == sorted(priorities, reverse=True)
        assert priorities[0] == 96
        assert await slices.data_under(engine, crawl_id, "wf/s7:3") == (0, 0)
    finally:
        seen.close()
    plans = await seen.plans()
    assert not [p for p in plans if "Seq Scan on crawl_urls" in p], plans
    scans = _frontier_scans(plans)
    assert scans and all("Index" in s or "Bitmap" in s for s in scans
                         if "Scan" in s and "crawl_urls" in s), scans


@pytest.mark.slow
async def test_recording_a_page_reads_the_frontier_by_index(
        big_crawl: tuple[AsyncEngine, str], admin_url: str) -> None:
    """Every statement trawl_record_page runs (shown by auto_explain, nested statements
    included) reads crawl_urls through an index, with a queue limit that makes it look up
    each followed URL."""
    engine, crawl_id = big_crawl
    admin = create_engine_async(admin_url, pool_size=1)
    notices: list[str] = []

    @event.listens_for(admin.sync_engine, "connect")
    def explain_everything(dbapi_connection: Any, _: Any) -> None:
        dbapi_connection.driver_connection.add_notice_handler(
            lambda diag: notices.append(diag.message_primary or ""))
        cursor = dbapi_connection.cursor()
        for setting in ("LOAD 'auto_explain'", "SET auto_explain.log_min_duration = 0",
                        "SET auto_explain.log_nested_statements = on",
                        "SET client_min_messages = log"):
            cursor.execute(setting)
        cursor.close()
        dbapi_connection.commit()  # session settings stay; no transaction left open

    async with engine.begin() as conn:  # the queue is near its limit: each URL looked up
        await conn.execute(text("INSERT INTO crawl_counters (crawl_id, shard, urls_queued) "
                                "VALUES (:c, 0, 1000000)"), {"c": crawl_id})
    rec = PageRecord(crawl_id=crawl_id, url=f"{BIG_SITE}/p960", site=BIG_SITE, depth=2,
                     outcome=PageOutcome.DONE, markdown="# p960", text="p960",
                     content_hash="f" * 64, queue_limit=1_000_005,
                     follow=[f"{BIG_SITE}/p{i}" for i in (1, 2, 900)]
                     + [f"{BIG_SITE}/new{i}" for i in range(10)],
                     skipped=[(f"{BIG_SITE}/trap", "trap")])
    try:
        result = await frontier.record_page(admin, rec)
    finally:
        await admin.dispose()
    assert result.recorded and result.new_urls == 5  # the room left: 5 of the 10 new
    plans = [n for n in notices if "Query Text" in n]
    assert any("crawl_urls" in p and "trawl_record_page" not in p for p in plans), notices
    assert not [p for p in plans if "Seq Scan on crawl_urls" in p], plans
    scans = [line.strip() for p in plans for line in p.splitlines()
             if "Scan" in line and "crawl_urls" in line]
    assert scans and all("Index" in s or "Bitmap" in s for s in scans), scans
