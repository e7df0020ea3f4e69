"""The whole of the main content, not its best part.

Scoring finds the best single block; on a reference page the content is many blocks alike
(definition-list entries, sections, table rows, an API's operation blocks) and the best one
is only one of them. So the chosen block is widened to its parent, one level at a time, while
the parent is more of the same kind of content:

- **similar siblings**: the block is one of several siblings of its kind (the same tag, and
  for a ``div`` or ``span`` the same class) that together hold far more text than it does and
  are not a list of links: their container is the content;
- **a part of it**: the parent holds at least as much readable text again outside the block
  (text that is not link text), and that text is no list of links: the block was a part;
- **the page's own word**: the parent is the page's main landmark (``<main>``, ``role=main``)
  and the block holds less than most of its readable text;
- **too small**: a few words in a page of many (of lists and tables: contents, members, an
  index); the page's content is where they are;
- **a table of contents beside it**: the parent holds, outside the block, a table of
  contents larger than the block (a chapter's page: its introduction, then its sections),
  or one listing the block, or, under the parent's title, one leading on to the pages
  after this one (a chapter's sections, however short beside a list under its
  introduction).

The body itself is the content only on the page's word: a book's front page (its table of
contents opens on the page the head names next: ``_front_page``), a document written flat
in it (``_flat.flat_document``) or one entry written flat under its title
(``_flat.flat_entry``: a C API page's title block, declaration and paragraphs).

What a wider container brings in that is not content (a list of links, a form) prune drops.

Whether a block is a part of its section's or its document's text (a section's body, its
subsections, sections alike) is asked in ``_sections``; the climb and the other predicates
(entries alike, tables, tables of contents, a block too small) are here.
"""

from __future__ import annotations

import itertools

from lxml.html import HtmlElement

from ._apientry import entry_part, members_after
from ._contentspage import contents_and_index
from ._described import in_description
from ._figures import figure_of, figure_references, numbered_figure
from ._flat import before_flat_sections, flat_document, flat_entry
from ._fold import in_fold
from ._kept import contents_after_title
from ._namedentries import in_named_entry, named_entries
from ._readinglist import labelled_lists
from ._sections import (
    _ENTRY_TAGS,
    _among_sections,
    _among_teasers,
    _in_section_text,
    _in_sections,
    _in_wrapped_body,
    _kind,
    _parallel,
    _section_body,
    _subsection,
)
from ._signals import _class_weight, teasers
from ._stats import _Stats, chrome_text, listed_links, reference_table
from ._summarylist import summary_after
from ._tablesections import section_row, table_sections
from ._text import text_content
from ._titlepage import credits_under_title, heads_document
from ._toc import LISTS, Anchors, _leads_on, contents_list, opens_on_next
from ._topics import topic_guide
from ._tree import _HEADINGS, _first_element, _wrapped_heading
from ._wrapped import body_after_types, sections_by_rank

SIMILAR_MIN = 2
"""Siblings of one kind (the block among them) that make a collection of entries."""
SIMILAR_FACTOR = 1.5
"""The similar siblings hold at least this many times the block's text."""
SIMILAR_MAX_LINK_DENSITY = 0.5
"""Past this share of link text the similar siblings are a menu or a list of teasers."""
ENTRY_FACTOR = 1.1
"""... or, for a list's entries holding paragraphs, this many times."""
PART_FACTOR = 0.5
"""The parent's readable text outside the block is at least this many times the block's."""
PART_MAX_LINK_DENSITY = 0.25
"""... and at most this share of it is link text."""
LANDMARK_SHARE = 0.7
"""A block with less than this share of the main landmark's readable text is a part of it."""
SMALL_CHARS = 200
"""A chosen block with less readable text than this is too small to be a page's content..."""
SMALL_FACTOR = 3
"""... when its parent holds this many times its text."""


