"""Recording a page: the database function trawl_record_page vs the same statements sent
one by one from Python in one transaction.

trawl records every explored URL through trawl_record_page (migrations 0006/0007): one
statement, one round trip, run in autocommit. The alternative is its body as plain SQL
statements from the worker (frontier check, change detection, content lock, duplicate
look-up, page upsert, links replaced, queue room, sites, frontier URLs, skipped URLs,
frontier row, budget), each a round trip, inside BEGIN ... COMMIT. Both take the very
payload trawl.store.frontier builds and write the same rows (checked before timing).

Each round records N pages of a realistic shape (a few KB of markdown, LINKS links of
which FOLLOW are new in-scope URLs) of a fresh crawl, one page after another (a worker's
activity records its page alone) or CONCURRENCY at a time; the two ways alternate, ROUNDS
rounds each, on a quiet machine (bench._services.settle). Prints the median per-page time
of each way and their ratio.

    .venv/bin/python bench/record_page.py [--pages 300] [--rounds 5] [--concurrency 1]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import text  # noqa: E402
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine  # noqa: E402

from bench._services import local_postgres, settle  # noqa: E402
from trawl.model import ClaimInput, CrawlSpec, FoundLink, PageRecord  # noqa: E402  # noqa: E402
from trawl.store import frontier  # noqa: E402
from trawl.store.db import create_engine_async  # noqa: E402
from trawl.store.frontier import RecordResult  # noqa: E402

SITE = "http://bench.test"
LINKS = 120
FOLLOW = 40
MARKDOWN_WORDS = 800

# trawl_record_page's body (migration 0007), statement by statement
_CLAIMED = text("SELECT 1 FROM crawl_urls WHERE crawl_id = :c AND url = :u "
                "AND status = 'claimed'")
_PREVIOUS = text("SELECT status_code, error_class, content_hash FROM pages WHERE id = :id")
_CONTENT_LOCK = text("SELECT pg_advisory_xact_lock(hashtextextended(:c || ' ' || :h, 0))")
_ORIGINAL = text("SELECT p.url FROM pages p WHERE p.crawl_id = :c AND p.content_hash = :h "
                 "AND p.duplicate_of IS NULL AND p.url <> :u")
_COLUMNS = ("final_url, site, depth, status_code, content_type, content_length, title, "
            "description, language, canonical_url, markdown, text, content_hash, word_count, "
            "metadata, render_mode, render_reason, fetch_ms, render_ms, error_class, "
            "error_message, steps, console_errors, etag, last_modified, body_hash, change, "
            "previous_page_id, worker, duplicate_of")
_UPSERT_PAGE = text(
    f"INSERT INTO pages (crawl_id, url, {_COLUMNS}, fetched_at) "
    f"SELECT :c, :u, {_COLUMNS}, now() "
    "FROM jsonb_populate_record(NULL::pages, CAST(:page AS jsonb)) "
    "ON CONFLICT ON CONSTRAINT uq_pages_crawl_url DO UPDATE SET "
    + ", ".join(f"{c} = EXCLUDED.{c}" for c in [*_COLUMNS.split(", "), "fetched_at"]))
_DELETE_LINKS = text("DELETE FROM links WHERE crawl_id = :c AND from_url = :u")
_INSERT_LINKS = text(
    "INSERT INTO links (crawl_id, from_url, position, to_url, anchor_text, internal, rel) "
    "SELECT :c, :u, l.position - 1, l.row->>0, l.row->>1, (l.row->>2)::boolean, l.row->>3 "
    "FROM jsonb_array_elements(CAST(:links AS jsonb)) WITH ORDINALITY AS l(row, position)")
_ROOM = text("SELECT greatest(CAST(:lim AS bigint) - coalesce(sum(urls_queued), 0), 0) "
             "FROM crawl_counters WHERE crawl_id = :c")
_NEW_FIRST = text(
    "SELECT coalesce(jsonb_agg(f.row ORDER BY f.row->>0), '[]') FROM ("
    "SELECT u.row FROM jsonb_array_elements(CAST(:f AS jsonb)) AS u(row) "
    "WHERE NOT EXISTS (SELECT 1 FROM crawl_urls c WHERE c.crawl_id = :c AND c.url = u.row->>0) "
    "ORDER BY (u.row->>2)::integer LIMIT :room) AS f")
_SITES = text(
    "WITH added AS (INSERT INTO sites (crawl_id, site) SELECT DISTINCT :c, u.row->>1 "
    "FROM jsonb_array_elements(CAST(:f AS jsonb)) AS u(row) ORDER BY 2 "
    "ON CONFLICT DO NOTHING RETURNING site) "
    "SELECT coalesce(array_agg(site ORDER BY site), '{}') FROM added")
_URLS = text(
    "WITH added AS (INSERT INTO crawl_urls (crawl_id, url, site, depth, found_on, status) "
    "SELECT :c, u.row->>0, u.row->>1, :d, :u, 'queued' "
    "FROM jsonb_array_elements(CAST(:f AS jsonb)) AS u(row) ORDER BY 2 "
    "ON CONFLICT DO NOTHING RETURNING 1) SELECT count(*) FROM added")
_SHARD = "hashtext(CAST(:u AS text)) & 31"
"""The page's counter (migration 0018)."""
_QUEUED = text(
    "INSERT INTO crawl_counters (crawl_id, shard, urls_queued) "
    f"VALUES (:c, {_SHARD}, :n) ON CONFLICT (crawl_id, shard) DO UPDATE "
    "SET urls_queued = crawl_counters.urls_queued + EXCLUDED.urls_queued")
