"""Telling a database outage from a page's own failure, and waiting one out.

A page is never recorded as failed because Postgres was unreachable: work that meets a
connection failure waits (with backoff, probing the database) and runs again once it is
back, within an outage budget (``TRAWL_DB_OUTAGE_BUDGET_S``). When the budget runs out,
:class:`DatabaseUnreachable` says so, and the crawl holds until a person resumes it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

import psycopg
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import AsyncEngine

from trawl.errors import DatabaseUnreachable

log = logging.getLogger("trawl.store.outage")

T = TypeVar("T")

OUTAGE_FIRST_WAIT_S = 1.0
OUTAGE_MAX_WAIT_S = 15.0
"""Backoff between probes of an unreachable database: doubling from the first to this."""
PROBE_TIMEOUT_S = 10.0
"""A probe that hangs this long counts as a failed one (a half-open socket, a full pool)."""
MAX_RETRIES_WHILE_UP = 3
"""A failure that looks like an outage while the database answers every probe is retried
this many times, then taken for the work's own failure (never an endless loop)."""
CONNECTION_SQLSTATE_CLASS = "08"
"""SQLSTATE class 08: connection exception."""
SHUTDOWN_SQLSTATES = frozenset({"57P01", "57P02", "57P03"})
"""admin_shutdown, crash_shutdown, cannot_connect_now (the server is starting or stopping)."""


def is_database_unavailable(exc: BaseException) -> bool:
    """True when ``exc`` says the database could not be reached or dropped the connection,
    as opposed to a statement it refused (a bug, a constraint) or a page's own error."""
    for err in _chain(exc):
        if isinstance(err, DatabaseUnreachable | PoolTimeout):
            return True
        if isinstance(err, DBAPIError) and err.connection_invalidated:
            return True
        if isinstance(err, psycopg.InterfaceError):  # "the connection is closed"
            return True
        if isinstance(err, DBAPIError) and isinstance(err.orig, ConnectionError):
            return True  # a driver that lets the socket's own error through
        if isinstance(err, psycopg.OperationalError):
            state = err.sqlstate
            # no SQLSTATE: libpq failed before the server answered (refused, reset, DNS)
            if state is None or state.startswith(CONNECTION_SQLSTATE_CLASS) \
                    or state in SHUTDOWN_SQLSTATES:
                return True
    return False


def _chain(exc: BaseException) -> list[BaseException]:
    """``exc``, what it wraps (SQLAlchemy's ``orig``) and its causes, each once."""
    seen: list[BaseException] = []
    todo: list[BaseException | None] = [exc]
    while todo:
        err = todo.pop()
        if err is None or any(err is s for s in seen) or len(seen) > 16:
            continue
        seen.append(err)
        todo += [getattr(err, "orig", None), err.__cause__, err.__context__]
    return [e for e in seen if isinstance(e, BaseException)]


class DatabaseHealth:
    """One worker's view of its database: when it became unreachable (None while it is
    reachable). Shared by every activity of the worker, so an outage's budget counts from
    its first symptom however many pages meet it, and one probe answers for all."""

    def __init__(self, engine: AsyncEngine, budget_s: float) -> None:
        self.engine = engine
        self.budget_s = budget_s
        self.down_since: float | None = None
        self._probe_lock = asyncio.Lock()

    def outage_s(self) -> float:
        return 0.0 if self.down_since is None else time.monotonic() - self.down_since

    def mark_down(self, exc: BaseException) -> None:
        if self.down_since is None:
            self.down_since = time.monotonic()
            log.warning("database unreachable (%s); waiting for it (outage budget %.0f s)",
                        _first_line(exc), self.budget_s)

    def mark_up(self) -> None:
        if self.down_since is not None:
            log.warning("database reachable again after %.1f s", self.outage_s())
            self.down_since = None

    async def probe(self) -> bool:
        """One ``SELECT 1`` (shared by concurrent callers); True when it answered."""
        async with self._probe_lock:
            if self.down_since is None:
                return True  # another waiter's probe just succeeded
            try:
                async with asyncio.timeout(PROBE_TIMEOUT_S), self.engine.connect() as conn:
                    await conn.execute(text("SELECT 1"))
            except Exception as exc:
                if not is_database_unavailable(exc) and not isinstance(exc, TimeoutError):
                    raise
                return False
            self.mark_up()
            return True

    def unreachable(self) -> DatabaseUnreachable:
        return DatabaseUnreachable(
            f"the database was unreachable for {self.outage_s():.0f} s, longer than the "
            f"outage budget ({self.budget_s:.0f} s, TRAWL_DB_OUTAGE_BUDGET_S). No page was "
            "recorded as failed because of it: start Postgres (or fix TRAWL_DATABASE_URL), "
            "then `trawl resume <crawl>` carries on where the crawl stopped.")

    async def wait_until_up(self, on_wait: Callable[[str], None],
                            deadline: float | None = None) -> bool:
        """Wait (backing off) until the database answers. Raises
        :class:`DatabaseUnreachable` when the outage outlasts the budget, or when
        ``deadline`` (a ``time.monotonic()`` value: the caller's own time limit) comes
        first. Returns whether it waited (False: the database answered at once)."""
        wait = OUTAGE_FIRST_WAIT_S
        waited = False
        while not await self.probe():
            waited = True
            left = self.budget_s - self.outage_s()
            if left <= 0:
                raise self.unreachable()
            if deadline is not None:
                left = min(left, deadline - time.monotonic())
                if left <= 0:
                    raise DatabaseUnreachable(
                        f"the database has been unreachable for {self.outage_s():.0f} s "
                        "(still within the outage budget): trying again", budget_spent=False)
            on_wait(f"database unreachable for {self.outage_s():.0f} s: waiting")
            await asyncio.sleep(min(wait, left))
            wait = min(wait * 2, OUTAGE_MAX_WAIT_S)
        return waited

    async def run(self, work: Callable[[], Awaitable[T]],
                  on_wait: Callable[[str], None] = lambda _: None,
                  deadline: float | None = None) -> T:
        """Run ``work``; while it fails because the database is unreachable, wait for the
        database and run it again (``work`` must be idempotent). When the database answers
        at once, MAX_RETRIES_WHILE_UP times in a row, the error is ``work``'s own: raised."""
        retries_while_up = 0
        while True:
            try:
                return await work()
            except Exception as exc:
                if not is_database_unavailable(exc) or isinstance(exc, DatabaseUnreachable) \
                        or retries_while_up >= MAX_RETRIES_WHILE_UP:
                    raise
                self.mark_down(exc)
            if await self.wait_until_up(on_wait, deadline):
                retries_while_up = 0
            else:
                retries_while_up += 1


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {lines[0] if lines else ''}"
