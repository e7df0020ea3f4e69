"""Extraction benchmark: trawl.extract against hand-labelled article bodies.

Scoring (as /work/shared/bench/README.md prescribes, the Scrapinghub article-extraction
benchmark method): words are ``\\w+`` tokens (a CJK character is one: see _WORD); shingles
are 4-word sequences (a text shorter than 4 words is one shingle); per page the shingle
multisets give tp/fp/fn, normalised by tp+fp+fn; per-page precision tp/(tp+fp) and recall
tp/(tp+fn) (1.0 when fp resp. fn is 0, 0.0 when tp = 0); P and R are means over pages;
F1 = 2PR/(P+R).

Usage::

    .venv/bin/python bench/extraction.py                 # trawl.extract
    .venv/bin/python bench/extraction.py --trafilatura   # also trafilatura (if installed)
    .venv/bin/python bench/extraction.py --worst 10      # list the 10 worst pages
    .venv/bin/python bench/extraction.py --slowest 5     # list the 5 slowest pages
    .venv/bin/python bench/extraction.py --docs          # timing on the Python docs pages
    .venv/bin/python bench/extraction.py --trafilatura --repeat 5   # ms/page side by side
    .venv/bin/python bench/extraction.py --before main   # main's trawl.extract, same run

Prints F1 on all pages and on each half of them by id order (and the gap between halves),
and ms/page of extract() (main content, markdown and text, metadata and links).

The article pages are the benchmark's dev split (what the extraction has been tuned on; a
part of the benchmark is held back from this project). A second real-world set with its own
ground truth, never tuned on, is scored after it when present: Readability.js's test pages
(``--test-pages DIR``, default ``$TRAWL_BENCH_TEST_PAGES`` or /work/data/readability-test-pages;
one directory per page with ``source.html`` and ``expected.html``, the text Readability's
maintainers accept as the page's content; Apache-2.0, not in this repository: copy
``test/test-pages`` of mozilla/readability there). Absent, it is skipped with a line. The
expected text is read as bench/completeness.py reads a reference (``reading_text``): without
the labels of interactive controls unless ``--with-controls`` (two pages of the 130 have
some).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trawl.extract import extract  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "bench" / "articles"
DEFAULT_TEST_PAGES = Path("/work/data/readability-test-pages")
TEST_PAGES_URL = "http://fakehost/test/page.html"
"""The URL Readability's tests give every test page."""
DOCS_DIR = Path("/usr/share/doc/python3.11/html")
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
_WORD = re.compile(f"[{_CJK}]|(?:(?![{_CJK}])\\w)+")
"""``\\w+`` words, except that Chinese, Japanese and Korean characters are a word each (those
scripts put no spaces between words: as ``\\w+`` runs, a sentence would be one word)."""


def shingles(text: str, n: int = 4) -> Counter[tuple[str, ...]]:
    words = _WORD.findall(text or "")
    if len(words) < n:
        return Counter([tuple(words)])
    return Counter(tuple(words[i : i + n]) for i in range(len(words) - n + 1))


def page_scores(predicted: str, truth: str) -> tuple[float, float]:
    """(precision, recall) of one page."""
    pred, true = shingles(predicted), shingles(truth)
    tp = sum((pred & true).values())
    fp = sum((pred - true).values())
    fn = sum((true - pred).values())
    total = tp + fp + fn
    if total == 0:
        return 1.0, 1.0
    tp_, fp_, fn_ = tp / total, fp / total, fn / total
    if fp == 0:
        precision = 1.0
    elif tp == 0:
        precision = 0.0
    else:
        precision = tp_ / (tp_ + fp_)
    if fn == 0:
        recall = 1.0
    elif tp == 0:
        recall = 0.0
    else:
        recall = tp_ / (tp_ + fn_)
    return precision, recall


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def f1_of(scores: list[tuple[float, float]]) -> float:
    """The benchmark's F1 of (precision, recall) per page: from mean P and mean R."""
    precision = statistics.fmean(p for p, _ in scores)
    recall = statistics.fmean(r for _, r in scores)
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


