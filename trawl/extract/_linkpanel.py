"""A panel of the page's links: a box of nothing but headed lists of links, one of them an
outline of the page (links to its own places), another leading out of it.

A reference's quick view (the Apache manual's ``div#quickview``, which its style sheet
sets beside the text and its script moves into a panel a button opens) is that box:
"Topics" and "Directives", the page's sections and entries linked to their places;
"Bugfix checklist", the project's bug tracker; "See also", other pages. It repeats the
page's headings and points elsewhere; a reader takes it for the page's navigation, as the
"On this page" column of a documentation theme (``_outline``). ``_boiler`` asks this of
the blocks with links.

The hostile shapes: a table of the page's contents in the text (links to its own places
only: the text's, see ``_signals.page_contents``), a "See also" or "Further reading"
section (links out only), a landing page's sections of links to other pages (links out
only). Only the two together, the page's outline beside links out, in one box that says
nothing else, make the panel.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._tree import _HEADINGS

_LISTS = frozenset(("ul", "ol"))
PANEL_MIN_LISTS = 2
"""Lists a panel holds at least (an outline or an index, and a list of links out)."""
PANEL_NOTE_MAX_CHARS = 80
"""A panel's line of no links, standing for a list it has not ("This module provides no
directives."), says this much at most."""
_ITEM_PARTS = frozenset(("a", "img", "code", "span", "em", "strong", "b", "i"))
"""What an item of a panel's list holds: a link, its icon, the phrasing around the link's
name (the name set as code)."""


def links_panel(el: HtmlElement) -> bool:
    """Whether the ``div`` ``el`` is a panel of the page's links: its children are
    headings and lists only (and a short line of no links where a list is empty,
    ``_empty_list_note``), ``PANEL_MIN_LISTS`` lists at least, each a list of links
    (``_list_of_links``); one of them an outline of the page (``_outlines_page``) and
    another leading out of it (``_leads_out``)."""
    # (the cheap tests first, asked of every block with links: children enough, no text of
    # its own, and enough lists among its children before any list's links are read)
    if len(el) < PANEL_MIN_LISTS or (el.text or "").strip() or not _lists_among_children(el):
        return False
    lists: list[HtmlElement] = []
    for child in el:
        tag = child.tag
        if not isinstance(tag, str) or tag in _HEADINGS:
            continue
        if tag in _LISTS and _list_of_links(child):
            lists.append(child)
        elif not _empty_list_note(child):
            return False
    return len(lists) >= PANEL_MIN_LISTS and not (el.text or "").strip() and \
        any(_outlines_page(x) for x in lists) and any(_leads_out(x) for x in lists)


def _lists_among_children(el: HtmlElement) -> bool:
    """Whether ``PANEL_MIN_LISTS`` of ``el``'s children are lists (``ul``, ``ol``): looked
    for by lxml among the children, no more of them read than that."""
    lists = el.iterchildren(*_LISTS)
    return all(next(lists, None) is not None for _ in range(PANEL_MIN_LISTS))


def _empty_list_note(el: HtmlElement) -> bool:
    """Whether ``el`` is a paragraph of no links and ``PANEL_NOTE_MAX_CHARS`` at most: a
    panel's line where a list is empty. A paragraph that says more, or links, is text."""
    if el.tag != "p" or len(el) or el.find(".//a") is not None:
        return False
    return len(" ".join((el.text or "").split())) <= PANEL_NOTE_MAX_CHARS


def _list_of_links(el: HtmlElement) -> bool:
    """Whether every item of the list ``el`` is a link (an icon, phrasing around it), with
    no words of its own: a list of sentences that link is the page's text."""
    items = 0
    for item in el:
        if not isinstance(item.tag, str):
            continue
        if item.tag != "li" or (item.text or "").strip() or item.find(".//a") is None:
            return False
        for d in item.iterdescendants():
            if not isinstance(d.tag, str):
                continue
            if d.tag not in _ITEM_PARTS or ((d.tail or "").strip() and d.getparent() is item):
                return False
        items += 1
    return items > 0


def _outlines_page(el: HtmlElement) -> bool:
    """Whether every link of the list ``el`` leads to a place on the page (``#...``): its
    outline or its index. The guard against a box of links out only (a "Further reading"
    section's "Books" and "Articles"), which the page says."""
    return all((a.get("href") or "").startswith("#") for a in el.iter("a"))


def _leads_out(el: HtmlElement) -> bool:
    """Whether every link of the list ``el`` leads out of the page (another page, another
    site). The guard against a box of the page's own places only (its contents: "Sections"
    and "Examples"), which is the text's table of contents."""
    return not any((a.get("href") or "#").startswith("#") for a in el.iter("a"))
