"""Serve the single-page-app fixtures from 127.0.0.1: real open-source viewers and
frameworks (installed by ``scripts/setup --dev`` into ``tests/spa/node_modules`` with
``npm ci``; never downloaded at test time) around content of our own.

- ``/openapi/``: Swagger UI rendering ``openapi.json`` (15 operations; each summary sits in
  a button);
- ``/docs/``: a docsify handbook, markdown rendered in the browser, routed by hash
  (``#/guide``), with a closed ``<details>``;
- ``/app/``: a Vue 3 + vue-router admin app (history routes ``/app/guide``, ``/app/faq``)
  that fetches every view's content after mounting, loads one section lazily and keeps the
  FAQ answers out of the DOM until their accordion button is pressed.
"""

from __future__ import annotations

import contextlib
import mimetypes
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path

from tests.sitesrv import serve_handler

SPA = Path(__file__).parent
SITES = SPA / "sites"
VENDOR = SPA / "node_modules"
INDEX = """<!doctype html><html><head><title>SPA fixtures</title></head><body>
<h1>Fixtures</h1><ul><li><a href="/openapi/">API reference</a></li>
<li><a href="/docs/">Handbook</a></li><li><a href="/app/">Admin app</a></li></ul></body></html>"""
mimetypes.add_type("text/markdown", ".md")
mimetypes.add_type("text/javascript", ".js")


def vendor_installed() -> bool:
    return (VENDOR / "swagger-ui-dist").is_dir() and (VENDOR / "docsify").is_dir()


def _file_for(path: str) -> Path | None:
    if path == "/":
        return None
    if path.startswith("/vendor/"):
        target = VENDOR / path.removeprefix("/vendor/")
    elif path.startswith("/app/") and not path.startswith(("/app/static/", "/app/api/")):
        target = SITES / "app" / "index.html"  # the router's history fallback
    else:
        target = SITES / path.lstrip("/")
        if path.endswith("/"):
            target = target / "index.html"
    resolved = target.resolve()
    if not resolved.is_relative_to(SPA.resolve()) or not resolved.is_file():
        return None
    return resolved


class SpaHandler(BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path == "/":
            self._send(200, INDEX.encode(), "text/html; charset=utf-8")
            return
        if path in ("/openapi", "/docs", "/app"):
            self.send_response(301)
            self.send_header("Location", path + "/")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        target = _file_for(path)
        if target is None:
            self._send(404, b"<p>not found</p>", "text/html")
            return
        ctype = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        if ctype.startswith("text/") or ctype in ("application/json", "text/javascript"):
            ctype += "; charset=utf-8"
        self._send(200, target.read_bytes(), ctype)

    def _send(self, status: int, body: bytes, ctype: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@contextlib.contextmanager
def spa_site() -> Iterator[str]:
    with serve_handler(SpaHandler) as base:
        yield base
