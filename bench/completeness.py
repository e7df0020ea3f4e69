"""Whole-site completeness: how much of each documentation page's main content extraction keeps.

For every HTML page of a documentation set installed from a package, the reference is the
words of the page's own main container, as its generator marks it (no heuristics: the
generator knows where it put the content), and the score is the share of those words the
extraction keeps (as multisets of lower-cased ``\\w+`` words: a word the reference has three
times counts three times). Beside it, ``extra`` is the share of the extraction's words that
are not in the reference (the chrome it took in); it keeps the score honest, since keeping
the whole body would score 100 % kept.

The sets (``--list`` says which are installed here):

- ``python``: the Python 3.11 docs (Sphinx; Debian python3.11-doc): ``div[role=main]`` less
  the ``¶`` self-links;
- ``mkdocs``: MkDocs' own documentation (MkDocs; Debian mkdocs-doc): ``div[role=main]`` less
  the self-links;
- ``javadoc``: jsoup's API reference (Javadoc of JDK 17; Debian libjsoup-java-doc): ``main``;
- ``doxygen``: log4cplus' API reference (Doxygen 1.9; Debian liblog4cplus-doc): the page's
  ``div.header`` and ``div.contents``;
- ``postgres`` (kept back, only with ``--kept-back``: measured to check, never tuned on): the
  PostgreSQL 15 manual (DocBook XSL; Debian postgresql-doc-15): the body less its
  ``navheader`` and ``navfooter``.

In the reference, scripts, styles and hidden elements (``hidden``, ``display: none``) are
left out, as a reader does not see them; text is joined with a space at block boundaries only.
Interactive controls are left out too (``--with-controls`` keeps them, to compare): form
fields (``input``, ``select``, ``textarea``) and buttons (``button``, ``role=button``) that
act ("Try it out", "Copy", "Search"), but not a disclosure button (one with
``aria-expanded``: it names the section it opens, as an accordion's question or an OpenAPI
viewer's operation summary does). See ``is_control``; tests/test_spa.py reads what a reader
sees in Chromium by the same rule.

Usage::

    .venv/bin/python bench/completeness.py                    # every installed set
    .venv/bin/python bench/completeness.py --set python --worst 10
    .venv/bin/python bench/completeness.py --before main      # main's extraction, same run
    .venv/bin/python bench/completeness.py --trafilatura --kept-back

Prints per set and extractor: pages, pages under 80 % and under 95 %, the share at 95 % or
more, the median kept, the mean extra, ms/page; then the worst pages.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import lxml.html  # noqa: E402
from lxml import etree  # noqa: E402

_WORD = re.compile(r"\w+")
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)
_UTF8 = lxml.html.HTMLParser(encoding="utf-8")
"""Pages are read as UTF-8 text (as a crawl decodes them), so parsed as such."""
_INVISIBLE = frozenset(("script", "style", "noscript", "template", "head", "title", "object",
                        "iframe"))
"""Never shown (or, for ``object`` and ``iframe``, shown only where the embedded thing
cannot be: "This browser is not able to show SVG")."""
_FORM_FIELDS = frozenset(("input", "select", "textarea", "option", "optgroup", "datalist"))
WITH_CONTROLS = False
"""Keep the controls' labels in the reference (``--with-controls``)."""
_BLOCKS = frozenset(re.findall(r"\w+", """address article aside blockquote body br caption dd
    details div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main
    nav ol p pre section summary table tbody td tfoot th thead tr ul"""))


@dataclass(frozen=True)
class DocSet:
    """One documentation generator's output, installed by a package."""

    name: str
    root: Path
    package: str
    """How to install it (what ``scripts/setup --dev`` installs)."""
    containers: str
    """XPath of the page's main container(s), as its generator marks it."""
    drop: str = ""
    """XPath (relative to a container) of what is no content inside it (self-links)."""
    kept_back: bool = False
    """Measured to check a change, never to tune one."""

    def pages(self) -> Iterator[Path]:
        return iter(sorted(self.root.rglob("*.html")))


DOCSETS = Path(os.environ.get("TRAWL_DOCSETS", "/opt/trawl-docsets"))
"""Where ``scripts/setup --dev`` unpacks the sets whose packages would bring a JDK or a
database server along (their files only)."""


def _installed(path: str) -> Path:
    """``/path`` when the package is installed, else its files unpacked under DOCSETS."""
    installed = Path("/") / path
    return installed if installed.is_dir() else DOCSETS / path


def _has_class(name: str) -> str:
    """XPath: the element's class attribute has ``name`` among its classes."""
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


