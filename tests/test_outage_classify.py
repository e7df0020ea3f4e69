"""Which database errors are an outage (waited out) and which are not (a statement's own
failure, recorded as usual)."""

from __future__ import annotations

import psycopg
import pytest
from psycopg import errors as pg
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import AsyncEngine

from trawl.errors import DatabaseUnreachable, FetchTimeout
from trawl.services._process import free_port
from trawl.store.db import create_engine_async
from trawl.store.outage import MAX_RETRIES_WHILE_UP, DatabaseHealth, is_database_unavailable

TINY_BUDGET_S = 2.0


def wrapped(orig: Exception, invalidated: bool = False) -> OperationalError:
    return OperationalError("select 1", {}, orig, connection_invalidated=invalidated)


@pytest.mark.parametrize("exc", [
    psycopg.OperationalError("connection is bad: connection refused"),  # no SQLSTATE
    wrapped(psycopg.OperationalError("server closed the connection unexpectedly")),
    wrapped(pg.AdminShutdown("terminating connection due to administrator command")),
    wrapped(pg.CannotConnectNow("the database system is starting up")),
    wrapped(pg.ConnectionFailure("connection failure")),
    wrapped(psycopg.DatabaseError("anything"), invalidated=True),
    psycopg.InterfaceError("the connection is closed"),
    wrapped(ConnectionRefusedError(111, "Connection refused")),  # type: ignore[arg-type]
    PoolTimeout("QueuePool limit reached"),
    DatabaseUnreachable("past the budget"),
])
def test_outages(exc: Exception) -> None:
    assert is_database_unavailable(exc)


def test_an_outage_under_another_error_is_found() -> None:
    try:
        try:
            raise wrapped(pg.AdminShutdown("terminating connection"))
        except OperationalError as inner:
            raise RuntimeError("while recording the page") from inner
    except RuntimeError as outer:
        assert is_database_unavailable(outer)


@pytest.mark.parametrize("exc", [
    wrapped(pg.QueryCanceled("canceling statement due to statement timeout")),
    IntegrityError("insert", {}, pg.UniqueViolation("duplicate key")),
    psycopg.ProgrammingError("syntax error"),
    FetchTimeout("the page did not answer"),
    RuntimeError("a bug"),
    ConnectionResetError(104, "a page's server reset the connection"),  # not the database
    TimeoutError(),
])
def test_not_outages(exc: Exception) -> None:
    assert not is_database_unavailable(exc)


async def test_an_outage_look_alike_while_the_database_answers_is_raised(
        engine: AsyncEngine) -> None:
    """Work failing like an outage while the (real) database answers every probe is not
    retried for ever: after MAX_RETRIES_WHILE_UP, its error is raised as its own."""
    health = DatabaseHealth(engine, budget_s=60)
    calls = 0

    async def work() -> None:
        nonlocal calls
        calls += 1
        raise wrapped(pg.AdminShutdown("looks like an outage"))

    with pytest.raises(OperationalError):
        await health.run(work)
    assert calls == MAX_RETRIES_WHILE_UP + 1
    assert health.down_since is None


async def test_an_unreachable_database_past_the_budget_says_so() -> None:
    """A database that never answers (nothing listens on the port): past the budget,
    DatabaseUnreachable says what happened and what to do."""
    dead = create_engine_async(f"postgresql://trawl@127.0.0.1:{free_port()}/trawl")
    health = DatabaseHealth(dead, budget_s=TINY_BUDGET_S)

    async def work() -> None:
        async with dead.connect():
            pass

    try:
        with pytest.raises(DatabaseUnreachable) as raised:
            await health.run(work)
    finally:
        await dead.dispose()
    assert raised.value.budget_spent
    assert "unreachable" in str(raised.value) and "trawl resume" in str(raised.value)