_SKIPPED = text(
    "INSERT INTO crawl_urls (crawl_id, url, site, depth, found_on, status, reason) "
    "SELECT :c, u.row->>0, u.row->>1, :d, :u, 'skipped', u.row->>2 "
    "FROM jsonb_array_elements(CAST(:s AS jsonb)) AS u(row) ORDER BY 2 ON CONFLICT DO NOTHING")
_DONE = text(
    "UPDATE crawl_urls SET status = CAST(:o AS text), attempts = attempts + 1, "
    "redirect_to = CAST(:r AS text), updated_at = now(), "
    "reason = CASE WHEN CAST(:o AS text) <> 'done' THEN CAST(:e AS text) END "
    "WHERE crawl_id = :c AND url = :u AND status = 'claimed'")
_GIVE_BACK = text("UPDATE crawls SET pages_claimed = pages_claimed - 1 WHERE id = :c")
_GIVE_BACK_PLACE = text("UPDATE crawl_counters SET urls_queued = urls_queued - 1 "
                        f"WHERE crawl_id = :c AND shard = {_SHARD} AND urls_queued > 0")


class _RecordedMeanwhile(Exception):
    pass


async def _decide_change(conn: AsyncConnection, page: dict[str, Any]) -> None:
    if page.get("previous_page_id") is None or page.get("change") is not None:
        return
    prev = (await conn.execute(_PREVIOUS, {"id": page["previous_page_id"]})).first()
    if prev is None:
        page["change"] = "new"
    elif page.get("error_class") is None and page.get("content_hash") is None \
            and page.get("render_mode") == "none":
        page["change"] = "changed"
    elif (prev.status_code, prev.error_class, prev.content_hash) == (
            page.get("status_code"), page.get("error_class"), page.get("content_hash")):
        page["change"] = "unchanged"
    else:
        page["change"] = "changed"


async def _write_page(conn: AsyncConnection, c: str, u: str, page: dict[str, Any]) -> None:
    await _decide_change(conn, page)
    if page.get("content_hash") is not None:
        h = page["content_hash"]
        await conn.execute(_CONTENT_LOCK, {"c": c, "h": h})
        original = (await conn.execute(_ORIGINAL, {"c": c, "h": h, "u": u})).scalar()
        if original is not None:
            page.update(duplicate_of=original, markdown=None, text=None)
    await conn.execute(_UPSERT_PAGE, {"c": c, "u": u, "page": json.dumps(page)})


