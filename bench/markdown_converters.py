"""HTML-to-markdown converters compared on the Python docs' main content: fidelity
(bench/_fidelity.py: code blocks, headings, notes, tables, code languages, as a CommonMark/GFM
parser reads the markdown back) and speed.

Each page's main content is found once by trawl.extract (as a crawl stores it) and handed,
as HTML, to each converter:

- ``port``: trawl's former in-house port of markdownify (829 lines, deleted in issue 19),
  loaded from git at ``--port-rev``;
- ``markdownify``: markdownify with ATX headings and "-" bullets;
- ``html-to-markdown``: html-to-markdown (Rust) with trawl's options;
- ``... + prepare``: the same after trawl's preparation of the tree (code languages on
  <code>, note boxes as labelled blockquotes, definition lists as bold terms), timed with it.

Usage::

    .venv/bin/python bench/markdown_converters.py [--limit N] [--port-rev REV] [--repeat 3]
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import lxml.html  # noqa: E402
from lxml.html import HtmlElement  # noqa: E402

from bench._fidelity import Misses, check  # noqa: E402
from trawl.extract import _markdown, parse_html  # noqa: E402
from trawl.extract._clean import absolutize_links, basic_clean  # noqa: E402
from trawl.extract._content import find_main  # noqa: E402

DOCS_DIR = Path("/usr/share/doc/python3.11/html")
DOCS_URL = "https://docs.python.org/3/"
PORT_REV = "bee67bb"
"""The last commit with the in-house port (trawl/extract/_markdown.py)."""
PORT_PATH = "trawl/extract/_markdown.py"

Converter = Callable[[str], str]


def load_port(rev: str) -> Converter | None:
    """The port's to_markdown, loaded from git (None when git cannot show it)."""
    try:
        source = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{PORT_PATH}"],
                                check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    path = Path(tempfile.mkdtemp()) / "_markdown_port.py"
    path.write_text(source)
    # a module of the trawl.extract package, so its relative imports (._parse) resolve
    spec = importlib.util.spec_from_file_location("trawl.extract._markdown_port", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module.to_markdown  # type: ignore[no-any-return]


def _code_class_language(el: object) -> str | None:
    """markdownify's code_language_callback: the ``language-*`` class of the <pre>'s <code>
    (where _prepare puts it)."""
    code = el.find("code")  # type: ignore[attr-defined]
    classes = code.get("class", []) if code is not None else []
    return next((c[len("language-"):] for c in classes if c.startswith("language-")), None)


def _markdownify(html: str) -> str:
    import markdownify  # type: ignore[import-untyped]

    return str(markdownify.markdownify(html, heading_style="ATX", bullets="-",
                                       code_language_callback=_code_class_language))


def _h2m(html: str) -> str:
    return _markdown.convert_html(html)  # as trawl runs it: options built once


def _prepared(convert: Converter) -> Converter:
    def run(html: str) -> str:
        el = lxml.html.fragment_fromstring(html)
        _markdown._prepare(el)
        return convert(lxml.html.tostring(el, encoding="unicode", method="html"))
    return run


def main_contents(limit: int) -> list[tuple[str, str]]:
    """(name, main-content HTML) of the docs pages, as trawl.extract chooses it."""
    out = []
    for path in sorted(DOCS_DIR.rglob("*.html"))[:limit or None]:
        name = str(path.relative_to(DOCS_DIR))
        root = parse_html(path.read_text("utf-8", errors="replace"))
        basic_clean(root)
        main, _ = find_main(root, None)
        absolutize_links(main, DOCS_URL + name)
        main.tail = None
        out.append((name, lxml.html.tostring(main, encoding="unicode", method="html")))
    return out


def measure(converters: list[tuple[str, Converter]], pages: list[tuple[str, str]],
            repeat: int) -> None:
    """Print each converter's misses and ms/page. The converters take turns on each page,
    ``repeat`` times, and a page's time is its fastest run: on a shared machine, load hits
    them alike."""
    misses = {name: Misses() for name, _ in converters}
    bad_pages = dict.fromkeys(misses, 0)
    times: dict[str, list[float]] = {name: [] for name in misses}
    for _, html in pages:
        source: HtmlElement = lxml.html.fragment_fromstring(html)
        langs = {pre: _markdown.code_language(pre) for pre in source.iter("pre")}
        best: dict[str, float] = {}
        markdown: dict[str, str] = {}
        for _ in range(repeat):
            for name, convert in converters:
                t0 = time.perf_counter()
                markdown[name] = convert(html)
                ms = (time.perf_counter() - t0) * 1000
                best[name] = min(ms, best.get(name, ms))
        for name in misses:
            times[name].append(best[name])
            page = check(source, markdown[name], langs)
            bad_pages[name] += page.total() > 0
            misses[name].add(page)
    for name, m in misses.items():
        print(f"| {name} | {m.code} | {m.headings} | {m.notes} | {m.tables} | {m.languages} | "
              f"{bad_pages[name]} | {statistics.median(times[name]):.1f}, "
              f"{statistics.fmean(times[name]):.1f} |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--limit", type=int, default=0, help="only the first N pages")
    ap.add_argument("--port-rev", default=PORT_REV, help="git revision holding the port")
    ap.add_argument("--repeat", type=int, default=3,
                    help="runs per page and converter; a page's time is its fastest")
    args = ap.parse_args()
    if not DOCS_DIR.is_dir():
        sys.exit(f"no Python docs at {DOCS_DIR} (apt-get install python3.11-doc)")
    pages = main_contents(args.limit)
    print(f"{len(pages)} pages of {DOCS_DIR}; misses summed over pages\n")
    print("| converter | code | headings | notes | tables | languages | pages with a miss "
          "| ms/page median, mean |")
    print("|---|---|---|---|---|---|---|---|")
    converters: list[tuple[str, Converter]] = []
    port = load_port(args.port_rev)
    if port is not None:
        converters.append(("port", port))
    converters += [("markdownify", _markdownify), ("html-to-markdown", _h2m)]
    if port is not None:
        converters.append(("port + prepare", _prepared(port)))
    converters += [("markdownify + prepare", _prepared(_markdownify)),
                   ("html-to-markdown + prepare", _prepared(_h2m))]
    for _, convert in converters:
        for _, html in pages[:5]:
            convert(html)  # warm up (imports, caches)
    measure(converters, pages, args.repeat)

if __name__ == "__main__":
    main()