Extractor = tuple[str, Callable[[str, str], str]]


def run(extractors: list[Extractor], pages: list[tuple[str, str, str, str]], worst: int,
        repeat: int = 1, slowest: int = 0) -> dict[str, dict[str, float]]:
    """Score each extractor on ``pages`` (in id order) and print F1 on all of them and on
    each half of them (a gap between the halves says the code fits some pages more than
    others), and ms/page. The extractors take turns on each page, ``repeat`` times, and a
    page's time is its fastest run: on a shared machine, load hits them alike."""
    times: dict[str, list[float]] = {name: [] for name, _ in extractors}
    scores: dict[str, list[tuple[float, float]]] = {name: [] for name, _ in extractors}
    for _, html, url, truth in pages:
        best: dict[str, float] = {}
        predicted: dict[str, str] = {}
        for _ in range(repeat):
            for name, fn in extractors:
                t0 = time.perf_counter()
                predicted[name] = fn(html, url)
                ms = (time.perf_counter() - t0) * 1000
                best[name] = min(ms, best.get(name, ms))
        for name, _ in extractors:
            times[name].append(best[name])
            scores[name].append(page_scores(predicted[name], truth))
    results = {}
    for name, _ in extractors:
        results[name] = _report(name, scores[name], times[name], pages, worst)
        for ms, page_id, url in sorted(((ms, page[0], page[2]) for ms, page
                                        in zip(times[name], pages, strict=True)),
                                       reverse=True)[:slowest]:
            print(f"    {ms:8.1f} ms  {page_id[:12]}  {url}")
    if len(extractors) > 1:
        medians = [f"{name} {statistics.median(times[name]):.1f}" for name, _ in extractors]
        print("ms/page median, same run: " + " | ".join(medians))
    return results


def _report(name: str, pairs: list[tuple[float, float]], times: list[float],
            pages: list[tuple[str, str, str, str]], worst: int) -> dict[str, float]:
    precision = statistics.fmean(p for p, _ in pairs)
    recall = statistics.fmean(r for _, r in pairs)
    f1 = f1_of(pairs)
    half = len(pairs) // 2
    first, second = f1_of(pairs[:half]), f1_of(pairs[half:])
    print(
        f"{name:14s} F1 {f1:.4f}  P {precision:.4f}  R {recall:.4f}  "
        f"halves {first:.4f} / {second:.4f} (gap {abs(first - second):.4f})  "
        f"ms/page median {statistics.median(times):.1f}  mean {statistics.fmean(times):.1f}  "
        f"p95 {percentile(times, 0.95):.1f}  max {max(times):.1f}  ({len(pages)} pages)"
    )
    per_page = [(2 * p * r / (p + r) if p + r else 0.0, p, r, page[0], page[2])
                for (p, r), page in zip(pairs, pages, strict=True)]
    for f, p, r, page_id, url in sorted(per_page)[:worst]:
        print(f"    F1 {f:.3f} P {p:.3f} R {r:.3f}  {page_id[:12]}  {url}")
    return {"f1": f1, "precision": precision, "recall": recall, "first": first,
            "second": second, "ms_median": statistics.median(times)}


def load(data: Path) -> list[tuple[str, str, str, str]]:
    truth = json.loads((data / "ground-truth.json").read_text("utf-8"))
    pages = []
    for page_id, item in sorted(truth.items()):
        with gzip.open(data / "html" / f"{page_id}.html.gz", "rb") as fh:
            html = fh.read().decode("utf-8", errors="replace")
        pages.append((page_id, html, item.get("url") or "", item.get("articleBody") or ""))
    return pages


def load_test_pages(data: Path) -> list[tuple[str, str, str, str]]:
    """Readability.js's test pages: (name, source HTML, URL, the expected content's text)."""
    from bench.completeness import reading_text

    pages = []
    for page in sorted(p for p in data.iterdir() if (p / "source.html").is_file()):
        html = (page / "source.html").read_text("utf-8", errors="replace")
        truth = reading_text((page / "expected.html").read_text("utf-8", errors="replace"))
        pages.append((page.name, html, TEST_PAGES_URL, truth))
    return pages


