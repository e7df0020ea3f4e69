"""How long `trawl scrape` of a static page takes in http mode (issue 18).

    .venv/bin/python bench/scrape.py [--runs 30] [--page library/asyncio-task.html]

The page is a Python docs page (Debian's python3.11-doc; the test site's home page when
that is missing), served on 127.0.0.1 by a process of its own. Measured:

- in-process, warm: ``Scraper.scrape`` (one HTTP client for all runs) and ``trawl.scrape``
  (a client per call), after a few warm-up calls;
- the command, process start included: ``trawl scrape URL --render http`` (markdown to a
  pipe), N runs one after another; and, for comparison, the start of a process that
  imports the full command line (``trawl.api.cli``, which loads the Temporal client).

Prints the medians (and the 90th percentile) of wall time, and of CPU time (user + system:
on a machine shared with other work the wall time grows with the load, the CPU time much
less), with the machine and its load average.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import trawl  # noqa: E402
from trawl.crawler.scrape import ScrapeOptions, Scraper  # noqa: E402

PYDOCS = Path("/usr/share/doc/python3.11/html")
FALLBACK = ROOT / "tests" / "sites" / "basic"
WARMUP = 3


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(directory: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind",
                             "127.0.0.1", "--directory", str(directory)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 10
    while True:
        try:
            urllib.request.urlopen(base + "/", timeout=1).close()
            return proc, base
        except OSError:
            if time.monotonic() > deadline:
                proc.kill()
                raise
            time.sleep(0.05)


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]


def _summary(name: str, timed: tuple[list[float], list[float]]) -> str:
    wall, cpu = timed
    return (f"{name:<50} wall median {statistics.median(wall) * 1000:7.1f} ms "
            f"(p90 {_p90(wall) * 1000:7.1f})   cpu median {statistics.median(cpu) * 1000:7.1f} "
            f"ms (p90 {_p90(cpu) * 1000:7.1f})   {len(wall)} runs")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


async def _in_process(url: str, runs: int
                      ) -> tuple[tuple[list[float], list[float]],
                                 tuple[list[float], list[float]], int, int]:
    """(shared client: wall, cpu), (client per call: wall, cpu), words, markdown chars.
    CPU time is the whole process's (extraction runs in a thread)."""
    options = ScrapeOptions(render="http", allow_private=True)
    shared: tuple[list[float], list[float]] = ([], [])
    async with Scraper() as scraper:
        for _ in range(WARMUP):
            page = await scraper.scrape(url, options)
        assert page.ok and page.render_mode == "http", page
        for _ in range(runs):
            started, cpu = time.perf_counter(), time.process_time()
            await scraper.scrape(url, options)
            shared[0].append(time.perf_counter() - started)
            shared[1].append(time.process_time() - cpu)
    single: tuple[list[float], list[float]] = ([], [])
    for _ in range(runs):
        started, cpu = time.perf_counter(), time.process_time()
        await trawl.scrape(url, options=options)
        single[0].append(time.perf_counter() - started)
        single[1].append(time.process_time() - cpu)
    return shared, single, page.word_count, len(page.markdown or "")


def _command(argv: list[str], runs: int, env: dict[str, str]
             ) -> tuple[list[float], list[float]]:
    """Wall and CPU (user + system of the child) time of ``argv``, ``runs`` times."""
    wall: list[float] = []
    cpu: list[float] = []
    for _ in range(runs):
        started, before = time.perf_counter(), _children_cpu()
        done = subprocess.run(argv, env=env, capture_output=True, check=False)
        wall.append(time.perf_counter() - started)
        cpu.append(_children_cpu() - before)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode()[-500:]}")
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--page", default="library/asyncio-task.html",
                        help="path under the Python docs (default library/asyncio-task.html)")
    args = parser.parse_args()
    directory, path = (PYDOCS, args.page) if (PYDOCS / args.page).exists() \
        else (FALLBACK, "index.html")
    server, base = _serve(directory)
    load_before = os.getloadavg()
    try:
        url = f"{base}/{path}"
        size = len(urllib.request.urlopen(url, timeout=5).read())
        shared, single, words, md_chars = asyncio.run(_in_process(url, args.runs))
        env = {**os.environ, "TRAWL_ALLOW_PRIVATE": "1"}
        trawl_bin = Path(sys.executable).with_name("trawl")
        cli = _command([str(trawl_bin), "scrape", url, "--render", "http"], args.runs, env)
        full = _command([sys.executable, "-c", "import trawl.api.cli"], args.runs, env)
        bare = _command([sys.executable, "-c", "pass"], args.runs, env)
    finally:
        server.terminate()
        server.wait()
    load = os.getloadavg()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, {platform.system()} {platform.release()}; "
          f"1-min load average {load_before[0]:.2f} before the runs, {load[0]:.2f} after")
    print(f"page: {url} ({size:,} bytes of HTML -> {words:,} words, {md_chars:,} chars of "
          f"markdown), served by a process of its own; render http")
    print(_summary("in-process, warm: Scraper.scrape (shared client)", shared))
    print(_summary("in-process, warm: trawl.scrape (client per call)", single))
    print(_summary("command: trawl scrape URL --render http", cli))
    print(_summary("(a process importing the full CLI, trawl.api.cli)", full))
    print(_summary("(a bare python process)", bare))


if __name__ == "__main__":
    main()
