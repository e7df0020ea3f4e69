"""Handoffs and per-site session profiles in Postgres; every write idempotent under retry.

Session profiles hold credentials (cookies, local storage). Nothing here logs or returns
their values except :func:`load_profile`, which the crawler uses to open a browser context.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, null, select, text, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncEngine

from trawl import metrics
from trawl.errors import DatabaseError
from trawl.model import BlockedPage, EventType, PageOutcome
from trawl.secrets import SealError, data_key
from trawl.store.events import add_event
from trawl.store.models import Crawl, CrawlUrl, Handoff, SessionProfile


@dataclass
class OpenHandoff:
    id: int
    crawl_id: str
    site: str
    url: str
    workflow_id: str
    reason: str
    detail: str | None
    created_at: datetime
    has_screenshot: bool


@dataclass
class Resolved:
    requeued: int
    """Blocked URLs put back in the queue."""
    closed: int
    """Handoff rows closed."""
    profile_version: int
    """The site's session profile version afterwards (0: none)."""


async def block_url(engine: AsyncEngine, page: BlockedPage) -> bool:
    """Mark a claimed URL blocked and open its handoff, in one transaction.

    False when the URL was no longer claimed (a repeated attempt): nothing written.
    """
    async with engine.begin() as conn:
        moved = await conn.execute(
            update(CrawlUrl)
            .where(CrawlUrl.crawl_id == page.crawl_id, CrawlUrl.url == page.url,
                   CrawlUrl.status == "claimed")
            .values(status="blocked", reason=f"handoff: {page.reason}",
                    handoffs=CrawlUrl.handoffs + 1, updated_at=func.now()))
        if moved.rowcount == 0:
            return False
        handoff_id = (await conn.execute(
            insert(Handoff).values(
                crawl_id=page.crawl_id, site=page.site, url=page.url,
                workflow_id=page.workflow_id, reason=page.reason, detail=page.detail,
                screenshot=page.screenshot)
            .on_conflict_do_nothing(index_elements=["crawl_id", "url"],
                                    index_where=text("resolved_at IS NULL"))
            .returning(Handoff.id))).scalar_one_or_none()
        if handoff_id is not None:
            await add_event(conn, page.crawl_id, EventType.HANDOFF_OPENED, str(handoff_id), {
                "handoff_id": handoff_id, "url": page.url, "site": page.site,
                "reason": page.reason, "detail": page.detail,
                "has_screenshot": page.screenshot is not None,
                "resume_command": f"trawl resume {page.crawl_id}"})
    metrics.page_recorded(PageOutcome.HANDOFF, None, None)  # waits for a person (counted once)
    return True


def merge_cookies(state: dict[str, Any], cookies: list[dict[str, Any]]) -> dict[str, Any]:
    """``state`` with ``cookies`` added, replacing cookies of the same name/domain/path."""
    def key(c: dict[str, Any]) -> tuple[str, str, str]:
        return (str(c.get("name")), str(c.get("domain", "")).lstrip("."), str(c.get("path", "/")))

    fresh = {key(c): c for c in cookies}
    kept = [c for c in state.get("cookies", []) if key(c) not in fresh]
    return {**state, "cookies": kept + list(fresh.values()),
            "origins": state.get("origins", [])}


async def save_profile(engine: AsyncEngine, site: str, *,
                       storage_state: dict[str, Any] | None = None,
                       cookies: list[dict[str, Any]] | None = None) -> int:
    """Store a site's session, sealed (a storage state replaces it, cookies merge into it).

    Returns the profile version; unchanged content keeps the version (retry-safe).
    """
    async with engine.begin() as conn:
        row = (await conn.execute(select(SessionProfile.sealed, SessionProfile.storage_state,
                                         SessionProfile.version)
                                  .where(SessionProfile.site == site).with_for_update())).first()
        current = _open_profile(site, row[0], row[1]) if row else {"cookies": [], "origins": []}
        new = dict(storage_state) if storage_state is not None else dict(current)
        new.setdefault("cookies", [])
        new.setdefault("origins", [])
        if cookies:
            new = merge_cookies(new, cookies)
        if row is not None and new == current and row[0] is not None:
            return int(row[2])
        values = {"sealed": _seal_profile(site, new), "storage_state": null(),
                  "cookie_count": len(new["cookies"])}
        if row is None:
            await conn.execute(insert(SessionProfile).values(site=site, version=1, **values))
            return 1
        version = int(row[2]) + (0 if new == current else 1)
        await conn.execute(update(SessionProfile).where(SessionProfile.site == site)
                           .values(version=version, updated_at=func.now(), **values))
        return version


def _seal_profile(site: str, state: dict[str, Any]) -> bytes:
    return data_key().seal(json.dumps(state).encode(), context=site.encode())


def _open_profile(site: str, sealed: bytes | None,
                  legacy: dict[str, Any] | None) -> dict[str, Any]:
    if sealed is None:  # written before migration 0009 sealed profiles
        return legacy or {"cookies": [], "origins": []}
    try:
        state: dict[str, Any] = json.loads(data_key().open(sealed, context=site.encode()))
    except SealError as exc:
        raise DatabaseError(f"the session profile of {site} cannot be opened: {exc}") from None
    return state


