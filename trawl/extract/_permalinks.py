"""A line whose links lead to its own place: a reference entry's term linking to itself.

A converter that writes a manual on one page names each entry's place with anchors right
before its term line and links the term to them (HAProxy's configuration manual:
``<a name="3.1-ulimit-n"></a><div class="keyword"><b><a href="#3.1-ulimit-n">ulimit-n</a>
</b> &lt;number&gt;</div>``), so a reader can copy the entry's address, as Sphinx's ``¶``
links a heading. Such a link goes nowhere the reader is not: the line is the entry's term,
no block of links, and ``prune`` asks ``self_linked`` before it drops a line for its link
text. A link to another place on the page ("Top", a section elsewhere) is a way there.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._tree import _empty_anchor as empty_anchor


def self_linked(el: HtmlElement) -> bool:
    """Whether every link of ``el`` (one at least) leads to its own place: an anchor right
    before it or in it (``_places_here``)."""
    targets = {(a.get("href") or "") for a in el.iter("a") if a.get("href") is not None}
    if not targets or not all(t.startswith("#") and len(t) > 1 for t in targets):
        return False
    return {t[1:] for t in targets} <= _places_here(el)


def _places_here(el: HtmlElement) -> set[str]:
    """The names of the places at ``el``: its own id, the empty anchors (``<a name>``,
    ``<a id>``, ``<span id>``) right before it among its siblings, with nothing between
    them and it, and those inside it, and the ids of the terms inside it (a ``dt``: mandoc
    gives each flag's term its id and links the term's words to it)."""
    names: set[str] = set()
    for node in (el, *el.iter("a", "span", "dt")):
        names.update(v for v in (node.get("id"), node.get("name")) if v)
    sib = el.getprevious()
    while sib is not None and _empty_anchor(sib) and not (sib.tail or "").strip():
        names.update(v for v in (sib.get("id"), sib.get("name")) if v)
        sib = sib.getprevious()
    return names


def _empty_anchor(el: HtmlElement) -> bool:
    """Whether ``el`` is an anchor that marks a place and holds nothing: an empty anchor
    (``_tree._empty_anchor``) with a name, and no link."""
    return empty_anchor(el) and el.get("href") is None and \
        (el.get("name") or el.get("id")) is not None
