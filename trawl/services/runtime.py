"""Where the services are: embedded ones under the data dir, or the configured servers.

With no TRAWL_TEMPORAL_ADDRESS / TRAWL_DATABASE_URL, trawl starts (or reuses) a Temporal
dev server, a Postgres and a background worker under the data directory, so that
`trawl crawl URL` works on a fresh machine with nothing else running. Each command starts
only what it uses (`trawl sql` only Postgres). The data dir has one stack of them
(:mod:`trawl.services.stack`): a command whose settings differ from the running stack's is
refused with what to do, and `trawl down` (:func:`stop_stack`) stops what runs.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import sys
import time
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from sqlalchemy.engine import make_url

from trawl.config import Settings
from trawl.errors import ServiceError, TemporalError
from trawl.services import stack
from trawl.services._process import (
    pid_alive,
    port_open,
    private_dir,
    spawn_detached,
    wait_until,
)
from trawl.services.postgres import READER_ROLE, ensure_embedded_postgres, stop_postgres
from trawl.services.temporal import LOCALHOST, ensure_dev_server, stop_dev_server

log = logging.getLogger("trawl.runtime")
WORKER_START_GRACE_S = 1.0
WORKER_STOP_TIMEOUT_S = 30.0
"""A stopping worker finishes in-flight work first (the supervisor gives it 25 s)."""
CODEC_STOP_TIMEOUT_S = 10.0
RELEASE_LOCK_TIMEOUT_S = 1.0
"""`trawl up` forgets its record at exit only if the lock is free: `trawl down` holds it
while it waits for `up` to exit (and drops the record itself)."""
FOREGROUND, BACKGROUND = "foreground", "background"
"""A data dir's worker: `trawl up` in a terminal, or the supervisor a crawl starts."""


@dataclass
class Runtime:
    temporal_address: str
    """The configured Temporal, or the embedded one's address (started only for commands
    that use Temporal: see :func:`ensure_runtime`)."""
    database_url: str
    ui_url: str
    embedded_temporal: bool
    embedded_database: bool

    @property
    def embedded(self) -> bool:
        return self.embedded_temporal


def trawl_version() -> str:
    try:
        return version("trawl")
    except PackageNotFoundError:
        return "unknown"


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


def embedded_temporal_address(settings: Settings) -> str:
    return f"{LOCALHOST}:{settings.temporal_port}"


def resolve_temporal_address(settings: Settings) -> str:
    if settings.temporal_address:
        return settings.temporal_address
    root = stack.resolved(settings.data_dir)
    with stack.stack_lock(root):
        # a running server is checked against the settings first: a refused command starts
        # nothing, not even the codec server
        running = stack.live_record(root, stack.TEMPORAL) is not None
        if not running:
            ensure_codec_server(settings)
        server = ensure_dev_server(root, settings.temporal_port, settings.temporal_ui_port,
                                   codec_endpoint(settings), settings.temporal_namespace)
        if running:
            ensure_codec_server(settings)  # it may have died since
    return server.address


def codec_endpoint(settings: Settings) -> str:
    return f"http://{LOCALHOST}:{settings.codec_port}"


def ensure_codec_server(settings: Settings) -> int | None:
    """Start the embedded UI's codec server (trawl/worker/codec_server.py) unless it runs; None
    when its port is held by something else (the UI then shows payloads sealed)."""
    root = stack.resolved(settings.data_dir)
    wanted = {"ui_port": settings.temporal_ui_port}
    with stack.stack_lock(root):
        record = stack.live_record(root, stack.CODEC)
        if record is not None:
            if record.port != settings.codec_port or record.settings != wanted:
                raise ServiceError(
                    f"the data dir {root} already runs its {record.describe()} for the web UI "
                    f"on port {record.settings.get('ui_port')}, while this command asks for "
                    f"TRAWL_CODEC_PORT={settings.codec_port}, TRAWL_TEMPORAL_UI_PORT="
                    f"{settings.temporal_ui_port}: set TRAWL_CODEC_PORT={record.port} "
                    f"TRAWL_TEMPORAL_UI_PORT={record.settings.get('ui_port')} to use it, or "
                    "stop it with `trawl down` first (one stack per data dir)")
            return record.pid
        found = stack.strays(root, stack.CODEC)
        if found:
            raise ServiceError(stack.stray_error(root, stack.CODEC, found))
        if port_open(LOCALHOST, settings.codec_port):
            log.warning("port %d is taken: the web UI will show payloads sealed (set "
                        "TRAWL_CODEC_PORT to a free port)", settings.codec_port)
            return None
        private_dir(root)
        log_file = root / "logs" / "codec.log"
        proc = spawn_detached([sys.executable, "-m", "trawl.worker.codec_server", "--port",
                               str(settings.codec_port), "--data-dir", str(root)], log_file,
                              env={**os.environ, "TRAWL_DATA_DIR": str(root)})
        record = stack.record_process(stack.CODEC, proc.pid, version=f"trawl {trawl_version()}",
                                      port=settings.codec_port, settings=wanted)
        stack.put_record(root, record)
        try:
            wait_until(lambda: port_open(LOCALHOST, settings.codec_port), "the codec server",
                       proc=proc, log_file=log_file)
        except BaseException:
            stack.undo_start(root, record, CODEC_STOP_TIMEOUT_S)
            raise
        return proc.pid


