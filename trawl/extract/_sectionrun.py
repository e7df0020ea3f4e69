"""A document's run of sections: its first section is a part of it, not its header.

A manual page is a run of sections (NAME, SYNOPSIS, DESCRIPTION, OPTIONS, FILES, SEE ALSO),
each a ``section`` of one class opening with a heading of one tag: mandoc writes each
``section.Sh > h1.Sh``. The first ``h1`` is taken for the page's headline
(``_edges.strip_header``), and the block around it that holds little more, its header
(``_edges._header_block``), goes with it: the NAME section, "NAME" over the command's
name and purpose ("dsc - Debian source packages' control file format"), went whole, the
page's first line lost (70 of mandoc's ~320 pages under 95 %). A section whose siblings
open with headings of its heading's rank is the document's first part, not its header; an
article's header (its title, a standfirst, a byline) has no siblings of that shape.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._tree import _first_element

SECTION_RUN_MIN = 3
"""A run is this many sections alike at least (a man page: NAME, SYNOPSIS, DESCRIPTION)."""


def _opens_with(el: HtmlElement, heading: str) -> bool:
    first = _first_element(el)
    return first is not None and first.tag == heading


def opens_run_section(wrapper: HtmlElement, heading: HtmlElement) -> bool:
    """Whether ``wrapper``, around a heading taken for the page's headline, is a section
    of a run of sections the heading opens (``SECTION_RUN_MIN`` siblings of its class at
    least, ``wrapper`` with them, each opening with a heading of ``heading``'s tag): a man
    page's NAME section, "NAME" over the command's name and purpose, is the document's
    first part, not a header to drop with its headline. An article's header holds its
    title and byline, and no sibling of it opens with a heading of the title's rank."""
    tag = str(heading.tag)
    if wrapper.tag != "section" or _first_element(wrapper) is not heading:
        return False
    return _run_length(wrapper, tag) >= SECTION_RUN_MIN


def _run_length(section: HtmlElement, heading: str) -> int:
    """How many sections of ``section``'s class (it among them) its parent holds that open
    with a heading of the tag ``heading``."""
    parent = section.getparent()
    if parent is None:
        return 0
    cls = section.get("class")
    count = 0
    for child in parent:
        if child.tag == "section" and child.get("class") == cls and _opens_with(child, heading):
            count += 1
    return count
