"""The page's own head over its entries: a module's name line, its header and description.

An API reference generator may write a page's title as a line, not a heading (Haddock:
``<p class="caption">Data.Coerce</p>``, under the module's header table of its copyright,
licence and stability), then the module's description, its synopsis and, last, its
entries (``div#interface``). When one entry's description scores best and the climb
stops at the entries (their block holds most of the page's prose), the head and the
description above them were lost (Data-Coerce.html kept 88 %): no heading above the
content says the title for ``_edges.headline_before`` to find, and the description is too
short to make the entries a part of anything by mass (``_whole._part_of``).

``under_own_title`` widens the content to the nearest ancestor (``HEAD_LEVELS`` up) whose
first block with text is the page's head: a short block (``HEAD_MAX_CHARS``) holding a
line that says the page's whole title (``_titleline.title_line``, no heading: a title
written as a heading is the headline's, lifted or joined by the steps that read it). The
block under the title is the page, as a book's chapter is what its title heads.

The guard: besides the content and its head, the ancestor holds no chrome: no block whose
class says chrome, no form, no list of teasers, and at most ``HEAD_MAX_LISTED_SHARE`` of
its text links standing as a list outside entries' signature lines (a synopsis repeating
the entries' signatures, a contents list of the page's sections are no sidebar). A page's
wrapper holding its title line, a column of other pages' links and the article stays as
it was: the content is the article.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._siglines import _in_signature_lines
from ._signals import _class_weight, teasers
from ._stats import _Stats, listed_links
from ._titleline import title_line
from ._tree import _HEADINGS, _is_ancestor

HEAD_LEVELS = 2
"""How far above the content the page's head may open a block (the entries' block, its
wrapper)."""
HEAD_MAX_CHARS = 1000
"""A page's head (its title line and header table) is at most this long."""
HEAD_MAX_LISTED_SHARE = 0.25
"""Links standing as a list, outside signature lines, besides the content: at most this
share of the text besides it."""


def under_own_title(content: HtmlElement, title: str | None,
                    stats: dict[HtmlElement, _Stats]) -> HtmlElement:
    """``content`` or the ancestor of it that the page's own head opens (``_head_block``)
    and that holds nothing else but text (``_no_chrome_beside``)."""
    if not title:
        return content
    node = content
    for _ in range(HEAD_LEVELS):
        parent = node.getparent()
        if parent is None or parent.tag in ("body", "html") or parent not in stats:
            return content
        if _head_block(parent, node, title, stats):
            return parent if _no_chrome_beside(parent, content, stats) else content
        node = parent
    return content


def _head_block(parent: HtmlElement, node: HtmlElement, title: str,
                stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``parent``'s first block with text, before ``node``, is the page's head: at
    most ``HEAD_MAX_CHARS``, no heading in it, and a line of it says the page's whole title."""
    first = next((c for c in parent if isinstance(c.tag, str) and c in stats
                  and stats[c].text), None)
    if first is None or first is node or stats[first].text > HEAD_MAX_CHARS or \
            next(first.iter(*_HEADINGS), None) is not None:
        return False
    return any(el in stats and title_line(el, title, stats[el].text)
               for el in first.iter() if isinstance(el.tag, str))


def _no_chrome_beside(parent: HtmlElement, content: HtmlElement,
                      stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``parent`` holds, besides ``content``, no block whose class says chrome, no
    form, no list of teasers, and few links standing as a list (``HEAD_MAX_LISTED_SHARE``)
    outside signature lines."""
    outer = stats[parent].text - stats[content].text
    if outer <= 0:
        return True
    lists: dict[HtmlElement, int] = {}
    listed = listed_links(parent, stats, lists)
    others = 0
    for child in parent:
        if not isinstance(child.tag, str) or child not in stats:
            continue
        if child is content or _is_ancestor(child, content):  # (the entries' wrapper)
            others += listed.get(child, 0) - listed.get(content, 0)
            continue
        if _class_weight(child) < 0 or teasers(child) or child.tag == "form" or \
                child.find(".//form") is not None:
            return False
        others += listed.get(child, 0) - _in_signature_lines(child, stats, listed)
    return others <= HEAD_MAX_LISTED_SHARE * outer
