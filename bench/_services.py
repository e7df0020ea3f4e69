"""Throwaway Temporal dev server + Postgres for benchmarks (deleted afterwards)."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from trawl.services._process import free_port, wait_until
from trawl.services.postgres import ensure_embedded_postgres, stop_embedded_postgres
from trawl.services.temporal import dev_server_command, healthy
from trawl.store.db import upgrade_schema


@contextmanager
def local_services() -> Iterator[tuple[str, str, Path]]:
    """Yields (temporal address, database URL, scratch dir)."""
    tmp = Path(tempfile.mkdtemp(prefix="trawl-bench-"))
    port = free_port()
    address = f"127.0.0.1:{port}"
    temporal = subprocess.Popen(dev_server_command(tmp / "t.db", port, None),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until(lambda: healthy(address), "Temporal dev server")
        db_url = ensure_embedded_postgres(tmp / "pg")
        upgrade_schema(db_url)
        yield address, db_url, tmp
    finally:
        temporal.terminate()
        temporal.wait(15)
        stop_embedded_postgres(tmp / "pg")
        shutil.rmtree(tmp, ignore_errors=True)
