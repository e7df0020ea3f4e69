"""Reading stored pages: listing, full-text search, and export.

The queries `trawl pages`, `trawl export` and the MCP ``search_pages`` tool run (writing a
page is the frontier's, :func:`trawl.store.frontier.record_page`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

_RANK = "ts_rank_cd(search, websearch_to_tsquery('english', :q), 32)"
_LISTED = "id, crawl_id, url, status_code, title, word_count, error_class, data, data_error"
_CONTENT = ", markdown, duplicate_of"
_OF_CRAWL = "(cast(:c as text) is null or crawl_id = :c)"


def _listing(search: bool, content: bool) -> Any:
    columns = _LISTED + (_CONTENT if content else "")
    if not search:
        return text(f"select {columns} from pages where {_OF_CRAWL} order by id "
                    "limit :n offset :o")
    return text(f"select {columns}, {_RANK} as rank from pages "
                f"where {_OF_CRAWL} and search @@ websearch_to_tsquery('english', :q) "
                f"order by {_RANK} desc, id limit :n offset :o")


_LISTINGS = {(search, content): _listing(search, content)
             for search in (False, True) for content in (False, True)}
EXPORTED_COLUMNS = ("url", "final_url", "status_code", "content_type", "title", "headline",
                    "description", "language", "canonical_url", "markdown", "text",
                    "word_count", "depth", "metadata", "render_mode", "error_class",
                    "error_message", "fetched_at", "duplicate_of", "change", "data",
                    "data_error", "model_tokens")
"""The pages columns `trawl export` writes, in this order (then ``links``)."""
_LINKS = ("(select coalesce(jsonb_agg(jsonb_build_object('url', l.to_url, 'text', "
          "l.anchor_text) order by l.position), '[]'::jsonb) from links l "
          "where l.crawl_id = p.crawl_id and l.from_url = p.url) as links")
"""A page's links, in page order, as ``[{"url": ..., "text": ...}]``."""
_EXPORT = text(f"select {', '.join('p.' + c for c in EXPORTED_COLUMNS)}, {_LINKS} "
               "from pages p where p.crawl_id = :c order by p.id")


async def list_pages(engine: AsyncEngine, crawl_id: str | None, search: str | None = None,
                     limit: int = 50, *, offset: int = 0,
                     content: bool = False) -> list[dict[str, Any]]:
    """Pages of ``crawl_id`` (None: of every crawl): id, crawl_id, url, status_code, title,
    word_count and error_class, in the order stored, ``limit`` of them after the first
    ``offset``. With ``search`` (websearch syntax), only the matching pages, best first, each
    with its ``rank``. With ``content``, also each page's ``markdown`` and ``duplicate_of``
    (a duplicate's markdown is its original's: NULL here)."""
    params: dict[str, Any] = {"c": crawl_id, "n": limit, "o": offset}
    if search:
        params["q"] = search
    async with engine.connect() as conn:
        rows = (await conn.execute(_LISTINGS[bool(search), content], params)).all()
    return [dict(r._mapping) for r in rows]


async def export_rows(engine: AsyncEngine, crawl_id: str) -> AsyncIterator[dict[str, Any]]:
    """A crawl's pages, :data:`EXPORTED_COLUMNS` of each and its ``links`` (a list of
    ``{"url", "text"}`` in page order), in the order stored; streamed
    (a server-side cursor), so a crawl of any size exports in bounded memory."""
    async with engine.connect() as conn:
        result = await conn.stream(_EXPORT, {"c": crawl_id})
        async for row in result:
            yield dict(row._mapping)


_BY_ID = text(f"select p.id, p.crawl_id, {', '.join('p.' + c for c in EXPORTED_COLUMNS)}, "
              f"{_LINKS} from pages p where p.id = any(cast(:ids as bigint[])) order by p.id")


async def pages_by_id(engine: AsyncEngine, ids: list[int], *,
                      content: bool = True) -> dict[int, dict[str, Any]]:
    """Pages by row id: ``id``, ``crawl_id``, :data:`EXPORTED_COLUMNS` and ``links``
    (without ``markdown`` and ``text`` unless ``content``)."""
    if not ids:
        return {}
    async with engine.connect() as conn:
        rows = (await conn.execute(_BY_ID, {"ids": ids})).all()
    found = {}
    for row in rows:
        page = dict(row._mapping)
        if not content:
            page.pop("markdown", None)
            page.pop("text", None)
        found[int(page["id"])] = page
    return found
