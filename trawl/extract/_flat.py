"""A document's sections written flat: after its introduction, each section's heading and
then its body as siblings, no wrapper around the two (rustdoc's module page: the module's
docs, then "Structs" over the table of its structs, "Traits" over its traits, each entry
a name and a line). Scoring picks the introduction, the one block of prose; the sections
after it, an index of the module's items, are as much the page's text. Any generator can
write a document so (HTML's own outline has no section elements)."""

from __future__ import annotations

from lxml.html import HtmlElement

from ._signals import (
    _HEADINGS,
    _class_weight,
    _empty_anchor,
    _first_element,
    promo_heading,
    teasers,
    to_other_page,
)
from ._stats import _Stats, listed_links

FLAT_MAX_LISTED = 0.5
"""A flat section's body is the document's unless more than this share of its text is
links standing as a list (a "Related" list of other pages); as ``SUBSECTION_MAX_LISTED``."""


def before_flat_sections(node: HtmlElement, parent: HtmlElement,
                         stats: dict[HtmlElement, _Stats],
                         lists: dict[HtmlElement, int]) -> bool:
    """Whether ``node`` is the introduction of ``parent``'s document and what follows it is
    the document's sections written flat: before it only the title (a heading, or a block
    headed by one), after it headings of the page's own (no link to another page, no
    promotion's "Related articles") each followed by its body, and every body the
    document's text: no list of links, no teasers, no form, no class saying chrome."""
    before: list[HtmlElement] = []
    after: list[HtmlElement] = []
    seen = False
    for child in parent:
        if child is node:
            seen = True
        elif isinstance(child.tag, str) and not _empty_anchor(child) and child in stats \
                and stats[child].text:
            (after if seen else before).append(child)
    if not any(c.tag in _HEADINGS for c in after) or after[0].tag not in _HEADINGS:
        return False
    if not all(c.tag in _HEADINGS or getattr(_first_element(c), "tag", None) in _HEADINGS
               for c in before):
        return False
    listed = listed_links(parent, stats, lists)
    for child in after:
        if child.tag in _HEADINGS:
            if promo_heading(child) or \
                    any(to_other_page(a) for a in child.iter("a")):
                return False
        elif listed.get(child, 0) > FLAT_MAX_LISTED * stats[child].text or teasers(child) \
                or _class_weight(child) < 0 or child.find(".//form") is not None or \
                child.find(".//input") is not None:
            return False
    return True
