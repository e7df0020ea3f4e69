"""Navigation chrome, and the headers and asides that are no chrome: what of a page's
``nav``, ``aside``, ``header`` and ``footer`` (and the ARIA roles of those) the readable size
of the page leaves out (``_is_chrome``), and which of them the boilerplate pass spares as
the text's (a note, a section's heading, the title's header: ``_notes``,
``_spared_header``). Asked by ``_boiler`` and by the selection of the main content."""

from __future__ import annotations

from lxml.html import HtmlElement

from ._demo import demonstration
from ._entryhead import TITLED_ATTR, titled_header
from ._featured import entry_over_byline, featured_post
from ._listentry import listing_entry_header, listing_title_header
from ._sectionhead import described_header
from ._tree import _HEADINGS

_CHROME_TAGS = frozenset(("nav", "aside", "footer", "header"))
"""The tags _is_chrome can hold of without a role."""
_CHROME_ROLES = frozenset(("navigation", "banner", "contentinfo", "complementary", "search"))
_NOTE_ROLES = frozenset(("note", "doc-footnote", "doc-endnotes", "doc-endnote"))
"""ARIA roles of a text's notes (footnotes, endnotes): an <aside> with one of them is no
sidebar (the explicit role overrides the tag's), and neither is an <aside> of such notes
(docutils' ``footnote-list``)."""

_SECTIONING = frozenset(("article", "main", "section"))


def _is_chrome(el: HtmlElement, tag: str, role: str) -> bool:
    """Navigation chrome (``_stats.CHROME``): nav, aside, a header or footer of the page
    (not of an article or section), and the ARIA roles of those."""
    if tag == "nav" or role in _CHROME_ROLES:
        return not demonstration(el)  # (a navigation bar shown live in the text)
    if tag == "aside":
        return not _notes(el, role) and not featured_post(el)
    return tag in ("header", "footer") and not any(
        a.tag in _SECTIONING for a in el.iterancestors())


_SECTION_HEADINGS = frozenset(("h2", "h3", "h4", "h5", "h6"))


def _section_header(el: HtmlElement) -> bool:
    """Whether the ``<header>`` ``el`` is its section's heading and nothing else: a child of
    a ``section`` or ``article``, holding one heading below the page's title (``h2``-``h6``)
    and no other text (HTML's header of a section groups its heading: an API reference's
    "Public Instance Methods" over its entries, RDoc's Darkfish). The page's banner is a
    header of the page (its name as ``h1``, its menu), which goes as before, wherever a
    layout's section wraps it; a header with a byline or links beside its heading is judged
    as a header."""
    parent = el.getparent()
    if parent is None or parent.tag not in ("section", "article"):
        return False
    kids = [c for c in el if isinstance(c.tag, str)]
    return len(kids) == 1 and kids[0].tag in _SECTION_HEADINGS and \
        not (el.text or "").strip() and not (kids[0].tail or "").strip()


def _notes(el: HtmlElement, role: str) -> bool:
    """A note of the text (``_NOTE_ROLES``), or a block of nothing but such notes."""
    if role in _NOTE_ROLES:
        return True
    children = [c for c in el if isinstance(c.tag, str)]
    return bool(children) and all(
        (c.get("role") or "").strip().lower() in _NOTE_ROLES for c in children)


def _spared_header(el: HtmlElement, title: str | None) -> bool:
    """Whether the ``<header>`` ``el`` is content's: a section's, the page's title's (marked
    so for ``titled_header_in`` when a meta block is under the title: its byline is gone
    when the content's header is looked for again), a described entry's, a listing
    entry's, a listing's title over its entries."""
    if titled_header(el, title or ""):
        if any(isinstance(c.tag, str) and c.tag not in _HEADINGS for c in el):
            el.set(TITLED_ATTR, "")  # (a meta block under the title: see header_meta)
        return True
    return _section_header(el) or described_header(el) or listing_entry_header(el) \
        or entry_over_byline(el) or listing_title_header(el, title)
