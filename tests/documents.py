"""Documents for tests: PDFs Chromium prints from known text, and a site that serves JSON,
YAML, markdown, text and PDF documents, well-formed and hostile, on 127.0.0.1 only.

``python -m tests.documents`` writes ``tests/fixtures/documents/encrypted.pdf`` again
(it needs pypdf, which trawl does not depend on: ``pip install pypdf``).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path

from playwright.async_api import async_playwright

from tests.sitesrv import serve_handler
from trawl.browser.launch import launch_chromium

FIXTURES = Path(__file__).parent / "fixtures" / "documents"
ENCRYPTED_PDF = FIXTURES / "encrypted.pdf"
"""A Chromium-printed PDF encrypted (AES-256) with a user password: it opens with none."""
PDF_TITLE = "Quarterly river report"
PARAGRAPHS = [
    f"Paragraph {i}: the {word} barge left the harbour at dawn, carried {i * 7} crates of "
    f"apples upstream and returned before the evening bell with letters for the village."
    for i, word in enumerate(("red", "green", "slow", "old", "narrow", "heavy", "quiet",
                              "early", "late", "wide", "bright", "small"), 1)
]
"""Known text of the test PDF, in order (over more than one page: see pdf_html)."""
OPENAPI = {"openapi": "3.1.0", "info": {"title": "Pets API", "version": "1.0.0"},
           "paths": {"/pets": {"get": {"summary": "List the pets of the shelter"}}}}
API_SPEC = {**OPENAPI, "servers": [{"url": "/api"}]}
"""Served at /api/spec (no extension); not OPENAPI, which would make it a duplicate."""
SPEC_YAML = ("openapi: 3.0.3\ninfo:\n  version: 2.1.0\n  description: |\n    Pets, again.\n"
             "  title: Pets YAML API\npaths:\n  /pets:\n    get:\n      summary: List pets\n")
FILES_YAML = SPEC_YAML + "servers:\n  - url: /files\n"
"""Served as application/octet-stream at /files/openapi.yml: YAML by its name."""
README_MD = ("---\nlayout: page\n---\n\n```sh\n# not the title\npip install pets\n```\n\n"
             "# Pets *guide*\n\nRead the [API](openapi.json) and **adopt** a cat.\n")
NOTES_TXT = "Release notes\n\n# 2.1: faster\n  col A    col B\n  1        2\n"


def pdf_html(paragraphs: list[str] = PARAGRAPHS, title: str = PDF_TITLE) -> str:
    """A page whose paragraphs Chromium prints over several pages (a page break forced
    after the first half)."""
    half = len(paragraphs) // 2
    body = "".join(f"<p>{html.escape(p)}</p>" for p in paragraphs[:half])
    body += "<div style='break-after: page'></div>"
    body += "".join(f"<p>{html.escape(p)}</p>" for p in paragraphs[half:])
    return (f"<!doctype html><html><head><meta charset=utf-8><title>{html.escape(title)}"
            f"</title></head><body><h1>{html.escape(title)}</h1>{body}</body></html>")


BLANK_HTML = ("<!doctype html><html><head><title>Scan</title></head><body>"
              "<div style='width:300px;height:400px;background:#888'></div></body></html>")
"""Prints as a PDF page with a grey box and no text (what a scanned page holds)."""


async def print_pdfs(pages: dict[str, str]) -> dict[str, bytes]:
    """{name: html} printed by Chromium: {name: PDF bytes}."""
    async with async_playwright() as playwright:
        browser = await launch_chromium(playwright)
        try:
            printed = {}
            for name, page_html in pages.items():
                page = await browser.new_page()
                await page.set_content(page_html)
                printed[name] = await page.pdf(format="A5")
                await page.close()
            return printed
        finally:
            await browser.close()


def _make_encrypted() -> None:
    import io

    import pypdf

    plain = asyncio.run(print_pdfs({"secret": pdf_html(PARAGRAPHS[:2], "Secret")}))["secret"]
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(plain)))
    writer.encrypt(user_password="open sesame", owner_password="owner", algorithm="AES-256")
    out = io.BytesIO()
    writer.write(out)
    FIXTURES.mkdir(parents=True, exist_ok=True)
    ENCRYPTED_PDF.write_bytes(out.getvalue())


# -- the documents site -------------------------------------------------------------------

HUGE_BYTES = 50 * 1024 * 1024
"""The size of /huge.json and /huge-chunked.json (over any test's max_body_bytes)."""


def documents_site(pdfs: dict[str, bytes]) -> dict[str, tuple[str, bytes]]:
    """path -> (Content-Type, body) of the site's documents; ``pdfs``: the PDFs printed
    from pdf_html() ("doc") and BLANK_HTML ("scan")."""
    return {
        "/openapi.json": ("application/json", json.dumps(OPENAPI).encode()),
        "/bom.json": ("application/json",
                      b"\xef\xbb\xbf" + json.dumps({"title": "With a BOM", "n": 1}).encode()),
        "/bad.json": ("application/json", b'{"title": "broken", "n": 1,,}'),
        "/api/spec": ("application/vnd.oai.openapi+json; charset=utf-8",
                      json.dumps(API_SPEC).encode()),
        "/spec.yaml": ("application/yaml", SPEC_YAML.encode()),
        "/files/openapi.yml": ("application/octet-stream", FILES_YAML.encode()),
        "/README.md": ("text/markdown; charset=utf-8", README_MD.encode()),
        "/notes.txt": ("text/plain; charset=iso-8859-1", (NOTES_TXT + "café\n").encode("latin-1")),
        "/page.txt": ("text/html", b"<html><head><title>Text as HTML</title></head><body><p>"
                      + b"A text file the server calls HTML, read as the page it says. " * 5
                      + b"</p></body></html>"),
        "/doc.pdf": ("application/pdf", pdfs["doc"]),
        "/scan.pdf": ("application/pdf", pdfs["scan"]),
        "/broken.pdf": ("application/pdf", pdfs["doc"][:len(pdfs["doc"]) // 3]),
        "/encrypted.pdf": ("application/pdf", ENCRYPTED_PDF.read_bytes()),
        "/binary.txt": ("text/plain", b"\x00\x01\x02\x03PK\x03\x04" * 100),
        "/blob": ("application/octet-stream", bytes(range(256)) * 64),
    }


def index_html(paths: list[str]) -> bytes:
    links = "".join(f'<li><a href="{p}">{p}</a></li>' for p in paths)
    return (f"<!doctype html><html><head><title>Documents</title></head><body><main>"
            f"<h1>Documents</h1><p>Files linked from this page, each its own kind.</p>"
            f"<ul>{links}</ul></main></body></html>").encode()


@contextlib.contextmanager
def serve_documents(pdfs: dict[str, bytes]) -> Iterator[str]:
    """The documents site; yields its base URL. / links every document, and the hostile
    /huge.json (50 MB, Content-Length declared) and /huge-chunked.json (50 MB, chunked)."""
    docs = documents_site(pdfs)
    index = index_html([*docs, "/huge.json", "/huge-chunked.json"])

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            path = self.path.split("?", 1)[0]
            with contextlib.suppress(ConnectionError):
                if path == "/huge.json":
                    self._huge(chunked=False)
                elif path == "/huge-chunked.json":
                    self._huge(chunked=True)
                elif path == "/" or path in docs:
                    ctype, body = ("text/html", index) if path == "/" else docs[path]
                    self._send(200, ctype, body)
                else:
                    self._send(404, "text/html", b"<html><body>not found</body></html>")

        def _send(self, status: int, ctype: str, body: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def _huge(self, chunked: bool) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            if chunked:
                self.send_header("Transfer-Encoding", "chunked")
            else:
                self.send_header("Content-Length", str(HUGE_BYTES))
            self.end_headers()
            block = b'{"filler": "' + b"x" * 65_000 + b'"},\n'
            sent = 0
            self.wfile.write(b"%x\r\n[\r\n" % 1 if chunked else b"[")
            while sent < HUGE_BYTES:  # the crawler hangs up past its limit: that ends it
                self.wfile.write(b"%x\r\n%s\r\n" % (len(block), block) if chunked else block)
                sent += len(block)
            self.close_connection = True

    with serve_handler(Handler) as base:
        yield base


if __name__ == "__main__":
    _make_encrypted()
