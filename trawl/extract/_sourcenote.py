"""An API entry's source note: "Defined in rxjs/src/internal/scheduler/asap.ts:44".

Reference generators say where each entry is declared, in a small block under its signature
(TypeDoc's ``aside.tsd-sources``, "Inherited from Error.message" and "Defined in
typescript/lib/lib.es5.d.ts:1077"). Set in an ``aside``, the block reads as a sidebar to the
boilerplate pass, which takes every ``aside`` short of half the page. A sidebar holds the
site's links, a box of related stories, an ad, a bio: none names a file of source code and a
line in it. A note that does, and is short, is the entry's.
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._stats import _Stats
from ._text import text_content

SOURCE_NOTE_MAX_CHARS = 400
"""A source note is a few lines (where the entry is defined, what it inherits or overrides)."""
_FILE_LINE_RE = re.compile(r"(?:^|[\s(])[\w.-]+(?:/[\w.@-]+)*\.[A-Za-z]\w{0,5}:\d+\b")
"""A file of source and a line in it: ``asap.ts:44``, ``src/lib.rs:120``, ``(io.c:53)``."""
_FILE_COMMA_LINE_RE = re.compile(
    r"(?:^|[\s(:])[\w.-]+(?:/[\w.@-]+)*\.[A-Za-z]\w{0,5},\s+line\s+\d+\b")
"""A file of source and a line in it, written out: ``src/walker.js, line 633``."""


def source_note(el: HtmlElement, st: _Stats) -> bool:
    """Whether ``el`` (an ``aside``) is an entry's source note: short
    (``SOURCE_NOTE_MAX_CHARS``), and a line of it names a file and a line
    (``_FILE_LINE_RE``)."""
    if not 0 < st.text <= SOURCE_NOTE_MAX_CHARS:
        return False
    return _FILE_LINE_RE.search(text_content(el)) is not None


def source_line(el: HtmlElement, st: _Stats) -> bool:
    """Whether ``el`` (a block of links prune would drop) is an entry's source note written
    out, "Source: src/walker.js, line 633" (JSDoc's ``dl.details``, the file and the line
    each a link to the page of its source): short (``SOURCE_NOTE_MAX_CHARS``), and a line
    of it names a file and a line in it, written out (``names_source_line``). A list of
    links to pages or to files names no line in them; a hover card's "Definition:
    factory.h:104" is a tooltip's line."""
    if not 0 < st.text <= SOURCE_NOTE_MAX_CHARS:
        return False
    return names_source_line(text_content(el))


def names_source_line(text: str) -> bool:
    """Whether ``text`` names a file of source and a line in it written out, ``src/walker.js,
    line 633``. Not ``walker.js:633`` alone: a source listing's hover cards say so
    ("Definition: factory.h:104", Doxygen's tooltips, chrome), and an ``aside`` saying it
    is ``source_note``'s."""
    return _FILE_COMMA_LINE_RE.search(" ".join(text.split())) is not None


def source_entry(after: list[HtmlElement]) -> bool:
    """Whether what follows the page's last heading (``after``, short) is an entry's source
    note alone ("Source: src/walker.js, line 633"): the heading is the entry's signature
    ("new Walker()"), its entry documented by where it is defined, no dangling "Comments"
    heading over a count (which names no file and line)."""
    texts = [text_content(el) for el in after]
    return any(names_source_line(t) for t in texts)
