"""JSON, YAML, markdown and plain text bodies to a page's markdown, text and title.

Pure and CPU-bound (a 20 MB JSON takes a while to parse and pretty-print): the worker
runs :func:`read_text` in its extraction processes, like HTML extraction.

- JSON: a fenced ```json block of the document pretty-printed (2-space indent, non-ASCII
  kept); a body that does not parse is stored as text, flagged ``invalid_json`` in the
  metadata with the parser's message. Title: ``info.title`` (OpenAPI), else ``title``.
- YAML: a fenced ```yaml block, as served (it is not parsed: a YAML "bomb" of nested
  aliases would cost the worker its memory). Title: an OpenAPI ``info:`` block's
  ``title:``, else a top-level ``title:``.
- Markdown: as served. Title: the front matter's ``title:``, else the first heading
  (outside code blocks). Its ``text`` has the markup taken off (links keep their text).
- Plain text: a fenced ```text block, so nothing in it is taken for markup (a ``#`` line
  is no heading, a column layout keeps its spaces); ``text`` is the text itself.

Without a title of its own, a document is titled by its file name.
"""

from __future__ import annotations

import codecs
import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

from trawl.documents.formats import JSON, MARKDOWN, TEXT, YAML, file_name
from trawl.errors import UnreadableDocument

BINARY_SNIFF_BYTES = 8192
"""A text body with a NUL byte in this many first bytes is binary (git's rule)."""
MAX_TITLE_CHARS = 300
TITLE_SCAN_LINES = 2000
"""A markdown or YAML title is looked for in this many first lines..."""
TITLE_SCAN_CHARS = 1000
"""...of at most this many characters each (a title's patterns stay cheap on any line)."""
_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
         (codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
         (codecs.BOM_UTF16_BE, "utf-16"))
_CHARSET_RE = re.compile(r"charset\s*=\s*[\"']?([A-Za-z0-9_.:-]+)", re.IGNORECASE)
_WORD_RE = re.compile(r"\w+")  # words as trawl.extract counts them
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
_BACKTICKS_RE = re.compile(r"^[ \t]*(`{3,}|~{3,})", re.MULTILINE)


@dataclass
class Document:
    """A document read: what its page row stores."""

    title: str | None
    markdown: str
    text: str
    word_count: int
    metadata: dict[str, Any] = field(default_factory=dict)
    """``format`` (json, yaml, markdown, text, pdf) and what else the reading noted."""
    content_hash: str | None = None
    """SHA-256 of the markdown (None when empty), as for HTML pages."""


def finish(title: str | None, markdown: str, text: str, metadata: dict[str, Any],
           name: str) -> Document:
    """The document's row: word count and content hash, its file name as title when it
    has none of its own."""
    title = " ".join((title or "").split())[:MAX_TITLE_CHARS] or name or None
    digest = hashlib.sha256(markdown.encode()).hexdigest() if markdown.strip() else None
    return Document(title, markdown, text, len(_WORD_RE.findall(text)), metadata, digest)


def decode_text(body: bytes, headers: dict[str, str]) -> tuple[str, str]:
    """(text, charset): a byte-order mark wins (as in browsers), else the Content-Type's
    charset, else UTF-8, undecodable bytes replaced. Line ends become ``\\n``."""
    charset = None
    for bom, name in _BOMS:
        if body.startswith(bom):
            charset = name
            break
    if charset is None:
        match = _CHARSET_RE.search(headers.get("content-type", ""))
        charset = match.group(1).lower() if match else "utf-8"
    if charset == "utf-8" and body.startswith(codecs.BOM_UTF8):
        charset = "utf-8-sig"
    try:
        text = body.decode(charset, errors="replace")
    except LookupError:  # a charset Python does not know
        charset = "utf-8"
        text = body.decode(charset, errors="replace")
    return text.replace("\r\n", "\n").replace("\r", "\n"), charset


