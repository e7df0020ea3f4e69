"""A worker's stop on SIGINT/SIGTERM is bounded whenever the signal comes
(trawl.worker.stopping), and its extraction processes leave Ctrl-C to it and end with it
(trawl.crawler.reading). No services: the signals are delivered by hand."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time

import pytest

from tests.conftest import PYTHON, ROOT
from trawl.crawler.reading import (
    extraction_pool,
    interrupts_held,
    start_processes,
    stop_processes,
)
from trawl.worker.stopping import Stopping, until_stopped


class Forced:
    """Stands in for the process's exit: records the status, wakes the test."""

    def __init__(self) -> None:
        self.codes: list[int] = []
        self.event = asyncio.Event()
        self.loop = asyncio.get_running_loop()

    def __call__(self, code: int) -> None:
        self.codes.append(code)
        self.loop.call_soon_threadsafe(self.event.set)


async def _stopped(run, grace_s: float, *signals: tuple[float, int]) -> tuple[
        asyncio.Task[int | None], Forced]:
    forced = Forced()

    async def main() -> int | None:
        stopping = Stopping(grace_s, exit_now=forced)
        stopping.install(signals=())  # delivered below, not by the OS
        for delay, sig in signals:
            asyncio.get_running_loop().call_later(delay, stopping.on_signal, sig)
        try:
            return await until_stopped(run, stopping)
        finally:
            stopping.disarm()  # its watchdog would go off in a later test
    return asyncio.create_task(main()), forced


async def test_a_signal_while_the_worker_starts_cancels_the_start() -> None:
    # on main a SIGINT after the handlers were installed waited for the start to finish
    # (the extraction processes importing: up to POOL_START_TIMEOUT_S)
    started = []

    async def starting(stopping: Stopping) -> None:
        await asyncio.sleep(30)  # connecting, starting processes
        started.append(True)

    began = time.monotonic()
    task, forced = await _stopped(starting, 5.0, (0.05, signal.SIGINT))
    assert await asyncio.wait_for(task, 3) == signal.SIGINT
    assert time.monotonic() - began < 1.5
    assert not started and not forced.codes


async def test_a_signal_while_polling_stops_gracefully() -> None:
    async def polling(stopping: Stopping) -> None:
        stopping.polling()
        await stopping.stop.wait()

    task, forced = await _stopped(polling, 5.0, (0.05, signal.SIGTERM))
    assert await asyncio.wait_for(task, 3) == signal.SIGTERM
    assert not forced.codes


@pytest.mark.parametrize(("signals", "line", "code"), [
    # a stop that hangs (an activity ignoring its cancellation, a thread joined at exit)
    ([(0.05, signal.SIGINT)],
     "interrupted: the worker did not stop within 0.3 s; ended it without waiting further",
     130),
    ([(0.05, signal.SIGTERM)],
     "terminated: the worker did not stop within 0.3 s; ended it without waiting further",
     143),
    # a second Ctrl-C ends it at once
    ([(0.05, signal.SIGINT), (0.1, signal.SIGINT)],
     "interrupted again: ended the worker without waiting for it to stop", 130),
])
async def test_a_stop_that_hangs_is_ended_with_one_line(
        signals: list[tuple[float, int]], line: str, code: int,
        capfd: pytest.CaptureFixture[str]) -> None:
    grace_s = 0.3 if len(signals) == 1 else 30.0

    async def hangs(stopping: Stopping) -> None:
        stopping.polling()
        await stopping.stop.wait()
        await asyncio.sleep(60)

    task, forced = await _stopped(hangs, grace_s, *signals)
    try:
        await asyncio.wait_for(forced.event.wait(), 5)
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    assert forced.codes == [code]
    assert capfd.readouterr().err.splitlines() == [line]


