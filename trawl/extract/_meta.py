"""Page metadata: title, description, language, canonical URL, author, dates, Open Graph,
JSON-LD."""

from __future__ import annotations

import json
import re
from typing import Any

from lxml.html import HtmlElement

from ._byline import own_byline
from ._text import collapse, text_content
from ._urls import absolutize

_LANG_RE = re.compile(r"^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$")
_MAX_JSONLD = 200_000


def _metas(root: HtmlElement) -> dict[str, str]:
    """First non-empty content of each <meta name|property|itemprop|http-equiv> (lowercased)."""
    found: dict[str, str] = {}
    for meta in root.iter("meta"):
        content = meta.get("content")
        if content is None:
            continue
        content = collapse(content)
        if not content:
            continue
        for attr in ("property", "name", "itemprop", "http-equiv"):
            key = meta.get(attr)
            if key:
                key = key.strip().lower()
                found.setdefault(key, content)
    return found


def _first(metas: dict[str, str], *keys: str) -> str | None:
    for key in keys:
        value = metas.get(key)
        if value:
            return value
    return None


def _jsonld_objects(root: HtmlElement) -> list[dict[str, Any]]:
    objects: list[dict[str, Any]] = []
    for script in root.iter("script"):
        if (script.get("type") or "").strip().lower() != "application/ld+json":
            continue
        raw = (script.text or "").strip()
        if not raw or len(raw) > _MAX_JSONLD:
            continue
        try:
            data = json.loads(raw)
        except ValueError:
            try:
                data = json.loads(re.sub(r"[\x00-\x1f]", " ", raw))
            except ValueError:
                continue
        stack: list[Any] = [data]
        while stack and len(objects) < 50:
            item = stack.pop(0)
            if isinstance(item, list):
                stack.extend(item)
            elif isinstance(item, dict):
                objects.append(item)
                graph = item.get("@graph")
                if isinstance(graph, list):
                    stack.extend(graph)
    return objects


def _types(obj: dict[str, Any]) -> list[str]:
    t = obj.get("@type")
    if isinstance(t, str):
        return [t]
    if isinstance(t, list):
        return [x for x in t if isinstance(x, str)]
    return []


_ARTICLE_TYPES = re.compile(r"Article|Posting|Report|BlogPosting|WebPage|CreativeWork|Recipe", re.I)


def _names(value: Any) -> list[str]:
    if isinstance(value, str):
        return [collapse(value)] if collapse(value) else []
    if isinstance(value, dict):
        name = value.get("name")
        if isinstance(name, str) and collapse(name):
            return [collapse(name)]
        return []
    if isinstance(value, list):
        out: list[str] = []
        for item in value:
            out.extend(_names(item))
        return out
    return []


def _by_id(value: Any, jsonld: list[dict[str, Any]]) -> Any:
    """``value`` with each reference to a node of the page's graph (``{"@id": ...}`` and
    no name: Yoast's and Hugo themes' ``"author": {"@id": ".../#/schema/person/2"}``, the
    Person set apart in the graph) replaced by that node, when the page holds it."""
    if isinstance(value, list):
        return [_by_id(v, jsonld) for v in value]
    if isinstance(value, dict) and "name" not in value and isinstance(value.get("@id"), str):
        ref = value["@id"]
        return next((obj for obj in jsonld if obj.get("@id") == ref and "name" in obj), value)
    return value


def _str(value: Any) -> str | None:
    if isinstance(value, str) and value.strip():
        return value.strip()
    if isinstance(value, list):
        for item in value:
            s = _str(item)
            if s:
                return s
    return None


def _language(root: HtmlElement, metas: dict[str, str]) -> str | None:
    candidates = [root.get("lang"), root.get("xml:lang"), root.get("{http://www.w3.org/XML/1998/namespace}lang")]
    candidates.append(metas.get("content-language"))
    candidates.append(metas.get("language"))
    body = root.find("body")
    if body is not None:
        candidates.append(body.get("lang"))
    locale = metas.get("og:locale")
    if locale:
        candidates.append(locale.replace("_", "-"))
    for cand in candidates:
        if not cand:
            continue
        cand = cand.split(",")[0].strip()
        if _LANG_RE.match(cand):
            return cand
    return None


def _time_elements(root: HtmlElement) -> tuple[str | None, str | None]:
    published = modified = None
    for t in root.iter("time"):
        value = (t.get("datetime") or "").strip()
        if not value:
            continue
        marker = " ".join(
            (t.get(a) or "") for a in ("class", "itemprop", "id")
        ).lower()
        if "modif" in marker or "updat" in marker:
            modified = modified or value
        elif published is None:
            published = value
    return published, modified


_ISO_DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _microformat_published(root: HtmlElement) -> str | None:
    """A post's date as the hAtom microformat marks it: an ``abbr`` of class ``published``
    whose ``title`` is the ISO date, the text a reader's ("Published: Sat 08 February
    2025"; Pelican's themes, WordPress's older ones). An abbreviation of another class, or
    titled with no ISO date, is none."""
    for el in root.iter("abbr"):
        cls, value = el.get("class"), (el.get("title") or "").strip()
        if cls and "published" in cls.split() and _ISO_DATE_RE.match(value):
            return value
    return None


