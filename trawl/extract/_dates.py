"""A line that says a date or a time ("May 4, 2026", "12.05.2024, 10:30", "3 days ago"):
a dateline, a teaser's date, an entry's meta line. (Moved out of ``_edges`` as it was, so
that a module ``_edges`` depends on, ``_linkheading``, can ask it too.)"""

from __future__ import annotations

import re

from ._text import _FIGURE_NUMBER_RE

_DATE_RE = re.compile(
    r"\b(19|20)\d\d\b|\b\d{1,2}[:/.]\d{2}\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)"
    r"[a-z]*\.? \d{1,2}\b|\b\d{1,2} (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\bago\b",
    re.I,
)


def _dated(text: str) -> bool:
    """Whether the line ``text`` says a date or a time (``_DATE_RE``), past a figure's
    number it opens with (``_numbered_title``: "Figure 16.16." reads as a time)."""
    return _DATE_RE.search(text) is not None and not _numbered_title(text)


def _numbered_title(text: str) -> bool:
    """Whether the line ``text`` is a numbered figure's title ("Figure 16.16. Contents of
    the Edit Menu", "Table 3.2. Options"): it opens with the figure's number
    (``_FIGURE_NUMBER_RE``) and says no date or time past it. A document numbers the
    figures its text refers to, and a figure under a section's heading is the section's
    first block (a menu's page: its screenshot, then its entries), no dateline, though its
    number reads as a time; a dateline ("12.05.2024, 10:30") opens with no such word."""
    number = _FIGURE_NUMBER_RE.match(text)
    return number is not None and _DATE_RE.search(text[number.end():]) is None
