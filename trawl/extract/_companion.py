"""A reference page's links to its own companion pages, and its "See also" line of the
site's other pages: the page's own, not a menu or a promotion.

A class's reference page opens, under its title, with a list of one item: a link to the
page of all the class's members ("List of all members, including inherited members",
QDoc writes ``<ul><li><a href="qlatin1char-members.html">...</a></li></ul>``). Read as
a menu of one link, it went on every short class page (qunhandledexception.html 91 %).
The page it opens is named after the class the page is about: the page's title's first
word, a name as code writes it ("QUnhandledException Class"), then a part of its own
(``-members``). A related story's link names another story, and a story's title is words.

A reference entry's "See also" line ends its description with the site's other pages,
named by their titles as well as by code names ("See also QAnimationGroup, The Animation
Framework.", "See also Text Codec: EUC-KR."): its lead set apart as a field's label
(``<b>See also </b>``), every link to a page beside this one (a bare file name, the flat
folder a generator writes its pages in), no label's colon after the lead, a full stop. A
promotion's "See also: <a>another story</a>" labels it with a colon, a story's "See also
<a>Council delays the park</a>." is a line of its text, and a news site's stories are
addressed from the site's root (``/news/2024/...``).
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._seenames import _CAMEL_NAME_RE, _SEE_ALSO_RE
from ._tree import _collapsed_text

MEMBER_LINK_MIN_WORDS = 3
"""A companion page's link names it in a few words ("List of all members"); a bare
"Members" or "More" is a tab's or a menu's."""
COMPANION_MAX_ITEMS = 3
"""A page has a companion page or two (its members, its obsolete members); a longer list
of links is a menu's."""
_TITLE_LOOKBACK = 8
"""How many blocks before the list its page's title may be (the title, a brief, a
summary table, an introduction line)."""
_FILE_NAME_RE = re.compile(r"[\w.-]+\.html?(?:#[\w.:-]*)?")
"""A page beside this one: a bare file name, in the same folder, no path before it."""


def companion_link(el: HtmlElement) -> bool:
    """Whether ``el`` is a list of a few items (``COMPANION_MAX_ITEMS``), each a link and
    nothing else, one of ``MEMBER_LINK_MIN_WORDS`` words or more, each to a page of the
    same folder whose file is named after the page's subject: the first word of the title
    (``h1``) a few blocks before the list, a name as code writes it, then a part of its
    own ("QEasingCurve Class": ``qeasingcurve-members.html``, ``qeasingcurve-obsolete.html``):
    the page's own companion pages (its members, its obsolete members). Guard: a title of
    words ("Council votes on the budget") names no code, and a related story's page is no
    part of this one (``_named_after``)."""
    if el.tag not in ("ul", "ol") or not 0 < len(el) <= COMPANION_MAX_ITEMS:
        return False
    hrefs, longest = [], 0
    for item in el:
        if item.tag != "li" or len(item) != 1 or item[0].tag != "a" or \
                (item.text or "").strip() or (item[0].tail or "").strip():
            return False
        href = item[0].get("href") or ""
        if _FILE_NAME_RE.fullmatch(href) is None:
            return False
        hrefs.append(href)
        longest = max(longest, len(_collapsed_text(item[0]).split()))
    if longest < MEMBER_LINK_MIN_WORDS:
        return False
    title = _title_before(el)
    return title is not None and all(_named_after(href, title) for href in hrefs)


def _title_before(el: HtmlElement) -> str | None:
    """The text of the ``h1`` among the ``_TITLE_LOOKBACK`` blocks before ``el``."""
    node = el.getprevious()
    for _ in range(_TITLE_LOOKBACK):
        if node is None:
            return None
        if node.tag == "h1":
            return _collapsed_text(node)
        node = node.getprevious()
    return None


def _named_after(href: str, title: str) -> bool:
    """Whether the file ``href`` names holds the title's first word (a code name, its
    ``::`` as dashes) as whole dashed parts, then a part of its own: ``qlatin1char-members``
    for "QLatin1Char Class", ``qabstracteventdispatcher-timerinfo-members`` for a nested
    class's "TimerInfo Struct" (its outer class's name first)."""
    words = title.split()
    if not words or not all(_CAMEL_NAME_RE.fullmatch(part) for part in words[0].split("::")):
        return False
    parts = href.split("#", 1)[0].rsplit(".", 1)[0].lower().split("-")
    name = words[0].lower().split("::")
    return any(parts[i:i + len(name)] == name for i in range(len(parts) - len(name)))


def see_also_pages(el: HtmlElement, text: str) -> bool:
    """Whether the "See also" paragraph ``el`` (its collapsed ``text``) is a reference
    entry's line of the site's other pages: its lead set apart as a field's label
    (``_labelled``), no colon outside its links, a full stop, every link to a page beside
    this one (``_FILE_NAME_RE``: a bare file name). Guard: a promotion's lead is a line of
    its text ("See also <a>Council delays the park</a>."), or labels its story with a
    colon, or links it from the site's root."""
    if _SEE_ALSO_RE.match(text) is None or not text.endswith(".") or not _labelled(el):
        return False
    links = list(el.iter("a"))
    if not links or not all(_FILE_NAME_RE.fullmatch(a.get("href") or "") for a in links):
        return False
    outside = text
    for a in links:
        outside = outside.replace(_collapsed_text(a), " ", 1)
    return ":" not in outside


_LABEL_TAGS = frozenset(("b", "strong"))


def _labelled(el: HtmlElement) -> bool:
    """Whether ``el`` opens with its "See also" set apart in bold, nothing before it: a
    field's label, as a reference labels its "Parameters" and "Returns"."""
    if (el.text or "").strip() or not len(el) or el[0].tag not in _LABEL_TAGS:
        return False
    return _SEE_ALSO_RE.fullmatch(_collapsed_text(el[0])) is not None
