"""The Firecrawl-compatible API's rows: its jobs (``firecrawl_jobs``, migration 0016), and
the pages, errors and skipped URLs of their crawls as that API lists them.

A job's crawl is an ordinary crawl; what is read here is read from its ``pages`` and
``crawl_urls`` rows. A *document* is a page that got an answer: stored with its content,
or an HTTP error status (Firecrawl lists those as documents with their ``statusCode``).
Every other failure (a timeout, a refused address, a body too large...) is an *error*.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from trawl.secrets import data_key
from trawl.store.models import FirecrawlJob

HEADERS_CONTEXT = b"firecrawl webhook headers "
"""Bound to a job's sealed webhook headers, with its crawl id (a sealed value copied to
another row does not open there)."""
IS_DOCUMENT = "(p.error_class is null or p.error_class like 'http\\_%')"
"""A page listed as a document: stored with content, or answered with an HTTP error."""
ROBOTS_REASON = "robots.txt"
"""``crawl_urls.reason`` prefix of URLs robots.txt kept the crawl from."""


@dataclass
class Job:
    """One ``firecrawl_jobs`` row, its webhook headers opened."""

    crawl_id: str
    kind: str
    """crawl | batch_scrape."""
    api_version: str
    """v1 | v2."""
    options: dict[str, Any]
    webhook_events: list[str] | None = None
    webhook_metadata: dict[str, Any] | None = None
    webhook_headers: dict[str, str] = field(default_factory=dict)


def job_writer(job: Job) -> Callable[[AsyncConnection, str], Awaitable[None]]:
    """Writes ``job`` for the crawl being created, in its creation's transaction (see
    :meth:`trawl.api.crawls.Trawl.start`): the job exists as soon as its crawl does, before
    any of its events is delivered."""

    async def write(conn: AsyncConnection, crawl_id: str) -> None:
        sealed = data_key().seal(json.dumps(job.webhook_headers).encode(),
                                 context=HEADERS_CONTEXT + crawl_id.encode()) \
            if job.webhook_headers else None
        await conn.execute(insert(FirecrawlJob).values(
            crawl_id=crawl_id, kind=job.kind, api_version=job.api_version,
            options=job.options, webhook_events=job.webhook_events,
            webhook_metadata=job.webhook_metadata, webhook_headers=sealed,
        ).on_conflict_do_nothing())

    return write


async def find_job(engine: AsyncEngine, crawl_id: str) -> Job | None:
    """The crawl's job (None: the crawl was not started through the Firecrawl API)."""
    j = FirecrawlJob
    async with engine.connect() as conn:
        row = (await conn.execute(select(
            j.kind, j.api_version, j.options, j.webhook_events, j.webhook_metadata,
            j.webhook_headers).where(j.crawl_id == crawl_id))).first()
    if row is None:
        return None
    kind, version, options, events, metadata, sealed = row
    headers: dict[str, str] = {}
    if sealed is not None:
        headers = json.loads(data_key().open(
            sealed, context=HEADERS_CONTEXT + crawl_id.encode()))
    return Job(crawl_id, kind, version, options, events, metadata, headers)


@dataclass
class PageRow:
    """What a document is made of, from a ``pages`` row (and its links)."""

    id: int
    url: str
    final_url: str | None
    status_code: int | None
    content_type: str | None
    title: str | None
    description: str | None
    language: str | None
    metadata: dict[str, Any]
    markdown: str | None
    error_class: str | None
    error_message: str | None
    fetched_at: datetime | None
    links: list[str]
    raw_html: str | None = None
    screenshot: bytes | None = None
    data: dict[str, Any] | None = None
    """The page's extracted data (``--extract``; a JSON format), when there is some."""
    data_error: str | None = None
    """Why the page has no extracted data."""


