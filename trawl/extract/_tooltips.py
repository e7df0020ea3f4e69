"""A tooltip's box: the text a page shows on hover beside a word or a mark, not its content.

The shape is the web's common CSS tooltip (W3Schools' ``.tooltip .tooltiptext``, and many
generators' own): a trigger in the line, an inline element whose class names a tooltip
(a word with a dotted underline, an "ⓘ" mark), holding the box, an inline element whose
class names a tooltip too, which the style sheet hides until the pointer is over the
trigger. A reader of the page sees the trigger, not the box; the box repeats what the page
says elsewhere (rustdoc's "Notable traits for Chain<A, B>" box after a method's return
type: the trait's implementation, which the type's own page lists; 24 boxes on an
iterator's page, 18 % of its words). trawl reads no style sheet, so the class is the
signal, weighed with the shape: a box nested in its trigger, both inline, the box holding
no block, after the word or mark it explains. ``_clean.basic_clean`` drops the box (brief
82); the trigger's own text stays.

A static example of a tooltip (a framework's documentation drawing one, ``div.tooltip``
over ``div.tooltip-inner``, shown as it would appear) is made of blocks and is the page's
content: it is kept (``_inline_box``).

A code listing's hover cards (``listing_card``, brief 89) are tooltips of another shape:
blocks, set inside the listing after its lines, a box per name a line links (Doxygen's
``div.ttc``), which the style sheet hides and the page's script shows over the name. No
class names a tooltip there; the card's id is its link's target written as an id (the
script looks the card up by the link), and it follows the listing's lines.
"""

from __future__ import annotations

import itertools
import re
from functools import lru_cache

from lxml.html import HtmlElement

_TOOLTIP_RE = re.compile(r"tool-?tip", re.I)
"""A class naming a tooltip: ``tooltip``, ``tooltiptext``, ``tool-tip``,
``notable-traits-tooltiptext``, ``tooltip-content``..."""
INLINE_TAGS = frozenset(("span", "a", "abbr", "sup", "sub", "small", "em", "i", "b",
                         "strong", "code", "dfn", "label", "u", "mark", "cite", "q"))
"""Phrasing elements: a trigger is set into a line of text, and the box in it is read with
nothing but phrasing (its ``br`` line breaks among them)."""
_BOX_INSIDE = frozenset(INLINE_TAGS | {"br", "tt", "kbd", "samp", "var", "s", "img", "wbr"})
"""What a tooltip's box may hold: phrasing only. A box holding a paragraph, a list, a table
or a heading is a block of the page's (see ``_inline_box``)."""
@lru_cache(maxsize=4096)
def names_tooltip(cls: str) -> bool:
    """Whether a class attribute names a tooltip (cached: a page has a few dozen distinct
    class attributes over thousands of elements; this is asked of every element's)."""
    return _TOOLTIP_RE.search(cls) is not None


def _inline_box(el: HtmlElement) -> bool:
    """Whether ``el`` is set into a line: a phrasing element holding only phrasing. The
    guard against a static example of a tooltip (blocks drawn as it would appear), which is
    the page's content."""
    return el.tag in INLINE_TAGS and all(
        not isinstance(d.tag, str) or d.tag in _BOX_INSIDE for d in el.iterdescendants())


def _after_its_word(box: HtmlElement, trigger: HtmlElement) -> bool:
    """Whether ``box`` comes after what its trigger shows (the word or mark hovered: the
    trigger's own text, or an element before the box) and ends it. The guard against the
    word itself in an element whose class names a tooltip (``<a class="tooltip-trigger">
    OAuth</a>`` before the box, in a wrapper naming a tooltip): that is the line's word,
    and it stays."""
    if box.getnext() is not None or (box.tail or "").strip():
        return False
    if (trigger.text or "").strip():
        return True
    return any("".join(s.itertext()).strip() or (s.tail or "").strip()
               for s in box.itersiblings(preceding=True))


def tooltip_box(el: HtmlElement) -> bool:
    """Whether ``el`` (whose class names a tooltip: see ``names_tooltip``) is a tooltip's
    box: inline and holding only phrasing (``_inline_box``), the last thing in an inline
    trigger whose class names a tooltip too, after the word or mark the trigger shows
    (``_after_its_word``). The trigger itself (the word or mark hovered, with the box in
    it) is no box: its parent names no tooltip."""
    trigger = el.getparent()
    if trigger is None or trigger.tag not in INLINE_TAGS:
        return False
    cls = trigger.get("class")
    return bool(cls) and names_tooltip(cls) and _inline_box(el) and _after_its_word(el, trigger)


# -- a code listing's hover cards: a box per name the listing links, after its lines -----

