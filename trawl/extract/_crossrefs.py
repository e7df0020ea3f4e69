"""A "See also" section at the end of a page's content: the pages it cross-references.

A reference page (a command's, a function's, a man page's) often ends with a "See also"
heading over a short list of the site's other pages ("npm config", "npmrc", "npm
adduser"). Being short, it looked like a heading left dangling at the content's end (a
"Comments" or "Related" heading whose block prune removed, see
``_edges.drop_dangling_heading``), and went with its list. The list is the page's own
cross-references: the heading says so ("See also", nothing else), every link is a name of a
few words, and every link is to a page of the same site (a relative address). A story's
"Related" or "More on this" heading over headlines is no "See also" heading; a "See also"
over links to other sites (a share bar's "Twitter", "Facebook") or over headlines of many
words is no list of the site's pages' names.
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._tree import _collapsed_text

_SEE_ALSO_HEADING_RE = re.compile(r"see\s+also\W*", re.I)
"""A heading that is "See also" and nothing else (a colon at most)."""

CROSSREF_MAX_WORDS = 3
"""Words of a cross-reference's link at most: a page's name ("npm adduser"), not a
headline."""

_SITE_PAGE_RE = re.compile(r"(?![a-z][a-z0-9+.-]*:|//)[^?\s]+", re.I)
"""A relative address of a page of the same site (``/commands/npm-config.html``,
``../folders.html``, ``npmrc.html#top``): no scheme, no other host, no query string (a
tracker's, a search's)."""


def see_also_list(heading: HtmlElement, after: list[HtmlElement]) -> bool:
    """Whether ``heading`` says "See also" (see ``_says_see_also``) and what follows it
    (``after``, the elements with text) is lists of links and nothing else, each item one
    link, its text a name of ``CROSSREF_MAX_WORDS`` words at most, its address a page of the
    same site (see ``_site_page``)."""
    if not _says_see_also(heading):
        return False
    found = False
    for block in after:
        if block.tag not in ("ul", "ol"):
            return False
        for item in block:
            if not isinstance(item.tag, str):
                continue
            links = list(item.iter("a"))
            text = _collapsed_text(item)
            if item.tag != "li" or len(links) != 1 or _collapsed_text(links[0]) != text:
                return False
            if not text or len(text.split()) > CROSSREF_MAX_WORDS or \
                    not _site_page(links[0].get("href") or ""):
                return False
            found = True
    return found


def _says_see_also(heading: HtmlElement) -> bool:
    """Whether ``heading`` is a heading below the title that says "See also" and nothing
    else: a cross-reference's heading, not a promotion's ("Related", "More on this")."""
    return heading.tag in ("h2", "h3", "h4", "h5", "h6") and \
        _SEE_ALSO_HEADING_RE.fullmatch(_collapsed_text(heading)) is not None


def _site_page(href: str) -> bool:
    """Whether ``href`` is a relative address of a page of the same site (see
    ``_SITE_PAGE_RE``), not another site's (a share bar's, a sponsor's)."""
    return _SITE_PAGE_RE.fullmatch(href) is not None
