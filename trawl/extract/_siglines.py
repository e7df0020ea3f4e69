"""A block of entries' signature lines is no block of links.

An API reference whose generator writes signatures as plain lines, not code, links every
type a signature names (Haddock: ``stdin :: <a>Handle</a> <a>Source</a>``, each entry a
line, often no description under it). Counted as a list, such a line's links are most of
it (its own words are a name and ``::``), and a module of undescribed entries (``stdin``,
``stdout``, ``stderr``) was a block of links that prune dropped whole. A signature line
(``_apientry.signature_line``: a short line that reads as a declaration, at most three
quarters links) says what an entry is; its links are the names of its types
(``signature_lines``).

The guard: the block's listed links outside its signature lines are few
(``OTHER_LISTED_SHARE`` of its text) and no more than those in them: a menu or a list of
related pages set beside a signature still leaves a block of links, judged as before, and
a page's whole column (Node.js's: its table of contents beside a few signature lines) is
no block of signatures (kept whole, its own lists were then judged one by one, and its
"Possible signatures:" lists went).

A type signature's line set alone as a paragraph (``typed_line``: an instance's folded
methods, ``minBound :: CBool Source``, each a ``p`` of its own) is judged by prune as a
paragraph, not as a block's line: its links past nine tenths of it (the name, the type and
the "Source" link, its own text a ``::``), it was a paragraph of links, and went or stayed
by a character (``CInt``'s line stayed, ``CBool``'s went). The guard is
``_type_signature``'s: a name annotated with its type, which a forum's trail of links set
apart by ``::`` is not.

A reference table's cell is a name the same way (``cell_names``): a class's instances,
each row its head (``Eq Int16``: the class and the type, both linked, in an inline
``span`` that is all the cell says) and what it is. A table in the content is data, which
prune judges whole and never as links; the span holding the cell's words is judged with
it. The guard: the table is a reference table (``_stats.reference_table``: many rows say
something besides their links), not a layout table whose cell holds a site's menu.
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._apientry import SIGNATURE_MAX_CHARS, signature_line
from ._stats import _Stats, listed_links, reference_table
from ._text import BLOCK_TAGS
from ._tree import _HEADINGS, _short_text
from ._typedecl import typed_declaration

_LIST_TAGS = frozenset(("ul", "ol"))
OTHER_LISTED_SHARE = 0.1
"""Listed links outside the signature lines a block of them may hold (share of its text)."""


def entry_names(el: HtmlElement, st: _Stats, stats: dict[HtmlElement, _Stats],
                lists: dict[HtmlElement, int]) -> bool:
    """Whether ``el``'s links are an entry's names: in its signature lines
    (``signature_lines``), all a reference table's cell says (``cell_names``), or it is a
    type's definition (``definition_line``)."""
    return cell_names(el, st, stats) or signature_lines(el, st, stats, lists) or \
        definition_line(el, st)


CELL_OTHER_CHARS = 3
"""Text of a cell outside its span of names (its self-link's "#")."""


def cell_names(el: HtmlElement, st: _Stats, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether the ``span`` ``el`` holds all a reference table's cell says (but
    ``CELL_OTHER_CHARS``): the row's names."""
    if el.tag != "span":
        return False
    cell = el.getparent()
    if cell is None or cell.tag not in ("td", "th") or cell not in stats or \
            stats[cell].text - st.text > CELL_OTHER_CHARS:
        return False
    table = next(cell.iterancestors("table"), None)
    return table is not None and table in stats and reference_table(table, stats)


def signature_lines(el: HtmlElement, st: _Stats, stats: dict[HtmlElement, _Stats],
                    lists: dict[HtmlElement, int]) -> bool:
    """Whether ``el``'s listed links (``_stats.listed_links``) are in its signature lines,
    but for ``OTHER_LISTED_SHARE`` of its text. A list (``ul``, ``ol``) is judged as a
    list: its items are entries of links, not lines of a block (and lists are most of the
    blocks prune asks this of: the check stays off them)."""
    if el.tag in _LIST_TAGS:
        return False
    listed = listed_links(el, stats, lists)
    in_lines = _in_signature_lines(el, stats, listed)
    others = listed.get(el, 0) - in_lines
    return in_lines > 0 and others <= OTHER_LISTED_SHARE * st.text and in_lines >= others


def _in_signature_lines(el: HtmlElement, stats: dict[HtmlElement, _Stats],
                        listed: dict[HtmlElement, int]) -> int:
    """Listed link text of the outermost signature lines under ``el``."""
    total = 0
    for child in el:
        if not isinstance(child.tag, str) or child.tag not in BLOCK_TAGS or \
                not listed.get(child, 0):
            continue
        if signature_line(child, stats) or _type_signature(child, stats):
            total += listed[child]
        else:
            total += _in_signature_lines(child, stats, listed)
    return total


def typed_line(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether the paragraph ``el`` is a type signature's line (``_type_signature``): an
    entry's declaration, its links the names of its types, not a paragraph of links."""
    return el.tag == "p" and _type_signature(el, stats)


TYPE_SIGNATURE_MAX_LINK_SHARE = 0.95
"""A type signature's line may be links but for its ``::`` and arrows."""


def _type_signature(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``el`` is a type signature's line, a name annotated with its type as ML-family
    code writes it (``succ :: IOMode -> IOMode``, ``_typedecl.typed_declaration``), whose
    name and every type it names may be linked (Haddock links an instance's methods to the
    class's entries): more links than ``signature_line`` allows, the ``::`` and the arrows
    its own. A menu's line of links says no ``::``."""
    st = stats.get(el)
    if st is None or not st.text or st.links > TYPE_SIGNATURE_MAX_LINK_SHARE * st.text or \
            next(el.iter(*_HEADINGS), None) is not None:
        return False
    text = _short_text(el, SIGNATURE_MAX_CHARS)
    return text is not None and " :: " in text and typed_declaration(text)


DEFINITION_MAX_CHARS = 2000
"""A type's definition line may be this long (its right side spells the type's whole
representation: ``type Rep Fixity = D1 (...)``, 370 characters)."""
_DEFINING_RE = re.compile(r"(?:data|newtype|type)\s+[^=]+\s=\s")
"""A type's declaring keyword, its name and variables, then a spaced ``=``."""


def definition_line(el: HtmlElement, st: _Stats) -> bool:
    """Whether ``el`` is a type's definition, as ML-family code writes it: a declaring
    keyword, the type's name, ``=`` and what it is (``data URec Char (p :: k) = UChar
    {uChar# :: Char#}``, an instance's ``type Rep Fixity = D1 ('MetaData ...)``). Every type
    it is built from is linked (up to ``TYPE_SIGNATURE_MAX_LINK_SHARE``), and it may run
    past a signature's length (``DEFINITION_MAX_CHARS``): its links are the names of its
    parts, no block of links. Guards: ``typed_declaration`` (a line of prose opening with
    "type" or "data" reads as none) and ``_defines`` (a menu's line of capitalised links
    after a lowercase label, "data Science Jobs Courses", defines nothing)."""
    if not st.text or st.links > TYPE_SIGNATURE_MAX_LINK_SHARE * st.text or \
            el.tag in _LIST_TAGS or next(el.iter(*_HEADINGS), None) is not None:
        return False
    text = _short_text(el, DEFINITION_MAX_CHARS)
    return text is not None and _defines(text) and typed_declaration(text)


def _defines(text: str) -> bool:
    """Whether ``text`` opens with a type's declaring keyword, its name and a spaced ``=``."""
    return _DEFINING_RE.match(text) is not None