def fenced(text: str, language: str) -> str:
    """``text`` in a fenced code block whose fence no line of it can close."""
    longest = max((len(m.group(1)) for m in _BACKTICKS_RE.finditer(text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{language}\n{text.rstrip(chr(10))}\n{fence}"


def read_text(body: bytes, fmt: str, headers: dict[str, str], url: str) -> Document:
    """Read a JSON, YAML, markdown or plain-text body (see the module's docstring).
    UnreadableDocument when the body is binary."""
    if b"\x00" in body[:BINARY_SNIFF_BYTES] and not body.startswith(
            (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        ctype = headers.get("content-type", "").split(";")[0].strip() or "no media type"
        raise UnreadableDocument(f"served as {ctype} ({fmt}), but the body is binary")
    text, charset = decode_text(body, headers)
    text = _CONTROL_RE.sub("", text)  # NUL and the like: Postgres text refuses NUL
    name = file_name(url, headers)
    meta: dict[str, Any] = {"format": fmt, "charset": charset}
    if fmt == JSON:
        return _json(text, meta, name)
    if fmt == YAML:
        return finish(yaml_title(text), fenced(text, "yaml"), text, meta, name)
    if fmt == MARKDOWN:
        return finish(markdown_title(text), text, markdown_text(text), meta, name)
    if fmt != TEXT:
        raise ValueError(f"not a text format: {fmt}")
    return finish(None, fenced(text, "text"), text, meta, name)


def _json(text: str, meta: dict[str, Any], name: str) -> Document:
    try:
        doc = json.loads(text)
        pretty = json.dumps(doc, indent=2, ensure_ascii=False)
    except (ValueError, RecursionError) as exc:  # RecursionError: nested beyond reason
        meta["invalid_json"] = str(exc)[:200] or type(exc).__name__
        return finish(None, fenced(text, "text"), text, meta, name)
    title = None
    if isinstance(doc, dict):
        info = doc.get("info")
        for candidate in ((info.get("title") if isinstance(info, dict) else None),
                          doc.get("title")):
            if isinstance(candidate, str) and candidate.strip():
                title = candidate
                break
    return finish(title, fenced(pretty, "json"), pretty, meta, name)


# -- titles -----------------------------------------------------------------------------

# the lines between "info:" and its "title:" are indented (a non-space after the indent) or
# blank, never both: no line can be matched two ways (no backtracking blow-up)
_YAML_INFO_TITLE_RE = re.compile(
    r"^info:[ \t]*\n(?:[ \t]+\S.*\n|[ \t]*\n)*?[ \t]+title:[ \t]*(.+)$", re.MULTILINE)
_YAML_TITLE_RE = re.compile(r"^title:[ \t]*(.+)$", re.MULTILINE)
_ATX_RE = re.compile(r"^ {0,3}#{1,6}[ \t]+(.+)$")
_SETEXT_RE = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_FENCE_RE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def _scalar(value: str) -> str:
    """A YAML scalar as written on one line: quotes and a trailing comment taken off."""
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    return re.sub(r"\s+#.*$", "", value)


def _head(text: str) -> str:
    """The first lines, where a title is looked for, each cut to TITLE_SCAN_CHARS."""
    lines = text.split("\n", TITLE_SCAN_LINES)[:TITLE_SCAN_LINES]
    return "\n".join(line[:TITLE_SCAN_CHARS] for line in lines) + "\n"


def _closed(heading: str) -> str:
    """An ATX heading's text without its closing hashes (``# Title ##``)."""
    text = heading.rstrip()
    bare = text.rstrip("#")
    return bare.rstrip() if bare != text and (not bare or bare[-1] in " \t") else text


def yaml_title(text: str) -> str | None:
    head = _head(text)
    match = _YAML_INFO_TITLE_RE.search(head) or _YAML_TITLE_RE.search(head)
    title = _scalar(match.group(1)) if match else ""
    return title if title and title not in ("|", ">", "|-", ">-") else None


def markdown_title(text: str) -> str | None:
    """The front matter's title, else the first ATX (``# T``) or setext heading that is
    not inside a code block."""
    lines = _head(text).split("\n")
    start = 0
    if lines and lines[0].strip() == "---":  # YAML front matter
        for index, line in enumerate(lines[1:], 1):
            if line.strip() in ("---", "..."):
                title = yaml_title("\n".join(lines[1:index]) + "\n")
                if title:
                    return _inline_text(title)
                start = index + 1
                break
    fence = None
    previous = ""
    for line in lines[start:]:
        opener = _FENCE_RE.match(line)
        if fence is not None:
            if opener and opener.group(1)[0] == fence[0] and len(opener.group(1)) >= len(fence):
                fence = None
            continue
        if opener:
            fence = opener.group(1)
            previous = ""
            continue
        atx = _ATX_RE.match(line)
        if atx:
            return _inline_text(_closed(atx.group(1)))
        if previous and _SETEXT_RE.match(line):
            return _inline_text(previous)
        previous = line.strip() if line.strip() and not line.startswith("    ") else ""
    return None


# -- markdown to plain text -------------------------------------------------------------

# Every pattern stops at a line's end and at the next character that could open another
# match ("[" for links): a hostile body of twenty million "[" costs one pass, not one per "[".
_INLINE_RULES = (
    (re.compile(r"!\[([^\[\]\n]*)\]\([^()\n]*\)"), r"\1"),  # image: its alt text
    (re.compile(r"\[([^\[\]\n]+)\]\([^()\n]*\)"), r"\1"),  # link: its text
    (re.compile(r"\[([^\[\]\n]+)\]\[[^\[\]\n]*\]"), r"\1"),  # reference link
    (re.compile(r"\*\*(?=\S)([^*\n]+?)(?<=\S)\*\*"), r"\1"),  # strong
    (re.compile(r"__(?=\S)([^_\n]+?)(?<=\S)__"), r"\1"),
    (re.compile(r"(?<![\w*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])"), r"\1"),  # emphasis
    (re.compile(r"(?<![\w_])_(?=\S)([^_\n]+?)(?<=\S)_(?![\w_])"), r"\1"),
    (re.compile(r"`([^`\n]+)`"), r"\1"),  # inline code
)
_BLOCK_RULES = (
    (re.compile(r"^ {0,3}(?:`{3,}|~{3,}).*$", re.MULTILINE), ""),  # fence lines (code kept)
    (re.compile(r"^ {0,3}#{1,6}[ \t]+", re.MULTILINE), ""),  # heading markers
    (re.compile(r"^ {0,3}(?:=+|-{2,}|\*{3,}|_{3,})[ \t]*$", re.MULTILINE), ""),  # rules
    (re.compile(r"^ {0,3}(?:>[ \t]?)+", re.MULTILINE), ""),  # blockquote markers
    (re.compile(r"^ {0,3}\[[^\[\]\n]+\]:[ \t]+\S.*$", re.MULTILINE), ""),  # link defs
    (re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>\n]*)?/?>"), ""),  # HTML tags
    (re.compile(r"\n{3,}"), "\n\n"),
)


def _without_comments(text: str) -> str:
    """``text`` without its HTML comments (a loop of finds: linear, where a regex would
    scan to the end once per unclosed ``<!--``)."""
    parts, at = [], 0
    while (start := text.find("<!--", at)) >= 0:
        end = text.find("-->", start + 4)
        if end < 0:
            break
        parts.append(text[at:start])
        at = end + 3
    parts.append(text[at:])
    return "".join(parts)


def _inline_text(text: str) -> str:
    for pattern, replacement in _INLINE_RULES:
        text = pattern.sub(replacement, text)
    return text.strip()


def markdown_text(markdown: str) -> str:
    """Markdown with its markup taken off: what a reader of the rendered page reads."""
    text = markdown
    if text.startswith("---\n"):  # front matter is metadata, not text
        end = re.search(r"^(?:---|\.\.\.)[ \t]*$", text[4:], re.MULTILINE)
        if end:
            text = text[4 + end.end():]
    text = _without_comments(text)
    for pattern, replacement in _BLOCK_RULES:
        text = pattern.sub(replacement, text)
    return _inline_text(text)