def whole(top: HtmlElement, stats: dict[HtmlElement, _Stats],
          mass: dict[HtmlElement, float]) -> HtmlElement:
    """``top`` or the ancestor of it that holds the whole of the main content. ``mass``: how
    much prose each element holds (see ``_select._score``)."""
    node = _tables_alike(_table_of(top, stats), stats)
    figure = figure_of(node)  # (a numbered figure the block is, or is in)
    lists: dict[HtmlElement, int] = {}  # (see listed_links)
    anchors: Anchors = Anchors()  # (see contents_list)
    while True:
        parent = node.getparent()
        if parent is None or parent.tag == "html" or parent not in stats:
            break
        if _too_small(node, parent, stats):  # (the body too: nothing else is content)
            node = parent
            continue
        if parent.tag == "body":
            if _front_page(node, parent, stats, anchors) or \
                    flat_document(node, parent, stats, lists, anchors) or \
                    flat_entry(node, parent, stats, lists) or \
                    contents_and_index(node, parent, stats, anchors) or \
                    table_sections(node, parent, stats, lists):
                node = parent
            break
        if not (_lone_entry(node, parent)
                                        or _entry_body(node, parent, stats)
                                        or _section_body(node, parent, stats)
                                        or body_after_types(node, parent, stats)
                                        or _among_similar(node, parent, stats)
                                        or named_entries(node, parent, stats)
                                        or in_named_entry(node, parent, stats)
                                        or _subsection(node, parent, stats, lists)
                                        or _in_section_text(node, parent, stats, lists)
                                        or in_description(node, parent, stats, lists)
                                        or in_fold(node, parent, stats, lists)
                                        or _parallel(node, parent, stats, lists)
                                        or _beside_contents(node, parent, stats, anchors)
                                        or heads_document(node, parent, stats)
                                        or credits_under_title(node)
                                        or _part_of(node, parent, stats, mass, lists)
                                        or labelled_lists(node, parent, stats)
                                        or _listings_in_section(node, parent, stats)
                                        or figure_references(node, parent)
                                        or numbered_figure(node, parent, stats, figure)
                                        or _in_wrapped_body(node, parent, stats, lists)
                                        or _among_sections(node, parent, stats, lists)
                                        or sections_by_rank(node, parent, stats, lists)
                                        or before_flat_sections(node, parent, stats, lists)
                                        or entry_part(node, parent, stats)
                                        or members_after(node, parent, stats)
                                        or summary_after(node, parent)
                                        or topic_guide(node, parent, stats)
                                        or table_sections(node, parent, stats, lists)
                                        or section_row(node, parent)):
            break
        node = parent
    landmark = next((a for a in node.iterancestors() if _is_landmark(a)), None)
    if landmark is not None and landmark in stats and _in_sections(node, landmark) and \
            mass.get(node, 0.0) < LANDMARK_SHARE * mass.get(landmark, 0.0):
        return landmark
    return node


_TABLE_PARTS = frozenset(("td", "th", "tr", "tbody", "thead", "tfoot", "caption"))
_CELL_TAGS = frozenset(("td", "th", "tr"))
LAYOUT_CELL_SHARE = 0.5
"""A cell holding at least this share of its table's text is a layout table's column."""


def _table_of(node: HtmlElement, stats: dict[HtmlElement, _Stats]) -> HtmlElement:
    """The table ``node`` is a part of (a cell, a row, its body), unless it is a cell or
    row holding most of the table's text (a layout table's column): a part of a data table
    is no page's content alone."""
    if node.tag not in _TABLE_PARTS:
        return node
    table = next((a for a in node.iterancestors() if a.tag == "table"), None)
    if table is None or table not in stats:
        return node
    if node.tag in _CELL_TAGS and stats[node].text >= LAYOUT_CELL_SHARE * stats[table].text:
        return node
    return table


TABLES_ALIKE_SHARE = 0.2
"""Tables of the block's class elsewhere in the page hold at least this share of its text."""


def _tables_alike(node: HtmlElement, stats: dict[HtmlElement, _Stats]) -> HtmlElement:
    """For a reference table, the nearest container of it and the page's other reference
    tables of its class (a page of the uses of a class: a table per package and kind of
    use, each in a section of its own): one of them is no page's content alone."""
    cls = node.get("class")
    if node.tag != "table" or not cls or not reference_table(node, stats):
        return node
    body = next((a for a in node.iterancestors("body")), None)
    if body is None:
        return node
    alike = [t for t in body.iter("table") if t is not node and t.get("class") == cls
             and t in stats and not _below(t, node) and reference_table(t, stats)]
    if sum(stats[t].text for t in alike) < TABLES_ALIKE_SHARE * stats[node].text:
        return node
    container = node
    for anc in node.iterancestors():
        container = anc
        if all(_below(t, anc) for t in alike):
            break
    return node if container is body or container not in stats else container


