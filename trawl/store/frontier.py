"""Frontier and page storage: every write here is idempotent under retry.

- URLs enter ``crawl_urls`` insert-if-absent on (crawl, canonical URL).
- A claim carries a token; repeating a claim with the same token returns the same URLs.
- Recording a page happens in one transaction and only while its URL is still claimed,
  so a retried explore never writes twice (pages are upserted, links replaced).
"""

from __future__ import annotations

import base64
import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select, text, tuple_, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from trawl import metrics
from trawl.errors import CrawlNotFound
from trawl.model import (
    SEED_PRIORITY,
    ClaimInput,
    ClaimOutput,
    CrawlCounts,
    CrawlSpec,
    EventType,
    PageRecord,
    UrlJob,
)
from trawl.redact import redact_secrets
from trawl.store.events import add_event
from trawl.store.models import Crawl, CrawlUrl, SessionProfile, Site
from trawl.urls import site_of

INSERT_CHUNK_ROWS = 1000  # stays well under Postgres' 65535 bind parameters per statement
DEADLOCK_RETRIES = 3
RETRYABLE_SQLSTATES = frozenset({"40P01", "40001"})  # deadlock, serialization failure
QUEUED_COUNT_CAP = 10_000
"""Claims report how many URLs a site still has queued, counted up to this."""


@dataclass
class RecordResult:
    recorded: bool
    """False when the URL was no longer claimed (a repeated attempt): nothing written."""
    new_urls: int = 0
    new_sites: list[str] = field(default_factory=list)


# Rows go in as one JSON array of rows: one small statement however many rows a page has.
# (A multi-row VALUES insert costs the worker more CPU to compile than the page costs to
# extract: the Python docs' pages link to hundreds of URLs each. Arrays through unnest() are
# dumped element by element in Python by the driver; json.dumps is C.)
_INSERT_SITES = text("""
    INSERT INTO sites (crawl_id, site) SELECT :crawl_id, s FROM unnest(CAST(:sites AS text[])) AS s
    ORDER BY s ON CONFLICT DO NOTHING RETURNING site""")
_INSERT_URLS = text("""
    INSERT INTO crawl_urls (crawl_id, url, site, depth, found_on, status, reason, priority)
    SELECT :crawl_id, u.row->>0, u.row->>1, :depth, :found_on, :status, u.row->>2,
           (u.row->>3)::real
    FROM json_array_elements(CAST(:urls AS json)) AS u(row)
    ORDER BY 2
    ON CONFLICT DO NOTHING RETURNING url""")
_RECORD_PAGE = text(
    "SELECT recorded, new_urls, new_sites FROM trawl_record_page(CAST(:rec AS jsonb))")
RECORDED_MEANWHILE = "TRW01"
"""SQLSTATE trawl_record_page raises when a concurrent attempt recorded the URL first."""
_PAGE_FIELDS = ("crawl_id", "url", "final_url", "site", "depth", "status_code", "content_type",
                "content_length", "title", "headline", "description", "language", "canonical_url",
                "markdown", "text", "content_hash", "word_count", "kept_ratio", "metadata",
                "render_mode",
                "render_reason", "fetch_ms", "render_ms", "error_class", "error_message",
                "steps", "console_errors", "etag", "last_modified", "body_hash", "change",
                "previous_page_id", "worker")
"""The pages columns a PageRecord fills (trawl_record_page decides duplicate_of and, for a
recrawl's page compared by content, change)."""
_BLOB_FIELDS = ("raw_html", "screenshot")
"""pages columns of bytes: beside ``page`` in the payload, base64 (decoded by the function)."""
_EXTRACTED_FIELDS = ("data", "data_error", "model_tokens")
"""pages columns of ``--extract``: in the payload's ``extracted`` object, written after the
row (migration 0017), counted in ``crawls.pages_with_data`` and put in the page's event."""
_RECORD_ATTRS = {"metadata": "meta"}
"""PageRecord attributes named otherwise than their column (the others match)."""


async def _insert_urls(conn: AsyncConnection, crawl_id: str, urls: dict[str, str | None],
                       depth: int, found_on: str | None, status: str,
                       priorities: Mapping[str, float] | None = None) -> int:
    """Insert-if-absent ``{url: reason}`` with ``status`` (and, for a goal-directed crawl,
    each URL's claim priority); returns how many were new.

    Sorted: every transaction takes the unique-index locks in the same order."""
    prio = priorities or {}
    result = await conn.execute(_INSERT_URLS, {
        "crawl_id": crawl_id, "depth": depth, "found_on": found_on, "status": status,
        "urls": json.dumps([(url, site_of(url), urls[url], prio.get(url))
                            for url in sorted(urls)])})
    return len(result.all())


