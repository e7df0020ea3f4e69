"""A tracker's ticket cited by its number: a name, as an API's is.

Release notes list the bugs a release fixed as links to their tickets, each link the
ticket's number and maybe its tracker and title ("Fixed bugs: <a>GitHub #160 ("More GCC
warnings")</a>. <a>Trac #12617</a>. <a>#7484</a>, <a>#7598</a>"), the link leading to that
ticket's page (``.../issues/160``, ``.../ticket/12617``, ``show_bug.cgi?id=7484``). Such a
list is what the notes say, however linked: the tickets are names of what was done, as a
reference's "References a(), b()" are names of what it uses (``_prune._cites_names``). A
list of other stories ("Episode #42: the show", ``/podcast/episode-42``), a tag cloud
("#python") or a pager cites no ticket: a headline's number is not the last part of its
page's address, and a tag has no number.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlsplit

from lxml.html import HtmlElement

_TICKET_RE = re.compile(r"(?:[^\W\d]\w*\s+){0,2}#(\d{1,7})(?!\w)")
"""A link's text opening with a ticket's number, after its tracker's name and kind at most
("#7484", "Trac #12617", "GitHub Pull #32", "GitHub Issue #59 ("...")")."""


def ticket_link(a: HtmlElement, text: str) -> bool:
    """Whether the link ``a`` (its collapsed ``text``) cites a ticket: its text opens with
    a number after ``#`` (``_TICKET_RE``), and its address is that ticket's page, the
    number the last part of its path or a value of its query. A headline that happens to
    number something ("Week #12 roundup") links a page its number does not name."""
    if "#" not in text:
        return False
    m = _TICKET_RE.match(text)
    if m is None:
        return False
    number = m.group(1)
    href = (a.get("href") or "").strip()
    if not href or href.startswith("#"):
        return False
    try:
        parts = urlsplit(href)
    except ValueError:
        return False
    if parts.path.rstrip("/").rsplit("/", 1)[-1] == number:
        return True
    return any(value == number for _, value in parse_qsl(parts.query))
