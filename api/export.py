"""Writing a crawl's pages out: JSON lines, or one markdown file per page."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

UNSAFE_CHARS = re.compile(r"[^A-Za-z0-9._-]+")


async def write_jsonl(rows: AsyncIterator[dict[str, Any]], path: Path) -> int:
    """Write ``rows`` as JSON lines to ``path`` ('-': stdout). The file appears whole when
    every row is written: an export that fails (no such crawl, a dead database) leaves a
    file already at ``path`` as it was."""
    if str(path) == "-":
        return await _write_lines(rows, sys.stdout)
    partial = path.with_name(f".{path.name}.partial")
    try:
        with open(partial, "w", encoding="utf-8") as stream:
            count = await _write_lines(rows, stream)
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)
    return count


async def _write_lines(rows: AsyncIterator[dict[str, Any]], stream: Any) -> int:
    count = 0
    async for row in rows:
        stream.write(json.dumps(row, default=str, ensure_ascii=False) + "\n")
        count += 1
    return count


def markdown_path(url: str) -> Path:
    """host/path/to/page.md for a URL (directories become index.md)."""
    parts = urlsplit(url)
    host = UNSAFE_CHARS.sub("_", parts.netloc)
    segments = [UNSAFE_CHARS.sub("_", s) for s in parts.path.split("/") if s]
    if not segments or parts.path.endswith("/"):
        segments.append("index")
    name = segments[-1]
    stem = name.rsplit(".", 1)[0] if name.endswith((".html", ".htm")) else name
    if parts.query:
        stem += "_" + UNSAFE_CHARS.sub("_", parts.query)
    return Path(host, *segments[:-1], stem + ".md")


async def write_markdown(rows: AsyncIterator[dict[str, Any]], directory: Path) -> int:
    """One markdown file per page under ``directory`` (made as the first page arrives, so a
    failed export leaves nothing behind)."""
    count = 0
    async for row in rows:
        if row.get("markdown") is None:  # errors, non-HTML, and duplicates (their
            continue                         # original, with the same content, is written)
        target = directory / markdown_path(row["url"])
        target.parent.mkdir(parents=True, exist_ok=True)
        front = {"url": row["url"], "title": row.get("title"), "fetched_at": str(row["fetched_at"])}
        header = "---\n" + "".join(f"{k}: {json.dumps(v, ensure_ascii=False)}\n"
                                   for k, v in front.items()) + "---\n\n"
        target.write_text(header + row["markdown"], encoding="utf-8")
        count += 1
    directory.mkdir(parents=True, exist_ok=True)  # a crawl without markdown: still there
    return count
