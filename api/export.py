"""Writing a crawl's pages out: JSON lines, or one markdown file per page."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

UNSAFE_CHARS = re.compile(r"[^A-Za-z0-9._-]+")


async def write_jsonl(rows: AsyncIterator[dict[str, Any]], path: Path) -> int:
    count = 0
    stream = sys.stdout if str(path) == "-" else open(path, "w", encoding="utf-8")  # noqa: SIM115
    try:
        async for row in rows:
            stream.write(json.dumps(row, default=str, ensure_ascii=False) + "\n")
            count += 1
    finally:
        if stream is not sys.stdout:
            stream.close()
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
    directory.mkdir(parents=True, exist_ok=True)
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
    return count
