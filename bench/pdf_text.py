"""PDF text extraction: pypdf, pypdfium2 and pdfminer.six on real PDFs (how trawl chose).

Each library reads each PDF of the corpus; the table says, per PDF and library:

- ``found``: the share of the source's paragraphs (8 words or more) found whole in the
  extracted text, as a run of words (case, punctuation and line breaks aside; a word
  hyphenated across a line break counts joined);
- ``order``: of the paragraphs found, the share in source order (longest increasing run of
  their positions): a library that reads columns or table cells across is caught here;
- ``words``: the source's words matched in order (difflib over the word sequences);
- ``ms/page``: wall time per page, best of ``--runs`` (the library imported already);
- and once per library the import time of a fresh interpreter (trawl reads each PDF in a
  process of its own, so it pays this once per PDF).

The corpus: three PDFs Chromium prints here from HTML of known text (a long article, the
same in two columns, a list and a table of sentences), and two real ones Debian installs
when present: the shared-mime-info specification (DocBook; its XML source beside it is
the source) and the libtasn1 manual (pdfTeX; its GNU FDL appendix is the source, from the
texinfo file beside it).

    pip install pypdf pypdfium2 pdfminer.six playwright    # or: pip install -e .[bench]
    python bench/pdf_text.py [--runs 3] [--keep DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import difflib
import gzip
import html
import io
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

MIN_PARAGRAPH_WORDS = 8
MIME_SPEC = Path("/usr/share/doc/shared-mime-info")
TASN1 = Path("/usr/share/doc/libtasn1-doc")
SEED = 16
VOCABULARY = tuple(
    "river mountain letter train station morning evening window garden harbour bridge "
    "office library museum fisherman baker teacher doctor engineer village city coast "
    "forest meadow storm harvest winter summer autumn spring lantern kettle ladder "
    "compass journal pocket ribbon saddle anchor violin kitchen chimney workshop "
    "quietly slowly early late often rarely always briefly carefully suddenly "
    "arrives leaves carries follows opens closes writes reads builds mends sings "
    "remembers forgets watches answers borrows returns finds loses keeps shares "
    "old new small large bright dark warm cold narrow wide green grey heavy light "
    "café naïve façade coöperate résumé office affluent fjord fluffy offline "
    "1987 42 3.14 2,500 the a of to in on with from under over near beyond"
).split()


@dataclass
class Corpus:
    name: str
    pdf: bytes
    paragraphs: list[str]
    """The source's paragraphs, in reading order."""


# -- the source texts -----------------------------------------------------------------------


def _sentence(rng: random.Random) -> str:
    words = [rng.choice(VOCABULARY) for _ in range(rng.randint(9, 18))]
    text = " ".join(words)
    return text[0].upper() + text[1:] + rng.choice([".", ".", ".", "?", "!"])


def _paragraphs(count: int, rng: random.Random) -> list[str]:
    return [" ".join(_sentence(rng) for _ in range(rng.randint(3, 6))) for _ in range(count)]


def _article(columns: int) -> tuple[str, list[str]]:
    rng = random.Random(SEED + columns)
    paragraphs = _paragraphs(160 if columns == 1 else 60, rng)
    body, source = [], []
    for index, paragraph in enumerate(paragraphs):
        if index % 8 == 0:
            heading = f"Part {index // 8 + 1}: " + _sentence(rng).rstrip(".?!")
            body.append(f"<h2>{html.escape(heading)}</h2>")
            source.append(heading)
        body.append(f"<p>{html.escape(paragraph)}</p>")
        source.append(paragraph)
    style = f"main {{ column-count: {columns}; column-gap: 2em; }}" if columns > 1 else ""
    page = (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>Article</title>"
            f"<style>body {{ font: 11pt serif; text-align: justify; hyphens: auto; }} {style}"
            f"</style></head>"
            f"<body><h1>An article of known text</h1><main>{''.join(body)}</main></body></html>")
    return page, ["An article of known text", *source]


