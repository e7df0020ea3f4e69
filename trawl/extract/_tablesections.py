"""A document whose sections are tables alike, straight in the body.

Some generators set each section of a page as a table of its own, its first row the
section's title (one cell, a few words: "Classes", "Functions", "Data") and its next rows
the section's body, the tables one after another in the body with nothing around them
(Python's ``pydoc -w``: a module's title bar, its docstring, then its sections of modules,
classes, functions and data, each a ``table.section``). Scoring picks the best section;
the others are as much the page's text, and since they are the body's children only the
body holds them all (``_whole.whole`` widens to the body only on the page's word).

The guard is the shape's own: the sections are tables of one class, every one headed by a
title row that is not a link to another page; they close the body (nothing follows them: no
footer, no bar of links); the last is no list of links (a "Links" or "Related" table
closing a page of layout tables); none is chrome by its class or holds a form; and what
stands before the first (the title, the introduction) holds no form and no class saying
chrome.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._clean import drop_tree
from ._signals import _class_weight, promo_heading, to_other_page
from ._stats import _Stats, listed_links
from ._text import text_content
from ._tree import _empty_anchor

TABLE_SECTIONS_MIN = 2
"""Tables alike, each headed by a title row, that make the body a document of them."""
NESTED_SECTIONS_MIN = 1
"""... or, inside a block (a section's body: a module's "Classes" over each class's own
table), that many: the block's text from its first section on is the sections."""
TITLE_ROW_MAX_CHARS = 80
"""A section's title row holds at most this much text ("Functions", "class Widget(Base)")."""
TITLE_ROW_MAX_LINKED = 0.5
"""... and at most this share of it links to other pages (a class's title, its base class
linked: "class Error(builtins.ValueError)"); a title that is a link is a teaser's."""
BAR_LINKS_MIN = 2
"""A title bar's cell of links (the site's index, the module's file) holds this many."""
TABLE_SECTIONS_MAX_LISTED = 0.5
"""The last section is the document's unless more than this share of its text is links
standing as a list (a closing "Links" table), as ``_flat.FLAT_MAX_LISTED``."""


def table_sections(node: HtmlElement, body: HtmlElement, stats: dict[HtmlElement, _Stats],
                   lists: dict[HtmlElement, int]) -> bool:
    """Whether ``body`` is a document whose sections are tables alike and ``node``, a child
    of it, one of them (``body`` may be any block: a section's body holding its own
    sections so): at least ``TABLE_SECTIONS_MIN`` tables of ``node``'s class in the body
    (``NESTED_SECTIONS_MIN`` in another block), each
    headed by a title row (``_title_row``), and from the first of them on the body holds
    nothing else; the last no list of links, none chrome by its class or a form, and
    nothing before them chrome by its class or a form."""
    cls = node.get("class")
    if node.tag != "table" or not cls:
        return False
    children = [c for c in body if isinstance(c.tag, str) and not _empty_anchor(c)
                and c in stats and stats[c].text]
    bar = _over_sections(node, body, children)
    if bar is not None:
        cls = bar.get("class")
    sections = [c for c in children if c.tag == "table" and c.get("class") == cls]
    least = NESTED_SECTIONS_MIN if body.tag != "body" or bar is not None \
        else TABLE_SECTIONS_MIN
    if len(sections) < least or (bar is None and node not in sections):
        return False
    if _after_sections(children, sections) or \
            any(_class_weight(c) < 0 or c.find(".//form") is not None for c in children):
        return False
    return all(_title_row(t) for t in sections) and \
        (_lone_section(bar, sections) or not _closing_links(sections[-1], body, stats, lists))


def _lone_section(bar: HtmlElement | None, sections: list[HtmlElement]) -> bool:
    """Whether the page is its title bar (``bar``) over one section and nothing else: a
    module's page listing only the modules it imports ("Modules: collections, logging"),
    a package's its modules. The list is all the page says, no chrome closing other text:
    ``_closing_links`` is asked of a page whose sections are more than its list."""
    return bar is not None and len(sections) == 1


def _over_sections(node: HtmlElement, body: HtmlElement,
                   children: list[HtmlElement]) -> HtmlElement | None:
    """The first table of sections when ``node`` is the page's title bar over them: the
    body's first child (``children``: its children with text), a table of one row
    (``title_bar``), and a table with a class after it (the first section; what its class
    makes the sections is ``table_sections``' question). Scoring may pick the bar on a
    page whose sections are short (a package's list of its modules, a module of two
    functions): the bar heads the document as its title does."""
    if body.tag != "body" or not children or node is not children[0] or \
            not title_bar(node):
        return None
    return next((c for c in children[1:] if c.tag == "table" and c.get("class")), None)


