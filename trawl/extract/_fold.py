"""A fold is a part of the text it is folded into.

A ``<details>`` element is a disclosure: its summary shows in the text ("Examples",
"Expand", "Show the proof"), its body opens on a click. A reference folds its examples
so under an entry's description (Haddock: "Examples", then the doctests), a guide its
long listings or its answers. However much the fold scores (a page of examples is long,
comma-rich prose), it is no page's content alone: the reader opens it from the text
around it, and the block that holds it (the description) is where the climb to the
whole content goes on (``_whole.whole`` asks ``in_fold``).

The guard: the text around the fold is prose, not links. A fold set in a sidebar or a
footer among links ("More from us", a list of other pages) is beside chrome, which the
climb must not take in: the parent's text outside the fold is at most
``FOLD_MAX_LINK_SHARE`` links standing as a list, and at least ``FOLD_MIN_TEXT_CHARS``
characters (a sentence or two), and no block beside the fold says chrome by its class.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._signals import _class_weight
from ._stats import _Stats, listed_links

FOLD_MIN_TEXT_CHARS = 80
"""The text around a fold holds at least this much (a sentence or two)."""
FOLD_MAX_LINK_SHARE = 0.25
"""... and at most this share of it is links standing as a list."""


def in_fold(node: HtmlElement, parent: HtmlElement, stats: dict[HtmlElement, _Stats],
            lists: dict[HtmlElement, int]) -> bool:
    """Whether ``node`` is a fold (``<details>``) of ``parent``'s text: the parent holds,
    outside it, ``FOLD_MIN_TEXT_CHARS`` of text, little of it listed links, and no block
    whose class says chrome."""
    if node.tag != "details" or node not in stats or parent not in stats:
        return False
    outer = stats[parent].text - stats[node].text
    if outer < FOLD_MIN_TEXT_CHARS:
        return False
    if any(c is not node and isinstance(c.tag, str) and _class_weight(c) < 0
           for c in parent):
        return False
    listed = listed_links(parent, stats, lists)
    return listed.get(parent, 0) - listed.get(node, 0) <= FOLD_MAX_LINK_SHARE * outer