def _list_and_table() -> tuple[str, list[str]]:
    rng = random.Random(SEED + 7)
    intro = _paragraphs(3, rng)
    items = [_sentence(rng) for _ in range(12)]
    rows = [[_sentence(rng) for _ in range(3)] for _ in range(15)]
    body = "".join(f"<p>{html.escape(p)}</p>" for p in intro)
    body += "<ul>" + "".join(f"<li>{html.escape(i)}</li>" for i in items) + "</ul>"
    body += "<table border=1>" + "".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
        for row in rows) + "</table>"
    page = (f"<!doctype html><html><head><meta charset=utf-8><title>Lists</title></head>"
            f"<body style='font: 11pt sans-serif'>{body}</body></html>")
    return page, intro + items + [cell for row in rows for cell in row]


async def _print_pdfs(pages: dict[str, str]) -> dict[str, bytes]:
    from playwright.async_api import async_playwright

    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=executable,
                                                   args=["--no-sandbox"])
        try:
            out = {}
            for name, page_html in pages.items():
                page = await browser.new_page()
                await page.set_content(page_html)
                out[name] = await page.pdf(format="A4")
                await page.close()
            return out
        finally:
            await browser.close()


def _mime_spec() -> Corpus | None:
    pdf = MIME_SPEC / "shared-mime-info-spec.pdf"
    source = MIME_SPEC / "shared-mime-info-spec.xml.gz"
    if not pdf.exists() or not source.exists():
        return None
    xml = gzip.decompress(source.read_bytes()).decode()
    entities = dict(re.findall(r'<!ENTITY (\w+) "([^"]*)">', xml))
    xml = re.sub(r"&(\w+);", lambda m: entities.get(m.group(1), m.group(0)), xml)
    paragraphs = [html.unescape(re.sub(r"<[^>]+>", " ", body)) for body in
                  re.findall(r"<para>((?:(?!<para>).)*?)</para>", xml, re.S)]
    return Corpus("mime-spec (DocBook)", pdf.read_bytes(), paragraphs)


def _tasn1_fdl() -> Corpus | None:
    pdf, texi = TASN1 / "libtasn1.pdf", TASN1 / "fdl-1.3.texi.gz"
    if not pdf.exists() or not texi.exists():
        return None
    source = gzip.decompress(texi.read_bytes()).decode()
    source = re.sub(r"@(?:copyright)\{\}", "©", source)
    source = re.sub(r"@\w+\{([^{}]*)\}", r"\1", source)  # @dfn{free} -> free
    source = source.replace("``", '"').replace("''", '"')
    paragraphs = []
    for block in re.split(r"\n\s*\n", source):
        lines = [line for line in block.splitlines() if not line.startswith(("@", "    "))]
        if lines:
            paragraphs.append(" ".join(lines))
    return Corpus("libtasn1 FDL (pdfTeX)", pdf.read_bytes(), paragraphs)


def corpus() -> list[Corpus]:
    article, article_source = _article(1)
    columns, columns_source = _article(2)
    mixed, mixed_source = _list_and_table()
    printed = asyncio.run(_print_pdfs({"article": article, "columns": columns,
                                       "mixed": mixed}))
    found = [Corpus("chromium article", printed["article"], article_source),
             Corpus("chromium 2 columns", printed["columns"], columns_source),
             Corpus("chromium list+table", printed["mixed"], mixed_source)]
    return found + [c for c in (_mime_spec(), _tasn1_fdl()) if c is not None]


# -- the libraries --------------------------------------------------------------------------


def with_pypdf(data: bytes) -> list[str]:
    import pypdf

    return [page.extract_text() or "" for page in pypdf.PdfReader(io.BytesIO(data)).pages]


def with_pypdfium2(data: bytes) -> list[str]:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(data)
    try:
        pages = []
        for index in range(len(document)):
            page = document[index]
            textpage = page.get_textpage()
            pages.append(textpage.get_text_bounded())
            textpage.close()
            page.close()
        return pages
    finally:
        document.close()


