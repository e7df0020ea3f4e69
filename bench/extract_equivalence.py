"""Output-equivalence oracle and timing for ``trawl.extract.extract``.

Runs ``extract`` over (a) the article benchmark pages (``/work/shared/bench/articles``) and
(b) every page of each documentation set installed: Python (Sphinx), MkDocs, Javadoc, Doxygen,
PostgreSQL (DocBook) as ``bench/completeness.py`` lists them, GTK (gtk-doc) and the DocBook
XSL reference under ``/opt/trawl-docsets``, and either records every Extraction's fields (and
the ``content="full"`` extraction's, untimed) or compares them with a recording, reporting
each page whose output differs (with a short diff) and the total/median/p95 milliseconds per
page of each set. A set not installed is said and skipped.

Usage::

    .venv/bin/python bench/extract_equivalence.py --record /tmp/extract-baseline
    .venv/bin/python bench/extract_equivalence.py --compare /tmp/extract-baseline
    .venv/bin/python bench/extract_equivalence.py --compare DIR --repeat 3   # median of 3 runs
    .venv/bin/python bench/extract_equivalence.py --compare DIR --set articles --set python
    git archive main | tar -x -C /tmp/main   # then, timing only, side by side:
    .venv/bin/python bench/extract_equivalence.py --against /tmp/main --set python

Exit status: 0 when nothing differs, 1 otherwise. The data stays outside the repository.
"""

from __future__ import annotations

import argparse
import difflib
import gzip
import json
import os
import pickle
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import importlib  # noqa: E402
import importlib.util  # noqa: E402

from bench._docsets import DOCSETS, SETS  # noqa: E402
from trawl.extract import extract  # noqa: E402

ARTICLES = ROOT.parent / "shared" / "bench" / "articles"
DOC_ROOTS = {name: s.root for name, s in SETS.items()} | {
    "gtkdoc": DOCSETS / "usr/share/gtk-doc/html",
    "docbook": DOCSETS / "usr/share/doc/docbook-xsl-doc-html/doc",
}
"""Every page shape installed here: each generator's output once (the symlinked copies of
the same files under ``/opt/trawl-docsets`` left out)."""
FIELDS = ("title", "description", "language", "canonical_url", "markdown", "text",
          "word_count", "links", "metadata", "headline", "completeness", "full")


def article_pages(data: Path = ARTICLES) -> Iterator[tuple[str, str, str]]:
    truth = json.loads((data / "ground-truth.json").read_text("utf-8"))
    for path in sorted((data / "html").glob("*.html.gz")):
        page_id = path.name[: -len(".html.gz")]
        with gzip.open(path, "rb") as fh:
            html = fh.read().decode("utf-8", errors="replace")
        url = (truth.get(page_id) or {}).get("url") or f"https://example.com/{page_id}"
        yield page_id, html, url


def docs_pages(name: str, docs: Path) -> Iterator[tuple[str, str, str]]:
    for path in sorted(docs.rglob("*.html")):
        if not path.is_file():
            continue
        rel = str(path.relative_to(docs))
        yield rel, path.read_text("utf-8", errors="replace"), f"https://{name}.docs.test/{rel}"


def fields(result: Any, html: str, url: str) -> dict[str, Any]:
    data = asdict(result)
    full = asdict(extract(html, url, "full"))
    data["full"] = {name: full[name] for name in ("markdown", "text", "headline",
                                                  "completeness", "metadata")}
    return {name: data[name] for name in FIELDS}


def run_set(pages: list[tuple[str, str, str]], repeat: int) -> tuple[dict[str, Any], list[float]]:
    """Outputs of one set and the per-page time (median over ``repeat`` runs), in ms."""
    outputs: dict[str, Any] = {}
    times: list[list[float]] = [[] for _ in pages]
    for r in range(repeat):
        for i, (key, html, url) in enumerate(pages):
            t0 = time.perf_counter()
            result = extract(html, url)
            times[i].append((time.perf_counter() - t0) * 1000)
            if r == 0:
                outputs[key] = fields(result, html, url)
    return outputs, [statistics.median(t) for t in times]


