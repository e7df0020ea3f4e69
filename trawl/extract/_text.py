"""Plain-text rendering of an lxml subtree (block-aware, no markup, no link targets)."""

from __future__ import annotations

import re
from collections.abc import Callable

from lxml import etree
from lxml.html import HtmlElement


def words(spaced: str) -> frozenset[str]:
    """frozenset of the whitespace-separated words of ``spaced``."""
    return frozenset(spaced.split())


_WS_RE = re.compile(r"\s+")
_WORD_RE = re.compile(r"\w+")
_BLANKS_RE = re.compile(r"\n{3,}")
_PRE_OPEN = "\x01"
_PRE_CLOSE = "\x02"
_PRE_SPLIT_RE = re.compile("\x01(.*?)\x02", re.S)
# render_text's line break while it collects text (parse() drops such control characters from
# the page, like the two above)
_BREAK = "\x03"
_BREAK2 = _BREAK * 2

BLOCK_TAGS = words(
    """address article aside blockquote body caption center dd details dialog dir div dl dt
    fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr html li main
    menu nav ol p pre section summary table tbody td tfoot th thead tr ul"""
)
_PARAGRAPH_TAGS = words("p pre blockquote h1 h2 h3 h4 h5 h6 table ul ol dl figure section article")
_SKIP_TAGS = words("script style noscript template head title")


def text_content(el: HtmlElement) -> str:
    """All text inside ``el`` (without its tail), like ``HtmlElement.text_content()``:
    ``"".join(el.itertext())``, collected by libxml2 (a tenth of the time on a short
    element: a link's text, a heading's)."""
    return etree.tostring(el, method="text", encoding="unicode", with_tail=False)


def collapse(text: str) -> str:
    """Collapse whitespace runs into single spaces and strip."""
    # (str.split() splits at exactly what ``\s`` matches, str.isspace(): the same result as
    # _WS_RE.sub(" ", text).strip(), in a fifth of the time; links call this per anchor)
    return " ".join(text.split())


def word_count(text: str) -> int:
    return len(_WORD_RE.findall(text))


def render_text(el: HtmlElement) -> str:
    """Plain text of ``el``: paragraphs separated by blank lines, <pre> kept verbatim."""
    # Texts go in raw and line breaks as _BREAK (not whitespace, so no run crosses it): _tidy
    # collapses all their whitespace in one regex pass, not one per text node.
    parts: list[str] = []
    _walk_text(el, parts.append)
    return _tidy("".join(parts))


def _walk_text(node: HtmlElement, append: Callable[[str], None]) -> None:
    # (a module function, not a closure over itself: that would be a reference cycle, and
    # the page's whole tree would wait for the garbage collector)
    # tag, text and tail read once each: lxml makes a new string on every read
    tag = node.tag
    if not isinstance(tag, str):
        tag = ""
    if tag in _SKIP_TAGS:
        return
    if tag == "pre":
        code = text_content(node).strip("\n")
        append(_BREAK2 + _PRE_OPEN + code + _PRE_CLOSE + _BREAK2)
        return
    brk = ""
    if tag in BLOCK_TAGS:
        brk = _BREAK2 if tag in _PARAGRAPH_TAGS else _BREAK
        append(brk)
    elif tag == "br":
        append(_BREAK)
    if tag:
        text = node.text
        if text:
            append(text)
    for child in node:
        ctag = child.tag
        if isinstance(ctag, str) and ctag not in _OWN_WAY_TAGS and not len(child):
            text = child.text  # a plain inline leaf (most elements): its text, no call
            if text:
                append(text)
        else:
            _walk_text(child, append)
        tail = child.tail
        if tail:
            append(tail)
    if brk:
        append(brk)
    elif tag in ("td", "th"):
        append(" ")


_OWN_WAY_TAGS = _SKIP_TAGS | BLOCK_TAGS | {"pre", "br", "td", "th"}
"""The tags _walk_text renders other than by their text alone."""


def _tidy(raw: str) -> str:
    """Normalise whitespace outside the _PRE_OPEN/_PRE_CLOSE-delimited verbatim spans: every
    whitespace run becomes one space, _BREAK a newline, and lines are stripped."""
    out: list[str] = []
    for i, segment in enumerate(_PRE_SPLIT_RE.split(raw)):
        if i % 2:
            out.append(segment)
            continue
        # every whitespace run one space (str.split splits at what ``\s`` matches), then the
        # lines stripped: after the join the only whitespace left at a line's ends is the one
        # space beside a _BREAK (not whitespace). (A regex and a loop over the lines cost
        # half as much again.)
        segment = " ".join(segment.split())
        out.append(segment.replace(" " + _BREAK, _BREAK).replace(_BREAK + " ", _BREAK)
                   .replace(_BREAK, "\n"))
    text = "".join(out)
    return _BLANKS_RE.sub("\n\n", text).strip("\n ")


_FIGURE_NUMBER_RE = re.compile(
    r"^\W*(?:figure|fig\.?|table|example|listing|equation|exhibit|plate|chart|diagram)"
    r"\s+(?:[A-Z]\.|[IVXL]+\.)?\d+(?:[.\-]\d+)*\b", re.I)
"""A figure's number in a document ("Figure 2.7.", "Fig. 3", "Table A.1", "Example 4-2")."""
_SECTION_NUMBER_RE = re.compile(r"^\W*(?:\d+|[A-Z])(?:\.\d+)+\.?(?!\S)")
"""A section's number of two levels or more, before its title ("14.5.1. Overview",
"3.6 Median Blur"): a manual's or a paper's sections, numbered under their chapters, or
under an appendix's letter ("F.7.3. Credits", "A.2 Glossary")."""
_LEAD_CHARS = 40


def _lead_text(el: HtmlElement, limit: int = _LEAD_CHARS) -> str:
    """The first ``limit`` (``_LEAD_CHARS``) or so characters of ``el``'s text, the
    whitespace of the markup's indentation counted as one character a piece (DocBook XSL
    indents a figure's blocks: the lines before its title filled the count and the title
    was never read), not as none (a block of thousands of empty or whitespace-only
    elements, a page's menus of icons, was then walked whole, for each of its blocks
    asked: 3x one news page's time). An element without children is its own text, whole."""
    if not len(el):
        return el.text or ""
    pieces: list[str] = []
    size = 0
    for piece in el.itertext():
        pieces.append(piece)
        size += len(piece.strip()) or 1
        if size >= limit:
            break
    return "".join(pieces)
