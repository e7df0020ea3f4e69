"""A copyright line set off under a rule at the content's foot: the site's footer, written
in the page.

A hand-written page ends with its site's footer set in the body itself, no class, id or
landmark to name it: a rule (``<hr>``), one small line, "(c) Copyright 2017 The ProFTPD
Project All Rights Reserved", often a rule again. It is the same line on every page of the
site, chrome as a footer its class names is (``_copyright._copyright_footer``); the rule is
how the page says the text ended above it.

The shape: the content's last block of text (looked for down its last wrappers, a few
deep) is one copyright line (``_copyright._copyright_line``: short, opening with the word
or the sign, a year after it), the nearest block before it that is not empty is a rule,
and the page has text of its own before (``OWN_TEXT_MIN_CHARS``). The line is dropped, with
the rules and empty blocks around it (no words).

Left alone: a copyright line under a heading (a README's "Copyright" section, a book's
legal notice: no rule before it, a heading), a copyright line after a rule with the page's
text after it (a title page's credits at the top), a line saying more than a copyright
(a sentence after it, past ``COPYRIGHT_LINE_MAX_CHARS``), and a page whose text is its
copyright (a licence's page).
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._clean import drop_tree
from ._copyright import _copyright_line
from ._text import text_content

RULED_COPYRIGHT = True
"""Module switch (tests turn it off)."""
RULE_BEFORE = True
"""The line must follow a rule (tests loosen it to see the heading's guard fail)."""
OWN_TEXT_MIN_CHARS = 100
"""Text of the page's own, at least, before its footer."""
WRAPPER_DEPTH = 4
"""How many last wrappers (``div``, ``center``, ...) the line is looked for in."""
_WRAPPERS = frozenset(("div", "center", "section", "article", "main", "body"))
_EMPTY_OK = frozenset(("hr", "br", "p", "div", "a", "span"))
"""Blocks with no text that may stand between the rule and the line, or after it."""


def drop_ruled_copyright(content: HtmlElement) -> None:
    """Drop the copyright line set off under a rule at the content's foot (see the
    module's docstring), with the rule and the empty blocks around it."""
    if not RULED_COPYRIGHT:
        return
    found = _footer_line(content)
    if found is None:
        return
    line, rule, after = found
    if len(" ".join(text_content(content).split())) - \
            len(" ".join(text_content(line).split())) < OWN_TEXT_MIN_CHARS:
        return
    for el in (*after, line, *([rule] if rule is not None else [])):
        el.tail = None
        drop_tree(el)


def _footer_line(content: HtmlElement
                 ) -> tuple[HtmlElement, HtmlElement | None, list[HtmlElement]] | None:
    """The content's last line of text when it is a copyright line after a rule, the rule,
    and the text-less elements after the line; None when it is not."""
    node = content
    for _ in range(WRAPPER_DEPTH):
        kids = [k for k in node if isinstance(k.tag, str)]
        after: list[HtmlElement] = []
        last = None
        for kid in reversed(kids):
            if (kid.tail or "").strip():
                return None  # (text after it, loose in the wrapper: the page's)
            if text_content(kid).strip():
                last = kid
                break
            if kid.tag not in _EMPTY_OK:
                return None  # (a figure, a form: not a footer's end)
            after.append(kid)
        if last is None:
            return None
        if _copyright_line(last):
            rule = _rule_before(last)
            if rule is None and RULE_BEFORE:
                return None
            return last, rule, after
        if last.tag not in _WRAPPERS or after:
            return None
        node = last
    return None


def _rule_before(line: HtmlElement) -> HtmlElement | None:
    """The rule (``hr``) before ``line``, only empty blocks between; None when another
    block (a heading, a paragraph of text) comes first."""
    for sib in line.itersiblings(preceding=True):
        if not isinstance(sib.tag, str):
            continue
        if (sib.tail or "").strip():
            return None  # (text between it and the line)
        if sib.tag == "hr":
            return sib
        if text_content(sib).strip() or sib.tag not in _EMPTY_OK:
            return None
    return None
