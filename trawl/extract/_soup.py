"""Build a BeautifulSoup tree straight from an lxml subtree (for markdownify).

``soup_from_lxml(el)`` gives the tree that ``BeautifulSoup(lxml.html.tostring(el), "lxml")``
gives - ``<html><body>el + its tail</body></html>`` with bs4's whitespace collapsing, multi-valued
attributes and string containers - without serialising and re-parsing: the bs4 objects are
created and linked directly, from per-tag-name prototypes made by bs4's own constructor.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise
from typing import Any

import lxml.html
from bs4 import BeautifulSoup, NavigableString, Tag
from bs4.element import nonwhitespace_re as _NONWHITESPACE
from lxml import etree
from lxml.html import HtmlElement

_ASCII_SPACES = frozenset(BeautifulSoup.ASCII_SPACES)
_REFERENCE = BeautifulSoup("", "lxml")
_BUILDER: Any = _REFERENCE.builder
_PRESERVE_WS = frozenset(_BUILDER.preserve_whitespace_tags)
_CONTAINERS: dict[str, type[NavigableString]] = dict(_BUILDER.string_containers)
_CDATA_LISTS: dict[str, set[str]] = dict(_BUILDER.cdata_list_attributes or {})
_UNIVERSAL_LISTS = frozenset(_CDATA_LISTS.get("*", set()))
_NAMESPACES = dict(_BUILDER.active_namespace_prefixes[-1])
_ATTR_DICT = _BUILDER.attribute_dict_class
_PROTOTYPES: dict[str, dict[str, Any]] = {}
# Serialised, these come back different: raw-text elements, and an empty <li> (its end tag is
# left out, so what follows it is parsed into it).
_RAW_TEXT = frozenset(("xmp", "plaintext", "noembed", "noframes", "iframe",
                       "meta"))  # (bs4 rewrites a <meta>'s charset)
_NEW_TAG = Tag.__new__


# libxml2 writes these attributes differently: URIs %-escaped (and left-stripped), booleans
# minimised. Values of those that may change are round-tripped for real (and cached).
_URI_ATTRS = frozenset(("href", "src", "action"))
_BOOLEAN_ATTRS = frozenset(("checked", "compact", "declare", "defer", "disabled", "ismap",
                            "multiple", "nohref", "noresize", "noshade", "nowrap", "readonly",
                            "selected"))
_SAFE_URI = re.compile(r"[A-Za-z0-9\-_.!~*'()@/:=?;#%&,+]*")


class _Fallback(Exception):
    """The subtree would not survive serialisation unchanged: serialise and parse instead."""

_NEW_STR = str.__new__


def _prototype(name: str) -> dict[str, Any]:
    proto = _PROTOTYPES.get(name)
    if proto is None:
        tag = Tag(_REFERENCE, _BUILDER, name, None, None, _ATTR_DICT(), None, None,
                  namespaces=_NAMESPACES)
        proto = dict(tag.__dict__)
        for key in ("attrs", "contents", "parent", "previous_element", "next_element",
                    "previous_sibling", "next_sibling"):
            proto.pop(key, None)
        _PROTOTYPES[name] = proto
    return proto


@lru_cache(maxsize=4096)
def _roundtrip_attr(tag: str, name: str, value: str) -> str:
    """``name``'s value after serialising ``<tag name=value>`` and parsing it with bs4."""
    try:
        el = etree.Element(tag)
        el.set(name, value)
    except ValueError as exc:  # a name etree refuses (the HTML parser does not)
        raise _Fallback from exc
    html = lxml.html.tostring(el, encoding="unicode", method="html")
    parsed = BeautifulSoup(html, "lxml").find(tag)
    result = parsed.attrs.get(name) if isinstance(parsed, Tag) else None
    if not isinstance(result, str):
        raise _Fallback
    return result


_SPECIAL_ATTRS = _URI_ATTRS | _BOOLEAN_ATTRS | {"name"} | _UNIVERSAL_LISTS | frozenset(
    a for attrs in _CDATA_LISTS.values() for a in attrs)
_VALUE_LIST = _BUILDER.attribute_value_list_class
_SET = dict.__setitem__  # HTMLAttributeDict stores str values unchanged