def ensure_runtime(settings: Settings, *, temporal: bool = True) -> Runtime:
    """The services a command uses, started (or reused) and answering: Postgres always,
    Temporal unless ``temporal`` is False (a command that only reads the database)."""
    embedded_temporal = settings.temporal_address is None
    embedded = (embedded_temporal and temporal) or settings.database_url is None
    with stack.stack_lock(settings.data_dir) if embedded else contextlib.nullcontext():
        database_url = resolve_database_url(settings)
        address = (resolve_temporal_address(settings) if temporal
                   else settings.temporal_address or embedded_temporal_address(settings))
    return Runtime(temporal_address=address, database_url=database_url,
                   ui_url=settings.ui_base_url, embedded_temporal=embedded_temporal,
                   embedded_database=settings.database_url is None)


def workflow_ui_url(settings: Settings, workflow_id: str) -> str:
    from urllib.parse import quote

    return (f"{settings.ui_base_url}/namespaces/{settings.temporal_namespace}/workflows/"
            f"{quote(workflow_id, safe='')}")


# -- the data dir's worker ----------------------------------------------------------------

def _database_id(url: str) -> str:
    """The database a worker writes to, comparable across spellings of its URL (driver)
    without keeping its password: a digest."""
    parsed = make_url(url).set(drivername="postgresql")
    return hashlib.sha256(parsed.render_as_string(hide_password=False).encode()).hexdigest()[:16]


def _shown_url(url: str) -> str:
    """The database URL as messages show it: no password, the socket path readable."""
    parsed = make_url(url).set(drivername="postgresql")
    if not parsed.password:
        parsed = parsed._replace(password=None)  # set() keeps an empty one
    return unquote(parsed.render_as_string(hide_password=True))


def _worker_settings(settings: Settings, runtime: Runtime) -> dict[str, Any]:
    return {"temporal_address": runtime.temporal_address,
            "namespace": settings.temporal_namespace, "task_queue": settings.task_queue,
            "database": _shown_url(runtime.database_url),
            "database_id": _database_id(runtime.database_url)}


_WORKER_SETTING_NAMES = {"temporal_address": "TRAWL_TEMPORAL_PORT",
                         "namespace": "TRAWL_TEMPORAL_NAMESPACE",
                         "task_queue": "TRAWL_TASK_QUEUE", "database_id": "TRAWL_DATABASE_URL"}


def _check_worker(root: Path, record: stack.ServiceRecord, wanted: dict[str, Any]) -> None:
    have = record.settings
    differ = [k for k in _WORKER_SETTING_NAMES if have.get(k) != wanted[k]]
    if not differ:
        return
    labels = {"temporal_address": "Temporal", "namespace": "namespace",
              "task_queue": "task queue", "database_id": "database"}

    def values(side: dict[str, Any]) -> str:
        return ", ".join(f"{labels[k]} {side.get('database' if k == 'database_id' else k)}"
                         for k in differ)
    what = "`trawl up`" if have.get("mode") == FOREGROUND else "background worker"
    raise ServiceError(
        f"the data dir {root} already runs its {what} ({record.details()}) for "
        f"{values(have)}, while this command uses {values(wanted)}: use the same "
        f"{', '.join(_WORKER_SETTING_NAMES[k] for k in differ)} as it, or stop it with "
        "`trawl down` first (one stack per data dir)")


