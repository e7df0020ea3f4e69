"""Entries a reference anchors by their own names: a class's "Constants" or "Attributes"
section whose entries are a name each (``<dt id="HAS_BODY">HAS_BODY</dt>``,
``<div id="attribute-i-data">data [R]</div>``), the page's last and short, is the
reference's, no dangling "Comments" heading (``_contentend.drop_dangling_heading`` asks)."""

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
    nothing; a widget's id is lower-cased where the name is a word; and a widget's id is
    the bare word, whatever code its box opens with (``<div id="login"><pre>login(user,
    password)</pre>``): the id qualifies the name (``_ids._signature_anchor`` reads a bare
    id over a signature line of its own)."""
    if ident.isalnum():  # (no mark before a name in it: the cheap test, before the text)
        return False
    call = _CALL_RE.match(_opening(el))
    if call is None:
        return False
    name = call.group(1)
    # (the id qualifies the name, as an API's anchors do: a kind or a class before it)
    return len(ident) > len(name) and ident.endswith(name) and \
        not ident[-len(name) - 1].isalnum()


_ID_PARTS_RE = re.compile(r"[^A-Za-z0-9_]+")
"""What splits an anchor into its parts (``method-i-empty-3F``: method, i, empty, 3F)."""
_NAME_RE = re.compile(r"[A-Za-z_]\w*")
"""An entry's name as its anchor spells it: an identifier, less a trailing ``?``/``!``/``=``
(``empty?`` is anchored as ``empty-3F``)."""


def _opening(el: HtmlElement) -> str:
    """The first ``_OPENING_CHARS`` of ``el``'s text, read no further (an entry may be long)."""
    opening = ""
    for piece in el.itertext():
        opening += piece
        if len(opening) >= _OPENING_CHARS:
            break
    return opening


def anchored_by_own_name(el: HtmlElement) -> bool:
    """Whether ``el``'s own ``id`` holds, as one of its parts and letter case and all, the
    name its text opens with (``div#method-i-shelljoin`` "shelljoin → string",
    ``div#method-c-getaddress_orig`` "getaddress_orig(s)"): a generator derives a member's
    anchor from its name as written in code. A comment's anchor is a number
    (``comment-12``, "Alice says"), a widget's a lower-cased word ("search" for "Search")."""
    return _own_name(el) is not None


def _own_name(el: HtmlElement) -> str | None:
    """The name ``el``'s text opens with when its own ``id`` holds it as one of its parts
    (``anchored_by_own_name``), else None."""
    ident = el.get("id")
    if not ident:
        return None
    name = _NAME_RE.match(_opening(el).lstrip())
    return name.group() if name is not None and \
        name.group() in _ID_PARTS_RE.split(ident) else None



_CODE_NAME_RE = re.compile(r"[A-Za-z0-9]_+[A-Za-z0-9]")
"""A name written as code: words glued by underscores (``respond_to_missing``,
``pretty_print_children``), no word of a sentence."""
_PART_SEPARATORS = frozenset("-_.:")
"""What sets a part's qualifier after the name of the entry it belongs to
(``pretty_print_children-source``)."""
MEMBER_PART_DEPTH = 3
"""How far up a part of an entry (its source listing, its heading) looks for the entry."""


def _written_as_code(name: str) -> bool:
    """Guard: ``name`` is glued code (``_CODE_NAME_RE``): a share bar's "share" or a box's
    "comments", lower-cased in its own id ("share-bar"), is a word, and says chrome."""
    return _CODE_NAME_RE.search(name) is not None


def _code_name(el: HtmlElement) -> str | None:
    """The name written as code that ``el`` is anchored by (``anchored_by_own_name``), if
    any."""
    name = _own_name(el)
    return name if name is not None and _written_as_code(name) else None


def member_anchor(el: HtmlElement, ident: str) -> bool:
    """Whether the id ``ident`` of ``el`` is a class member's anchor: ``el`` is anchored by
    the name written as code it opens with (``div#method-i-respond_to_missing-3F``
    "respond_to_missing?(m, include_private)", ``div#method-c-sharing_detection-3D``
    "sharing_detection=(b)"), or is a part of such an entry (up to ``MEMBER_PART_DEPTH``
    levels up) anchored by the entry's name and a qualifier
    (``div#pretty_print_children-source``, the method's source listing). The name's words
    ("skip", "print", "sharing", "missing") say what the method does, not what component
    the block is."""
    if _CODE_NAME_RE.search(ident) is None:  # (the name, or the entry's it starts with)
        return False
    if _code_name(el) is not None:
        return True
    for depth, anc in enumerate(el.iterancestors()):
        if depth >= MEMBER_PART_DEPTH:
            return False
        name = _code_name(anc)
        if name is not None and ident.startswith(name) and len(ident) > len(name) and \
                ident[len(name)] in _PART_SEPARATORS:
            return True
    return False
