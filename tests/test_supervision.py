"""Workers under faults: a killed worker's extraction processes die with it; a killed
worker's pages are retried elsewhere; two workers share one crawl."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from pathlib import Path

import psutil
from temporalio.client import Client

from tests.test_durability import kill_group, start_worker, wait_for_activity_pollers

EXTRACT_PROCESSES = 2
CHILDREN_GONE_S = 10.0
"""A deadline, not a measurement: the kernel ends them at once (PR_SET_PDEATHSIG)."""


def extraction_children(proc: subprocess.Popen[bytes]) -> list[psutil.Process]:
    return [child for child in psutil.Process(proc.pid).children(recursive=True)
            if "multiprocessing" in " ".join(child.cmdline())]


async def test_extraction_processes_die_with_a_killed_worker(
        temporal_client: Client, temporal_address: str, database_url: str,
        task_queue: str, tmp_path: Path) -> None:
    worker = start_worker(temporal_address, database_url, task_queue, tmp_path / "worker.log",
                          TRAWL_EXTRACT_PROCESSES=str(EXTRACT_PROCESSES))
    children: list[psutil.Process] = []
    try:
        # the worker starts its extraction processes before it polls
        await wait_for_activity_pollers(temporal_client, task_queue, 1)
        children = extraction_children(worker)
        assert len(children) >= EXTRACT_PROCESSES
        os.kill(worker.pid, signal.SIGKILL)  # the worker alone: no cleanup runs
        worker.wait(30)
        _, alive = psutil.wait_procs(children, timeout=CHILDREN_GONE_S)
        assert alive == [], f"orphaned extraction processes: {alive}"
    finally:
        for child in children:
            with contextlib.suppress(psutil.Error):
                child.kill()
        if worker.poll() is None:
            kill_group(worker)


def test_children_watch_their_parent_without_prctl(tmp_path: Path) -> None:
    """The portable fallback alone (no PR_SET_PDEATHSIG): a re-parented process exits."""
    script = tmp_path / "orphan.py"
    script.write_text(
        "import os, subprocess, sys, time\n"
        "if sys.argv[1] == 'parent':\n"
        "    child = subprocess.Popen([sys.executable, __file__, 'child'])\n"
        "    print(child.pid, flush=True)\n"
        "    time.sleep(60)\n"
        "else:\n"
        "    import trawl.crawl.reading as r\n"
        "    r.PR_SET_PDEATHSIG = 0  # prctl(0) is refused: only the watchdog is left\n"
        "    r.die_with_parent()\n"
        "    time.sleep(60)\n")
    parent = subprocess.Popen([os.sys.executable, str(script), "parent"],  # type: ignore[attr-defined]
                              stdout=subprocess.PIPE, cwd=Path(__file__).parents[1])
    assert parent.stdout is not None
    child = psutil.Process(int(parent.stdout.readline()))
    try:
        time.sleep(2)  # the child armed its watchdog
        assert child.is_running()
        parent.kill()
        parent.wait(10)
        child.wait(CHILDREN_GONE_S)  # raises TimeoutExpired if it lives on
    finally:
        with contextlib.suppress(psutil.Error):
            child.kill()
