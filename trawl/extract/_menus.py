"""A node's menu: the list of a section's subsections that a manual sets under its text.

Texinfo's manuals close a node's text with its menu, a list of links to the node's
subsections, and a generator that writes a chapter a page sets those subsections on the
page, under the menu: texi2any in texi2html's look writes it as ``<table class="menu">``
(the Z shell's manual: "18.2 Keymaps", "18.3 Zle Builtins", ... over those sections). Its
class names a menu, which is boilerplate on most sites (a site's menu of its pages), so
``_boiler`` asks ``menu_of_sections`` before dropping a block it names so: a table of the
section's contents, which a reader reads as a chapter's list of its sections, is the text's
(as a DocBook chapter's ``div.toc`` is).
"""

from __future__ import annotations

import re

from lxml import etree
from lxml.html import HtmlElement

from ._navbar import past_bar
from ._signals import CONTENTS_MIN_LINKS
from ._tree import _HEADINGS, _collapsed_text, _first_element, _norm, _wrapped_heading


def menu_of_sections(el: HtmlElement) -> bool:
    """Whether ``el`` is a section's menu of its subsections on the page: it links only to
    places on the page (``CONTENTS_MIN_LINKS`` of them or more), each the section its label
    heads (``_heads_targets``), and it closes a section's text, after its heading and a
    paragraph (``_after_text``). A one-page site's menu (its sections' names, "About",
    "Services") sits over the text, and a sidebar's list of the page's sections under its
    label ("Topics") beside it: they close no text; and a bar of jump links ("Top",
    "Back") names no section."""
    links = []
    for a in el.iter("a"):  # (read until the first link elsewhere: most blocks' first)
        href = a.get("href")
        if href is not None:
            if not href.startswith("#"):
                return False
            links.append(a)
    if len(links) < CONTENTS_MIN_LINKS:
        return False
    return _after_text(el) and _heads_targets(el, links)


def _after_text(el: HtmlElement) -> bool:
    """Whether ``el`` closes a section's text in its block: right after a block of text
    (``_text_block``: past empty paragraphs, an index entry's anchors), a heading before
    it among its siblings. A node's menu closes its text; a sidebar's list of the page's
    sections ("Topics" over its links) or a one-page site's menu over its text follows no
    text of a section."""
    before = el.getprevious()
    while before is not None and (not isinstance(before.tag, str) or (
            before.tag == "p" and not _own_words(before))):
        before = before.getprevious()
    if before is None or not _text_block(before):
        return False  # (asked first: a long flat page's blocks of links follow no text)
    for sib in before.itersiblings(preceding=True):
        if isinstance(sib.tag, str) and (sib.tag in _HEADINGS or (
                sib.tag == "div" and _wrapped_heading(sib).tag in _HEADINGS)):
            return True
    return False


def _text_block(el: HtmlElement) -> bool:
    """Whether ``el`` is a block of a section's text: a paragraph with words of its own, or
    a list (its items, its terms and definitions)."""
    return el.tag in ("ul", "ol", "dl") or (el.tag == "p" and _own_words(el))


def _own_words(p: HtmlElement) -> bool:
    """Whether the paragraph ``p`` has a word outside its links."""
    return any(_WORD_RE.search(t) for t in _TEXT_OUTSIDE_LINKS(p))


_TEXT_OUTSIDE_LINKS = etree.XPath(".//text()[not(ancestor::a)]")


_WORD_RE = re.compile(r"\w")


def _heads_targets(el: HtmlElement, links: list[HtmlElement]) -> bool:
    """Whether every link's label is the heading of the place on the page it leads to: the
    heading itself, or a section that opens with it (read through the section's navigation
    bar: ``_navbar.past_bar``), or an empty anchor right over it."""
    wanted = {(a.get("href") or "")[1:] for a in links}
    places: dict[str, HtmlElement] = {}
    for node in el.getroottree().getroot().iter():
        ident = node.get("id") if isinstance(node.tag, str) else None
        if ident in wanted and ident not in places:
            places[ident] = node
    for a in links:
        place = places.get((a.get("href") or "")[1:])
        heading = _heading_of(place) if place is not None else None
        label = _norm(_collapsed_text(a))
        if heading is None or not label or _norm(_collapsed_text(heading)) != label:
            return False
    return True


def _heading_of(place: HtmlElement) -> HtmlElement | None:
    """The heading ``place`` (an element a link leads to) is or opens with, or that comes
    right after it when it is an empty anchor."""
    if place.tag in _HEADINGS:
        return place
    if len(place) or (place.text or "").strip():
        first = _first_element(place)
        first = past_bar(first) if first is not None else None
    else:
        first = place.getnext()
    return first if first is not None and first.tag in _HEADINGS else None