async def _queue(conn: AsyncConnection, doc: dict[str, Any]) -> RecordResult:
    c, u, follow, limit = doc["crawl_id"], doc["url"], doc["follow"], doc["queue_limit"]
    result = RecordResult(recorded=True)
    if limit is not None and follow:
        room = (await conn.execute(_ROOM, {"c": c, "lim": limit})).scalar_one()
        if room < len(follow):
            follow = (await conn.execute(_NEW_FIRST, {"c": c, "f": json.dumps(follow),
                                                      "room": room})).scalar_one()
    if follow:
        f = json.dumps(follow)
        result.new_sites = list((await conn.execute(_SITES, {"c": c, "f": f})).scalar_one())
        result.new_urls = (await conn.execute(_URLS, {"c": c, "f": f, "u": u,
                                                      "d": doc["follow_depth"]})).scalar_one()
        if limit is not None and result.new_urls > 0:
            await conn.execute(_QUEUED, {"c": c, "u": u, "n": result.new_urls})
    return result


async def record_in_python(engine: AsyncEngine, rec: PageRecord) -> RecordResult:
    """trawl_record_page's logic as plain statements in one transaction."""
    doc = json.loads(frontier._payload(rec))
    c, u = doc["crawl_id"], doc["url"]
    try:
        async with engine.begin() as conn:
            if (await conn.execute(_CLAIMED, {"c": c, "u": u})).first() is None:
                return RecordResult(recorded=False)
            if "page" in doc:
                await _write_page(conn, c, u, doc["page"])
            await conn.execute(_DELETE_LINKS, {"c": c, "u": u})
            await conn.execute(_INSERT_LINKS, {"c": c, "u": u, "links": json.dumps(doc["links"])})
            result = await _queue(conn, doc)
            await conn.execute(_SKIPPED, {"c": c, "u": u, "d": doc["depth"] + 1,
                                          "s": json.dumps(doc["skipped"])})
            done = await conn.execute(_DONE, {"c": c, "u": u, "o": doc["outcome"],
                                              "r": doc["redirect_to"], "e": doc["error_message"]})
            if done.rowcount == 0:
                raise _RecordedMeanwhile
            if doc["outcome"] in ("redirected", "skipped"):
                await conn.execute(_GIVE_BACK, {"c": c})
                await conn.execute(_GIVE_BACK_PLACE, {"c": c, "u": u})
            return result
    except _RecordedMeanwhile:
        return RecordResult(recorded=False)


def _page(crawl_id: str, index: int) -> PageRecord:
    url = f"{SITE}/p/{index}"
    words = " ".join(f"word{(index * 7 + i) % 997}" for i in range(MARKDOWN_WORDS))
    rec = PageRecord(
        crawl_id=crawl_id, url=url, site=SITE, depth=1, outcome="done", final_url=url,
        status_code=200, content_type="text/html", content_length=40_000,
        title=f"Page {index}", description="A page of the benchmark", language="en",
        markdown=f"# Page {index}\n\n{words}\n", text=words,
        content_hash=f"{index:064x}", word_count=MARKDOWN_WORDS,
        meta={"headings": [{"level": 1, "text": f"Page {index}"}]}, render_mode="http",
        render_reason="static HTML", fetch_ms=12, worker="bench:1")
    rec.links = [FoundLink(f"{SITE}/p/{index}/{j}" if j < FOLLOW else f"{SITE}/nav/{j}",
                           f"link {j}", True) for j in range(LINKS)]
    rec.follow = [link.url for link in rec.links]
    rec.queue_limit = 10_000_000
    return rec


