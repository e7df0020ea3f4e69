"""A post's own byline, as the page writes it, for its metadata (brief 125).

The content's header goes with its headline (``_edges.strip_header``): the title is kept
apart (``Extraction.headline``), the byline and dateline under it went with nothing kept
of them but what the head says (``published``; ``author`` when the head names one). A
byline says more than those: the post's category ("Posted in News on November 4, 2020 by
Henk Verlinde - 1 min read"), its authors as the page names them. ``own_byline`` reads the
line, as written, for ``metadata["byline"]``: the post's, read from the page before the
content is chosen.

Which line: the first element with text after the page's own headline (an ``h1`` saying
the page's title, outside any sidebar, menu or footer), within the headline's block, short,
and opening as a byline does ("By", "Posted", "Published", ...: ``_edges``' words) or saying
a date. Guards: a sidebar's "latest post" under its own heading (an ``h2``..., or any
heading in an ``aside``) is no headline of the page; a standfirst (a sentence, no byline's
opening, no date) is no byline; a line past ``BYLINE_MAX_CHARS`` is text."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._dates import _dated
from ._text import BLOCK_TAGS, collapse, text_content
from ._tree import _HEADINGS

OWN_BYLINE = True
"""Whether ``own_byline`` reads a byline (a switch for the tests)."""
BYLINE_MAX_CHARS = 200
BYLINE_RE = re.compile(
    r"^(by|von|par|por|door|di|av|written by|posted|published|updated|last updated)\b", re.I)
"""How a byline opens (``_edges.strip_header`` reads a header's lines by it too)."""
_OUTSIDE_TAGS = frozenset(("aside", "nav", "footer"))
_OUTSIDE_ROLES = frozenset(("complementary", "navigation", "contentinfo"))
_WORD_RE = re.compile(r"\w+")
_READS = 8
_DEPTH = 3
"""How many elements after the headline are read for its byline."""


def own_byline(root: HtmlElement, title: str | None) -> str | None:
    """The byline under the page's own headline, as written (see the module), or None."""
    if not OWN_BYLINE or not title:
        return None
    title_words = set(_WORD_RE.findall(title.casefold()))
    for h1 in root.iter("h1"):
        words = set(_WORD_RE.findall(collapse(text_content(h1)).casefold()))
        if not words or not words <= title_words or _outside(h1):
            continue
        return _line_after(h1)
    return None


def _outside(el: HtmlElement) -> bool:
    """Whether ``el`` sits in a sidebar, a menu or a footer: no headline of the page's."""
    return any(a.tag in _OUTSIDE_TAGS or (a.get("role") or "").strip().lower() in _OUTSIDE_ROLES
               for a in el.iterancestors())


def _first_line(el: HtmlElement, text: str) -> tuple[HtmlElement, str]:
    """``el``'s first line: through a wrapper of blocks (a meta block holding the byline,
    then a share box: "By Ann Reyes, May 4, 2026" over "Share on: Facebook Twitter"), its
    first block with text, down to ``_DEPTH`` wrappers."""
    for _ in range(_DEPTH):
        if not any(isinstance(c.tag, str) and c.tag in BLOCK_TAGS for c in el):
            break
        for child in el:
            if isinstance(child.tag, str) and (line := collapse(text_content(child))):
                el, text = child, line
                break
        else:
            break
    return el, text


def _line_after(h1: HtmlElement) -> str | None:
    """The first element with text after ``h1`` in its parent, when it reads as a byline."""
    for i, sib in enumerate(h1.itersiblings()):
        if i >= _READS:
            break
        if not isinstance(sib.tag, str) or sib.tag in ("script", "style", "template"):
            continue
        text = collapse(text_content(sib))
        if not text:
            continue
        sib, text = _first_line(sib, text)
        if len(text) > BYLINE_MAX_CHARS or sib.tag in _HEADINGS:
            return None
        return text if BYLINE_RE.match(text) or (_dated(text) and len(text) < 80) else None
    return None