async def _add_urls(conn: AsyncConnection, crawl_id: str, urls: Sequence[str], depth: int,
                    found_on: str | None, priorities: Mapping[str, float] | None = None
                    ) -> tuple[int, list[str]]:
    """Insert-if-absent URLs and their sites; returns (#new URLs, new sites)."""
    if not urls:
        return 0, []
    sites = sorted({site_of(u) for u in urls})
    new_sites = list((await conn.execute(_INSERT_SITES, {"crawl_id": crawl_id,
                                                         "sites": sites})).scalars())
    added = await _insert_urls(conn, crawl_id, dict.fromkeys(urls), depth, found_on, "queued",
                               priorities)
    return added, sorted(new_sites)


async def create_crawl(engine: AsyncEngine, crawl_id: str, workflow_id: str,
                       spec: CrawlSpec, *,
                       with_crawl: Callable[[AsyncConnection, str], Awaitable[None]] | None
                       = None) -> list[str]:
    """Create the crawl row and seed the frontier (idempotent); returns its sites.
    ``with_crawl(conn, crawl_id)`` writes rows that belong with the crawl's (e.g. the
    Firecrawl API's job) in the same transaction."""
    async with engine.begin() as conn:
        await conn.execute(insert(Crawl).values(
            id=crawl_id, workflow_id=workflow_id, seeds=spec.seeds, spec=spec.to_json(),
            recrawl_of=spec.recrawl_of,
        ).on_conflict_do_nothing())
        await add_event(conn, crawl_id, EventType.CRAWL_STARTED, "", {
            "workflow_id": workflow_id, "seeds": spec.seeds, "recrawl_of": spec.recrawl_of})
        if with_crawl is not None:
            await with_crawl(conn, crawl_id)
        await _add_urls(conn, crawl_id, spec.seeds, 0, None,
                        dict.fromkeys(spec.seeds, SEED_PRIORITY) if spec.goal else None)
        sites = (await conn.execute(select(Site.site).where(Site.crawl_id == crawl_id)
                                    .order_by(Site.site))).scalars()
        return list(sites)


async def claim(engine: AsyncEngine, req: ClaimInput) -> ClaimOutput:
    """Hand out up to ``req.limit`` queued URLs of a site, breadth first, within budget."""
    async with engine.begin() as conn:
        crawl = (await conn.execute(
            select(Crawl.pages_claimed, Crawl.finished_at).where(Crawl.id == req.crawl_id)
            .with_for_update())).first()
        if crawl is None:
            raise CrawlNotFound(f"no crawl {req.crawl_id}")
        pages_claimed = crawl.pages_claimed
        if crawl.finished_at is not None:  # cancelled: no claim may follow its release
            return ClaimOutput([], 0)
        repeat = (await conn.execute(
            select(CrawlUrl.url, CrawlUrl.depth, CrawlUrl.seq, CrawlUrl.handoffs,
                   CrawlUrl.priority)
            .where(CrawlUrl.crawl_id == req.crawl_id, CrawlUrl.claim_token == req.token,
                   CrawlUrl.status == "claimed")
        )).all()
        if repeat:
            rows = repeat
        else:
            take = max(0, min(req.limit, req.max_pages - pages_claimed))
            if take and req.goal_pages is not None and await _goal_met(conn, req):
                take = 0
            if take == 0:
                return ClaimOutput([], max(0, req.max_pages - pages_claimed))
            # breadth first, or a goal-directed crawl's most relevant first: each order
            # has a partial index of the queued rows (ix_crawl_urls_queue, _priority)
            order = ((CrawlUrl.priority.desc(), CrawlUrl.depth, CrawlUrl.seq)
                     if req.by_priority else (CrawlUrl.depth, CrawlUrl.seq))
            waiting = [CrawlUrl.crawl_id == req.crawl_id, CrawlUrl.site == req.site,
                       CrawlUrl.status == "queued"]
            if req.by_priority:
                waiting.append(CrawlUrl.priority.is_not(None))
            candidates = (
                select(CrawlUrl.crawl_id, CrawlUrl.url).where(*waiting)
                .order_by(*order).limit(take)
                .with_for_update(skip_locked=True)
            )
            rows = (await conn.execute(
                update(CrawlUrl)
                .where(tuple_(CrawlUrl.crawl_id, CrawlUrl.url).in_(candidates))
                .values(status="claimed", claim_token=req.token, updated_at=func.now())
                .returning(CrawlUrl.url, CrawlUrl.depth, CrawlUrl.seq, CrawlUrl.handoffs,
                           CrawlUrl.priority)
            )).all()
            pages_claimed += len(rows)
            await conn.execute(update(Crawl).where(Crawl.id == req.crawl_id)
                               .values(pages_claimed=pages_claimed))
        profile_version = (await conn.execute(
            select(SessionProfile.version).where(SessionProfile.site == req.site)
        )).scalar_one_or_none()
        queued = (await conn.execute(select(func.count()).select_from(
            select(CrawlUrl.url).where(CrawlUrl.crawl_id == req.crawl_id,
                                       CrawlUrl.site == req.site, CrawlUrl.status == "queued")
            .limit(QUEUED_COUNT_CAP).subquery()))).scalar_one()
    key = ((lambda r: (-(r.priority or 0.0), r.depth, r.seq)) if req.by_priority
           else (lambda r: (r.depth, r.seq)))
    jobs = [UrlJob(url=r.url, depth=r.depth, handoffs=r.handoffs, priority=r.priority)
            for r in sorted(rows, key=key)]
    return ClaimOutput(jobs, max(0, req.max_pages - pages_claimed),
                       profile_version=int(profile_version or 0), queued=int(queued))


