"""Entries a reference anchors by their own names: a class's "Constants" or "Attributes"
section whose entries are a name each (``<dt id="HAS_BODY">HAS_BODY</dt>``,
``<div id="attribute-i-data">data [R]</div>``), the page's last and short, is the
reference's, no dangling "Comments" heading (``_edges.drop_dangling_heading`` asks)."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._tree import _collapsed_text

_ENTRY_NAME_RE = re.compile(r"[A-Za-z_][\w?!=]*")
"""An entry's name, the first word of its text: an identifier (``HAS_BODY``, ``data``,
``empty?``)."""


def anchored_names(after: list[HtmlElement]) -> bool:
    """Whether each block of ``after`` (what follows the content's last heading) that says
    something is or holds an entry anchored by its own name: an element whose ``id`` holds,
    letter case and all, the name its text opens with (``dt#HAS_BODY`` "HAS_BODY",
    ``div#attribute-i-data`` "data [R]"), and no block holds a link. A generator derives
    a member's anchor from the member's name, as written in code; a comment count, a
    "Related" block's leftover or a share bar's labels are no anchors of their own
    words, and are links or lower-cased widget ids ("twitter" for "Twitter")."""
    said = [el for el in after if _collapsed_text(el)]
    return bool(said) and all(el.find(".//a[@href]") is None and el.get("href") is None
                              and _holds_named_anchor(el) for el in said)


def _holds_named_anchor(block: HtmlElement) -> bool:
    for el in block.iter():
        ident = el.get("id")
        if not ident:
            continue
        name = _ENTRY_NAME_RE.match(_collapsed_text(el))
        if name is not None and name.group() in ident:
            return True
    return False


_CALL_RE = re.compile(r"\s*([A-Za-z_][\w?!=]*)\s*\(")
"""A signature's opening: a name called ("print(str)", "write (s)")."""
_OPENING_CHARS = 80
"""How much of an entry's text is read for its signature."""


def named_by_signature(el: HtmlElement, ident: str) -> bool:
    """Whether ``el`` is an API entry anchored by the name its signature calls: its text
    opens with a call ("print(str)") and ``ident`` ends with that name, as written
    (``method-i-print``). The name ("print", "share", "comment") says what the entry is
    about, no component's name. A "Print" button or a "print this page" link calls
    nothing; a widget's id is lower-cased where the name is a word; a login box opening
    on a listing's line, ``login(user, password)``, is code, no signature line."""
    first = next((n for n in el.iter() if isinstance(n.tag, str) and (n.text or "").strip()),
                 None)
    node = first
    while node is not None and node is not el.getparent():
        if node.tag == "pre":
            return False  # (a listing's line calls it: an example, a login box's code)
        node = node.getparent()
    opening = ""
    for piece in el.itertext():
        opening += piece
        if len(opening) >= _OPENING_CHARS:
            break
    call = _CALL_RE.match(opening)
    if call is None:
        return False
    name = call.group(1)
    return ident.endswith(name) and (len(ident) == len(name) or
                                     not ident[-len(name) - 1].isalnum())
