"""A figure's caption inside an API reference's entry: text of the entry, not a news
photo's caption.

A reference illustrates an entry with pictures and their captions ("Easing curve for a
linear (t) function: velocity is constant.", under each value of ``enum
QEasingCurve::Type``: QDoc writes ``<p class="figCaption">`` after the picture's
paragraph). The "caption" token made them boilerplate, as a news photo's caption ("Crowds
at the rally. Photo: AP") is, and the entry lost 41 of them (qeasingcurve.html 73 %). The
heading over them is a declaration, a name glued to its scope or arguments as code writes
it (``GLUED_CODE_RE``); a story's headline and subheadings are words, spaced.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._tree import GLUED_CODE_RE, _collapsed_text

DECLARATION_MAX_CHARS = 200
"""An entry's heading is a declaration of a line or two; past this, a heading is prose."""


def declared_heading(heading: HtmlElement) -> bool:
    """Whether ``heading`` (the nearest before a caption) declares an API's name: it holds
    a name glued to its scope, type parameters or arguments (``QEasingCurve::Type``,
    ``get(&self)``), in at most ``DECLARATION_MAX_CHARS``. Guard: a headline ("Crowds
    gather at the rally (photos)") spaces its words from its brackets."""
    text = _collapsed_text(heading)
    return len(text) <= DECLARATION_MAX_CHARS and GLUED_CODE_RE.search(text) is not None
