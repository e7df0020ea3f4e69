"""Where a page's header ends: its headline, byline and dateline come before the document's
own table of contents and before its first section's listing, never after them. What
follows is the document's text, though a line of it reads as a byline or a dateline
("Updated by Jim Gettys and Juliusz Chroboczek.", "Implements siblings as per ISO/IEC
10179:1996": a standard's year): a DocBook article's title page (title, author, date)
closes over its "Table of Contents"; a reference entry's "Synopsis" listing opens its
sections, a short description after it."""

from __future__ import annotations

from lxml.html import HtmlElement

from ._toc import LISTS, contents_list
from ._tree import _HEADINGS, _collapsed_text, _norm


def ends_header(el: HtmlElement, headline: str) -> bool:
    """Whether ``el`` ends the page's header (``_edges.strip_header``'s scan, once it has
    found the ``headline``): the document's own contents (``contents_end_header``) or a
    listing under a section's heading (``listing_ends_header``)."""
    return contents_end_header(el) or listing_ends_header(el, headline)


def contents_end_header(el: HtmlElement) -> bool:
    """Whether ``el`` ends the page's header (``_edges.strip_header``'s scan): it is a list
    that is the document's own table of contents (``_lists_own_sections``). A header's
    lines are over the contents a document sets under its title page; a byline after them
    is a line of the text. A list of links to other pages (a breadcrumb, a strip of
    sections of a site) between a headline and its byline ends nothing: the byline under
    it is still the header's."""
    return el.tag in LISTS and _lists_own_sections(el)


def _lists_own_sections(lst: HtmlElement) -> bool:
    """The guard: ``lst`` is a table of contents (``_toc.contents_list``: entries led by
    links, named so or listing the page's own sections), not any list of links."""
    return contents_list(lst)


def listing_ends_header(el: HtmlElement, headline: str) -> bool:
    """Whether ``el`` is a code listing (``pre``) that opens a section of its own
    (``_under_section_heading``): a reference entry's "Synopsis" (``(siblings snl)``) under
    the entry's title. A header is its headline and a few lines of words (a standfirst,
    a byline, a date); a section with a listing is the body, and what follows it is the
    body too. A site's banner set as preformatted text (an ASCII-art logo over the
    headline's byline) heads no section: the byline under it is still the header's."""
    return el.tag == "pre" and _under_section_heading(el, headline)


def _under_section_heading(el: HtmlElement, headline: str) -> bool:
    """The guard: the element before ``el`` among its siblings is a heading other than the
    page's ``headline`` (``el`` is the first block of the section that heading opens; a
    listing right under the headline opens no section, the page's header may hold it)."""
    prev = el.getprevious()
    while prev is not None and not isinstance(prev.tag, str):
        prev = prev.getprevious()
    return prev is not None and prev.tag in _HEADINGS and \
        _norm(_collapsed_text(prev)) != _norm(headline)
