"""A reference entry's name line that does not open with its title's characters: the name
set in its language's marks (the entry for a processing instruction, an element or a
directive names it as it is written: "<?dblatex angle?> — Rotates an imagedata Image"
under the title "dblatex angle"), or the names of an entry of several under a title that
names the group ("current.docid, olink.base.uri, olink.debug — Parameters to configure
Olinks" under "Olink Parameters"). The line is the entry's names and purpose, the page's
text, as ``_namelines.says_more``'s "ls — list directory contents" is."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._stats import CODE_TAGS
from ._tree import _collapsed_text, _norm

_PURPOSE_SPLIT_RE = re.compile(r"\s+[—–-]+\s+")
"""The dash between a name line's name and its purpose."""


def marked_name_line(p: HtmlElement, text: str, name: str) -> bool:
    """Whether the paragraph ``p`` (its collapsed ``text``) is the name line of the entry
    titled ``name``: before its dash, the title's words and nothing else but marks
    ("<?", "?>", "<", ">": ``_norm`` reads words only), a purpose after it, and that name
    set in code (``_name_in_code``)."""
    lead, dash, purpose = _split(text)
    return bool(dash and purpose.strip()) and lead != name and \
        _norm(lead) == _norm(name) and _name_in_code(p, lead)


def _split(text: str) -> tuple[str, str, str]:
    found = _PURPOSE_SPLIT_RE.search(text)
    if found is None:
        return text, "", ""
    return text[:found.start()], found.group(), text[found.end():]


def _name_in_code(p: HtmlElement, lead: str) -> bool:
    """The guard: the line opens with a code element (``CODE_TAGS``) whose text is the
    name as written, marks and all; a standfirst quoting its story's headline ("“The
    council votes” — a report by Jane Roe") sets no code."""
    if (p.text or "").strip():
        return False
    first = next((c for c in p if isinstance(c.tag, str)), None)
    return first is not None and first.tag in CODE_TAGS and \
        _collapsed_text(first) == lead.strip()


NAMES_LINE_MIN_NAMES = 2
"""An entry of several names lists two or more before its dash."""


def code_names_line(p: HtmlElement, text: str) -> bool:
    """Whether the paragraph ``p`` (its collapsed ``text``) is the name line of an entry of
    several names: before its dash, ``NAMES_LINE_MIN_NAMES`` names or more, each set in
    code, between commas and nothing else (``_only_code_names``), a purpose after it."""
    lead, dash, purpose = _split(text)
    return bool(dash and purpose.strip()) and _only_code_names(p, lead)


def _only_code_names(p: HtmlElement, lead: str) -> bool:
    """The guard: the words before the dash are code elements' (``CODE_TAGS``, or a
    wrapper of one), two or more, with only commas between them; a standfirst or a byline
    naming things in words ("Ada Quill, Bo Kosek — March 3") sets them in no code."""
    if (p.text or "").strip():
        return False
    names = 0
    said = ""
    for child in p:
        if not isinstance(child.tag, str):
            continue
        if child.tag not in CODE_TAGS and child.find(".//code") is None:
            return False
        names += 1
        said += _collapsed_text(child)
        tail = (child.tail or "").strip()
        if tail and tail != ",":
            break
        said += ", " if tail else " "
    return names >= NAMES_LINE_MIN_NAMES and _norm(said) == _norm(lead)
