"""Writing a crawl's pages out: JSON lines, or one markdown file per page."""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from trawl.errors import ConfigError

UNSAFE_CHARS = re.compile(r"[^A-Za-z0-9._-]+")
MAX_SEGMENT_BYTES = 120
"""Longest file or directory name written (file systems allow 255 bytes)."""
MAX_RELATIVE_PATH_BYTES = 1_000
"""Longest path under the export directory (PATH_MAX is 4096, with room for the directory)."""
DIGEST_CHARS = 12


def check_jsonl_target(path: Path) -> None:
    """ConfigError unless ``path`` can take a JSON lines export ('-' is stdout): a file name
    in a writable directory that exists, not a directory itself. Checked before anything
    is read, so a bad path costs no query."""
    text = str(path)
    if text == "-":
        return
    if not text.strip() or path.name in ("", ".", ".."):
        raise ConfigError(f"cannot write {text!r}: give a file name (or '-' for stdout)")
    if path.is_dir():
        raise ConfigError(f"cannot write {path}: it is a directory; give a file name "
                          "(a directory is for --format markdown)")
    parent = path.parent
    if not parent.is_dir():
        raise ConfigError(f"cannot write {path}: {parent} is not an existing directory")
    if not os.access(parent, os.W_OK):
        raise ConfigError(f"cannot write {path}: {parent} is not writable")


async def write_jsonl(rows: AsyncIterator[dict[str, Any]], path: Path) -> int:
    """Write ``rows`` as JSON lines to ``path`` ('-': stdout). The file appears whole when
    every row is written: an export that fails (no such crawl, a dead database, a disk that
    refuses the file) leaves a file already at ``path`` as it was; ConfigError when the
    file cannot be written."""
    if str(path) == "-":
        return await _write_lines(rows, sys.stdout)
    check_jsonl_target(path)
    partial = path.with_name(f".{path.name}.partial")
    try:
        with open(partial, "w", encoding="utf-8") as stream:
            count = await _write_lines(rows, stream)
        os.replace(partial, path)
    except OSError as exc:
        raise ConfigError(f"cannot write {path}: {exc.strerror or exc}") from None
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
    """host/path/to/page.md for a URL (directories become index.md): a relative path that
    stays inside the export directory whatever the URL holds (``..`` and ``.`` segments,
    hidden names, over-long segments or paths are made safe)."""
    parts = urlsplit(url)
    host = _safe_segment(f"{parts.hostname or 'host'}" + (f"_{parts.port}" if parts.port else ""))
    segments = [_safe_segment(s) for s in parts.path.split("/") if s]
    if not segments or parts.path.endswith("/"):
        segments.append("index")
    name = segments[-1]
    stem = name.rsplit(".", 1)[0] if name.endswith((".html", ".htm")) else name
    if parts.query:
        stem += "_" + UNSAFE_CHARS.sub("_", parts.query)
    segments[-1] = _safe_segment(stem, reserve=len(".md"))
    path = Path(host, *segments[:-1], segments[-1] + ".md")
    if len(str(path).encode()) > MAX_RELATIVE_PATH_BYTES:  # deep URLs: one flat, named file
        path = Path(host, "_long", f"{_safe_segment(stem, reserve=40)}-{_digest(url)}.md")
    return path


def _safe_segment(segment: str, reserve: int = 0) -> str:
    """One path segment made safe: only [A-Za-z0-9._-], no leading dot (so never ``.``,
    ``..`` or a hidden file), at most MAX_SEGMENT_BYTES with ``reserve`` bytes to spare."""
    safe = UNSAFE_CHARS.sub("_", segment)
    safe = "_" + safe[1:] if safe.startswith(".") else safe
    limit = MAX_SEGMENT_BYTES - reserve
    if len(safe) > limit:  # cut, and keep it unique with a digest of the whole segment
        safe = f"{safe[:limit - DIGEST_CHARS - 1]}-{_digest(segment)}"
    return safe or "_"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:DIGEST_CHARS]


async def write_markdown(rows: AsyncIterator[dict[str, Any]], directory: Path) -> int:
    """One markdown file per page under ``directory``, which must be new or empty: an
    export never overwrites a file. Two URLs that map to one name (``/a?b`` and ``/a_b``,
    or names that differ only in case on a case-insensitive disk) get distinct names."""
    check_markdown_target(directory)
    root = directory.resolve()
    count = 0
    async for row in rows:
        if row.get("markdown") is None:  # errors, non-HTML, and duplicates (their
            continue                         # original, with the same content, is written)
        front = {"url": row["url"], "title": row.get("title"), "fetched_at": str(row["fetched_at"])}
        header = "---\n" + "".join(f"{k}: {json.dumps(v, ensure_ascii=False)}\n"
                                   for k, v in front.items()) + "---\n\n"
        _write_new(root, markdown_path(row["url"]), row["url"], header + row["markdown"])
        count += 1
    try:
        directory.mkdir(parents=True, exist_ok=True)  # a crawl without markdown: still there
    except OSError as exc:
        raise ConfigError(f"cannot create {directory}: {exc.strerror or exc}") from None
    return count


def check_markdown_target(directory: Path) -> None:
    """ConfigError unless ``directory`` can take a markdown export: new or empty, under a
    writable directory."""
    if not str(directory).strip():
        raise ConfigError("give a directory to export markdown into")
    if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        raise ConfigError(f"{directory} is not an empty directory: export markdown into a new "
                          "or empty one (trawl never overwrites files)")
    ancestor = next(p for p in (directory, *directory.parents) if p.exists())
    if not ancestor.is_dir() or not os.access(ancestor, os.W_OK):
        raise ConfigError(f"cannot write {directory}: {ancestor} is not a writable directory")


def _write_new(root: Path, relative: Path, url: str, text: str) -> Path:
    """Write ``text`` to a file under ``root`` that did not exist, never outside ``root``.
    A taken name gets the URL's digest; a name whose directory is taken by a file (``/a``
    wrote ``a.md``, then ``/a.md/b``) goes to ``<host>/_conflicts/``."""
    digest = _digest(url)
    candidates = (relative, relative.with_name(f"{relative.stem}-{digest}.md"),
                  Path(relative.parts[0], "_conflicts", f"{relative.stem[:60]}-{digest}.md"))
    for candidate in candidates:
        target = root / candidate
        if not target.resolve().is_relative_to(root):  # defence in depth: names are safe
            raise ConfigError(f"refusing to write {target} outside {root}")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(target, "x", encoding="utf-8") as out:
                out.write(text)
            return target
        except (FileExistsError, NotADirectoryError):
            continue
        except OSError as exc:
            raise ConfigError(f"cannot write {target} for {url}: {exc.strerror}") from exc
    raise ConfigError(f"no free name for {url} under {root}")