async def profile_version(engine: AsyncEngine, site: str) -> int:
    async with engine.connect() as conn:
        version = (await conn.execute(select(SessionProfile.version)
                                      .where(SessionProfile.site == site))).scalar_one_or_none()
    return int(version or 0)


async def load_profile(engine: AsyncEngine, site: str) -> tuple[int, dict[str, Any] | None]:
    """(version, storage state) of a site's profile; (0, None) when it has none."""
    async with engine.connect() as conn:
        row = (await conn.execute(select(SessionProfile.version, SessionProfile.sealed,
                                         SessionProfile.storage_state)
                                  .where(SessionProfile.site == site))).first()
    return (int(row[0]), _open_profile(site, row[1], row[2])) if row else (0, None)


async def list_profiles(engine: AsyncEngine) -> list[dict[str, Any]]:
    """Sites with a stored session: site, version, #cookies, times (never the values)."""
    async with engine.connect() as conn:
        rows = (await conn.execute(text(
            "select site, version, cookie_count as cookies, updated_at from session_profiles "
            "order by site"))).all()
    return [dict(r._mapping) for r in rows]


async def delete_profile(engine: AsyncEngine, site: str) -> bool:
    """Delete a site's profile for real: the row, and then the table rewritten (VACUUM
    FULL) so the deleted row's bytes are no longer in its files."""
    async with engine.begin() as conn:
        result = await conn.execute(delete(SessionProfile).where(SessionProfile.site == site))
    if result.rowcount:
        async with engine.connect() as conn:
            auto = await conn.execution_options(isolation_level="AUTOCOMMIT")
            await auto.execute(text("VACUUM FULL session_profiles"))
    return bool(result.rowcount)


async def resolve_site(engine: AsyncEngine, crawl_id: str, site: str, *, resumed_by: str,
                       note: str | None) -> Resolved:
    """Close a site's open handoffs and queue its blocked URLs again (budget given back)."""
    async with engine.begin() as conn:
        closed = (await conn.execute(
            update(Handoff)
            .where(Handoff.crawl_id == crawl_id, Handoff.site == site,
                   Handoff.resolved_at.is_(None))
            .values(resolved_at=func.now(), resolved_by=resumed_by[:255], note=note)
            .returning(Handoff.id, Handoff.url))).all()
        requeued = await conn.execute(
            update(CrawlUrl)
            .where(CrawlUrl.crawl_id == crawl_id, CrawlUrl.site == site,
                   CrawlUrl.status == "blocked")
            .values(status="queued", claim_token=None, reason=None, updated_at=func.now()))
        if requeued.rowcount:
            # a blocked URL was claimed once: it must not count twice against max_pages
            await conn.execute(update(Crawl).where(Crawl.id == crawl_id)
                               .values(pages_claimed=Crawl.pages_claimed - requeued.rowcount))
        version = (await conn.execute(select(SessionProfile.version)
                                      .where(SessionProfile.site == site))).scalar_one_or_none()
        for handoff_id, url in closed:
            await add_event(conn, crawl_id, EventType.HANDOFF_RESUMED, str(handoff_id), {
                "handoff_id": handoff_id, "url": url, "site": site,
                "resumed_by": resumed_by[:255], "note": note,
                "requeued": requeued.rowcount})
    return Resolved(requeued.rowcount, len(closed), int(version or 0))


async def close_crawl_handoffs(engine: AsyncEngine, crawl_id: str, by: str) -> int:
    """Close every open handoff of a crawl (it was cancelled); blocked URLs are queued."""
    async with engine.begin() as conn:
        closed = await conn.execute(
            update(Handoff).where(Handoff.crawl_id == crawl_id, Handoff.resolved_at.is_(None))
            .values(resolved_at=func.now(), resolved_by=by))
        requeued = await conn.execute(
            update(CrawlUrl).where(CrawlUrl.crawl_id == crawl_id, CrawlUrl.status == "blocked")
            .values(status="queued", claim_token=None, updated_at=func.now()))
        if requeued.rowcount:
            await conn.execute(update(Crawl).where(Crawl.id == crawl_id)
                               .values(pages_claimed=Crawl.pages_claimed - requeued.rowcount))
    return int(closed.rowcount)


async def open_handoffs(engine: AsyncEngine, crawl_id: str | None = None) -> list[OpenHandoff]:
    async with engine.connect() as conn:
        query = (select(Handoff.id, Handoff.crawl_id, Handoff.site, Handoff.url,
                        Handoff.workflow_id, Handoff.reason, Handoff.detail,
                        Handoff.created_at, Handoff.screenshot.is_not(None))
                 .where(Handoff.resolved_at.is_(None)).order_by(Handoff.id))
        if crawl_id is not None:
            query = query.where(Handoff.crawl_id == crawl_id)
        rows = (await conn.execute(query)).all()
    return [OpenHandoff(*row) for row in rows]


async def screenshot(engine: AsyncEngine, handoff_id: int) -> bytes | None:
    async with engine.connect() as conn:
        return (await conn.execute(select(Handoff.screenshot)
                                   .where(Handoff.id == handoff_id))).scalar_one_or_none()
