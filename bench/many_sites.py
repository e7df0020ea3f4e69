"""Many synthetic sites, one per loopback address (127.0.0.2, 127.0.0.3, ...), all on one
port, every response delayed like the real web's; served by an asyncio server in a process
of its own (a site served from the benchmark's process would share its GIL with the
crawler under test).

Each site is bench.synthetic_site's tree of pages without its traps: ``/`` is page 0,
``/p/N`` page N; robots.txt and sitemap.xml answer 404 (after the same delay). The server
counts what a crawl must get right: every page fetched once (hits per host and path), and
how many requests each host had in flight at once (politeness: at most ``--concurrency``).

    .venv/bin/python -m bench.many_sites --sites 200 --pages 50 --latency-ms 100

prints ``ready <port>``, serves until its stdin closes, then prints one JSON line of
counts (see :class:`Counts`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import subprocess
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

from bench.synthetic_site import page_html

FIRST_HOST = 2
"""127.0.0.1 is left to everything else on the machine."""
READ_LIMIT = 64 * 1024


def host_address(index: int) -> str:
    """The loopback address of site ``index`` (0-based): 127.0.0.2, ..., 127.0.0.254,
    127.0.1.1, ... (no .0 or .255 host parts)."""
    n = index + FIRST_HOST - 1  # 127.0.0.1 is n = 0
    third, fourth = divmod(n, 254)
    return f"127.0.{third}.{fourth + 1}"


@dataclass
class Counts:
    """What the sites saw (printed as JSON when the server stops)."""

    page_requests: int = 0
    """GETs of the sites' pages."""
    pages_fetched_twice: int = 0
    """Pages (host, path) asked for more than once."""
    pages_never_fetched: int = 0
    """Pages of the sites never asked for."""
    other_requests: int = 0
    """robots.txt, sitemap.xml and anything else."""
    max_in_flight: int = 0
    """The most requests one host had in flight at once (pages and the rest)."""
    max_pages_in_flight: int = 0
    """The most page requests one host had in flight at once."""
    hosts: int = 0
    """Sites served."""
    by_host_max: dict[str, int] = field(default_factory=dict)
    """Hosts whose page requests in flight exceeded 1, with their most (a sample)."""


class Sites:
    def __init__(self, sites: int, pages: int, latency_s: float) -> None:
        self.sites, self.pages, self.latency_s = sites, pages, latency_s
        self.hits: Counter[tuple[str, int]] = Counter()
        self.other = 0
        self.in_flight: dict[str, int] = defaultdict(int)
        self.pages_in_flight: dict[str, int] = defaultdict(int)
        self.max_in_flight: dict[str, int] = defaultdict(int)
        self.max_pages_in_flight: dict[str, int] = defaultdict(int)
        self._bodies: dict[int, bytes] = {}

    def body(self, host: str, i: int) -> bytes:
        """Page ``i`` of ``host``'s site: the same tree on every host, its heading naming
        the host (the same content on two sites would be stored as a duplicate)."""
        body = self._bodies.get(i)
        if body is None:
            body = self._bodies[i] = page_html(i, self.pages, traps=False)
        return body.replace(b"<h1>", b"<h1>" + host.encode() + b" ", 1)

    def page_of(self, path: str) -> int | None:
        if path == "/":
            return 0
        if path.startswith("/p/") and path[3:].isdigit():
            i = int(path[3:])
            if 0 < i < self.pages:
                return i
        return None

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        host = writer.get_extra_info("sockname")[0]
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                parts = head.split(b" ", 2)
                path = parts[1].decode("latin-1").split("?", 1)[0] if len(parts) > 2 else ""
                page = self.page_of(path)
                self.in_flight[host] += 1
                self.max_in_flight[host] = max(self.max_in_flight[host], self.in_flight[host])
                if page is not None:
                    self.hits[(host, page)] += 1
                    self.pages_in_flight[host] += 1
                    self.max_pages_in_flight[host] = max(self.max_pages_in_flight[host],
                                                         self.pages_in_flight[host])
                else:
                    self.other += 1
                try:
                    await asyncio.sleep(self.latency_s)
                finally:
                    self.in_flight[host] -= 1
                    if page is not None:
                        self.pages_in_flight[host] -= 1
                if page is None:
                    status, body = b"404 Not Found", b"<html><body>not found</body></html>"
                else:
                    status, body = b"200 OK", self.body(host, page)
                writer.write(b"HTTP/1.1 " + status + b"\r\nContent-Type: text/html; "
                             b"charset=utf-8\r\nContent-Length: " + str(len(body)).encode()
                             + b"\r\n\r\n" + body)
                await writer.drain()
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
            pass
        finally:
            writer.close()

    def counts(self) -> Counts:
        hosts = [host_address(i) for i in range(self.sites)]
        over = {h: n for h, n in self.max_pages_in_flight.items() if n > 1}
        return Counts(
            page_requests=sum(self.hits.values()),
            pages_fetched_twice=sum(1 for n in self.hits.values() if n > 1),
            pages_never_fetched=sum(1 for h in hosts for i in range(self.pages)
                                    if (h, i) not in self.hits),
            other_requests=self.other,
            max_in_flight=max(self.max_in_flight.values(), default=0),
            max_pages_in_flight=max(self.max_pages_in_flight.values(), default=0),
            hosts=self.sites,
            by_host_max=dict(sorted(over.items(), key=lambda kv: -kv[1])[:5]))


