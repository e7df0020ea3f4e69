"""Recording a page stays as cheap on the millionth page as on the first.

Once ANALYZE has run (autovacuum does it on its own), a new crawl's id is in no statistics:
the planner expects about one row for it from every index led by ``crawl_id``. Each
per-page look-up must then still take the index that matches all of its conditions, not one
that matches the crawl only and filters every row of the crawl (the ``links`` delete did,
until migration 0005).
"""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from trawl.model import CrawlSpec
from trawl.store import frontier

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
