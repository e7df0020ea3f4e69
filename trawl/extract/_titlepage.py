"""A book's title page: its title, then its credits and legal lines (an author, a corporate
author, a version, a copyright, a legal notice), over the book's table of contents. What a
reader of the manual's front page reads, and the book's text: not an article's byline and
dateline, which ``_edges.strip_header`` drops under a headline."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._copyright import states_copyright
from ._stats import _Stats
from ._toc import LISTS, _led_by_link, contents_list
from ._tree import _HEADINGS, _collapsed_text, _is_ancestor, _short_text

LEGAL_LINE_MAX_CHARS = 160
"""A copyright line is a line: "Copyright © 2003-2023 The Pgpool Global Development Group"."""
TITLE_PAGE_MAX_ELEMENTS = 600
"""Elements after the title looked through for its legal line and the contents after it."""
TITLE_PAGE_MAX_LINES = 40
"""Elements after the title looked through for its legal line (a title page's lines are
right under its title; a story's first paragraphs end the search early)."""
TITLE_PAGE_MAX_LISTS = 3
"""Lists after the legal line asked whether they are the book's contents."""


def _may_open_legally(el: HtmlElement) -> bool:
    """False when ``el``'s text cannot open as a copyright line does (``_LEGAL_LEAD_RE``): its
    first character is a letter or digit other than a "c". Most elements under a title are
    no legal lines, and joining their whole text is what costs (``_short_text``)."""
    if not len(el):  # (an element without children: its own text, no itertext)
        lead = el.text.lstrip() if el.text else ""
        return bool(lead) and (not lead[0].isalnum() or lead[0] in "cC")
    for piece in el.itertext():
        lead = piece.lstrip()
        if lead:
            return not lead[0].isalnum() or lead[0] in "cC"
    return False


def legal_line(el: HtmlElement) -> bool:
    """Whether ``el`` is a copyright line: short, opening with the word or sign, a year
    after it (``_COPYRIGHT_RE``); or a legal notice that opens with one
    (``legal_notice``)."""
    if not _may_open_legally(el):
        return False
    text = _short_text(el, LEGAL_LINE_MAX_CHARS)
    if text is None:
        return legal_notice(el)
    return bool(text) and states_copyright(text)


LEGAL_NOTICE_MAX_CHARS = 800
"""A legal notice is a paragraph: its copyright line, then the terms of distribution."""


def legal_notice(el: HtmlElement) -> bool:
    """Whether ``el`` is a legal notice: a paragraph (at most ``LEGAL_NOTICE_MAX_CHARS``)
    whose first line is a copyright line ("Copyright 2002-2022 Fred Toussi and The HSQL
    Development Group. Permission is granted to distribute this document ..."): a book's
    title page sets its copyright so as often as on a line of its own. The copyright must
    lead, its year within a line's length: a paragraph that mentions a copyright further
    on (a story about a lawsuit) is no notice."""
    text = _short_text(el, LEGAL_NOTICE_MAX_CHARS)
    if not text:
        return False
    return states_copyright(text[:LEGAL_LINE_MAX_CHARS])


def title_page(content: HtmlElement, headline: HtmlElement) -> bool:
    """Whether the headline ``headline`` heads a book's title page: after it, a copyright
    line of its own (``legal_line``), then a table of contents (``contents_list``): a
    book's front page sets its title, credits and legal lines over its contents (DocBook's
    and LaTeX's title pages, whatever the generator). A blog's or a story's "© 2024 Jane
    Roe" under its headline is over the story, no table of contents; a site's copyright
    footer comes after the text, under no title of its own."""
    legal = False
    lists = 0
    started = inside = False
    after = 0
    for i, el in enumerate(content.iter()):
        if i > TITLE_PAGE_MAX_ELEMENTS:
            break
        if el is headline:
            started = inside = True
            continue
        # (the headline's descendants come right after it: the first element past them
        # ends the climbs through the ancestors)
        inside = inside and _is_ancestor(headline, el)
        if not started or not isinstance(el.tag, str) or inside:
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
            if not _prose_list(el):  # (a list in the notice's or abstract's text)
                lists += 1
            if lists >= TITLE_PAGE_MAX_LISTS:
                break
    return False


PROSE_LISTS_PASSED = True
"""Whether ``title_page`` passes over the lists of the title page's own text
(``_prose_list``) on its way to the contents; a switch for the tests."""


def _prose_list(lst: HtmlElement) -> bool:
    """Whether ``lst`` is a list of the title page's text, no list of links: its first
    entry is not led by a link (``_toc._led_by_link``), as no table of contents' is (a
    legal notice's list of the documents a guide was made from, an abstract's list of the
    topics it covers). The lists ``title_page`` asks of (``TITLE_PAGE_MAX_LISTS``) are
    those that could be the book's contents or a site's menus: lists of links."""
    if not PROSE_LISTS_PASSED:
        return False
    first = next(lst.iter("li", "dt"), None)
    return first is not None and not _led_by_link(first)


_LICENCE_RE = re.compile(r"\blicen[cs]e\b", re.I)
"""A licence's title names it so ("GNU Free Documentation License", "The Apache Licence")."""
LICENCE_PROSE_MIN_CHARS = 80
"""A paragraph of this much text, no copyright line, is the page's prose: the header's
lines are over."""


def licence_page(content: HtmlElement, headline: HtmlElement) -> bool:
    """Whether the headline ``headline`` titles a licence (``_LICENCE_RE``: "Appendix A.
    GNU Free Documentation License") and a copyright line of its own (``legal_line``)
    follows it before any paragraph of prose: the licence's own notice ("Copyright (C) 2000
    Free Software Foundation, Inc. 51 Franklin Street, Fifth Floor, Boston ... Everyone is
    permitted to copy and distribute verbatim copies of this license document") and its
    version and date, which every copy of the licence carries: its text, as a book's title
    page's lines are (``title_page``), not a byline and a dateline under a story's
    headline. A story's copyright line goes under a headline that names no licence, and a
    story about a licence states no copyright of its own over its text."""
    if not _names_licence(headline):
        return False
    started = False
    after = 0
    for el in content.iter():
        if el is headline:
            started = True
            continue
        if not started or not isinstance(el.tag, str) or _is_ancestor(headline, el):
            continue
        after += 1
        if after > TITLE_PAGE_MAX_LINES:
            return False
        if el.tag not in LISTS and legal_line(el):
            return True
        if el.tag == "p" and _short_text(el, LICENCE_PROSE_MIN_CHARS - 1) is None:
            return False
    return False


def _names_licence(headline: HtmlElement) -> bool:
    """Whether the headline's words name a licence (``_LICENCE_RE``)."""
    return _LICENCE_RE.search(_collapsed_text(headline)) is not None


TITLE_PAGE_MAX_CREDITS = 12
"""Blocks of a title page looked through for its copyright line (its title, authors, a
version, the copyright, the legal notice: each a block of its own)."""


def heads_document(node: HtmlElement, parent: HtmlElement,
                   stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``node`` is the title page of the document ``parent`` is: ``parent``'s first
    block, holding ``parent``'s first heading (the document's title) and, among its credits,
    a copyright line of its own (``credits_state_copyright``). An article whose title page
    won the scoring (its legal notice is its longest paragraph: the article is tables of
    links, or lists of short entries) is the whole article, as a chapter's title is its
    chapter's: the title page is its head, not its content. A site's header (its name, a
    tagline) over the page's menus states no copyright under its title: a site's
    copyright is in its footer, after the text."""
    if node not in stats or parent not in stats or stats[parent].text <= stats[node].text:
        return False
    first = next((c for c in parent if isinstance(c.tag, str) and c in stats
                  and stats[c].text), None)
    if first is not node:
        return False
    heading = next(parent.iter(*_HEADINGS), None)
    return heading is not None and _is_ancestor(node, heading) and \
        credits_state_copyright(node)


def credits_state_copyright(node: HtmlElement) -> bool:
    """Whether one of the first blocks of ``node`` (a title page's lines) is a copyright
    line of its own (``legal_line``)."""
    for i, el in enumerate(node.iter("p", "div", "span")):
        if i >= TITLE_PAGE_MAX_CREDITS * 3:
            return False
        if legal_line(el):
            return True
    return False


def credits_under_title(node: HtmlElement) -> bool:
    """Whether ``node`` is among a book's title page's credits under its title (it states
    the copyright: ``credits_state_copyright``), the title being the document's first
    heading, just before it (``TITLE_PAGE_MAX_LINES`` elements), and the title page set
    over the book's contents (``title_page``): the block climbs to the title page (and
    there, ``heads_document``, to the book). A title page laid out as a table (the credits
    in a cell, a logo in the next) put its legal notice, the longest paragraph of a front
    page of links, in a cell of its own, the climb stopping there. A story's or a site's
    copyright notice over no table of contents stays where it is. The notice may follow a
    copyright line of its own, a block of the title page before it
    (``copyright_before``): DocBook sets "Copyright © 2014-2021 ..." as a line, then the
    terms ("Permission is hereby granted ...") as the legal notice, each in a block."""
    if not (credits_state_copyright(node) or copyright_before(node)):
        return False
    root = node.getroottree().getroot()
    title = next(root.iter(*_HEADINGS), None)
    if title is None or _is_ancestor(node, title) or not _shortly_after(title, node):
        return False
    return title_page(root, title)


COPYRIGHT_LINE_BEFORE = True
"""Whether ``credits_under_title`` takes a notice after a copyright line of its own among the
blocks before it (``copyright_before``); a switch for the tests."""


def copyright_before(node: HtmlElement) -> bool:
    """Whether one of the blocks just before ``node`` under its parent (at most
    ``TITLE_PAGE_MAX_CREDITS``: a title page's earlier lines, its title, authors, version)
    is a copyright line of its own (``credits_state_copyright``), ``node`` being a legal
    notice's block: its terms, under the copyright they are the terms of."""
    if not COPYRIGHT_LINE_BEFORE:
        return False
    for i, sib in enumerate(node.itersiblings(preceding=True)):
        if i >= TITLE_PAGE_MAX_CREDITS:
            return False
        if isinstance(sib.tag, str) and credits_state_copyright(sib):
            return True
    return False


def _shortly_after(title: HtmlElement, node: HtmlElement) -> bool:
    """Whether ``node`` comes after ``title`` (past its text), within
    ``TITLE_PAGE_MAX_LINES`` elements."""
    return any(el is node for el in title.xpath(
        f"following::*[position() <= {TITLE_PAGE_MAX_LINES}]"))
