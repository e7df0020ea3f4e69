"""The frontier as an explore slice uses it: claims made from inside the activity.

A slice (``explore_slice``) claims a site's URLs as its pages finish, all under one claim
token, so that whatever it claimed and did not record can be found again: by a retried
attempt of the same slice, by the next slice of the site (after a pause cancelled this one,
or an outage held it), or by the site workflow, which explores a failed slice's URLs one by
one. Recording stays :func:`trawl.store.frontier.record_page`'s: a URL is recorded only
while claimed, whoever claimed it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, or_, select, tuple_, update
from sqlalchemy.ext.asyncio import AsyncEngine

from trawl.errors import CrawlNotFound
from trawl.model import UrlJob
from trawl.store.frontier import QUEUED_COUNT_CAP, RECORDED_STATUSES
from trawl.store.models import Crawl, CrawlUrl, Handoff, Page, SessionProfile

CLAIM_ATTEMPTS = 3
"""A claim whose budget check lost to other sites' claims reads the budget again this many
times in all."""


async def claim_more(engine: AsyncEngine, crawl_id: str, site: str, limit: int, token: str,
                     max_pages: int, *, by_priority: bool = False,
                     goal_pages: int | None = None) -> tuple[list[UrlJob], int]:
    """Claim up to ``limit`` more queued URLs of ``site`` under ``token``, breadth first
    (``by_priority``, a goal-directed crawl: the most relevant first), within the crawl's
    page budget and, with ``goal_pages``, until that many pages have data; returns (the
    URLs, the budget left after them: 0 once the goal is met).

    Unlike :func:`trawl.store.frontier.claim`, a token that claimed before claims again (a
    slice claims many times); an attempt that lost a claim's answer finds its URLs with
    :func:`take_over`. The crawl's row (its budget, shared by every site) is written last
    and only if the budget still holds and the crawl has not finished: a crawl of many
    sites claims from all of them at once, and holding that row while the URLs were
    claimed made every site's claims and every page's record wait in turn. A finished
    crawl (cancelled) claims nothing: its claims were given back when it finished (under
    its row's lock), and none may land after.
    """
    budget_left = 0
    for _ in range(CLAIM_ATTEMPTS):
        try:
            return await _claim_more(engine, crawl_id, site, limit, token, max_pages,
                                     by_priority, goal_pages)
        except _BudgetTaken as lost:
            budget_left = lost.budget_left
    return [], budget_left  # the budget is contended to its last pages: asked again later


class _BudgetTaken(Exception):
    """The crawl finished, or other sites' claims took the budget, while URLs were claimed:
    the claim is rolled back."""

    def __init__(self, budget_left: int) -> None:
        super().__init__()
        self.budget_left = budget_left


async def _claim_more(engine: AsyncEngine, crawl_id: str, site: str, limit: int, token: str,
                      max_pages: int, by_priority: bool, goal_pages: int | None
                      ) -> tuple[list[UrlJob], int]:
    async with engine.begin() as conn:
        row = (await conn.execute(select(Crawl.pages_claimed, Crawl.finished_at,
                                         Crawl.pages_with_data)
                                  .where(Crawl.id == crawl_id))).first()
        if row is None:
            raise CrawlNotFound(f"no crawl {crawl_id}")
        pages_claimed, finished_at = row.pages_claimed, row.finished_at
        take = max(0, min(limit, max_pages - pages_claimed))
        if take == 0 or finished_at is not None:
            return [], max(0, max_pages - pages_claimed)
        if goal_pages is not None and row.pages_with_data >= goal_pages:
            # the goal is met: the first claim to see it notes when (once)
            await conn.execute(update(Crawl).where(Crawl.id == crawl_id,
                                                   Crawl.goal_met_at.is_(None))
                               .values(goal_met_at=func.now()))
            return [], 0
        # breadth first, or a goal-directed crawl's most relevant first: each order has a
        # partial index of the queued rows (ix_crawl_urls_queue, _priority)
        waiting = [CrawlUrl.crawl_id == crawl_id, CrawlUrl.site == site,
                   CrawlUrl.status == "queued"]
        if by_priority:
            waiting.append(CrawlUrl.priority.is_not(None))
        order = ((CrawlUrl.priority.desc(), CrawlUrl.depth, CrawlUrl.seq) if by_priority
                 else (CrawlUrl.depth, CrawlUrl.seq))
        candidates = (
            select(CrawlUrl.crawl_id, CrawlUrl.url).where(*waiting)
            .order_by(*order).limit(take)
            .with_for_update(skip_locked=True))
        rows = (await conn.execute(
            update(CrawlUrl)
            .where(tuple_(CrawlUrl.crawl_id, CrawlUrl.url).in_(candidates))
            .values(status="claimed", claim_token=token, updated_at=func.now())
            .returning(CrawlUrl.url, CrawlUrl.depth, CrawlUrl.seq, CrawlUrl.handoffs,
                       CrawlUrl.priority)
        )).all()
        if not rows:
            return [], max(0, max_pages - pages_claimed)
        claimed = (await conn.execute(
            update(Crawl)
            .where(Crawl.id == crawl_id, Crawl.finished_at.is_(None),
                   Crawl.pages_claimed + len(rows) <= max_pages)
            .values(pages_claimed=Crawl.pages_claimed + len(rows))
            .returning(Crawl.pages_claimed))).scalar_one_or_none()
        if claimed is None:  # finished meanwhile, or the budget went to other sites
            raise _BudgetTaken(max(0, max_pages - pages_claimed - len(rows)))
    return _jobs(rows, by_priority), max(0, max_pages - claimed)


def _jobs(rows: Sequence[Any], by_priority: bool = False) -> list[UrlJob]:
    """Rows of (url, depth, seq, handoffs, priority) as jobs, in claim order."""
    key = ((lambda r: (-(r.priority or 0.0), r.depth, r.seq)) if by_priority
           else (lambda r: (r.depth, r.seq)))
    return [UrlJob(url=r.url, depth=r.depth, handoffs=r.handoffs, priority=r.priority)
            for r in sorted(rows, key=key)]


async def take_over(engine: AsyncEngine, crawl_id: str, tokens: Sequence[str],
                    urls: Sequence[str], token: str) -> list[UrlJob]:
    """URLs still claimed under any of ``tokens`` (claimed, never recorded), and those of
    ``urls`` still claimed (under any token), now claimed under ``token``: a slice adopts
    the URLs handed to it and those of slices that ended before recording theirs, so that
    whatever it leaves is found again by its own token."""
    if not tokens and not urls:
        return []
    async with engine.begin() as conn:
        rows = (await conn.execute(
            update(CrawlUrl)
            .where(CrawlUrl.crawl_id == crawl_id, CrawlUrl.status == "claimed",
                   or_(CrawlUrl.claim_token.in_(list(tokens)), CrawlUrl.url.in_(list(urls))))
            .values(claim_token=token)
            .returning(CrawlUrl.url, CrawlUrl.depth, CrawlUrl.seq, CrawlUrl.handoffs,
                       CrawlUrl.priority))).all()
    return _jobs(rows)


async def claimed_under(engine: AsyncEngine, crawl_id: str,
                        tokens: Sequence[str]) -> list[UrlJob]:
    """URLs still claimed under any of ``tokens`` (read only)."""
    if not tokens:
        return []
    async with engine.connect() as conn:
        rows = (await conn.execute(
            select(CrawlUrl.url, CrawlUrl.depth, CrawlUrl.seq, CrawlUrl.handoffs,
                   CrawlUrl.priority)
            .where(CrawlUrl.claim_token.in_(list(tokens)), CrawlUrl.crawl_id == crawl_id,
                   CrawlUrl.status == "claimed"))).all()
    return _jobs(rows)


async def recorded_under(engine: AsyncEngine, crawl_id: str, token: str) -> dict[str, int]:
    """{outcome: URLs} recorded under ``token`` (by a slice that ended without saying)."""
    async with engine.connect() as conn:
        rows = await conn.execute(
            select(CrawlUrl.status, func.count())
            .where(CrawlUrl.claim_token == token, CrawlUrl.crawl_id == crawl_id,
                   CrawlUrl.status.in_(RECORDED_STATUSES))
            .group_by(CrawlUrl.status))
        return {status: int(n) for status, n in rows}


async def data_under(engine: AsyncEngine, crawl_id: str, token: str) -> tuple[int, int]:
    """``--extract``: (pages stored with data, pages whose extraction failed) of the URLs
    recorded under ``token``."""
    async with engine.connect() as conn:
        row = (await conn.execute(
            select(func.count(Page.data),
                   func.count().filter(Page.data.is_(None), Page.data_error.is_not(None)))
            .join(CrawlUrl, (CrawlUrl.crawl_id == Page.crawl_id) & (CrawlUrl.url == Page.url))
            .where(CrawlUrl.claim_token == token, CrawlUrl.crawl_id == crawl_id,
                   CrawlUrl.status.in_(RECORDED_STATUSES)))).one()
    return int(row[0]), int(row[1])


async def blocked_under(engine: AsyncEngine, crawl_id: str,
                        token: str) -> list[tuple[str, str, str | None]]:
    """(URL, reason, detail) of the open handoffs of URLs claimed under ``token`` (a slice
    that ended without saying met them: the site must wait for ``resume``)."""
    async with engine.connect() as conn:
        rows = (await conn.execute(
            select(Handoff.url, Handoff.reason, Handoff.detail)
            .join(CrawlUrl, (CrawlUrl.crawl_id == Handoff.crawl_id)
                  & (CrawlUrl.url == Handoff.url))
            .where(CrawlUrl.claim_token == token, CrawlUrl.crawl_id == crawl_id,
                   CrawlUrl.status == "blocked", Handoff.resolved_at.is_(None))
            .order_by(Handoff.id))).all()
    return [(r.url, r.reason, r.detail) for r in rows]


async def site_state(engine: AsyncEngine, crawl_id: str, site: str) -> tuple[int, int]:
    """(URLs of the site still queued, counted up to QUEUED_COUNT_CAP; the version of the
    site's session profile, 0 for none)."""
    async with engine.connect() as conn:
        queued = (await conn.execute(select(func.count()).select_from(
            select(CrawlUrl.url).where(CrawlUrl.crawl_id == crawl_id, CrawlUrl.site == site,
                                       CrawlUrl.status == "queued")
            .limit(QUEUED_COUNT_CAP).subquery()))).scalar_one()
        version = (await conn.execute(
            select(SessionProfile.version).where(SessionProfile.site == site)
        )).scalar_one_or_none()
    return int(queued), int(version or 0)