def _too_small(node: HtmlElement, parent: HtmlElement,
               stats: dict[HtmlElement, _Stats]) -> bool:
    """A block of a few words in a page of many: the page is mostly lists or tables (of
    contents, of members, an index), and its content is where they are."""
    inner, whole_ = stats[node], stats[parent]
    if _readable(inner) >= SMALL_CHARS or whole_.text < SMALL_FACTOR * inner.text:
        return False
    # (blocks beside it whose class says chrome, or whose parts' classes do, navigation bars
    # and footers a page's boilerplate removal left since they were most of a short page,
    # are no lists the page is of; unless it is one of them itself: the page's content is
    # elsewhere)
    chrome = 0 if _class_weight(node) < 0 else sum(
        chrome_text(c, stats) for c in parent if c is not node)
    return whole_.text - chrome >= SMALL_FACTOR * inner.text


CONTENTS_SHARE = 0.5
"""Tables of contents beside a block with this share of its text make the page a table of
contents with an introduction."""


def _beside_contents(node: HtmlElement, parent: HtmlElement,
                     stats: dict[HtmlElement, _Stats], anchors: Anchors | None = None) -> bool:
    """Whether ``parent`` holds, outside ``node``, tables of contents (see
    ``contents_list``) with ``CONTENTS_SHARE`` of ``node``'s text: a page that is mostly a
    table of contents (a book's or a chapter's page under its introduction) keeps it."""
    size = 0
    listing: list[HtmlElement] = []
    for lst in parent.iter(*LISTS):
        if lst in stats and not _below(lst, node) and \
                not any(a.tag in LISTS for a in lst.iterancestors() if _below(a, parent)) \
                and contents_list(lst, anchors):
            size += stats[lst].text
            listing.append(lst)
    # (a reference table indexes the entries it links to: a class's members, then theirs)
    listing += [t for t in parent.iter("table") if t in stats and not _below(t, node)
                and reference_table(t, stats)]
    return size >= CONTENTS_SHARE * stats[node].text or \
        any(_lists_node(lst, node, parent) for lst in listing) or \
        any(_chapter_contents(lst, node, parent, anchors) for lst in listing) or \
        _title_over_contents(node, parent)


def _front_page(node: HtmlElement, body: HtmlElement, stats: dict[HtmlElement, _Stats],
                anchors: Anchors) -> bool:
    """Whether ``body`` is a book's front page, ``node`` a part of it: beside ``node`` (the
    title page's credits: its author, date, copyright) the body holds a table of contents
    larger than it (``_beside_contents``) that opens the book (``opens_on_next``: its first
    link is to the page the head names as next, the book's first chapter or its contents).
    The body holds whatever chrome is left around the content, so it is the content only
    on the page's own word that its list is the document's way on: a site's menu of pages
    set in the body leads to no page the head names next."""
    return body.tag == "body" and _beside_contents(node, body, stats, anchors) and any(
        lst in stats and not _below(lst, node) and contents_list(lst, anchors)
        and opens_on_next(lst, anchors) for lst in body.iter(*LISTS))


def _chapter_contents(lst: HtmlElement, node: HtmlElement, parent: HtmlElement,
                      anchors: Anchors | None) -> bool:
    """Whether ``parent`` is a chapter's page: it opens with its title (a heading, or a
    title block wrapping one), and the table of contents ``lst``, before ``node`` in it and
    in no block whose class says chrome, leads on (see ``_toc._leads_on``: its first
    link to another page is the page the document says comes next, and no prose is before
    it): it lists the chapter's sections, on the pages after this one, and ``node`` (a list
    under the chapter's introduction) is a part of the chapter, however short the contents
    beside it. Any generator that splits a book into pages writes a chapter's page so; a
    list of other stories set before a story is under no title of theirs."""
    first = _first_element(parent)
    return first is not None and _wrapped_heading(first).tag in _HEADINGS and \
        lst.tag in LISTS and _before_node(lst, node, parent) and _leads_on(lst, anchors)