async def _claimed_crawl(engine: AsyncEngine, pages: int) -> tuple[str, list[PageRecord]]:
    crawl_id = uuid.uuid4().hex[:10]
    records = [_page(crawl_id, i) for i in range(pages)]
    await frontier.create_crawl(engine, crawl_id, f"bench-{crawl_id}",
                                CrawlSpec(seeds=[r.url for r in records]).validated())
    claimed = await frontier.claim(engine, ClaimInput(crawl_id, SITE, pages, uuid.uuid4().hex,
                                                      max_pages=pages))
    assert len(claimed.jobs) == pages
    return crawl_id, records


Recorder = Callable[[AsyncEngine, PageRecord], Awaitable[RecordResult]]


async def _round(engine: AsyncEngine, record: Recorder, pages: int, concurrency: int) -> float:
    """Seconds per page recording a fresh crawl's ``pages`` pages."""
    _, records = await _claimed_crawl(engine, pages)
    gate = asyncio.Semaphore(concurrency)

    async def one(rec: PageRecord) -> None:
        async with gate:
            assert (await record(engine, rec)).recorded

    started = time.perf_counter()
    await asyncio.gather(*(one(rec) for rec in records))
    return (time.perf_counter() - started) / pages


_ROWS = {
    "pages": "select url, duplicate_of, content_hash, markdown, metadata, change from pages "
             "where crawl_id = :c order by url",
    "links": "select from_url, position, to_url, anchor_text, internal, rel from links "
             "where crawl_id = :c order by 1, 2",
    "crawl_urls": "select url, site, depth, found_on, status, attempts, reason from crawl_urls "
                  "where crawl_id = :c order by url",
    "crawls": "select pages_claimed from crawls where id = :c",
    "crawl_counters": "select shard, urls_queued from crawl_counters where crawl_id = :c "
                      "order by shard",
}


async def _same_rows(engine: AsyncEngine) -> None:
    """Both ways write the same rows (a small crawl, with duplicates among its pages)."""
    written = []
    for record in (frontier.record_page, record_in_python):
        crawl_id, records = await _claimed_crawl(engine, 12)
        for i, rec in enumerate(records):
            rec.content_hash = f"{i % 5:064x}"  # duplicates
            assert (await record(engine, rec)).recorded
        assert not (await record(engine, records[0])).recorded  # a repeated attempt
        async with engine.connect() as conn:
            written.append({table: [tuple(r) for r in (await conn.execute(
                text(sql), {"c": crawl_id})).all()] for table, sql in _ROWS.items()})
    function_rows, python_rows = written
    for table in _ROWS:
        assert function_rows[table] == python_rows[table], f"{table} rows differ"


async def main(pages: int, rounds: int, concurrency: int) -> None:
    with local_postgres() as db_url:
        engine = create_engine_async(db_url, pool_size=max(2, concurrency))
        try:
            await _same_rows(engine)
            await _round(engine, frontier.record_page, 20, concurrency)  # warm up
            await _round(engine, record_in_python, 20, concurrency)
            times: dict[str, list[float]] = {"function": [], "python": []}
            for _ in range(rounds):
                for name, record in (("function", frontier.record_page),
                                     ("python", record_in_python)):
                    await asyncio.to_thread(settle, db_url)
                    times[name].append(await _round(engine, record, pages, concurrency))
        finally:
            await engine.dispose()
    load = os.getloadavg()
    fn, py = statistics.median(times["function"]), statistics.median(times["python"])
    print(f"record_page: {pages} pages x {rounds} rounds, concurrency {concurrency}, "
          f"{LINKS} links ({FOLLOW} new) and {MARKDOWN_WORDS} words per page; "
          f"{psutil.cpu_count()} CPUs, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    for name, values in times.items():
        print(f"  {name:9} median {statistics.median(values) * 1000:7.2f} ms/page  "
              f"(rounds: {', '.join(f'{v * 1000:.2f}' for v in values)})")
    print(f"  python / function = {py / fn:.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--concurrency", type=int, default=1)
    args = parser.parse_args()
    asyncio.run(main(args.pages, args.rounds, args.concurrency))