async def _goal_met(conn: AsyncConnection, req: ClaimInput) -> bool:
    """Whether ``--goal-pages`` pages have data (the crawls row is locked by the claim);
    the first claim that sees it notes when."""
    row = (await conn.execute(select(Crawl.pages_with_data, Crawl.goal_met_at)
                              .where(Crawl.id == req.crawl_id))).one()
    if req.goal_pages is None or row.pages_with_data < req.goal_pages:
        return False
    if row.goal_met_at is None:
        await conn.execute(update(Crawl).where(Crawl.id == req.crawl_id)
                           .values(goal_met_at=func.now()))
    return True


async def spend_model_tokens(engine: AsyncEngine, crawl_id: str, tokens: int) -> None:
    """Count ``tokens`` a crawl's model work spent, as soon as they are spent (a retried
    page's first attempt cost tokens too)."""
    if tokens <= 0:
        return
    async with engine.begin() as conn:
        await conn.execute(update(Crawl).where(Crawl.id == crawl_id)
                           .values(model_tokens=Crawl.model_tokens + tokens))


@dataclass
class CrawlTokenBudget:
    """A crawl's ``--max-model-tokens``, kept on its row (``crawls.model_tokens``, which
    counts reservations in flight too): a trawl.ai TokenBudget shared by every worker."""

    engine: AsyncEngine
    crawl_id: str
    limit: int

    async def reserve(self, tokens: int) -> bool:
        async with self.engine.begin() as conn:
            granted = (await conn.execute(
                update(Crawl).where(Crawl.id == self.crawl_id,
                                    Crawl.model_tokens + tokens <= self.limit)
                .values(model_tokens=Crawl.model_tokens + tokens)
                .returning(Crawl.id))).first()
        return granted is not None

    async def settle(self, reserved: int, spent: int) -> None:
        if reserved != spent:
            async with self.engine.begin() as conn:
                await conn.execute(update(Crawl).where(Crawl.id == self.crawl_id).values(
                    model_tokens=func.greatest(Crawl.model_tokens - reserved + spent, 0)))


async def model_tokens_spent(engine: AsyncEngine, crawl_id: str) -> int:
    async with engine.connect() as conn:
        spent = (await conn.execute(select(Crawl.model_tokens)
                                    .where(Crawl.id == crawl_id))).scalar_one_or_none()
    return int(spent or 0)


async def record_page(engine: AsyncEngine, rec: PageRecord) -> RecordResult:
    """Write one explore outcome atomically; a no-op if this URL was already recorded.

    One call of the database function trawl_record_page, which runs the transaction's
    statements server-side in one round trip (bench/record_page.py measures what that
    saves). Its definition is the newest migration's that creates it (0013, which adds
    raw_html, screenshot and chunks; 0006 first): a change to it is a new migration with
    CREATE OR REPLACE FUNCTION, and tests/test_record_page.py pins down its contract. Lock
    order matters with many workers: the content-hash lock first, new frontier URLs in
    sorted order, the page's own frontier row last, so no two transactions can wait on
    each other in a cycle. A deadlock reported anyway is retried a few times.
    """
    for attempt in range(DEADLOCK_RETRIES + 1):
        try:
            result = await _record_page_once(engine, rec)
        except DBAPIError as exc:
            if getattr(exc.orig, "sqlstate", None) not in RETRYABLE_SQLSTATES \
                    or attempt == DEADLOCK_RETRIES:
                raise
        else:
            if result.recorded:  # counted once, when its row is written (trawl.metrics)
                metrics.page_recorded(rec.outcome, rec.error_class, rec.render_mode,
                                      rec.fetch_ms, rec.render_ms)
            return result
    raise AssertionError("unreachable")