def title_bar(table: HtmlElement) -> bool:
    """Whether ``table`` is a bar of one row opening on a short title: one row, its first
    cell with text of at most ``TITLE_ROW_MAX_CHARS`` (the page's name; the bar's other
    cells may hold its links)."""
    rows = list(table.iter("tr"))
    return len(rows) == 1 and 0 < len(_bar_title(table)) <= TITLE_ROW_MAX_CHARS


def drop_bar_links(content: HtmlElement, title: str | None) -> None:
    """Drop the cell of links beside the page's title in the title bar that opens
    ``content`` (``title_bar``): pydoc's "index", the module's file and its reference
    online, set beside the module's name: navigation, as a header's links are. The bar's
    first cell says a name the page's ``<title>`` says (``Python: package urllib``), the
    other cell nothing but ``BAR_LINKS_MIN`` links or more.

    Guard: a table at the top whose first cell is no name of the page's title (a product's
    name beside its downloads) keeps its links; a cell with words besides its links too."""
    # (asked of every page: the first element of the content that is not empty, read no
    # further than its tag unless it is a table)
    first = next((c for c in content if isinstance(c.tag, str) and
                  (len(c) or (c.text or "").strip())), None)
    if first is None or first.tag != "table" or not title or not title_bar(first):
        return
    cells = [c for c in first.iter("td", "th") if text_content(c).strip()]
    if len(cells) != 2 or _bar_title(first) not in "".join(title.split()):
        return
    links = [a for a in cells[1].iter("a") if to_other_page(a)]
    said = "".join(text_content(cells[1]).split())
    if len(links) >= BAR_LINKS_MIN and \
            said == "".join("".join(text_content(a).split()) for a in links):
        drop_tree(cells[1])


def _bar_title(table: HtmlElement) -> str:
    cell = next((c for c in table.iter("td", "th") if text_content(c).strip()), None)
    return "" if cell is None else "".join(text_content(cell).split())


def _after_sections(children: list[HtmlElement], sections: list[HtmlElement]) -> bool:
    """Whether something other than the sections follows the first of them among the
    block's ``children``: a footer or a bar of links after tables alike is a page laid out
    in tables, not a document of them."""
    return children[children.index(sections[0]):] != sections


def _closing_links(last: HtmlElement, body: HtmlElement, stats: dict[HtmlElement, _Stats],
                   lists: dict[HtmlElement, int]) -> bool:
    """Whether the ``last`` section is a list of links (more than
    ``TABLE_SECTIONS_MAX_LISTED`` of its text links standing as a list): a "Links" or
    "Related" table closing a page of layout tables."""
    listed = listed_links(body, stats, lists)
    return listed.get(last, 0) > TABLE_SECTIONS_MAX_LISTED * stats[last].text


def section_row(node: HtmlElement, parent: HtmlElement) -> bool:
    """Whether ``node`` is a row of the body of a section set as a table (``parent``, a
    table with a class, headed by a title row: ``_title_row``): the section is the whole
    of which its body is a part, as a heading's section is."""
    return node.tag == "tr" and parent.tag == "table" and bool(parent.get("class")) \
        and _first_row(parent) is not node and _title_row(parent)


def _first_row(table: HtmlElement) -> HtmlElement | None:
    row = table.find("tr")
    if row is None:
        body = table.find("tbody")
        row = body.find("tr") if body is not None else None
    return row


def _title_row(table: HtmlElement) -> bool:
    """Whether ``table``'s first row is a section's title: one cell with text, of at most
    ``TITLE_ROW_MAX_CHARS``, no promotion's ("Related"), and not mostly links to other
    pages (``TITLE_ROW_MAX_LINKED``)."""
    row = _first_row(table)
    if row is None:
        return False
    cells = [c for c in row if c.tag in ("td", "th") and text_content(c).strip()]
    if len(cells) != 1:
        return False
    text = " ".join(text_content(cells[0]).split())
    linked = sum(len(" ".join(text_content(a).split())) for a in cells[0].iter("a")
                 if to_other_page(a))
    return len(text) <= TITLE_ROW_MAX_CHARS and not promo_heading(cells[0]) \
        and (linked <= TITLE_ROW_MAX_LINKED * len(text) or _names_itself(cells[0]))


def _names_itself(cell: HtmlElement) -> bool:
    """Whether the title ``cell`` opens on an anchor of its own (an ``id``, or ``<a name>``
    as the cleaning leaves it, no link)
    holding the section's name: a class's title, "class XMLFilterBase(xml.sax.xmlreader.
    XMLReader)", whose base's long name, linked, is most of its text. A teaser's title is
    a link to its page, no anchor of the page's own."""
    first = next((e for e in cell.iterdescendants() if isinstance(e.tag, str)
                  and "".join(e.itertext()).strip()), None)
    return first is not None and bool(first.get("id") or first.get("name")) \
        and not first.get("href")
