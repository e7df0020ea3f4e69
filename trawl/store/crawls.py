"""Reading crawls: finding one by id, its stored spec and status, and the list of crawls.

The queries `trawl status`, `trawl list` and `trawl crawl --recrawl` run, and the running
crawls' frontier for the worker's metrics (writing a crawl's rows is the frontier's,
:mod:`trawl.store.frontier`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from trawl.model import BUDGET_SPENT, PARTIAL_CONTENT

_FIND = text("select id, workflow_id from crawls where id = :r or workflow_id = :r")
_SPEC = text("select spec from crawls where id = :c")
_STATUS = text("select status from crawls where id = :c")
_ROW = text("select status, seeds, created_at, finished_at, spec, recrawl_of, model_tokens, "
            "pages_with_data, goal_met_at from crawls where id = :c")
_DATA_FAILED = text("select count(*), count(*) filter (where data_error like :budget) "
                    "from pages where crawl_id = :c and data_error is not null")
_CHANGES = text("select change, count(*) from pages where crawl_id = :c and change is not null "
                "group by change")
_STOPPED_SITES = text("select site, stopped_reason from sites where crawl_id = :c and "
                      "stopped_reason is not null order by site")
_THIN_AND_GIVEN_UP = text(
    "select count(*) filter (where metadata ? 'thin_content'), "
    "  count(*) filter (where error_class = 'handoff_exhausted'), "
    "  count(*) filter (where metadata->>'thin_content' like :partial) "
    "from pages where crawl_id = :c")
PARTIAL_LIKE = PARTIAL_CONTENT + "%"
"""``metadata->>'thin_content' like PARTIAL_LIKE``: the pages whose main content dropped
much of their prose (see trawl.crawler.thin.partial_reason)."""
_LIST = text(
    "select c.id, c.status, c.seeds, c.created_at, c.recrawl_of, "
    "  count(*) filter (where u.status = 'done') as done, "
    "  count(*) filter (where u.status = 'failed') as failed, "
    "  count(*) filter (where u.status in ('queued', 'claimed')) as waiting "
    "from crawls c left join crawl_urls u on u.crawl_id = c.id "
    "group by c.id order by c.created_at desc limit :n")
# one count per state, each answered from the partial index that holds exactly that state
# (ix_crawl_urls_queue, ix_crawl_urls_status): index-only, never the crawl's other rows
_FRONTIER = text(
    "select c.id, "
    "  (select count(*) from crawl_urls u where u.crawl_id = c.id and u.status = 'queued'), "
    "  (select count(*) from crawl_urls u where u.crawl_id = c.id and u.status = 'claimed'), "
    "  (select count(*) from crawl_urls u where u.crawl_id = c.id and u.status = 'blocked') "
    "from crawls c where c.status = 'running' order by c.created_at desc limit :n")
_FRONTIER_TIMEOUT = text("select set_config('statement_timeout', :ms, true)")  # this transaction


class CrawlIds(NamedTuple):
    crawl_id: str
    workflow_id: str


@dataclass
class CrawlRecord:
    """What the database holds about one crawl (its frontier counts aside:
    :func:`trawl.store.frontier.crawl_counts`)."""

    status: str
    """crawls.status: running | completed | cancelled | failed."""
    seeds: list[str]
    created_at: datetime
    finished_at: datetime | None
    spec: dict[str, Any]
    recrawl_of: str | None
    changes: dict[str, int] = field(default_factory=dict)
    """Recrawls only: stored pages per ``pages.change`` (unchanged, changed, new)."""
    stopped_sites: dict[str, str] = field(default_factory=dict)
    """Sites the crawl stopped asking (error budget spent) -> why, by site."""
    thin: int = 0
    """Pages stored with ``metadata ? 'thin_content'``."""
    given_up: int = 0
    """URLs given up after the bounded number of handoffs (``handoff_exhausted``)."""
    partial: int = 0
    """Of the thin pages, those whose main content dropped much of their prose."""
    model_tokens: int = 0
    """``--extract`` with a model: tokens spent so far."""
    pages_with_data: int = 0
    """``--extract``: pages stored with data."""
    data_failed: int = 0
    """``--extract``: pages whose extraction failed (``data_error``), the token budget's
    refusals included."""
    budget_refused: int = 0
    """``--max-model-tokens``: pages not sent to the model because the budget was spent."""
    goal_met_at: datetime | None = None
    """``--goal-pages``: when the goal was met (the crawl then claimed nothing more)."""


async def find_crawl(engine: AsyncEngine, crawl_ref: str) -> CrawlIds | None:
    """The crawl whose id or workflow id is ``crawl_ref`` (surrounding blanks ignored)."""
    async with engine.connect() as conn:
        row = (await conn.execute(_FIND, {"r": crawl_ref.strip()})).first()
    return None if row is None else CrawlIds(row[0], row[1])


async def crawl_spec(engine: AsyncEngine, crawl_id: str) -> dict[str, Any]:
    """The stored spec (``CrawlSpec.to_json()``) of an existing crawl."""
    async with engine.connect() as conn:
        spec: dict[str, Any] = (await conn.execute(_SPEC, {"c": crawl_id})).scalar_one()
    return spec


async def crawl_status(engine: AsyncEngine, crawl_id: str) -> str:
    """``crawls.status`` of an existing crawl (it lags Temporal for a terminated crawl)."""
    async with engine.connect() as conn:
        status: str = (await conn.execute(_STATUS, {"c": crawl_id})).scalar_one()
    return status


async def crawl_record(engine: AsyncEngine, crawl_id: str) -> CrawlRecord:
    """An existing crawl's row, with its recrawl changes, stopped sites and thin pages."""
    async with engine.connect() as conn:
        row = (await conn.execute(_ROW, {"c": crawl_id})).one()
        record = CrawlRecord(row.status, row.seeds, row.created_at, row.finished_at, row.spec,
                             row.recrawl_of, model_tokens=int(row.model_tokens),
                             pages_with_data=int(row.pages_with_data),
                             goal_met_at=row.goal_met_at)
        if row.spec.get("extract") is not None:
            failed, refused = (await conn.execute(_DATA_FAILED, {
                "c": crawl_id, "budget": BUDGET_SPENT + "%"})).one()
            record.data_failed, record.budget_refused = int(failed), int(refused)
        if record.recrawl_of:
            record.changes = {kind: n for kind, n in
                              (await conn.execute(_CHANGES, {"c": crawl_id})).all()}
        record.stopped_sites = {site: why for site, why in
                                (await conn.execute(_STOPPED_SITES, {"c": crawl_id})).all()}
        thin, given_up, partial = (await conn.execute(
            _THIN_AND_GIVEN_UP, {"c": crawl_id, "partial": PARTIAL_LIKE})).one()
        record.thin, record.given_up, record.partial = int(thin), int(given_up), int(partial)
    return record


async def list_crawls(engine: AsyncEngine, limit: int) -> list[dict[str, Any]]:
    """The newest ``limit`` crawls: id, status, seeds, created_at, recrawl_of, and their
    frontier's URLs done, failed and waiting (queued or claimed)."""
    async with engine.connect() as conn:
        rows = (await conn.execute(_LIST, {"n": limit})).all()
    return [dict(r._mapping) for r in rows]


async def running_frontiers(engine: AsyncEngine, limit: int,
                            timeout_s: float) -> dict[str, dict[str, int]]:
    """The newest ``limit`` running crawls' frontier: crawl id -> URLs queued, claimed (in
    flight) and blocked (waiting for a person). Bounded by ``timeout_s`` in the server."""
    async with engine.connect() as conn:
        await conn.execute(_FRONTIER_TIMEOUT, {"ms": str(int(timeout_s * 1000))})
        rows = (await conn.execute(_FRONTIER, {"n": limit})).all()
    return {crawl_id: {"queued": queued, "claimed": claimed, "blocked": blocked}
            for crawl_id, queued, claimed, blocked in rows}