def _attrs(name: str, attrib: Any) -> Any:
    """bs4's attribute dict for an lxml element's attributes (class-like ones split)."""
    attrs = _ATTR_DICT()
    if not attrib:
        return attrs
    for key, value in attrib.items():
        low = key.lower()
        if low in _SPECIAL_ATTRS:
            uri = low in _URI_ATTRS or (low == "name" and name.lower() == "a")
            if (uri and not _SAFE_URI.fullmatch(value)) or low in _BOOLEAN_ATTRS:
                value = _roundtrip_attr(name, key, value)
            specific = _CDATA_LISTS.get(name.lower())
            if key in _UNIVERSAL_LISTS or (specific and key in specific):
                value = _VALUE_LIST(_NONWHITESPACE.findall(value))
        _SET(attrs, key, value)
    return attrs


def soup_from_lxml(el: HtmlElement) -> BeautifulSoup | None:
    """The BeautifulSoup tree of ``el`` (and its tail), or None when ``el`` is not a plain
    element of a <body> (then serialise and parse instead)."""
    if not isinstance(el.tag, str) or el.tag in ("html", "head"):
        return None
    soup = BeautifulSoup("", "lxml")
    if soup.contents:
        return None
    order: list[Any] = []  # every node in document order, for previous/next_element

    def make_tag(name: str, attrib: Any, parent: Any) -> Tag:
        tag = _NEW_TAG(Tag)
        d = tag.__dict__
        d.update(_prototype(name))
        d["attrs"] = _attrs(name, attrib)
        d["contents"] = []
        d["parent"] = parent
        d["next_sibling"] = None
        d["previous_sibling"] = None
        order.append(tag)
        return tag

    def add_string(text: str, parent: Any, preserve: bool, container: str | None) -> None:
        if not preserve:
            for ch in text:
                if ch not in _ASCII_SPACES:
                    break
            else:
                text = "\n" if "\n" in text else " "
        cls = _CONTAINERS.get(container, NavigableString) if container else NavigableString
        s = _NEW_STR(cls, text)
        s.hidden = False
        s.parent = parent
        s.next_sibling = None
        s.previous_sibling = None
        order.append(s)
        parent.contents.append(s)

    def walk(node: HtmlElement, parent: Any, preserve: bool, container: str | None) -> Any:
        name = node.tag
        if not isinstance(name, str):
            return None
        if name in _RAW_TEXT:
            raise _Fallback
        tag = make_tag(name, node.attrib, parent)
        parent.contents.append(tag)
        if name in _PRESERVE_WS:
            preserve = True
        if name in _CONTAINERS:
            container = name
        if node.text:
            add_string(node.text, tag, preserve, container)
        for child in node:
            child_tag = walk(child, tag, preserve, container)
            if child.tail:
                if child.tag == "li" and not child.text and not len(child):
                    # serialised as "<li>" + tail: the tail is parsed into the <li>
                    nxt = child.getnext()
                    if nxt is not None and nxt.tag != "li":
                        raise _Fallback
                    add_string(child.tail, child_tag, preserve, container)
                else:
                    add_string(child.tail, tag, preserve, container)
            elif child.tag == "li" and not child.text and not len(child):
                nxt = child.getnext()
                if nxt is not None and nxt.tag != "li":
                    raise _Fallback
        return tag

    html = make_tag("html", None, soup)
    soup.contents.append(html)
    try:
        if el.tag == "body":
            walk(el, html, False, None)
            body = html.contents[0]
        else:
            body = make_tag("body", None, html)
            html.contents.append(body)
            if el.tag == "li" and not el.text and not len(el):
                return None
            walk(el, body, False, None)
    except _Fallback:
        return None
    if el.tail:  # after </body> it goes to <html>
        add_string(el.tail, html if el.tag == "body" else body, False, None)

    # link siblings and document order
    prev: Any = None  # bs4's parser leaves the soup itself out of the element chain
    for node in order:
        node.previous_element = prev
        if prev is not None:
            prev.next_element = node
        prev = node
        if isinstance(node, Tag):
            contents = node.contents
            for a, b in pairwise(contents):
                a.next_sibling = b
                b.previous_sibling = a
    if prev is not None:
        prev.next_element = None
    return soup
