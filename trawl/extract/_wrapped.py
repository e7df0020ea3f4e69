"""Sections whose heading a generator wraps apart from their body.

``_sections._among_sections`` reads a document's sections alike by their markup: siblings
of one tag and class, each starting with its heading. Some generators wrap each heading in
a block of its own (a title bar: ``<div class="innertube"><h3>Exports</h3></div>``) and set
the section's body after it, as the wrapper's next sibling (``<div
class="exports-body">``), or inside the wrapper after the heading; and one section in
another wrapper still (``<section class="description"><div class="innertube"><h3>``).
The outline is the same (a heading, then its body, section after section, each heading of
one rank), the markup is not: read by tag and class, the heading is no sibling of its body,
and no two sections are alike. ``sections_by_rank`` reads the outline by the headings'
rank instead.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._decl import type_binding
from ._sections import SECTIONS_MIN, SUBSECTION_LINE_CHARS, _text_of_document
from ._signals import promo_heading, teasers, to_other_page
from ._stats import _Stats
from ._tree import _HEADINGS, _collapsed_text, _empty_anchor, _first_element, _wrapped_heading

_WRAPPER_TAGS = frozenset(("div", "section"))
WRAPPER_DEPTH = 3
"""How many wrappers deep a section's heading may sit (``section > div > h3``)."""


def _parts(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> list[HtmlElement]:
    """``el``'s children that say something (empty anchors and empty blocks passed over)."""
    return [c for c in el if isinstance(c.tag, str) and not _empty_anchor(c)
            and c in stats and stats[c].text]


def _section_heading(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> HtmlElement | None:
    """The heading ``el`` starts with, itself or through wrappers that hold the whole
    section (``section.description > div.innertube > h3``); None when it starts with
    none."""
    node = el
    for _ in range(WRAPPER_DEPTH):
        first = _first_element(node)
        if first is None:
            return None
        if first.tag in _HEADINGS:
            return first
        if first.tag not in _WRAPPER_TAGS or len(_parts(node, stats)) != 1:
            return None
        node = first
    return None


def _heading_bar(el: HtmlElement) -> HtmlElement | None:
    """The heading ``el`` is the wrapper of and nothing else (a title bar), else None."""
    if el.tag not in _WRAPPER_TAGS:
        return None
    heading = _wrapped_heading(el) if el.tag == "div" else _first_element(el)
    if heading is None or heading.tag not in _HEADINGS or heading is el:
        return None
    # (``_wrapped_heading`` passes through divs; a ``section`` holding only its heading)
    if el.tag == "section" and len([c for c in el if isinstance(c.tag, str)]) != 1:
        return None
    return heading


def sections_by_rank(node: HtmlElement, parent: HtmlElement, stats: dict[HtmlElement, _Stats],
                     lists: dict[HtmlElement, int]) -> bool:
    """Whether ``node`` is one of ``parent``'s sections, read by their headings' rank: each
    either a block starting with its heading (through wrappers holding the whole section)
    or a title bar (a wrapper holding only the heading) and the block after it, its body;
    every heading of one rank, ``SECTIONS_MIN`` sections or more, ``node`` one of them or
    the body after a title bar, and nothing else with text in ``parent`` but a preamble
    before them (the page's title block). A module's reference page is its sections so
    (Module, Summary, Description, Data Types, Exports: its functions, the most of it),
    and its biggest section is not the page. The sections beside the block are the
    document's text (``_sections._text_of_document``: no list of links, no teasers, no
    form, no class saying chrome, no promotion's heading; a section whose links each name
    an API is text however linked: a module's data types, "event() = <a>wxActivateEvent:
    wxActivate()</a> | ...", each type of the union linked to its definition, as
    ``_sections._subsection`` reads a member's "Class" section; so is one a line long, its
    "See Also" line) and none is a card of
    another page (``_headline_link``, as ``_sections._cards`` asks): a story's body after
    its title bar, beside other stories' blocks headed alike, stays alone."""
    rank: object = None
    sections = 0
    inside = False  # (node is one of the sections)
    seen = False
    others: list[HtmlElement] = []
    headings: list[HtmlElement] = []
    parts = _parts(parent, stats)
    i = 0
    while i < len(parts):
        part = parts[i]
        bar = _heading_bar(part)
        if bar is not None and i + 1 < len(parts) and _heading_bar(parts[i + 1]) is None:
            heading, body = bar, parts[i + 1]
            i += 2
        else:
            heading, body = _section_heading(part, stats), None
            i += 1
        if heading is None:
            if seen or part is node:
                return False  # (text between or after the sections, or the block itself)
            others.append(part)  # (a preamble: the page's title block)
            continue
        if (rank is not None and heading.tag != rank) or (promo_heading(heading) and (
                body is not None or stats[part].text > SUBSECTION_LINE_CHARS)):
            return False  # (a promotion's section; a reference's "See Also" is a line)
        rank, seen = heading.tag, True
        headings.append(heading)
        sections += 1
        if node is part or node is body:
            inside = True
            if node is body:
                others.append(part)
        else:
            others.append(part)
            if body is not None:
                others.append(body)
    if not inside or sections < SECTIONS_MIN or teasers(parent) or \
            any(_headline_link(h) for h in headings):
        return False
    return _text_of_document(node, others, stats, lists, reference=True)


def _headline_link(heading: HtmlElement) -> bool:
    """Whether ``heading`` is a card's: it says a link to another page (a headline). An
    icon linked in a section's heading ("Found an issue? Fix it": the source file's edit
    page, a pencil and no word) is the generator's control, no headline."""
    return any(to_other_page(a) and _collapsed_text(a) for a in heading.iter("a"))


def body_after_types(node: HtmlElement, parent: HtmlElement,
                     stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``node`` is a function entry's description after its types block, the two
    wrapped together: every block before it in ``parent`` binds names to their types
    (``_decl.type_binding``: a "Types" heading and its lines, "Issuer = <a>public_key:
    issuer_name()</a>"), one at least, and nothing with text after it. The description
    and the types are the entry's body (its signatures' headings sit outside the wrapper,
    in the entry), as a section's lead and body are its section's; a story's body after a
    block of links to other stories is no entry's."""
    parts = _parts(parent, stats)
    return len(parts) >= 2 and parts[-1] is node and \
        all(type_binding(child) for child in parts[:-1])
