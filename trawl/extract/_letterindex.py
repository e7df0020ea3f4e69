"""An alphabetical index: its entries under their letters are the page's content.

A general index (a documentation's "Index" page) sets its terms under a heading for each
letter ("A", "B", "C", ... and often one for symbols before them), each heading over a
table or list of the terms, every term a link to where it is said and its other places
in a list under it ("(SSLSocket method)", "(in module gevent._ssl3)"). All of it is
links, and prune drops the lists of links inside the content unless the page's main
landmark holds them (a theme that marks none loses the subentries). The letters say
what it is: a block set under a letter heading of such a run (``in_letter_index``) is the
index's, whatever its links.

Chrome under headings ("Popular", "Latest", "Archives") is no run of letters in order
(``_letter_headings``).
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._tree import _HEADINGS, _short_text

LETTERS_MIN = 3
"""Headings of one character each, in alphabetical order, that make a run of letters."""
LETTER_DEPTH = 6
"""How far up from a block its letter's table or list is (a subentry's list in its
entry, in the list of a table's cell)."""


def in_letter_index(el: HtmlElement) -> bool:
    """Whether ``el`` is set under a letter of an alphabetical index: it, or an ancestor
    of it up to ``LETTER_DEPTH``, comes right after a heading among headings of one
    character in alphabetical order (``_letter_headings``; a "Symbols" heading ahead of
    them is one of the run's)."""
    node: HtmlElement | None = el
    for _ in range(LETTER_DEPTH):
        if node is None:
            return False
        before = node.getprevious()
        while before is not None and not isinstance(before.tag, str):
            before = before.getprevious()
        parent = node.getparent()
        if before is not None and before.tag in _HEADINGS and parent is not None:
            return _letter_headings(parent, str(before.tag))
        node = parent
    return False


def _letter_headings(parent: HtmlElement, tag: str) -> bool:
    """Whether ``parent``'s headings of ``tag`` are a run of letters: ``LETTERS_MIN`` or
    more of one character each, in alphabetical order, all but the first one character
    (an index's "Symbols" opens it)."""
    letters: list[str] = []
    others = 0
    for child in parent:
        if child.tag != tag:
            continue
        text = _short_text(child, 4)
        text = text.rstrip("¶").strip() if text is not None else None
        if text is not None and len(text) == 1:
            letters.append(text.casefold())
        elif letters or others:
            return False  # (a heading of words after the letters, or a second before)
        else:
            others += 1
    return len(letters) >= LETTERS_MIN and letters == sorted(letters)
