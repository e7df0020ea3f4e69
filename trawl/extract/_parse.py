"""Robust HTML parsing with lxml: any input gives a document with a <body>."""

from __future__ import annotations

import re

import lxml.html
from lxml import etree

from ._endtags import close_open_divs, mismatched
from ._pclose import close_open_paragraphs

MAX_NESTING = 512
"""Elements nested deeper than this are flattened into their ancestor at this depth, as
Chromium's parser does (its limit is also 512): libxml2 gives up on the rest of a document
nested deeper than ~2,000 (50,000 nested <div>s read as no text at all), and a page must
read the same over HTTP as in the browser."""
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)\b[^>]*>")
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                   "source", "track", "wbr", "param", "keygen"})
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_XML_DECL = re.compile(r"^\s*<\?xml[^>]*>", re.I)
# A plain etree parser, not lxml.html's: lxml.html looks up a Python element class for every
# element proxy it creates, about a tenth of extraction's time. Nothing here needs
# HtmlElement's methods (see _text.text_content).
_PARSER = etree.HTMLParser(
    encoding="utf-8",
    remove_comments=True,
    remove_pis=True,
    default_doctype=False,
    huge_tree=True,
)


_CONTROL_BYTES = bytes(range(0x09)) + b"\x0b\x0c" + bytes(range(0x0e, 0x20)) + b"\x7f"
"""What _CONTROL matches, as UTF-8 bytes: one byte each, and no byte of another character's
UTF-8 encoding is below 0x80."""


def _without_controls(html: str) -> bytes:
    """``_CONTROL.sub("", html)`` UTF-8-encoded (errors replaced): the control characters
    dropped from the bytes, where bytes.translate does it in a tenth of the regex's time."""
    return html.encode("utf-8", errors="replace").translate(None, _CONTROL_BYTES)


def _blank(data: bytes) -> bool:
    """Whether ``data`` (UTF-8, no control characters) decodes to whitespace only, as
    ``str.strip()`` sees it (which strips non-ASCII spaces too, as bytes.strip does not)."""
    rest = data.strip()
    if not rest:
        return True
    # (ASCII whitespace gone, an ASCII first byte is a character str.strip() keeps)
    return rest[0] >= 0x80 and not rest.decode("utf-8", errors="replace").strip()


def _empty() -> lxml.html.HtmlElement:
    return etree.fromstring("<html><head></head><body></body></html>", parser=_PARSER)


def parse(html: str | bytes) -> lxml.html.HtmlElement:
    """Parse HTML into an lxml document whose root is <html> and which has a <body>."""
    if isinstance(html, bytes):
        html = html.decode("utf-8", errors="replace")
    if not isinstance(html, str):
        return _empty()
    data = _without_controls(_XML_DECL.sub("", html, count=1))
    if _blank(data):
        return _empty()
    try:
        root = etree.fromstring(data, parser=_PARSER)
        if any("Excessive depth" in entry.message for entry in _PARSER.error_log):
            root = etree.fromstring(flatten_nesting(data.decode("utf-8")).encode("utf-8"),
                                    parser=_PARSER)
        elif mismatched(entry.message for entry in _PARSER.error_log):
            # (a block's end tag libxml2 ignored, a div open in it: read as a browser does)
            root = etree.fromstring(close_open_divs(data.decode("utf-8")).encode("utf-8"),
                                    parser=_PARSER)
    except (etree.ParserError, etree.XMLSyntaxError, ValueError):
        return _empty()
    if root is None or not isinstance(root.tag, str):
        return _empty()
    if root.tag != "html":
        wrapper = _empty()
        body = wrapper.find("body")
        assert body is not None
        body.append(root)
        root = wrapper
    if root.find("body") is None:
        body = etree.SubElement(root, "body")
        for child in list(root):
            if child.tag not in ("head", "body"):
                body.append(child)
    close_open_paragraphs(root)  # (a block libxml2 nested in a paragraph's open anchor)
    return root


def flatten_nesting(html: str, limit: int = MAX_NESTING) -> str:
    """``html`` with the tags of elements nested deeper than ``limit`` removed (their
    content kept in place). Only called when libxml2 gave up on a document's depth."""
    stack: list[tuple[str, bool]] = []  # (tag, kept)
    # (where each tag is open in the stack: a closing tag finds its element at once, where
    # a search down the stack made 8,000 stray "</span>"s under 8,000 <div>s take 3.6 s)
    where: dict[str, list[int]] = {}
    out: list[str] = []
    last = 0
    for match in _TAG.finditer(html):
        closing, name = match.group(1), match.group(2).lower()
        keep = True
        if name in _VOID or match.group(0).endswith("/>"):
            pass
        elif not closing:
            keep = len(stack) < limit
            where.setdefault(name, []).append(len(stack))
            stack.append((name, keep))
        elif where.get(name):
            index = where[name][-1]
            keep = stack[index][1]
            for gone, _ in stack[index:]:  # (each element leaves once: linear in all)
                where[gone].pop()
            del stack[index:]
        if not keep:
            out.append(html[last:match.start()])
            last = match.end()
    out.append(html[last:])
    return "".join(out)
