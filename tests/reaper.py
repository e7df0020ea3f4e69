"""Stops what a test session started when the session dies without cleaning up.

A pytest killed by SIGKILL (a CI timeout, ``kill -9``, an OOM kill) runs no fixture
teardown: the Temporal dev server, the embedded Postgres, workers and browsers it started
would live on, holding ports, memory and data dirs. So ``conftest`` marks the session: it
puts a unique value in :data:`MARK` in its environment, which every process it starts
inherits, and starts this module as a watcher in a session of its own (so a signal sent to
pytest's process group spares it). The watcher waits for pytest to die, however it dies,
then terminates every process still carrying the mark (SIGTERM, then SIGKILL after
:data:`GRACE_S`) and removes the directories the session listed in its registry file.

After a clean exit the fixtures have stopped their processes already and removed their
directories: the watcher then finds nothing left, or only what leaked.

Run as ``python -m tests.reaper PARENT_PID MARK_VALUE REGISTRY``.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import time
from pathlib import Path

import psutil

MARK = "TRAWL_TEST_SESSION"
"""The environment variable whose value names one test session."""
POLL_S = 0.5
"""How often the watcher asks whether pytest is still alive."""
GRACE_S = 10.0
"""How long a marked process has to exit on SIGTERM before it is killed."""


def marked_processes(value: str) -> list[psutil.Process]:
    """Every process but this one whose environment carries ``MARK=value``."""
    found = []
    for proc in psutil.process_iter():
        if proc.pid == os.getpid():
            continue
        try:
            if proc.environ().get(MARK) == value:
                found.append(proc)
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
            continue
    return found


def stop_marked(value: str, grace_s: float = GRACE_S) -> int:
    """Terminate the session's marked processes, kill those still alive after
    ``grace_s``; return how many there were."""
    procs = marked_processes(value)
    for proc in procs:
        with contextlib.suppress(psutil.NoSuchProcess):
            proc.terminate()
    _, alive = psutil.wait_procs(procs, timeout=grace_s)
    for proc in alive:
        with contextlib.suppress(psutil.NoSuchProcess):
            proc.kill()
    return len(procs)


def remove_listed(registry: Path) -> None:
    """Remove each directory the registry lists (a line each), then the registry."""
    try:
        lines = registry.read_text().splitlines()
    except FileNotFoundError:
        return
    for line in lines:
        if line.strip():
            shutil.rmtree(line.strip(), ignore_errors=True)
    registry.unlink(missing_ok=True)


def watch(parent: int, value: str, registry: Path) -> None:
    """Wait for ``parent`` to die, then stop what it left and remove its directories."""
    try:
        watched = psutil.Process(parent)
        # is_running compares start times too: a later process given the pid is not pytest.
        while watched.is_running() and watched.status() != psutil.STATUS_ZOMBIE:
            time.sleep(POLL_S)
    except psutil.NoSuchProcess:
        pass
    stop_marked(value)
    remove_listed(registry)


if __name__ == "__main__":
    watch(int(sys.argv[1]), sys.argv[2], Path(sys.argv[3]))
