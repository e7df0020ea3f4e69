"""Recrawls in the store: seeding from the crawl revisited, and reading its pages.

A recrawl (``trawl crawl --recrawl ID``) is a new crawl whose ``crawls.recrawl_of`` names
the crawl it revisits. Its frontier starts with every URL that crawl stored a page for,
at the same depth; explore looks each URL's previous row up to send a conditional request
and, when nothing changed, copies the row instead of extracting the page again. The
revisited crawl's rows are only read, never changed: they are the previous versions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from trawl.model import CrawlSpec, FoundLink, PageRecord
from trawl.policy import trap_reason
from trawl.store.frontier import INSERT_CHUNK_ROWS
from trawl.store.models import CrawlUrl, Link, Page, Site


@dataclass
class PreviousPage:
    """A URL's row in the crawl a recrawl revisits: what a conditional request needs."""

    id: int
    """``pages.id`` of the row (becomes the new row's ``previous_page_id``)."""
    status_code: int | None
    """Its HTTP status."""
    error_class: str | None
    """NULL when it was fetched successfully."""
    etag: str | None
    """Its ETag, sent back as If-None-Match."""
    last_modified: str | None
    """Its Last-Modified, sent back as If-Modified-Since."""
    body_hash: str | None
    """SHA-256 of its HTML as served (HTTP fetches only)."""
    content_hash: str | None
    """SHA-256 of its markdown."""

    @property
    def ok(self) -> bool:
        """Fetched successfully: worth revalidating rather than fetching afresh."""
        return self.error_class is None and self.status_code is not None \
            and self.status_code < 300


# content columns an unchanged page takes over from its previous version
_COPIED = ("status_code", "content_type", "content_length", "title", "headline", "description",
           "language", "canonical_url", "markdown", "text", "content_hash", "word_count",
           "meta", "render_mode", "render_reason", "steps", "console_errors", "raw_html",
           "screenshot")


async def previous_page(engine: AsyncEngine, old_crawl_id: str, url: str) -> PreviousPage | None:
    """``url``'s row in the crawl revisited, or None when that crawl has none (a new page)."""
    async with engine.connect() as conn:
        row = (await conn.execute(
            select(Page.id, Page.status_code, Page.error_class, Page.etag, Page.last_modified,
                   Page.body_hash, Page.content_hash)
            .where(Page.crawl_id == old_crawl_id, Page.url == url))).first()
    return PreviousPage(*row) if row is not None else None


async def copy_previous(engine: AsyncEngine, old_crawl_id: str, prev: PreviousPage,
                        rec: PageRecord) -> list[FoundLink]:
    """Fill ``rec``'s content from the previous row; return the previous row's links.

    A previous row that was a duplicate holds no markdown or text: they come from its
    original, so the copy is complete (and deduplicated again within the new crawl).
    """
    async with engine.connect() as conn:
        row = (await conn.execute(
            select(*(getattr(Page, c).label(c) for c in _COPIED), Page.duplicate_of, Page.etag,
                   Page.last_modified, Page.body_hash)
            .where(Page.id == prev.id))).one()
        values: dict[str, Any] = dict(row._mapping)
        if values["duplicate_of"] is not None:
            original = (await conn.execute(
                select(Page.markdown, Page.text)
                .where(Page.crawl_id == old_crawl_id, Page.url == values["duplicate_of"])
            )).first()
            if original is not None:
                values["markdown"], values["text"] = original
        links = (await conn.execute(
            select(Link.to_url, Link.anchor_text, Link.internal, Link.rel)
            .where(Link.crawl_id == old_crawl_id, Link.from_url == rec.url)
            .order_by(Link.position))).all()
    for column in _COPIED:
        setattr(rec, column, values[column])
    # this response's validators when it sent any, else the ones that still hold
    rec.etag = rec.etag or values["etag"]
    rec.last_modified = rec.last_modified or values["last_modified"]
    rec.body_hash = rec.body_hash or values["body_hash"]
    return [FoundLink(url=u, anchor_text=a, internal=i, rel=r) for u, a, i, r in links]


async def seed_from_previous(engine: AsyncEngine, crawl_id: str, spec: CrawlSpec) -> list[str]:
    """Queue every URL ``spec.recrawl_of`` stored a page for, at its depth (insert-if-absent,
    so a retried start repeats it harmlessly); returns the sites of the new crawl.

    Failed pages are revisited too (they may work now). URLs the spec no longer allows —
    out of scope, deeper than ``max_depth``, traps — stay out.
    """
    if not spec.recrawl_of:
        return []
    scope = spec.scope()
    async with engine.begin() as conn:
        rows = (await conn.execute(
            select(Page.url, Page.site, Page.depth)
            .where(Page.crawl_id == spec.recrawl_of)
            .order_by(Page.depth, Page.id))).all()
        # a goal-directed recrawl claims by priority: its URLs need one (relevance comes
        # from links, which a revisit has not read yet: 0 after the start URLs)
        prio = {"priority": 0.0} if spec.goal else {}
        urls = [{"crawl_id": crawl_id, "url": url, "site": site, "depth": depth, **prio}
                for url, site, depth in rows
                if depth <= spec.max_depth and scope.contains(url)
                and trap_reason(url, max_url_length=spec.max_url_length) is None]
        await _insert_if_absent(conn, crawl_id, urls)
        sites = (await conn.execute(select(Site.site).where(Site.crawl_id == crawl_id)
                                    .order_by(Site.site))).scalars()
        return list(sites)


async def _insert_if_absent(conn: AsyncConnection, crawl_id: str,
                            rows: list[dict[str, Any]]) -> None:
    if not rows:
        return
    sites = sorted({r["site"] for r in rows})
    await conn.execute(insert(Site).values([{"crawl_id": crawl_id, "site": s} for s in sites])
                       .on_conflict_do_nothing())
    # inserted in (depth, previous order): breadth first claims revisit them in that order
    for start in range(0, len(rows), INSERT_CHUNK_ROWS):
        await conn.execute(insert(CrawlUrl).values(rows[start:start + INSERT_CHUNK_ROWS])
                           .on_conflict_do_nothing())