LISTING_MIN_LINES = 5
"""Lines of a listing (siblings alike: a tag and a class) a card follows at least (as
``_kept.LISTING_MIN_LINES``)."""
CARD_MIN_PARTS = 2
"""Blocks a card holds at least: its name, and a declaration, a description or where the
name is defined."""
_NOT_ID_CHAR_RE = re.compile(r"\W")


def listing_card(el: HtmlElement) -> bool:
    """Whether ``el`` (a ``div`` with an id) is a hover card of a code listing: a box set
    inside the listing, after its lines, for a name a line links (Doxygen's source pages
    and examples: ``div.ttc`` boxes, a name's declaration, its description and "Definition:
    appender.h:139", which the page's style sheet hides and its script shows when the
    pointer is over the name). A reader of the page sees the lines; the cards repeat what
    the linked name's own entry says (half the words of a header file's source page). The
    shape, not the class: a box of blocks (``CARD_MIN_PARTS`` at least), opened by a block
    holding one link, the name; keyed by that link (``_keyed_by_link``: the script finds
    the card from the link the pointer is over); after the listing's lines
    (``_after_listing_lines``)."""
    first = _first_block(el)
    if first is None or (el.text or "").strip() or len(el) < CARD_MIN_PARTS or \
            any(not isinstance(c.tag, str) or c.tag != "div" for c in el):
        return False
    # (two links at most are read: asked of every div with an id, whose first block may
    # be a page's header of many)
    links = list(itertools.islice(first.iter("a"), 2))
    if len(links) != 1:
        return False
    return _keyed_by_link(el, links[0]) and _after_listing_lines(el)


def _first_block(el: HtmlElement) -> HtmlElement | None:
    first = next(iter(el), None)
    return first if first is not None and first.tag == "div" else None


def _keyed_by_link(el: HtmlElement, a: HtmlElement) -> bool:
    """Whether ``el``'s id ends with where the link ``a`` leads, written as an id (the
    page's name and its anchor, each mark between words an underscore:
    ``aclasslog4cplus_1_1NDC_html_af905c...`` for ``classlog4cplus_1_1NDC.html#af905c...``):
    a box a script looks up by the link it explains. A link to the page itself (``#``:
    ``_urls.as_fragments`` wrote it so, and the page's name is gone from it) is judged by
    the cards alike beside it (a tag and a class): keyed so, one at least. The guard
    against a box of the listing's own (a caption, the callouts explaining its lines, a
    "Download" box): its id names itself, not a link's target."""
    if a.get("href") != "#":
        return _id_names_target(el, a)
    key = (el.tag, el.get("class"))
    for sib in itertools.chain(el.itersiblings(preceding=True), el.itersiblings()):
        if (sib.tag, sib.get("class")) != key:
            continue
        first = _first_block(sib)
        links = first.findall(".//a") if first is not None else []
        if len(links) == 1 and links[0].get("href") != "#" and _id_names_target(sib, links[0]):
            return True
    return False


def _id_names_target(el: HtmlElement, a: HtmlElement) -> bool:
    """(A link to the box's own id is its permalink, a captioned code block's: no key.)"""
    target = _NOT_ID_CHAR_RE.sub("_", (a.get("href") or "").rpartition("/")[2].lstrip("#"))
    ident = el.get("id", "")
    return bool(target) and ident != target and ident.endswith(target)


def _after_listing_lines(el: HtmlElement) -> bool:
    """Whether ``el`` follows the lines of a code listing, in it: the nearest of its
    siblings before it that is no card alike (a tag and a class) is a line, a ``div`` of
    inline text with a class, one of ``LISTING_MIN_LINES`` siblings alike at least (a
    text's paragraphs are no lines: a captioned code block after them is the text's). The
    guard against a page's list of entries keyed so (an annotated list of classes, each box
    a name linked to its page and a sentence): those are the page's content, and follow no
    lines."""
    key = (el.tag, el.get("class"))
    line = next((s for s in el.itersiblings(preceding=True)
                 if isinstance(s.tag, str) and (s.tag, s.get("class")) != key), None)
    # (a listing's line is a block its class names; paragraphs are no lines)
    if line is None or line.tag != "div" or not line.get("class") or _holds_block(line):
        return False
    alike = (line.tag, line.get("class"))
    lines = 0
    for sib in line.itersiblings(preceding=True):
        if (sib.tag, sib.get("class")) == alike:
            lines += 1
            if lines + 1 >= LISTING_MIN_LINES:
                return True
    return False


def _holds_block(el: HtmlElement) -> bool:
    return any(isinstance(d.tag, str) and d.tag in _BLOCKS for d in el.iterdescendants())


_BLOCKS = frozenset(("div", "p", "ul", "ol", "dl", "table", "pre", "blockquote", "section",
                     "h1", "h2", "h3", "h4", "h5", "h6"))
"""A listing's line holds none of these: it is a line of inline text."""
