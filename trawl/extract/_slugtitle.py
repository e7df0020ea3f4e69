"""A page whose ``<title>`` is its file's slug, not its name: the first heading names it.

A converter of a folder of Markdown files titles each page by its metadata, and a file
without any gets its file name for a title ("browser-bugs" for ``browser-bugs.md``): the
page's real name is its first heading ("Wall of browser bugs"), set in the title block
first in the body. ``_entryhead.titled_header`` spares a header holding the page's title
as its ``h1``, and read the heading's words against the slug's, which they are not: the
title block went as the page's banner. A slug is the name's words, lower-cased and joined
by dashes or underscores, so a heading that holds them in order, a few words more at most
("Wall of"), is the name the slug was made from.

Guard: a site's banner first in the body holds the site's name ("Jane's Web Log"), not the
words of the page's file name; a heading that holds them among many others (a tagline) is
no name the slug was cut from (``_few_words_more``).
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._tree import _collapsed_text

_SLUG_RE = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+)+")
"""A file name's slug: two words or more, lower-cased, joined by dashes or underscores."""
_WORD_RE = re.compile(r"[a-z0-9]+")
SLUG_EXTRA_WORDS = 3
"""Words a heading may say besides the slug's ("Wall of" before "browser bugs")."""


def slug_title(heading: HtmlElement, title: str) -> bool:
    """Whether ``title`` is a slug (``_SLUG_RE``) and ``heading`` holds its words, in
    order, with a few words more at most (``_few_words_more``): the name the slug was cut
    from."""
    slug = title.strip()
    if _SLUG_RE.fullmatch(slug) is None:
        return False
    wanted = _WORD_RE.findall(slug)
    said = _WORD_RE.findall(_collapsed_text(heading).lower())
    found = iter(said)
    return all(w in found for w in wanted) and _few_words_more(said, wanted)


def _few_words_more(said: list[str], wanted: list[str]) -> bool:
    """Whether the heading says at most ``SLUG_EXTRA_WORDS`` words besides the slug's."""
    return len(said) - len(wanted) <= SLUG_EXTRA_WORDS
