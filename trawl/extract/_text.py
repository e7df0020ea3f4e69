"""Plain-text rendering of an lxml subtree (block-aware, no markup, no link targets)."""

from __future__ import annotations

import re

from lxml.html import HtmlElement


def words(spaced: str) -> frozenset[str]:
    """frozenset of the whitespace-separated words of ``spaced``."""
    return frozenset(spaced.split())


_WS_RE = re.compile(r"\s+")
_WORD_RE = re.compile(r"\w+")
_BLANKS_RE = re.compile(r"\n{3,}")
_SPACES_RE = re.compile(r"[^\S\n]+")
_PRE_OPEN = "\x01"
_PRE_CLOSE = "\x02"
_PRE_SPLIT_RE = re.compile("\x01(.*?)\x02", re.S)

BLOCK_TAGS = words(
    """address article aside blockquote body caption center dd details dialog dir div dl dt
    fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr html li main
    menu nav ol p pre section summary table tbody td tfoot th thead tr ul"""
)
_PARAGRAPH_TAGS = words("p pre blockquote h1 h2 h3 h4 h5 h6 table ul ol dl figure section article")
_SKIP_TAGS = words("script style noscript template head title")


def text_content(el: HtmlElement) -> str:
    """All text inside ``el`` (without its tail), like ``HtmlElement.text_content()``."""
    return "".join(el.itertext())


def collapse(text: str) -> str:
    """Collapse whitespace runs into single spaces and strip."""
    return _WS_RE.sub(" ", text).strip()


def word_count(text: str) -> int:
    return len(_WORD_RE.findall(text))


def render_text(el: HtmlElement) -> str:
    """Plain text of ``el``: paragraphs separated by blank lines, <pre> kept verbatim."""
    parts: list[str] = []

    def walk(node: HtmlElement) -> None:
        tag = node.tag if isinstance(node.tag, str) else ""
        if tag in _SKIP_TAGS:
            return
        if tag == "pre":
            code = text_content(node).strip("\n")
            parts.append("\n\n" + _PRE_OPEN + code + _PRE_CLOSE + "\n\n")
            return
        block = tag in BLOCK_TAGS
        if block:
            parts.append("\n\n" if tag in _PARAGRAPH_TAGS else "\n")
        elif tag == "br":
            parts.append("\n")
        if tag and node.text:
            parts.append(_WS_RE.sub(" ", node.text))
        for child in node:
            walk(child)
            if child.tail:
                parts.append(_WS_RE.sub(" ", child.tail))
        if block:
            parts.append("\n\n" if tag in _PARAGRAPH_TAGS else "\n")
        elif tag in ("td", "th"):
            parts.append(" ")

    walk(el)
    return tidy("".join(parts))


def tidy(raw: str) -> str:
    """Normalise whitespace outside the _PRE_OPEN/_PRE_CLOSE-delimited verbatim spans."""
    out: list[str] = []
    for i, segment in enumerate(_PRE_SPLIT_RE.split(raw)):
        if i % 2:
            out.append(segment)
            continue
        segment = _SPACES_RE.sub(" ", segment)
        segment = "\n".join(line.strip() for line in segment.split("\n"))
        out.append(segment)
    text = "".join(out)
    return _BLANKS_RE.sub("\n\n", text).strip("\n ")
