"""Where the services are: embedded ones under the data dir, or the configured servers.

With no TRAWL_TEMPORAL_ADDRESS / TRAWL_DATABASE_URL, trawl starts (or reuses) a Temporal
dev server, a Postgres and a background worker under the data directory, so that
`trawl crawl URL` works on a fresh machine with nothing else running.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from dataclasses import dataclass

from trawl.config import Settings
from trawl.errors import TemporalError
from trawl.services._process import (
    pid_alive,
    port_open,
    private_dir,
    read_pid,
    spawn_detached,
    stop_pid,
    wait_until,
)
from trawl.services.postgres import READER_ROLE, ensure_embedded_postgres
from trawl.services.temporal import LOCALHOST, ensure_dev_server

WORKER_PID_FILE = "worker.pid"
CODEC_PID_FILE = "codec.pid"
log = logging.getLogger("trawl.runtime")
WORKER_START_GRACE_S = 1.0


@dataclass
class Runtime:
    temporal_address: str
    database_url: str
    ui_url: str
    embedded_temporal: bool
    embedded_database: bool

    @property
    def embedded(self) -> bool:
        return self.embedded_temporal


def resolve_database_url(settings: Settings) -> str:
    return settings.database_url or ensure_embedded_postgres(settings.data_dir)


def resolve_reader_url(settings: Settings) -> str | None:
    """A read-only role's URL for `trawl sql`: the setting, the embedded Postgres's reader,
    or None (an external database without one: sql runs as the owner, read-only)."""
    if settings.reader_database_url:
        return settings.reader_database_url
    if settings.database_url is None:
        return ensure_embedded_postgres(settings.data_dir, READER_ROLE)
    return None


def resolve_temporal_address(settings: Settings) -> str:
    if settings.temporal_address:
        return settings.temporal_address
    ensure_codec_server(settings)
    server = ensure_dev_server(settings.data_dir, settings.temporal_port,
                               settings.temporal_ui_port, codec_endpoint(settings))
    return server.address


def codec_endpoint(settings: Settings) -> str:
    return f"http://{LOCALHOST}:{settings.codec_port}"


def ensure_codec_server(settings: Settings) -> int | None:
    """Start the embedded UI's codec server (trawl/worker/codec_server.py) unless it runs; None
    when its port is held by something else (the UI then shows payloads sealed)."""
    pid_file = settings.data_dir / CODEC_PID_FILE
    pid = read_pid(pid_file)
    if pid is not None:
        return pid
    if port_open(LOCALHOST, settings.codec_port):
        log.warning("port %d is taken: the web UI will show payloads sealed (set "
                    "TRAWL_CODEC_PORT to a free port)", settings.codec_port)
        return None
    private_dir(settings.data_dir)
    log_file = settings.data_dir / "logs" / "codec.log"
    proc = spawn_detached([sys.executable, "-m", "trawl.worker.codec_server", "--port",
                           str(settings.codec_port)], log_file, pid_file)
    wait_until(lambda: port_open(LOCALHOST, settings.codec_port), "codec server", proc=proc,
               log_file=log_file)
    return proc.pid


def stop_codec_server(settings: Settings) -> bool:
    pid = read_pid(settings.data_dir / CODEC_PID_FILE)
    if pid is None:
        return False
    stop_pid(pid)
    return True


def ensure_runtime(settings: Settings) -> Runtime:
    return Runtime(
        temporal_address=resolve_temporal_address(settings),
        database_url=resolve_database_url(settings),
        ui_url=settings.ui_base_url,
        embedded_temporal=settings.temporal_address is None,
        embedded_database=settings.database_url is None,
    )


def workflow_ui_url(settings: Settings, workflow_id: str) -> str:
    from urllib.parse import quote

    return (f"{settings.ui_base_url}/namespaces/{settings.temporal_namespace}/workflows/"
            f"{quote(workflow_id, safe='')}")


def ensure_background_worker(settings: Settings, runtime: Runtime) -> int:
    """Start the embedded mode's worker daemon unless one is running; returns its pid (the
    supervisor's: it restarts the worker when it dies, see worker.supervisor)."""
    pid_file = settings.data_dir / WORKER_PID_FILE
    pid = read_pid(pid_file)
    if pid is not None:
        return pid
    env = os.environ.copy()
    env["TRAWL_TEMPORAL_ADDRESS"] = runtime.temporal_address
    env["TRAWL_DATABASE_URL"] = runtime.database_url
    proc = spawn_detached([sys.executable, "-m", "trawl.worker.supervisor"],
                          settings.data_dir / "logs" / "worker.log", pid_file, env=env)
    time.sleep(WORKER_START_GRACE_S)
    if not pid_alive(proc.pid):
        raise TemporalError("the background worker exited at start; see "
                            f"{settings.data_dir / 'logs' / 'worker.log'}")
    return proc.pid


def stop_background_worker(settings: Settings) -> bool:
    pid = read_pid(settings.data_dir / WORKER_PID_FILE)
    if pid is None:
        return False
    stop_pid(pid, timeout=30)
    return True