def test_processes_spawned_while_interrupts_are_held_start_with_sigint_blocked() -> None:
    # a Ctrl-C at a terminal signals the whole process group: an extraction process still
    # importing the worker's code died of it (a BrokenProcessPool traceback, exit 1)
    probe = [PYTHON, "-c", "import signal; print(signal.SIGINT in "
             "signal.pthread_sigmask(signal.SIG_BLOCK, []))"]
    with interrupts_held():
        held = subprocess.run(probe, capture_output=True, text=True, check=True)
    assert held.stdout.strip() == "True"
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])  # restored


async def test_extraction_processes_leave_sigint_to_the_worker() -> None:
    pool = extraction_pool(1)
    try:
        await start_processes(pool, 1)
        (pid,) = pool._processes  # type: ignore[attr-defined]
        os.kill(pid, signal.SIGINT)  # the group's Ctrl-C: the worker decides
        await asyncio.sleep(0.3)
        loop = asyncio.get_running_loop()
        assert await loop.run_in_executor(pool, os.getpid) == pid
    finally:
        stop_processes(pool)


def test_extraction_processes_still_starting_end_with_the_stop() -> None:
    # gone when the stop returns, not once they have imported the worker's code and read
    # their queue: with the worker gone by then (its semaphores unlinked), they died on a
    # FileNotFoundError traceback under the worker's last line
    pool = extraction_pool(1)
    with interrupts_held():
        pool.submit(os.getpid)  # spawns the process
    (process,) = pool._processes.values()  # type: ignore[attr-defined]
    began = time.monotonic()
    stop_processes(pool)
    took = time.monotonic() - began
    # (the pool's manager thread reaps its processes too: one may have the exit status a
    # moment before it is stored where ``exitcode`` reads it; 1 of 12 runs saw None)
    while process.exitcode is None and time.monotonic() - began < 2:
        time.sleep(0.01)
    assert process.exitcode == -signal.SIGKILL  # not 0: ended, not left to finish starting
    assert took < 3  # (the pool's manager thread joined too)


async def test_the_stop_releases_the_pools_semaphores_itself() -> None:
    # left to the garbage collector, a semaphore's finalizer (unlink, then unregister from
    # the resource tracker) ran in whichever thread collected it: in a worker, a thread of
    # Temporal's core, which the exit does not wait for. One caught between the two left the
    # tracker warning of a "leaked semaphore" under the worker's last line (3 of 9 probes)
    import multiprocessing.synchronize
    import multiprocessing.util
    import weakref

    pool = extraction_pool(1)
    await start_processes(pool, 1)
    queues = (pool._call_queue, pool._result_queue)  # type: ignore[attr-defined]
    semaphores = [held for queue in queues for held in vars(queue).values()
                  if isinstance(held, multiprocessing.synchronize.SemLock)]
    finalizers = [ref.__callback__ for held in semaphores for ref in weakref.getweakrefs(held)
                  if isinstance(ref.__callback__, multiprocessing.util.Finalize)]
    assert len(finalizers) == len(semaphores) >= 2  # (each queue's read and write locks)
    assert all(finalizer.still_active() for finalizer in finalizers)
    stop_processes(pool)
    assert not any(finalizer.still_active() for finalizer in finalizers)


