"""A synthetic site of N pages served on 127.0.0.1, generated on the fly (nothing on disk).

Page i links to its children k*i+1 .. k*i+k (a wide, deep tree), to a few pseudo-random
pages (cross links, so the frontier sees many duplicates), and every 50th page links into
a trap: an endless calendar (/cal/YYYY/MM -> next month) and endlessly repeating path
segments (/loop/a/loop/a/...). Everything is deterministic for a given N.

    .venv/bin/python bench/synthetic_site.py --pages 100000 --port 8800
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import threading
from http.server import BaseHTTPRequestHandler
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.sitesrv import serve_handler

FANOUT = 8
CROSS_LINKS = 3
TRAP_EVERY = 50


def page_html(i: int, pages: int, traps: bool = True) -> bytes:
    """Page ``i`` of ``pages``. Without ``traps``: no calendar or loop links, and no link to
    ``/p/0`` (page 0 is ``/``), so the site has exactly ``pages`` URLs."""
    rng = random.Random(i)
    links = [c for c in range(FANOUT * i + 1, FANOUT * i + FANOUT + 1) if c < pages]
    links += [rng.randrange(pages) for _ in range(CROSS_LINKS)]
    if not traps:
        links = [n for n in links if n != 0]
    anchors = "".join(f'<li><a href="/p/{n}">page {n}</a></li>' for n in links)
    trap = ('<p><a href="/cal/2000/01">calendar</a> <a href="/loop/a/">loop</a></p>'
            if traps and i % TRAP_EVERY == 0 else "")
    words = " ".join(f"word{(i * 7 + w) % 997}" for w in range(60))
    return (f"<!doctype html><html lang=en><head><title>Page {i}</title></head><body>"
            f"<nav><a href='/'>home</a></nav><main><h1>Page {i}</h1><p>{words}</p>"
            f"<ul>{anchors}</ul>{trap}</main></body></html>").encode()


def calendar_html(year: int, month: int) -> bytes:
    ny, nm = (year + 1, 1) if month == 12 else (year, month + 1)
    return (f"<!doctype html><html><head><title>{year}-{month:02d}</title></head><body><main>"
            f"<h1>{year}-{month:02d}</h1><a href='/cal/{ny}/{nm:02d}'>next month</a>"
            "</main></body></html>").encode()


def make_handler(pages: int) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            path = self.path.split("?", 1)[0]
            body: bytes | None = None
            if path == "/":
                body = page_html(0, pages)
            elif path.startswith("/p/") and path[3:].isdigit() and int(path[3:]) < pages:
                body = page_html(int(path[3:]), pages)
            elif path.startswith("/cal/"):
                parts = path.strip("/").split("/")
                if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
                    body = calendar_html(int(parts[1]), int(parts[2]))
            elif path.startswith("/loop/"):
                body = (f"<html><body><a href='{path}loop/a/'>deeper</a></body></html>").encode()
            status = 200 if body is not None else 404
            body = body or b"<html><body>not found</body></html>"
            self.send_response(status)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    return Handler


def serve(pages: int, port: int = 0) -> contextlib.AbstractContextManager[str]:
    """Serve the site of ``pages`` pages on 127.0.0.1; the context yields its base URL."""
    return serve_handler(make_handler(pages), port)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=100_000)
    parser.add_argument("--port", type=int, default=8800)
    args = parser.parse_args()
    with serve(args.pages, args.port) as base:
        print(f"serving {args.pages} pages at {base}/ (Ctrl-C stops)", flush=True)
        threading.Event().wait()


if __name__ == "__main__":
    main()
