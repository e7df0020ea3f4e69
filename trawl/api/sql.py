"""`trawl sql`: one statement, read-only, as a role that can only read.

Three fences: the connection is the reader role where there is one (it owns nothing and
may only SELECT); every transaction of the session is READ ONLY (writes and DDL fail,
whatever the role); and the statement is sent as a prepared statement, which Postgres
takes one at a time (``select 1; set ... read write; commit; delete ...`` is refused
whole). The statement is passed to Postgres as written: no placeholders are interpreted.
"""

from __future__ import annotations

from typing import Any

import psycopg
from sqlalchemy.engine import make_url

from trawl.errors import DatabaseError, TrawlError
from trawl.store.db import normalize_url

STATEMENT_TIMEOUT_MS = 300_000
"""A query that runs longer is cancelled (5 min)."""
CONNECT_TIMEOUT_S = 10


async def run_read_only(url: str, query: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Column names and rows of ``query``; TrawlError with Postgres's reason if refused."""
    dsn = make_url(normalize_url(url)).set(drivername="postgresql").render_as_string(
        hide_password=False)
    try:
        conn = await psycopg.AsyncConnection.connect(dsn, connect_timeout=CONNECT_TIMEOUT_S)
    except psycopg.OperationalError as exc:
        raise DatabaseError(f"cannot reach Postgres: {_first_line(exc)}") from None
    try:
        async with conn:
            await conn.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")
            await conn.execute(f"SET statement_timeout = {STATEMENT_TIMEOUT_MS}")
            await conn.commit()
            async with conn.cursor() as cur:
                await cur.execute(query.encode(), prepare=True)
                if cur.description is None:
                    return ["result"], [("ok",)]
                keys = [column.name for column in cur.description]
                rows = [tuple(row) for row in await cur.fetchall()]
            await conn.rollback()  # nothing to keep, whatever the statement was
            return keys, rows
    except psycopg.Error as exc:
        raise TrawlError(_first_line(exc)) from None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