def _lists_node(lst: HtmlElement, node: HtmlElement, parent: HtmlElement) -> bool:
    """Whether the table of contents (or reference table) ``lst``, before ``node`` in
    ``parent`` and in no block whose class says chrome (a sidebar's), lists ``node`` itself
    (links to an anchor in it): a chapter's page, its title, its contents and its first
    section, is the chapter; a class's page, its members' table and their details, the
    class."""
    if not _before_node(lst, node, parent):
        return False
    fragments = {(a.get("href") or "").partition("#")[2] for a in lst.iter("a")} - {""}
    return any(el.get("id") in fragments or el.get("name") in fragments
               for el in node.iter() if isinstance(el.tag, str))


def _title_over_contents(node: HtmlElement, parent: HtmlElement) -> bool:
    """Whether ``node`` is the title block of ``parent`` (its first block: a book part's or
    appendix's title page) and a table of contents leading on follows it (see
    ``_kept.contents_after_title``): the page is the part's, title and contents."""
    first = _first_element(parent)
    if first is None or first is not node:
        return False
    after = next((s for s in first.itersiblings() if isinstance(s.tag, str)
                  and text_content(s).strip()), None)
    return after is not None and contents_after_title(after)


def _before_node(lst: HtmlElement, node: HtmlElement, parent: HtmlElement) -> bool:
    """Whether ``lst`` is in ``parent`` before ``node`` and in no block whose class says
    chrome (a sidebar's)."""
    if lst is parent:
        return False  # (the parent itself a table or list: nothing of it is before node)
    child = lst
    while child.getparent() is not parent:
        child = child.getparent()
    return child is not node and any(s is node for s in child.itersiblings()) and \
        not any(_class_weight(a) < 0 for a in itertools.chain((lst,), lst.iterancestors())
                if _below(a, parent) and a is not parent)


def _readable(st: _Stats) -> int:
    """Characters of text that are not link text."""
    return st.text - st.links


def _lone_entry(node: HtmlElement, parent: HtmlElement) -> bool:
    """A definition list's only description: the list is one entry (its terms, then this
    description), and the entry is the block: a description without its term (a function's
    signature, an option's name) is half of it. Texinfo writes each ``@deffn`` so, a
    ``dl`` of its own; the entries beside it are then similar siblings."""
    return node.tag == "dd" and parent.tag == "dl" and \
        not any(c.tag == "dd" for c in parent if c is not node)


def _entry_body(node: HtmlElement, parent: HtmlElement,
                stats: dict[HtmlElement, _Stats]) -> bool:
    """``node`` is the body of an entry (``li``, ``dd``) that is one of similar entries (see
    ``_among_similar``): a step of an installation's list whose options table is most of
    it, the steps after it holding paragraphs of their own. The entry, a line before its
    table and a line after, is one step of the list; the next step up takes the list."""
    grand = parent.getparent()
    return parent.tag in _ENTRY_TAGS and grand is not None and grand in stats and \
        _among_similar(parent, grand, stats)


def _among_similar(node: HtmlElement, parent: HtmlElement,
                   stats: dict[HtmlElement, _Stats]) -> bool:
    kind = _kind(node)
    similar = [s for s in parent if s.tag == node.tag and _kind(s) == kind and s in stats]
    if len(similar) < SIMILAR_MIN:
        return False
    if _among_teasers(node, parent):
        return False
    text = sum(stats[s].text for s in similar)
    links = sum(stats[s].links for s in similar)
    # entries of a list that hold paragraphs (a settings reference's options, each its own
    # blocks) are the list's, however long one of them is beside the others
    factor = ENTRY_FACTOR if node.tag in _ENTRY_TAGS and \
        sum(1 for s in similar if _prose_entry(s)) >= SIMILAR_MIN else SIMILAR_FACTOR
    return text >= factor * stats[node].text and links <= SIMILAR_MAX_LINK_DENSITY * text


ENTRY_SENTENCE_CHARS = 15
"""A term's description written bare holds at least this much text of its own."""


