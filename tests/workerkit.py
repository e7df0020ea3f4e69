"""Worker processes for tests and benchmarks: start one, find the busy one, kill one."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
from pathlib import Path

from temporalio.api.enums.v1 import PendingActivityState, TaskQueueType
from temporalio.api.taskqueue.v1 import TaskQueue
from temporalio.api.workflowservice.v1 import DescribeTaskQueueRequest
from temporalio.client import Client

from tests.conftest import PYTHON, ROOT, subprocess_env

POLLERS_WAIT_S = 60.0
BUSY_WAIT_S = 240.0
POLL_S = 0.05


def start_worker(temporal_address: str, database_url: str, task_queue: str,
                 log: Path, root: Path = ROOT, **settings: str) -> subprocess.Popen[bytes]:
    """`python -m trawl.worker` in a process group of its own, its output appended to ``log``;
    ``root``: the checkout whose trawl it runs (a benchmark may run another's)."""
    env = subprocess_env(temporal_address, database_url, TRAWL_TASK_QUEUE=task_queue,
                         **settings)
    env["PYTHONPATH"] = str(root)
    with open(log, "ab") as out:
        return subprocess.Popen([PYTHON, "-m", "trawl.worker"], cwd=root, env=env, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)


def kill_group(proc: subprocess.Popen[bytes], sig: int = signal.SIGKILL,
               wait_s: float = 30.0) -> None:
    """Signal the worker's whole process group and wait for the worker to exit."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, sig)
    proc.wait(wait_s)


async def wait_for_activity_pollers(client: Client, task_queue: str, count: int) -> None:
    """Until ``count`` distinct workers poll ``task_queue`` for activities (a worker that
    starts late would see no work: the other one takes it all)."""
    request = DescribeTaskQueueRequest(
        namespace=client.namespace, task_queue=TaskQueue(name=task_queue),
        task_queue_type=TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY)
    try:
        async with asyncio.timeout(POLLERS_WAIT_S):
            while len({p.identity for p in (await client.workflow_service.describe_task_queue(
                    request)).pollers}) < count:
                await asyncio.sleep(0.25)
    except TimeoutError:
        raise AssertionError(f"{count} workers did not start polling {task_queue}") from None


async def busy_worker(client: Client, site_wf: str,
                      workers: list[subprocess.Popen[bytes]]) -> subprocess.Popen[bytes]:
    """A worker running one of the site's explores now (a worker with nothing in flight
    would recover in no time), found from the site workflow's pending activities, which
    name the worker that started them (``pid@host``)."""
    by_pid = {str(proc.pid): proc for proc in workers}
    async with asyncio.timeout(BUSY_WAIT_S):
        while True:
            desc = await client.get_workflow_handle(site_wf).describe()
            for act in desc.raw_description.pending_activities:
                pid = act.last_worker_identity.split("@", 1)[0]
                if act.state == PendingActivityState.PENDING_ACTIVITY_STATE_STARTED \
                        and pid in by_pid:
                    return by_pid[pid]
            await asyncio.sleep(POLL_S)
