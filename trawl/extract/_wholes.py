"""A block prune keeps as content as a whole is content down to its parts.

prune (``_prune.prune``) judges every block of the content on its own: a block its measure
takes for links (``_prune._is_link_block``, ``_is_link_paragraph``), then the rules that
say such links are content after all (an entry's signature lines, a reference's names, its
footnotes, a list of the document's parts, a table of contents...). A block one of those
rules keeps is a **whole**: the rule read the block, its lists and lines with it, and said
what they are.

**The invariant**: a block judged content as a whole has its descendants judged in that
light, not afresh as loose lists. prune asks its measure of every block, the parts of a
whole too, and a whole's parts are mostly its links (an instance's folded methods,
``minBound :: <a>CBool</a> <a>Source</a>``, a line of links but for its ``::``; an API
entry's "Possible signatures:" list): asked alone, each is a block of links. Before this
module they went unless something else kept them, and what kept them was mostly the check
that a pruning gutting the content is wrong: an outer block doomed with its parts made the
pruning too large, and nothing went. A newer rule keeping the outer block some other way
made the pruning small again, and the parts went: Node.js's "Possible signatures:" lists
(dc416a4), Haddock's folded instance methods (2c2ba6c) and GHC-Enum's ``minBound`` /
``maxBound`` lines, three falls mended one guard at a time. ``spare_parts`` makes the
invariant hold in one place, after every rule has spoken: a block doomed inside a whole
stays.

The guard (``whole``): only a block prune's measure would drop and a rule then keeps is a
whole, and only a rule that judges the block (its signature lines, its footnotes, its
links to its own places, its type bindings): ``_prune._names_only`` keeps a block because
each of its paragraphs and items, judged alone, cites names, and its parts keep their own
judgment (a list of profiles' addresses under "Follow us on social media:", its items
dotted like names, is kept by it; its items, paragraphs of a link, go). Nor does a block
that ``prune``'s later checks keep make a whole: they keep a block that *is or is mostly*
one thing (a table of contents, a list of the document's parts), and ask nothing of the
rest (a list of other stories beside the page's contents in one block still goes). A
block kept because its measure never doomed it (a page's main column, mostly text; a
section under its heading, "judged by its parts") is no whole, and a sidebar or a "related
posts" list set inside it is judged as before. The rules that make a whole read the
block's links: a signature block's links outside its lines are few and no more than those
in them, so a block holding a menu beside a signature is no whole either. A short list of
links set inside a whole (under a tenth of a signature block's text: a "Related:" menu of
guides inside an API entry) is no part of it when it is a menu of titles
(``titles_menu``): each item its links alone, each link words leading to another page;
an entry's own parts link its names, a word or code each (``Handle``, ``listen(port)``),
or its own places.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._tree import _collapsed_text


def kept_whole(el: HtmlElement, wholes: set[HtmlElement] | None, kept: bool) -> bool:
    """``kept``, and when it is, ``el`` (a block prune's measure dooms) is a whole: a rule
    said its links are content. Written as ``not kept_whole(el, wholes, rule(el))``."""
    if kept and wholes is not None:
        wholes.add(el)
    return kept


def whole(el: HtmlElement, wholes: set[HtmlElement]) -> bool:
    """Whether ``el`` is a whole: a block prune's measure doomed and a rule kept (the
    guard: a block merely not doomed is none)."""
    return el in wholes


def in_whole(el: HtmlElement, wholes: set[HtmlElement], content: HtmlElement) -> bool:
    """Whether an ancestor of ``el`` below ``content`` is a whole (``whole``)."""
    for anc in el.iterancestors():
        if anc is content:
            return False
        if whole(anc, wholes):
            return True
    return False


def spare_parts(doomed: list[HtmlElement], wholes: set[HtmlElement],
                content: HtmlElement) -> list[HtmlElement]:
    """``doomed`` without the blocks inside a whole (``wholes``: the blocks prune's measure
    doomed and its rules kept, ``kept_whole``)."""
    # (asked of every doomed block, wholes or none: a few dozen blocks a page, each walked
    # up to the content)
    return [el for el in doomed if not in_whole(el, wholes, content) or titles_menu(el)]


_LISTS = frozenset(("ul", "ol"))
TITLE_MIN_WORDS = 2
"""A menu's link says a title, words ("Writing your first server"); an entry's names are
one word each (``Handle``, ``Source``)."""
ITEM_EXTRA_CHARS = 4
"""Text besides its links a menu's item may have (a bullet, a number)."""
_CODE_TAGS = ("code", "tt", "kbd", "samp", "var")


def titles_menu(el: HtmlElement) -> bool:
    """Whether ``el``, a part of a whole, is a menu of titles set in it: a list (``ul``,
    ``ol``) no sentence leads into (``_led_in``), each of whose items is its links
    (but ``ITEM_EXTRA_CHARS``), each link ``TITLE_MIN_WORDS`` words or more, none in code,
    none leading to this page's places. A "Related:" list of guides inside an API entry.
    Guards: an entry's parts name code (a "Possible signatures:" list's ``listen(port)``; a
    footnote's back-link "↑"), or lead to the page's own places (its contents); a list the
    text leads into with a sentence ("Node.js supports the following Web Performance
    APIs:", then the specifications' titles) is the text's."""
    if el.tag not in _LISTS or _led_in(el):
        return False
    items = [c for c in el if isinstance(c.tag, str)]
    if not items:
        return False
    for item in items:
        links = list(item.iter("a"))
        if item.tag != "li" or not links or len(_collapsed_text(item)) - sum(
                len(_collapsed_text(a)) for a in links) > ITEM_EXTRA_CHARS:
            return False
        for a in links:
            if (a.get("href") or "#").startswith("#") or \
                    len(_collapsed_text(a).split()) < TITLE_MIN_WORDS or \
                    next(a.iter(*_CODE_TAGS), None) is not None:
                return False
    return True


LABEL_MAX_WORDS = 3
"""A menu's label is a few words ("Related:", "See also"); a sentence is longer."""


def _led_in(el: HtmlElement) -> bool:
    """Whether the element before ``el`` is a sentence leading into it (more than
    ``LABEL_MAX_WORDS`` words, ending with a colon: "Node.js supports the following Web
    Performance APIs:"), not a label (or nothing: a label said alone, "Related:", may have
    gone as chrome before)."""
    before = next((s for s in el.itersiblings(preceding=True) if isinstance(s.tag, str)), None)
    if before is None or before.tag in _LISTS:
        return False
    text = _collapsed_text(before)
    return text.endswith(":") and len(text.split()) > LABEL_MAX_WORDS
