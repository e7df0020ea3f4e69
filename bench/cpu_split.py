"""Where the CPU goes: a bare Playwright loop and trawl --render browser on the Python 3.11
docs, CPU milliseconds per page by process, side by side in one run.

On a machine whose cores the bare loop already keeps busy (2 cores: its Chromium alone uses
them), pages/s is cores / CPU per page, so the ratio of the two crawls' speeds is the ratio
of their CPU per page. This prints that CPU per page split by who spent it: Chromium by
process type (its renderers, browser process, GPU process, network service), the
Playwright driver (node), the crawling Python process (the bare loop, or trawl's worker),
trawl's extraction processes, the Temporal server, Postgres and the site's server. Every
process on the machine is sampled every SAMPLE_S (processes that end are counted up to
their last sample), and the machine's busy time is printed beside the sum.

    .venv/bin/python bench/cpu_split.py [--rounds 2] [--concurrency 4]
"""

from __future__ import annotations

import asyncio
import os
import platform
import statistics
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._services import local_services, settle, site_process  # noqa: E402
from bench.crawl_speed import (  # noqa: E402
    PYDOCS,
    bare_loop,
    parse_pydocs_args,
    pydocs_parser,
    trawl_crawl_id,
)
from trawl.worker.codec import connect  # noqa: E402

SAMPLE_S = 0.2
MAX_PAGES = 10_000


def _kind(proc: psutil.Process, site_pid: int, labels: dict[int, str] | None = None) -> str:
    """Who a process is, for the split (see the module docstring); ``labels``: names of
    processes by pid (a worker the benchmark started)."""
    name = proc.name()
    cmdline = proc.cmdline()
    if labels and proc.pid in labels:
        return labels[proc.pid]
    if proc.pid == os.getpid():
        return "crawler (Python)"
    if proc.pid == site_pid:
        return "site server"
    if name == "chrome_crashpad_handler":
        return "Chromium crash handler"
    if cmdline and ("chrom" in cmdline[0].lower() or (
            cmdline[0] == "/proc/self/exe" and any(a.startswith("--type=") for a in cmdline))):
        kind = next((a.split("=", 1)[1] for a in cmdline if a.startswith("--type=")),
                    "browser")
        if kind in ("zygote", "renderer"):
            kind = "renderer (and zygote)"  # a renderer is forked from the zygote
        if kind == "utility":
            sub = next((a.split("=", 1)[1] for a in cmdline
                        if a.startswith("--utility-sub-type=")), "?")
            kind = sub.split(".")[0] + " service"
        return f"Chromium {kind}"
    if name == "node" or (cmdline and cmdline[0].endswith("/node")):
        return "Playwright driver (node)"
    if "temporal" in name:
        return "Temporal server"
    if "postgres" in name:
        return "Postgres"
    if "python" in name and any("multiprocessing" in a for a in cmdline):
        return "extraction processes"
    return f"other: {name}"


class CpuSampler(threading.Thread):
    """CPU seconds per process kind between start() and finish()."""

    def __init__(self, site_pid: int, labels: dict[int, str] | None = None,
                 roots: frozenset[int] | None = None) -> None:
        super().__init__(daemon=True)
        self.site_pid = site_pid
        self.labels = labels
        self.roots = roots
        """When given, only these processes and their descendants are counted (on a
        machine others share, their servers must not count as this run's)."""
        self._outside: set[tuple[int, float]] = set()
        self.first: dict[tuple[int, float], float] = {}
        """CPU seconds at start() of the processes already running then."""
        self.last: dict[tuple[int, float], tuple[str, float]] = {}
        self._done = threading.Event()
        self._busy0 = 0.0

    @staticmethod
    def _busy() -> float:
        c = psutil.cpu_times()
        return c.user + c.system + c.nice + getattr(c, "irq", 0) + getattr(c, "softirq", 0)

    def _sample(self, initial: bool = False) -> None:
        for proc in psutil.process_iter():
            try:
                key = (proc.pid, proc.create_time())
                if key in self._outside:
                    continue
                if key not in self.last and not self._ours(proc):
                    self._outside.add(key)
                    continue
                times = proc.cpu_times()
                used = times.user + times.system
                if key not in self.last:
                    if initial:  # it ran before the run: counted from here
                        self.first[key] = used
                    self.last[key] = (_kind(proc, self.site_pid, self.labels), used)
                else:
                    self.last[key] = (self.last[key][0], used)
            except psutil.Error:
                continue

    def _ours(self, proc: psutil.Process) -> bool:
        if self.roots is None:
            return True
        return proc.pid in self.roots or any(p.pid in self.roots for p in proc.parents())

    def start(self) -> None:
        self._busy0 = self._busy()
        self._sample(initial=True)
        super().start()

    def run(self) -> None:
        while not self._done.is_set():
            self._sample()
            time.sleep(SAMPLE_S)

    def started(self) -> dict[str, int]:
        """Processes of each kind started during the run."""
        counts: dict[str, int] = defaultdict(int)
        for key, (kind, _) in self.last.items():
            if key not in self.first:
                counts[kind] += 1
        return dict(counts)

    def finish(self) -> tuple[dict[str, float], float]:
        """(CPU seconds per kind, the machine's busy CPU seconds) since start()."""
        self._sample()
        self._done.set()
        self.join()
        per_kind: dict[str, float] = defaultdict(float)
        for key, (kind, used) in self.last.items():
            per_kind[kind] += used - self.first.get(key, 0.0)
        return dict(per_kind), self._busy() - self._busy0