def docs_timing() -> None:
    if not DOCS_DIR.is_dir():
        print(f"no Python docs at {DOCS_DIR}")
        return
    files = sorted(DOCS_DIR.rglob("*.html"))
    times, sizes = [], []
    for path in files:
        html = path.read_text("utf-8", errors="replace")
        url = "https://docs.python.org/3/" + str(path.relative_to(DOCS_DIR))
        t0 = time.perf_counter()
        extract(html, url)
        times.append((time.perf_counter() - t0) * 1000)
        sizes.append((times[-1], len(html), str(path.relative_to(DOCS_DIR))))
    print(
        f"python docs: {len(files)} pages, ms/page median {statistics.median(times):.1f}  "
        f"mean {statistics.fmean(times):.1f}  p95 {percentile(times, 0.95):.1f}  "
        f"max {max(times):.1f}"
    )
    for ms, size, name in sorted(sizes, reverse=True)[:5]:
        print(f"    {ms:8.1f} ms  {size / 1e6:.2f} MB  {name}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--data", type=Path, default=Path(os.environ.get("TRAWL_BENCH_ARTICLES",
                                                                      DEFAULT_DATA)))
    ap.add_argument("--worst", type=int, default=0, help="list the N worst pages")
    ap.add_argument("--slowest", type=int, default=0,
                    help="list the N slowest pages (their fastest run) of each extractor")
    ap.add_argument("--trafilatura", action="store_true", help="also score trafilatura")
    ap.add_argument("--readability", action="store_true", help="also score readability-lxml")
    ap.add_argument("--docs", action="store_true", help="time extract() on the Python docs")
    ap.add_argument("--repeat", type=int, default=1,
                    help="runs per page and extractor; a page's time is its fastest")
    ap.add_argument("--before", metavar="REV", help="also trawl.extract at git revision REV")
    ap.add_argument("--test-pages", type=Path,
                    default=Path(os.environ.get("TRAWL_BENCH_TEST_PAGES", DEFAULT_TEST_PAGES)),
                    help="Readability.js's test pages (the second set, never tuned on)")
    ap.add_argument("--with-controls", action="store_true",
                    help="keep controls' labels in the test pages' expected text (as "
                         "bench/completeness.py --with-controls)")
    args = ap.parse_args()
    if args.with_controls:
        import bench.completeness

        bench.completeness.WITH_CONTROLS = True

    pages = load(args.data)
    extractors: list[Extractor] = [("trawl.extract", lambda html, url: extract(html, url).text)]
    if args.before:
        from bench._checkout import extract_at

        before = extract_at(args.before)
        extractors.insert(0, (f"@{args.before}"[:14],
                              lambda html, url: before.extract(html, url).text))
    if args.trafilatura:
        import trafilatura  # type: ignore[import-not-found]

        extractors.append(("trafilatura",
                           lambda html, url: trafilatura.extract(html, url=url) or ""))
    if args.readability:
        import lxml.html
        from readability import Document  # type: ignore[import-not-found]

        def readability_text(html: str, url: str) -> str:
            summary = Document(html, url=url).summary(html_partial=True)
            return lxml.html.fromstring(summary).text_content() if summary.strip() else ""

        extractors.append(("readability", readability_text))
    for _name, fn in extractors:  # warm up: imports, caches
        for _, html, url, _ in pages[:3]:
            fn(html, url)
    print(f"articles (dev split), {args.data}; load average {os.getloadavg()[0]:.1f}")
    run(extractors, pages, args.worst, args.repeat, args.slowest)
    if (args.test_pages / "001" / "source.html").is_file():
        print(f"Readability's test pages (never tuned on), {args.test_pages}; expected text "
              f"{'with' if args.with_controls else 'without'} controls' labels")
        run(extractors, load_test_pages(args.test_pages), args.worst, 1)
    else:
        print(f"Readability's test pages: none at {args.test_pages}; skipped")
    if args.docs:
        docs_timing()


if __name__ == "__main__":
    main()
