"""Phrases of a sentence: parts of a paragraph's text that a class or a link makes look like
chrome, read as the sentence reads them. A span named for a citation's part (its author, its
copyright: ``_part_of_sentence``, asked by ``_boiler`` before it drops a span for its class),
a span of one link inside a sentence (``_phrase_in_prose``, asked by ``_prune``), and an
address a paragraph or a citation prints (``_cited_address``, ``_citation``)."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._boxes import _prose_besides, _prose_paragraph
from ._signals import _kinds, _shows_address
from ._text import BLOCK_TAGS, text_content
from ._tree import _collapsed_text, _is_ancestor

SENTENCE_REST_MIN_CHARS = 40
"""A paragraph says at least this much outside a part of it, not counting link text, for
the part to be read as a phrase of its sentence (a citation's author and copyright)."""
PHRASE_LEAD_MIN_WORDS = 3
"""Words of the sentence before a phrase of it: the phrase is not what the line opens with
(a byline's "By Jane Doe")."""
_PHRASE_TAGS = frozenset(("span", "em", "i", "b", "strong", "small", "cite", "abbr",
                          "time", "sup", "sub", "code"))
_SENTENCE_TAGS = frozenset(("p", "li", "dd", "td"))


def _part_of_sentence(el: HtmlElement, tag: str) -> bool:
    """Whether ``el`` is a phrase inside a paragraph's sentence, whatever its class says:
    an inline element (no block in it) after the sentence's first words
    (``PHRASE_LEAD_MIN_WORDS``), in a paragraph that says a line besides it
    (``SENTENCE_REST_MIN_CHARS``, not counting link text). A bibliography's entry is a
    sentence of spans, each named for its part: "[APRESS00] Beginning GIMP. <span
    class='author'>Akkana Peck. </span><span class='copyright'>Copyright © 2006 Apress
    Inc.</span>": the classes name the work's author and copyright, not the page's. A
    byline opens its line ("<span class='byline'>By Jane Doe</span>, June 3"), and a
    date line or a share label says too little besides."""
    if tag not in _PHRASE_TAGS:
        return False
    parent = el.getparent()
    if parent is None or parent.tag not in _SENTENCE_TAGS or _kinds(parent).boiler or \
            any(True for _ in el.iter(*BLOCK_TAGS)):
        return False
    lead = [parent.text or ""]
    for sib in parent:
        if sib is el:
            break
        lead.append(text_content(sib) if isinstance(sib.tag, str) else "")
        lead.append(sib.tail or "")
    if len(_WORD_RE.findall("".join(lead))) < PHRASE_LEAD_MIN_WORDS:
        return False
    rest = len(_collapsed_text(parent)) - len(_collapsed_text(el))
    linked = sum(len(_collapsed_text(a)) for a in parent.iter("a") if not _is_ancestor(el, a))
    return rest - linked >= SENTENCE_REST_MIN_CHARS


_WORD_RE = re.compile(r"\w+")


def _phrase_in_prose(el: HtmlElement, tag: str) -> bool:
    """Whether ``el`` is a span of one link set inside a sentence (``_part_of_sentence``):
    a quoted title a sentence cites ("... is included in the section entitled “<a>GNU
    Free Documentation License</a>”."), a cross-reference ("see the section “<a>Search
    Patterns</a>” in the reference manual"), read as the sentence reads it. A run of links
    after a sentence's words ("share it with your friends: Facebook, Twitter, ...") is a
    bar, and a run of names is ``_run_of_names``'s."""
    if tag != "span":
        return False
    # (the outermost phrase: a quote's span in a quote's span, “<span><a>...</a></span>”)
    while (parent := el.getparent()) is not None and parent.tag in _PHRASE_TAGS:
        el = parent
    links = el.iter("a")
    if next(links, None) is None or next(links, None) is not None:
        return False
    return _part_of_sentence(el, el.tag)


def _cited_address(el: HtmlElement) -> bool:
    """A block of a paragraph printing the web address it cites (a book's "→
    https://distrowatch.com", Publican's ``div.url``): its links show their own address, and
    its parent is a paragraph with prose of its own. A reader reads the address as the
    paragraph's; a navigation link is named by where it goes, not by its URL."""
    # the links first: prune asks this of every candidate block, and few links print
    # their own address, while the paragraph test reads the parent's whole text
    links = list(el.iter("a"))
    if not links or not all(_shows_address(a) for a in links):
        return False
    parent = el.getparent()
    return parent is not None and (_prose_paragraph(parent) or _citation(parent) or
                                   _prose_besides(parent, el))


CITATION_MIN_CHARS = 12
"""A citation says at least this much besides its links (a work's title, its author)."""


def _citation(el: HtmlElement) -> bool:
    """Whether ``el`` is a paragraph citing a work: a ``<p>`` whose text outside its links
    (a title, an author: "[APOD] Astronomy Picture of the Day.") is ``CITATION_MIN_CHARS``
    or more. A bibliography's entry prints the address of the work it cites after its
    title, and the address is most of the entry's text, so it is no prose paragraph by its
    links; a reader reads the address as the entry's. A paragraph of links printing their
    addresses under a label ("Follow us: https://...") says too little of its own."""
    if el.tag != "p":
        return False
    # (both collapsed: a generator indents a long address on lines of its own, and the
    # indentation is no more the link's than the entry's)
    links = sum(len(_collapsed_text(a)) for a in el.iter("a"))
    return len(_collapsed_text(el)) - links >= CITATION_MIN_CHARS
