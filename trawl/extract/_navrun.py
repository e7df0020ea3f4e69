"""A section's table of contents written a ``<nav>`` per entry: a run of sibling ``<nav>``
elements, each one list of one entry or a few, that together list the section's parts.

A part of a document split a section a page (LaTeXML's "Part I Package fancyvrb") is its
title, at most an introduction, and then its chapters' entries, which the converter sets
each in a ``nav`` of its own: nine ``nav`` elements of one link each, the page's whole
subject. Judged one by one, each is a short ``nav`` of one link, navigation by its tag, and
the page kept its title alone. Read together (``section_contents_run``) they are one
table of contents, as ``_articletoc`` reads a document's ``nav`` under its title: content,
when

* the run is inside a sectioning element (``section``, ``article``) whose first element is
  its heading, the run after it (the section's own contents, under its title);
* every ``nav`` of the run holds one list and nothing else, every entry led by a link
  (``_toc._led_by_link``), ``RUN_MIN_ENTRIES`` entries at least over the run;
* the run's first link is the page the head names next (``<link rel="next">``: the
  section's first part is where its document goes on, ``_toc.opens_on_next``) and none is
  the page it names previous (a table of a section's parts lists what comes after it).

Guards: a post's pager set as navs ("Next: ...", "Previous: ...", "All posts") links the
previous page; a site's menu of one-link navs leads elsewhere than the page's next; a
nav run outside a titled section (a layout's menus) is the site's.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._clean import PREV_PAGE_ATTR
from ._toc import LEADS_ON_MIN_ITEMS, _led_by_link, opens_on_next
from ._tree import _HEADINGS, _first_element

RUN_MIN_ENTRIES = LEADS_ON_MIN_ITEMS
"""Entries of the run, at least: fewer is a pager's "Next" and "Previous"."""
_SECTIONING = frozenset(("section", "article"))
_RUN_LISTS = frozenset(("ul", "ol"))


def section_contents_run(nav: HtmlElement) -> bool:
    """Whether ``nav`` is one of a run of sibling ``nav`` elements that together are its
    section's table of contents (module doc)."""
    parent = nav.getparent()
    if parent is None or parent.tag not in _SECTIONING:
        return False
    heading = _first_element(parent)
    if heading is None or heading.tag not in _HEADINGS or heading is nav:
        return False
    run = _run(nav)
    lists = [_only_list(n) for n in run]
    if any(lst is None for lst in lists):
        return False
    entries = 0
    for lst in lists:
        assert lst is not None
        items = [c for c in lst if isinstance(c.tag, str)]
        if not items or any(c.tag != "li" or not _led_by_link(c) for c in items):
            return False
        entries += len(items)
    first = lists[0]
    assert first is not None
    return entries >= RUN_MIN_ENTRIES and opens_on_next(first) and \
        not _links_previous(run)


def _run(nav: HtmlElement) -> list[HtmlElement]:
    """The ``nav`` elements adjacent to ``nav`` among its siblings (comments and blank
    text between them), in order, ``nav`` among them."""
    before: list[HtmlElement] = []
    for sib in nav.itersiblings(preceding=True):
        if not isinstance(sib.tag, str):
            continue
        if sib.tag != "nav" or (sib.tail or "").strip():
            break
        before.append(sib)
    after: list[HtmlElement] = []
    if not (nav.tail or "").strip():
        for sib in nav.itersiblings():
            if not isinstance(sib.tag, str):
                continue
            if sib.tag != "nav":
                break
            after.append(sib)
            if (sib.tail or "").strip():
                break
    return [*reversed(before), nav, *after]


def _only_list(nav: HtmlElement) -> HtmlElement | None:
    """The one list ``nav`` holds, nothing else beside it (no label, no other block)."""
    if (nav.text or "").strip():
        return None
    kids = [c for c in nav if isinstance(c.tag, str)]
    if len(kids) != 1 or kids[0].tag not in _RUN_LISTS or (kids[0].tail or "").strip():
        return None
    return kids[0]


def _links_previous(run: list[HtmlElement]) -> bool:
    """Whether a link of the run is the page the head names previous."""
    prev = run[0].getroottree().getroot().get(PREV_PAGE_ATTR, "").partition("#")[0]
    return bool(prev) and any((a.get("href") or "").partition("#")[0] == prev
                              for n in run for a in n.iter("a"))
