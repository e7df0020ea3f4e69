"""`python -m trawl.worker.supervisor`: keeps one worker process running (the embedded mode's
background worker).

A worker that dies (killed, out of memory, a crash) is started again after a backoff that
grows while it keeps dying and resets once it has run a while; each death is logged with
why (exit code or signal). SIGTERM/SIGINT stop the worker (it finishes in-flight work) and
then the supervisor. The worker gets SIGTERM if the supervisor itself dies.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence

from trawl.redact import configure_logging

log = logging.getLogger("trawl.supervisor")

RESTART_FIRST_S = 1.0
RESTART_MAX_S = 60.0
"""Backoff before restarting a dead worker: doubling from the first to this."""
STABLE_AFTER_S = 120.0
"""A worker that ran this long before dying is restarted after RESTART_FIRST_S again."""
STOP_TIMEOUT_S = 25.0
"""How long a stopping worker may take to finish in-flight work before it is killed
(within api.runtime's 30 s for stopping the supervisor)."""
WAIT_POLL_S = 1.0
PR_SET_PDEATHSIG = 1
WORKER_COMMAND = (sys.executable, "-m", "trawl.worker")


def why(returncode: int) -> str:
    if returncode < 0:
        with contextlib.suppress(ValueError):
            return f"killed by {signal.Signals(-returncode).name}"
        return f"killed by signal {-returncode}"
    return f"exited with status {returncode}"


def _terminate_with_parent() -> None:  # runs in the child between fork and exec
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)


class Supervisor:
    """Runs ``command`` until :meth:`stop`, restarting it when it dies."""

    def __init__(self, command: Sequence[str] = WORKER_COMMAND,
                 sleep: Callable[[float], bool] | None = None) -> None:
        self.command = list(command)
        self.restarts = 0
        self._stopping = threading.Event()
        self._sleep = sleep or self._stopping.wait
        self._proc: subprocess.Popen[bytes] | None = None
        # the worker process sent SIGTERM (a stop during a restart finds the one before)
        self._asked_to_stop: subprocess.Popen[bytes] | None = None

    def stop(self, *_: object) -> None:
        self._stopping.set()
        self._ask_to_stop()

    def _ask_to_stop(self) -> None:
        proc = self._proc
        if proc is not None and proc is not self._asked_to_stop and proc.poll() is None:
            self._asked_to_stop = proc
            proc.terminate()

    def run(self) -> None:
        backoff = RESTART_FIRST_S
        while not self._stopping.is_set():
            started = time.monotonic()
            self._proc = subprocess.Popen(self.command, preexec_fn=_terminate_with_parent)
            log.info("worker started (pid %d)", self._proc.pid)
            code = self._wait()
            if self._stopping.is_set():
                log.info("worker stopped (%s)", why(code))
                return
            ran = time.monotonic() - started
            if ran >= STABLE_AFTER_S:
                backoff = RESTART_FIRST_S
            self.restarts += 1
            log.error("worker (pid %d) %s after %.0f s; restarting it in %.0f s (restart %d)",
                      self._proc.pid, why(code), ran, backoff, self.restarts)
            if self._sleep(backoff):
                return
            backoff = min(backoff * 2, RESTART_MAX_S)

    def _wait(self) -> int:
        assert self._proc is not None
        kill_at = None
        while True:
            try:
                return self._proc.wait(timeout=WAIT_POLL_S)
            except subprocess.TimeoutExpired:
                if not self._stopping.is_set():
                    continue
                # a stop that came while this worker was being started found the one
                # before it (already dead): ask this one too
                self._ask_to_stop()
                kill_at = kill_at or time.monotonic() + STOP_TIMEOUT_S
                if time.monotonic() >= kill_at:
                    log.warning("worker did not stop within %.0f s: killing it",
                                STOP_TIMEOUT_S)
                    self._proc.kill()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m trawl.worker.supervisor")
    parser.add_argument("--data-dir", help="the data dir whose worker this is (embedded mode: "
                                           "its command line names it, see services.stack)")
    args = parser.parse_args(argv)
    configure_logging()
    command: tuple[str, ...] = WORKER_COMMAND
    if args.data_dir:
        command = (*WORKER_COMMAND, "--data-dir", args.data_dir)
    supervisor = Supervisor(command)
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, supervisor.stop)
    log.info("supervising %s (pid %d)", " ".join(supervisor.command), os.getpid())
    supervisor.run()


if __name__ == "__main__":
    main()
