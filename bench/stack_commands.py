"""What the embedded-mode commands start and what they cost, for the code of one or more
checkouts side by side (issue 28's stack, issue 27's "commands do only what they need").

    git archive main | (mkdir -p /tmp/before && tar -x -C /tmp/before)
    .venv/bin/python bench/stack_commands.py . /tmp/before --rounds 5

For each checkout: a fresh data dir of its own (temp dir, free ports). `trawl sql` on the
fresh data dir (cold: it starts what it needs; the services then running are counted), then,
with that stack running, `trawl list` and `trawl sql` (Postgres only) and `trawl status x`
(Temporal too) in interleaved rounds; `trawl down` at the end. Prints the services each cold
command left running (a count, valid under load) and median seconds (noisy under load: the
load average is printed with them; compare checkouts within one run).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

WARM = (("list",), ("sql", "select 1"), ("status", "x"))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Checkout:
    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.top = Path(tempfile.mkdtemp(prefix="trawl-bench-stack-"))
        self.data = self.top / "data"
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith("TRAWL_") or k in ("TRAWL_SECRET_KEY",)}
        self.env.update(PYTHONPATH=str(self.root), TRAWL_DATA_DIR=str(self.data),
                        TRAWL_TEMPORAL_PORT=str(free_port()),
                        TRAWL_TEMPORAL_UI_PORT=str(free_port()),
                        TRAWL_CODEC_PORT=str(free_port()))

    def trawl(self, *args: str) -> float:
        started = time.monotonic()
        subprocess.run([sys.executable, "-m", "trawl.api", *args], cwd=self.root, env=self.env,
                       capture_output=True, timeout=300, check=False)
        return time.monotonic() - started

    def running(self) -> list[str]:
        """The data dir's service processes, by what they are (an older checkout's codec
        server names no data dir: it is counted by its port)."""
        kinds = []
        for proc in psutil.process_iter(["cmdline"]):
            cmdline = " ".join(proc.info["cmdline"] or [])
            if str(self.data) not in cmdline:
                continue
            for marker, kind in (("start-dev", "temporal"), ("codec_server", "codec"),
                                 ("pginstall/bin/postgres", "postgres"),
                                 ("trawl.worker", "worker")):
                if marker in cmdline:
                    kinds.append(kind)
                    break
        with socket.socket() as sock:
            port = int(self.env["TRAWL_CODEC_PORT"])
            if "codec" not in kinds and sock.connect_ex(("127.0.0.1", port)) == 0:
                kinds.append("codec")
        return sorted(kinds)

    def close(self) -> None:
        self.trawl("down")
        for proc in psutil.process_iter(["cmdline"]):  # an older checkout's leftovers
            with contextlib.suppress(psutil.Error):
                if str(self.data) in " ".join(proc.info["cmdline"] or []):
                    proc.kill()
        shutil.rmtree(self.top, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", type=Path, nargs="+", help="checkouts whose trawl runs")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    checkouts = [Checkout(root) for root in args.roots]
    try:
        for c in checkouts:
            cold = c.trawl("sql", "select 1")
            print(f"{c.root}: cold `trawl sql` {cold:.1f}s, left running: "
                  f"{', '.join(c.running()) or 'nothing'}", flush=True)
        times: dict[tuple[Path, tuple[str, ...]], list[float]] = {}
        for _ in range(args.rounds):
            for command in WARM:
                for c in checkouts:
                    times.setdefault((c.root, command), []).append(c.trawl(*command))
        print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
        for command in WARM:
            row = ", ".join(f"{c.root}: {statistics.median(times[(c.root, command)]):.2f}s"
                            for c in checkouts)
            print(f"warm `trawl {' '.join(command)}` median of {args.rounds}: {row}")
        for c in checkouts:
            print(f"{c.root}: running after the warm commands: {', '.join(c.running())}")
    finally:
        for c in checkouts:
            c.close()


if __name__ == "__main__":
    main()
