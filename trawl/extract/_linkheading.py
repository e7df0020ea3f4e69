"""A heading that is a link: a way to another page, or a title that happens to be linked.

A heading mostly link text (``_stats._link_density`` past a half) that leads to another
page (``leaves_page``) and introduces no text of its own (``_introduces_text``: the block
after it is at least ``MIN_INTRODUCED_CHARS`` and mostly not links) is navigation, which
prune drops: a "related" block's linked headlines, a menu's titles. A linked heading
followed by text is a section's title. (Moved out of ``_prune.py`` as it was, for room.)
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._dates import _dated
from ._signals import _shows_address, to_other_page
from ._stats import _link_density, _Stats
from ._tree import _HEADINGS, _first_element, _short_text, _wrapped_heading, next_element

MIN_INTRODUCED_CHARS = 25
"""A linked heading followed by at least this much text (mostly not links) is kept."""


def _introduces_text(heading: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether the element after ``heading`` is text more than links (what a section
    under a heading is). A heading its title block wraps (DocBook's ``div.titlepage``),
    or its section's ``<header>`` holds alone (``header_of_heading``), is followed by what
    follows the block."""
    node, after = heading, None
    while True:
        after = next_element(node)
        if after is not None and node is heading and entry_meta_line(after) and \
                _opens_entry(heading):
            after = next_element(after)  # (an entry's date and author under its title)
        parent = node.getparent()
        if after is not None or parent is None or not (
                (parent.tag == "div" and _wrapped_heading(parent) is heading)
                or header_of_heading(parent, heading)):
            break
        node = parent
    if after is None or after.tag in _HEADINGS:
        return False
    st = stats.get(after)
    return st is not None and st.text >= MIN_INTRODUCED_CHARS and _link_density(st) < 0.5


def _opens_entry(heading: HtmlElement) -> bool:
    """Whether ``heading`` opens its block (its parent's first element): an entry's title
    over its meta line and its excerpt, the three its block. Guard: a promotion's dated
    headline between a story's paragraphs opens no block, and the paragraph after its
    date line is the story's, not an excerpt the headline introduces."""
    parent = heading.getparent()
    return parent is not None and _first_element(parent) is heading \
        and not (parent.text or "").strip()


META_LINE_MAX_CHARS = 80
"""An entry's meta line ("May 4, 2026 by Ann Reyes in Walks") is this short at most."""


def entry_meta_line(el: HtmlElement) -> bool:
    """Whether ``el``, right after a linked heading, is an entry's meta line: a short line
    (``META_LINE_MAX_CHARS``, no block in it) that says a date (a ``time``, or its text
    ``_dated``), its links the date's and the author's. A blog's index sets each post's
    linked title over such a line and the post's excerpt: the title introduces the excerpt
    past the line. Guard: a reading list's linked headlines each over a date alone (a
    "related" box) introduce nothing past it, and still go."""
    if el.tag in _HEADINGS or any(isinstance(c.tag, str) and c.tag in _LINE_BLOCKS
                                  for c in el.iterdescendants()):
        return False
    text = _short_text(el, META_LINE_MAX_CHARS)
    return bool(text) and (el.tag == "time" or el.find(".//time") is not None
                           or _dated(text or ""))


_LINE_BLOCKS = frozenset(("p", "div", "ul", "ol", "table", "pre", "blockquote", "section",
                          "article", "dl", "figure", "img"))
"""What a meta line holds none of: it is one line of words and links."""


def link_heading(el: HtmlElement, st: _Stats, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether the heading ``el`` is navigation: a linked heading introducing nothing, or
    only more links (a "related" list); one followed by text is a title that happens to be
    a link (a link to an anchor of the page itself, like a FAQ's back-link to its
    questions, navigates nowhere)."""
    return bool(st.text) and _link_density(st) > 0.5 and leaves_page(el) \
        and not _introduces_text(el, stats) and not address_heading(el)


def address_heading(el: HtmlElement) -> bool:
    """Whether the heading ``el`` is titled by a web address it prints: its one link's text
    is the link's own address, a page's path on its host (``_shows_address``:
    "https://www.kernel.org/doc/html/v4.10/process/coding-style.html#you-ve-made-a-mess-of-it",
    a subsection a converted document titles by the page it discusses), and the heading
    opens its section's block (its parent's first element). A reader reads the address as
    the subsection's title, not as a way elsewhere: navigation names where it leads in
    words ("Related: Ten tips"). Guards: a site's name printed as its address ("example.com",
    a banner's logo) has no path; a heading of two links or of words is no printed address."""
    links = list(el.iter("a"))
    shown = [a for a in links if (a.get("href") or "").startswith(("http://", "https://"))]
    if len(shown) != 1 or not _shows_address(shown[0]) or not _has_path(shown[0]):
        return False
    parent = el.getparent()
    return parent is not None and _first_element(parent) is el


def _has_path(a: HtmlElement) -> bool:
    """Whether the link's address names a page on its host, not the host alone."""
    rest = (a.get("href") or "").split("://", 1)[-1]
    return bool(rest.partition("/")[2].strip("/"))


def leaves_page(el: HtmlElement) -> bool:
    """Whether ``el`` holds a link to another page (not only to anchors of this one; an
    ``<a>`` without ``href``, a place named for links to come to, goes nowhere)."""
    return any(to_other_page(a) for a in el.iter("a"))


def header_of_heading(block: HtmlElement, heading: HtmlElement) -> bool:
    """Whether ``block`` is a ``<header>`` holding ``heading`` and nothing else: HTML's
    header of a section grouping its heading (JSDoc's ``<section><header><h2><a>jsdoc/app
    </a>.jsdoc</h2></header><article>``, a name scoped by a link to its module), which the
    section's text follows, as a title block wrapping the heading is. A header holding a
    menu or a byline beside its heading is no such header."""
    if block.tag != "header" or (block.text or "").strip():
        return False
    kids = [c for c in block if isinstance(c.tag, str)]
    if len(kids) == 2 and kids[0] is heading and entry_meta_line(kids[1]):
        kids = kids[:1]  # (an entry's header: its title over its meta line, its text after)
    return kids == [heading] and not (heading.tail or "").strip()
