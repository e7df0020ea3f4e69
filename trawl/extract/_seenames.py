"""A reference's "See also" line of the names of other entries ("See also QChar,
QLatin1String, and QString."): the entry's cross-references, not a promotion.

An API reference ends a class's or a function's description with the names of related
classes, each linked to its page (QDoc writes ``<p><b>See also </b><a>QChar</a>,
<a>QLatin1String</a>, and <a>QString</a>.</p>``). Read as "See also: <a>another story</a>",
a promotion's lead
and its headline, the line went on every short page (qlatin1char.html 90 %). A name in
code is written as one word, its parts set apart by capitals ("QLatin1String",
"QJulianCalendar", "QMetaObject"); a promotion's links are headlines or topics ("See also
<a>Sports</a> and <a>Politics</a>"), words as prose writes them.
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._tree import _collapsed_text

_SEE_ALSO_RE = re.compile(r"see also\b", re.I)
_CAMEL_NAME_RE = re.compile(r"[A-Z][A-Za-z0-9]*[a-z0-9][A-Z][A-Za-z0-9]*|[A-Z]{2}[a-z][A-Za-z0-9]*")
"""A name as code writes it, one word with a capital inside after its first letter
("QLatin1String", "QMetaObject", "QChar")."""


def see_also_names(el: HtmlElement, text: str) -> bool:
    """Whether the "See also" paragraph ``el`` (its collapsed ``text``) is a reference's
    line of names: no label's colon, a full stop, every link to a page of the site (no
    other site's address) and each a name as code writes it (``code_names``)."""
    if _SEE_ALSO_RE.match(text) is None or ":" in text or not text.endswith("."):
        return False
    links = list(el.iter("a"))
    return bool(links) and all("://" not in (a.get("href") or "") for a in links) and \
        code_names(links)


def code_names(links: list[HtmlElement]) -> bool:
    """Whether each of ``links`` is one name as code writes it (``_CAMEL_NAME_RE``)."""
    return all(_CAMEL_NAME_RE.fullmatch(_collapsed_text(a)) is not None for a in links)
