"""Short bars of links to other pages, chrome: a pager (by its links' ``rel``), a bar of
languages (by their ``hreflang``), a node's navigation bar, a bar to the pages before and
after and a line leading on to one (``_bar_of_links``, asked by ``_boiler``)."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._navbar import NAV_BAR_MAX_CHARS, navigation_bar
from ._postpager import POST_PAGER_MAX_CHARS, post_pager
from ._seqbar import PAGE_LINE_MAX_CHARS, SEQUENCE_BAR_MAX_CHARS, page_line, sequence_bar
from ._stats import _Stats
from ._text import words
from ._tree import _HEADINGS

_SEQUENCE_RELS = words("next prev previous up start first last contents toc index home")
"""Link types (HTML's ``rel``: ``next`` and ``prev`` in HTML5, the others in HTML 4's list)
that name a page's place in a sequence of pages: links of a pager."""
_PAGER_MIN_LINKS = 2
_PAGER_LABEL_CHARS = 12
"""Text outside a pager's links, at most, per link: its labels ("Next: ", ", Up: ", "][")."""
_PAGER_MAX_CHARS = 400
"""Past this much text a block is no bar of links (only short blocks are looked at)."""


def _pager(el: HtmlElement, st: _Stats) -> bool:
    """A bar of links to the pages around this one (next, previous, up, contents, index),
    each link saying so by its ``rel``, with nothing but labels between them: makeinfo's
    header ("Next: <a rel=next>..</a>, Up: <a rel=up>..</a> [<a rel=contents>Contents</a>]"),
    a blog's older/newer posts. The ``rel`` is the page's own word that these links are its
    navigation, whatever its classes say (Texinfo's bar is only ``div.header``); a paragraph
    of prose citing the next chapter has more than labels outside its link."""
    if st.text > _PAGER_MAX_CHARS or el.tag == "a":
        return False
    links = 0  # (every link's rel asked first, as read: most blocks' first link has none)
    for a in el.iter("a"):
        if a.get("href") is not None:
            if not set((a.get("rel") or "").lower().split()) & _SEQUENCE_RELS:
                return False
            links += 1
    if links < _PAGER_MIN_LINKS or st.text - st.links > _PAGER_LABEL_CHARS * links:
        return False
    # (the bar itself, not the section holding it and a heading: "15 Bugs" is no label)
    return not any(True for _ in el.iter(*_HEADINGS))


LANGUAGE_BAR_MAX_CHARS = 600
"""Past this much text a block is no bar of languages (thirty languages' names fit)."""
LANGUAGE_LABEL_MAX_CHARS = 40
"""A language bar's label before its links ("Available Languages:"), at most."""
_WORD_RE = re.compile(r"\w")


def _language_bar(el: HtmlElement, st: _Stats) -> bool:
    """A bar of links to the page in other languages: two links or more, every one but
    the page's own language (at most one link) naming the language it leads to by its
    ``hreflang``, with nothing but a label before them and separators between them
    (``_labels_links``: "Available Languages: en | fr | ja | ko"; a site's language
    menu). The ``hreflang`` is the page's own word that a link leads to a translation, and
    a row of them is the site's chrome, no text of the page; a sentence citing a
    translation ("Read it in <a>German</a> or in <a>French</a>, as ...") has words between
    and after its links."""
    if st.text > LANGUAGE_BAR_MAX_CHARS or el.tag == "a":
        return False
    links = without = 0  # (read until a second link without one: most blocks' first two)
    for a in el.iter("a"):
        if a.get("href") is None:
            continue
        links += 1
        if not a.get("hreflang"):
            without += 1
            if without > 1:
                return False
    if links < 2 or any(True for _ in el.iter(*_HEADINGS)):
        return False
    return _labels_links(el)


_BARS_MAX_CHARS = max(_PAGER_MAX_CHARS, LANGUAGE_BAR_MAX_CHARS, NAV_BAR_MAX_CHARS,
                      SEQUENCE_BAR_MAX_CHARS, PAGE_LINE_MAX_CHARS, POST_PAGER_MAX_CHARS)
"""Past this much text a block is none of ``_bar_of_links``' bars (each has its limit)."""


def _bar_of_links(el: HtmlElement, st: _Stats, paged: bool = True) -> bool:
    """Whether ``el`` is a short bar of links to other pages: a pager (by its links'
    ``rel``), a bar of languages, a node's navigation bar (by its labels), a bar to the
    pages before and after (by the page's head), or a line leading on to one of them, or
    a post's pager to its sibling posts (by its labels and place: ``_postpager``).
    (Asked only of blocks of ``_BARS_MAX_CHARS`` at most: of every block with links, most
    are longer, and none of the six is asked.) The bar and the line to the head's pages
    read the page's head, asked only when it names a page before or after this one
    (``paged``, once a page)."""
    return _pager(el, st) or _language_bar(el, st) or navigation_bar(el, st) or \
        (paged and (sequence_bar(el, st) or page_line(el, st))) or post_pager(el, st)


def _labels_links(el: HtmlElement) -> bool:
    """Whether the text of ``el`` outside its links is a label before the first link (at
    most ``LANGUAGE_LABEL_MAX_CHARS``) and, after it, separators only (no word)."""
    before: list[str] = []
    after = False  # (a link met)

    def walk(node: HtmlElement) -> bool:  # False: a word after a link
        nonlocal after
        if node.text and not _outside(node.text):
            return False
        for child in node:
            if isinstance(child.tag, str):
                if child.tag == "a" and child.get("href") is not None:
                    after = True
                elif not walk(child):
                    return False
            if child.tail and not _outside(child.tail):
                return False
        return True

    def _outside(text: str) -> bool:  # False: a word after a link
        if after:
            return _WORD_RE.search(text) is None
        before.append(text)
        return True

    return walk(el) and len("".join(before).strip()) <= LANGUAGE_LABEL_MAX_CHARS