async def _record_page_once(engine: AsyncEngine, rec: PageRecord) -> RecordResult:
    # one statement, atomic on its own: autocommit spares the BEGIN and COMMIT round trips
    async with engine.connect() as conn:
        conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
        try:
            row = (await conn.execute(_RECORD_PAGE, {"rec": _payload(rec)})).one()
        except DBAPIError as exc:
            if getattr(exc.orig, "sqlstate", None) == RECORDED_MEANWHILE:
                return RecordResult(recorded=False)  # a concurrent attempt won; ours undone
            raise
    return RecordResult(recorded=row.recorded, new_urls=row.new_urls,
                        new_sites=list(row.new_sites))


def _payload(rec: PageRecord) -> str:
    """``rec`` as trawl_record_page's JSON document (read by its newest definition, in
    migration 0013)."""
    position = {url: index for index, url in reversed(list(enumerate(rec.follow)))}
    follow = sorted(position)
    skipped = dict(rec.skipped)
    doc: dict[str, Any] = {
        "crawl_id": rec.crawl_id, "url": rec.url, "outcome": rec.outcome, "depth": rec.depth,
        # a redirect target stands in for its source, at the same depth
        "follow_depth": rec.depth if rec.outcome == "redirected" else rec.depth + 1,
        "redirect_to": rec.redirect_to,
        "error_message": None if rec.error_message is None else redact_secrets(rec.error_message),
        "links": [(link.url, link.anchor_text, link.internal, link.rel) for link in rec.links],
        "follow": [(url, site_of(url), position[url], rec.priorities.get(url))
                   for url in follow],
        "queue_limit": None if rec.outcome == "redirected" else rec.queue_limit,
        "skipped": [(url, site_of(url), skipped[url]) for url in sorted(skipped)],
    }
    if rec.stores_page:
        doc["page"] = {name: getattr(rec, _RECORD_ATTRS.get(name, name))
                       for name in _PAGE_FIELDS}
        for name in _BLOB_FIELDS:
            blob = getattr(rec, name)
            if blob is not None:
                doc[name] = base64.b64encode(blob).decode("ascii")
        # --extract, and the model tokens of --goal-rank model: written with the row
        # (migration 0017; a page not extracted from keeps data and data_error NULL)
        if rec.extracted or rec.model_tokens is not None:
            doc["extracted"] = {name: getattr(rec, name) for name in _EXTRACTED_FIELDS}
            if rec.data_error is not None:
                doc["extracted"]["data_error"] = redact_secrets(rec.data_error)
        if rec.chunks:  # replaced with the row: a retried attempt writes them once
            doc["chunks"] = [(list(c.headings), c.markdown) for c in rec.chunks]
    return json.dumps(doc)


RECORDED_STATUSES = ("done", "failed", "redirected", "skipped")
"""Frontier statuses of a URL whose explore was recorded for good."""


async def recorded_outcomes(engine: AsyncEngine, crawl_id: str,
                            urls: Sequence[str]) -> dict[str, str]:
    """{url: outcome} of those ``urls`` already recorded (a retried batch skips them)."""
    async with engine.connect() as conn:
        rows = await conn.execute(
            select(CrawlUrl.url, CrawlUrl.status)
            .where(CrawlUrl.crawl_id == crawl_id, CrawlUrl.url.in_(list(urls)),
                   CrawlUrl.status.in_(RECORDED_STATUSES)))
        return {url: status for url, status in rows}


async def _release(conn: AsyncConnection, crawl_id: str) -> int:
    """Put claimed-but-unexplored URLs back in the queue (a cancel); returns how many."""
    result = await conn.execute(
        update(CrawlUrl).where(CrawlUrl.crawl_id == crawl_id, CrawlUrl.status == "claimed")
        .values(status="queued", claim_token=None))
    released = int(result.rowcount)
    if released:
        await conn.execute(update(Crawl).where(Crawl.id == crawl_id)
                           .values(pages_claimed=Crawl.pages_claimed - released))
    return released


