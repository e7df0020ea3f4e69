"""A document's "See also" section: its last section, a list of the site's other pages
under a heading that says "See also", however short.

Manual pages and reference pages end on one ("SEE ALSO": the commands and files the page
refers its reader to). On a short page it is a few words of links under its heading, which
``_edges.drop_dangling_heading`` would take for the leftover of a "Related" or "Tags" block
whose list of links went as chrome: the heading here says what the list is, and the page's
own sections run flat before it.
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._tree import _collapsed_text, after_flat_section

_SEE_ALSO_HEADING_RE = re.compile(r"\W*see\s+also\W*", re.I)
"""A heading of nothing but "See also" (a mark, a colon or an invisible self-link beside)."""


def see_also_section(heading: HtmlElement, after: list[HtmlElement]) -> bool:
    """Whether ``heading`` and what follows it (``after``) are a document's "See also"
    section: the heading says so (``says_see_also``), it is the last of flat sections
    (``_flat_sections``: a heading of its level before it among its siblings, with a body
    between them), and under it is one list of links to the site's own pages
    (``_list_of_own_links``).

    Guard: a "Tags" or "Share" heading over a short list of links (a story's leftovers,
    its block's chrome gone) says no "See also"; a list of links off the site (share
    buttons' addresses) is none of its pages."""
    return says_see_also(heading) and _flat_sections(heading) and _list_of_own_links(after)


def says_see_also(heading: HtmlElement) -> bool:
    """The heading's words are "See also" and nothing else."""
    return _SEE_ALSO_HEADING_RE.fullmatch(_collapsed_text(heading)) is not None


def _flat_sections(heading: HtmlElement) -> bool:
    """A heading of the same level precedes ``heading`` among its siblings, with text
    between them: the page's sections run flat, and this is their last."""
    return after_flat_section(heading)


def _list_of_own_links(after: list[HtmlElement]) -> bool:
    """``after`` is one list (``ul``, ``ol``) whose items are each a link and nothing else,
    each to a page of the site (a relative address: no scheme, no host); beside it only
    blocks of no text (a column emptied of its chrome)."""
    said = [el for el in after if _collapsed_text(el)]
    if len(said) != 1 or said[0].tag not in ("ul", "ol"):
        return False
    items = [li for li in said[0] if isinstance(li.tag, str)]
    if not items:
        return False
    for li in items:
        links = li.findall(".//a")
        if li.tag != "li" or len(links) != 1 or \
                _collapsed_text(links[0]) != _collapsed_text(li) or not _own(links[0]):
            return False
    return True


def _own(a: HtmlElement) -> bool:
    """The link is to a page of the site: a relative address, not another host's."""
    href = (a.get("href") or "").strip().lower()
    return bool(href) and not href.startswith(("http:", "https:", "//", "mailto:", "#"))
