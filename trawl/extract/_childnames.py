"""A namespace's children: a heading over lines of labelled names, each linked to its page.

An API reference lists what a module or namespace holds under a heading, a line a kind:
"Defined Under Namespace" over "Modules: Common, Server" and "Classes: YardocTask" (YARD),
each name a link to the page named after it (``Rake/YardocTask.html``). At a page's end,
short, it read as a dangling heading over a leftover (``_contentend.drop_dangling_heading``: a
"Comments" heading whose thread is gone, a comment count) and went. A site's links under a
heading are words (posts' titles) or go to a site's slugs (``/tags/python``), no page named
after the link's text as written.
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._text import text_content
from ._tree import _collapsed_text
from ._tree import named_page as _named_page

_LABEL_RE = re.compile(r"[A-Z][A-Za-z ]{0,30}:")
"""A kind's label before its names ("Classes:", "Modules:", "Constants:")."""
_JOINERS_RE = re.compile(r"[,;]|\band\b")


def labelled_names(after: list[HtmlElement]) -> bool:
    """Whether the elements ``after`` a heading are lines of an API's names under labels
    of their kinds (``labelled_names_line``), one at least."""
    texts = [el for el in after if _collapsed_text(el)]
    return bool(texts) and all(labelled_names_line(el) for el in texts)


def labelled_names_line(el: HtmlElement) -> bool:
    """Whether ``el`` is a line of labelled names: a label at least (``_LABEL_RE``:
    "Classes:"), then names, each a link of one word to the page named after it
    (``_tree.named_page``), set apart by commas; no other word. Guards: a line of posts
    links their titles (words), a tag line links slugs (``/tags/python``), no page named
    as the link says; a sentence says words besides its links."""
    links = [(a, text_content(a).strip()) for a in el.iter("a")]
    links = [(a, t) for a, t in links if t]
    if not links or not all(" " not in t and _named_page(a, t) for a, t in links):
        return False
    rest = _collapsed_text(el)
    for _, text in links:
        rest = rest.replace(text, " ", 1)
    rest, labels = _LABEL_RE.subn(" ", _JOINERS_RE.sub(" ", rest))
    return labels > 0 and not rest.strip()
