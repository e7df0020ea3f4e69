"""A hostile web site for fault tests and bench/faults.py, on 127.0.0.1 only.

Each path is one way a real site can hurt a crawler: a socket that never answers, a body
that drips forever, scripts that never return or never stop, bodies and link lists without
end, redirect loops and long chains, dialogs, downloads, meta refresh, absurd nesting.
Served by a raw asyncio server in a thread (the stdlib's http.server cannot hold a
connection open without a thread per client, nor drip or stream chunked bodies).

``HostileSite.hits`` counts requests per path with their times, so a test can tell how many
requests a page's scripts made after the page was stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

CHAIN_HOPS = 30
"""Hops of /chain/0 -> ... -> /chain/30 (more than any crawler follows)."""
SHORT_CHAIN_HOPS = 5
"""Hops of /short/0 -> ... -> /short/5 (a chain every crawler follows)."""
NESTED_DEPTH = 50_000
MANY_LINKS = 100_000
HUGE_CHUNK = b"<p>" + b"x" * 65_530 + b"</p>\n"
INFLATED_CHARS = 2 * 1024 * 1024
"""Characters of the DOM /inflate's script builds from a page of a few hundred bytes."""
DRIP_INTERVAL_S = 1.0
BEACON_INTERVAL_MS = 20
ARTICLE = ("<p>This page has plenty of ordinary readable text so that a crawler which "
           "reads it has something to store: words about rivers, mountains and the sea, "
           "about trains that leave on time and letters that arrive late.</p>")

HOSTILE_PATHS: dict[str, str] = {
    "/never": "timeout",
    "/drip": "timeout",
    "/loop": "timeout",
    "/hog": "timeout|crashed",
    "/beacon": "stored",
    "/huge-chunked": "too_large",
    "/links": "stored",
    "/redirect-loop": "redirect_loop",
    "/chain/0": "too_many_redirects",
    "/short/0": "redirected",
    "/dialogs": "stored",
    "/download": "stored",
    "/meta-refresh": "redirected",
    "/nested": "stored",
}
"""Each hostile page and the outcome a crawler should record for it (in every mode)."""


def _page(title: str, body: str, head: str = "") -> bytes:
    return (f"<!doctype html><html><head><title>{title}</title>{head}</head>"
            f"<body><main><h1>{title}</h1>{body}</main></body></html>").encode()


def _pages() -> dict[str, tuple[str, bytes]]:
    """path -> (content type, body) for the plain-answer pages."""
    return {
        "/loop": ("text/html", _page("Loop", ARTICLE + "<script>while (true) {}</script>")),
        "/hog": ("text/html", _page("Hog", ARTICLE + """<script>
            const hoard = []; for (;;) { hoard.push(new Array(1e6).fill(Math.random())); }
            </script>""")),
        "/beacon": ("text/html", _page("Beacon", ARTICLE + f"""<script>
            setInterval(() => fetch('/beacon-hit?' + Date.now()).catch(() => 0),
                        {BEACON_INTERVAL_MS});</script>""")),
        "/links": ("text/html", _page("Links", ARTICLE + "".join(
            f'<a href="/many/{i}">link {i}</a> ' for i in range(MANY_LINKS)))),
        "/dialogs": ("text/html", _page("Dialogs", ARTICLE + """<script>
            alert('hello'); confirm('sure?'); prompt('name?');
            window.addEventListener('beforeunload', (e) => { e.preventDefault();
              e.returnValue = 'stay'; });
            setTimeout(() => alert('later'), 50);</script>""")),
        "/meta-refresh": ("text/html", _page(
            "Moved", "<p>moved</p>", '<meta http-equiv="refresh" content="0; url=/target">')),
        "/target": ("text/html", _page("Target", ARTICLE)),
        "/nested": ("text/html", (b"<!doctype html><html><head><title>Nested</title></head>"
                                  b"<body>" + b"<div>" * NESTED_DEPTH
                                  + ARTICLE.encode() + b"</div>" * NESTED_DEPTH
                                  + b"</body></html>")),
        "/late-loop": ("text/html", _page("Late loop", ARTICLE + """<script>
            window.addEventListener('load', () => setTimeout(() => { while (true) {} }, 0));
            </script>""")),
        "/beacon-hit": ("text/plain", b"ok"),
        # a small page whose script builds a DOM of INFLATED_CHARS characters
        "/inflate": ("text/html", _page("Inflate", ARTICLE + f"""<script>
            document.querySelector('main').insertAdjacentHTML('beforeend',
              '<p>' + 'x'.repeat({INFLATED_CHARS}) + '</p>');</script>""")),
    }


