"""A document's contents page: its table of contents and its index, both of one other
page (a manual written on one page, its contents and index on another: Lua's
``contents.html``, "Contents" over the manual's sections, "Index" over its functions,
every link to ``manual.html``). The index, a table of links, scores best; the body that
holds it and the table of contents is the page (``_whole.whole`` asks at the body)."""

from __future__ import annotations

from lxml.html import HtmlElement

from ._stats import _Stats
from ._toc import LISTS, Anchors, contents_list

ONE_DOCUMENT_SHARE = 0.9
"""At least this share of a list's links go to the one document it is of."""
INDEX_MIN_LINKS = 20
"""An index of a document links this many of its places at least; a bar or a box, fewer."""
INDEX_MIN_LINK_DENSITY = 0.6
"""An index is mostly its links (names, each to where the document defines it)."""


def _document_of(el: HtmlElement) -> tuple[str | None, int]:
    """The page most of ``el``'s links lead to (less their fragment), when at least
    ``ONE_DOCUMENT_SHARE`` of them do and it is another page (not ``#...``), and how many
    links ``el`` holds."""
    pages: dict[str, int] = {}
    count = 0
    for a in el.iter("a"):
        href = (a.get("href") or "").strip()
        if not href:
            continue
        count += 1
        page = href.partition("#")[0]  # (not urldefrag: an index is read link by link)
        pages[page] = pages.get(page, 0) + 1
    if not pages:
        return None, count
    page, most = max(pages.items(), key=lambda kv: kv[1])
    return (page or None) if most >= ONE_DOCUMENT_SHARE * count else None, count


def _index_of_one_document(node: HtmlElement, stats: dict[HtmlElement, _Stats]) -> str | None:
    """The document ``node`` is an index of: a block mostly of links
    (``INDEX_MIN_LINK_DENSITY``), ``INDEX_MIN_LINKS`` of them or more, nearly all to places
    of one other page (``_document_of``)."""
    st = stats.get(node)
    if st is None or not st.text or st.links < INDEX_MIN_LINK_DENSITY * st.text:
        return None
    page, count = _document_of(node)
    return page if count >= INDEX_MIN_LINKS else None


def contents_and_index(node: HtmlElement, body: HtmlElement,
                       stats: dict[HtmlElement, _Stats], anchors: Anchors) -> bool:
    """Whether ``body`` is a document's contents page and ``node`` (a child of it) its
    index: ``node`` is an index of one other page (``_index_of_one_document``) and the
    body holds, before it, a table of contents (``contents_list``) of that same page
    (``_same_document``). A reader opens the page for both lists. Guard: a site's menu
    or sidebar beside a list of links leads to many pages, not the places of one."""
    if node.getparent() is not body:
        return False
    page = _index_of_one_document(node, stats)
    if page is None:
        return False
    for child in body:
        if child is node:
            return False
        if isinstance(child.tag, str) and child in stats and stats[child].text:
            for lst in ([child] if child.tag in LISTS else child.iter(*LISTS)):
                if _same_document(lst, page) and contents_list(lst, anchors):
                    return True
    return False


def _same_document(lst: HtmlElement, page: str) -> bool:
    """Guard: the list's links lead (``ONE_DOCUMENT_SHARE`` of them) to ``page``, the
    document the index is of."""
    return _document_of(lst)[0] == page
