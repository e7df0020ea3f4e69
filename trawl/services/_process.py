"""Small helpers for background service processes: ports, spawning, waiting."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from trawl.errors import ServiceError

DEFAULT_START_TIMEOUT_S = 60.0
POLL_INTERVAL_S = 0.2
LOG_LINE_CHARS = 300


def port_open(host: str, port: int, timeout: float = 0.5) -> bool:
    with contextlib.suppress(OSError), socket.create_connection((host, port), timeout=timeout):
        return True
    return False


def private_dir(path: Path) -> Path:
    """Make ``path`` (and parents), kept to its owner (0700): it holds the services'
    databases, the data key and logs, none of which other local users should read. A
    directory that exists keeps its mode: run as root, the embedded Postgres runs as a user
    of its own, and the wheel opens the path up for it to traverse; closing it again under
    the running server makes that server fail (PANIC) at its next checkpoint."""
    if path.is_dir():
        return path
    path.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(OSError):  # a directory we do not own: leave its mode
        path.chmod(0o700)
    return path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # a zombie child still answers kill(0); reap it if it is ours
    with contextlib.suppress(ChildProcessError):
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done == pid:
            return False
    return True


def spawn_detached(cmd: Sequence[str], log_file: Path,
                   env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """Start a process that outlives this one (own session), logging to ``log_file``."""
    log_file.parent.mkdir(parents=True, exist_ok=True)
    with open(log_file, "ab") as log:
        proc = subprocess.Popen(list(cmd), stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True,
                                env=env if env is not None else os.environ.copy())
    return proc


def wait_until(check: Callable[[], bool], what: str, timeout: float = DEFAULT_START_TIMEOUT_S,
               proc: subprocess.Popen[bytes] | None = None, log_file: Path | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        if proc is not None and proc.poll() is not None:
            break
        time.sleep(POLL_INTERVAL_S)
    exited = proc is not None and proc.poll() is not None
    why = f"exited with status {proc.returncode}" if exited and proc else (
        f"did not become ready within {timeout:.0f}s")
    raise ServiceError(f"{what} {why}{last_log_line(log_file)}")


def wait_for(check: Callable[[], tuple[bool, str]], timeout: float,
             proc: subprocess.Popen[bytes] | None = None) -> str | None:
    """Run ``check`` (ready, why not) until it is ready: None; else why not, when
    ``timeout`` ran out or ``proc`` exited."""
    deadline = time.monotonic() + timeout
    why = "no answer"
    while True:
        ready, why = check()
        if ready:
            return None
        if proc is not None and proc.poll() is not None:
            return f"exited with status {proc.returncode}"
        if time.monotonic() >= deadline:
            return f"did not answer within {timeout:.0f}s ({why})"
        time.sleep(POLL_INTERVAL_S)


def last_log_line(log_file: Path | None) -> str:
    """``; its log (PATH) ends: LINE``, for a one-line error about a service that failed."""
    if log_file is None:
        return ""
    try:
        lines = [ln.strip() for ln in log_file.read_text(errors="replace").splitlines()
                 if ln.strip()]
    except OSError:
        return ""
    if not lines:
        return f"; its log: {log_file}"
    return f"; its log ({log_file}) ends: {lines[-1][:LOG_LINE_CHARS]}"
