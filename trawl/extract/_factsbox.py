"""An API entry's facts under its title: a box of labelled lines, each a term ending in a
colon and what it says ("Inherits: LibraryCommand", "Includes: Templates::Helpers::
BaseHelper", "Defined in: lib/yard/server/commands/list_command.rb"), set right after the
heading that names the class or module.

YARD sets a class's so (``div.box_info``, a ``dl`` a fact). Where the class inherits and
includes other classes, most of the box is links to their pages, and prune took it for a
menu (``ListCommand.html`` 92 %, ``SearchCommand.html`` 94 %). An article's taxonomy box
under its headline ("Filed under: Politics", "Tags: budget, council") is chrome of that
shape: its facts are words, where an entry's name code (a scoped name, a file's path).
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._tree import _HEADINGS, GLUED_CODE_RE, _collapsed_text

FACT_LABEL_MAX_WORDS = 3
"""A fact's label is a word or three and a colon ("Defined in:"); more is a sentence."""
_PATH_RE = re.compile(r"\w/[\w./-]*\.\w+\b")
"""A source file's path (``lib/yard/config.rb``, ``src/index.ts``)."""
_BOXES = frozenset(("div", "dl"))


def facts_under_title(el: HtmlElement) -> bool:
    """Whether ``el`` is an entry's box of facts under its title, or one of its lists: a
    ``div`` of definition lists only (or one ``dl``), right after a heading (its previous
    sibling element), every term a label (``FACT_LABEL_MAX_WORDS`` words at most, ending
    with a colon), and some fact naming code (``_names_code``). Guard: an article's
    "Filed under:" or "Tags:" box names its topics in words."""
    if el.tag not in _BOXES:
        return False
    box = el
    parent = el.getparent()
    if el.tag == "dl" and parent is not None and parent.tag == "div":
        box = parent  # (one fact of the box: the box is judged)
    heading = box.getprevious()
    while heading is not None and not isinstance(heading.tag, str):
        heading = heading.getprevious()
    if heading is None or heading.tag not in _HEADINGS:
        return False
    lists = [box] if box.tag == "dl" else [c for c in box if isinstance(c.tag, str)]
    if not lists or any(d.tag != "dl" for d in lists):
        return False
    terms = [t for d in lists for t in d if isinstance(t.tag, str) and t.tag == "dt"]
    return bool(terms) and all(_label(t) for t in terms) and \
        any(_names_code(dd) for d in lists for dd in d.iter("dd"))


def _label(term: HtmlElement) -> bool:
    """Whether ``term`` is a fact's label: a few words and a colon ("Inherits:")."""
    text = _collapsed_text(term)
    return text.endswith(":") and len(text.split()) <= FACT_LABEL_MAX_WORDS


def _names_code(fact: HtmlElement) -> bool:
    """Whether ``fact`` names code: a scoped name (``Templates::Helpers::BaseHelper``) or a
    source file's path."""
    text = _collapsed_text(fact)
    return GLUED_CODE_RE.search(text) is not None or _PATH_RE.search(text) is not None