def ensure_background_worker(settings: Settings, runtime: Runtime) -> int:
    """Start the embedded mode's worker daemon unless the data dir has a worker; returns its
    pid (the supervisor's, or `trawl up`'s: see worker.supervisor). ServiceError when the
    running worker serves other settings (another database, task queue or namespace)."""
    root = stack.resolved(settings.data_dir)
    wanted = _worker_settings(settings, runtime)
    with stack.stack_lock(root):
        record = stack.live_record(root, stack.WORKER)
        if record is not None:
            _check_worker(root, record, wanted)
            return record.pid
        # a stray worker whose supervisor died exits by itself (it was sent SIGTERM):
        # only a stray supervisor keeps workers of unknown settings going
        found = [p for p in stack.strays(root, stack.WORKER)
                 if "trawl.worker.supervisor" in _cmdline(p)]
        if found:
            raise ServiceError(stack.stray_error(root, stack.WORKER, found))
        log_file = root / "logs" / "worker.log"
        env = {**os.environ, "TRAWL_TEMPORAL_ADDRESS": runtime.temporal_address,
               "TRAWL_DATABASE_URL": runtime.database_url, "TRAWL_DATA_DIR": str(root)}
        proc = spawn_detached([sys.executable, "-m", "trawl.worker.supervisor", "--data-dir",
                               str(root)], log_file, env=env)
        record = stack.record_process(stack.WORKER, proc.pid, version=f"trawl {trawl_version()}",
                                      settings={**wanted, "mode": BACKGROUND})
        stack.put_record(root, record)
        time.sleep(WORKER_START_GRACE_S)
        if not pid_alive(proc.pid):
            stack.drop_record(root, stack.WORKER, proc.pid)
            raise TemporalError(f"the background worker exited at start; see {log_file}")
        return proc.pid


def _cmdline(proc: Any) -> list[str]:
    try:
        return list(proc.cmdline())
    except Exception:  # gone meanwhile
        return []


def claim_worker(settings: Settings, runtime: Runtime) -> bool:
    """Make this process (`trawl up`) the data dir's worker; True when it stopped a
    background worker to take over. ServiceError when another `trawl up` is the worker."""
    root = stack.resolved(settings.data_dir)
    wanted = _worker_settings(settings, runtime)
    with stack.stack_lock(root):
        record = stack.live_record(root, stack.WORKER)
        if record is not None and record.settings.get("mode") == FOREGROUND:
            raise ServiceError(f"`trawl up` already runs for {root} ({record.details()}): stop "
                               "it there (Ctrl-C) or with `trawl down`")
        stopped = _stop_worker(root) if record is not None else []
        failed = [r.line for r in stopped if not r.ok]
        if failed:
            raise ServiceError("; ".join(failed))
        stack.put_record(root, stack.record_process(
            stack.WORKER, os.getpid(), version=f"trawl {trawl_version()}",
            settings={**wanted, "mode": FOREGROUND}))
    return record is not None


def release_worker(settings: Settings) -> None:
    """`trawl up` is ending: forget its record (if `trawl down` is what ends it, down does)."""
    with contextlib.suppress(ServiceError), stack.stack_lock(settings.data_dir,
                                                             RELEASE_LOCK_TIMEOUT_S):
        stack.drop_record(settings.data_dir, stack.WORKER, os.getpid())


def _stop_worker(root: Path) -> list[stack.Stopped]:
    return stack.stop_service(root, stack.WORKER,
                              lambda proc: stack.terminate(proc, WORKER_STOP_TIMEOUT_S))


def stop_stack(settings: Settings) -> list[stack.Stopped]:
    """`trawl down`: stop the data dir's worker, Temporal dev server, codec server and
    Postgres (recorded or stray), each waited for until its process is gone."""
    root = stack.resolved(settings.data_dir)
    with stack.lock_if_present(root):
        results = _stop_worker(root)
        results += stop_dev_server(root)
        results += stack.stop_service(root, stack.CODEC,
                                      lambda proc: stack.terminate(proc, CODEC_STOP_TIMEOUT_S))
        results += stop_postgres(root)
        if all(r.ok for r in results):
            stack.forget_legacy_pid_files(root)
    return results