async def main() -> None:
    args = parse_pydocs_args(pydocs_parser(__doc__, rounds=2))
    runs: dict[str, list[tuple[int, float, dict[str, float], float]]] = {
        "bare loop": [], "trawl browser": []}
    started: dict[str, list[dict[str, int]]] = {name: [] for name in runs}
    with local_services() as (address, db_url, _):
        client = await connect(address)
        for i in range(args.rounds):
            with site_process(PYDOCS) as (base, site_pid):
                start = base + "/index.html"
                for name in runs:
                    settle(db_url)
                    sampler = CpuSampler(site_pid)
                    sampler.start()
                    if name == "bare loop":
                        pages, secs = await bare_loop(start, args.concurrency, MAX_PAGES)
                    else:
                        pages, secs, _ = await trawl_crawl_id(
                            client, address, db_url, start, args.concurrency, "browser",
                            MAX_PAGES)
                    per_kind, busy = sampler.finish()
                    runs[name].append((pages, secs, per_kind, busy))
                    started[name].append(sampler.started())
                    print(f"round {i + 1}: {name:13s} {pages} pages, {pages / secs:.2f} "
                          f"pages/s, machine busy {busy / pages * 1000:.0f} ms/page "
                          f"({busy / secs * 100:.0f}% of one core)", flush=True)
    print(f"\nmachine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}; concurrency {args.concurrency}; {args.rounds} rounds;"
          " medians of CPU ms per page")
    kinds = sorted({k for r in runs.values() for *_, per, _b in r for k in per},
                   key=lambda k: -statistics.median(
                       r[2].get(k, 0.0) / r[0] for r in runs["trawl browser"]))
    med: dict[str, dict[str, float]] = {
        name: {k: statistics.median(r[2].get(k, 0.0) / r[0] * 1000 for r in rs)
               for k in kinds} for name, rs in runs.items()}
    print(f"{'':28s} {'bare loop':>10s} {'trawl':>10s} {'difference':>11s}")
    for k in kinds:
        bare, trawl = med["bare loop"][k], med["trawl browser"][k]
        if max(bare, trawl) >= 0.5:
            print(f"{k:28s} {bare:10.1f} {trawl:10.1f} {trawl - bare:+11.1f}")
    sums = {name: sum(v.values()) for name, v in med.items()}
    busy_ms = {name: statistics.median(r[3] / r[0] * 1000 for r in rs)
               for name, rs in runs.items()}
    print(f"{'sum of processes':28s} {sums['bare loop']:10.1f} {sums['trawl browser']:10.1f} "
          f"{sums['trawl browser'] - sums['bare loop']:+11.1f}")
    print(f"{'machine busy':28s} {busy_ms['bare loop']:10.1f} "
          f"{busy_ms['trawl browser']:10.1f} "
          f"{busy_ms['trawl browser'] - busy_ms['bare loop']:+11.1f}")
    for name, counts in started.items():
        print(f"processes started during the {name} (round 1): " + ", ".join(
            f"{k} {v}" for k, v in sorted(counts[0].items(), key=lambda kv: -kv[1])))
    rate = {name: statistics.median(r[0] / r[1] for r in rs) for name, rs in runs.items()}
    print(f"pages/s: bare loop {rate['bare loop']:.2f}, trawl browser "
          f"{rate['trawl browser']:.2f} ({rate['trawl browser'] / rate['bare loop']:.2f}x); "
          f"rounds " + ", ".join(f"{t[0] / t[1] / (b[0] / b[1]):.2f}x" for b, t in zip(
              runs["bare loop"], runs["trawl browser"], strict=True))
          + f"; bare / trawl machine busy per page: "
          f"{busy_ms['bare loop'] / busy_ms['trawl browser']:.2f}")


if __name__ == "__main__":
    asyncio.run(main())
