"""A section the content's siblings make whole is judged as a section (``_content``).

The widening (``_whole.whole``) climbs from the best block while a rule says its parent is
the content too; ``_select._with_siblings`` then takes in the siblings that look like
content, and when they are nearly all of the parent, the parent. When that parent is a
headed section (a manual page's FIELDS, its long list of fields and the blocks beside it,
which the climb did not take for a section's text), the climb stops there, short of the
rules that read sections: three or more sections alike are the document's, not one of
them (the NAME, SYNOPSIS, DESCRIPTION and SEE ALSO beside it were left out). The climb
goes on from the section, by the same rules, which guard what is beside it (a story's
comments, a related section's links).
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._tree import _HEADINGS, _first_element


def section_made_whole(content: HtmlElement, top: HtmlElement) -> bool:
    """Whether ``content`` is the parent of ``top`` (the block the climb stopped at) that
    its siblings made whole, and a section: its first element a heading (through a title
    block that only wraps one)."""
    if content is top or content is not top.getparent():
        return False
    first = _first_element(content)
    return first is not None and first.tag in _HEADINGS
