"""A line that says the page's title is its title, whatever its class calls it.

A generator may write a page's title as a paragraph with a class, not a heading: Haddock
writes a module's name under its header table as ``<p class="caption">GHC.Constants</p>``,
the words the page's ``<title>`` says. "caption" names a picture's caption among the
boilerplate tokens (a photo's credit line beside a story), and the page's name went with
them: a module of no declarations kept nothing but its header table. A block that says
the page's whole title (its words, run together as ``_entryhead.title_key`` reads them,
are the title's) names the page, and is no picture's caption.

The guard: a caption beside a picture (in a ``figure``, or in a block that holds an
image, a video or a drawing outside it) is the picture's, even when it repeats the page's
title (a gallery's photo captioned with the story's headline): it goes as captions do.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._entryhead import title_key
from ._tree import _collapsed_text

_PICTURE_TAGS = ("img", "picture", "video", "svg", "canvas")
TITLE_LINE_MAX_CHARS = 200
"""A page's title is shorter than this (a block longer is no title line)."""


def title_line(el: HtmlElement, title: str | None, chars: int) -> bool:
    """Whether ``el`` (``chars`` of text) says the page's whole ``title`` and is no
    picture's caption (``beside_picture``)."""
    if not title or not 0 < chars <= TITLE_LINE_MAX_CHARS:
        return False
    key = title_key(_collapsed_text(el))
    return bool(key) and key == title_key(title) and not beside_picture(el)


def beside_picture(el: HtmlElement) -> bool:
    """Whether ``el`` is a picture's caption: in a ``figure``, or beside a picture in its
    parent."""
    if any(a.tag == "figure" for a in el.iterancestors()):
        return True
    parent = el.getparent()
    return parent is not None and any(
        not any(x is el for x in p.iterancestors()) for p in parent.iter(*_PICTURE_TAGS))
