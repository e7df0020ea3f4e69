"""Whole-site completeness: how much of each documentation page's main content extraction keeps.

For every HTML page of a documentation set installed from a package, the reference is the
words of the page's own main container, as its generator marks it (no heuristics: the
generator knows where it put the content), and the score is the share of those words the
extraction keeps (as multisets of lower-cased ``\\w+`` words: a word the reference has three
times counts three times). Beside it, ``extra`` is the share of the extraction's words that
are not in the reference (the chrome it took in); it keeps the score honest, since keeping
the whole body would score 100 % kept.

The sets, each with why its reference is what it is, are declared in ``bench/_docsets/``,
one module per family of generators (``--list`` says which are installed here).

In the reference, scripts, styles and hidden elements (``hidden``, ``display: none``) are
left out, as a reader does not see them; text is joined with a space at block boundaries only.
An equation (MathML ``math``) counts as the LaTeX the page gives for it (its ``alttext``, or
the TeX annotation of its ``semantics``), else as its tokens as a reader sees them (the
annotations left out: a browser does not show them); as its tokens too when the LaTeX given
holds TeX's page-layout primitives (``_FAILED_SOURCE_RE``: the source of a failed
conversion, not the equation shown; brief 118). Its LaTeX, not its tokens, because that
is what the page says the equation is and what trawl stores (``$E=mc^{2}$``): counted as
tokens, each LaTeX command word trawl keeps (``frac``, ``alpha`` for the reader's "α")
would score as chrome taken in, and each token the LaTeX spells another way as lost, when
the stored equation is the page's own. (Before brief 117 the reference counted every text
of a ``math``, the hidden annotation too, and trawl kept none of it.)
Interactive controls are left out too (``--with-controls`` keeps them, to compare): form
fields (``input``, ``select``, ``textarea``) and buttons (``button``, ``role=button``) that
act ("Try it out", "Copy", "Search"), but not a disclosure button (one with
``aria-expanded``: it names the section it opens, as an accordion's question or an OpenAPI
viewer's operation summary does). See ``is_control``; tests/test_spa.py reads what a reader
sees in Chromium by the same rule.

Usage::

    .venv/bin/python bench/completeness.py                    # every installed set
    .venv/bin/python bench/completeness.py --set python --worst 10
    .venv/bin/python bench/completeness.py --set docbook --worst 0 --worst-extra 10
    .venv/bin/python bench/completeness.py --before main      # main's extraction, same run
    .venv/bin/python bench/completeness.py --trafilatura --kept-back

Prints per set and extractor: pages, pages under 80 % and under 95 %, the share at 95 % or
more, the median kept, the mean extra, the pages more than 20 % extra, ms/page; then the
worst pages, and with ``--worst-extra N`` the N pages with the most words not in the
reference (chrome taken in: a navigation bar, a footer).
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import lxml.html  # noqa: E402
from lxml import etree  # noqa: E402

from bench._checkout import Faulted, faulted  # noqa: E402
from bench._docsets import SETS, DocSet  # noqa: E402

_WORD = re.compile(r"\w+")
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)
_UTF8 = lxml.html.HTMLParser(encoding="utf-8")
"""Pages are decoded to text as a crawl decodes them (``read_page``), then parsed as the
UTF-8 of that text."""
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




def read_page(path: Path) -> str:
    """The page as text, decoded as a crawl decodes a fetched body (its declared charset,
    else UTF-8): DocBook XSL writes ISO-8859-1 pages."""
    from trawl.crawler.fetch import decode_html

    return decode_html(path.read_bytes(), {})


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


_TEX_ENCODINGS = frozenset(("application/x-tex", "application/x-latex", "text/x-tex"))


_FAILED_SOURCE_RE = re.compile(r"\\(?:halign|valign|tabskip|par)(?![A-Za-z])")
"""TeX's page-layout primitives (an alignment, a paragraph's end), which no formula says:
a LaTeX given with one is the source of a conversion that failed (LaTeXML's glyph tables
written with ``\\halign``, 16,000 characters each), not the equation the page shows; the
reader reads the shown tokens, and so does trawl (``trawl/extract/_math.py``'s
``FAILED_SOURCE_RE``, brief 118)."""


def _equation(math: etree._Element) -> str:
    """An equation's words (module doc): its LaTeX, else its shown tokens (those too when
    the LaTeX given is a failed conversion's source: ``_FAILED_SOURCE_RE``)."""
    alt = math.get("alttext")
    if alt and alt.strip():
        if _FAILED_SOURCE_RE.search(alt) is None:
            return f" {alt} "
    else:
        for ann in math.iter("annotation"):
            if (ann.get("encoding") or "").strip().lower() in _TEX_ENCODINGS:
                text = "".join(ann.itertext())
                if _FAILED_SOURCE_RE.search(text) is None:
                    return f" {text} "
                break
    shown = [t for el in math.iter() if isinstance(el.tag, str)
             and el.tag not in ("annotation", "annotation-xml")
             for t in (el.text,)] + [el.tail for el in math.iterdescendants()]
    return " " + " ".join(t for t in shown if t and t.strip()) + " "


