"""Which captions are a document's text: a numbered figure's (``_numbered_caption``) and
a picture's under a numbered section's heading (``_caption_in_numbered_section``); a news
photo's caption is boilerplate."""

from __future__ import annotations

from lxml.html import HtmlElement

from ._entrycaption import declared_heading
from ._text import _FIGURE_NUMBER_RE, _SECTION_NUMBER_RE, _lead_text, text_content
from ._tokens import _tokens_of
from ._tree import _HEADINGS, _is_ancestor

_FIGURE_MAX_LEVELS = 6
"""How far above its caption a figure's block (and its numbered title) may be."""


def _numbered_caption(el: HtmlElement, tag: str) -> bool:
    """Whether ``el`` is a caption (``figcaption``, a ``caption`` class token) of a numbered
    figure: the caption, or the figure it is in (``<figure>``, a block of class "figure"),
    starts with the figure's number ("Figure 2.7. New Account Setup", Sphinx's "Fig. 1").
    A document numbers the figures its text refers to ("as Figure 2.7 shows"), on any
    generator (DocBook, Sphinx, LaTeX's converters), and their captions say what a
    screenshot or a diagram shows: text of the document. A news photo's caption ("Crowds
    at the rally. Photo: AP") is numbered by no one, and stays boilerplate."""
    if tag != "figcaption" and "caption" not in _tokens_of(el.get("class") or ""):
        return False  # (a "caption-text" part of one too)
    node: HtmlElement | None = el
    for _ in range(_FIGURE_MAX_LEVELS):
        if node is None:
            return False
        if _FIGURE_NUMBER_RE.match(_lead_text(node)):
            return True
        if node.tag == "figure" or "figure" in (node.get("class") or "").lower().split():
            return False  # (the figure itself, unnumbered)
        node = node.getparent()
    return False




def _caption_in_numbered_section(el: HtmlElement, tag: str,
                                 walked: HtmlElement | None) -> bool:
    """Whether ``el`` is a caption (``figcaption``, a ``caption`` class token) under a
    numbered section's heading: the nearest heading before it opens with a section number
    of two levels or more (``_SECTION_NUMBER_RE``: "14.5.1. Overview"). A document that
    numbers its sections (a manual, a paper: DocBook, LaTeX's and Texinfo's converters)
    shows pictures to illustrate its text, and their captions say what a screenshot shows
    ("Filter applied with default options: scale=1.000"), numbered or not; a news photo's
    caption ("Crowds at the rally. Photo: AP") sits under a headline or a subheading no one
    numbers, and stays boilerplate. So is a caption under an API entry's declaration
    (``_entrycaption.declared_heading``: "enum QEasingCurve::Type")."""
    if tag != "figcaption" and "caption" not in _tokens_of(el.get("class") or ""):
        return False
    # ``walked``: the last heading the walk over the page (``remove_boilerplate``) met
    # before ``el``, the nearest unless it holds ``el`` (then the walk back; a walk back
    # for each caption took seconds on a gallery of thousands and no heading)
    heading = walked
    if walked is not None and (walked is el or _is_ancestor(walked, el)):
        heading = _heading_before(el)
    return heading is not None and (_SECTION_NUMBER_RE.match(text_content(heading)) is not None
                                    or declared_heading(heading))


def _heading_before(el: HtmlElement) -> HtmlElement | None:
    """The nearest heading before ``el`` in the document: a preceding sibling of it or of
    an ancestor, or the last heading in one. (Walked from ``el`` back: the XPath
    ``preceding::`` axis reads the whole document before it for each caption, seconds on
    a book on one page of hundreds of captions.)"""
    node: HtmlElement | None = el
    while node is not None:
        for sib in node.itersiblings(preceding=True):
            if not isinstance(sib.tag, str):
                continue
            if sib.tag in _HEADINGS:
                return sib
            inner = list(sib.iter(*_HEADINGS))
            if inner:
                return inner[-1]
        node = node.getparent()
    return None
