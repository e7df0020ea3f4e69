"""Throwaway Temporal dev server + Postgres for benchmarks (deleted afterwards), and a
site served from another process."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psutil

from trawl.services._process import free_port, wait_until
from trawl.services.postgres import ensure_embedded_postgres, stop_embedded_postgres
from trawl.services.temporal import dev_server_command, healthy
from trawl.store.db import upgrade_schema


@contextmanager
def local_postgres() -> Iterator[str]:
    """Yields the URL of a throwaway embedded Postgres with trawl's schema."""
    tmp = Path(tempfile.mkdtemp(prefix="trawl-bench-"))
    try:
        db_url = ensure_embedded_postgres(tmp / "pg")
        try:
            upgrade_schema(db_url)
            yield db_url
        finally:
            stop_embedded_postgres(tmp / "pg")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


@contextmanager
def local_services(upgrade: bool = True) -> Iterator[tuple[str, str, Path]]:
    """Yields (temporal address, database URL, scratch dir); without ``upgrade`` the
    database has no schema yet (another checkout's workers make theirs)."""
    tmp = Path(tempfile.mkdtemp(prefix="trawl-bench-"))
    port = free_port()
    address = f"127.0.0.1:{port}"
    temporal = subprocess.Popen(dev_server_command(tmp / "t.db", port, None),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until(lambda: healthy(address), "Temporal dev server")
        db_url = ensure_embedded_postgres(tmp / "pg")
        if upgrade:
            upgrade_schema(db_url)
        yield address, db_url, tmp
    finally:
        temporal.terminate()
        temporal.wait(15)
        stop_embedded_postgres(tmp / "pg")
        shutil.rmtree(tmp, ignore_errors=True)


SETTLE_IDLE_PCT = 15.0
"""Machine-wide CPU use below which the machine counts as quiet between timed runs."""
SETTLE_MAX_S = 60.0


def settle(db_url: str | None = None) -> float:
    """Wait until the work a previous timed run left behind is done; returns the seconds.

    Postgres writes the run's pages out at its next checkpoint and vacuums its tables
    soon after; Chromium's processes take a moment to exit. On two cores any of that
    running inside the next timed run is taken from it, so each run starts on a quiet
    machine: a checkpoint now, then until CPU use over a second is below SETTLE_IDLE_PCT
    (at most SETTLE_MAX_S).
    """
    started = time.monotonic()
    if db_url is not None:
        import psycopg
        from sqlalchemy import make_url

        # CHECKPOINT is the superuser's (workers connect as the owner role, no superuser)
        admin = make_url(db_url).set(drivername="postgresql", username="postgres")
        with psycopg.connect(admin.render_as_string(hide_password=False),
                             autocommit=True) as conn:
            conn.execute("CHECKPOINT")
    while (psutil.cpu_percent(interval=1.0) >= SETTLE_IDLE_PCT
           and time.monotonic() - started < SETTLE_MAX_S):
        pass
    return time.monotonic() - started


# Serves a directory the way the tests do (tests.sitesrv.serve), until its stdin closes.
_SERVE_SCRIPT = """
import sys
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from tests.sitesrv import serve
with serve(Path(sys.argv[1])) as site:
    print(site.base, flush=True)
    sys.stdin.read()
"""


@contextmanager
def site_process(root: Path) -> Iterator[tuple[str, int]]:
    """Serve ``root`` on 127.0.0.1 from a process of its own; yields (base URL, its pid).

    A site served from a thread of the benchmark's process would share the GIL with the
    crawler under test (trawl's worker runs in that process): a real site does not.
    """
    repo = Path(__file__).resolve().parents[1]
    proc = subprocess.Popen([sys.executable, "-c", _SERVE_SCRIPT, str(root), str(repo)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        base = proc.stdout.readline().strip()
        if not base.startswith("http://"):
            raise RuntimeError(f"the site process did not start (said {base!r})")
        yield base, proc.pid
    finally:
        if proc.stdin is not None:
            proc.stdin.close()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
