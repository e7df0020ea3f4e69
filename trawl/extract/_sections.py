"""Whether a block is a part of its section's text, or of its document's.

``_whole.whole`` widens the chosen block to its parent while the parent is more of the same
content. Most pages written by a generator (manuals, references, DocBook, AsciiDoc, Texinfo)
say so by their outline: the block is the body of a section under its heading, one of the
blocks of a section's text, a subsection of a section, one of a document's parallel parts,
or one of its sections alike. The predicates asking that are here, with what they share:
what is no section's text though it is headed alike (cards of other pages: teasers, a
front page's other stories, a section's menu). The climb itself and the predicates that do
not read the outline (entries alike, tables, tables of contents, a block too small) stay in
``_whole``.
"""

from __future__ import annotations

import itertools

from lxml.html import HtmlElement

from ._apinames import members_of_api
from ._flat import flat_subheading
from ._signals import (
    TEASER_MAX_CHARS,
    TEASERS_MIN,
    _admonition,
    _class_weight,
    _teaser,
    promo_heading,
    teasers,
    to_other_page,
)
from ._stats import _named, _Stats, listed_links
from ._text import _FIGURE_NUMBER_RE, BLOCK_TAGS, _lead_text
from ._toc import LISTS, _named_contents
from ._tree import (
    _HEADINGS,
    _collapsed_text,
    _empty_anchor,
    _first_element,
    _short_text,
    _wrapped_heading,
)

_ENTRY_TAGS = frozenset(("li", "dd"))
_CLASS_KIND_TAGS = frozenset(("div", "span"))
"""Tags that say nothing of what they hold: their class says which kind they are."""


def _kind(el: HtmlElement) -> tuple[object, str | None]:
    tag = el.tag
    return (tag, el.get("class")) if tag in _CLASS_KIND_TAGS else (tag, None)


SECTION_LEAD_SHARE = 0.5
"""A section's lead between its heading and its body (an epigraph) holds at most this
share of the body's text."""


def _section_body(node: HtmlElement, parent: HtmlElement,
                  stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``node`` is the body of ``parent``'s section: all else in it is headings (the
    section's own, or a title block wrapping one) ahead of it, and between them and it at
    most a short lead without links (an epigraph, a line introducing the body), nothing
    with text after it; or it is a list entry's body after its term (a short line without
    links). A heading over a list of a package's classes is theirs."""
    # (a list's entry: the term ahead of its body, "u_int32_t flags;", heads it)
    heading = parent.tag in _ENTRY_TAGS
    after = False
    lead = 0
    for child in parent:
        if child is node:
            after = True
        elif not isinstance(child.tag, str) or _empty_anchor(child):
            continue
        elif after:
            if child in stats and stats[child].text:
                return False
        elif child.tag in _HEADINGS or child.tag == "summary" or (
                child.tag == "div" and _wrapped_heading(child).tag in _HEADINGS):
            heading = True
        elif heading and _lead(child, stats):
            lead += stats[child].text
        else:
            return False
    return heading and after and lead <= SECTION_LEAD_SHARE * stats[node].text


_TEXT_TAGS = frozenset(("p", "pre"))
_BREAK_TAGS = frozenset(("br", "hr"))