async def pending_sites(engine: AsyncEngine, crawl_id: str, max_pages: int,
                        goal_pages: int | None = None) -> list[str]:
    """Sites of the crawl that still have queued URLs, while the page budget lasts (and,
    with ``--goal-pages``, until the goal is met)."""
    async with engine.connect() as conn:
        row = (await conn.execute(select(Crawl.pages_claimed, Crawl.pages_with_data)
                                  .where(Crawl.id == crawl_id))).one_or_none()
        if row is None or row.pages_claimed >= max_pages or (
                goal_pages is not None and row.pages_with_data >= goal_pages):
            return []
        result = await conn.execute(
            select(CrawlUrl.site).where(CrawlUrl.crawl_id == crawl_id,
                                        CrawlUrl.status == "queued").distinct())
        return sorted(result.scalars())


async def finish_crawl(engine: AsyncEngine, crawl_id: str, status: str,
                       release: bool = False) -> None:
    """Record the crawl's end and its ``crawl_finished`` event (with its counts), together:
    a retry changes nothing more. ``release`` (a cancel): claimed URLs go back to the queue
    in the same transaction, which holds the crawl's row, as every claim does: no claim
    lands between the release and the end, so nothing is recorded after ``crawl_finished``
    (a page is recorded only while claimed)."""
    async with engine.begin() as conn:
        if release:
            await conn.execute(select(Crawl.id).where(Crawl.id == crawl_id).with_for_update())
            await _release(conn, crawl_id)
        finished_at = (await conn.execute(
            update(Crawl).where(Crawl.id == crawl_id)
            .values(status=status, finished_at=func.coalesce(Crawl.finished_at, func.now()))
            .returning(Crawl.finished_at))).scalar_one_or_none()
        if finished_at is None:
            return
        counts = dict((await conn.execute(_FINISH_COUNTS, {"c": crawl_id})).one()._mapping)
        await add_event(conn, crawl_id, EventType.CRAWL_FINISHED, "", {
            "status": status, "finished_at": finished_at.isoformat(), **counts})


_FINISH_COUNTS = text(
    "select count(*) filter (where status = 'done') as pages_done, "
    "count(*) filter (where status = 'failed') as pages_failed, "
    "count(*) filter (where status = 'redirected') as redirected, "
    "count(*) filter (where status = 'skipped') as skipped, "
    "count(*) filter (where status in ('queued', 'claimed', 'blocked')) as not_explored, "
    "(select count(*) from pages p where p.crawl_id = :c and p.metadata ? 'thin_content') "
    "  as pages_thin, "
    "(select count(*) from pages p where p.crawl_id = :c "
    "  and p.error_class = 'handoff_exhausted') as given_up "
    "from crawl_urls where crawl_id = :c")
"""A finished crawl's counts, for its ``crawl_finished`` event."""


async def crawl_counts(engine: AsyncEngine, crawl_id: str) -> CrawlCounts:
    async with engine.connect() as conn:
        result = await conn.execute(
            select(CrawlUrl.status, func.count()).where(CrawlUrl.crawl_id == crawl_id)
            .group_by(CrawlUrl.status))
        counts = CrawlCounts()
        for status, n in result.all():
            if hasattr(counts, status):
                setattr(counts, status, int(n))
        return counts


async def add_urls(engine: AsyncEngine, crawl_id: str, urls: Sequence[str], depth: int,
                   found_on: str | None, priorities: Mapping[str, float] | None = None
                   ) -> tuple[int, list[str]]:
    """Insert-if-absent queued URLs (e.g. from sitemaps); returns (#new URLs, new sites)."""
    async with engine.begin() as conn:
        return await _add_urls(conn, crawl_id, urls, depth, found_on, priorities)


async def add_skipped_urls(engine: AsyncEngine, crawl_id: str,
                           skipped: Sequence[tuple[str, str]], depth: int,
                           found_on: str | None) -> int:
    """Record (canonical URL, reason) pairs the crawl will not explore (crawler traps,
    robots.txt) as ``skipped``, insert-if-absent: a URL already known keeps its status."""
    async with engine.begin() as conn:
        return await _add_skipped(conn, crawl_id, skipped, depth, found_on)


async def _add_skipped(conn: AsyncConnection, crawl_id: str,
                       skipped: Sequence[tuple[str, str]], depth: int,
                       found_on: str | None) -> int:
    if not skipped:
        return 0
    return await _insert_urls(conn, crawl_id, dict(skipped), depth, found_on, "skipped")
