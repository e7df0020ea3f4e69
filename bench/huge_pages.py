"""Huge pages: how extraction's time and memory grow with a page's size.

Builds pages of 1x, 2x, 4x, 8x a base size in several shapes and extracts each one in a
fresh process (so its peak RSS is the page's own), printing seconds, seconds per MB and peak
RSS. Extraction should be linear: the per-MB time of 8x within ~1.5x of 1x's.

Shapes (the base is the size of PostGIS's one-page manual, 3.5 MB, unless said):
- ``body``: the postgis dev set's body repeated k times (a real page, every rule at work);
- ``table``: one ``<table>`` whose rows are the k * base rows;
- ``dl``: one ``<dl>`` of k * base term/definition pairs (a settings list);
- ``flat``: one ``<div>`` of k * base sibling headings and paragraphs (no sections);
- ``links``: one ``<ul>`` of k * base links (a link list: navigation-like);
- ``nest``: k * 2,000 nested ``<div>``s, each with a paragraph (deeper than the 512 the
  parser keeps);
- ``toc``: k * 2,000 sections, each listing its two subsections at its top (a book on one
  page); quadratic before h39 (8x: 1 MB in 8.3 s);
- ``linkparas``: one ``<div>`` of k * 16,000 paragraphs of one link each, under a heading;
- ``nextlists``: k * 8,000 short lists whose first link is the page's ``rel="next"``, each
  after a block of text (quadratic before h39: 2 MB in 17 s);
- ``gallery``: a story, then k * 2,000 pictures with captions and no heading (quadratic
  after h37's caption rule walked back to the heading before each caption: 4,000 in
  13.6 s; linear again with the walk's own heading);
- ``lists``: a story, then one wrapper of k * 4,000 short lists of links (quadratic after
  h40's rule asked each list's ancestors whether a lead-in and a list alone fill them,
  reading the wrapper whole each time: 8,000 in 9.5 s; 1.8 s with three blocks read);
- ``sections``: k * 1,100 sections in ``main``, each a heading, a paragraph and a list of 20
  links (1.1 MB at 1x): the page of ``tests/test_extract.py::test_big_page_is_whole``, which
  checks that it is kept whole; its time is this figure (the test asserted under 10 s).

    .venv/bin/python bench/huge_pages.py [--shape body,table] [--sizes 1,2,4,8] [--content main]

At h39 (load 3-5, seconds per MB at 1x / 8x; peak RSS at 8x): body 0.32 / 0.31 (28 MB,
820 MB), table 0.26 / 0.28 (33 MB, 1.1 GB), dl 0.30 / 0.31, links 0.68 / 0.74, toc 0.40 /
0.42, linkparas 1.46 / 1.51, nextlists 0.46 / 0.49: linear; memory is ~30 times the page.
At h42 (peak RSS at 1x / 4x, main -> h42): body 137 -> 122 / 436 -> 354 MB, table 171 -> 147
/ 573 -> 502, links 140 -> 114 / 454 -> 350: the page's tree is let go before the markdown
converter parses the content into a tree of its own (about 25 times the page now).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
POSTGIS = Path("/opt/trawl-docsets/usr/share/doc/postgis-doc/postgis.html")
SHAPES = ("body", "table", "dl", "flat", "links", "nest", "toc", "linkparas", "nextlists",
          "gallery", "lists", "sections")
WORDS = [
    "the",
    "quick",
    "brown",
    "fox",
    "jumps",
    "over",
    "the",
    "lazy",
    "dog",
    "while",
    "geometry",
    "columns",
    "index",
    "spatial",
    "data",
    "into",
    "a",
    "gist",
    "tree",
    "for",
    "faster",
    "lookups",
]


def _sentence(i: int, n: int = 12) -> str:
    return " ".join(WORDS[(i + j) % len(WORDS)] for j in range(n)) + f" {i}."


def _page(body: str) -> str:
    return f"<!doctype html><html><head><title>Huge page</title></head><body>{body}</body></html>"


def build(shape: str, k: int) -> str:
    """The page of ``shape`` at ``k`` times its base size."""
    if shape == "body":
        html = POSTGIS.read_text(encoding="latin-1")
        start = html.index(">", html.index("<body")) + 1
        inner = html[start : html.rindex("</body>")]
        return _page(inner * k)
    if shape == "table":
        rows = "".join(
            f"<tr><td><code>col_{i}</code></td><td>{_sentence(i)}</td><td>{i * 7}</td></tr>"
            for i in range(k * 30_000)
        )
        return _page(
            f"<h1>Table</h1><table><thead><tr><th>Name</th><th>Description</th>"
            f"<th>Value</th></tr></thead><tbody>{rows}</tbody></table>"
        )
    if shape == "dl":
        items = "".join(
            f"<dt><code>setting_{i}</code></dt><dd><p>{_sentence(i)}</p></dd>"
            for i in range(k * 30_000)
        )
        return _page(f"<h1>Settings</h1><dl>{items}</dl>")
    if shape == "flat":
        items = "".join(f"<h2>Part {i}</h2><p>{_sentence(i, 40)}</p>" for i in range(k * 12_000))
        return _page(f"<div><h1>Flat</h1>{items}</div>")
    if shape == "links":
        items = "".join(
            f'<li><a href="/p/{i}">{_sentence(i, 4)}</a></li>' for i in range(k * 40_000)
        )
        return _page(f"<h1>Index</h1><p>{_sentence(0, 30)}</p><ul>{items}</ul>")
    if shape == "nest":
        depth = k * 2_000
        return _page(
            "".join(f"<div><p>{_sentence(i)}</p>" for i in range(depth)) + "</div>" * depth
        )
    if shape == "toc":
        return _page(
            "<div><h1>Book</h1>"
            + "".join(
                f'<div class="section"><h2 id="s{i}">S {i}</h2><ul><li><a href="#s{i}a">a</a></li>'
                f'<li><a href="#s{i}b">b</a></li></ul><h3 id="s{i}a">A</h3><p>{_sentence(i, 30)}'
                f'</p><h3 id="s{i}b">B</h3><p>{_sentence(i, 30)}</p></div>'
                for i in range(k * 2_000)
            )
            + "</div>"
        )
    if shape == "linkparas":
        return _page(
            "<div><h1>Links</h1>"
            + "".join(f'<p><a href="/p/{i}">{_sentence(i, 4)}</a></p>' for i in range(k * 16_000))
            + "</div>"
        )
    if shape == "nextlists":
        return _page(
            "<div><h1>Parts</h1>"
            + "".join(
                f'<div>{_sentence(i, 30)}</div><ul><li><a href="b.html">B</a></li>'
                f'<li><a href="c{i}.html">C</a></li></ul>'
                for i in range(k * 8_000)
            )
            + "</div>"
        ).replace("<head>", '<head><link rel="next" href="b.html">')
    if shape == "gallery":
        return _page(
            f"<article><p>{_sentence(0, 200)}</p>"
            + "".join(
                f'<div><figure><img src="p{i}.png"><figcaption>{_sentence(i, 6)}</figcaption>'
                "</figure></div>"
                for i in range(k * 2_000)
            )
            + "</article>"
        )
    if shape == "lists":
        return _page(
            "<article><h1>Story</h1>"
            + "".join(f"<p>{_sentence(i, 20)}</p>" for i in range(200))
            + "<div>"
            + "".join(
                f'<div><ul><li><a href="/a{i}">{_sentence(i, 3)}</a></li>'
                f'<li><a href="/b{i}">{_sentence(i + 1, 3)}</a></li></ul></div>'
                for i in range(k * 4_000)
            )
            + "</div></article>"
        )
    if shape == "sections":
        return _page(
            "<main>"
            + "".join(
                f"<section><h2>Part {i}</h2><p>{_sentence(i, 30)}</p><ul>"
                + "".join(f"<li><a href='/p{i}/{j}'>item {j}</a></li>" for j in range(20))
                + "</ul></section>"
                for i in range(k * 1_100)
            )
            + "</main>"
        )
    raise ValueError(shape)


def _child(shape: str, k: int, content: str) -> None:
    sys.path.insert(0, str(ROOT))
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    from trawl.extract import extract

    html = build(shape, k)
    start = time.perf_counter()
    result = extract(html, "https://example.org/huge", content)
    seconds = time.perf_counter() - start
    print(
        json.dumps(
            {
                "mb": len(html.encode("utf-8")) / 1e6,
                "seconds": seconds,
                "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                "words": result.word_count,
                "fault": result.metadata.get("extraction_fault"),
            }
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shape", default=",".join(SHAPES))
    parser.add_argument("--sizes", default="1,2,4,8")
    parser.add_argument("--content", default="main", choices=["main", "full"])
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.child[0], int(args.child[1]), args.content)
        return
    print(f"{'shape':6} {'k':>2} {'MB':>6} {'s':>7} {'s/MB':>6} {'RSS MB':>7} {'words':>9}")
    for shape in args.shape.split(","):
        for k in (int(size) for size in args.sizes.split(",")):
            out = subprocess.run(
                [sys.executable, __file__, "--child", shape, str(k), "--content", args.content],
                capture_output=True,
                text=True,
                check=False,
            )
            if out.returncode:
                print(f"{shape:6} {k:>2} failed ({out.returncode}): {out.stderr[-300:]}")
                continue
            row = json.loads(out.stdout.strip().splitlines()[-1])
            print(
                f"{shape:6} {k:>2} {row['mb']:6.1f} {row['seconds']:7.2f} "
                f"{row['seconds'] / row['mb']:6.2f} {row['rss_mb']:7.0f} {row['words']:9}"
                + (f"  fault: {row['fault']}" if row["fault"] else ""),
                flush=True,
            )


if __name__ == "__main__":
    main()