SETS = {s.name: s for s in (
    DocSet("python", Path("/usr/share/doc/python3.11/html"), "python3.11-doc",
           "//div[@role='main']", ".//a[contains(@class, 'headerlink')]"),
    DocSet("mkdocs", Path("/usr/share/doc/mkdocs/html"), "mkdocs-doc",
           "//div[@role='main']", ".//a[contains(@class, 'headerlink')]"),
    DocSet("javadoc", _installed("usr/share/doc/libjsoup-java/api"), "libjsoup-java-doc",
           "//main"),
    DocSet("doxygen", Path("/usr/share/doc/liblog4cplus-dev/html"), "liblog4cplus-doc",
           "//div[@class='header'] | //div[@class='contents']",
           # doxygen.css hides the tooltips of a source listing (``.ttc``) and the inherited
           # members' rows until their header is clicked (``.inherit``); ``div.summary`` is
           # the page's bar of links to its own sections (Javadoc has the same bar in its
           # navigation, outside ``main``)
           f".//*[{_has_class('ttc')} or {_has_class('inherit')}] "
           "| ./div[@class='summary']"),
    DocSet("postgres", _installed("usr/share/doc/postgresql-doc-15/html"), "postgresql-doc-15",
           "/html/body", "./div[@class='navheader' or @class='navfooter']", kept_back=True),
)}


def words(text: str) -> Counter[str]:
    return Counter(w.lower() for w in _WORD.findall(text))


def _visible(el: etree._Element) -> bool:
    if el.get("hidden") is not None:
        return False
    style = el.get("style")
    return not (style and _HIDDEN_STYLE.search(style))


def is_control(el: etree._Element) -> bool:
    """An interactive control, whose label is no content a reader keeps: a form field, or a
    button that acts. A disclosure button (``aria-expanded``) names what it opens: content."""
    tag = el.tag if isinstance(el.tag, str) else ""
    if tag == "button" or (el.get("role") or "").strip().lower() == "button":
        return el.get("aria-expanded") is None
    return tag in _FORM_FIELDS


def _render(el: etree._Element, out: list[str]) -> None:
    """Text of ``el`` as a reader reads it: block boundaries are spaces, inline ones not."""
    tag = el.tag if isinstance(el.tag, str) else ""
    block = tag in _BLOCKS
    if block:
        out.append(" ")
    if el.text:
        out.append(el.text)
    for child in el:
        if isinstance(child.tag, str) and child.tag not in _INVISIBLE and _visible(child) \
                and (WITH_CONTROLS or not is_control(child)):
            _render(child, out)
        if child.tail:
            out.append(child.tail)
    if block:
        out.append(" ")


def reading_text(html: str) -> str:
    """The text of an HTML fragment or page as a reader reads it."""
    root = lxml.html.document_fromstring(html.encode("utf-8") or b"<html></html>", parser=_UTF8)
    out: list[str] = []
    _render(root, out)
    return "".join(out)


def reference(html: str, docset: DocSet) -> str:
    """The words of the page's main container(s), as its generator marks them."""
    # (bytes: an XHTML page's XML declaration names its encoding, which lxml refuses on str)
    root = lxml.html.document_fromstring(html.encode("utf-8") or b"<html></html>", parser=_UTF8)
    out: list[str] = []
    for container in root.xpath(docset.containers):
        if docset.drop:
            for el in container.xpath(docset.drop):
                el.drop_tree()
        _render(container, out)
    return "".join(out)


@dataclass
class Score:
    """One page by one extractor."""

    page: str
    kept: float
    """Share of the reference's words the extraction has."""
    extra: float
    """Share of the extraction's words that are not in the reference."""
    ref_words: int
    ms: float


def score(ref: Counter[str], got: Counter[str]) -> tuple[float, float]:
    total, size = sum(ref.values()), sum(got.values())
    common = sum((ref & got).values())
    kept = common / total if total else 1.0
    extra = (size - common) / size if size else 0.0
    return kept, extra


Extractor = Callable[[str, str], str]


def trawl_text(content: str = "main") -> Extractor:
    from trawl.extract import extract

    def run(html: str, url: str) -> str:
        return extract(html, url, content).full_text
    return run


def trafilatura_text(html: str, url: str) -> str:
    import trafilatura  # type: ignore[import-not-found]

    return trafilatura.extract(html, url=url, include_tables=True) or ""


