"""Recording a page: one call of trawl_record_page (migration 0006) writes what the worker
learned, all of it or none of it.

Dedup under concurrent writers and retried attempts is in test_dedup.py; these pin down the
rest of the contract: every field lands in its column, the frontier grows with the page's
links, and an attempt that loses a race to record the URL leaves nothing behind.
"""

from __future__ import annotations

import asyncio
import uuid

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from tests.conftest import scalar_rows
from tests.crawlkit import new_crawl_id
from trawl.extract import chunk_markdown
from trawl.model import ClaimInput, CrawlSpec, FoundLink, PageRecord
from trawl.store import frontier

SITE = "http://record.test"
OTHER_SITE = "http://elsewhere.test"
DECIDED_BY_THE_STORE = {"id", "fetched_at", "search", "duplicate_of"}
"""pages columns no PageRecord field fills: the row id, the time of writing, the search
vector (generated), and duplicate_of (decided while recording)."""


async def _claimed(engine: AsyncEngine, urls: list[str]) -> str:
    crawl_id = new_crawl_id()
    await frontier.create_crawl(engine, crawl_id, f"wf-{crawl_id}",
                                CrawlSpec(seeds=urls).validated())
    claimed = await frontier.claim(engine, ClaimInput(crawl_id, SITE, len(urls),
                                                      uuid.uuid4().hex, max_pages=100))
    assert len(claimed.jobs) == len(urls)
    return crawl_id


def _full_record(crawl_id: str, url: str) -> PageRecord:
    """A record with every page field set to something distinctive."""
    rec = PageRecord(
        crawl_id=crawl_id, url=url, site=SITE, depth=2, outcome="done",
        final_url=url + "?final", status_code=203, content_type="text/html",
        content_length=12345, title="Title ü", headline="Headline ü", description="Desc",
        language="de",
        canonical_url=url + "#canon", markdown="# Title ü\n\nBody\n", text="Body 'quoted' \\ ",
        content_hash="f" * 64, word_count=7,
        meta={"headings": [{"level": 1, "text": "Title ü"}], "author": None, "n": 1.5},
        render_mode="browser", render_reason="script-only body", fetch_ms=11, render_ms=22,
        error_class=None, error_message=None,
        steps=[{"step": "dismiss cookie banner", "ok": True, "detail": "x", "count": 1}],
        console_errors=["TypeError: x is undefined"], etag='W/"abc"',
        last_modified="Wed, 21 Oct 2015 07:28:00 GMT", body_hash="e" * 64, change="new",
        previous_page_id=None, worker="host:123")
    rec.links = [FoundLink(SITE + "/b", "B", True), FoundLink(OTHER_SITE + "/", "out", False,
                                                              "nofollow"),
                 FoundLink(SITE + "/b", "B again", True)]
    rec.follow = [SITE + "/c", SITE + "/b", OTHER_SITE + "/x", SITE + "/b"]
    rec.skipped = [(SITE + "/cal?y=1", "trap: calendar")]
    return rec


async def test_every_page_column_is_written(engine: AsyncEngine) -> None:
    async with engine.connect() as conn:
        columns = set((await conn.execute(text(
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'pages'"
        ))).scalars())
    # a column added to pages must be filled by PageRecord (and the function) or be listed
    assert columns - DECIDED_BY_THE_STORE == set(frontier._PAGE_FIELDS) | set(
        frontier._BLOB_FIELDS) | set(frontier._EXTRACTED_FIELDS)

    url = SITE + "/a"
    crawl_id = await _claimed(engine, [url])
    rec = _full_record(crawl_id, url)
    result = await frontier.record_page(engine, rec)
    assert result.recorded
    assert (result.new_urls, result.new_sites) == (3, [OTHER_SITE])

    names = ", ".join(f'"{name}"' for name in frontier._PAGE_FIELDS)
    [row] = await scalar_rows(engine, f"SELECT {names}, duplicate_of FROM pages "
                                      "WHERE crawl_id = :c", c=crawl_id)
    stored = dict(zip([*frontier._PAGE_FIELDS, "duplicate_of"], row, strict=True))
    expected = {name: getattr(rec, frontier._RECORD_ATTRS.get(name, name))
                for name in frontier._PAGE_FIELDS}
    assert stored == {**expected, "duplicate_of": None}

    assert await scalar_rows(
        engine, "SELECT position, to_url, anchor_text, internal, rel FROM links "
                "WHERE crawl_id = :c ORDER BY position", c=crawl_id) == [
        (0, SITE + "/b", "B", True, None), (1, OTHER_SITE + "/", "out", False, "nofollow"),
        (2, SITE + "/b", "B again", True, None)]
    assert sorted(await scalar_rows(
        engine, "SELECT url, site, depth, found_on, status, reason, attempts FROM crawl_urls "
                "WHERE crawl_id = :c", c=crawl_id)) == sorted([
        (url, SITE, 0, None, "done", None, 1),
        (SITE + "/b", SITE, 3, url, "queued", None, 0),
        (SITE + "/c", SITE, 3, url, "queued", None, 0),
        (OTHER_SITE + "/x", OTHER_SITE, 3, url, "queued", None, 0),
        (SITE + "/cal?y=1", SITE, 3, url, "skipped", "trap: calendar", 0)])
    assert await scalar_rows(engine, "SELECT site FROM sites WHERE crawl_id = :c ORDER BY site",
                             c=crawl_id) == [(OTHER_SITE,), (SITE,)]


