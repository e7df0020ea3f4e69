"""A licence notice at the foot of the content: the site's legal line, not the page's text.

A documentation theme sets, under every page's text and inside the column the content is
chosen from, the line stating the licence of its documents ("Except where otherwise
noted, this document is licensed under Creative Commons Attribution 3.0 License. See all
... Legal Documents."), often beside the licence's badge. It is the same on every page,
chrome as a copyright footer is (``_copyright._copyright_footer``), but its class need not
name a footer, and on the shortest pages it was a fifth of what was kept.

The shape: the content's last block of text is one short line (``NOTICE_MAX_CHARS``) that
says the document (the page, the work, the content) is licensed under something
(``_NOTICE_RE``), after text of the page's own. The guard: a section of its own about
the licence (a "License" heading over "This documentation is licensed under the MIT
License.") is what the page says, as a README's last section is; and a line that says more
than the notice (a sentence of the page's own after it) is no notice.
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._clean import drop_tree
from ._tree import _HEADINGS, _collapsed_text, _short_text, _wrapped_heading

NOTICE_MAX_CHARS = 240
"""A licence notice is a line: "Except where otherwise noted, this document is licensed
under Creative Commons Attribution 3.0 License. See all OpenStack Legal Documents." (137)."""

_NOTICE_RE = re.compile(
    r"\b(?:this|the|these|all)\s+(?:document|documentation|page|work|content|text|"
    r"material|site|website|manual|guide)s?\b[^.]{0,40}?\b(?:is|are)\s+"
    r"(?:licen[cs]ed|released|available|distributed|published|made\s+available)\s+under\b",
    re.I)
"""How a licence notice says it: the document is licensed (released, available) under a
licence."""

_BLOCKS = ("p", "div", "span", "li", "small", "footer", "section")
"""The blocks a notice's line is set in."""

_OWN_TEXT_MIN_CHARS = 100
"""Text of the page's own, at least, before a notice ends it (a page that is its notice,
a licence's page, says it)."""


def drop_licence_notice(content: HtmlElement) -> None:
    """Drop the content's last block of text when it is a licence notice
    (``licence_notice``), with the blocks around it that hold nothing else (the badge's
    link beside it)."""
    last = _last_line(content)
    if last is None or not licence_notice(last, content):
        return
    node, text = last, _collapsed_text(last)
    while (parent := node.getparent()) is not None and parent is not content and \
            _collapsed_text(parent) == text:
        node = parent
    node.tail = None
    drop_tree(node)


def _last_line(content: HtmlElement) -> HtmlElement | None:
    """The innermost block (``_BLOCKS``) holding the content's last text; None when the
    last text is in no such block (a table's cell, a listing) or in the content itself."""
    holder = None
    for el in reversed(list(content.iter())):
        if not isinstance(el.tag, str):
            if (el.tail or "").strip():
                holder = el.getparent()
                break
            continue
        if (el.tail or "").strip() and el is not content:
            holder = el.getparent()
            break
        if (el.text or "").strip():
            holder = el
            break
    while holder is not None and holder is not content:
        if holder.tag in ("pre", "table", "td", "th", "dd", "dt") or holder.tag in _HEADINGS:
            return None
        if holder.tag in _BLOCKS:
            return holder
        holder = holder.getparent()
    return None


def licence_notice(el: HtmlElement, content: HtmlElement) -> bool:
    """Whether the last line ``el`` is a licence notice (``_NOTICE_RE``, at most
    ``NOTICE_MAX_CHARS``) after ``_OWN_TEXT_MIN_CHARS`` of the page's own text, and not
    the body of a section of its own (see ``_licence_section``)."""
    text = _short_text(el, NOTICE_MAX_CHARS)
    if not text or _NOTICE_RE.search(text) is None:
        return False
    if len(_collapsed_text(content)) - len(text) < _OWN_TEXT_MIN_CHARS:
        return False
    return not _licence_section(el, content)


def _licence_section(el: HtmlElement, content: HtmlElement) -> bool:
    """Whether ``el`` (or the block wrapping it alone) comes right after a heading: the
    body of a section about the licence ("License" over "This documentation is licensed
    under the MIT License."), which a README or a book's front matter ends with."""
    node = el
    while node is not content:
        prev = node.getprevious()
        while prev is not None and (not isinstance(prev.tag, str) or
                                    not _collapsed_text(prev)):
            prev = prev.getprevious()
        if prev is not None:
            return _wrapped_heading(prev).tag in _HEADINGS
        parent = node.getparent()
        if parent is None:
            return False
        node = parent
    return False
