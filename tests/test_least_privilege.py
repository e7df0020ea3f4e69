"""Least privilege on the embedded Postgres: workers connect as an owner role that is not a
superuser, and `trawl sql` reads only (select works; writes, DDL, COPY to a program or a
file, server files and the sealed session profiles are refused)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from tests.conftest import scalar_rows
from trawl.api.sql import run_read_only
from trawl.errors import TrawlError

PROBE = Path("/tmp/trawl-copy-to-program-probe")


async def test_workers_role_is_no_superuser(engine: AsyncEngine) -> None:
    rows = await scalar_rows(engine, "select current_user, rolsuper, rolcreaterole, "
                                     "rolcreatedb from pg_roles where rolname = current_user")
    assert rows == [("trawl", False, False, False)]
    owners = await scalar_rows(engine, "select distinct pg_get_userbyid(relowner) from pg_class "
                                       "c join pg_namespace n on n.oid = c.relnamespace where "
                                       "nspname = 'public' and relkind = 'r'")
    assert owners == [("trawl",)]


@pytest.mark.parametrize("role", ["reader", "owner"])
async def test_sql_selects(reader_url: str, database_url: str, role: str) -> None:
    keys, rows = await run_read_only(reader_url if role == "reader" else database_url,
                                     "select count(*) as n from crawls")
    assert keys == ["n"] and isinstance(rows[0][0], int)


REFUSED = [
    ("delete from crawls", "read-only transaction"),
    ("update pages set text = ''", "read-only transaction"),
    ("drop table pages", "read-only transaction|must be owner"),
    ("create table evil (x int)", "read-only transaction|permission denied"),
    ("truncate crawl_urls", "read-only transaction|permission denied"),
    (f"copy (select 1) to program 'touch {PROBE}'", "permission denied|must be superuser|"
                                                     "read-only"),
    (f"copy (select 1) to '{PROBE}'", "permission denied|must be superuser|read-only"),
    ("select pg_read_file('/etc/passwd')", "permission denied"),
    ("select 1; delete from crawls", "cannot insert multiple commands"),
    ("select set_config('default_transaction_read_only', 'off', false); "
     "delete from crawls", "cannot insert multiple commands"),
]


@pytest.mark.parametrize("role", ["reader", "owner"])
@pytest.mark.parametrize(("statement", "reason"), REFUSED)
async def test_sql_refuses_writes_and_escapes(reader_url: str, database_url: str,
                                              engine: AsyncEngine, role: str, statement: str,
                                              reason: str) -> None:
    before = await scalar_rows(engine, "select count(*) from crawls")
    with pytest.raises(TrawlError, match=reason):
        await run_read_only(reader_url if role == "reader" else database_url, statement)
    assert await scalar_rows(engine, "select count(*) from crawls") == before
    assert not PROBE.exists()


async def test_reader_cannot_read_session_profiles(reader_url: str) -> None:
    with pytest.raises(TrawlError, match="permission denied"):
        await run_read_only(reader_url, "select sealed from session_profiles")
