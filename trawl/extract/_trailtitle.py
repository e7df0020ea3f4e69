"""A page's title set as the last step of its trail of parent links, in the header bar.

A wiki's template may show a page's title nowhere but in its header bar, after the links to
its parent pages (ikiwiki: ``<span class="parentlinks"><a>wiki</a>/ <a>plugins</a>/
</span><span class="title">tags</span>``), no heading in the page. ``_edges.headline_before``
takes a block above the content that says most of a title of three words or more for its
headline; a title of a word or two ("tags", "first post") said in a block that is no heading
could as well be a section's label, and such pages lost their title (the title's words are
the page's name, which a reader sees over the text).

``title_after_trail`` says when a short block is that title: it says the page's whole title
(its words, run together as ``_entryhead.title_key`` reads them), links nowhere, holds no
block, and closes a trail: the element before it is links and separators only, and nothing
follows it in its parent. Guard: a site's menu showing the current page unlinked among the
others ("Home | Tags | About") has links after it, or sets its items in a list.
"""

from __future__ import annotations

import itertools

from lxml.html import HtmlElement

from ._entryhead import title_key
from ._tree import _collapsed_text

TRAIL_SEPARATOR_MAX_CHARS = 3
"""What a trail sets between two links besides them: "/", "»", " > "."""
_TITLE_LINE_TAGS = frozenset(("span", "div"))


def title_after_trail(el: HtmlElement, title: str | None) -> bool:
    """Whether ``el`` is the page's title closing its trail of parent links (see the
    module's docstring)."""
    if el.tag not in _TITLE_LINE_TAGS or not title or len(el):
        return False  # (the cheap tests first: this is asked of the blocks over the content)
    return _closing_title(el, title_key(title))


def _closing_title(el: HtmlElement, key: str) -> bool:
    """``title_after_trail`` of a span or div, the title's ``title_key`` read once."""
    text = el.text
    if len(el) or not key or not text or len(text) < len(key):
        return False  # (a block of elements is no title's line; nor a line shorter)
    if title_key(text) != key or (el.tail or "").strip():
        return False
    if not _closes(el):
        return False
    previous = el.getprevious()
    return previous is not None and _trail(previous)


def _closes(el: HtmlElement) -> bool:
    """Guard: ``el`` closes its block, nothing after it, and stands in no list's item or
    link (a menu's current page, unlinked among the other pages' links, has links after
    it or is an item of the menu's list)."""
    return el.getnext() is None and next(el.iterancestors("li", "a"), None) is None


def _trail(el: HtmlElement) -> bool:
    """Whether ``el`` is a trail of links: one link at least, and between and around them
    nothing but separators (``TRAIL_SEPARATOR_MAX_CHARS`` each)."""
    links = list(el.iter("a"))
    if not links or any(a is el for a in links):
        return False
    texts = [el.text] + [a.tail for a in links]
    if any(len((t or "").strip()) > TRAIL_SEPARATOR_MAX_CHARS for t in texts):
        return False
    return all(a.getparent() is el and _collapsed_text(a) for a in links)


TRAIL_SCAN_MAX = 80
"""How many of the content's first elements are looked at for a header bar's title: the
bar is at the top, over the text."""


def trail_title_in(content: HtmlElement, title: str | None) -> HtmlElement | None:
    """The page's title closing its trail (``title_after_trail``) among the content's first
    ``TRAIL_SCAN_MAX`` elements, if any. ``_content`` drops the trail (the header bar's
    links to the parent pages: chrome) and keeps the block holding the title, the
    content's own header, through prune; ``_edges.strip_header`` reads the headline off it."""
    key = title_key(title)
    if not key:
        return None
    for el in itertools.islice(content.iter("span", "div"), TRAIL_SCAN_MAX):
        if _closing_title(el, key):
            return None if _own_heading(content) else el
    return None


def _own_heading(content: HtmlElement) -> bool:
    """Guard of ``trail_title_in``: the content has a headline of its own (an ``h1``), which
    ``_edges.strip_header`` reads; the bar then only repeats it, and goes as a bar of links
    (kept, its trail came in over the headline)."""
    return next(content.iter("h1"), None) is not None

