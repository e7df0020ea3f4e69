"""A tiny configurable web server for tests, on 127.0.0.1 only.

Serves a directory, plus redirects, loops, slow and huge responses given as rules.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from http.server import BaseHTTPRequestHandler, SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


@dataclass
class Rules:
    redirects: dict[str, str] = field(default_factory=dict)
    """path -> Location (302)."""
    slow: dict[str, float] = field(default_factory=dict)
    """path -> seconds to sleep before answering."""
    huge: dict[str, int] = field(default_factory=dict)
    """path -> declared Content-Length of an endless octet stream."""
    status: dict[str, int] = field(default_factory=dict)
    """path -> status code with a small HTML body."""
    hits: dict[str, int] = field(default_factory=dict)
    """Requests seen per path (filled in by the server)."""
    dynamic: dict[str, Callable[[str, str], tuple[str, bytes]]] = field(default_factory=dict)
    """path prefix -> fn(path with query, base URL) -> (content type, body), status 200."""


class _Handler(SimpleHTTPRequestHandler):
    rules: Rules

    def log_message(self, format: str, *args: object) -> None:  # keep test output clean
        pass

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        self.rules.hits[path] = self.rules.hits.get(path, 0) + 1
        if path in self.rules.slow:
            time.sleep(self.rules.slow[path])
        for prefix, make in self.rules.dynamic.items():
            if path.startswith(prefix):
                ctype, body = make(self.path, f"http://{self.headers.get('Host', '')}")
                self.send_response(200)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
        if path in self.rules.redirects:
            self.send_response(302)
            self.send_header("Location", self.rules.redirects[path])
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if path in self.rules.status:
            body = b"<html><body><h1>status page</h1></body></html>"
            self.send_response(self.rules.status[path])
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if path in self.rules.huge:
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(self.rules.huge[path]))
            self.end_headers()
            with contextlib.suppress(OSError):
                for _ in range(64):
                    self.wfile.write(b"\0" * 65536)
            return
        super().do_GET()


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        # clients closing early (a crawler that does not read a PDF) are normal here
        import sys

        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


@dataclass
class Site:
    base: str
    rules: Rules
    server: ThreadingHTTPServer

    def url(self, path: str) -> str:
        return self.base + path


@contextlib.contextmanager
def serve(root: Path, rules: Rules | None = None) -> Iterator[Site]:
    rules = rules or Rules()
    handler = type("Handler", (_Handler,), {"rules": rules})
    server = _QuietServer(("127.0.0.1", 0), partial(handler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Site(f"http://127.0.0.1:{server.server_address[1]}", rules, server)
    finally:
        server.shutdown()
        server.server_close()


class HtmlHandler(BaseHTTPRequestHandler):
    """Base for hand-written test servers: quiet, with a helper to answer with HTML."""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _send(self, status: int, body: str, headers: dict[str, str] | None = None) -> None:
        raw = f"<html><head><title>{self.path}</title></head><body>{body}</body></html>".encode()
        self.send_response(status)
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)


@contextlib.contextmanager
def serve_handler(handler: type[BaseHTTPRequestHandler], port: int = 0) -> Iterator[str]:
    """Serve ``handler`` on 127.0.0.1 (``port``, or a free one); yields the base URL."""
    server = _QuietServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
