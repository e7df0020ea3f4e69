"""A heading's self-link whose face is an icon and whose name is spoken to screen readers
only ("Section titled “Synopsis”"), set beside the heading in a wrapper of both.

Sphinx's ``¶`` and GitHub's ``#`` are links of a mark (``_clean._is_permalink``); a theme
may draw the mark as an icon instead and name the link for screen readers (Starlight:
``div.sl-heading-wrapper > h3#synopsis + a[href="#synopsis"] > svg + span.sr-only``). A
reader sees the heading and an icon; the spoken name repeats the heading's words.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._controls import _screen_reader_only
from ._tree import _HEADINGS


def heading_icon_link(a: HtmlElement, href: str) -> bool:
    """Whether the link ``a`` (to ``href``, a fragment) is its heading's self-link drawn as
    an icon: it shows no word (``_shows_nothing``: its words, if any, are for screen
    readers only, beside an icon) and it leads to the heading right before it among its
    siblings, or around it (``_beside_its_heading``).

    Guard: a link to a place elsewhere ("Skip to content", a comment count's icon to the
    thread) leads to no heading beside it, and is judged as it was; a link that shows words
    (a heading's linked name, an entry in a table of contents) is no icon."""
    # (where it leads first: most in-page links with children lead to no heading beside
    # them, and the screen-reader test reads every part's ancestors)
    return _beside_its_heading(a, href[1:]) and _shows_nothing(a)


def _shows_nothing(a: HtmlElement) -> bool:
    """The link's text is all in screen-reader-only elements or none at all."""
    if (a.text or "").strip():
        return False
    for child in a.iterdescendants():
        if not isinstance(child.tag, str):
            continue
        if _screen_reader_only(child):
            continue
        if (child.text or "").strip() and not any(
                _screen_reader_only(p) for p in child.iterancestors() if p is not a):
            return False
    return not any((c.tail or "").strip() for c in a.iterdescendants())


def _beside_its_heading(a: HtmlElement, ident: str) -> bool:
    """``a`` is inside the heading of that id, or right after it among its siblings."""
    if not ident:
        return False
    for node in a.iterancestors():
        if node.tag in _HEADINGS:
            return node.get("id") == ident
    prev = a.getprevious()
    return prev is not None and prev.tag in _HEADINGS and prev.get("id") == ident and \
        not (prev.tail or "").strip()
