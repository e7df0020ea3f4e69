"""A class's members and relations on its reference page (gi-docgen's class pages: its
"Instance methods", "Properties" and "Signals", each member an entry headed by its name,
linked to its own page, over a line of what it does; its "Ancestors" and "Implements", the
names of its classes in a list, in a wrapper of its own under the section's heading).
Prune judges blocks by their links, and these are mostly links: the API's names, which
are the page's text, however linked. ``_prune`` asks these of the blocks it would drop."""

from __future__ import annotations

from lxml.html import HtmlElement

from ._kept import _wraps_one
from ._sections import names_list
from ._signals import section_alike
from ._stats import _TYPED_NAME_RE, _Stats
from ._tree import _HEADINGS, _collapsed_text, _empty_anchor, _first_element

NAMED_ENTRIES_MIN = 2
"""Entries alike headed by names, at least (a class of two methods): the names say they are
a reference's, where ``_kept.ENTRIES_MIN`` blocks alike by their class say so."""


def named_entries(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``el`` is a block of a reference's entries headed by names, or one of them,
    or one's heading (see ``_headed_by_names``)."""
    node: HtmlElement | None = el
    for _ in range(3):  # (the block, an entry, an entry's heading)
        if node is None:
            return False
        if _headed_by_names(node, stats):
            return True
        node = node.getparent()
    return False


def _headed_by_names(block: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``block`` holds nothing but ``NAMED_ENTRIES_MIN`` entries or more alike (one tag,
    one class or none), each headed by an API's name at one rank: its first element a
    heading, linked, whose text is one token that names as a program does (scoped,
    underscored, camel-cased: ``gtk_stack_page_get_title``, ``Gtk.StackPage:child``),
    then text of its own, what the member does ("Sets whether to clip this child.", or
    "No description available."), however short beside the name. A list of teasers is
    headed by headlines, words; a menu's or a list of categories' by a word ("Sports");
    a list of links says nothing besides them."""
    entries = [c for c in block if isinstance(c.tag, str) and not _empty_anchor(c)]
    if len(entries) < NAMED_ENTRIES_MIN or any((c.tail or "").strip() for c in block) or \
            (block.text or "").strip():
        return False
    kind = (entries[0].tag, entries[0].get("class") or "")
    rank = None
    for entry in entries:
        head = _first_element(entry)
        if (entry.tag, entry.get("class") or "") != kind or head is None or \
                head.tag not in _HEADINGS or rank not in (None, head.tag) or \
                not names_member(head) or entry not in stats or head not in stats or \
                stats[entry].text <= stats[head].text:
            return False
        rank = head.tag
    return True


def wrapped_section_body(el: HtmlElement) -> bool:
    """Whether ``el`` is all a section alike (``section_alike``) says under its heading, in
    wrappers of its own (``<div class="docblock"><ul>`` under "Ancestors": the names of a
    class's ancestors), as ``_kept._section_body`` says of a body set right under it, when
    it lists names (``_sections.names_list``: a word a link, ``GObject``, ``git-log(1)``).
    A list of titles so wrapped under a site's "Resources" is links, judged as such."""
    node, section = el, el.getparent()
    if section is None or not _wraps_one(section):
        return False
    while section is not None and _wraps_one(section):
        node, section = section, section.getparent()
    if section is None or not section_alike(section):
        return False
    blocks = [c for c in section if isinstance(c.tag, str) and not _empty_anchor(c)]
    return len(blocks) == 2 and node is blocks[1] and names_list(node)


def names_member(heading: HtmlElement) -> bool:
    """Whether ``heading`` is a member's entry's: one token, an API's name (scoped,
    underscored, camel-cased: ``gtk_icon_theme_error_quark``), linked to the member's page.
    Its entry is the page's last ("Type functions", one function, "No description
    available." under it), not a dangling "Comments" or "Related" heading: those are words."""
    text = _collapsed_text(heading)
    return len(text.split()) == 1 and _TYPED_NAME_RE.search(text) is not None and \
        any(a.get("href") for a in heading.iter("a"))
