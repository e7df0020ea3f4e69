"""An entry's lines between its headline and its text, in the page's main landmark.

A reference generator writes a class's page in ``main``: the headline's block, then short
lines that say what the entry is ("exception documentation", the declaration "class
RebuildDeprecationWarning(FutureWarning):", "Constructor: rebuild(...)"), then its
docstring (pydoctor's default template). Scoring picks the docstring; ``_content``'s
``_with_header`` widens to the landmark when it holds nothing but the content and the
headline's block, and ``header_lines`` lets it widen too when what else it holds is such
lines: short blocks set between the headline's block and the content. A block after the
content (a "related" box, comments) or a long one (a second article, a list of teasers) is
no line of the entry's header, and the content stays as it was.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._stats import _Stats

HEADER_LINES_MAX_CHARS = 240
"""The lines between an entry's headline and its text are short: a kind, a declaration, a
constructor's signature, together under this many characters."""
_CONTROL_TAGS = ("form", "input", "button", "select", "textarea", "iframe", "nav")


def header_lines(rest: list[HtmlElement], header: HtmlElement, content: HtmlElement,
                 stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``rest`` (the landmark's children with text besides ``header``, the block of
    the headline, and ``content``) are an entry's header lines: each after ``header`` and
    before ``content`` among their siblings, together at most ``HEADER_LINES_MAX_CHARS``,
    and no form, control, frame or navigation in them."""
    if not rest or sum(stats[el].text for el in rest) > HEADER_LINES_MAX_CHARS:
        return False
    between: set[HtmlElement] = set()
    for sib in header.itersiblings():
        if sib is content:
            break
        between.add(sib)
    else:
        return False
    return all(el in between and next(el.iter(*_CONTROL_TAGS), None) is None for el in rest)