def _in_section_text(node: HtmlElement, parent: HtmlElement, stats: dict[HtmlElement, _Stats],
                     lists: dict[HtmlElement, int]) -> bool:
    """Whether ``node`` is a part of ``parent``'s section among its text: ``parent`` starts
    with a heading (its title), and all else in it is paragraphs, lists and code listings
    that list no links (a sentence's links are its words), no class saying chrome, and its
    subsections (``_its_subsection``; a subsection's heading written flat among them,
    ``_flat.flat_subheading``, heads more of its text): the section's
    introduction, then the block (a list), then "For example:" and its listing. A code
    listing's text is no prose by its mass, yet the section's as much as a paragraph; any
    generator's section reads so, and a list of links or other stories has listed links.

    The section's other entries of the block's own kind (a function's ``dl`` beside the
    next function's: Texinfo writes each ``@deffn`` a ``dl`` of its own, Sphinx each
    ``.. function::``) are its text too, whatever their size: a reference section is its
    introduction, then its entries one after another, and one long entry among short ones
    is still one of them (``_among_similar`` asks the others to outweigh it). They too
    have no class saying chrome, and list links in a small share of their text at most
    (an entry's "See also" line), and be no teaser nor hold teasers: other stories' cards
    alike in kind are lists of links or headed teasers. A ``div`` without a class is of
    no kind: a page's columns are as many of them (the text's, the navigation's, the
    app promotion's). A rule (``hr``: Texinfo's line under the node's navigation bar) says
    nothing and is passed over; so is a list its class names a table of contents that
    ends the section (``_named_contents``: Texinfo's ``ul.section-toc`` of the node's
    subsections, DocBook XSL's ``div.toc``), the generator's own word."""
    head = next((c for c in parent if isinstance(c.tag, str) and not _empty_anchor(c)
                 and c.tag != "hr"), None)
    first = _wrapped_heading(head) if head is not None and head.tag == "div" else head
    if first is None or first.tag not in _HEADINGS:
        return False
    listed = listed_links(parent, stats, lists)
    kind = _kind(node)
    others = 0
    for child in parent:
        if child is node or child is head or not isinstance(child.tag, str) or \
                _empty_anchor(child) or child.tag == "hr":
            continue
        if child.tag in _BREAK_TAGS or flat_subheading(child, first):
            continue  # (a rule or a break says nothing; a subsection's heading heads text)
        if child in stats and _class_weight(child) >= 0 and \
                _its_subsection(child, first, stats, listed):
            continue  # (after the section's text: its subsections, the document's too)
        if child.tag in LISTS and _named_contents(child):
            continue  # (the section's menu of its subsections, ending it: prune judges it)
        if child not in stats or _class_weight(child) < 0:
            return False
        if _kind(child) == kind and child.tag not in _TEXT_TAGS and \
                (child.tag not in _CLASS_KIND_TAGS or child.get("class")):
            # (an entry's "See also" line lists links: a part of it, not the most)
            if _card(child) or _other_pages(child) or \
                    listed.get(child, 0) > SUBSECTION_MAX_LISTED * stats[child].text:
                return False
        elif not _text_block(child, stats) or listed.get(child, 0):
            return False
        others += 1
    return others > 0


