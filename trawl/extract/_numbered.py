"""A document's numbered sections: a section's list of the sections that follow it.

A manual numbers its sections ("8.34. The Map Submenu"), and a section whose page only
introduces the pages after it lists them by their numbers and titles ("Section 8.35,
“Rearrange Colormap”", "Section 8.36, “Set Colormap”"), after a line of its own prose:
that list is what the page says, its table of contents, though no class names it one and
prose comes before it (``_toc._leads_on`` asks for a list before any prose). A blog
series' "Part 1", "Part 2" or a site's list of other pages carries no section numbers
under the page's own."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._text import text_content
from ._toc import LEADS_ON_MIN_ITEMS, LISTS, _led_by_link, opens_on_next
from ._tree import _HEADINGS

_NUMBER_RE = re.compile(
    r"^\W*(?:(?:section|chapter|appendix)\s+)?((?:[A-Z](?=\.)|\d+)(?:\.\d+)*)\b")
"""A section's number at the start of its title or of a reference to it: "8.34.",
"Section 8.35,", "Chapter 5", "A.2"."""
_TITLE_LOOKUP_MAX = 40
"""Headings looked through for the page's numbered title."""


def lists_sections_after(el: HtmlElement) -> bool:
    """Whether ``el`` is, or only wraps, a list of sections of the page's document that
    follow the page (``LEADS_ON_MIN_ITEMS`` entries or more, each a link and nothing else,
    its first the page's next: ``opens_on_next``), each numbered under the page's own
    chapter (``numbered_under``)."""
    lst = el
    while lst.tag not in LISTS and len(lst) == 1 and not (lst.text or "").strip():
        lst = lst[0]
    if lst.tag not in LISTS:
        return False
    items = [i for i in lst if i.tag in ("li", "dt")]
    if len(items) < LEADS_ON_MIN_ITEMS or not all(_led_by_link(i) for i in items):
        return False
    links = [next(i.iter("a")) for i in items]
    if any(len(list(i.iter("a"))) != 1 or " ".join(text_content(i).split()) !=
           " ".join(text_content(a).split()) for i, a in zip(items, links, strict=True)):
        return False  # (an entry is its link alone: a title, no summary after it)
    page = _page_number(el)
    return page is not None and all(numbered_under(page, _number(a)) for a in links) and \
        opens_on_next(lst)


def numbered_under(page: str, entry: str | None) -> bool:
    """Whether the section number ``entry`` is a section's of the chapter ``page`` (a
    page's number) is in: dotted ("8.35", "5.2", not a series' "2") and starting with the
    chapter's number ("8" of "8.34", "5" of "5")."""
    if entry is None or "." not in entry:
        return False
    return entry.split(".")[0] == page.split(".")[0]


def _number(a: HtmlElement) -> str | None:
    """The section number a link's text, or its title, opens with."""
    for text in (text_content(a), a.get("title") or ""):
        match = _NUMBER_RE.match(" ".join(text.split()))
        if match is not None:
            return match.group(1)
    return None


def _page_number(el: HtmlElement) -> str | None:
    """The number of the page's first numbered heading (its title: "8.34. The Map
    Submenu", "5. Other")."""
    body = el.getroottree().getroot()
    for i, h in enumerate(body.iter(*_HEADINGS)):
        if i >= _TITLE_LOOKUP_MAX:
            break
        match = _NUMBER_RE.match(" ".join(text_content(h).split()))
        if match is not None:
            return match.group(1)
    return None
