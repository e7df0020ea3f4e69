"""Connecting to Postgres and keeping its schema current.

URLs may be given as ``postgresql://`` or ``postgresql+psycopg://``; trawl always talks
through psycopg 3 (async for the application, sync for Alembic).
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from trawl.errors import DatabaseError

# Any constant works; it only has to be the same for every process migrating this database.
MIGRATION_LOCK_KEY = 0x7472_6177_6C00
DEFAULT_POOL_SIZE = 10
CONNECT_TIMEOUT_S = 10
"""A connection attempt fails after this (libpq's default is to wait forever, and a port
that accepts and never answers would hang every command); a URL's own connect_timeout wins."""
MIGRATIONS_DIR = Path(__file__).resolve().parents[1] / "migrations"


def normalize_url(url: str) -> str:
    """Force the psycopg 3 driver whatever dialect spelling the user gave."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "postgresql":
        raise DatabaseError(f"TRAWL_DATABASE_URL must be a PostgreSQL URL, got {parsed.drivername}")
    return parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)


def redact(url: str) -> str:
    return make_url(url).render_as_string(hide_password=True)


def libpq_url(url: str) -> str:
    """The URL as psql and other libpq clients take it (password masked if there is one)."""
    parsed = make_url(url).set(drivername="postgresql")
    return parsed.render_as_string(hide_password=bool(parsed.password))


def _connect_args(url: str) -> dict[str, int]:
    return {} if "connect_timeout" in make_url(url).query else {
        "connect_timeout": CONNECT_TIMEOUT_S}


def create_engine_async(url: str, pool_size: int = DEFAULT_POOL_SIZE,
                        pre_ping: bool = True) -> AsyncEngine:
    """``pre_ping``: a round trip checks each connection as it leaves the pool (a worker
    goes without: it records a page per checkout, and trawl.store.outage waits out a
    connection that died, as it does an outage)."""
    return create_async_engine(normalize_url(url), pool_size=pool_size, max_overflow=pool_size,
                               pool_pre_ping=pre_ping, connect_args=_connect_args(url))


def _alembic_config():  # type: ignore[no-untyped-def]
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    return cfg


def upgrade_schema(url: str) -> str:
    """Bring the schema to the newest migration; safe when many processes start at once.

    Returns the revision the database is at afterwards.
    """
    from alembic import command
    from alembic.runtime.migration import MigrationContext

    engine = create_engine(normalize_url(url), connect_args=_connect_args(url))
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": MIGRATION_LOCK_KEY})
            try:
                cfg = _alembic_config()
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, "head")
                conn.commit()
                return MigrationContext.configure(conn).get_current_revision() or "base"
            finally:
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": MIGRATION_LOCK_KEY})
                conn.commit()
    except OperationalError as exc:
        raise DatabaseError(
            f"cannot reach Postgres at {redact(url)}: {str(exc.orig).strip().splitlines()[0]}. "
            "Check TRAWL_DATABASE_URL, or unset it to use the embedded Postgres."
        ) from exc
    finally:
        engine.dispose()