def _text_block(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``el`` is a block of a section's text: a paragraph, a code listing, a list,
    or a numbered figure or a note (``_figure_or_note``) that says its own."""
    if el.tag in _TEXT_TAGS or _listing(el) or _text_list(el):
        return True
    return _figure_or_note(el) and _says_its_own(el, stats)


def _figure_or_note(el: HtmlElement) -> bool:
    """Whether ``el`` is a numbered figure (its text opens with its number: "Figure 16.82.
    The “Scale Image” dialog", "Table 3.1") or a note box (its class names a note, a
    warning, a tip: an admonition). A manual's section is its text and what it sets among
    its paragraphs: the screenshot it numbers and refers to, the note on a paragraph ("If
    scaling would produce an image larger than ..."); any generator writes them in blocks
    of their own, no paragraphs, so ``_in_section_text`` asks for them by name
    (``_says_its_own`` guards them)."""
    return el.tag not in _TEXT_TAGS and \
        (_admonition(el) or _FIGURE_NUMBER_RE.match(_lead_text(el)) is not None)


NOTE_MAX_LINK_DENSITY = 0.25
"""A section's note or figure has at most this share of link text."""


def _says_its_own(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether the note or figure ``el`` says something of its own: text, at most
    ``NOTE_MAX_LINK_DENSITY`` of it link text. A box its class calls a tip or a note whose
    sentence is mostly links to other pages ("Tip: buy rose shears, pruning saws ... in
    our shop") is the site's promotion, set beside any page's text, and no section's; a
    manual's note names a page or two in its sentences at most."""
    st = stats.get(el)
    return st is not None and st.text > 0 and st.links <= NOTE_MAX_LINK_DENSITY * st.text


def _listing(el: HtmlElement) -> bool:
    """Whether ``el`` is a code listing's wrapper: a ``div`` holding a ``pre`` and nothing
    else (Texinfo's ``div.example``, Sphinx's ``div.highlight``): the listing itself; or
    holding only such a wrapper (``_wrapped_listing``)."""
    inner = _sole_child(el)
    return inner is not None and (inner.tag == "pre" or _wrapped_listing(inner))


def _wrapped_listing(el: HtmlElement) -> bool:
    """Whether ``el``, the only child of a ``div``, is a code listing's wrapper itself: Sphinx
    sets each listing in two, the language's ``div.highlight-python`` around the
    highlighter's ``div.highlight`` around the ``pre``; a wrapper of a wrapper says no more
    than one. Only a ``div`` holding a ``pre`` and nothing else, one level down: a box
    holding a listing and its caption, or a figure, is no listing."""
    inner = _sole_child(el)
    return inner is not None and inner.tag == "pre"


def _sole_child(el: HtmlElement) -> HtmlElement | None:
    """The one element a ``div`` holds with no text around it, else None."""
    inner = [c for c in el if isinstance(c.tag, str)]
    if el.tag != "div" or len(inner) != 1 or (el.text or "").strip() or \
            (inner[0].tail or "").strip():
        return None
    return inner[0]


SUBSECTION_LINE_CHARS = 80
"""A subsection this short (its heading and a line) may be only links: a reference entry's
"See Also" or "Class" line."""


def _its_subsection(child: HtmlElement, heading: HtmlElement,
                    stats: dict[HtmlElement, _Stats], listed: dict[HtmlElement, int]) -> bool:
    """Whether ``child`` is a subsection of the section ``heading`` heads: it starts with a
    heading of a lower rank ("Parameters", "Errors" under a function's ``h2``) or of the
    same (DocBook XSL heads a chapter and its sections ``h2`` alike: the markup nests
    them), holds no form, and is no list of links (a "More from the archive" block of
    other stories is headed too), unless it is a line long: a reference entry's "See
    Also" line is the document's, and prune judges it by its parts once the section is
    the content. Nor is it a teaser itself (a short block headed by a link to another
    page: one of other stories' cards set in the section, each a child of its own)."""
    own = _first_element(child)
    st = stats[child]
    return own is not None and own.tag in _HEADINGS and own.tag >= heading.tag and \
        (listed.get(child, 0) <= SUBSECTION_MAX_LISTED * st.text
         or st.text <= SUBSECTION_LINE_CHARS) and not _card(child) and \
        not _other_pages(child) and \
        child.find(".//form") is None and child.find(".//input") is None


def _text_list(el: HtmlElement) -> bool:
    """Whether ``el`` is a list, or a ``div`` holding only a list (DocBook's
    ``div.orderedlist``): among a section's paragraphs, with no listed links (the caller
    asks), the steps or points its text introduces ("The example does three things:")."""
    if el.tag in LISTS:
        return True
    inner = [c for c in el if isinstance(c.tag, str)]
    return el.tag == "div" and len(inner) == 1 and inner[0].tag in LISTS and \
        not (el.text or "").strip() and not (inner[0].tail or "").strip()


def _lead(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``el``, after a section's heading and before its body, is the section's lead:
    text without a link (a promotion, a teaser, a list of links has them) or whose every
    link is an API's name (``_links_name_api``: a function entry's types, "Node =
    <a>node()</a>", between its signature and its description), no form, no class saying
    chrome. Any generator sets a chapter's epigraph or its introducing line so; a block of
    other stories or a sign-up is not one."""
    st = stats.get(el)
    return st is not None and (st.links == 0 or _links_name_api(el)) and \
        _class_weight(el) >= 0 and el.find(".//form") is None and el.find(".//input") is None


SUBSECTION_MAX_LISTED = 0.5
"""A section's parent section is the document unless this much of the rest is listed
links."""


def _subsection(node: HtmlElement, parent: HtmlElement, stats: dict[HtmlElement, _Stats],
                lists: dict[HtmlElement, int]) -> bool:
    """Whether ``node`` is a subsection of ``parent``'s section: it starts with a heading of
    a lower rank than the one ``parent`` starts with (an ``h2`` section in an ``h1``
    section), and the rest of ``parent`` is no list of links: the document is the parent
    section (a long reference's biggest section is not the page)."""
    own, above = _first_element(node), _first_element(parent)
    if own is None or above is None or own.tag not in _HEADINGS or \
            above.tag not in _HEADINGS or above.tag >= own.tag:
        return False
    outer = stats[parent].text - stats[node].text
    listed = listed_links(parent, stats, lists)
    # a section alike the block (its tag and class, headed at its rank) that only names
    # an API's (a member's "Class" section: its class, linked) is the document's, however
    # linked: a list of other stories' headlines names none
    named = sum(listed.get(sib, 0) for sib in parent if sib is not node and
                _kind(sib) == _kind(node) and sib.get("class") == node.get("class") and
                getattr(_first_element(sib), "tag", None) == own.tag and _links_name_api(sib))
    return listed.get(parent, 0) - listed.get(node, 0) - named <= SUBSECTION_MAX_LISTED * outer


def _links_name_api(el: HtmlElement) -> bool:
    """Whether ``el`` has links and each is an API's name (see ``_stats._named``)."""
    links = [a for a in el.iter("a") if a.get("href")]  # (not a heading's anchor)
    return bool(links) and all(_named(a) for a in links)


PARALLEL_MIN_SHARE = 0.2
"""Parallel parts of a document outside the block hold at least this share of its text."""


def _parallel(node: HtmlElement, parent: HtmlElement, stats: dict[HtmlElement, _Stats],
              lists: dict[HtmlElement, int]) -> bool:
    """Whether ``node`` is one of the parallel parts of ``parent``'s document: its siblings
    have sections headed at the rank of its own first heading (a class reference's summary
    beside its details, each of "h3" sections), are no list of links or teasers, and hold
    ``PARALLEL_MIN_SHARE`` of its text. A sibling that lists names (``names_list``) is
    the document's part too, however linked (a class's page: its description, beside the
    sections of its ancestors, its interfaces, its members); siblings that all list names,
    some only a program writes (``members_of_api``: "Instance methods" over
    ``gtk_expression_bind``...), are the document's parts whatever their size beside a
    long description."""
    rank = _first_heading_rank(node)
    if rank is None or _among_teasers(node, parent):
        return False
    listed = listed_links(parent, stats, lists)
    size = 0
    parts: list[HtmlElement] = []
    for sib in parent:
        if sib is node or not isinstance(sib.tag, str) or sib not in stats:
            continue
        if _first_heading_rank(sib) != rank:
            continue
        st = stats[sib]
        if teasers(sib) or (listed.get(sib, 0) > SUBSECTION_MAX_LISTED * st.text
                            and not names_list(sib)) or \
                sib.find(".//form") is not None or sib.find(".//input") is not None:
            return False  # (a "related" block, comments or a sign-up beside a story)
        size += st.text
        parts.append(sib)
    if size >= PARALLEL_MIN_SHARE * stats[node].text:
        return True
    return bool(parts) and all(names_list(p) for p in parts) and members_of_api(parts)


def names_list(el: HtmlElement) -> bool:
    """Whether ``el`` lists names: it has links, and each says one word, no headline (a
    class's "Ancestors" or "Implements", ``GtkWidget``, ``GObject``). A document's part
    beside its others, however linked: "related" links are headlines, words, and a menu
    beside a document is its chrome, gone before."""
    links = [a for a in el.iter("a") if a.get("href")]
    return bool(links) and all(len(_collapsed_text(a).split()) == 1 for a in links)


def _first_heading_rank(el: HtmlElement) -> str | None:
    heading = next(el.iter(*_HEADINGS), None)
    if heading is None or promo_heading(heading):
        return None
    return str(heading.tag)


def _in_sections(node: HtmlElement, landmark: HtmlElement) -> bool:
    """Whether ``node`` sits in sections of the landmark's document: each of its ancestors
    below the landmark (one at least) starts with a heading. A block that is a part of the
    page's document by its outline, not merely by sharing the landmark with it (an article
    beside a grid of teasers in one ``<main>``)."""
    chain = list(itertools.takewhile(lambda a: a is not landmark, node.iterancestors()))
    return bool(chain) and all(_headed(a) for a in chain)


def _headed(el: HtmlElement) -> bool:
    first = _first_element(el)
    return first is not None and first.tag in _HEADINGS


# -- a section's body in a wrapper of its own, and a document of sections alike ---------


def _in_wrapped_body(node: HtmlElement, parent: HtmlElement, stats: dict[HtmlElement, _Stats],
                     lists: dict[HtmlElement, int]) -> bool:
    """Whether ``node`` is one of the blocks of a section's body that a generator wraps on
    its own under the section's heading (``<div class="sect1"><h2>OPTIONS</h2><div
    class="sectionbody">``: AsciiDoc; any ``<section><h2/><div>...</div></section>``):
    ``parent`` is that body (the section's heading ahead of it in its own parent, nothing
    after it), and all else in it is the section's text (no list of links, no teasers, no
    form, no class saying chrome, no promotion's section). The heading heads the whole
    body, so one of its blocks, however big (a long option list beside a short one), is
    no page's content alone; a story's body beside a list of other stories or a share bar
    in the same wrapper keeps them out by those signals."""
    grand = parent.getparent()
    if grand is None or grand not in stats:
        return False
    first = _first_element(grand)
    if first is None or first.tag not in _HEADINGS or first is parent or \
            not _section_body(parent, grand, stats):
        return False
    return _text_of_document(node, [c for c in parent if c is not node], stats, lists)


SECTIONS_MIN = 3
"""A document's sections alike, the block among them, that make its parent the document."""


def _among_sections(node: HtmlElement, parent: HtmlElement, stats: dict[HtmlElement, _Stats],
                    lists: dict[HtmlElement, int]) -> bool:
    """Whether ``node`` is one of ``parent``'s sections alike, and they are all of it: each
    of the block's tag and class, starting with a heading of the rank the block's starts
    with (a manual page's NAME, SYNOPSIS, DESCRIPTION, OPTIONS, ...), ``SECTIONS_MIN`` or
    more, and nothing else with text in ``parent`` but a preamble before them. Every
    generator writes a document's top sections so; the biggest of them (a reference's
    long list of settings, most of the page) is not the document, however much it holds
    (``_among_similar`` and ``_parallel`` weigh the others' text against it). Sections of
    other stories, comments or a sign-up beside a story are no text of the document (see
    ``_text_of_document``), nor are cards: entries headed by a link to another page (a
    front page's other stories, a section's menu: headlines, not titles)."""
    own = _first_element(node)
    if own is None or own.tag not in _HEADINGS or promo_heading(own):
        return False
    sections = 1
    others: list[HtmlElement] = []
    seen_section = False
    for sib in parent:
        if sib is node:
            seen_section = True
            continue
        if not isinstance(sib.tag, str) or _empty_anchor(sib) or sib not in stats or \
                not stats[sib].text:
            continue
        head = _first_element(sib)
        if sib.tag == node.tag and sib.get("class") == node.get("class") and \
                head is not None and head.tag == own.tag:
            sections += 1
            seen_section = True
            others.append(sib)
        elif seen_section or (head is not None and head.tag in _HEADINGS):
            return False  # (text between or after the sections, or another kind of section)
        else:
            others.append(sib)  # (a preamble: the document's introduction)
    return sections >= SECTIONS_MIN and not _cards(node, parent) and \
        _text_of_document(node, others, stats, lists)


def _text_of_document(node: HtmlElement, others: list[HtmlElement],
                      stats: dict[HtmlElement, _Stats], lists: dict[HtmlElement, int],
                      reference: bool = False) -> bool:
    """Whether ``others`` (beside ``node`` under one parent) are all the document's text:
    no list of links (``SUBSECTION_MAX_LISTED`` of its text at most standing as links;
    with ``reference``, any in a block whose every link names an API, ``_links_name_api``,
    or a line long, ``SUBSECTION_LINE_CHARS``: a reference's data types, its "See Also"
    line, as ``_its_subsection`` reads them), no teasers, no form, no class saying chrome,
    no section headed as a promotion's ("Related articles"; with ``reference``, but for a
    line: "See Also <a>init(3)</a>")."""
    parent = node.getparent()
    if parent is None:
        return False
    listed = listed_links(parent, stats, lists)
    if _loose_links(node, parent, others, stats, listed):
        return False
    for el in others:
        if not isinstance(el.tag, str) or _empty_anchor(el) or el not in stats:
            continue
        st = stats[el]
        if not st.text:
            continue
        head = _first_element(el)
        line = reference and st.text <= SUBSECTION_LINE_CHARS
        if (listed.get(el, 0) > SUBSECTION_MAX_LISTED * st.text
                and not (line or (reference and _links_name_api(el)))) or teasers(el) or \
                _class_weight(el) < 0 or el.find(".//form") is not None or \
                el.find(".//input") is not None or \
                (head is not None and head.tag in _HEADINGS and promo_heading(head)
                 and not line):
            return False
    return True


def _loose_links(node: HtmlElement, parent: HtmlElement, others: list[HtmlElement],
                 stats: dict[HtmlElement, _Stats], listed: dict[HtmlElement, int]) -> bool:
    """Whether ``parent``'s loose text beside ``node`` (its own text and its children's
    tails, and its inline elements: no block of its own) is mostly links standing as a
    list (``SUBSECTION_MAX_LISTED``): lines of links set loose in the block's wrapper
    beside it ("Related: <a>headline</a> <a>headline</a>"), which no block of ``others``
    holds, so their own test never sees them."""
    if parent not in listed or parent not in stats or node not in stats or \
            node.tag not in BLOCK_TAGS:
        return False
    blocks = [el for el in others if isinstance(el.tag, str) and el.tag in BLOCK_TAGS]
    loose = listed[parent] - listed.get(node, 0) - sum(listed.get(b, 0) for b in blocks)
    text = stats[parent].text - stats[node].text - sum(
        stats[b].text for b in blocks if b in stats)
    return loose > 0 and loose > SUBSECTION_MAX_LISTED * text


# -- cards of other pages: what a section's or a document's text is not -----------
# (Three tests, each the weight its rule needs: a subsection is no cards when it holds
# teasers or three short cards (``_other_pages``); sections alike are none when any entry
# beside the block is headed by a link elsewhere, however long (``_cards``); a block is
# among teasers when its parent is a list of them and it is none (``_among_teasers``).
# One link test, ``_signals.to_other_page``, serves them and ``_signals._teaser``.)


def _other_pages(el: HtmlElement) -> bool:
    """Whether ``el`` holds teasers of other pages, alike or not (``teasers`` asks them
    to be of one kind; cards that each have a class of their own, their headline in the
    link or the link in it, are still other stories' headlines and summaries)."""
    return teasers(el) or sum(1 for c in el if isinstance(c.tag, str) and _card(c)) \
        >= TEASERS_MIN


def _card(el: HtmlElement) -> bool:
    """A short block headed by a link to another page (``<a href><h4>..</h4></a>`` or
    ``<h4><a href>..</a></h4>``): a teaser."""
    heading = next(el.iter(*_HEADINGS), None)
    if heading is None or _short_text(el, TEASER_MAX_CHARS) is None:
        return False
    around = next((a for a in heading.iterancestors("a")), None)
    links = [around] if around is not None else list(heading.iter("a"))
    return any(to_other_page(a) for a in links)


def _cards(node: HtmlElement, parent: HtmlElement) -> bool:
    """Whether ``parent``'s entries beside ``node`` are cards of other pages: teasers
    (short blocks headed by a link to another page), or entries whose headings link to
    another page at all (a front page's other stories with long summaries, a section's
    menu). A document's sections are headed by their titles, a self-link at most."""
    if teasers(parent):
        return True
    for sib in parent:
        head = _first_element(sib) if sib is not node and isinstance(sib.tag, str) else None
        if head is not None and head.tag in _HEADINGS and \
                any(to_other_page(a) for a in head.iter("a")):
            return True
    return False


def _among_teasers(node: HtmlElement, parent: HtmlElement) -> bool:
    """Whether ``node``, no teaser itself, is set among other stories' teasers (a front
    page's cards, a feed opened at one item, a section's menu of cards): one of them in
    shape, not in kind; the teasers are the page's ways elsewhere, not the rest of its
    text. (A teaser among teasers, on a page listing them, is an entry of the list that
    is the content.)"""
    return teasers(parent) and not _teaser(node)

