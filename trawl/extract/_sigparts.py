"""A signature's parts: a parameter's type written as several linked names
(``source_suffix: Dict[str, str]``, each name a link to its type's entry) is a span of
links and punctuation, which prune, judging it alone, took for a block of links and
dropped, leaving ``source_suffix: )``. Such a span is part of the declaration it sits in
and goes or stays with it (brief 66: Sphinx's own docs, its API pages' signatures with
types linked to another project's docs)."""

from __future__ import annotations

from lxml.html import HtmlElement

from ._decl import declaration
from ._tree import _HEADINGS

_INLINE = frozenset(("span", "em", "code", "var", "strong", "b", "i", "a", "tt", "kbd",
                     "samp", "sup", "sub", "small"))
"""Tags a signature's parts are written in, between its term and its names."""
_TERMS = _HEADINGS | {"dt"}
"""Where a declaration is set: a definition list's term (Sphinx's, Javadoc's, an API
entry's), or a heading (rustdoc's, gi-docgen's)."""
SIGNATURE_MAX_DEPTH = 6
"""How far below its term a signature's part may sit (a name's link in a type's span in
a parameter's ``em``)."""


def _declares(term: HtmlElement) -> bool:
    """Guard: the term reads as a declaration (``_decl.declaration``: code glued as code
    is, ``Project(srcdir: str)``, and every link in it a name), not a term of words whose
    links are a list's (a blog's "Filed under <a>Travel</a>, <a>Food</a>" set in a term)."""
    return declaration(term)


def in_signature(el: HtmlElement) -> bool:
    """Whether ``el`` is an inline part of a declaration's term: a parameter, its type's
    linked names; judged with the declaration, not alone."""
    if el.tag not in _INLINE:
        return False
    term = el.getparent()
    depth = 1
    while term is not None and term.tag in _INLINE and depth < SIGNATURE_MAX_DEPTH:
        term = term.getparent()
        depth += 1
    return term is not None and term.tag in _TERMS and _declares(term)