async def test_a_redirect_queues_its_target_at_its_depth_and_gives_back_its_budget(
        engine: AsyncEngine) -> None:
    url = SITE + "/old"
    crawl_id = await _claimed(engine, [url])
    before = await scalar_rows(engine, "SELECT pages_claimed FROM crawls WHERE id = :c",
                               c=crawl_id)
    rec = PageRecord(crawl_id=crawl_id, url=url, site=SITE, depth=0, outcome="redirected",
                     status_code=301, redirect_to=SITE + "/new")
    rec.follow = [SITE + "/new"]
    result = await frontier.record_page(engine, rec)
    assert (result.recorded, result.new_urls, result.new_sites) == (True, 1, [])
    assert await scalar_rows(engine, "SELECT count(*) FROM pages WHERE crawl_id = :c",
                             c=crawl_id) == [(0,)]
    assert sorted(await scalar_rows(
        engine, "SELECT url, depth, status, redirect_to FROM crawl_urls WHERE crawl_id = :c",
        c=crawl_id)) == [(SITE + "/new", 0, "queued", None),
                         (url, 0, "redirected", SITE + "/new")]
    assert await scalar_rows(engine, "SELECT pages_claimed FROM crawls WHERE id = :c",
                             c=crawl_id) == [(before[0][0] - 1,)]


async def test_an_attempt_that_loses_the_race_leaves_nothing(engine: AsyncEngine) -> None:
    """Another attempt records the URL while this one is writing: this one's page, links
    and frontier URLs are all undone, and it reports "not recorded"."""
    url = SITE + "/race"
    crawl_id = await _claimed(engine, [url])
    async with engine.connect() as other:
        # the other attempt has moved the frontier row on, not yet committed
        await other.execute(text("UPDATE crawl_urls SET status = 'done' "
                                 "WHERE crawl_id = :c AND url = :u"), {"c": crawl_id, "u": url})
        ours = asyncio.create_task(frontier.record_page(engine, _full_record(crawl_id, url)))
        for _ in range(200):  # until ours waits for that row (it got past its first check)
            waiting = await scalar_rows(
                engine, "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                        "AND query LIKE '%trawl_record_page%'")
            if waiting[0][0]:
                break
            await asyncio.sleep(0.05)
        else:
            raise AssertionError("the record never waited for the frontier row")
        await other.commit()
    result = await ours
    assert not result.recorded
    for table in ("pages", "links"):
        assert await scalar_rows(engine, f"SELECT count(*) FROM {table} WHERE crawl_id = :c",
                                 c=crawl_id) == [(0,)], table
    assert await scalar_rows(engine, "SELECT url, status, attempts FROM crawl_urls "
                                     "WHERE crawl_id = :c", c=crawl_id) == [(url, "done", 0)]


async def test_blobs_and_chunks_are_written_once_however_often_retried(
        engine: AsyncEngine) -> None:
    """--store and --chunk: raw_html and screenshot bytes land as given (through base64 in
    the payload), the chunks in order; the same page recorded again (a retried explore, the
    URL claimed again) replaces them, never adds to them; a duplicate page has none."""
    url, dup = SITE + "/formats", SITE + "/formats-copy"
    crawl_id = await _claimed(engine, [url, dup])
    blob = bytes(range(256)) * 40  # every byte value, NULs included
    png = b"\x89PNG\r\n\x1a\n" + b"\x00\xff" * 100
    rec = _full_record(crawl_id, url)
    rec.markdown = "# A\n\nOne.\n\n## B\n\n" + "Two. " * 100 + "\n\n## C\n\nThree."
    rec.raw_html, rec.screenshot = blob, png
    rec.chunks = chunk_markdown(rec.markdown, 200)
    assert len(rec.chunks) >= 3
    expected = [(c.ordinal, list(c.headings), c.markdown, len(c.markdown))
                for c in rec.chunks]
    chunks_sql = ("SELECT c.ordinal, c.heading_path, c.markdown, c.char_count FROM chunks c "
                  "JOIN pages p ON p.id = c.page_id WHERE c.crawl_id = :c AND p.url = :u "
                  "ORDER BY c.ordinal")
    for attempt in range(2):
        if attempt:  # the activity retried: its URL claimed again, the page recorded again
            async with engine.begin() as conn:
                await conn.execute(text("UPDATE crawl_urls SET status = 'claimed' "
                                        "WHERE crawl_id = :c AND url = :u"),
                                   {"c": crawl_id, "u": url})
        assert (await frontier.record_page(engine, rec)).recorded
        assert await scalar_rows(engine, "SELECT raw_html, screenshot FROM pages "
                                         "WHERE crawl_id = :c AND url = :u",
                                 c=crawl_id, u=url) == [(blob, png)]
        assert await scalar_rows(engine, chunks_sql, c=crawl_id, u=url) == expected
    # recorded again while not claimed: nothing written, nothing doubled
    assert not (await frontier.record_page(engine, rec)).recorded
    assert len(await scalar_rows(engine, chunks_sql, c=crawl_id, u=url)) == len(expected)
    # a page with the same content: a duplicate, its content (and chunks) stored once
    copy = _full_record(crawl_id, dup)
    copy.markdown, copy.chunks = rec.markdown, rec.chunks
    assert (await frontier.record_page(engine, copy)).recorded
    assert await scalar_rows(engine, "SELECT duplicate_of FROM pages WHERE url = :u "
                                     "AND crawl_id = :c", c=crawl_id, u=dup) == [(url,)]
    assert await scalar_rows(engine, chunks_sql, c=crawl_id, u=dup) == []
    assert await scalar_rows(engine, "SELECT count(*) FROM chunks WHERE crawl_id = :c",
                             c=crawl_id) == [(len(expected),)]
    # deleting the page takes its chunks with it
    async with engine.begin() as conn:
        await conn.execute(text("DELETE FROM pages WHERE crawl_id = :c"), {"c": crawl_id})
    assert await scalar_rows(engine, "SELECT count(*) FROM chunks WHERE crawl_id = :c",
                             c=crawl_id) == [(0,)]
