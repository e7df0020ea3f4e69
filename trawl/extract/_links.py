"""All <a href> links of a page."""

from __future__ import annotations

from lxml.html import HtmlElement

from ._text import collapse, text_content
from ._types import Link
from ._urls import http_url_resolver


def _anchor_text(a: HtmlElement) -> str:
    # a link without children (most of an index's) holds its text alone: no serialising
    text = collapse(text_content(a) if len(a) else a.text or "")
    if text:
        return text
    for img in a.iter("img"):
        alt = collapse(img.get("alt") or "")
        if alt:
            return alt
    for attr in ("aria-label", "title"):
        value = collapse(a.get(attr) or "")
        if value:
            return value
    return ""


def extract_links(root: HtmlElement, base: str) -> list[Link]:
    """Every http(s) <a href> in document order, deduplicated by (url, text)."""
    seen: set[tuple[str, str]] = set()
    links: list[Link] = []
    resolve = http_url_resolver(base)
    for a in root.iter("a"):
        url = resolve(a.get("href"))
        if url is None:
            continue
        text = _anchor_text(a)
        key = (url, text)
        if key in seen:
            continue
        seen.add(key)
        rel = a.get("rel")
        links.append(Link(url=url, text=text, rel=collapse(rel) or None if rel else None))
    return links
