"""A tree of names: a namespace's entry is its label, its members' entries under it.

A package's index of modules (Haddock's module tree, a library's list of namespaces) is
a table of contents whose entries are the modules' pages, nested by their names: an entry
that is only a namespace, no page of its own ("Control"), is a label over the entries of
its members ("Control.Applicative", "Control.Arrow"), folded or not (in a ``details``).
``_toc.contents_list`` reads each entry led by a link; such a label leads by none, and
the whole index was read as no table of contents (the package's front page kept its
two-line description, 5 % of its words). ``namespace_entry`` says an entry is such a
label: the entry's list is its members.

The guard is the names: every link under the label names it as one of its parts, before
the last (parts split at ``.``, ``::``, ``/``, ``-``, ``_``): the members of a namespace
are named in it. A menu's drop-down ("Products": "Kettles", "Toasters") or a list of topics under a
label names its entries freely, and stays no table of contents.
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._tree import _collapsed_text

LABEL_MAX_CHARS = 60
"""A namespace's name is shorter than this, one word."""
_SEPARATOR_RE = re.compile(r"::|[.:/\-_]")
_LISTS = ("ul", "ol", "dl")


def namespace_entry(item: HtmlElement) -> bool:
    """Whether the list entry ``item`` is a namespace's label over its members' entries:
    its first text a name, in no link, then a list whose every link's text is that name,
    a separator and more (see the module's docstring)."""
    label = _label(item)
    if label is None:
        return False
    members = next(item.iter(*_LISTS), None)
    if members is None:
        return False
    links = [_collapsed_text(a) for a in members.iter("a")]
    return bool(links) and all(_member_of(label, name) for name in links)


def _label(item: HtmlElement) -> str | None:
    """The entry's leading name: its own text, or its first child's when that holds no
    link and no list; None when it is no single word."""
    text = (item.text or "").strip()
    if not text:
        first = next((c for c in item if isinstance(c.tag, str)), None)
        if first is None or first.tag in _LISTS or first.tag == "a" or \
                first.find(".//a") is not None or next(first.iter(*_LISTS), None) is not None:
            return None
        text = _collapsed_text(first)
    if not text or len(text) > LABEL_MAX_CHARS or len(text.split()) != 1:
        return None
    return text


def _member_of(label: str, name: str) -> bool:
    """Whether ``name`` is a member's of the namespace ``label``: the label is one of its
    parts before the last ("Control.Arrow" of "Control"; "Control.Monad.IO.Class" of "IO",
    a namespace's label nested under its parent's)."""
    parts = _SEPARATOR_RE.split(name)
    return label in parts[:-1]
