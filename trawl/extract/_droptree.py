"""Removing an element from the tree and keeping the text that follows it (its tail).

Shared by the cleaning (``_clean``, and through it every pass that drops a block) and the
equations' pass (``_math``, which ``_clean`` imports: the helper lived in both, as
``_clean.drop_tree`` and ``_math._remove_keep_tail``, until it had a module of its own)."""

from __future__ import annotations

from lxml.html import HtmlElement


def drop_tree(el: HtmlElement, keep_space: bool = False) -> None:
    """Remove ``el`` and its subtree, keeping its tail text (``keep_space``: a tail of
    whitespace only too, the space between the words around an inline element)."""
    parent = el.getparent()
    if parent is None:
        return
    tail = el.tail
    if tail and (keep_space or tail.strip()):
        prev = el.getprevious()
        if prev is not None:
            prev.tail = (prev.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(el)


def after_subtree(el: HtmlElement) -> HtmlElement | None:
    """The node after ``el``'s subtree in document order (None: nothing after it): where a
    walk in document order leaves the subtree."""
    node: HtmlElement | None = el
    while node is not None:
        after = node.getnext()
        if after is not None:
            return after
        node = node.getparent()
    return None
