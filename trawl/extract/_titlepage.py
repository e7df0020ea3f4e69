"""A book's title page: its title, then its credits and legal lines (an author, a corporate
author, a version, a copyright, a legal notice), over the book's table of contents. What a
reader of the manual's front page reads, and the book's text: not an article's byline and
dateline, which ``_edges.strip_header`` drops under a headline."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._boiler import _COPYRIGHT_RE
from ._signals import LISTS, _is_ancestor, _short_text, contents_list

LEGAL_LINE_MAX_CHARS = 160
"""A copyright line is a line: "Copyright © 2003-2023 The Pgpool Global Development Group"."""
TITLE_PAGE_MAX_ELEMENTS = 600
"""Elements after the title looked through for its legal line and the contents after it."""
TITLE_PAGE_MAX_LINES = 40
"""Elements after the title looked through for its legal line (a title page's lines are
right under its title; a story's first paragraphs end the search early)."""
TITLE_PAGE_MAX_LISTS = 3
"""Lists after the legal line asked whether they are the book's contents."""
_LEGAL_LEAD_RE = re.compile(r"^\W*(?:copyright\b|©|\(c\))", re.I)


def _may_open_legally(el: HtmlElement) -> bool:
    """False when ``el``'s text cannot open as a copyright line does (``_LEGAL_LEAD_RE``): its
    first character is a letter or digit other than a "c". Most elements under a title are
    no legal lines, and joining their whole text is what costs (``_short_text``)."""
    for piece in el.itertext():
        lead = piece.lstrip()
        if lead:
            return not lead[0].isalnum() or lead[0] in "cC"
    return False


def legal_line(el: HtmlElement) -> bool:
    """Whether ``el`` is a copyright line: short, opening with the word or sign, a year
    after it (``_COPYRIGHT_RE``)."""
    if not _may_open_legally(el):
        return False
    text = _short_text(el, LEGAL_LINE_MAX_CHARS)
    return bool(text) and _LEGAL_LEAD_RE.match(text or "") is not None and \
        _COPYRIGHT_RE.search(text or "") is not None


def title_page(content: HtmlElement, headline: HtmlElement) -> bool:
    """Whether the headline ``headline`` heads a book's title page: after it, a copyright
    line of its own (``legal_line``), then a table of contents (``contents_list``): a
    book's front page sets its title, credits and legal lines over its contents (DocBook's
    and LaTeX's title pages, whatever the generator). A blog's or a story's "© 2024 Jane
    Roe" under its headline is over the story, no table of contents; a site's copyright
    footer comes after the text, under no title of its own."""
    legal = False
    lists = 0
    started = False
    after = 0
    for i, el in enumerate(content.iter()):
        if i > TITLE_PAGE_MAX_ELEMENTS:
            break
        if el is headline:
            started = True
            continue
        if not started or not isinstance(el.tag, str) or _is_ancestor(headline, el):
            continue
        if not legal:
            after += 1
            if after > TITLE_PAGE_MAX_LINES:
                return False
            legal = el.tag not in LISTS and legal_line(el)
            continue
        if el.tag in LISTS:
            if contents_list(el):
                return True
            lists += 1
            if lists >= TITLE_PAGE_MAX_LISTS:
                break
    return False