def test_sigint_ignored_at_start_still_interrupts_the_loading_cli() -> None:
    # a shell's background job (`trawl worker &` in a script, a CI job started so) starts
    # with SIGINT ignored: a Ctrl-C while the CLI loaded was lost, and the worker ran on
    script = ("import os, signal, sys, time\n"
              "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
              "sys.argv = ['trawl', 'worker']\n"
              "from trawl.api import quiet_interrupts_while_loading\n"
              "quiet_interrupts_while_loading()\n"
              "os.kill(os.getpid(), signal.SIGINT)\n"
              "time.sleep(5)\n"
              "print('ran on')\n")
    done = subprocess.run([PYTHON, "-c", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=30, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "interrupted\n")


def _trawl_loading(then: str) -> subprocess.CompletedProcess[str]:
    """A process started as the `trawl` console script is, which runs ``then`` while
    ``import trawl`` (the script's first import) imports its first module that is no
    trawl's own (importlib.metadata, in about the first 0.1 s of any command)."""
    script = ("import os, signal, sys, time\n"
              "sys.argv = ['trawl', 'list']\n"
              "class Then:\n"
              "    def find_spec(self, name, path=None, target=None):\n"
              "        if name == 'importlib.metadata':\n"
              f"            {then}\n"
              "        return None\n"
              "sys.meta_path.insert(0, Then())\n"
              "import trawl\n"
              "print('loaded')\n")
    return subprocess.run([PYTHON, "-c", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=30, env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_a_ctrl_c_in_the_first_moment_of_a_command_is_one_line() -> None:
    # the handler was set by trawl.api, after trawl/__init__.py imported importlib.metadata:
    # a Ctrl-C in the first ~0.1 s printed an import traceback
    done = _trawl_loading("os.kill(os.getpid(), signal.SIGINT); time.sleep(5)")
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "interrupted\n")


def test_a_sigterm_while_the_command_line_loads_is_one_line() -> None:
    # it died by the signal, silently (a service manager stopping a starting worker)
    done = _trawl_loading("os.kill(os.getpid(), signal.SIGTERM); time.sleep(5)")
    assert (done.returncode, done.stdout, done.stderr) == (143, "", "terminated\n")


def test_once_loaded_a_sigterm_is_python_s_own_again() -> None:
    script = ("import os, signal, sys\n"
              "sys.argv = ['trawl', 'list']\n"
              "import trawl\n"
              "from trawl import _loading\n"
              "_loading.loaded()\n"
              "assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL\n"
              "assert signal.getsignal(signal.SIGINT) is signal.default_int_handler\n")
    done = subprocess.run([PYTHON, "-c", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=30, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (done.returncode, done.stderr) == (0, "")


def test_the_workers_spawned_processes_leave_signals_to_it() -> None:
    # multiprocessing gives a spawned process the worker's sys.argv ("trawl worker")
    # (its handlers as it started, whatever they are: a test run as a background job
    # starts with SIGINT ignored)
    script = ("import signal, sys\n"
              "sys.argv = ['trawl', 'worker']\n"
              "sys.orig_argv = [sys.executable, '-c', '...', '--multiprocessing-fork']\n"
              "started = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)\n"
              "import trawl\n"
              "assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) "
              "== started\n")
    done = subprocess.run([PYTHON, "-c", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=30, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (done.returncode, done.stderr) == (0, "")


SERVE_TWO_CTRL_CS = """
import asyncio, contextlib, os, signal, socket
import uvicorn
from starlette.applications import Starlette
from starlette.routing import Route
from trawl.api.http.serve import Server

async def slow(request):
    await asyncio.sleep(30)

@contextlib.asynccontextmanager
async def lifespan(app):
    yield
    print("lifespan ended", flush=True)

sock = socket.socket()
sock.bind(("127.0.0.1", 0))
server = Server(uvicorn.Config(Starlette(routes=[Route("/", slow)], lifespan=lifespan),
                               log_level="warning", lifespan="on"))

async def main():
    serving = asyncio.ensure_future(server.serve(sockets=[sock]))
    while not server.started:
        await asyncio.sleep(0.01)
    # a request in flight (a long scrape): the stop waits for it
    _, writer = await asyncio.open_connection(*sock.getsockname())
    writer.write(b"GET / HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\n\\r\\n")
    await writer.drain()
    await asyncio.sleep(0.2)
    os.kill(os.getpid(), signal.SIGINT)
    await asyncio.sleep(0.3)
    os.kill(os.getpid(), signal.SIGINT)  # "CTRL+C to force quit"
    await serving

asyncio.run(main())
print(server.stop.said()[0], flush=True)
"""


def _ctrl_c_as_in_a_terminal() -> None:
    """A child started as a terminal's command is: SIGINT at its default (a test run as a
    background job starts with it ignored, and uvicorn re-raises the signal it caught
    through the handler it found: nothing)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_serve_stopped_by_a_second_ctrl_c_ends_its_lifespan_without_a_traceback() -> None:
    # uvicorn skipped the app's shutdown on a forced exit; the lifespan task left waiting
    # was cancelled as the loop closed: a CancelledError traceback under `trawl serve`'s line
    done = subprocess.run([PYTHON, "-c", SERVE_TWO_CTRL_CS], cwd=ROOT, capture_output=True,
                          text=True, timeout=30, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          preexec_fn=_ctrl_c_as_in_a_terminal)
    assert (done.stdout.splitlines(), done.stderr) == (
        ["lifespan ended", "interrupted: the server stopped"], "")


SERVE_A_SCRAPE_THAT_NEVER_ENDS = """
import asyncio, os, signal, socket, sys
import httpx
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from trawl.api.http.serve import Server, server_config

site = socket.socket()
site.bind(("127.0.0.1", 0))
site.listen()  # a loopback site that takes the connection and never answers

async def scrape(request):
    async with httpx.AsyncClient(timeout=None) as client:
        await client.get("http://%s:%d/" % site.getsockname())
    return PlainTextResponse("never")

sock = socket.socket()
sock.bind(("127.0.0.1", 0))
server = Server(server_config(Starlette(routes=[Route("/", scrape)]), grace_s=1))

async def main():
    serving = asyncio.ensure_future(server.serve(sockets=[sock]))
    while not server.started:
        await asyncio.sleep(0.01)
    _, writer = await asyncio.open_connection(*sock.getsockname())
    writer.write(b"GET / HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\n\\r\\n")
    await writer.drain()
    await asyncio.sleep(0.3)
    os.kill(os.getpid(), getattr(signal, sys.argv[1]))  # once: a graceful stop
    await serving

asyncio.run(main())
line, code = server.stop.said()
print(line, flush=True)
sys.exit(code)
"""


@pytest.mark.parametrize(("sig", "code", "word"), [
    ("SIGINT", 130, "interrupted"), ("SIGTERM", 143, "terminated")])
def test_serve_stops_within_its_grace_while_a_request_hangs(sig: str, code: int,
                                                            word: str) -> None:
    # a client's scrape of a page that never answers kept `trawl serve` from stopping: the
    # first Ctrl-C waited for it without a timeout
    began = time.monotonic()
    done = subprocess.run([PYTHON, "-c", SERVE_A_SCRAPE_THAT_NEVER_ENDS, sig], cwd=ROOT,
                          capture_output=True, text=True, timeout=30,
                          env={**os.environ, "PYTHONPATH": str(ROOT)},
                          preexec_fn=_ctrl_c_as_in_a_terminal)
    assert time.monotonic() - began < 15
    assert (done.returncode, done.stdout.splitlines(), done.stderr) == (code, [
        f"{word}: the server stopped; 1 request still in flight after 1 s, cancelled"], "")


if sys.platform != "linux":  # signal masks and PR_SET_PDEATHSIG
    pytestmark = pytest.mark.skip("Linux only")


@pytest.mark.parametrize(("cleanup_s", "line"), [
    (0.0, "interrupted: the server stopped"),
    # `trawl mcp`: the MCP SDK's stdio transport waits for a thread blocked in read()
    (30.0, "interrupted: the server did not stop within 0.5 s; ended it without waiting "
           "further"),
])
def test_a_ctrl_c_of_a_command_is_one_line_and_bounded(cleanup_s: float, line: str) -> None:
    script = ("import os, signal, sys, time, typer\n"
              "from trawl.api._cli_kit import interrupt_bounded\n"
              "try:\n"
              "    with interrupt_bounded('the server', 0.5):\n"
              "        try:\n"
              "            os.kill(os.getpid(), signal.SIGINT)\n"
              "            time.sleep(10)\n"
              "        except KeyboardInterrupt:\n"
              f"            time.sleep({cleanup_s})\n"
              "            raise\n"
              "except typer.Exit as exc:\n"
              "    sys.exit(exc.exit_code)\n")
    done = subprocess.run([PYTHON, "-c", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=8, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (done.returncode, done.stderr.splitlines()) == (130, [line])