def load_extract(root: Path) -> Any:
    """``extract`` of the checkout at ``root`` (its ``trawl/extract`` package, imported under
    another name; what it imports from the rest of trawl comes from this checkout)."""
    package = root / "trawl" / "extract"
    spec = importlib.util.spec_from_file_location(
        "_against_extract", package / "__init__.py", submodule_search_locations=[str(package)])
    if spec is None or spec.loader is None:
        raise SystemExit(f"no trawl/extract package under {root}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module.extract


def side_by_side(name: str, pages: list[tuple[str, str, str]], other: Any, repeat: int) -> None:
    """This checkout's extract and ``other`` timed page by page, taking turns (which runs
    first alternates), so the machine's load weighs on both alike: ms/page and the ratio."""
    ours, theirs = [0.0] * len(pages), [0.0] * len(pages)
    for r in range(repeat):
        for i, (_, html, url) in enumerate(pages):
            for mine in ((True, False) if (i + r) % 2 else (False, True)):
                t0 = time.perf_counter()
                (extract if mine else other)(html, url)
                spent = (time.perf_counter() - t0) * 1000 / repeat
                if mine:
                    ours[i] += spent
                else:
                    theirs[i] += spent
    n = max(len(pages), 1)
    page_ratio = statistics.median(a / b for a, b in zip(ours, theirs, strict=True) if b) \
        if pages else 0.0
    print(f"{name:9s} {len(pages)} pages  against {sum(theirs) / n:7.2f} ms/page (median "
          f"{statistics.median(theirs or [0]):6.2f})  now {sum(ours) / n:7.2f} (median "
          f"{statistics.median(ours or [0]):6.2f})  now/against: total "
          f"{sum(ours) / max(sum(theirs), 1e-9):.3f}, median page {page_ratio:.3f}")


def describe(times: list[float]) -> str:
    if not times:
        return "0 pages"
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    median = statistics.median(times)
    return (f"{len(times)} pages  total {sum(times):9.1f} ms  median {median:7.2f} ms"
            f"  p95 {p95:7.2f} ms")


def short_diff(old: Any, new: Any, limit: int = 12) -> str:
    if isinstance(old, str) and isinstance(new, str):
        a, b = old.splitlines(), new.splitlines()
    else:
        a = json.dumps(old, indent=1, sort_keys=True, default=str).splitlines()
        b = json.dumps(new, indent=1, sort_keys=True, default=str).splitlines()
    lines = list(difflib.unified_diff(a, b, "baseline", "now", n=1, lineterm=""))
    extra = f"\n      ... {len(lines) - limit} more diff lines" if len(lines) > limit else ""
    return "\n".join("      " + line[:160] for line in lines[:limit]) + extra


def compare(name: str, old: dict[str, Any], new: dict[str, Any]) -> int:
    # a kept-back set checks the rules, so its pages are counted, never shown: a page
    # looked at is a page tuned on
    hidden = name in SETS and SETS[name].kept_back
    differing = 0
    for key in sorted(set(old) | set(new)):
        if key not in old or key not in new:
            differing += 1
            if not hidden:
                print(f"  [{name}] {key}: only in {'baseline' if key in old else 'now'}")
            continue
        bad = [f for f in FIELDS if old[key].get(f) != new[key].get(f)]
        if bad and hidden:
            differing += 1
        elif bad:
            differing += 1
            print(f"  [{name}] {key}: differs in {', '.join(bad)}")
            for f in bad[:3]:
                print(f"    {f}:")
                print(short_diff(old[key].get(f), new[key].get(f)))
    return differing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--record", type=Path, metavar="DIR", help="write the outputs to DIR")
    mode.add_argument("--compare", type=Path, metavar="DIR", help="compare with DIR")
    parser.add_argument("--repeat", type=int, default=1, help="timing runs (median per page)")
    parser.add_argument("--impl", metavar="MODULE", help="time another copy of the package "
                        "(e.g. a pristine one), importable from --path")
    parser.add_argument("--path", metavar="DIR", help="sys.path entry for --impl")
    parser.add_argument("--set", action="append", choices=["articles", *DOC_ROOTS],
                        help="only these sets (default: all installed)")
    parser.add_argument("--against", type=Path, metavar="ROOT",
                        help="time only: this checkout's extract and ROOT's (e.g. `git archive "
                        "main | tar -x -C ROOT`) side by side, page by page")
    args = parser.parse_args()
    if not (args.record or args.compare or args.against):
        parser.error("one of --record, --compare, --against is required")
    if args.impl:
        global extract
        if args.path:
            sys.path.insert(0, args.path)
        extract = importlib.import_module(args.impl).extract
        print(f"using {args.impl}.extract")

    print(f"load average {os.getloadavg()[0]:.2f}")
    sets: dict[str, list[tuple[str, str, str]]] = {}
    for name in args.set or ["articles", *DOC_ROOTS]:
        if name == "articles":
            sets[name] = list(article_pages())
        elif DOC_ROOTS[name].is_dir():
            sets[name] = list(docs_pages(name, DOC_ROOTS[name]))
        else:
            print(f"{name}: not installed ({DOC_ROOTS[name]}); skipped")
    if args.against:
        other = load_extract(args.against.resolve())
        for name, pages in sets.items():
            side_by_side(name, pages, other, max(1, args.repeat))
        print(f"load average {os.getloadavg()[0]:.2f}")
        return 0
    outputs: dict[str, dict[str, Any]] = {}
    timing: dict[str, list[float]] = {}
    for name, pages in sets.items():
        outputs[name], timing[name] = run_set(pages, max(1, args.repeat))
        print(f"{name:9s} {describe(timing[name])}")

    print(f"load average {os.getloadavg()[0]:.2f}")
    if args.record:
        args.record.mkdir(parents=True, exist_ok=True)
        with open(args.record / "outputs.pickle", "wb") as fh:
            pickle.dump(outputs, fh)
        (args.record / "timing.json").write_text(json.dumps(timing))
        print(f"recorded {sum(len(o) for o in outputs.values())} pages into {args.record}")
        return 0

    with open(args.compare / "outputs.pickle", "rb") as fh:
        baseline: dict[str, dict[str, Any]] = pickle.load(fh)
    base_timing_path = args.compare / "timing.json"
    if base_timing_path.exists():
        base_timing = json.loads(base_timing_path.read_text())
        for name in sets:
            if name in base_timing:
                print(f"baseline {name:9s} {describe(base_timing[name])}")
    missing = [name for name in sets if name not in baseline]
    if missing:
        print(f"not in the recording: {', '.join(missing)}")
    differing = 0
    for name in sets:
        if name in baseline:
            found = compare(name, baseline[name], outputs[name])
            differing += found
            if found and SETS.get(name) and SETS[name].kept_back:
                print(f"  [{name}] {found} pages differ (a kept-back set: not listed)")
    total = sum(len(o) for o in outputs.values())
    print(f"{differing} of {total} pages differ")
    return 1 if differing or missing else 0


if __name__ == "__main__":
    sys.exit(main())