def measure(docset: DocSet, extractors: dict[str, Extractor],
            limit: int | None = None) -> tuple[dict[str, list[Score]], int]:
    """Each page of ``docset`` by each extractor (taking turns page by page); and how many
    pages have no reference text (skipped: a redirect stub, an empty index)."""
    results: dict[str, list[Score]] = {name: [] for name in extractors}
    skipped = 0
    for i, path in enumerate(docset.pages()):
        if limit is not None and i >= limit:
            break
        html = path.read_text("utf-8", errors="replace")
        ref = words(reference(html, docset))
        if not ref:
            skipped += 1
            continue
        rel = str(path.relative_to(docset.root))
        url = f"https://{docset.name}.docs.test/{rel}"
        for name, fn in extractors.items():
            t0 = time.perf_counter()
            got = fn(html, url)
            ms = (time.perf_counter() - t0) * 1000
            kept, extra = score(ref, words(got))
            results[name].append(Score(rel, kept, extra, sum(ref.values()), ms))
    return results, skipped


@dataclass
class Summary:
    pages: int
    under_80: int
    under_95: int
    at_95: float
    """Share of pages keeping 95 % or more."""
    median_kept: float
    mean_extra: float
    ms_median: float


def summarise(scores: list[Score]) -> Summary:
    n = len(scores)
    return Summary(
        pages=n, under_80=sum(s.kept < 0.8 for s in scores),
        under_95=sum(s.kept < 0.95 for s in scores),
        at_95=sum(s.kept >= 0.95 for s in scores) / n if n else 1.0,
        median_kept=statistics.median(s.kept for s in scores) if n else 1.0,
        mean_extra=statistics.fmean(s.extra for s in scores) if n else 0.0,
        ms_median=statistics.median(s.ms for s in scores) if n else 0.0)


def report(docset: DocSet, results: dict[str, list[Score]], skipped: int, worst: int) -> None:
    print(f"\n{docset.name} ({docset.package}, {docset.root}; {skipped} pages without "
          f"reference text skipped){' [kept back]' if docset.kept_back else ''}")
    print(f"  {'extractor':<22} {'pages':>5} {'<80%':>5} {'<95%':>5} {'>=95%':>7} "
          f"{'median kept':>11} {'mean extra':>10} {'ms/page':>8}")
    for name, scores in results.items():
        s = summarise(scores)
        print(f"  {name:<22} {s.pages:>5} {s.under_80:>5} {s.under_95:>5} {s.at_95:>7.1%} "
              f"{s.median_kept:>11.1%} {s.mean_extra:>10.1%} {s.ms_median:>8.1f}")
    for name, scores in results.items():
        low = sorted((s for s in scores if s.kept < 0.95), key=lambda s: s.kept)[:worst]
        if low:
            print(f"  worst by {name}:")
        for s in low:
            print(f"    {s.kept:6.1%} kept  {s.extra:6.1%} extra  {s.ref_words:6d} words  "
                  f"{s.page}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--set", action="append", choices=sorted(SETS), help="only these sets")
    ap.add_argument("--kept-back", action="store_true", help="also the kept-back sets")
    ap.add_argument("--before", metavar="REV", help="also trawl.extract at git revision REV")
    ap.add_argument("--trafilatura", action="store_true", help="also trafilatura")
    ap.add_argument("--full", action="store_true", help="also trawl's --content full")
    ap.add_argument("--worst", type=int, default=5, help="list the N worst pages per extractor")
    ap.add_argument("--limit", type=int, help="at most N pages per set")
    ap.add_argument("--list", action="store_true", help="say which sets are installed")
    ap.add_argument("--with-controls", action="store_true",
                    help="keep interactive controls' labels in the reference (see is_control)")
    args = ap.parse_args()
    global WITH_CONTROLS
    WITH_CONTROLS = args.with_controls

    chosen = [SETS[n] for n in args.set] if args.set else \
        [s for s in SETS.values() if args.kept_back or not s.kept_back]
    if args.list:
        for s in SETS.values():
            state = "installed" if s.root.is_dir() else f"absent (apt-get install {s.package})"
            print(f"{s.name:10s} {state}{' [kept back]' if s.kept_back else ''}")
        return
    extractors: dict[str, Extractor] = {}
    if args.before:
        from bench._checkout import extract_at, text_of

        extractors[f"trawl @ {args.before}"] = text_of(extract_at(args.before))
    extractors["trawl"] = trawl_text()
    if args.full:
        extractors["trawl --content full"] = trawl_text("full")
    if args.trafilatura:
        extractors["trafilatura"] = trafilatura_text
    print(f"load average {os.getloadavg()[0]:.1f}; reference "
          f"{'with' if WITH_CONTROLS else 'without'} controls' labels")
    for docset in chosen:
        if not docset.root.is_dir():
            print(f"\n{docset.name}: not installed (apt-get install {docset.package}); skipped")
            continue
        results, skipped = measure(docset, extractors, args.limit)
        report(docset, results, skipped, args.worst)


if __name__ == "__main__":
    main()
