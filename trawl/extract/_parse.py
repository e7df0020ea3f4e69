"""Robust HTML parsing with lxml: any input gives a document with a <body>."""

from __future__ import annotations

import re

import lxml.html
from lxml import etree

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


def _empty() -> lxml.html.HtmlElement:
    return etree.fromstring("<html><head></head><body></body></html>", parser=_PARSER)


def parse(html: str | bytes) -> lxml.html.HtmlElement:
    """Parse HTML into an lxml document whose root is <html> and which has a <body>."""
    if isinstance(html, bytes):
        html = html.decode("utf-8", errors="replace")
    if not isinstance(html, str):
        return _empty()
    html = _CONTROL.sub("", _XML_DECL.sub("", html, count=1))
    if not html.strip():
        return _empty()
    try:
        root = etree.fromstring(html.encode("utf-8", errors="replace"), parser=_PARSER)
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
    return root