def _prose_entry(entry: HtmlElement) -> bool:
    """Whether the list's entry holds prose: paragraphs (a settings reference's option, its
    own blocks), or, a term's description (``_term_description``), its sentence written bare,
    no block around it (AsciiDoc's labelled lists: "Closes the dialog", "Updates the
    information in the dialog."): a dialog's buttons and fields, each a line of its own,
    are its entries as much as one field's long description among them."""
    if entry.find("p") is not None:
        return True
    own = (entry.text or "") + "".join(c.tail or "" for c in entry)
    return len(own.strip()) >= ENTRY_SENTENCE_CHARS and _term_description(entry)


def _term_description(entry: HtmlElement) -> bool:
    """Whether ``entry`` is a definition list's description, after its term: the line a
    document writes for that term, not a line of a list set for its layout (a page's
    columns in a ``ul``, its story in one item, a line "Follow us ..." in the next)."""
    before = entry.getprevious()
    return entry.tag == "dd" and before is not None and before.tag in ("dt", "dd")


def _part_of(node: HtmlElement, parent: HtmlElement, stats: dict[HtmlElement, _Stats],
             mass: dict[HtmlElement, float], lists: dict[HtmlElement, int]) -> bool:
    inner, whole_ = stats[node], stats[parent]
    outer_text = whole_.text - inner.text
    if outer_text <= 0:
        return True  # nothing else there: the same content
    inner_mass, whole_mass = mass.get(node, 0.0), mass.get(parent, 0.0)
    outer_links = whole_.links - inner.links
    if outer_links > PART_MAX_LINK_DENSITY * outer_text:
        # the names a reference table links are its content, and so are the links of a
        # sentence or a signature: only links standing as a list make a list of links
        listed = listed_links(parent, stats, lists)
        outer_links = listed.get(parent, 0) - listed.get(node, 0)
        if outer_links > PART_MAX_LINK_DENSITY * outer_text:
            return False
    # other stories' teasers (a linked headline and its summary, many alike) are no part
    # of the content, however much prose their summaries add up to
    teaser_mass = sum(mass.get(c, 0.0) for c in parent if c is not node and teasers(c))
    if whole_mass - inner_mass - teaser_mass >= PART_FACTOR * inner_mass:
        return True
    # a small block's parts besides it are lines more than paragraphs (a heading, a line
    # saying where it is from): their text counts, not their prose
    inner_readable = _readable(inner)
    return inner_readable < SMALL_CHARS and \
        outer_text - outer_links >= PART_FACTOR * inner_readable and \
        not any(c is not node and teasers(c) for c in parent)


LISTINGS_SHARE = 0.8
"""A block with at least this share of its text in code listings is a block of listings."""


def _listings_in_section(node: HtmlElement, parent: HtmlElement,
                         stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``node`` is a block of code listings (``LISTINGS_SHARE`` of its text in
    ``pre``: a configuration's files, each under a line naming it) in the section
    ``parent`` (``_headed``) whose text besides it, not links, is at least half the
    block's own words besides its listings: the section's text introduces the
    listings, which won the scoring by their number (each ``pre`` a paragraph), not by
    their prose; the section is the content. Listings beside a page's other parts under no
    title of their own (a paste's files, then what its readers said) stay apart."""
    inner, whole_ = stats[node], stats[parent]
    outer_text = whole_.text - inner.text
    if outer_text <= 0 or not _headed(parent):
        return False
    listings = sum(stats[p].text for p in node.iter("pre") if p in stats)
    if listings < LISTINGS_SHARE * inner.text:
        return False
    outer_prose = outer_text - (whole_.links - inner.links)
    return outer_prose > PART_MAX_LINK_DENSITY * outer_text and \
        outer_prose >= PART_FACTOR * (inner.text - listings)


def _headed(section: HtmlElement) -> bool:
    """Whether ``section`` opens with a heading (through its title block's wrappers)."""
    first = _first_element(section)
    return first is not None and first.tag in _HEADINGS


def _below(anc: HtmlElement, el: HtmlElement) -> bool:
    """Whether ``anc`` (an ancestor of something under ``el``) is ``el`` or under it."""
    node: HtmlElement | None = anc
    while node is not None:
        if node is el:
            return True
        node = node.getparent()
    return False


def _is_landmark(el: HtmlElement) -> bool:
    return el.tag == "main" or (el.get("role") or "").strip().lower() == "main"
