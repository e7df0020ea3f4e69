"""A declaration line written with spaces: a type's declaration, a value's type annotation.

``GLUED_CODE_RE`` reads a signature by what code glues (``get(``, ``std::io``, ``-> T``).
Languages of the ML family (Haskell, and the references their generators write) declare
with words and spaces instead: a type is declared by a keyword before its name (``data
Array i e``, ``newtype Compose f g a``, ``class Ord a => Ix a where``, ``type ConIndex =
Int``), a value by its name, a spaced ``::`` and its type (``stdin :: Handle``, ``(++) ::
[a] -> [a] -> [a]``). An API entry whose signature line reads so is an entry as much as one
whose line reads ``def get(key)`` (``_apientry.signature_line`` asks ``typed_declaration``).

The guards: a line of prose may open with the same words ("type 2 diabetes", "class Notes
from the field", "data Journalism weekly"), and a breadcrumb is written with ``::`` ("Home
:: Forums :: General"). A declaration starts lowercase, its keyword then a capitalised
type name or a context in parentheses, and no more than ``PROSE_WORDS_MAX`` lowercase words
follow (a type's variables are single letters; ``where``, ``infixr``); an annotation names
one value, lowercase or an operator in parentheses, before its ``::``.
"""

from __future__ import annotations

import re

_DECLARING_RE = re.compile(r"(?:class|data|newtype|type|instance)\s+(.*)\Z", re.S)
"""A type declaration's keyword, then what it declares (a name, its variables, context)."""
_ANNOTATION_RE = re.compile(r"(?:[a-z_][\w']*|\([^\s()]+\))\s::\s+\S")
"""A value's name (``stdin``, ``(++)``), a spaced ``::``, then its type."""
_TYPE_START_RE = re.compile(r"[A-Z(]")
_WORD_RE = re.compile(r"\b[a-z][a-z']{2,}\b")

PROSE_WORDS_MAX = 2
"""A declaration line holds at most this many lowercase words of three letters or more
after its keyword (``where``, ``infixr``, a variable ``callStack``); a sentence more."""


def typed_declaration(text: str) -> bool:
    """Whether ``text`` (a line's collapsed text) declares a type or annotates a value with
    its type, as ML-family code writes them (see the module's docstring)."""
    if _ANNOTATION_RE.match(text):
        return True
    found = _DECLARING_RE.match(text)
    return found is not None and _declares_a_type(found.group(1))


def _declares_a_type(rest: str) -> bool:
    """What follows a declaring keyword reads as a type's name, not a sentence: it opens with
    a capitalised name or a context in parentheses, and few lowercase words follow."""
    return _TYPE_START_RE.match(rest) is not None and \
        len(_WORD_RE.findall(rest)) <= PROSE_WORDS_MAX
