"""A section's heading that links to itself: the document's own heading, whatever its
class says.

Documentation generators give each section heading an id and a self-link to it (Sphinx's
``¶``, a ``#`` or an invisible mark a reader copies the section's address from). A theme's
class on such a heading may describe how it sits under the site's chrome (an anchor target
offset below a sticky navigation bar: its camelCase name splits into a navigation bar's
token), which is no sign the heading is chrome: the section it heads stays, and the heading
went with nothing of its own around it.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._signals import _kinds
from ._tree import next_element

_SECTION_HEADINGS = frozenset(("h1", "h2", "h3", "h4", "h5", "h6"))
SELF_LINK_MAX_WORDS = 1
"""A self-link is a mark ("#", "¶", an invisible space), at most a word ("link")."""


def self_linked_heading(el: HtmlElement, tag: str) -> bool:
    """Whether ``el`` is a section heading of the document: a heading (``h1``-``h6``) with
    an id, holding a self-link to that id (a mark, ``SELF_LINK_MAX_WORDS``), whose next
    element (the start of the section it heads) is no chrome by its own class or tag.

    Guard: a chrome block's heading ("Related posts", "3 comments", a widget's title) has
    no self-link, and when its theme gives it one, the block it heads (the list of related
    links, the comment thread) is chrome by its class or tag: that heading goes with it.
    A heading over a subsection's heading is judged by that one."""
    if tag not in _SECTION_HEADINGS:
        return False
    ident = el.get("id")
    if not ident:
        return False
    target = "#" + ident
    if not any((a.get("href") or "").strip() == target and
               len("".join(a.itertext()).split()) <= SELF_LINK_MAX_WORDS
               for a in el.iter("a")):
        return False
    return _heads_text(el)


def _heads_text(heading: HtmlElement) -> bool:
    """The block after ``heading`` (the start of its section) is no chrome by its tag or
    its class; a heading after it (its first subsection's) is judged as it is."""
    nxt = next_element(heading)
    if nxt is None or nxt.tag in _CHROME_NEXT_TAGS:
        return False
    if nxt.tag in _SECTION_HEADINGS:  # (a section that opens with its first subsection)
        return self_linked_heading(nxt, nxt.tag)
    kinds = _kinds(nxt)
    return not (kinds.boiler or kinds.strong)


_CHROME_NEXT_TAGS = frozenset(("nav", "aside", "footer", "header", "form"))
"""Tags of a block that is chrome whatever its class: a heading over one heads chrome."""
