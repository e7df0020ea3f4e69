"""Phrases of a sentence: parts of a paragraph's text that a class or a link makes look like
chrome, read as the sentence reads them. A span named for a citation's part (its author, its
copyright: ``_part_of_sentence``, asked by ``_boiler`` before it drops a span for its class),
a span of one link inside a sentence (``_phrase_in_prose``, asked by ``_prune``), a
section's sentence whose words are mostly links (``sentence_of_links``), and an address a
paragraph or a citation prints (``_cited_address``, ``_citation``)."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._boxes import _prose_besides, _prose_paragraph
from ._signals import PROMO_LEAD_RE, _kinds, _shows_address
from ._text import BLOCK_TAGS, text_content
from ._tokens import _kinds_of
from ._tree import _collapsed_text, _is_ancestor, block_inside, intro_text

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
    if parent is not None and (_prose_paragraph(parent) or _citation(parent) or
                               _prose_besides(parent, el)):
        return True
    return _listed_addresses(el)


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


LINKED_SENTENCE_LEAD_MIN_WORDS = 3
"""Words a sentence of links says before its first link ("For more information, read"): a
clause of its own, not a label ("Read more", "Share")."""


def sentence_of_links(el: HtmlElement) -> bool:
    """Whether the block ``el`` is a sentence whose words are mostly links, one of its
    section's paragraphs: "For more information, read <a>security chapter in the Remote
    Serial Console HOWTO</a>, <a>Kernel SysRQ documentation</a> and the <a>Magic SysRq key
    wikipedia entry</a>." ends a manual's section, the works it cites most of its words. A
    paragraph block (no block inside it) opening with a clause of its own before its first
    link (``LINKED_SENTENCE_LEAD_MIN_WORDS``, a capital first, no label's colon, no
    promotion's lead: "Read more: ..." and "Share: ..." are labels) and ending with a full
    stop, set after a paragraph of prose of its own section (``_after_prose``)."""
    if el.tag not in ("p", "div") or next(el.iter("a"), None) is None or block_inside(el):
        return False
    lead = [el.text or ""]
    for child in el:
        if child.tag == "a" or next(child.iter("a"), None) is not None:
            break
        lead.append(text_content(child) if isinstance(child.tag, str) else "")
        lead.append(child.tail or "")
    said = " ".join("".join(lead).split())
    if len(_WORD_RE.findall(said)) < LINKED_SENTENCE_LEAD_MIN_WORDS or \
            not said[:1].isupper() or _label_lead(said):
        return False
    return _collapsed_text(el).rstrip().endswith(".") and _after_prose(el)


def _label_lead(said: str) -> bool:
    """Whether the words before a line's first link are a label's, not a clause: a colon
    ("Share this story: ...", "Follow us on: ...") or a promotion's lead ("Read more about
    the park in ...", "See also ...")."""
    return ":" in said or PROMO_LEAD_RE.match(said) is not None


def _after_prose(el: HtmlElement) -> bool:
    """Whether the block right before ``el`` is a paragraph of prose (``_prose_paragraph``):
    ``el`` is one of its section's paragraphs. A teaser's line of links follows its
    headline, a share bar its article's end of chrome."""
    prev = el.getprevious()
    while prev is not None and not isinstance(prev.tag, str):
        prev = prev.getprevious()
    return prev is not None and _prose_paragraph(prev)


ADDRESS_INTRO_MIN_WORDS = 3
"""Words of the sentence introducing a list of addresses, at least ("For more
information:"); a label of one or two words ("Links:", "Follow us:") introduces none."""
ADDRESS_INTRO_MAX_CHARS = 600
"""A sentence introducing a list is at most this long (a paragraph's)."""
_ADDRESS_INTRO_DEPTH = 3
"""Wrappers a list may open, under the paragraph whose text introduces it."""
_LIST_TAGS = ("ul", "ol")


def _listed_addresses(el: HtmlElement) -> bool:
    """Whether ``el`` is (in, or wraps) a list of addresses a sentence introduces: each
    item one address its link prints ("http://www.gnupg.org/faq.html."), under "For more
    information:" (a sentence of ``ADDRESS_INTRO_MIN_WORDS`` words or more ending with a
    colon, right before the list or as its paragraph's text, as Publican's DocBook sets a
    list inside its paragraph). The works a manual's section cites, as a bibliography's
    addresses are (``_citation``); a footer's list of a site's profiles is under a label
    saying chrome (``_intro_says_chrome``: "Follow us on social media:")."""
    parent = el.getparent()
    if el.tag in _LIST_TAGS:
        items = el
    elif el.tag == "li":
        items = parent
    elif parent is not None and parent.tag == "li":
        items = parent.getparent()
    else:
        children = [c for c in el if isinstance(c.tag, str)]
        items = children[0] if len(children) == 1 and not (el.text or "").strip() else None
    if items is None or items.tag not in _LIST_TAGS:
        return False
    entries = items.findall("li")
    if not entries or not all(_one_address(li) for li in entries):
        return False
    intro = intro_text(items, _ADDRESS_INTRO_DEPTH, ADDRESS_INTRO_MAX_CHARS)
    return intro.endswith(":") and len(_WORD_RE.findall(intro)) >= ADDRESS_INTRO_MIN_WORDS \
        and PROMO_LEAD_RE.match(intro) is None and not _intro_says_chrome(intro)


def _one_address(li: HtmlElement) -> bool:
    """An item that is one link printing its own address, and punctuation."""
    links = list(li.iter("a"))
    if len(links) != 1 or not _shows_address(links[0]):
        return False
    rest = _collapsed_text(li).replace(_collapsed_text(links[0]), "", 1)
    return not _WORD_RE.search(rest)


def _intro_says_chrome(text: str) -> bool:
    """Whether the introducing sentence says a word of chrome (``_tokens``' boilerplate
    family: "Follow us on social media:", "Share this page:")."""
    return _kinds_of(text.lower()).boiler