_COLUMNS = (
    "p.id, p.url, p.final_url, p.status_code, p.content_type, p.title, p.description, "
    "p.language, coalesce(p.metadata, '{}'::jsonb) as metadata, "
    # a duplicate's content is its original's (stored there once)
    "coalesce(p.markdown, o.markdown) as markdown, p.error_class, p.error_message, "
    "p.fetched_at, p.data, p.data_error, "
    "(select coalesce(jsonb_agg(l.to_url order by l.position), '[]'::jsonb) from links l "
    " where l.crawl_id = p.crawl_id and l.from_url = p.url) as links")
_FROM = ("from pages p left join pages o on p.duplicate_of is not null "
         "and o.crawl_id = p.crawl_id and o.url = p.duplicate_of")


def _blobs(html: bool, screenshot: bool) -> str:
    return ((", coalesce(p.raw_html, o.raw_html) as raw_html" if html else "")
            + (", p.screenshot" if screenshot else ""))


def _page(row: Any) -> PageRow:
    values = dict(row._mapping)
    raw = values.pop("raw_html", None)
    page = PageRow(**values)
    if raw is not None:
        page.raw_html = gzip.decompress(raw).decode("utf-8", "replace")
    return page


async def documents(engine: AsyncEngine, crawl_id: str, skip: int, limit: int, *,
                    html: bool = False, screenshot: bool = False) -> list[PageRow]:
    """The crawl's documents in the order stored: ``limit`` after the first ``skip``; with
    their stored HTML and screenshot when asked for."""
    query = text(f"select {_COLUMNS}{_blobs(html, screenshot)} {_FROM} "
                 f"where p.crawl_id = :c and {IS_DOCUMENT} order by p.id "
                 "limit :n offset :o")
    async with engine.connect() as conn:
        rows = (await conn.execute(query, {"c": crawl_id, "n": limit, "o": skip})).all()
    return [_page(r) for r in rows]


async def page(engine: AsyncEngine, page_id: int, *, html: bool = False,
               screenshot: bool = False) -> PageRow | None:
    """One page by row id (a webhook's ``crawl.page``)."""
    query = text(f"select {_COLUMNS}{_blobs(html, screenshot)} {_FROM} where p.id = :i")
    async with engine.connect() as conn:
        row = (await conn.execute(query, {"i": page_id})).first()
    return None if row is None else _page(row)


async def count_documents(engine: AsyncEngine, crawl_id: str) -> int:
    async with engine.connect() as conn:
        return int((await conn.execute(text(
            f"select count(*) from pages p where p.crawl_id = :c and {IS_DOCUMENT}"),
            {"c": crawl_id})).scalar_one())


@dataclass
class Failure:
    """A URL of the crawl that yielded no document: a failed page, or a URL skipped."""

    id: str
    url: str
    code: str
    error: str
    timestamp: datetime | None


async def failures(engine: AsyncEngine, crawl_id: str) -> tuple[list[Failure], list[str]]:
    """The crawl's failed pages and the URLs it skipped (but for robots.txt), and the URLs
    robots.txt kept it from."""
    async with engine.connect() as conn:
        failed = (await conn.execute(text(
            "select p.id, p.url, p.error_class, coalesce(p.error_message, p.error_class), "
            f"p.fetched_at from pages p where p.crawl_id = :c and not {IS_DOCUMENT} "
            "order by p.id"), {"c": crawl_id})).all()
        skipped = (await conn.execute(text(
            "select u.seq, u.url, coalesce(u.reason, 'skipped') from crawl_urls u "
            "where u.crawl_id = :c and u.status = 'skipped' order by u.seq"),
            {"c": crawl_id})).all()
    errors = [Failure(str(i), url, code, message, at) for i, url, code, message, at in failed]
    robots = [url for _, url, reason in skipped if reason.startswith(ROBOTS_REASON)]
    errors += [Failure(f"url-{seq}", url, "skipped", reason, None)
               for seq, url, reason in skipped if not reason.startswith(ROBOTS_REASON)]
    return errors, robots
