"""A release's date under its title: the date a version came out is what its notes are
about, no dateline of the page (see ``release_date``); and a version line is no dateline
(see ``version_line``)."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._text import text_content
from ._tree import _HEADINGS

_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_DATE_LINE_RE = re.compile(
    rf"\W*(?:{_MONTH}\s+{_DAY},?\s+\d{{4}}|{_DAY}\s+{_MONTH},?\s+\d{{4}}|{_MONTH}\s+\d{{4}}"
    r"|\d{4}-\d{2}-\d{2})\W*", re.I)
"""A line that is a date and nothing else ("November 2, 2020", "2 November 2020",
"2020-11-02", "June 2023")."""
_VERSION_RE = re.compile(r"(?<![\w.])\d+(?:\.\d+)+(?![\w.]*\d)")
"""A version number of two dotted parts or more ("2.2.17", "3.0")."""
_EMPHASIS = frozenset(("em", "i", "strong", "b"))


def release_date(el: HtmlElement) -> bool:
    """Whether ``el`` (or the paragraph it is the emphasis of) is the date of the release
    the heading right above it names: the heading holds a version number ("Django 2.2.17
    release notes", "Version 4.1.0"), and the paragraph, of no class, is a date and
    nothing else, set in emphasis ("<p><em>November 2, 2020</em></p>": the notes' writer
    typed it so, ``*November 2, 2020*``). A release's notes say when it came out; that is
    the page's subject, not when the page was written. A story's dateline is its
    template's (a ``<time>``, a class saying date or byline: read as before), and a date
    in emphasis under a heading naming no version is a story's."""
    para = el.getparent() if el.tag in _EMPHASIS else el
    if para is None or para.tag != "p" or para.get("class") or (para.text or "").strip() or \
            len(para) != 1:
        return False
    inner = para[0]
    if inner.tag not in _EMPHASIS or len(inner) or (inner.tail or "").strip() or \
            _DATE_LINE_RE.fullmatch(inner.text or "") is None:
        return False
    heading = para.getprevious()
    while heading is not None and not (isinstance(heading.tag, str) and
                                       (heading.tag in _HEADINGS or text_content(heading).strip())):
        heading = heading.getprevious()  # (empty anchors, comments)
    return heading is not None and heading.tag in _HEADINGS and \
        _VERSION_RE.search(text_content(heading)) is not None


_DOTTED_RE = re.compile(r"(?<![\w.])\d+(?:\.\d+){2,}(?![\w.]*\d)")
"""A number of three dotted parts or more: a version ("4.11.0.0", "2.2.17"), or a date
written with dots ("12.05.2024")."""
_YEAR_RE = re.compile(r"(?:19|20)\d\d")
_DIGIT_RE = re.compile(r"\d")


def version_line(text: str) -> bool:
    """Whether the short line ``text`` says no figure but version numbers (``_DOTTED_RE``,
    none of them a date, ``_names_a_year``): an entry's "Since: base-4.11.0.0", its
    description's last line, whose "4.11" reads as a time. A dateline says a date: a year
    among its dotted parts ("Updated 12.05.2024"), or figures besides ("3.2.1, 12 May")."""
    found = False
    for number in _DOTTED_RE.findall(text):
        if _names_a_year(number):
            return False
        found = True
    return found and _DIGIT_RE.search(_DOTTED_RE.sub(" ", text)) is None


def _names_a_year(number: str) -> bool:
    """Whether one of the dotted parts of ``number`` is a year (a date written with dots)."""
    return any(_YEAR_RE.fullmatch(part) for part in number.split("."))
