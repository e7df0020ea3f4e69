"""A PDF's text, read with PDFium (pypdfium2) in a process of its own.

Why PDFium: ``bench/pdf_text.py`` compares pypdf, pypdfium2 and pdfminer.six on PDFs
Chromium prints here from known text and on real ones (pdfTeX, DocBook): pypdfium2 finds
as many source paragraphs, in order, as the best of them, 15 to 30 times faster per page;
PDFium is the PDF engine of Chrome, fuzzed against hostile files for years. (PyMuPDF was
not considered: AGPL.)

Why a process per PDF: a PDF is a program of sorts, and PDFium is C. A file built to loop
or to eat memory must cost one page, never a worker: the child process runs with a memory
cap (``PDF_MEMORY_BYTES``) and a CPU cap, is killed when it outlasts ``PDF_TIMEOUT_S``,
and dies with its parent. Starting it costs ~80 ms (Python and PDFium loading), which a
PDF fetched over the network hardly notices; the worker's extraction processes would have
been cheaper but cannot be killed alone.

What is kept: each page's text (PDFium's reading order, a word hyphenated across a line
joined), pages separated by a thematic break in the markdown and a form feed in the text,
the first ``PDF_MAX_PAGES`` pages and ``PDF_MAX_CHARS`` characters at most; the title from
the PDF's metadata. An encrypted PDF (a password to open it), a damaged one, or one whose
pages hold no text (scanned images: trawl does no OCR) is :class:`UnreadableDocument`.

Run as ``python -m trawl.documents.pdf MAX_PAGES MAX_CHARS NAME`` (or by ``PDF_COMMAND``) it
is that child: the PDF on stdin, the :class:`Document` as JSON on stdout.
"""

from __future__ import annotations

import contextlib
import ctypes
import dataclasses
import json
import os
import re
import resource
import signal
import sys
from pathlib import Path
from typing import Any

from trawl.documents.formats import PDF
from trawl.documents.text import Document, finish
from trawl.errors import UnreadableDocument

PDF_TIMEOUT_S = 30.0
"""A PDF not read within this (from its reader's start) is given up on: the reader is
killed and the page failed."""
PDF_MAX_PAGES = 1000
"""Pages read at most; the rest are counted (``metadata.pages``), not read."""
PDF_MAX_CHARS = 5_000_000
"""Characters of text kept at most (a 20 MB PDF of compressed text can hold far more)."""
PDF_MEMORY_BYTES = 1 << 30
"""The reader's address space cap: a PDF that needs more fails as unreadable."""
PDF_CPU_MARGIN_S = 5
"""The reader's CPU-time cap is PDF_TIMEOUT_S plus this: it ends by itself even if the
worker that started it is gone."""
PDF_PROCESSES = os.cpu_count() or 1
"""PDF readers a worker runs at once (see ExploreDeps.pdf_slots)."""
PAGE_BREAK_MARKDOWN = "\n\n---\n\n"
PAGE_BREAK_TEXT = "\n\f\n"
PR_SET_PDEATHSIG = 1
_SOFT_HYPHEN = "\x02"  # PDFium's mark of a hyphen it removed to join a word across lines
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_PASSWORD_ERROR = 4  # FPDF_ERR_PASSWORD
_SECURITY_ERROR = 5  # FPDF_ERR_SECURITY


def _page_text(raw: str) -> str:
    text = raw.replace("\r\n", "\n").replace("\r", "\n").replace(_SOFT_HYPHEN, "")
    text = _CONTROL_RE.sub("", text)
    return "\n".join(line.rstrip() for line in text.split("\n")).strip()


