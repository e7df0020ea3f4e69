"""Generate small synthetic sites on disk for crawl tests."""

from __future__ import annotations

from pathlib import Path


def binary_tree_site(root: Path, pages: int) -> set[str]:
    """Page i links to 2i+1, 2i+2 and back home; returns the paths of all pages."""
    root.mkdir(parents=True, exist_ok=True)
    paths = set()
    for i in range(pages):
        links = [f'<a href="/p{c}.html">page {c}</a>' for c in (2 * i + 1, 2 * i + 2) if c < pages]
        links.append('<a href="/">home</a>')
        name = "index.html" if i == 0 else f"p{i}.html"
        (root / name).write_text(
            f"<!doctype html><html lang=en><head><title>Page {i}</title></head><body><main>"
            f"<h1>Page {i}</h1><p>This is synthetic page number {i}.</p>"
            f"<p>{' '.join(links)}</p></main></body></html>")
        paths.add("/" if i == 0 else f"/p{i}.html")
    return paths
