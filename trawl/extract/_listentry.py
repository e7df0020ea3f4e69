"""A listing page's entries: a blog's archive, a category's or a tag's page lists its posts,
each an ``article`` whose ``<header>`` holds the post's title (a heading, a link to it) and
its date (``time``), and nothing else (Hexo's Landscape theme; WordPress's and Jekyll's
themes the same). ``_boiler`` drops a ``<header>`` as the page's banner unless it is its
section's; each entry's header, a tenth of the page, went so, and the listing with them:
the page came out empty. A comment thread is a run of articles with headers too, but a
comment's heading names its author, no page of the site (``_entry_title_link``).
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._tree import _HEADINGS

ENTRY_RUN_MIN = 3
"""How many entries in a row make a listing (an archive's page lists ten; two cards are a
pair, not a listing)."""


def listing_entry_header(el: HtmlElement) -> bool:
    """Whether the ``<header>`` ``el`` is an entry's header in the listing that is the page:
    it holds the entry's date (a ``time``) and its title linked to it
    (``_entry_title_link``), in an ``article`` (its child, or the child of the block
    wrapping the article's body), one of ``ENTRY_RUN_MIN`` sibling ``article`` elements or
    more. (A row of "related posts" cards of this shape under a post, its headers kept,
    still goes with its row: the row is a block of links, or of excerpts, beside the
    post's text, which the selection of the main block and the pruning leave out; tried
    with the row in the post's article and after it, with and without excerpts.)"""
    if el.find(".//time") is None:
        return False
    article = el.getparent()
    if article is not None and article.tag != "article":
        article = article.getparent()
    if article is None or article.tag != "article":
        return False
    if not _entry_title_link(el):
        return False
    listing = article.getparent()
    if listing is None:
        return False
    entries = sum(1 for child in listing if child.tag == "article")
    return entries >= ENTRY_RUN_MIN


def _entry_title_link(header: HtmlElement) -> bool:
    """Whether ``header`` holds a heading with a link in it: the entry's title, a link to
    the entry's own page. A comment thread's entries (an ``article`` a comment, its header
    the author's name and the comment's date) name a person, not linked or linked beside
    the heading: they are no listing of the site's pages."""
    return any(node.tag in _HEADINGS and node.find(".//a[@href]") is not None
               for node in header.iter())
