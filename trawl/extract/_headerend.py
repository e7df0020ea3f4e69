"""Where a page's header ends: its headline, byline and dateline come before the document's
own table of contents, never after it. What follows the contents is the document's text,
though a line of it reads as a byline ("Updated by Jim Gettys and Juliusz Chroboczek."): a
DocBook article's title page (title, author, date) closes over its "Table of Contents",
and the article's first paragraph, after it, says who revised it."""

from __future__ import annotations

from lxml.html import HtmlElement

from ._toc import LISTS, contents_list


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