def _render(el: etree._Element, out: list[str]) -> None:
    """Text of ``el`` as a reader reads it: block boundaries are spaces, inline ones not."""
    tag = el.tag if isinstance(el.tag, str) else ""
    if tag == "math":
        out.append(_equation(el))
        return
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
            dropped = container.xpath(docset.drop)
            # a text node (text of the body's own, man2html's footer) goes first, before
            # an element whose tail it is moves it to its neighbour
            for text in (t for t in dropped if isinstance(t, str)):
                parent = text.getparent()
                if parent is not None and text.is_tail:
                    parent.tail = None
                elif parent is not None:
                    parent.text = None
            for el in dropped:
                if not isinstance(el, str):
                    el.drop_tree()
        _render(container, out)
    return "".join(out)


_NOT_A_FRAME = frozenset(("", "_self", "_blank"))
"""Link targets that open in the page's own frame or in a new window: no other frame's."""


def frame_panel(html: str) -> bool:
    """Whether the page is a frameset's navigation panel: it has links, every one of them
    opens in another frame (``target`` naming a frame, or ``_top``/``_parent``), and it says
    nothing outside them. Such a page is the frameset's chrome, shown beside the pages it
    opens, and no page a reader reads: its main container is no content (any generator's
    frame panel: Berkeley DB's ``frame_index.html``, old Javadoc's ``*-frame.html``)."""
    root = lxml.html.document_fromstring(html.encode("utf-8") or b"<html></html>", parser=_UTF8)
    body = root.find("body")
    if body is None:
        return False
    links = body.xpath(".//a[@href]")
    if not links or any((a.get("target") or "").strip().lower() in _NOT_A_FRAME
                        for a in links):
        return False
    for a in links:
        a.drop_tree()  # (its tail stays: text between links is the page's)
    return not words(reading_text(lxml.html.tostring(body, encoding="unicode")))


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
    extra_words: int = 0
    """How many of the extraction's words are not in the reference (chrome taken in)."""
    fault: bool = False
    """The extraction recorded a fault (see ``bench._checkout.Faulted``): scored as nothing
    kept."""


def score(ref: Counter[str], got: Counter[str]) -> tuple[float, float]:
    total, size = sum(ref.values()), sum(got.values())
    common = sum((ref & got).values())
    kept = common / total if total else 1.0
    extra = (size - common) / size if size else 0.0
    return kept, extra


def extra_words(ref: Counter[str], got: Counter[str]) -> int:
    """The extraction's words that are not in the reference (as multisets)."""
    return sum((got - ref).values())


Extractor = Callable[[str, str], str]


def trawl_text(content: str = "main") -> Extractor:
    """trawl's headline and text (``Faulted`` when the extraction recorded a fault)."""
    from trawl.extract import extract

    def run(html: str, url: str) -> str:
        e = extract(html, url, content)
        return faulted(e.full_text, e.metadata)
    return run


def trafilatura_text(html: str, url: str) -> str:
    import trafilatura  # type: ignore[import-not-found]

    return trafilatura.extract(html, url=url, include_tables=True) or ""


def measure(docset: DocSet, extractors: dict[str, Extractor],
            limit: int | None = None, step: int = 1) -> tuple[dict[str, list[Score]], int]:
    """Each page of ``docset`` by each extractor (taking turns page by page); and how many
    pages are skipped: no reference text (a redirect stub, an empty index), or a frameset's
    navigation panel (see ``frame_panel``). ``step``: every
    ``step``-th page only (in path order: a sample spread over the set, for a cheap test)."""
    results: dict[str, list[Score]] = {name: [] for name in extractors}
    skipped = 0
    for i, path in enumerate(itertools.islice(docset.pages(), 0, None, step)):
        if limit is not None and i >= limit:
            break
        html = read_page(path)
        if not html.strip():  # an empty file (HyperSQL's ``dummy.html``: one newline)
            skipped += 1
            continue
        ref = words(reference(html, docset))
        if not ref or frame_panel(html):
            skipped += 1
            continue
        rel = str(path.relative_to(docset.root))
        url = f"https://{docset.name}.docs.test/{rel}"
        for name, fn in extractors.items():
            t0 = time.perf_counter()
            got = fn(html, url)
            ms = (time.perf_counter() - t0) * 1000
            got_words = words(got)
            kept, extra = score(ref, got_words)
            fault = isinstance(got, Faulted)
            if fault:  # (the fallback's whole page is no selection's work: nothing kept)
                kept, extra = 0.0, 0.0
            results[name].append(Score(rel, kept, extra, sum(ref.values()), ms,
                                       extra_words(ref, got_words), fault))
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
    extra_over_20: int = 0
    """Pages whose extraction is more than 20 % words not in the reference."""
    faults: int = 0
    """Pages whose extraction recorded a fault (counted among those under 80 % too)."""


