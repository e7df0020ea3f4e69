"""A post's own pager: two links to the posts before and after it, labelled by the way
they go ("← Previous", "Next →"), set after the post's text.

A blog's post often ends with a short list or bar leading to its sibling posts, one link
labelled back ("Previous", "Older", "←") and one labelled on ("Next", "Newer", "→"), the
links' text the other posts' titles. It is the site's sequence of posts, chrome like the
footer under it: a reader of the post reads no word of it as the post's. Where the page's
head names those posts (``<link rel="prev">``) or the links say so by their ``rel``,
``_seqbar`` and ``_linkbars._pager`` see it; a blog theme often says neither, and the pager
is known only by its shape: ``post_pager``.

Guards: the labels are all the text outside the two links, and every word of them is a
word of the way (``_LABEL_WORDS``): an article's last sentence citing two pages ("Next,
read <a>X</a> and <a>Y</a>.") says more words than labels; a list of two related articles
says no way; a list whose links' own text holds the words ("<a>Next.js</a>", "<a>Previous
releases</a>") has no labels outside them. Both ways are said, one back and one on: a lone
"Next: <a>Installing</a>" at a tutorial's foot is left (one link cannot be told from the
tutorial's own pointer to what to read next, and its text is one title: where the head
names that page as the next, ``_seqbar.page_line`` takes it). The links lead to other
pages (no fragment of this one: an outline's "previous section" arrows), two of them.
Nothing with text comes after the pager in its parent: it ends the block it stands in.
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._stats import _Stats
from ._text import text_content, words
from ._tree import _HEADINGS, next_element

POST_PAGER_MAX_CHARS = 300
"""Past this much text a block is no pager of two links (two titles and two labels)."""
_BACK_RE = re.compile(r"\b(?:prev|previous|older)\b|[«‹←]|<<", re.I)
_ON_RE = re.compile(r"\b(?:next|newer)\b|[»›→]|>>", re.I)
_LABEL_WORDS = words("prev previous older next newer post posts article entry page story")
"""The only words a pager's labels say ("Previous post", "Next article", "Older entry")."""
_WORD_RE = re.compile(r"\w+")
SWITCH = True
"""Off: no pager is known by its shape (the tests' loosening: see them fail)."""


def post_pager(el: HtmlElement, st: _Stats) -> bool:
    """Whether ``el`` is a post's pager (the module's shape): two links to other pages,
    outside them only labels of the way that say both ways, no heading, and nothing with
    text after it in its parent."""
    if not SWITCH or st.text > POST_PAGER_MAX_CHARS or el.tag == "a":
        return False
    links = [a for a in el.iter("a") if a.get("href") is not None]
    if not _two_pages(links):
        return False
    labels = " ".join(_outside_links(el))
    if not _labels_only(labels) or not _both_ways(labels):
        return False
    if any(True for _ in el.iter(*_HEADINGS)):
        return False
    return _ends_its_block(el)


def _two_pages(links: list[HtmlElement]) -> bool:
    """Whether ``links`` are two, to two other pages (no fragment of this one)."""
    if len(links) != 2:
        return False
    hrefs = [(a.get("href") or "").strip() for a in links]
    return all(h and not h.startswith("#") for h in hrefs) and hrefs[0] != hrefs[1]


def _labels_only(labels: str) -> bool:
    """Whether every word of ``labels`` is a word of the way (``_LABEL_WORDS``)."""
    return all(w.lower() in _LABEL_WORDS for w in _WORD_RE.findall(labels))


def _both_ways(labels: str) -> bool:
    """Whether ``labels`` say a way back and a way on."""
    return _BACK_RE.search(labels) is not None and _ON_RE.search(labels) is not None


def _outside_links(el: HtmlElement) -> list[str]:
    """The pieces of ``el``'s text outside its links."""
    pieces: list[str] = []

    def walk(node: HtmlElement) -> None:
        if node.text:
            pieces.append(node.text)
        for child in node:
            if isinstance(child.tag, str) and not (child.tag == "a" and
                                                   child.get("href") is not None):
                walk(child)
            if child.tail:
                pieces.append(child.tail)

    walk(el)
    return pieces


def _ends_its_block(el: HtmlElement) -> bool:
    """Whether no text follows ``el`` in its parent (its tail and later siblings)."""
    if (el.tail or "").strip():
        return False
    after = next_element(el)
    while after is not None:
        if text_content(after).strip() or (after.tail or "").strip():
            return False
        after = next_element(after)
    return True
