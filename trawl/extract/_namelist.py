"""A list of an API's names, some of them not links: the things a text lists (the types a
format serialises), not a menu.

QDoc's "Serializing Qt Data Types" lists, one an item, the types its stream reads and
writes: most linked to their pages (``QBitArray``, ``QHash<Key, T>``), the language's own
not (``bool``, ``float``, ``const char *``, ``QLinkedList<T>``). Read as a menu of links,
the list went (datastreamformat.html 52 %). A menu marks one item unlinked at most (the
page the reader is on); a list of things names some that have no page. The names are as
a program writes them; a menu's and a category list's entries are words.

A list of a structure's values, one an item, each a name set to its value
(``offsetFromUtc = 3600``, ``abbreviation = "CEST"``, the names linked to their entries),
is an example written as a list (qtimezone-offsetdata.html 86 %: the second of two went
as links). A menu's entries set nothing to anything.
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._tree import _collapsed_text

NAMES_MIN = 6
"""Items a list of names has at least; a short list is judged by what is around it."""
UNLINKED_MIN = 2
"""Items without a link a list of things has at least; a menu leaves out one (the page
the reader is on)."""
CODE_NAMES_SHARE = 0.5
"""The share of items, at least, that name as only a program does (``_CODE_NAME_RE``)."""
_NAME_RE = re.compile(r"(?:const )?[A-Za-z_]\w*(?:<[\w ,:*]*>)?(?: ?\*)?")
"""One name, a type's as code writes it: ``bool``, ``const char *``, ``QHash<Key, T>``."""
_CODE_NAME_RE = re.compile(r"[A-Z]{2}[a-z].*|.*(?:[a-z][A-Z]|[A-Za-z]\d|<|_|\*).*")
"""A name only a program writes: a prefix of capitals (``QDate``), a capital inside
(``QBitArray``), a digit after a letter (``qint16``), type parameters, an underscore, a
pointer."""


ASSIGNMENTS_MIN = 3
"""Items a list of a structure's values has at least."""
_ASSIGNMENT_RE = re.compile(r"[A-Za-z_][\w.:]*(?:\(\))? = \S.*")
"""A name set to a value: ``daylightTimeOffset = 3600``, ``atUtc = QDateTime(...)``."""


def names_list(el: HtmlElement) -> bool:
    """Whether ``el`` is a list (``ul``, ``ol``) of ``NAMES_MIN`` items or more, each one
    name (``_NAME_RE``), ``UNLINKED_MIN`` of them or more not a link: a list of things
    some of which have no page. Guard: the names are a program's (``code_names``), not a
    menu's words ("Home", "Sports")."""
    if el.tag not in ("ul", "ol") or len(el) < NAMES_MIN:
        return False
    names: list[str] = []
    unlinked = 0
    for item in el:
        if item.tag != "li":
            return False
        text = _collapsed_text(item)
        if _NAME_RE.fullmatch(text) is None:
            return False
        names.append(text)
        unlinked += item.find(".//a") is None
    return unlinked >= UNLINKED_MIN and code_names(names)


def assignments_list(el: HtmlElement) -> bool:
    """Whether ``el`` is a list (``ul``, ``ol``) of ``ASSIGNMENTS_MIN`` items or more, each
    a name set to a value (``_ASSIGNMENT_RE``): a structure's values, an example. Guard: a
    menu's or a list of stories' entries are titles, no ``name = value``."""
    if el.tag not in ("ul", "ol") or len(el) < ASSIGNMENTS_MIN:
        return False
    return all(item.tag == "li" and _ASSIGNMENT_RE.fullmatch(_collapsed_text(item)) is not None
               for item in el)


def code_names(names: list[str]) -> bool:
    """Whether ``CODE_NAMES_SHARE`` of ``names`` or more are names only a program writes."""
    coded = sum(_CODE_NAME_RE.fullmatch(n) is not None for n in names)
    return coded >= CODE_NAMES_SHARE * len(names)
