"""Documents besides HTML (trawl.documents): which responses are read as what, the text
converters, and PDF text through PDFium in a reader process of its own."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator

import pytest

import trawl.documents.pdf as pdf
from tests.documents import (
    BLANK_HTML,
    ENCRYPTED_PDF,
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
from trawl.crawler.fetch import fetch, make_client
from trawl.documents.formats import document_format
from trawl.documents.text import fenced, markdown_text, markdown_title, read_text, yaml_title
from trawl.errors import BodyTooLarge, UnreadableDocument
from trawl.net import NetPolicy, use_policy

URL = "http://docs.test/files/"


@pytest.fixture(scope="module")
async def pdfs() -> dict[str, bytes]:
    return await print_pdfs({"doc": pdf_html(), "scan": BLANK_HTML})


def test_formats_by_media_type_then_file_name() -> None:
    cases = {
        ("application/json", "a"): "json",
        ("application/problem+json", "a"): "json",
        ("application/vnd.oai.openapi+json", "a"): "json",
        ("text/yaml", "a"): "yaml",
        ("application/x-yaml", "a"): "yaml",
        ("text/markdown", "a"): "markdown",
        ("text/plain", "a"): "text",
        ("text/plain", "README.md"): "markdown",  # a generic type: the name decides
        ("text/plain", "openapi.json"): "json",
        ("application/octet-stream", "spec.YML"): "yaml",
        ("application/octet-stream", "report.pdf"): "pdf",
        ("application/pdf", "a"): "pdf",
        ("application/octet-stream", "blob"): None,  # binary: not read
        ("image/png", "logo.json"): None,  # the server's word stands
        ("application/zip", "a.txt"): None,
        (None, "a"): None,
    }
    for (ctype, name), expected in cases.items():
        assert document_format(ctype, URL + name) == expected, (ctype, name)
    disposition = {"content-disposition": 'attachment; filename="openapi.yaml"'}
    assert document_format("application/octet-stream", URL + "download?id=3",
                           disposition) == "yaml"
    assert document_format(None, URL + "x", {}, b"%PDF-1.7\n") == "pdf"


def test_json_is_pretty_printed_and_titled_by_its_info() -> None:
    doc = read_text(b"\xef\xbb\xbf" + json.dumps(OPENAPI).encode(), "json",
                    {"content-type": "application/json"}, URL + "openapi.json")
    pretty = json.dumps(OPENAPI, indent=2)
    assert doc.markdown == f"```json\n{pretty}\n```"
    assert doc.text == pretty
    assert doc.title == "Pets API"
    assert doc.metadata == {"format": "json", "charset": "utf-8-sig"}  # the BOM was seen
    assert doc.word_count > 10 and doc.content_hash is not None


def test_invalid_json_is_stored_as_text_and_flagged() -> None:
    body = b'{"title": "broken",,}'
    doc = read_text(body, "json", {}, URL + "bad.json")
    assert doc.markdown == "```text\n" + body.decode() + "\n```"
    assert doc.title == "bad.json"  # its own title is not trusted from a broken document
    assert "invalid_json" in doc.metadata
    deep = read_text(b"[" * 100_000 + b"]" * 100_000, "json", {}, URL + "deep.json")
    assert "invalid_json" in deep.metadata  # nested past the parser's limit: text too


def test_yaml_is_fenced_as_served() -> None:
    doc = read_text(SPEC_YAML.encode(), "yaml", {}, URL + "spec.yaml")
    assert doc.markdown == f"```yaml\n{SPEC_YAML.rstrip()}\n```"
    assert doc.title == "Pets YAML API"
    assert yaml_title("title: 'Plain'\nother: 1\n") == "Plain"
    assert yaml_title("info:\n  description: >\n    x\n") is None
    assert read_text(b"a: 1\n", "yaml", {}, URL + "c.yml").title == "c.yml"


def test_markdown_as_served_titled_by_its_first_heading() -> None:
    doc = read_text(README_MD.encode(), "markdown", {}, URL + "README.md")
    assert doc.markdown == README_MD
    assert doc.title == "Pets guide"  # not the "# ..." inside the code block
    assert "Read the API and adopt a cat." in doc.text
    assert "layout: page" not in doc.text and "](" not in doc.text
    assert markdown_title("Intro\n=====\n\ntext\n") == "Intro"
    assert markdown_title("---\ntitle: From front matter\n---\n# Heading\n") \
        == "From front matter"
    assert markdown_title("#hashtag\n\n## Install ##\n") == "Install"
    assert markdown_title("no heading at all\n") is None
    assert markdown_text("> quoted *words*\n\n<!-- hidden -->\n![logo](l.png)\n") \
        == "quoted words\n\nlogo"


def test_text_is_fenced_verbatim() -> None:
    doc = read_text(NOTES_TXT.encode(), "text", {}, URL + "notes.txt")
    assert doc.markdown == f"```text\n{NOTES_TXT.rstrip()}\n```"
    assert doc.text == NOTES_TXT and doc.title == "notes.txt"
    assert fenced("a\n```\nb", "text") == "````text\na\n```\nb\n````"  # never closed early


def test_charsets_like_html() -> None:
    latin = read_text("café".encode("latin-1"), "text",
                      {"content-type": "text/plain; charset=ISO-8859-1"}, URL + "a.txt")
    assert latin.text == "café"
    utf16 = read_text("naïve".encode("utf-16"), "text", {"content-type": "text/plain"},
                      URL + "a.txt")
    assert utf16.text == "naïve"  # the byte-order mark decides
    lenient = read_text(b"ok \xff\xfe bytes", "text", {}, URL + "a.txt")
    assert lenient.text.startswith("ok ") and "\ufffd" in lenient.text
    late_nul = read_text(b"x" * 10_000 + b"\x00y", "text", {}, URL + "a.txt")
    assert "\x00" not in late_nul.text  # Postgres text holds no NUL


def test_binary_sent_as_text_is_unreadable() -> None:
    with pytest.raises(UnreadableDocument, match="binary"):
        read_text(b"PK\x03\x04\x00\x00" * 50, "text", {"content-type": "text/plain"},
                  URL + "a.txt")


@pytest.mark.parametrize("body", [b"[" * 3_000_000, b"<!--" * 1_000_000,
                                  b"info:\n" + b"  \n" * 200_000 + b"x\n",
                                  b"# " + b" " * 2_000_000 + b"x\n", b"**a_" * 1_000_000])
def test_hostile_text_costs_a_pass(body: bytes) -> None:
    """Patterns that could backtrack over a hostile body stay linear (a deadline, not a
    benchmark: the quadratic versions took minutes)."""
    for fmt in ("markdown", "yaml", "text", "json"):
        started = time.monotonic()
        read_text(body, fmt, {}, URL + "x")
        assert time.monotonic() - started < 15, fmt


def test_pdf_text_in_order_with_page_breaks(pdfs: dict[str, bytes]) -> None:
    doc = pdf.read_pdf_bytes(pdfs["doc"], "doc.pdf")
    assert doc.title == PDF_TITLE  # the PDF's metadata (Chromium writes <title> there)
    assert doc.metadata["format"] == "pdf" and doc.metadata["pages"] >= 2
    positions = [" ".join(doc.text.split()).find(p) for p in PARAGRAPHS]
    assert -1 not in positions and positions == sorted(positions)
    assert pdf.PAGE_BREAK_MARKDOWN in doc.markdown and "\f" in doc.text
    assert "pages_read" not in doc.metadata


def test_pdf_pages_and_chars_are_capped(pdfs: dict[str, bytes]) -> None:
    first = pdf.read_pdf_bytes(pdfs["doc"], "doc.pdf", max_pages=1)
    assert first.metadata["pages_read"] == 1 and first.metadata["truncated"]
    assert PARAGRAPHS[0] in " ".join(first.text.split())
    assert PARAGRAPHS[-1] not in " ".join(first.text.split())
    short = pdf.read_pdf_bytes(pdfs["doc"], "doc.pdf", max_chars=100)
    assert len(short.text) <= 100 and short.metadata["truncated"]


def test_unreadable_pdfs_say_why(pdfs: dict[str, bytes]) -> None:
    with pytest.raises(UnreadableDocument, match="password"):
        pdf.read_pdf_bytes(ENCRYPTED_PDF.read_bytes())
    with pytest.raises(UnreadableDocument, match="not a readable PDF"):
        pdf.read_pdf_bytes(pdfs["doc"][: len(pdfs["doc"]) // 3])
    with pytest.raises(UnreadableDocument, match="not a readable PDF"):
        pdf.read_pdf_bytes(b"%PDF-1.4\n% not really a PDF\n")
    with pytest.raises(UnreadableDocument, match="hold no text"):
        pdf.read_pdf_bytes(pdfs["scan"])


async def test_pdf_reader_process(pdfs: dict[str, bytes]) -> None:
    """The worker's way: the same document from a reader process; its failures too."""
    doc = await pdf.read_pdf(pdfs["doc"], "doc.pdf")
    assert doc == pdf.read_pdf_bytes(pdfs["doc"], "doc.pdf")
    with pytest.raises(UnreadableDocument, match="password"):
        await pdf.read_pdf(ENCRYPTED_PDF.read_bytes(), "encrypted.pdf")


