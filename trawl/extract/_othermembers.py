"""Another page's member index in a page's table: the rows a toggle row shows and hides.

An API reference lists a class's members in a table of rows, and after its own, the
members it inherits, one group per base class: a header row that a click opens ("Public
Member Functions inherited from log4cplus::Appender", its cell's ``onclick`` the toggle,
the base's name a link to its page), then that base's rows, folded until clicked, each
row's name a link into the base's page. Those rows are the base page's own index, repeated
on every class below it (an appender's page: 30 of its 720 words are its own members',
most of the rest its bases'); the reader sees the header row, folded. trawl reads no style
sheet, so the shape is the signal: a row whose cell acts on a click and names another page,
and the rows after it that share a class with it, each linking into that page and none
into this one. ``_clean.basic_clean`` drops those rows (brief 82); the header row stays
(what the reader sees, and the word that says the members are there).

The guard (``_into_named_page``): a group of this page's own members (links to anchors of
this page: a class's own sections, folded the same way) is the page's content, and stays;
so does a group whose rows lead anywhere but the page its header names.
"""

from __future__ import annotations

from lxml.html import HtmlElement


def _page_of(href: str) -> str:
    """A link's page: its address without the fragment ("" for a link into this page)."""
    return href.split("#", 1)[0].strip()


def _named_page(row: HtmlElement) -> str:
    """The other page a toggle row names: its one cell acts on a click (``onclick``) and
    holds one link, to another page (not to an anchor of this one); else ""."""
    cells = [c for c in row if c.tag in ("td", "th")]
    if len(cells) != 1 or cells[0].get("onclick") is None:
        return ""
    links = [a.get("href") or "" for a in cells[0].iter("a") if a.get("href") is not None]
    return _page_of(links[0]) if len(links) == 1 else ""


def toggles_another_page(row: HtmlElement) -> bool:
    """The rule: whether ``row`` is a toggle row naming another page (``_named_page``),
    whose group may be that page's members."""
    return bool(_named_page(row))


def _group(row: HtmlElement) -> list[HtmlElement]:
    """The rows after ``row`` that share a class token with it (the group it folds), up to
    the next toggle row (the next group's header, which shares the headers' class)."""
    tokens = set((row.get("class") or "").split())
    rows: list[HtmlElement] = []
    for sib in row.itersiblings():
        if sib.tag != "tr" or tokens.isdisjoint((sib.get("class") or "").split()) \
                or any(c.get("onclick") is not None for c in sib):
            break
        rows.append(sib)
    return rows


def _into_named_page(rows: list[HtmlElement], page: str) -> bool:
    """Whether the rows are ``page``'s index: some row links into it, and every row that
    links links into it and nowhere into this page (a fragment of its own)."""
    linked = False
    for row in rows:
        pages = {_page_of(a.get("href") or "") for a in row.iter("a")
                 if a.get("href") is not None}
        if not pages:
            continue  # (a separator row, a row of a description's words)
        if page not in pages or "" in pages:
            return False
        linked = True
    return linked


def another_pages_members(cell: HtmlElement) -> list[HtmlElement]:
    """The rows to drop under ``cell`` (a table cell with an ``onclick``): when its row is
    a toggle row naming another page (``toggles_another_page``) and the rows it folds are that
    page's members (``_into_named_page``), those rows; else none."""
    row = cell.getparent()
    if row is None or row.tag != "tr":
        return []
    if not toggles_another_page(row):
        return []
    page = _named_page(row)
    rows = _group(row)
    return rows if _into_named_page(rows, page) else []
