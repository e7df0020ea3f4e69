"""The end of a document's sections: what a section, a list or a heading at the content's
end holds that is the document's, however short (``_edges.drop_trailing_meta`` and
``drop_dangling_heading`` ask). A reference entry's last section may say one word
("Values: None"), end on a list of names (the tables referencing a table) or on a
declaration under its heading; a story's dateline, a share bar's labels and a comment
count are none of these."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._kept import _up_to
from ._prune import _cites_names
from ._signals import _collapsed_text, _first_element, _short_text, section_alike


def body_of_section(el: HtmlElement, text: str, content: HtmlElement) -> bool:
    """Whether the last line ``el`` is all a document's section says under its heading, a
    section alike its siblings (``section_alike``: a reference entry's "Values" over
    "None", "Description" over "FIXME", "Arguments" over "None"): the entry has nothing
    to list, and says so. A share bar's label or a dateline is under no heading of such a
    section, or comes after the section's own text (see ``_only_line``)."""
    for node in _up_to(el, content)[1:]:  # (its ancestors below the content)
        if section_alike(node):
            return _only_line(node, el, text)
    return False


def _only_line(section: HtmlElement, el: HtmlElement, text: str) -> bool:
    """Whether ``section``'s text is its heading's and ``el``'s ``text`` alone: a story's
    dateline after its last section's paragraphs is no section's body."""
    heading = _first_element(section)
    if heading is None:
        return False
    said = len(_collapsed_text(heading)) + 1 + len(text)
    whole = _short_text(section, said + 1)
    return whole is not None and len(whole) <= said


def item_of_names(el: HtmlElement, content: HtmlElement,
                  lists: dict[HtmlElement, bool]) -> bool:
    """Whether ``el`` is (in) an item of a list of names, two items or more, whose links
    cite names (``_cites_names``: a table's "Tables referencing sl_node: sl_listen,
    sl_path, sl_set", a link an item): a list the page ends with, no label left of a
    share bar. A share bar's items are words ("Facebook", "Twitter"), no names. ``lists``:
    what was said of each list already (its items go one by one from the end: a list is
    read once)."""
    for node in _up_to(el, content):
        if node.tag == "li":
            items = node.getparent()
            if items is None or items.tag not in ("ul", "ol"):
                return False
            known = lists.get(items)
            if known is None:
                known = lists[items] = len(items.findall("li")) >= 2 and _cites_names(items)
            return known
    return False


ROWS_MIN = 2
"""Rows of two cells or more that make a table of rows (see ``cell_of_rows``)."""


def cell_of_rows(el: HtmlElement, content: HtmlElement,
                 tables: dict[HtmlElement, bool]) -> bool:
    """Whether the last line ``el`` fills a cell of a table of rows: its cell holds nothing
    else, its row has two cells or more, and its table ``ROWS_MIN`` such rows or more (an
    enumeration's members at a reference entry's end, a name a row, their descriptions
    empty: gtk-doc's "Members" table of ``GDAUI_DATA_PROXY_INFO_NONE``, ...). The table
    ends the content, and its rows are its text, a name each, as a list of names is
    (``item_of_names``). A layout table's cell holds the story, not a line; a story's
    meta line set in a row of its own spans the table, a row of one cell. ``tables``:
    what was said of each table already (its cells go one by one from the end)."""
    for node in _up_to(el, content):
        if node.tag in ("td", "th"):
            row = node.getparent()
            if row is None or row.tag != "tr" or _cells(row) < 2 or \
                    _collapsed_text(node) != _collapsed_text(el):
                return False
            table = next(row.iterancestors("table"), None)
            if table is None:
                return False
            known = tables.get(table)
            if known is None:
                known = tables[table] = sum(
                    _cells(r) >= 2 for r in table.iter("tr")
                    if next(r.iterancestors("table"), None) is table) >= ROWS_MIN
            return known
    return False


def _cells(row: HtmlElement) -> int:
    return sum(c.tag in ("td", "th") for c in row)


def lists_code(after: list[HtmlElement]) -> bool:
    """Whether what follows the content's last heading (``after``) is or holds a code
    listing with text (``pre``): a declaration or an example, however short ("struct
    GtkHPaned;"), is what the heading is over, no comment count nor a "Related" block's
    leftover (they are words and links)."""
    return any(pre.tag == "pre" and any(t.strip() for t in pre.itertext())
               for el in after for pre in el.iter("pre"))


PROSE_MIN_WORDS = 20
_NEXT_SENTENCE_RE = re.compile(r"[.!?][\"'”’)]?\s+[\"'“‘(]?[A-Z]")
"""A sentence's end, and the next one's capital."""


def says_sentences(text: str) -> bool:
    """Whether the last line ``text`` is prose: two sentences or more, ``PROSE_MIN_WORDS``
    words at least, ending as a sentence does ("Tags for major releases consist of a “v”
    followed by a version number. Major releases additionally have a tag ..."): a paragraph
    that opens with a word of a meta line ("Tags", "Source", "Published"), no meta line. A
    story's credits are a line of a few words ("Reporting by A in London. Editing by B.")."""
    if len(text.split()) < PROSE_MIN_WORDS or not text.rstrip().endswith((".", "!", "?")):
        return False
    return _NEXT_SENTENCE_RE.search(text) is not None


def last_of_flat_sections(heading: HtmlElement, after: list[HtmlElement]) -> bool:
    """Whether ``heading`` and the list after it (``after``) are the last of flat sections
    alike: a heading of the same level before it among its siblings, with a body between
    them, and a list of items of their own text under it (release notes' "Boost 1.35" over
    "Initial release."). The document ends on its last entry, however short. A comment
    count or a reply box is no list, and a "Related" list is links."""
    if len(after) != 1:
        return False
    block = after[0]
    children = [c for c in block if isinstance(c.tag, str)]
    if block.tag == "div" and len(children) == 1 and not (block.text or "").strip():
        block = children[0]  # (the list's wrapper, DocBook's div.itemizedlist)
    if block.tag not in ("ul", "ol") or \
            not all(li.tag == "li" and _collapsed_text(li) and li.find(".//a") is None
                    for li in block if isinstance(li.tag, str)):
        return False
    body = False
    for sibling in heading.itersiblings(preceding=True):
        if not isinstance(sibling.tag, str):
            continue
        if sibling.tag == heading.tag:
            return body
        body = body or bool(_collapsed_text(sibling))
    return False
