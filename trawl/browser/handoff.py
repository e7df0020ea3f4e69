"""A tiny local web page with a Resume button, for handoffs in headless sessions.

``HandoffServer`` listens on 127.0.0.1 (a free port) in a daemon thread. ``arm(message,
on_resume)`` returns the URL of a page showing the message and a Resume button; pressing it
(a POST) calls ``on_resume`` once. Each handoff gets a fresh random token in its URL, so a
stale tab cannot resume a later handoff.
"""

from __future__ import annotations

import html
import secrets
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>trawl handoff</title>
<style>
body {{ font: 16px system-ui, sans-serif; max-width: 40em; margin: 4em auto; }}
.alert {{ border: 3px solid #d22; border-radius: 8px; padding: 1em 1.5em;
          box-shadow: 0 0 18px #f55; }}
button {{ font-size: 1.2em; padding: .5em 1.5em; background: #d22; color: #fff;
          border: 0; border-radius: 6px; cursor: pointer; }}
</style></head>
<body><div class="alert"><h1>The agent needs you</h1><p id="message">{message}</p>
{body}</div></body></html>
"""
FORM = """<p>Do what is asked in the browser, then press Resume.</p>
<form method="post"><button id="resume" type="submit">Resume Agent</button></form>"""


class HandoffServer:
    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self._lock = threading.Lock()
        self._token: str | None = None
        self._message = ""
        self._on_resume: Callable[[], Any] | None = None
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # quiet: stdout is sacred
                return

            def _page(self, status: int, body: str) -> None:
                data = PAGE.format(message=html.escape(server._message), body=body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                if server._matches(self.path):
                    self._page(200, FORM)
                else:
                    self._page(404, "<p>No handoff is waiting at this address.</p>")

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                if length:
                    self.rfile.read(length)
                if server._fire(self.path):
                    self._page(200, "<p>Resumed. You can close this tab.</p>")
                else:
                    self._page(404, "<p>No handoff is waiting at this address.</p>")

        self._httpd = ThreadingHTTPServer((host, port), Handler)
        self._httpd.daemon_threads = True
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> None:
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="trawl-handoff",
                                        daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def arm(self, message: str, on_resume: Callable[[], Any]) -> str:
        with self._lock:
            self._token = secrets.token_urlsafe(12)
            self._message = message
            self._on_resume = on_resume
            return f"{self.base_url}/handoff/{self._token}"

    def disarm(self) -> None:
        with self._lock:
            self._token = None
            self._on_resume = None

    def _matches(self, path: str) -> bool:
        with self._lock:
            return self._token is not None and path.rstrip("/") == f"/handoff/{self._token}"

    def _fire(self, path: str) -> bool:
        with self._lock:
            if self._token is None or path.rstrip("/") != f"/handoff/{self._token}":
                return False
            callback, self._on_resume, self._token = self._on_resume, None, None
        if callback is not None:
            callback()
        return True
