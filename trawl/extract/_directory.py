"""A directory page's sections of links: the page's content, not its menus.

A project's front page or a manual's landing page says a little of its own (what the
project is, where to download it), then sections that are each a heading over a list of
links, with or without a line each: "Documentation" over the user manual, the FAQ and the
developer manual; "More information" over support, licence and features. Each such section
is mostly link text and too short to score, so the selection kept the page's prose
sections and left those out as menus (a DocBook project page lost its every link section:
82 % of its words). A section of links set among the document's own sections, of their
very shape (the same tag and class, opening with a heading of the same rank), and making
at least half of them, is the page's directory: its lists are what it says
(``directory_sections``).

The guards, the shapes a site's real menus take:

- a header's or footer's bar of links, a sidebar of the site's sections: the boilerplate
  pass drops those by tag, role or class, and those left stand in containers of their own,
  not of the shape of the text's sections;
- a "related links" block after an article: one block (``DIRECTORY_MIN_SECTIONS``), under a
  promotion's or another chrome block's heading ("Related articles", "More from the blog",
  ``_readinglist._chrome_label``), after an article of several sections of prose
  (``DIRECTORY_MIN_SHARE``);
- other stories' teasers (a picture or a date in each item): no item of a directory holds
  more than its link and a line (``ITEM_LINE_MAX_WORDS``).
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._readinglist import _chrome_label
from ._stats import _Stats
from ._tree import _HEADINGS, _collapsed_text, _empty_anchor, _short_text, has_text

DIRECTORY_SECTIONS = True
"""The rule's switch (tests turn it off to show what it mends)."""
DIRECTORY_MIN_SECTIONS = 2
"""A directory lists its links in this many sections at least; one such section after an
article is its "related links" block."""
DIRECTORY_MIN_SHARE = 0.5
"""The sections of links are at least this share of the text's sections of their shape:
a page that is mostly its directory, not an article closing on lists of links."""
ITEM_LINE_MAX_WORDS = 30
"""An item of a directory is its link and at most a line (this many words) beside it."""
HEADING_MAX_CHARS = 200
_LISTS = frozenset(("ul", "ol", "dl"))
_TEASER_MARKS = ("img", "picture", "time", "video")


def directory_sections(siblings: list[HtmlElement], flags: list[bool],
                       stats: dict[HtmlElement, _Stats]) -> None:
    """Mark as content (in ``flags``, one per sibling) the sections of links among
    ``siblings`` that make them a directory: each of the shape (tag, class, heading's
    rank) of a kept section of prose, at least ``DIRECTORY_MIN_SECTIONS`` of them, at
    least ``DIRECTORY_MIN_SHARE`` of the sections of that shape, none under a chrome
    block's heading."""
    if not DIRECTORY_SECTIONS:
        return
    shapes: dict[tuple[str, str | None, str], list[int]] = {}
    linked: set[int] = set()
    kept_prose: set[tuple[str, str | None, str]] = set()
    for i, sib in enumerate(siblings):
        if not isinstance(sib.tag, str) or sib not in stats or not stats[sib].text:
            continue
        heading = _opening_heading(sib)
        if heading is None or not has_text(heading):
            continue
        shape = _shape(sib, heading)
        shapes.setdefault(shape, []).append(i)
        if link_section(sib, heading):
            linked.add(i)
        elif flags[i]:
            kept_prose.add(shape)
    for shape in kept_prose:
        members = shapes[shape]
        links = [i for i in members if i in linked]
        if len(links) < DIRECTORY_MIN_SECTIONS or \
                len(links) < DIRECTORY_MIN_SHARE * len(members):
            continue
        if any(_chrome_heading(siblings[i]) for i in links):
            continue  # (a story's "Related" and "More from" blocks: chrome, all of them)
        for i in links:
            flags[i] = True


def _shape(section: HtmlElement, heading: HtmlElement) -> tuple[str, str | None, str]:
    """A section's shape: its tag, its class and its heading's rank. The text's sections
    share one; a sidebar's or a footer's boxes of links have their own."""
    return str(section.tag), section.get("class"), str(heading.tag)


def _opening_heading(el: HtmlElement) -> HtmlElement | None:
    """The heading ``el`` opens with, past the empty blocks before it (a rule, an empty
    paragraph, an empty anchor), or None."""
    for child in el:
        if not isinstance(child.tag, str) or _empty_anchor(child):
            continue
        if child.tag in _HEADINGS:
            return child
        if child.tag == "hr" or not has_text(child):
            continue
        return None
    return None


def _chrome_heading(section: HtmlElement) -> bool:
    heading = _opening_heading(section)
    text = _short_text(heading, HEADING_MAX_CHARS) if heading is not None else None
    return text is not None and _chrome_label(text)


def link_section(section: HtmlElement, heading: HtmlElement) -> bool:
    """Whether ``section`` is a heading over a list of links and nothing else with text:
    one list (``ul``, ``ol``, ``dl``, however wrapped), each item a link and at most a
    line."""
    lists: list[HtmlElement] = []
    seen = False
    for child in section:
        if child is heading:
            seen = True
            continue
        if not seen or not isinstance(child.tag, str) or not has_text(child):
            continue
        found = _list_in(child)
        if found is None:
            return False
        lists.append(found)
    return len(lists) == 1 and _links_list(lists[0])


def _list_in(el: HtmlElement) -> HtmlElement | None:
    """``el`` when it is a list, or the one list its wrappers hold (its only child with
    text, no text of its own)."""
    while el.tag not in _LISTS:
        if (el.text or "").strip():
            return None
        texted = [c for c in el if isinstance(c.tag, str) and has_text(c)]
        if len(texted) != 1 or any((c.tail or "").strip() for c in el):
            return None
        el = texted[0]
    return el


def _links_list(lst: HtmlElement) -> bool:
    """Whether every item of ``lst`` is a link to another place and at most a line: a
    list's items, or a definition list's terms each a link with a line under it."""
    if lst.tag == "dl":
        parts = [c for c in lst if isinstance(c.tag, str)]
        terms = [c for c in parts if c.tag == "dt"]
        if not terms or any(c.tag not in ("dt", "dd") for c in parts):
            return False
        return all(_linked(t) and _short_line(t) for t in terms) and \
            all(_short_line(d) for d in parts if d.tag == "dd")
    items = [c for c in lst if isinstance(c.tag, str)]
    return bool(items) and all(c.tag == "li" and _linked(c) and _short_line(c)
                               for c in items)


def _linked(item: HtmlElement) -> bool:
    """``item`` holds one link with text and an address, and no teaser's marks."""
    links = [a for a in item.iter("a") if (a.get("href") or "").strip()
             and has_text(a)]
    return len(links) == 1 and next(item.iter(*_TEASER_MARKS), None) is None and \
        next(item.iter(*_LISTS), None) is None


def _short_line(item: HtmlElement) -> bool:
    return len(_collapsed_text(item).split()) <= ITEM_LINE_MAX_WORDS
