"""A live example in a document's text: a navigation bar or a form shown with its markup.

A guide to a page's components (a navigation bar, a form) shows each one live, written as
raw HTML among its paragraphs, with the markup that makes it set beside it as a code
listing (a Markdown converter sets the example's indented inner markup as a listing inside
it). The ``<nav>`` and ``<form>`` are then the document's demonstrations, not the site's
navigation or a sign-up box: boilerplate removal dropped the navigation bars whole, prune the
forms, and with them the listings, most of such a page's words. A site's navigation and its
forms hold no code listing, and stand beside the article, not between its paragraphs.
"""

from __future__ import annotations

from lxml.html import HtmlElement

DEMO_TAGS = frozenset(("nav", "form", "fieldset"))
"""What a live example of a page's chrome is written as (beside blocks of a chrome's
class, ``div.btn-toolbar``)."""

LISTING_TAG = "pre"
"""The example's markup, set as a code listing."""

PARAGRAPH_TAGS = frozenset(("p", "pre", "blockquote"))
"""The document's text around the example (a listing after it is the text's too)."""

DEMO_MAX_DEPTH = 3
"""The example's outermost block is ``el`` or an ancestor this close (a form in a
navigation bar's example, a fieldset in a form's)."""


def demonstration(el: HtmlElement) -> bool:
    """Whether ``el`` (a ``nav``, a form, a block whose class says chrome: a toolbar of
    buttons) is a live example in the text: it holds a code listing, and it (or the example
    block around it, ``DEMO_MAX_DEPTH`` levels up at most, through ``DEMO_TAGS`` and
    ``div``) has a paragraph of the document right before or after it. Guards: a site's
    navigation, its toolbars or a search form hold no listing; a newsletter form set
    between a story's paragraphs holds none either."""
    if next(el.iter(LISTING_TAG), None) is None:
        return False
    node: HtmlElement | None = el
    for _ in range(DEMO_MAX_DEPTH):
        if node is None or (node is not el and node.tag not in DEMO_TAGS
                            and node.tag != "div"):
            return False
        if _between_paragraphs(node):
            return True
        node = node.getparent()
    return False


def _between_paragraphs(node: HtmlElement) -> bool:
    """Whether the element right before or right after ``node`` is a paragraph."""
    return any(sib is not None and sib.tag in PARAGRAPH_TAGS
               for sib in (node.getprevious(), node.getnext()))
