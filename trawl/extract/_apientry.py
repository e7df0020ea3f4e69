"""An API entry's parts, under its signature line.

An API reference generator writes each entry (a class, a function, a module's variable) as a
block that opens with the entry's **signature line** (``def get(key, default=None)``,
``class Handler(BaseHandler):``), then its source listing, its description and its members,
each a block of its own. No heading heads an entry: its signature is its title. When the
description, or one member, scores best, the climb (``_whole.whole``) must still reach the
entry: ``entry_part`` says so.

The guard is the signature: a short line, little of it linked, that reads as code (a name
called, ``f(``; a name scoped, ``a::b``; a return arrow, ``->``). A byline, a date, a
story's standfirst read as none; and no block beside the entry may be a list of other
stories' teasers or say chrome by its class (a "related" block after a story whose first
line happened to read as code stays out).
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._sectioncaption import section_caption
from ._signals import _class_weight, teasers
from ._stats import _Stats
from ._tree import _HEADINGS, GLUED_CODE_RE, PROGRAM_NAME_RE, _collapsed_text
from ._typedecl import typed_declaration

SIGNATURE_MAX_CHARS = 300
"""A signature line is shorter than this (readable characters)."""
SIGNATURE_MAX_LINK_SHARE = 0.75
"""... and at most this share of it is link text (the names of its types and bases may be
linked: ``class MIMEImage(email.mime.nonmultipart.MIMENonMultipart):``)."""


def signature_line(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``el`` is an entry's signature line: a short block, no heading nor holding
    one (a page's title block, "Module std::io", heads a document, not an entry), mostly
    not links, whose text reads as a declaration (``GLUED_CODE_RE``, or as ML-family code
    declares, with spaces: ``_typedecl.typed_declaration``)."""
    st = stats.get(el)
    if st is None or not st.text or st.text > SIGNATURE_MAX_CHARS or \
            next(el.iter(*_HEADINGS), None) is not None:
        return False
    if st.links > SIGNATURE_MAX_LINK_SHARE * st.text:
        return False
    text = _collapsed_text(el)
    return GLUED_CODE_RE.search(text) is not None or typed_declaration(text)


def _with_text(parent: HtmlElement, stats: dict[HtmlElement, _Stats]) -> list[HtmlElement]:
    """``parent``'s children that hold text (an entry's empty anchors and toggles are not its
    parts)."""
    return [c for c in parent if isinstance(c.tag, str) and c in stats and stats[c].text]


def _no_chrome_beside(parts: list[HtmlElement]) -> bool:
    """None of ``parts`` is a list of teasers or says chrome by its class."""
    return not any(teasers(c) or _class_weight(c) < 0 for c in parts)


def entry_part(node: HtmlElement, parent: HtmlElement,
               stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``node`` is a part of the API entry ``parent``: the parent's first block with
    text is a signature line (``signature_line``), ``node`` one of the blocks after it (the
    entry's description, source listing or a member), and none of them a list of teasers or
    chrome by its class. A label heading the parent (``section_caption``: "Methods") is
    passed over."""
    parts = _with_text(parent, stats)
    if parts and _labels_entries(parts[0]):
        parts = parts[1:]  # (the label over the entries: "Methods", then the first one)
    if len(parts) < 2 or parts[0] is node or node not in parts:
        return False
    return signature_line(parts[0], stats) and _no_chrome_beside(parts[1:])


def _labels_entries(part: HtmlElement) -> bool:
    """Whether ``part`` is a label heading the entries after it (``section_caption``: a
    caption's "Methods" over a class's methods), not an entry's signature."""
    return section_caption(part, part.tag)


MEMBERS_MIN = 2
"""Members' entries after a block that make its parent an API's page (a class's methods)."""
_CALL_SUFFIX_RE = re.compile(r"\s*\(\)$")


def members_after(node: HtmlElement, parent: HtmlElement,
                  stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``node`` is the description of an API whose members' entries follow it in
    ``parent``: after ``node``, ``MEMBERS_MIN`` entries or more, each a heading naming a
    member and, next to it, its signature line declaring that name (``<h4>select</h4>
    <pre>public static Elements select(String query, Element root)</pre>``: Javadoc's
    "Method Detail"), and nothing beside them a list of teasers, chrome by its class or a
    form. A class's description can be most of its page (a long table of the syntax it
    parses), and its members' details and summary a fifth of the words: they are still the
    page's, as a long introduction's sections are.

    The guard is the name: a comment thread's code under its authors' names ("Bob",
    then ``foo(x)``) declares no member named by its heading."""
    parts = _with_text(parent, stats)
    if node not in parts:
        return False
    after = parts[parts.index(node) + 1:]
    # (the members first: most pages asked have no two headings naming code, and the
    # chrome check reads every part beside)
    return _declared_members(after, stats) >= MEMBERS_MIN and \
        _no_chrome_beside([p for p in parts if p is not node]) and \
        not any(p.find(".//form") is not None for p in after)


def _declared_members(parts: list[HtmlElement], stats: dict[HtmlElement, _Stats]) -> int:
    """How many members' entries ``parts`` hold (``_declares_its_name``), counted up to
    ``MEMBERS_MIN``."""
    found = 0
    for part in parts:
        for heading in part.iter(*_HEADINGS):
            if _declares_its_name(heading, stats):
                found += 1
                if found >= MEMBERS_MIN:
                    return found
    return found


def _declares_its_name(heading: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``heading`` names a member (a program's name, ``select`` or ``select()``)
    and the block after it is a signature line declaring that name."""
    name = _CALL_SUFFIX_RE.sub("", _collapsed_text(heading))
    if PROGRAM_NAME_RE.fullmatch(name) is None:
        return False
    sig = heading.getnext()
    while sig is not None and (not isinstance(sig.tag, str) or sig not in stats
                               or not stats[sig].text):
        sig = sig.getnext()
    if sig is None or not signature_line(sig, stats):
        return False
    return re.search(rf"(?<![\w$]){re.escape(name)}(?![\w$])", _collapsed_text(sig)) is not None
