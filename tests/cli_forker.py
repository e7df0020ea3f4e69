"""Run many `trawl` command lines quickly: import the CLI once, then fork one child per
command line, which runs the real entry point (``trawl.api.entry.main``, the `trawl`
executable's) with its stdin on /dev/null and its stdout and stderr in files.

A child is the command as a user runs it, minus the second of imports (the import of a
fresh interpreter is what the fork saves: nothing is started before the fork, no thread,
no event loop, no Temporal runtime, no settings read). Each child leads a process group
of its own, killed after the command ends or when it outlives its timeout (a command that
accepted a hostile argument and went on to serve or crawl).

Input on stdin: a JSON list of ``{"args": [...], "timeout": seconds}``; output on stdout:
a JSON list of ``{"args", "code", "stdout", "stderr", "timed_out", "elapsed_s"}`` in order
(``code`` is the exit status, or -signal). ``cli_forker.py N`` runs N children at a time
(most of a command's time is spent waiting on Postgres and Temporal).
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import signal
import sys
import tempfile
import time
from typing import Any

POLL_S = 0.01
KEEP_CHARS = 20_000


def _child(args: list[str], out_path: str, err_path: str) -> None:
    os.setpgid(0, 0)
    stdin = os.open(os.devnull, os.O_RDONLY)
    os.dup2(stdin, 0)
    os.dup2(os.open(out_path, os.O_WRONLY), 1)
    os.dup2(os.open(err_path, os.O_WRONLY), 2)
    sys.argv = ["trawl", *args]
    code = 0
    try:
        from trawl.api.entry import main

        main()  # exits with os._exit itself
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:  # what Python would print and exit 1 with
        import traceback

        traceback.print_exc()
        code = 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def _start(args: list[str], work: str) -> tuple[int, str, str]:
    out_fd, out_path = tempfile.mkstemp(dir=work)
    err_fd, err_path = tempfile.mkstemp(dir=work)
    os.close(out_fd)
    os.close(err_fd)
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        _child(args, out_path, err_path)
    return pid, out_path, err_path


def _finish(args: list[str], pid: int, status: int, timed_out: bool, out_path: str,
            err_path: str) -> dict[str, Any]:
    _kill_group(pid)  # whatever the command left running (a server, a browser)
    with open(out_path, errors="replace") as out, open(err_path, errors="replace") as err:
        result = {"args": args, "code": os.waitstatus_to_exitcode(status),
                  "stdout": out.read()[:KEEP_CHARS], "stderr": err.read()[:KEEP_CHARS],
                  "timed_out": timed_out}
    os.unlink(out_path)
    os.unlink(err_path)
    return result


def run_cases(cases: list[dict[str, Any]], work: str, parallel: int) -> list[dict[str, Any]]:
    """Every case, ``parallel`` children at a time; results in the cases' order."""
    results: list[dict[str, Any] | None] = [None] * len(cases)
    running: dict[int, tuple[int, float, str, str]] = {}  # pid -> (index, deadline, out, err)
    started: dict[int, float] = {}
    waiting = list(enumerate(cases))
    while waiting or running:
        while waiting and len(running) < parallel:
            index, case = waiting.pop(0)
            pid, out_path, err_path = _start(case["args"], work)
            running[pid] = (index, time.monotonic() + case["timeout"], out_path, err_path)
            started[pid] = time.monotonic()
        for pid, (index, deadline, out_path, err_path) in list(running.items()):
            done, status = os.waitpid(pid, os.WNOHANG)
            timed_out = not done and time.monotonic() > deadline
            if timed_out:
                _kill_group(pid)
                _, status = os.waitpid(pid, 0)
            if done or timed_out:
                del running[pid]
                result = _finish(cases[index]["args"], pid, status, timed_out, out_path,
                                 err_path)
                result["elapsed_s"] = round(time.monotonic() - started.pop(pid), 2)
                results[index] = result
        time.sleep(POLL_S)
    return [r for r in results if r is not None]


def _kill_group(pgid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


def main() -> None:
    cases = json.load(sys.stdin)
    for module in ("trawl.api.cli", "trawl.api.scrape_command"):  # what every child shares
        importlib.import_module(module)

    parallel = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    with tempfile.TemporaryDirectory(prefix="trawl-forker-") as work:
        results = run_cases(cases, work, parallel)
    sys.stdout.write(json.dumps(results))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
