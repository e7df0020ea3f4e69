"""A block of the text's own kind whose anchor happens to say chrome: one of a run of
blocks alike (a FAQ's questions, each ``div.dlist`` with its own ``id``), its anchor the
entry's name ("recommended-storage-settings" over "What's the recommended way to store
files in Git?"). The word in the anchor says what the entry is about, not what component
it is: the run is the text (``_boiler._is_boilerplate`` asks, of blocks whose tokens say
boilerplate)."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._stats import _link_density, _Stats
from ._tokens import _kinds_of

RUN_MIN_CHARS = 200
"""A block of the text says this much at least (a question and its answer)."""
RUN_MAX_LINK_DENSITY = 0.1
"""... and is prose: under this share of its text is link text. A box of related stories
or recommended posts is its links (titles), whatever else it says."""


def _alike(a: HtmlElement, b: HtmlElement) -> bool:
    return a.tag == b.tag and a.get("class") == b.get("class")


def one_of_a_run(el: HtmlElement, st: _Stats) -> bool:
    """Whether ``el`` is one of a run of blocks of one kind (the same tag and class, a
    class it has) that its text is written in: the nearest block before or after it is of
    its kind (``_alike``), its class says no chrome (``_anchor_word``: the word that does
    is its anchor's), and ``el`` is prose (``_prose_block``). A site's box of recommended
    posts beside its text is of no kind the text's blocks are, or is links."""
    cls = el.get("class")
    if not cls or not _anchor_word(cls) or _serial_id(el):
        return False
    near = [next((s for s in el.itersiblings(preceding=True) if isinstance(s.tag, str)), None),
            next((s for s in el.itersiblings() if isinstance(s.tag, str)), None)]
    return any(s is not None and _alike(s, el) for s in near) and _prose_block(el, st)


def _prose_block(el: HtmlElement, st: _Stats) -> bool:
    """Guard: ``el`` says ``RUN_MIN_CHARS`` or more, under ``RUN_MAX_LINK_DENSITY`` of it
    links, in paragraphs of its own."""
    return st.text >= RUN_MIN_CHARS and _link_density(st) < RUN_MAX_LINK_DENSITY and \
        el.find(".//p") is not None


def _anchor_word(cls: str) -> bool:
    """Guard: the class ``el`` shares with its neighbours says no chrome, strong or not
    (``div.dlist``): the word that does is in its own ``id``, an anchor. A comment
    thread's items, each ``div.comment`` and prose, are chrome by the class they share."""
    kinds = _kinds_of(cls)
    return not (kinds.boiler or kinds.strong)


_SERIAL_ID_RE = re.compile(r"[A-Za-z]+[-_:]?\d+")
"""A component's word and its number: ``comment-42``, ``reply_7``, ``post1234``."""


def _serial_id(el: HtmlElement) -> bool:
    """Guard: ``el``'s id is one word and a number (``_SERIAL_ID_RE``), one of a series a
    program numbers, not a name the text gives its entry. A comment thread's items, each
    ``div.item#comment-42`` and prose, share a class that says nothing: their chrome is in
    the ids, and an id that is a word and a count names the component, not what the entry
    is about; a FAQ's question is anchored by its words ("recommended-storage-settings")."""
    return _SERIAL_ID_RE.fullmatch(el.get("id") or "") is not None