async def _serve(sites: int, pages: int, latency_s: float) -> None:
    state = Sites(sites, pages, latency_s)
    servers: list[asyncio.Server] = []
    first = await asyncio.start_server(state.handle, host_address(0), 0, limit=READ_LIMIT,
                                       backlog=1024)
    port = first.sockets[0].getsockname()[1]
    servers.append(first)
    for i in range(1, sites):
        servers.append(await asyncio.start_server(state.handle, host_address(i), port,
                                                  limit=READ_LIMIT, backlog=1024))
    print(f"ready {port}", flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)  # until the benchmark closes it
    for server in servers:
        server.close()
    print(json.dumps(asdict(state.counts())), flush=True)


@dataclass
class ServedSites:
    urls: list[str]
    """Each site's start URL."""
    pid: int
    """The server's process (left out of the crawler's CPU and memory figures)."""
    proc: subprocess.Popen[str]

    def stop(self) -> Counts:
        """Stop serving; what the sites saw."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.close()
        line = self.proc.stdout.readline()
        self.proc.wait(30)
        return Counts(**json.loads(line))


@contextlib.contextmanager
def serve_sites(sites: int, pages: int, latency_s: float) -> Iterator[ServedSites]:
    """Serve ``sites`` sites of ``pages`` pages each from a process of its own."""
    repo = Path(__file__).resolve().parents[1]
    proc = subprocess.Popen([sys.executable, "-m", "bench.many_sites", "--sites", str(sites),
                             "--pages", str(pages), "--latency-ms",
                             str(latency_s * 1000)], cwd=repo, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        ready = proc.stdout.readline().split()
        if len(ready) != 2 or ready[0] != "ready":
            raise RuntimeError(f"the sites' server did not start (said {ready!r})")
        port = int(ready[1])
        yield ServedSites([f"http://{host_address(i)}:{port}/" for i in range(sites)],
                          proc.pid, proc)
    finally:
        if proc.poll() is None:
            with contextlib.suppress(OSError, ValueError):
                assert proc.stdin is not None
                proc.stdin.close()
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sites", type=int, default=200)
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--latency-ms", type=float, default=100.0)
    args = parser.parse_args()
    asyncio.run(_serve(args.sites, args.pages, args.latency_ms / 1000))


if __name__ == "__main__":
    main()
