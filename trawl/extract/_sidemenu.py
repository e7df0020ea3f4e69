"""A side menu beside a titled column, on a page none of whose own text scored.

Boilerplate removal spares a sidebar that holds most of a page's text (its size guard: a
docs page's "sidebar" may be its content). On a short page (a manual's cover: its title,
version and date; nothing a paragraph long) the side menu of every module and function of
the application is most of the text, it is spared, and with no candidate to choose the
page is its body, menu and all. The menu's own shape says it is none of the page: it is a
column of links beside another column, a block of the page's own that holds a heading.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._chrome import _is_chrome
from ._stats import _link_density, _Stats
from ._tree import _HEADINGS, _is_ancestor

MENU_MIN_LINK_DENSITY = 0.5
"""A side menu is this much links (a site map's list is all links too: the column of the
page's own beside it is what tells them apart)."""
_COLUMNS = frozenset(("div", "main", "article", "section"))


def side_menus(body: HtmlElement, stats: dict[HtmlElement, _Stats]) -> list[HtmlElement]:
    """The side menus of a page none of whose text scored: navigation chrome by tag or
    role (``nav``, ``aside``, ``role=navigation``...) that is mostly links and stands
    beside a column of the page's own (``_titled_column``). A page's list of links with no
    such column beside it (a site map under its heading) is what the page says: kept."""
    menus: list[HtmlElement] = []
    for el in body.iter():
        if not isinstance(el.tag, str) or el is body:
            continue
        role = (el.get("role") or "").strip().lower()
        if not (role or el.tag in ("nav", "aside")) or not _is_chrome(el, el.tag, role):
            continue
        if any(m is a for m in menus for a in el.iterancestors()):
            continue
        st = stats.get(el)
        if st is None or not st.text or _link_density(st) < MENU_MIN_LINK_DENSITY:
            continue
        parent = el.getparent()
        if parent is not None and any(_titled_column(sib, stats) for sib in parent
                                      if sib is not el):
            menus.append(el)
    return menus


def _titled_column(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``el`` is a column of the page's own: a block (not a heading itself, not
    chrome) holding a heading with text."""
    if not isinstance(el.tag, str) or el.tag not in _COLUMNS or el not in stats:
        return False
    role = (el.get("role") or "").strip().lower()
    if _is_chrome(el, el.tag, role):
        return False
    return any(h in stats and stats[h].text for h in el.iter(*_HEADINGS))


def menus_alone(body: HtmlElement, scores: dict[HtmlElement, float],
                stats: dict[HtmlElement, _Stats]) -> list[HtmlElement]:
    """The page's side menus (``side_menus``) when every candidate that scored is one, is in
    one or wraps one: the page's own text is too short to score (a cover's title, version
    and date), and a menu entry's long name ("date_and_time_to_universal_time_dst/1") is
    all that did. Else []: a page with a paragraph of its own is judged as ever."""
    menus = side_menus(body, stats)
    if not menus or not all(any(el is m or _is_ancestor(m, el) or _is_ancestor(el, m)
                                for m in menus) for el in scores):
        return []
    return menus
