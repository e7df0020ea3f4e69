"""A test session killed with SIGKILL leaves no process or directory behind
(tests/reaper.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil

from tests.conftest import ROOT
from tests.reaper import GRACE_S, MARK, POLL_S

HOLDER = '''
import os, subprocess, time
from pathlib import Path

def test_hold(tmp_root):
    child = subprocess.Popen(["sleep", "300"])
    Path(os.environ["REAPER_OUT"]).write_text(f"{child.pid} {tmp_root}")
    time.sleep(300)
'''
START_WAIT_S = 60.0


def _wait(condition, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def test_killed_session_leaves_nothing(tmp_path: Path) -> None:
    (tmp_path / "test_hold.py").write_text(HOLDER)
    out = tmp_path / "out.txt"
    # A session of its own: without this session's mark, as a pytest started by hand.
    env = {k: v for k, v in os.environ.items() if k != MARK}
    env["REAPER_OUT"] = str(out)
    session = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p",
         "tests.conftest", "--rootdir", str(tmp_path), str(tmp_path / "test_hold.py")],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True)
    try:
        assert _wait(out.exists, START_WAIT_S), "the held session never started its test"
        _wait(lambda: len(out.read_text().split()) == 2, 5.0)
        child_pid, tmp_root = out.read_text().split()
        child = psutil.Process(int(child_pid))
        assert Path(tmp_root).is_dir()
        os.killpg(session.pid, signal.SIGKILL)  # no teardown runs
        session.wait()
        assert _wait(lambda: not child.is_running()
                     or child.status() == psutil.STATUS_ZOMBIE, GRACE_S + 10 * POLL_S), \
            "the killed session's child outlived it"
        assert _wait(lambda: not Path(tmp_root).exists(), 5.0), \
            "the killed session's directory was left"
    finally:
        if session.poll() is None:
            os.killpg(session.pid, signal.SIGKILL)
            session.wait()