def read_pdf_bytes(data: bytes, name: str = "", max_pages: int = PDF_MAX_PAGES,
                   max_chars: int = PDF_MAX_CHARS) -> Document:
    """The PDF's text, in this process (the child's work; tests call it directly)."""
    import pypdfium2 as pdfium

    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        code = getattr(exc, "err_code", None)
        if code == _PASSWORD_ERROR:
            raise UnreadableDocument("encrypted PDF: it opens only with a password") from None
        if code == _SECURITY_ERROR:
            raise UnreadableDocument("encrypted PDF with an unsupported security handler"
                                     ) from None
        raise UnreadableDocument(f"not a readable PDF (damaged or truncated?): {exc}") from None
    try:
        count = len(document)
        pages: list[str] = []
        chars = 0
        for index in range(min(count, max_pages)):
            page = document[index]
            try:
                textpage = page.get_textpage()
                try:
                    text = _page_text(textpage.get_text_bounded())
                finally:
                    textpage.close()
            finally:
                page.close()
            pages.append(text[:max(0, max_chars - chars)])
            chars += len(text)
            if chars >= max_chars:
                break
        title = (document.get_metadata_value("Title") or "").strip() or None
    except pdfium.PdfiumError as exc:
        raise UnreadableDocument(f"PDF pages not readable: {exc}") from None
    finally:
        document.close()
    if not any(pages):
        raise UnreadableDocument(
            f"the PDF's {count} page{'s' if count != 1 else ''} hold no text (scanned "
            "images?); trawl does not recognise text in images" if count else
            "the PDF has no pages")
    meta: dict[str, Any] = {"format": PDF, "pages": count}
    if len(pages) < count or chars > max_chars:
        meta["pages_read"] = len(pages)
        meta["truncated"] = True
    return finish(title, PAGE_BREAK_MARKDOWN.join(pages), PAGE_BREAK_TEXT.join(pages), meta,
                  name)


# The reader imports this very trawl, however the worker found it (an install, or a
# checkout on sys.path): its directory is added when the child's own sys.path lacks it.
_READER = ("import sys; root = sys.argv.pop(1)\n"
           "if root not in sys.path: sys.path.insert(0, root)\n"
           "from trawl.documents.pdf import main; sys.exit(main(sys.argv[1:]))")
PDF_COMMAND = [sys.executable, "-c", _READER, str(Path(__file__).resolve().parents[2])]
"""How the reader process is started (its arguments follow)."""


async def read_pdf(data: bytes, name: str, timeout_s: float = PDF_TIMEOUT_S) -> Document:
    """Read ``data`` in a reader process of its own (see the module's docstring);
    UnreadableDocument when it cannot be read, or not within ``timeout_s``."""
    import asyncio  # here: the reader process, which imports this module, does without

    process = await asyncio.create_subprocess_exec(
        *PDF_COMMAND, str(PDF_MAX_PAGES), str(PDF_MAX_CHARS), name,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)
    try:
        async with asyncio.timeout(timeout_s):
            out, err = await process.communicate(data)
    except TimeoutError:
        raise UnreadableDocument(f"PDF not read within {timeout_s:.0f} s (its reader was "
                                 "stopped)") from None
    finally:
        if process.returncode is None:  # timed out, or cancelled: never left running
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()
    if process.returncode != 0:
        raise UnreadableDocument(_died(process.returncode, err))
    answer = json.loads(out)
    if "error" in answer:
        raise UnreadableDocument(answer["error"])
    return Document(**answer)


def _died(code: int | None, err: bytes) -> str:
    lines = err.decode(errors="replace").strip().splitlines()
    if code is not None and code < 0:
        how = f"killed by {signal.Signals(-code).name}" if -code in signal.valid_signals() \
            else f"signal {-code}"
    else:
        how = f"exit {code}"
    if lines and "MemoryError" in lines[-1]:
        return f"the PDF needs more than {PDF_MEMORY_BYTES >> 20} MiB to read"
    return f"the PDF reader died on this file ({how}){': ' + lines[-1][:200] if lines else ''}"


def _confine() -> None:
    """The reader's own limits: it dies with its parent, and cannot take more than its
    memory and CPU caps (limits the kernel enforces whatever PDFium does)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (PDF_MEMORY_BYTES, PDF_MEMORY_BYTES))
    cpu = int(PDF_TIMEOUT_S) + PDF_CPU_MARGIN_S
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))


def main(argv: list[str]) -> int:
    _confine()
    max_pages, max_chars, name = int(argv[0]), int(argv[1]), argv[2]
    data = sys.stdin.buffer.read()
    try:
        answer: dict[str, Any] = dataclasses.asdict(
            read_pdf_bytes(data, name, max_pages, max_chars))
    except UnreadableDocument as exc:
        answer = {"error": str(exc)}
    sys.stdout.write(json.dumps(answer))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
