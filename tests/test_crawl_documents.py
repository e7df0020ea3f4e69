"""A real crawl of a site linking JSON, YAML, markdown, text and PDF documents, well-formed
and hostile: each is stored with its content and media type, or failed with a clear
reason — the same in http, auto and browser modes (real Temporal, Postgres, Chromium)."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

from tests.crawlkit import run_crawl
from tests.documents import (
    API_SPEC,
    BLANK_HTML,
    FILES_YAML,
    NOTES_TXT,
    OPENAPI,
    PARAGRAPHS,
    PDF_TITLE,
    README_MD,
    SPEC_YAML,
    pdf_html,
    print_pdfs,
    serve_documents,
)
from trawl.model import CrawlSpec

MAX_BYTES = 5 * 1024 * 1024
PRETTY = json.dumps(OPENAPI, indent=2)


@pytest.fixture(scope="module")
async def site() -> AsyncIterator[str]:
    pdfs = await print_pdfs({"doc": pdf_html(), "scan": BLANK_HTML})
    with serve_documents(pdfs) as base:
        yield base


async def _pages(engine: AsyncEngine, crawl_id: str, base: str) -> dict[str, dict[str, Any]]:
    async with engine.connect() as conn:
        rows = (await conn.execute(text(
            "select u.url, u.status, p.status_code, p.content_type, p.title, p.markdown, "
            "p.text, p.word_count, p.metadata, p.render_mode, p.render_reason, "
            "p.error_class, p.error_message "
            "from crawl_urls u left join pages p on p.crawl_id = u.crawl_id and p.url = u.url "
            "where u.crawl_id = :c"), {"c": crawl_id})).mappings().all()
    return {row["url"].removeprefix(base): dict(row) for row in rows}


@pytest.mark.parametrize("mode", ["http", "auto", "browser"])
async def test_documents_are_stored_with_their_content_in_every_mode(
        mode: str, site: str, temporal_client: Client, temporal_address: str,
        database_url: str, engine: AsyncEngine) -> None:
    spec = CrawlSpec(seeds=[site + "/"], render=mode, max_pages=40, max_depth=1,
                     max_body_bytes=MAX_BYTES, page_timeout_s=15, delay_s=0)
    crawl_id, result = await run_crawl(temporal_client, temporal_address, database_url,
                                       f"docs-{uuid.uuid4().hex[:8]}", spec)
    assert result.status == "completed"
    pages = await _pages(engine, crawl_id, site)
    document_reason = "--render http" if mode == "http" else "{} document, read over HTTP"

    def stored(path: str, ctype: str, fmt: str, title: str) -> dict[str, Any]:
        page = pages[path]
        assert page["status"] == "done" and page["error_class"] is None, (mode, path, page)
        assert (page["content_type"], page["title"]) == (ctype, title), (mode, path)
        assert page["metadata"]["format"] == fmt, (mode, path)
        assert page["render_mode"] == "http", (mode, path)  # the browser reads no documents
        assert page["render_reason"] == document_reason.format(fmt), (mode, path)
        assert page["word_count"] > 0, (mode, path)
        return page

    api = stored("/openapi.json", "application/json", "json", "Pets API")
    assert api["markdown"] == f"```json\n{PRETTY}\n```" and api["text"] == PRETTY
    # no extension: the browser refuses it, then it is read over HTTP
    assert stored("/api/spec", "application/vnd.oai.openapi+json", "json",
                  "Pets API")["text"] == json.dumps(API_SPEC, indent=2)
    bom = stored("/bom.json", "application/json", "json", "With a BOM")
    assert "invalid_json" not in bom["metadata"]
    bad = stored("/bad.json", "application/json", "json", "bad.json")
    assert bad["metadata"]["invalid_json"] and bad["markdown"].startswith("```text\n")
    assert stored("/spec.yaml", "application/yaml", "yaml", "Pets YAML API")["markdown"] \
        == f"```yaml\n{SPEC_YAML.rstrip()}\n```"
    assert stored("/files/openapi.yml", "application/octet-stream", "yaml",
                  "Pets YAML API")["text"] == FILES_YAML
    assert stored("/README.md", "text/markdown", "markdown", "Pets guide")["markdown"] \
        == README_MD
    notes = stored("/notes.txt", "text/plain", "text", "notes.txt")
    assert notes["text"] == NOTES_TXT + "café\n"  # its charset header: Latin-1
    doc = stored("/doc.pdf", "application/pdf", "pdf", PDF_TITLE)
    flat = " ".join(doc["text"].split())
    positions = [flat.find(p) for p in PARAGRAPHS]
    assert -1 not in positions and positions == sorted(positions), mode
    assert doc["metadata"]["pages"] >= 2 and "\f" in doc["text"]

    # a text file the server calls HTML is the HTML page it says it is
    page_txt = pages["/page.txt"]
    assert (page_txt["status"], page_txt["content_type"], page_txt["title"]) \
        == ("done", "text/html", "Text as HTML"), mode
    assert page_txt["render_mode"] == ("http" if mode != "browser" else "browser")

    # what cannot be read fails with the reason, never an empty success
    for path, error, why in (("/huge.json", "too_large", "exceeds"),
                             ("/huge-chunked.json", "too_large", "larger than"),
                             ("/encrypted.pdf", "unreadable_document", "password"),
                             ("/broken.pdf", "unreadable_document", "not a readable PDF"),
                             ("/scan.pdf", "unreadable_document", "no text"),
                             ("/binary.txt", "unreadable_document", "binary")):
        page = pages[path]
        assert (page["status"], page["error_class"]) == ("failed", error), (mode, path, page)
        assert why in page["error_message"], (mode, path, page["error_message"])
        assert page["markdown"] is None and page["text"] is None, (mode, path)
    # a binary body is not read: its row holds the response, and says so
    blob = pages["/blob"]
    assert (blob["status"], blob["status_code"], blob["content_type"], blob["render_mode"]) \
        == ("done", 200, "application/octet-stream", "none"), mode
    assert blob["markdown"] is None and blob["word_count"] is None
    assert blob["render_reason"].startswith("not read: application/octet-stream"), mode