@dataclass
class HostileSite:
    host: str = "127.0.0.1"
    port: int = 0
    huge_bytes: int = 50 * 1024 * 1024
    """Size of /huge-chunked (sent chunked, no Content-Length)."""
    normal_pages: int = 0
    """Ordinary pages /n/0 ... linked from / (the body of a benchmark crawl)."""
    hits: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    """path -> wall-clock times (time.time()) of the requests for it."""
    _loop: asyncio.AbstractEventLoop | None = None
    _server: asyncio.Server | None = None
    _hung: list[asyncio.StreamWriter] = field(default_factory=list)

    @property
    def base(self) -> str:
        return f"http://{self.host}:{self.port}"

    def url(self, path: str) -> str:
        return self.base + path

    def hits_after(self, path: str, moment: float) -> int:
        return sum(1 for t in list(self.hits.get(path, [])) if t > moment)

    # -- serving -------------------------------------------------------------------------

    async def _answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                      path: str) -> bool:
        """Write one response; False when the connection must be closed after it."""
        pages = self._fixed
        if path == "/never":
            self._hung.append(writer)  # hold the socket open, say nothing, ever
            await asyncio.Event().wait()
        if path == "/drip":
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
                         b"Transfer-Encoding: chunked\r\n\r\n")
            while True:
                writer.write(b"1\r\n \r\n")
                await writer.drain()
                await asyncio.sleep(DRIP_INTERVAL_S)
        if path == "/huge-chunked":
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
                         b"Transfer-Encoding: chunked\r\n\r\n")
            writer.write(_chunk(b"<!doctype html><html><head><title>Huge</title></head>"
                                b"<body>"))
            sent = 0
            while sent < self.huge_bytes:
                writer.write(_chunk(HUGE_CHUNK))
                sent += len(HUGE_CHUNK)
                await writer.drain()
            writer.write(_chunk(b"</body></html>") + b"0\r\n\r\n")
            await writer.drain()
            return True
        if path in ("/chunked-small", "/chunked-gzip"):
            body = _page("Chunked", ARTICLE)
            encoding = ""
            if path == "/chunked-gzip":
                body, encoding = gzip.compress(body), "Content-Encoding: gzip\r\n"
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
                         + encoding.encode() + b"Transfer-Encoding: chunked\r\n\r\n")
            half = len(body) // 2
            writer.write(_chunk(body[:half]) + _chunk(body[half:]) + b"0\r\n\r\n")
            await writer.drain()
            return True
        if path == "/redirect-loop":
            return await _redirect(writer, "/redirect-loop-b")
        if path == "/redirect-loop-b":
            return await _redirect(writer, "/redirect-loop")
        for prefix, hops, final in (("/chain/", CHAIN_HOPS, "/target"),
                                    ("/short/", SHORT_CHAIN_HOPS, "/target")):
            if path.startswith(prefix):
                step = int(path[len(prefix):] or 0)
                return await _redirect(writer, f"{prefix}{step + 1}" if step < hops else final)
        if path == "/download":
            body = _page("Report", ARTICLE)
            return await _respond(writer, 200, "text/html", body,
                                  {"Content-Disposition": 'attachment; filename="report.html"'})
        if path == "/":
            links = "".join(f'<li><a href="{p}">{p}</a></li>' for p in HOSTILE_PATHS)
            links += "".join(f'<li><a href="/n/{i}">page {i}</a></li>'
                             for i in range(self.normal_pages))
            return await _respond(writer, 200, "text/html", _page("Hostile", f"<ul>{links}</ul>"))
        if path.startswith("/n/"):
            return await _respond(writer, 200, "text/html",
                                  _page(f"Page {path[3:]}", ARTICLE))
        if path in pages:
            ctype, body = pages[path]
            return await _respond(writer, 200, ctype, body)
        return await _respond(writer, 404, "text/html", _page("Not found", "<p>none</p>"))

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                target = head.split(b" ", 2)[1].decode("latin-1")
                path = target.split("?", 1)[0]
                self.hits[path].append(time.time())
                if not await self._answer(reader, writer, path):
                    break
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError,
                IndexError, asyncio.CancelledError):
            pass
        finally:
            with contextlib.suppress(Exception):
                writer.close()

    @contextlib.contextmanager
    def running(self) -> Iterator[HostileSite]:
        self._fixed = _pages()
        started = threading.Event()

        def run() -> None:
            self._loop = asyncio.new_event_loop()

            async def main() -> None:
                self._server = await asyncio.start_server(self._serve, self.host, self.port)
                self.port = self._server.sockets[0].getsockname()[1]
                started.set()
                async with self._server:
                    await self._server.serve_forever()

            with contextlib.suppress(asyncio.CancelledError):
                self._loop.run_until_complete(main())

        thread = threading.Thread(target=run, daemon=True, name="hostile-site")
        thread.start()
        started.wait(10)
        try:
            yield self
        finally:
            loop = self._loop
            if loop is not None:
                def stop() -> None:
                    for task in asyncio.all_tasks(loop):
                        task.cancel()
                loop.call_soon_threadsafe(stop)
            thread.join(10)


def _chunk(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


async def _respond(writer: asyncio.StreamWriter, status: int, ctype: str, body: bytes,
                   headers: dict[str, str] | None = None) -> bool:
    extra = "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
    writer.write(f"HTTP/1.1 {status} X\r\nContent-Type: {ctype}\r\n"
                 f"Content-Length: {len(body)}\r\n{extra}\r\n".encode() + body)
    await writer.drain()
    return True


async def _redirect(writer: asyncio.StreamWriter, location: str) -> bool:
    writer.write(f"HTTP/1.1 302 Found\r\nLocation: {location}\r\n"
                 "Content-Length: 0\r\n\r\n".encode())
    await writer.drain()
    return True
