"""The caption of a figure of text: a listing, a quotation, a sample, not a picture.

HTML's ``<figure>`` holds whatever the text refers to, with its ``<figcaption>``: a photo,
and as often a code listing, a quotation, a table or a sample of the markup a guide
explains ("A caption for the above image." under the example a guide to figures shows).
Boilerplate removal drops an unnumbered caption under 30 % of the page as a news photo's
credit line ("Crowds at the rally. Photo: AP"): a picture's caption, which a reader skips
to the text. A figure whose content is text, no picture in it, is read as the text is, and
its caption says what that text is.

Guard: a photo's, a video's or an ad's figure holds a picture (``img``, ``picture``) or,
once the page is cleaned of its players and frames, nothing but its caption (an empty slot
a script fills): no text of its own beside the caption (``_text_beside``). A code block's
frame captioned by its kind for screen readers ("Terminal window") says no caption's words
(``_says_something``).
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._tree import _collapsed_text

_PICTURE_TAGS = ("img", "picture")
_TEXT_BLOCKS = frozenset(("pre", "blockquote", "table", "p", "code", "ul", "ol", "dl"))
"""The blocks a figure of text shows."""
CAPTION_MIN_WORDS = 4
"""A caption says what its figure shows in a few words at least; a frame's label is a word
or two."""
FIGURE_TEXT_MIN_CHARS = 20
"""Text a figure of text holds besides its caption, at least (a line of a listing)."""


def caption_of_text(el: HtmlElement) -> bool:
    """Whether the ``figcaption`` ``el`` captions a figure of text: its ``figure`` (its
    parent) holds no picture (``_PICTURE_TAGS``) and text of its own besides the caption
    (``_text_beside``), and the caption says something (``_says_something``)."""
    figure = el.getparent()
    if figure is None or figure.tag != "figure" or \
            next(figure.iter(*_PICTURE_TAGS), None) is not None:
        return False
    return _says_something(el) and _text_beside(figure, el)


def _says_something(caption: HtmlElement) -> bool:
    """Whether the caption says ``CAPTION_MIN_WORDS`` words at least: what the figure
    shows ("A caption for the above sample."), not a frame's label ("Terminal window", a
    code block's title bar for screen readers)."""
    return len(_collapsed_text(caption).split()) >= CAPTION_MIN_WORDS


def _text_beside(figure: HtmlElement, caption: HtmlElement) -> bool:
    """Whether ``figure`` holds ``FIGURE_TEXT_MIN_CHARS`` of text outside ``caption``, in
    blocks of text (``_TEXT_BLOCKS``: a listing, a quotation, a table) or set right in it;
    a photo's credit in the spans of its picture's frame ("Image copyright Getty Images")
    is no text the figure shows."""
    said = len((figure.text or "").strip())
    for child in figure:
        if child is not caption and isinstance(child.tag, str) and child.tag in _TEXT_BLOCKS:
            said += len(_collapsed_text(child))
        said += len((child.tail or "").strip())
    return said >= FIGURE_TEXT_MIN_CHARS