def with_pdfminer(data: bytes) -> list[str]:
    from pdfminer.high_level import extract_text

    return extract_text(io.BytesIO(data)).split("\f")[:-1] or [""]


LIBRARIES: dict[str, tuple[str, Callable[[bytes], list[str]]]] = {
    "pypdf": ("pypdf", with_pypdf),
    "pypdfium2": ("pypdfium2", with_pypdfium2),
    "pdfminer.six": ("pdfminer.high_level", with_pdfminer),
}


# -- scoring --------------------------------------------------------------------------------


def words(text: str) -> list[str]:
    text = unicodedata.normalize("NFKC", text).replace("\u00ad", "").replace("\ufffe", "")
    text = re.sub(r"(\w)-\s*\n\s*(\w)", r"\1\2", text)  # hyphenated at a line break
    text = re.sub(r"(\w)\u0002\s*(\w)", r"\1\2", text)  # pdfium's soft-hyphen mark
    return re.findall(r"\w+", text.lower())


def _longest_increasing(values: list[int]) -> int:
    tails: list[int] = []
    for value in values:
        at = bisect.bisect_left(tails, value)
        tails[at:at + 1] = [value]
    return len(tails)


def score(extracted: str, paragraphs: list[str]) -> tuple[float, float, float]:
    """(found, order, words) as described at the top."""
    stream = " " + " ".join(words(extracted)) + " "
    wanted = [w for w in (words(p) for p in paragraphs) if len(w) >= MIN_PARAGRAPH_WORDS]
    positions = []
    for paragraph in wanted:
        at = stream.find(" " + " ".join(paragraph) + " ")
        if at >= 0:
            positions.append(at)
    found = len(positions) / len(wanted) if wanted else 0.0
    order = _longest_increasing(positions) / len(positions) if positions else 0.0
    source = [w for p in wanted for w in p]
    matcher = difflib.SequenceMatcher(None, source, stream.split(), autojunk=False)
    matched = sum(block.size for block in matcher.get_matching_blocks())
    return found, order, matched / len(source) if source else 0.0


def import_ms(module: str, runs: int) -> float:
    def once(code: str) -> float:
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        return time.perf_counter() - started
    bare = min(once("pass") for _ in range(runs))
    return max(0.0, min(once(f"import {module}") for _ in range(runs)) - bare) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="write the corpus's PDFs to this directory")
    args = parser.parse_args()
    docs = corpus()
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
        for doc in docs:
            (args.keep / (re.sub(r"\W+", "-", doc.name).strip("-") + ".pdf")).write_bytes(doc.pdf)
    print(f"{'PDF':24} {'pages':>5}  {'library':13} {'found':>6} {'order':>6} {'words':>6} "
          f"{'ms/page':>8}")
    totals: dict[str, list[tuple[float, float, float, float]]] = {}
    for doc in docs:
        for name, (_, extract) in LIBRARIES.items():
            times = []
            pages: list[str] = []
            for _ in range(args.runs):
                started = time.perf_counter()
                pages = extract(doc.pdf)
                times.append(time.perf_counter() - started)
            found, order, matched = score("\n".join(pages), doc.paragraphs)
            per_page = min(times) * 1000 / max(1, len(pages))
            totals.setdefault(name, []).append((found, order, matched, per_page))
            print(f"{doc.name:24} {len(pages):5}  {name:13} {found:6.1%} {order:6.1%} "
                  f"{matched:6.1%} {per_page:8.1f}")
    print(f"\n{'library':13} {'found':>6} {'order':>6} {'words':>6} {'ms/page':>8} "
          f"{'import ms':>9}   (means over the {len(docs)} PDFs)")
    for name, rows in totals.items():
        means = [statistics.mean(column) for column in zip(*rows, strict=True)]
        print(f"{name:13} {means[0]:6.1%} {means[1]:6.1%} {means[2]:6.1%} {means[3]:8.1f} "
              f"{import_ms(LIBRARIES[name][0], args.runs):9.0f}")


if __name__ == "__main__":
    with tempfile.TemporaryDirectory():
        main()
