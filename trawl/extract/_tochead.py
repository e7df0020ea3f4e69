"""A table of contents its heading names: a document's own list of its sections, set in
its text under a heading "Table of contents" (Git's ToolsForGit.txt, written so in
AsciiDoc: "Table of contents" over links to "Visual Studio Code (VS Code)" and "Emacs",
the two sections after it). No class names it; its heading does
(``_toc.contents_list`` asks, with every link to a place on the page)."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._tree import _collapsed_text, _wrapped_heading

_CONTENTS_HEADING_RE = re.compile(
    r"(?:table\s+of\s+)?contents|on\s+this\s+page|in\s+this\s+(?:article|page|section|"
    r"chapter|document)", re.IGNORECASE)
"""A heading that names a table of contents, the whole of its text."""
BODY_LEVELS = 2
"""How many wrappers up a list that opens them looks for its heading (AsciiDoc's
``div.sectionbody`` after the ``h2``)."""


def names_contents(heading: HtmlElement) -> bool:
    """Whether ``heading``'s text, the whole of it, names a table of contents
    (``_CONTENTS_HEADING_RE``: "Contents", "On this page", "In this article")."""
    return _CONTENTS_HEADING_RE.fullmatch(_collapsed_text(heading).strip(" :")) is not None


def _before(el: HtmlElement) -> HtmlElement | None:
    """The element before ``el`` among its siblings (comments skipped), if any."""
    prev = el.getprevious()
    while prev is not None and not isinstance(prev.tag, str):
        prev = prev.getprevious()
    return prev


def headed_contents(lst: HtmlElement) -> bool:
    """Whether ``lst`` (or the outermost wrapper holding it and nothing else) comes right
    after a heading (through its wrapper; or opens, up to ``BODY_LEVELS`` wrappers up, the
    body after one) whose whole text names a table of contents
    (``_CONTENTS_HEADING_RE``). The caller asks as well that every link of the list lead
    to a place on the page (a box "Contents" of other pages' links is a site's)."""
    el = lst
    while True:
        parent = el.getparent()
        if parent is None or (parent.text or "").strip() or \
                sum(1 for c in parent if isinstance(c.tag, str)) > 1:
            break
        el = parent
    prev = _before(el)
    for _ in range(BODY_LEVELS):  # (the first block of a section's body: its heading's)
        parent = el.getparent()
        if prev is not None or parent is None or (parent.text or "").strip():
            break
        el = parent
        prev = _before(el)
    if prev is None:
        return False
    heading = _wrapped_heading(prev)
    return heading.tag in ("h1", "h2", "h3", "h4", "h5", "h6") and \
        names_contents(heading)


ENTRY_MAX_CHARS = 120
"""A table of contents' entry is a title: at most this long (its sub-entries aside)."""


def title_entries(lst: HtmlElement) -> bool:
    """Whether every entry of ``lst`` says a title at most (``ENTRY_MAX_CHARS``, less the
    lists nested in it), however it is wrapped (AsciiDoc sets each in a ``p``): a list of
    stories' teasers says summaries."""
    for item in lst.iter("li"):
        own = len(_collapsed_text(item)) - sum(
            len(_collapsed_text(sub)) for sub in item if sub.tag in ("ul", "ol", "dl"))
        if own > ENTRY_MAX_CHARS:
            return False
    return True
