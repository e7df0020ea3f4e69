"""Selector extraction: ``fields:`` of CSS or XPath selectors, no model.

Like Crawl4AI's JSON-CSS schema: each field names a selector and a type (text, number,
url, attribute, list, html); a ``list`` with ``fields`` is a list of items, each read with
its own fields relative to its element. What a selector does not find is ``null`` (or an
empty list), never a guess; a ``required`` field that is missing, or a ``number`` that is
not one, makes the page's extraction fail with the reason (its data stays NULL).

Pure and synchronous: it runs in the worker's extraction processes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin

from lxml import etree

from trawl.extract import parse_html
from trawl.model import FieldSpec, parse_extract

MAX_LIST_ITEMS = 1_000
"""Matches a list field keeps at most (the rest are counted in the error)."""
MAX_TEXT_CHARS = 10_000
"""Characters of one text value at most."""
_NUMBER = re.compile(r"[-−]?\d[\d\s,.'’]*")
_SPACES = re.compile(r"\s+")


@dataclass
class SelectorResult:
    """What ``fields`` found on one page."""

    data: dict[str, Any] | None
    """The values by field name; None when a required field was missing or a value did
    not parse (``errors`` says which)."""
    errors: list[str] = field(default_factory=list)
    """What went wrong, one line each (field paths like ``plans[2].price``)."""


def select_fields(html: str, url: str, extract: dict[str, Any]) -> SelectorResult:
    """Read ``extract``'s selector fields (a checked ``CrawlSpec.extract``) from a page."""
    spec = parse_extract(extract)
    root = parse_html(html)
    errors: list[str] = []
    data = _read_fields(root, spec.fields, url, "", errors)
    return SelectorResult(None if errors else data, errors)


def _read_fields(node: Any, fields: list[FieldSpec], url: str, path: str,
                 errors: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for spec in fields:
        where = f"{path}{spec.name}"
        matches = _matches(node, spec)
        if spec.type == "list":
            out[spec.name] = _read_list(matches, spec, url, where, errors)
            if spec.required and not out[spec.name]:
                errors.append(f"{where}: required, not found ({_selector(spec)})")
            continue
        value = _value(matches[0], spec, url, where, errors) if matches else None
        if value is None and spec.required:
            errors.append(f"{where}: required, not found ({_selector(spec)})")
        out[spec.name] = value
    return out


def _read_list(matches: list[Any], spec: FieldSpec, url: str, where: str,
               errors: list[str]) -> list[Any]:
    if len(matches) > MAX_LIST_ITEMS:
        errors.append(f"{where}: {len(matches)} matches, more than the {MAX_LIST_ITEMS} "
                      "kept; narrow the selector")
        matches = matches[:MAX_LIST_ITEMS]
    if spec.fields:
        return [_read_fields(m, spec.fields, url, f"{where}[{i}].", errors)
                for i, m in enumerate(matches) if not isinstance(m, str)]
    values = [_text(m) for m in matches]
    return [v for v in values if v]


def _matches(node: Any, spec: FieldSpec) -> list[Any]:
    if spec.css is not None:
        from lxml.cssselect import CSSSelector

        return list(CSSSelector(spec.css)(node))
    assert spec.xpath is not None
    found = etree.XPath(spec.xpath)(node)
    if isinstance(found, list):
        return found
    return [] if found is None or found == "" else [str(found)]


def _value(match: Any, spec: FieldSpec, url: str, where: str, errors: list[str]) -> Any:
    if isinstance(match, str):  # an XPath attribute or text node
        text = _clean(match)
        if spec.type == "url":
            return urljoin(url, text) if text else None
        return _number(text, where, errors) if spec.type == "number" else (text or None)
    if spec.type == "attribute":
        value = match.get(spec.attribute or "")
        return _clean(value) if value is not None else None
    if spec.type == "url":
        names = [spec.attribute] if spec.attribute else ["href", "src"]
        for name in names:
            value = match.get(name or "")
            if value and value.strip():
                return urljoin(url, value.strip())
        return None
    if spec.type == "html":
        inner = (match.text or "") + "".join(
            etree.tostring(child, encoding="unicode", method="html") for child in match)
        return inner.strip()[:MAX_TEXT_CHARS * 4] or None
    text = _text(match)
    if spec.type == "number":
        return _number(text, where, errors) if text else None
    return text or None


def _text(node: Any) -> str:
    if isinstance(node, str):
        return _clean(node)
    return _clean("".join(node.itertext()))


def _clean(text: str) -> str:
    return _SPACES.sub(" ", text).strip()[:MAX_TEXT_CHARS]


def _number(text: str, where: str, errors: list[str]) -> float | int | None:
    """The first number in ``text`` ("$1,299.00" -> 1299.0, "12,5 €" -> 12.5), or an
    error when there is none."""
    found = _NUMBER.search(text)
    if found is None:
        errors.append(f"{where}: {text[:60]!r} holds no number")
        return None
    raw = _SPACES.sub("", found.group()).replace("−", "-").replace("'", "").replace("’", "")
    raw = raw.rstrip(".,")
    if "," in raw and "." in raw:  # the later one is the decimal point
        raw = raw.replace(",", "") if raw.rfind(".") > raw.rfind(",") else \
            raw.replace(".", "").replace(",", ".")
    elif "," in raw:  # 1,299 (thousands) or 12,5 (a decimal comma)
        head, _, tail = raw.rpartition(",")
        raw = raw.replace(",", "") if len(tail) == 3 and raw.count(",") >= 1 and head \
            else raw.replace(",", ".")
    elif raw.count(".") > 1:  # 1.299.000
        raw = raw.replace(".", "")
    try:
        number = float(raw)
    except ValueError:
        errors.append(f"{where}: {text[:60]!r} holds no number")
        return None
    return int(number) if number.is_integer() and "." not in raw else number


def _selector(spec: FieldSpec) -> str:
    return f"css {spec.css!r}" if spec.css is not None else f"xpath {spec.xpath!r}"
