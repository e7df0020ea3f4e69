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
"""

from __future__ import annotations

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
