"""Commas that separate names, not clauses: a block whose text is a run of single tokens
between commas (``lib/yard.rb, lib/yard/config.rb, lib/yard/cli/yri.rb, ...``: a module's
"Defined in:" list of seventy files, one a line) is a list written inline, not prose.

The selection (``_select._score``) counts a block's commas as a sign of sentences, a
clause each; seventy files' commas outscored a module's whole overview (YARD's
``YARD.html``, its list hidden by the theme's style sheet, which the extraction does not
read, chosen alone at 18.7 %). A sentence's commas part clauses of words ("red, green and
blue"), never one token from the next only.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._tree import _collapsed_text

NAME_LIST_MIN_COMMAS = 5
"""Commas, at least, in a block before its text is read as a list of names (few commas say
little either way, and most blocks have fewer: the cheap gate)."""


def names_between_commas(el: HtmlElement, commas: int) -> bool:
    """Whether ``el``'s text, with ``commas`` commas in its own run
    (``NAME_LIST_MIN_COMMAS`` or more), is names between commas, each one token without a
    space (a path, an identifier, a number): a list, its commas no clauses. Guard: a
    sentence's parts between its commas hold spaces ("the store, which the registry
    loads, keeps"), and so does a list of phrases ("reading files, writing files")."""
    if commas < NAME_LIST_MIN_COMMAS or _spaced_first_part(el):
        return False
    parts = [p.strip() for p in _collapsed_text(el).split(",")]
    if parts and not parts[-1]:
        parts.pop()  # (a list that ends with its comma)
    return len(parts) > NAME_LIST_MIN_COMMAS and \
        all(p and not any(c.isspace() for c in p) for p in parts)


def _spaced_first_part(el: HtmlElement) -> bool:
    """Whether ``el``'s text up to its first comma holds a space between words: a
    sentence's first clause, read no further (most blocks with commas are prose)."""
    head = ""
    for piece in el.itertext():
        comma = piece.find(",")
        head += piece if comma < 0 else piece[:comma]
        if comma >= 0 or len(head) > _FIRST_PART_MAX_CHARS:
            break
    return len(head.split()) > 1


_FIRST_PART_MAX_CHARS = 200
"""How far the first part is read for its comma (a name is shorter)."""
