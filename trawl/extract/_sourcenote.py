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


def source_note(el: HtmlElement, st: _Stats) -> bool:
    """Whether ``el`` (an ``aside``) is an entry's source note: short
    (``SOURCE_NOTE_MAX_CHARS``), and a line of it names a file and a line
    (``_FILE_LINE_RE``)."""
    if not 0 < st.text <= SOURCE_NOTE_MAX_CHARS:
        return False
    return _FILE_LINE_RE.search(text_content(el)) is not None
