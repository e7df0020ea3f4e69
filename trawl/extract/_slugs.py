"""A link to a heading on the page spelled by another slugger: the anchor a Markdown
document's author wrote for a heading as GitHub spells it (``#developers-certificate-of-
origin-11``: the dot of "1.1" dropped) while the converter that made the page spells it its
own way (``id="developers-certificate-of-origin-1.1"``). A document's own "Contents" list
written so, one entry so spelled, still lists the page's sections: each of its links names
one of the page's anchors, letters and digits alike (``respelled_anchors``). Asked only of a
list under a heading that names it a table of contents (``_toc.contents_list``), and (brief
126) of a short list every link of which is the page's own, ``#...`` (``_toc._lists_itself``:
a Markdown page's "Overview" of its sections, none spelled as its converter spelled them)."""

from __future__ import annotations

import re
from collections import Counter

from lxml.html import HtmlElement

_NOT_ALNUM_RE = re.compile(r"[\W_]+")


def _slug_key(anchor: str) -> str:
    """The anchor's letters and digits, lower-cased: what every slugger keeps of a title."""
    return _NOT_ALNUM_RE.sub("", anchor).lower()


def respelled_anchors(lst: HtmlElement, anchors: set[str]) -> bool:
    """Whether every link of ``lst`` leads to a place on the page (a fragment), each an
    anchor of ``anchors`` as spelled or as another slugger spells it (``respelled``), and
    one at least as spelled: the page's own contents, a link or two of which another tool
    slugged."""
    keys: Counter[str] | None = None
    exact = False
    for a in lst.iter("a"):
        fragment = (a.get("href") or "").partition("#")[2]
        if not fragment:
            return False
        if fragment in anchors:
            exact = True
            continue
        if keys is None:
            keys = slug_keys(anchors)
        if not respelled(fragment, keys):
            return False
    return exact


def slug_keys(anchors: set[str]) -> Counter[str]:
    """The anchors' letters and digits (``_slug_key``), counted."""
    return Counter(_slug_key(v) for v in anchors)


def respelled(fragment: str, keys: Counter[str]) -> bool:
    """Whether ``fragment`` names one anchor of the page (``keys``: the anchors' letters and
    digits, counted) by its letters and digits, and one only: a fragment no anchor of the
    page spells so leads to another page's place (a list of other documents' sections)."""
    key = _slug_key(fragment)
    return bool(key) and keys.get(key, 0) == 1
