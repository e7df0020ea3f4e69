"""A section's header: its heading, then the sentences that say what the section is.

HTML's ``<header>`` of a section groups its introductory content: its heading and, in an
API reference, the description of what it documents (JSDoc's default template:
``<section><header><h2>Walker()</h2><div class="class-description">Create a walker that can
traverse an AST.</div></header>``). The boilerplate pass takes a ``<header>`` for the page's
banner; ``_chrome._section_header`` spares a header that is its section's heading alone,
and ``described_header`` one whose heading is followed by nothing but a description:
blocks of prose, sentences of the section's own words. A page's banner holds the site's
menu, a search box, its tagline; a post's header its byline ("By Jane Doe · 5 min read"):
links, controls, or a line that is no sentence.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._tree import _collapsed_text

_SECTIONING = frozenset(("section", "article"))
_HEADINGS = frozenset(("h2", "h3", "h4", "h5", "h6"))
"""A section's heading is below the page's title (``h1``: a banner's site name)."""
_PROSE_TAGS = frozenset(("div", "p"))
_CONTROL_TAGS = ("a", "form", "input", "button", "select", "nav", "ul", "ol", "img")
DESCRIPTION_MIN_WORDS = 3
"""A description says something: a sentence of a few words at least ("Underscore template
helper.")."""
DESCRIPTION_MAX_LINK_SHARE = 0.3
"""At most this share of a description's text is link text (a reference's links to the
types it names), which a menu's or a byline's is mostly."""
_SENTENCE_END = (".", "!", "?", ":")


def described_header(el: HtmlElement) -> bool:
    """Whether the ``<header>`` ``el`` is its section's heading and description: a child of a
    ``section`` or ``article``, its first child a heading ``h2``-``h6``, then one block or
    more (``div``, ``p``) each a description (``_description``), and no other text."""
    parent = el.getparent()
    if parent is None or parent.tag not in _SECTIONING or (el.text or "").strip():
        return False
    kids = [c for c in el if isinstance(c.tag, str)]
    if len(kids) < 2 or kids[0].tag not in _HEADINGS:
        return False
    return all(not (k.tail or "").strip() for k in kids) and \
        all(_description(k) for k in kids[1:])


def _description(block: HtmlElement) -> bool:
    """Whether ``block`` is prose describing the section: a ``div`` or ``p`` whose text is a
    sentence of ``DESCRIPTION_MIN_WORDS`` words or more (it ends as a sentence does), with
    no control, list or picture in it and at most ``DESCRIPTION_MAX_LINK_SHARE`` of link
    text (a byline's name and date, a tagline's links, a newsletter's form are no
    description)."""
    if block.tag not in _PROSE_TAGS:
        return False
    text = _collapsed_text(block)
    if len(text.split()) < DESCRIPTION_MIN_WORDS or not text.endswith(_SENTENCE_END):
        return False
    linked = 0
    for inner in block.iter(*_CONTROL_TAGS):
        if inner.tag != "a":
            return False
        linked += len(_collapsed_text(inner))
    return linked <= DESCRIPTION_MAX_LINK_SHARE * len(text)
