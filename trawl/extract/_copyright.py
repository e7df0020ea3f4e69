"""A copyright, as chrome and as text: a site's copyright footer, chrome whatever its size
(``_copyright_footer``), and a title page's credits under a document's title, the
document's text (``_title_page_credits``)."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._signals import _kinds
from ._text import text_content
from ._tokens import _tokens_of
from ._tree import _HEADINGS, _wrapped_heading

COPYRIGHT_LINE_MAX_CHARS = 160
"""A site's copyright footer is a line: "Copyright © 2015-2023, The Group, MIT License."."""
_LEGAL_LEAD_RE = re.compile(r"^\W*(?:copyright\b|©|\(c\))", re.I)
"""How a copyright line opens: the word or the sign."""


def _copyright_footer(el: HtmlElement) -> bool:
    """Whether ``el`` is the site's copyright footer: its class names a footer and its text
    is a copyright line (``_copyright_line``). It is chrome whatever its share of the page:
    on a short page (a title and a list of two links between a menu and the footer) the
    footer is half the text, and the size guard kept it, the footer's line then counting as
    the page's prose and the page's own list going as links. A block its class names a
    footer that says something else (a card's footer with its instructions) is judged by
    its size as before."""
    return "footer" in _tokens_of(el.get("class") or "") and _copyright_line(el)


def _copyright_line(el: HtmlElement) -> bool:
    """Whether ``el``'s text is one copyright line: short (``COPYRIGHT_LINE_MAX_CHARS``),
    opening with the word or the sign, a year after it."""
    text = " ".join(text_content(el).split())
    return len(text) <= COPYRIGHT_LINE_MAX_CHARS and states_copyright(text)


def states_copyright(text: str) -> bool:
    """Whether ``text`` opens as a copyright line does: the word or the sign first
    (``_LEGAL_LEAD_RE``), a year after it (``_COPYRIGHT_RE``)."""
    return _LEGAL_LEAD_RE.match(text) is not None and _COPYRIGHT_RE.search(text) is not None


_CREDITS_TOKENS = frozenset(("author", "authors", "copyright", "legal", "legalnotice"))
"""Class tokens naming a title page's credits: its author, its copyright, its legal notice."""
_COPYRIGHT_RE = re.compile(r"(?:\bcopyright\b|©)\s*(?:©\s*|\(c\)\s*)?(?:[12]\d{3})", re.I)
"""A copyright line: "Copyright 2000-2018, Kern Sibbald", "© 2023 The Authors"."""


def _title_page_credits(el: HtmlElement) -> bool:
    """The credits of a document's title page: a block its class names as the author's,
    the copyright or the legal notice (``author_info``, ``p.copyright``), under the
    document's title (``_under_the_title``), stating a copyright (``_states_copyright``):
    a manual's front page sets its author, date, version, copyright and license under its
    title, as LaTeX's ``\\maketitle`` and DocBook's title page do, and a reader reads them as
    the page's text. A story's author box ("Jane Doe covers climate for ...", a bio) comes
    after the story or is a bio without a copyright, and a site's or a blog's copyright
    line ("© 2024 Jane Roe") comes after the text: they stay boilerplate."""
    tokens = _tokens_of(" ".join(v for v in (el.get("class"), el.get("id")) if v))
    return bool(tokens & _CREDITS_TOKENS) and _under_the_title(el) and _states_copyright(el)


CREDIT_LINE_MAX_WORDS = 12
"""A title page's line (an author, a corporate author, a version, another copyright)."""
TITLE_PAGE_DEPTH = 4
"""Wrappers (holding nothing before it) climbed from a credit to the title page's title."""


def _under_the_title(el: HtmlElement) -> bool:
    """Only the title (a heading, through wrappers), lines of credits (short), text-less
    blocks (a logo, an empty paragraph) and chrome by class (a navigation bar) come before
    ``el`` in its parent, or in its title page climbing wrappers (DocBook sets each line
    of a title page in a ``div`` of its own, the title in another): nothing of the text."""
    node = el
    for _ in range(TITLE_PAGE_DEPTH):
        headed = False
        for sib in node.itersiblings(preceding=True):
            if not isinstance(sib.tag, str):
                continue
            if sib.tag in _HEADINGS or (sib.tag == "div" and
                                        _wrapped_heading(sib).tag in _HEADINGS):
                headed = True
                continue
            text = text_content(sib)
            if text.strip() and not _kinds(sib).boiler and \
                    len(text.split()) > CREDIT_LINE_MAX_WORDS:
                return False
        parent = node.getparent()
        if headed or parent is None or parent.tag == "body" or (parent.text or "").strip():
            return headed
        node = parent
    return False


def _states_copyright(el: HtmlElement) -> bool:
    """``el``'s text has a copyright line (``_COPYRIGHT_RE``)."""
    return _COPYRIGHT_RE.search(text_content(el)) is not None