AUTHOR_CARD_TOKENS = frozenset(("vcard", "h-card"))
"""Classes of a person's card (hCard): with ``author``, the post's author's card."""


def _authors_card(cls: str) -> bool:
    """Guard of ``_card_author``: the class says both ``author`` and a card."""
    tokens = cls.split()
    return "author" in tokens and not AUTHOR_CARD_TOKENS.isdisjoint(tokens)


def _card_author(root: HtmlElement) -> list[str]:
    """The post's author as the hCard microformat marks it: a block whose class says both
    ``author`` and a card (``AUTHOR_CARD_TOKENS``), the name its element of class ``fn``
    (or ``p-name``) holds ("By <a class='url fn'>Ann Reyes</a>"). A card that is not the
    author's (a commenter's) says no ``author``; a card with no name element names none."""
    for el in root.iter("address", "div", "span", "p"):
        cls = el.get("class")
        if not cls or "author" not in cls or not _authors_card(cls):
            continue
        for part in el.iter():
            part_cls = part.get("class")
            if part_cls and not {"fn", "p-name"}.isdisjoint(part_cls.split()):
                name = collapse(text_content(part))
                if 0 < len(name) < 80:
                    return [name]
    return []


def _marked_author(root: HtmlElement) -> list[str]:
    """The first element marked as the author (``rel`` or ``itemprop``) with a short name."""
    for el in root.iter("a", "span", "div", "p"):
        rel, prop = el.get("rel"), el.get("itemprop")
        if not (rel or prop):  # most elements: no string to build and lower
            continue
        marker = (rel or "") + " " + (prop or "")
        if "author" in marker.lower():
            name = collapse(text_content(el))
            if 0 < len(name) < 80:
                return [name]
    return []


def extract_metadata(root: HtmlElement, base: str) -> dict[str, Any]:
    """Everything but the content: a JSON-serialisable dict (keys documented in Extraction)."""
    metas = _metas(root)
    jsonld = _jsonld_objects(root)
    article: dict[str, Any] = {}
    for obj in jsonld:
        if any(_ARTICLE_TYPES.search(t) for t in _types(obj)) and (
            "datePublished" in obj or "headline" in obj or "author" in obj
        ):
            article = obj
            break

    title_el = root.find(".//title")
    title = collapse(text_content(title_el)) if title_el is not None else ""
    if not title:
        title = _first(metas, "og:title", "twitter:title") or _str(article.get("headline")) or ""
    if not title:
        h1 = root.find(".//h1")
        if h1 is not None:
            title = collapse(text_content(h1))

    canonical = None
    for link in root.iter("link"):
        rels = (link.get("rel") or "").lower().split()
        if "canonical" in rels:
            canonical = absolutize(base, link.get("href"))
            if canonical:
                break
    og = {k[3:]: v for k, v in metas.items() if k.startswith("og:")}
    twitter = {k[8:]: v for k, v in metas.items() if k.startswith("twitter:")}

    # (the page's node may name no author where its article's does: a graph's WebPage
    # before its Article)
    written = article if "author" in article else next(
        (obj for obj in jsonld if "author" in obj
         and any(_ARTICLE_TYPES.search(t) for t in _types(obj))), {})
    authors = _names(_by_id(written.get("author"), jsonld))
    if not authors:
        meta_author = _first(metas, "author", "article:author", "dc.creator", "dcterms.creator",
                             "byl", "parsely-author", "sailthru.author")
        if meta_author and not meta_author.startswith("http"):
            authors = [meta_author]
    if not authors:
        authors = _marked_author(root) or _card_author(root)
    # de-duplicate, keep order
    authors = list(dict.fromkeys(a for a in authors if a))

    t_pub, t_mod = _time_elements(root)
    published = (
        _str(article.get("datePublished")) or _first(
            metas, "article:published_time", "datepublished", "date", "pubdate", "publishdate",
            "dc.date", "dc.date.issued", "dcterms.created", "dcterms.date", "sailthru.date",
            "parsely-pub-date", "og:published_time",
        ) or t_pub or _microformat_published(root)
    )
    modified = (
        _str(article.get("dateModified")) or _first(
            metas, "article:modified_time", "og:updated_time", "datemodified", "last-modified",
            "dcterms.modified", "dc.date.modified",
        ) or t_mod
    )

    keywords = _first(metas, "keywords", "news_keywords")
    return {
        "title": title or None,
        "description": _first(metas, "description", "og:description", "twitter:description",
                              "dc.description"),
        "language": _language(root, metas),
        "canonical_url": canonical,
        "author": ", ".join(authors) if authors else None,
        "authors": authors,
        "published": published,
        "modified": modified,
        "site_name": _first(metas, "og:site_name", "application-name"),
        "image": absolutize(base, _first(metas, "og:image", "twitter:image")),
        "keywords": [k.strip() for k in keywords.split(",") if k.strip()] if keywords else [],
        "byline": own_byline(root, title),
        "og": og,
        "twitter": twitter,
        "jsonld_types": sorted({t for obj in jsonld for t in _types(obj)}),
    }
