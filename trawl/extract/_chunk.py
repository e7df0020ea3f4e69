"""Heading-aware chunks of a page's markdown, ready for retrieval (``--chunk``).

A pure function: markdown in, chunks out; never raises on odd input.

- The markdown is cut into sections at its ATX headings (``#`` .. ``######``, outside fenced
  code); each section knows its heading path (``["Guide", "Install", "Linux"]``).
- Whole sections are packed together while they fit in the size; a chunk's heading path
  is then what its sections share (the common prefix of their paths).
- A section larger than the size is split between its blocks (paragraphs, lists, code,
  tables), and a block larger than the size at a line end, else a sentence end, else a
  space (a run of text with no space at all: at the size).
- A fenced code block and a table are never split: a chunk is larger than the size only
  when one of those is.

Chunks hold the markdown's own lines in order: joined, they give the markdown back
(whitespace between blocks aside).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DEFAULT_CHUNK_CHARS = 2_000
"""Chunk size when ``--chunk`` is given without one (about 500 tokens of English)."""
MIN_CHUNK_CHARS = 100
MAX_CHUNK_CHARS = 100_000

_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t#]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_SENTENCE_END = re.compile(r"[.!?\u2026\u3002][\"'\u201d\u2019)\]]*(?=\s)")


@dataclass(frozen=True)
class Chunk:
    """One chunk of a page's markdown."""

    ordinal: int
    """Its place among the page's chunks (0-based)."""
    headings: tuple[str, ...]
    """The heading path it sits under (outermost first; empty before any heading)."""
    markdown: str
    """Its markdown."""

    @property
    def chars(self) -> int:
        return len(self.markdown)


@dataclass
class _Block:
    text: str
    atomic: bool = False
    """A fenced code block or a table: never split."""


@dataclass
class _Section:
    path: tuple[str, ...]
    blocks: list[_Block]

    def size(self) -> int:
        return sum(len(b.text) + 2 for b in self.blocks) - 2


def chunk_markdown(markdown: str | None, size: int = DEFAULT_CHUNK_CHARS) -> list[Chunk]:
    """``markdown`` in chunks of about ``size`` characters (see the module)."""
    if not markdown or not markdown.strip():
        return []
    size = max(1, size)
    pieces: list[tuple[tuple[str, ...], str]] = []
    pending: list[_Section] = []
    for section in _sections(markdown.splitlines()):
        if section.size() > size:
            pieces += _packed(pending)
            pending = []
            pieces += [(section.path, text) for text in _split_section(section, size)]
        elif pending and sum(s.size() + 2 for s in pending) + section.size() > size:
            pieces += _packed(pending)
            pending = [section]
        else:
            pending.append(section)
    pieces += _packed(pending)
    return [Chunk(i, path, text) for i, (path, text) in enumerate(pieces)]


def _packed(sections: list[_Section]) -> list[tuple[tuple[str, ...], str]]:
    """Whole sections as one chunk under the heading path they share."""
    if not sections:
        return []
    path = sections[0].path
    for section in sections[1:]:
        path = _common(path, section.path)
    return [(path, "\n\n".join(b.text for s in sections for b in s.blocks))]


def _common(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, ...]:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return a[:n]


def _split_section(section: _Section, size: int) -> list[str]:
    """A section over the size: its blocks packed up to the size, long ones split."""
    out: list[str] = []
    current: list[str] = []

    def flush() -> None:
        if current:
            out.append("\n\n".join(current))
            current.clear()

    for block in section.blocks:
        parts = [block.text] if block.atomic or len(block.text) <= size \
            else _split_long(block.text, size)
        for part in parts:
            if current and sum(len(c) + 2 for c in current) + len(part) > size:
                flush()
            current.append(part)
    flush()
    return out


def _split_long(text: str, size: int) -> list[str]:
    """A paragraph or list over the size, cut at line ends, sentence ends or spaces."""
    out: list[str] = []
    rest = text
    while len(rest) > size:
        cut = _cut_point(rest, size)
        head, rest = rest[:cut].rstrip(), rest[cut:].lstrip()
        if head:
            out.append(head)
    if rest:
        out.append(rest)
    return out


def _cut_point(text: str, size: int) -> int:
    """Where to cut ``text`` (longer than ``size``): the last line end in the window, else
    the last sentence end, when either leaves at least half the window; else the last
    space; else at the size."""
    window = text[:size + 1]
    line = window.rfind("\n")
    if line >= size // 2:
        return line
    ends = [m.end() for m in _SENTENCE_END.finditer(window) if m.end() <= size]
    if ends and ends[-1] >= size // 2:
        return ends[-1]
    space = max(window.rfind(" "), window.rfind("\t"), line)
    return space if space > 0 else size


def _sections(lines: list[str]) -> list[_Section]:
    """The markdown's sections, each opened by a heading (the first may have none)."""
    sections = [_Section((), [])]
    stack: list[tuple[int, str]] = []
    for block, level, title in _blocks(lines):
        if level:
            stack = [(lv, t) for lv, t in stack if lv < level] + [(level, title)]
            sections.append(_Section(tuple(t for _, t in stack), [block]))
        else:
            sections[-1].blocks.append(block)
    return [s for s in sections if s.blocks]


def _blocks(lines: list[str]) -> list[tuple[_Block, int, str]]:
    """(block, heading level or 0, heading text) in order: fenced code (to its closing
    fence, or the end), headings, and runs of non-blank lines (a table when its lines
    start with a pipe)."""
    out: list[tuple[_Block, int, str]] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        fence = _FENCE.match(line)
        heading = _HEADING.match(line)
        if fence:
            end = _fence_end(lines, i, fence.group(1))
            out.append((_Block("\n".join(lines[i:end]), atomic=True), 0, ""))
            i = end
        elif heading:
            out.append((_Block(line.strip()), len(heading.group(1)),
                        (heading.group(2) or "").strip()))
            i += 1
        else:
            end = _run_end(lines, i)
            run = lines[i:end]
            table = sum(1 for r in run if r.lstrip().startswith("|")) >= 2
            out.append((_Block("\n".join(run), atomic=table), 0, ""))
            i = end
    return out


def _fence_end(lines: list[str], start: int, fence: str) -> int:
    """Index after the fence closing the one opened at ``start`` (or the end)."""
    for j in range(start + 1, len(lines)):
        stripped = lines[j].strip()
        if stripped.startswith(fence[0] * len(fence)) and not stripped.strip(fence[0]):
            return j + 1
    return len(lines)


def _run_end(lines: list[str], start: int) -> int:
    """Index after a run of non-blank lines that are not a heading nor a fence."""
    j = start + 1
    while j < len(lines) and lines[j].strip() and not _FENCE.match(lines[j]) \
            and not _HEADING.match(lines[j]):
        j += 1
    return j
