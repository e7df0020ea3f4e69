"""The supervisor's stop reaches whichever worker runs, even one started as the stop came."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time

import pytest

from trawl.worker import supervisor as supervisor_module
from trawl.worker.supervisor import Supervisor

SLEEPER = (sys.executable, "-c", "import time; time.sleep(120)")


def run_in_thread(supervisor: Supervisor) -> threading.Thread:
    thread = threading.Thread(target=supervisor.run, daemon=True)
    thread.start()
    return thread


def test_a_stop_sends_the_running_worker_sigterm() -> None:
    supervisor = Supervisor(SLEEPER)
    thread = run_in_thread(supervisor)
    while supervisor._proc is None:
        time.sleep(0.01)
    supervisor.stop()
    thread.join(10)
    assert not thread.is_alive()
    assert supervisor._proc is not None
    assert supervisor._proc.returncode == -signal.SIGTERM


def test_a_stop_while_a_worker_is_being_started_reaches_that_worker(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The signal lands after the loop checked for a stop and before the new worker is
    known: stop() finds no live worker to signal. The new one must still get SIGTERM at
    once, not run on until the kill after STOP_TIMEOUT_S (25 s)."""
    supervisor = Supervisor(SLEEPER)
    real_popen = subprocess.Popen

    def stop_then_start(*args: object, **kwargs: object) -> subprocess.Popen[bytes]:
        supervisor.stop()
        return real_popen(*args, **kwargs)  # type: ignore[call-overload,no-any-return]

    monkeypatch.setattr(supervisor_module.subprocess, "Popen", stop_then_start)
    started = time.monotonic()
    thread = run_in_thread(supervisor)
    thread.join(supervisor_module.STOP_TIMEOUT_S + 10)
    assert not thread.is_alive()
    assert supervisor._proc is not None
    assert supervisor._proc.returncode == -signal.SIGTERM  # asked, not killed
    assert time.monotonic() - started < supervisor_module.STOP_TIMEOUT_S / 2