def summarise(scores: list[Score]) -> Summary:
    n = len(scores)
    return Summary(
        pages=n, under_80=sum(s.kept < 0.8 for s in scores),
        under_95=sum(s.kept < 0.95 for s in scores),
        at_95=sum(s.kept >= 0.95 for s in scores) / n if n else 1.0,
        median_kept=statistics.median(s.kept for s in scores) if n else 1.0,
        mean_extra=statistics.fmean(s.extra for s in scores) if n else 0.0,
        ms_median=statistics.median(s.ms for s in scores) if n else 0.0,
        extra_over_20=sum(s.extra > EXTRA_HIGH for s in scores),
        faults=sum(s.fault for s in scores))


EXTRA_HIGH = 0.2
"""A page whose extraction is more than this share words not in the reference took in a
good part of something else (``Summary.extra_over_20``)."""


def report(docset: DocSet, results: dict[str, list[Score]], skipped: int, worst: int,
           worst_extra: int = 0) -> None:
    print(f"\n{docset.name} ({docset.package}, {docset.root}; {skipped} pages without "
          "reference text or frame panels skipped)"
          f"{' [kept back]' if docset.kept_back else ''}")
    print(f"  {'extractor':<22} {'pages':>5} {'<80%':>5} {'<95%':>5} {'>=95%':>7} "
          f"{'median kept':>11} {'mean extra':>10} {'extra>20%':>9} {'ms/page':>8} {'faults':>6}")
    for name, scores in results.items():
        sm = summarise(scores)
        print(f"  {name:<22} {sm.pages:>5} {sm.under_80:>5} {sm.under_95:>5} {sm.at_95:>7.1%} "
              f"{sm.median_kept:>11.1%} {sm.mean_extra:>10.1%} {sm.extra_over_20:>9} "
              f"{sm.ms_median:>8.1f} {sm.faults:>6}")
    for name, scores in results.items():
        low = sorted((s for s in scores if s.kept < 0.95), key=lambda s: s.kept)[:worst]
        if low:
            print(f"  worst by {name}:")
        for s in low:
            print(f"    {s.kept:6.1%} kept  {s.extra:6.1%} extra  {s.ref_words:6d} words  "
                  f"{s.page}{'  (extraction fault)' if s.fault else ''}")
    for name, scores in results.items():
        most = sorted((s for s in scores if s.extra_words),
                      key=lambda s: (-s.extra_words, s.page))[:worst_extra]
        if most:
            print(f"  most extra words by {name}:")
        for s in most:
            print(f"    {s.extra_words:6d} extra words ({s.extra:6.1%})  {s.kept:6.1%} kept  "
                  f"{s.ref_words:6d} words  {s.page}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--set", action="append", choices=sorted(SETS), help="only these sets")
    ap.add_argument("--kept-back", action="store_true", help="also the kept-back sets")
    ap.add_argument("--before", metavar="REV", help="also trawl.extract at git revision REV")
    ap.add_argument("--trafilatura", action="store_true", help="also trafilatura")
    ap.add_argument("--full", action="store_true", help="also trawl's --content full")
    ap.add_argument("--worst", type=int, default=5, help="list the N worst pages per extractor")
    ap.add_argument("--worst-extra", type=int, default=0, metavar="N",
                    help="list the N pages per extractor with the most extra words (words "
                         "not in the reference: chrome taken in)")
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
        if docset.kept_back:
            # a kept-back set checks the rules, so its pages are never shown: a page
            # looked at is a page tuned on, and the set would stop being a check
            report(docset, results, skipped, 0, 0)
            if args.worst or args.worst_extra:
                print("  (pages of a kept-back set are not listed)")
        else:
            report(docset, results, skipped, args.worst, args.worst_extra)


if __name__ == "__main__":
    main()