@pytest.fixture
def reader(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    command: list[str] = []
    monkeypatch.setattr(pdf, "PDF_COMMAND", command)
    yield command


async def test_a_pdf_reader_that_hangs_or_dies_costs_one_page(reader: list[str]) -> None:
    reader[:] = [sys.executable, "-c", "import time; time.sleep(600)"]
    started = time.monotonic()
    with pytest.raises(UnreadableDocument, match="not read within 1 s"):
        await pdf.read_pdf(b"%PDF-", "slow.pdf", timeout_s=1)
    assert time.monotonic() - started < 10  # killed, not waited for
    reader[:] = [sys.executable, "-c", "import os; os.abort()"]
    with pytest.raises(UnreadableDocument, match=r"died on this file.*SIGABRT"):
        await pdf.read_pdf(b"%PDF-", "crash.pdf")
    reader[:] = [sys.executable, "-c", "raise MemoryError"]
    with pytest.raises(UnreadableDocument, match="needs more than"):
        await pdf.read_pdf(b"%PDF-", "big.pdf")


async def test_fetch_reads_documents_within_the_limit(pdfs: dict[str, bytes]) -> None:
    async with make_client("trawl-test", 10) as client:
        with serve_documents(pdfs) as base, use_policy(NetPolicy(allow_private=True)):
            got = await fetch(client, base + "/openapi.json", max_bytes=1 << 20, timeout_s=10)
            assert (got.document, got.content_type) == ("json", "application/json")
            assert got.body is not None and not got.is_html
            got = await fetch(client, base + "/files/openapi.yml", max_bytes=1 << 20,
                              timeout_s=10)
            assert (got.document, got.content_type) == ("yaml", "application/octet-stream")
            got = await fetch(client, base + "/page.txt", max_bytes=1 << 20, timeout_s=10)
            assert got.is_html and got.document is None
            got = await fetch(client, base + "/blob", max_bytes=1 << 20, timeout_s=10)
            assert got.body is None and got.document is None  # binary: headers only
            for path in ("/huge.json", "/huge-chunked.json"):
                with pytest.raises(BodyTooLarge):
                    await fetch(client, base + path, max_bytes=1 << 20, timeout_s=10)
