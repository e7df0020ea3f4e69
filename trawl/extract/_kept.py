"""What prune keeps anyway: the blocks it would drop by their links that are the content's
own all the same (a note's box, a table of contents, a list of the document's parts, a
section's body, a list a sentence introduces, a title's words, a listing's lines, a
reference's entries), and the small tree helpers prune shares with them."""

from __future__ import annotations

import itertools
import re

from lxml import etree
from lxml.html import HtmlElement

from ._alertbox import alert_box
from ._articletoc import CONTENTS_ATTR
from ._clean import NEXT_PAGE_ATTR
from ._followlead import announces_following
from ._listedsection import listed_section_list
from ._signals import (
    PROMO_LEAD_RE,
    _admonition,
    _class_weight,
    _shows_address,
    promo_heading,
    section_alike,
)
from ._stats import _Stats, listed_links
from ._termlist import titles_under_term
from ._text import BLOCK_TAGS, text_content, words
from ._textlinks import documents_in_text, groups_introduced, outside_references
from ._toc import (
    CAPTION_MAX_WORDS,
    LEADS_ON_MIN_ITEMS,
    LISTS,
    Anchors,
    _led_by_link,
    contents_list,
)
from ._tree import _HEADINGS, _collapsed_text, _empty_anchor, _first_element, _wrapped_heading

CONTENTS_SHARE = 0.5
"""A block with this share of its text in tables of contents is one."""


# the tags prune judges by their text and links (headings and forms aside)
_PRUNABLE_TAGS = words("div section ul ol table aside figure span p dl header footer nav")


LISTING_MIN_LINES = 5
"""Siblings alike, a line of text each, that make a listing judged as one."""


_LINE_TAGS = frozenset(("div", "span"))


def _listing_line(el: HtmlElement, stats: dict[HtmlElement, _Stats],
                  lists: dict[HtmlElement, int],
                  groups: dict[tuple[HtmlElement, object, str | None], bool]) -> bool:
    """Whether ``el`` is a line of a listing that is no list of links: one of at least
    ``LISTING_MIN_LINES`` siblings of its tag and class, each a line of inline text, whose
    links, taken together, are not most of their text (a code listing whose lines link
    the names they use)."""
    parent = el.getparent()
    if parent is None or el.tag not in _LINE_TAGS or _has_block(el):
        return False
    key = (parent, el.tag, el.get("class"))
    if key not in groups:
        lines = [c for c in parent if c.tag == el.tag and c.get("class") == key[2]
                 and c in stats and not _has_block(c)]
        text = sum(stats[c].text for c in lines)
        listed = sum(listed_links(c, stats, lists)[c] for c in lines)
        groups[key] = len(lines) >= LISTING_MIN_LINES and listed <= 0.5 * text
    return groups[key]


ENTRIES_MIN = 3
"""Siblings of one tag and class, blocks, that make a reference's entries judged together."""


def _entry_alike(el: HtmlElement, stats: dict[HtmlElement, _Stats],
                 lists: dict[HtmlElement, int],
                 groups: dict[tuple[HtmlElement, object, str | None], bool]) -> bool:
    """Whether ``el`` is one of at least ``ENTRIES_MIN`` blocks of its tag and class under
    one parent whose links, taken together, are not most of their text: a reference's
    entries (a member's declaration and what it does), one of which links more of its few
    words ("typedef <a>Layout</a> <a>Factory::ProductType</a>") than the others."""
    parent, cls = el.getparent(), el.get("class")
    if parent is None or not cls or el.tag not in _PRUNABLE_TAGS or not _has_block(el):
        return False
    key = (parent, el.tag, "entries " + cls)
    if key not in groups:
        entries = [c for c in parent if c.tag == el.tag and c.get("class") == cls
                   and c in stats]
        text = sum(stats[c].text for c in entries)
        listed = sum(listed_links(c, stats, lists)[c] for c in entries)
        groups[key] = len(entries) >= ENTRIES_MIN and listed <= 0.5 * text
    return groups[key]


def _up_to(el: HtmlElement, content: HtmlElement) -> list[HtmlElement]:
    """``el`` and its ancestors below ``content``."""
    chain = [el]
    for anc in el.iterancestors():
        if anc is content:
            break
        chain.append(anc)
    return chain


def _has_block(el: HtmlElement) -> bool:
    return any(isinstance(d.tag, str) and d.tag in BLOCK_TAGS for d in el.iterdescendants())


def _in_title(el: HtmlElement, content: HtmlElement) -> bool:
    for anc in el.iterancestors():
        if anc is content:
            return False
        if anc.tag == "caption" or anc.tag in _HEADINGS:
            return True
    return False


def _in_contents(el: HtmlElement, content: HtmlElement,
                 stats: dict[HtmlElement, _Stats], anchors: Anchors | None = None) -> bool:
    """Whether ``el`` is, is in or is mostly a table of contents (see ``contents_list``):
    most of its text in such lists (the block of the table under its "Contents" label), or
    in a ``nav`` the boilerplate pass kept as its section's (``CONTENTS_ATTR``)."""
    outermost = None
    for anc in itertools.chain((el,), el.iterancestors()):
        if anc is content:
            break
        if anc.get(CONTENTS_ATTR) is not None:
            return True
        if anc.tag in LISTS:
            outermost = anc
    if outermost is not None:
        return contents_list(outermost, anchors)
    st = stats.get(el)
    if st is None or not st.links:
        return False
    if _captioned_contents(el, anchors):
        return True
    size = sum(stats[d].text for d in el.iter(*LISTS) if d in stats and
               not any(a.tag in LISTS for a in _up_to(d, el)[1:]) and contents_list(d, anchors))
    return size >= CONTENTS_SHARE * st.text


CAPTIONED_MAX_CHILDREN = 3
"""Elements of a block holding a caption and a table of contents (an empty anchor beside)."""


def _captioned_contents(el: HtmlElement, anchors: Anchors | None = None) -> bool:
    """Whether ``el`` holds a table of contents (``contents_list``) and its caption above it
    (``_list_caption``), nothing else: a chapter's short contents ("Table of Contents",
    then its two sections), whose caption outweighs its entries, so that the share of its
    text in the list (``CONTENTS_SHARE``) does not say it."""
    children = [c for c in el if isinstance(c.tag, str)]
    if not 2 <= len(children) <= CAPTIONED_MAX_CHILDREN or \
            not any(c.tag in LISTS for c in children):
        return False  # (most blocks asked hold more, or no list: their text is not read)
    blocks = [c for c in children if _collapsed_text(c)]
    return len(blocks) == 2 and blocks[1].tag in LISTS and _list_caption(blocks[0]) and \
        not (el.text or "").strip() and contents_list(blocks[1], anchors)


def _list_caption(el: HtmlElement) -> bool:
    """Whether ``el`` is a list's caption: a title of a few words (``CAPTION_MAX_WORDS``),
    no link, no list ("Table of Contents", "Contents"); a sentence over a list (a promotion:
    "Read the next chapters of this series") is the block's text, weighed as such."""
    return el.tag not in LISTS and next(el.iter("a"), None) is None and \
        len(_collapsed_text(el).split()) <= CAPTION_MAX_WORDS


def _lists_parts(el: HtmlElement, content: HtmlElement, stats: dict[HtmlElement, _Stats],
                 toc_pages: list[set[str]], anchors: Anchors | None = None) -> bool:
    """Whether ``el`` is, or is mostly, a list of the parts of the document the content's
    table of contents lists (a book's list of figures, of tables, of examples): entries
    each led by a link (a number at most before it), every link to a place on a page that
    table of contents links. Any generator's book page has them under its contents; a
    list of other stories links pages, not places in the document's own.
    ``toc_pages``: the pages the tables of contents link, once found."""
    st = stats.get(el)
    if st is None or not st.links:
        return False
    size = 0
    for lst in el.iter(*LISTS):
        if lst not in stats or any(a.tag in LISTS for a in _up_to(lst, el)[1:]):
            continue
        items = [i for i in lst if i.tag in ("li", "dt")]
        links = list(lst.iter("a"))
        if not items or not links or not all(_led_by_link(i) for i in items) or \
                not all("#" in (a.get("href") or "") for a in links):
            continue
        if not toc_pages:
            toc_pages.append({(a.get("href") or "").partition("#")[0]
                              for d in content.iter(*LISTS)
                              if d in stats and contents_list(d, anchors)
                              for a in d.iter("a")} - {""})
        if all((a.get("href") or "").partition("#")[0] in toc_pages[0] for a in links):
            size += stats[lst].text
    return size >= CONTENTS_SHARE * st.text


def _section_body(el: HtmlElement) -> bool:
    """Whether ``el`` is a section alike (see ``section_alike``), its heading, or all the
    section says under it: a reference entry's "Related information" and the names or
    chapters it lists."""
    if section_alike(el) or listed_section_list(el):
        return True
    section = el.getparent()
    if section is None or not section_alike(section):
        return False
    blocks = [c for c in section if isinstance(c.tag, str) and not _empty_anchor(c)]
    return len(blocks) == 2 and el in blocks


INTRO_MIN_WORDS = 5
"""Words of a sentence that introduces the list after it, at least."""


def _introduced(el: HtmlElement, content: HtmlElement) -> bool:
    """Whether ``el`` is, or only wraps, a list that the paragraph before it introduces: a
    sentence of its own words ending with a colon ("you may also find the following
    sources of information useful:"), no promotion's ("Read more:", "Related:"), or one
    counting the list's entries (``_counts_entries``)."""
    lst = el
    while lst.tag not in LISTS and _wraps_one(lst):
        lst = lst[0]
    if lst.tag not in LISTS:
        return False
    block = el
    while block.getprevious() is None and block.getparent() is not None and \
            block.getparent() is not content and _wraps_one(block.getparent()):
        block = block.getparent()
    prev = block.getprevious()
    while prev is not None and not isinstance(prev.tag, str):
        prev = prev.getprevious()
    return prev is not None and (_introduces(prev) or _sources_heading(prev) or
                                 _counts_entries(prev, lst))


_NUMBER_WORDS = {w: i for i, w in enumerate((
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve"), 2)}
"""A count as prose spells it; digits number parts, versions and sections ("part 2")."""
_COUNT_RE = re.compile(r"\b(" + "|".join(_NUMBER_WORDS) + r")\b", re.I)
_SENTENCE_SPLIT_RE = re.compile(r"(?<=[.!?])\s+")


def _counts_entries(p: HtmlElement, lst: HtmlElement) -> bool:
    """Whether the paragraph ``p`` right before the list ``lst`` counts its entries: its
    last sentence, of its own words (``_own_sentence``; no promotion's lead), names the
    number of the list's items, spelled out, and ends with a full stop ("There are a
    number of similar libraries in existence. I'm aware of at least three." over three
    libraries; "Two options control it."). The
    text says what its list is, as a lead-in ending with a colon does (``_introduces``).
    A story's last paragraph over a list of other stories counts nothing of them: a
    number in it that matches their count by chance is unlikely, and its links are
    headlines a "Related" heading or label leads (which stays a promotion's)."""
    if p.tag != "p" or lst.tag not in ("ul", "ol"):
        return False
    text = " ".join(text_content(p).split())
    if not text or PROMO_LEAD_RE.match(text) is not None or not _own_sentence(p):
        return False
    last = _SENTENCE_SPLIT_RE.split(text)[-1]
    if not last.endswith("."):
        return False  # (a statement: a title, "Getting Started with part two", counts nothing)
    items = sum(1 for c in lst if c.tag == "li")
    return any(_NUMBER_WORDS[m.group(1).lower()] == items for m in _COUNT_RE.finditer(last))


def _introduces(p: HtmlElement) -> bool:
    """Whether ``p`` is a paragraph introducing the list after it: a sentence of its own
    words (``INTRO_MIN_WORDS``, see ``_own_sentence``) ending with a colon, no promotion's
    lead."""
    if p.tag != "p":
        return False
    text = " ".join(text_content(p).split())
    return (text.endswith(":") or announces_following(text)) and \
        PROMO_LEAD_RE.match(text) is None and (_own_sentence(p) or _sources_label(p, text))


_SOURCES_LABEL_RE = re.compile(
    r"(references|sources|bibliography|further reading|works cited|citations)\s*:", re.I)
"""A label naming what a text cites ("References:"), the whole of its paragraph."""


def _sources_heading(el: HtmlElement) -> bool:
    """Whether ``el`` is a heading (or the title block wrapping one) naming the list after
    it the text's sources, as ``_sources_label``'s paragraph does: a manual's section
    "References" over the papers it drew on, each a link to the paper and where it
    appeared. A site's "Resources" or "Related links" names no source of a text."""
    heading = el if el.tag in _HEADINGS else _wrapped_heading(el)
    if heading is None:
        return False
    text = " ".join(text_content(heading).split()).rstrip(":")
    return _SOURCES_LABEL_RE.fullmatch(text + ":") is not None


def _sources_label(p: HtmlElement, text: str) -> bool:
    """Whether ``p`` (its collapsed ``text``) is a label naming the list after it the
    text's sources: "References:", "Further reading:", no link. A manual's section ends
    with the pages it drew on, as a paper's with its bibliography; a site's "Resources",
    "More guides:" or a blogroll's "Links:" names no source of a text."""
    return p.find(".//a") is None and _SOURCES_LABEL_RE.fullmatch(text) is not None


def _own_sentence(p: HtmlElement) -> bool:
    """Whether ``p`` says ``INTRO_MIN_WORDS`` words or more of its own, outside its links,
    and its links fewer words than that: a sentence that links an aside ("NUT is already
    available in the following operating systems (and <a>likely more</a>):") still says
    what the list after it is; a lead that is mostly its link ("Our editors picked <a>these
    guides on building an application for you</a>:") is a promotion's way in."""
    linked = sum(len(text_content(a).split()) for a in p.iter("a"))
    own = len(text_content(p).split()) - linked
    return own >= INTRO_MIN_WORDS and linked < own


def _in_introduced(el: HtmlElement, content: HtmlElement,
                   known: dict[HtmlElement, bool] | None = None) -> bool:
    """Whether ``el`` is, or is inside, a list a sentence introduces (before it,
    ``_introduced``, or in its wrapper, ``_introduced_inside``): the lists nested in its
    items (a download page's "Linux:" item and its packages' links) are that list's
    entries, whatever their own labels say; and so is a list of documents a term labels
    (``_termlist.titles_under_term``), and a list of links set in the text
    (``_textlinks``: the project's documents between two paragraphs, outside references
    under "See also:", the groups under headings a sentence introduces). ``known``: what
    was said of the blocks asked already, while the tree stays as it is (the blocks prune
    drops share ancestors)."""
    for a in _up_to(el, content):
        said = None if known is None else known.get(a)
        if said is None:
            said = _introduced(a, content) or _introduced_inside(a) or \
                _introduced_in_item(a) or titles_under_term(a) or documents_in_text(a) or \
                outside_references(a) or groups_introduced(a)
            if known is not None:
                known[a] = said
        if said:
            return True
    return False


def _introduced_in_item(el: HtmlElement) -> bool:
    """Whether ``el`` is, or only wraps, a list nested in a list item (or in its paragraph
    ``div``, ``_item_paragraph``) after the item's own lead-in, a sentence ending with a
    colon (``_item_lead``: "Developer articles at <a>apachetutor</a> include:", then the
    articles' links): the item says what its list is, as a paragraph before a list does
    (``_introduced``). A menu's entry over its submenu is a label of a word or two
    ("Products:"), and a promotion's lead names the stories ("More from <a>our
    partners</a>:"): they say no sentence of their own."""
    item = el.getparent()  # (asked first: of every ancestor of every block prune drops)
    if item is None or not (item.tag == "li" or _item_paragraph(item)):
        return False
    lst = el
    while lst.tag not in LISTS and _wraps_one(lst):
        lst = lst[0]
    if lst.tag not in ("ul", "ol"):
        return False
    lead: list[tuple[str, bool]] = [(item.text or "", False)]  # (text, a link's)
    for child in item:
        if child is el:
            return _item_lead(lead)
        if not isinstance(child.tag, str) or child.tag in BLOCK_TAGS:
            return False  # (a block before the list: a paragraph's lead is _introduced's)
        lead += [(text_content(child), child.tag == "a" or child.find(".//a") is not None),
                 (child.tail or "", False)]
    return False


_ITEM_TAGS = frozenset(("li", "dd"))


def _item_paragraph(block: HtmlElement) -> bool:
    """Whether ``block`` is a list item's paragraph, a ``div`` right in the item (``li``,
    ``dd``): DocBook's ``div.para`` holds the item's sentence and the list it introduces
    ("The software runs with the minimum privileges it needs: <ul>..."), where HTML's
    ``p`` could not. A ``div`` standing alone (a box of links under its lead) is in no
    list's item."""
    parent = block.getparent()
    return block.tag == "div" and parent is not None and parent.tag in _ITEM_TAGS


def _item_lead(pieces: list[tuple[str, bool]]) -> bool:
    """Whether the text of ``pieces`` (each its text and whether a link's) is a sentence
    introducing a list: it ends with a colon, says ``INTRO_MIN_WORDS`` words, more of them
    its own than its links', its last words its own (a link named in passing, "at
    <a>apachetutor</a> include:", not the thing it promotes, "More from <a>our
    partners</a>:"), and no promotion's lead opens it."""
    linked = sum(len(text.split()) for text, link in pieces if link)
    text = " ".join("".join(t for t, _ in pieces).split())
    own = len(text.split()) - linked
    last = next((link for t, link in reversed(pieces) if t.strip(" \t\n:")), True)
    return text.endswith(":") and own + linked >= INTRO_MIN_WORDS and linked < own and \
        not last and PROMO_LEAD_RE.match(text) is None


def _introduced_inside(el: HtmlElement) -> bool:
    """Whether ``el`` holds the sentence introducing a list and the list, nothing else (a
    generator's wrapper of a list with its lead-in: DocBook's ``div.itemizedlist`` holds
    the list's introductory paragraph, "The filters are divided into several
    categories:", and the list after it): the list is the text's, as when the paragraph
    stands before the wrapper (``_introduced``); a box of a promotion's lead ("Read more
    from our archive:") and its links still goes."""
    # (three at most: asked of each ancestor of each element prune drops, a wrapper of
    # thousands of blocks was read whole for each of them)
    blocks = list(itertools.islice(
        (c for c in el if isinstance(c.tag, str) and not _empty_anchor(c)), 3))
    if len(blocks) != 2 or (el.text or "").strip() or \
            any((c.tail or "").strip() for c in blocks):
        return False
    lst = blocks[1]
    while lst.tag not in LISTS and _wraps_one(lst):
        lst = lst[0]
    return lst.tag in LISTS and _introduces(blocks[0])


def _headed_link(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``el`` is a paragraph of one link that is all its heading heads: the heading
    before it, the next heading (or the section's end, or a section) after it, nothing of
    text between. A reference's field reads so ("Group" over the link to the group's
    page, "Header", "Module"): the heading is its label, which prune keeps, and the label
    without its value says nothing. A promotion's heading ("Related", "Read more") is
    another story's way in, and goes with its link; a list of links under a heading
    (other stories, a site's menu) is no paragraph of one link."""
    if el.tag != "p" or len(el.xpath(".//a[@href]")) != 1 or el.find(".//img") is not None:
        return False
    prev = el.getprevious()
    while prev is not None and (not isinstance(prev.tag, str) or _empty_anchor(prev)):
        prev = prev.getprevious()
    if prev is None or prev.tag not in _HEADINGS or promo_heading(prev):
        return False
    for after in el.itersiblings():
        if not isinstance(after.tag, str) or (after in stats and not stats[after].text):
            continue  # (an empty paragraph: DocBook XSL writes one after the link)
        first = _first_element(after)
        return after.tag in _HEADINGS or (first is not None and first.tag in _HEADINGS)
    return True


def _in_admonition(el: HtmlElement, content: HtmlElement,
                   known: dict[HtmlElement, bool] | None = None) -> bool:
    """Whether an ancestor of ``el`` below ``content`` is a note's box (``_admonition``, or
    ``_alertbox.alert_box``).
    ``known``: what was said of the ancestors asked already (see ``_in_introduced``)."""
    for anc in el.iterancestors():
        if anc is content:
            return False
        said = None if known is None else known.get(anc)
        if said is None:
            said = _admonition(anc) or alert_box(anc)  # (a note, or an alert box: _alertbox)
            if known is not None:
                known[anc] = said
        if said:
            return True
    return False


def _wraps_one(el: HtmlElement) -> bool:
    """A div/span whose only content is one element: a layout wrapper."""
    if el.tag not in ("div", "span") or (el.text or "").strip():
        return False
    # (not len(el): lxml counts a wrapper's children one by one, and this is asked of
    # every ancestor of every element prune drops)
    child = next(iter(el), None)
    return child is not None and child.getnext() is None and isinstance(child.tag, str) \
        and not (child.tail or "").strip()


_NOTE_MARK_RE = re.compile(r"^\W*(?:\d{1,3}|[a-z]|[*\u2020\u2021\u00a7])\W*$", re.I)
"""A note's mark: its number or letter, a dagger, bracketed or not ("[11]", "a", "*")."""
NOTE_MIN_CHARS = 10
"""A note says at least this much besides its links (a pager's "1 2 3" says nothing)."""
_NOTE_LEVELS = 3
"""How deep a block of notes wraps its notes (``div.footnotes > div.footnote > p``)."""


def _footnotes(el: HtmlElement, depth: int = 0) -> bool:
    """Whether ``el`` is a footnote, or a block of nothing but footnotes: text led by its
    mark, a link back to the anchor in the text that cites it ("<a href='#r11'>[11]</a>
    The most recent version is 1.53."). Every generator of footnotes writes them so
    (DocBook, Sphinx, pandoc, Markdown's extensions, a wiki's references): what the text
    says aside, prose, however linked; a block of links is led by its first link's title,
    not by a mark that leads back into the page."""
    if _note(el):
        return True
    if depth >= _NOTE_LEVELS or (el.text or "").strip():
        return False
    found = False
    for c in el:  # (the first child with text that is no note ends it: prune asks of many)
        if (c.tail or "").strip():
            return False
        if not isinstance(c.tag, str):
            continue
        if _footnotes(c, depth + 1):
            found = True
        elif any(t.strip() for t in c.itertext()):
            return False
    return found


def _note(el: HtmlElement) -> bool:
    """Whether ``el`` is led by a note's mark linking back into the page, then says
    something (see ``_footnotes``). The mark's brackets may be text of their own around
    its link (DocBook XSL: ``<sup>[<a href="#id1">1</a>] </sup>``; docutils:
    ``<span>[</span><a role="doc-backlink">1</a><span>]</span>``)."""
    if (el.text or "").strip() or not _led_by_mark(el):
        return False
    mark = next((a for a in el.iter("a") if "".join(a.itertext()).strip()), None)
    if mark is None or not (mark.get("href") or "").startswith("#") or \
            len(mark.get("href") or "") < 2:
        return False
    if _NOTE_MARK_RE.match("".join(mark.itertext())) is None:
        return False
    # (its own words, not its links': a bar of marks, "[1][2][3]", says nothing; but an
    # address it prints is what it says: "[1] See https://...", a note citing a page)
    linked = sum(len(text_content(a)) for a in el.iter("a") if not _shows_address(a))
    return len(text_content(el)) - linked >= NOTE_MIN_CHARS


_WORD_CHAR_RE = re.compile(r"\w")


def _led_by_mark(el: HtmlElement) -> bool:
    """Whether the first text of ``el`` is a link's, with nothing before it but
    punctuation (a mark's opening bracket, set outside its link)."""
    for event, d in etree.iterwalk(el, events=("start", "end")):
        if d is el or not isinstance(d.tag, str):
            continue
        if event == "start":
            if d.tag == "a":
                return bool("".join(d.itertext()).strip())
            if _WORD_CHAR_RE.search(d.text or ""):
                return False
        elif _WORD_CHAR_RE.search(d.tail or ""):  # (a tail follows the subtree)
            return False
    return False


def contents_after_title(block: HtmlElement) -> bool:
    """Whether ``block`` is a table of contents leading on right under its parent's title
    block: the parent's first block is led by a heading (a book part's or appendix's title
    page, with its version, copyright and legal notice), ``block`` is the only block with
    text after it, in no class saying chrome, and it is (or its first list is) of entries each
    led by a link (``LEADS_ON_MIN_ITEMS`` at least), the first link to the page the
    document says comes next (``<link rel="next">``: the part's sections, on the pages
    after this one). ``_toc._leads_on`` asks that no prose come before such a list;
    here the prose before it is the title page's, the part's own header, not a story
    before a list of other stories: a story is no title block over a list."""
    parent = block.getparent()
    title = _first_element(parent) if parent is not None else None
    if title is None or title is block or not _led_by_heading(title) or \
            _class_weight(block) < 0:
        return False
    # (title page and contents, nothing else: a story's page says more after a list)
    after = [s for s in title.itersiblings() if isinstance(s.tag, str)
             and text_content(s).strip()]
    if after != [block]:
        return False
    lst = block if block.tag in LISTS else next(block.iter(*LISTS), None)
    next_page = block.getroottree().getroot().get(NEXT_PAGE_ATTR, "").partition("#")[0]
    if lst is None or not next_page:
        return False
    items = [i for i in lst if i.tag in ("li", "dt")]
    first = next(lst.iter("a"), None)
    return len(items) >= LEADS_ON_MIN_ITEMS and all(_led_by_link(i) for i in items) and \
        first is not None and (first.get("href") or "").partition("#")[0] == next_page


def _led_by_heading(el: HtmlElement) -> bool:
    """Whether the first text in ``el`` is a heading's (through any wrappers)."""
    for d in el.iterdescendants():
        if not isinstance(d.tag, str):
            continue
        if d.tag in _HEADINGS:
            return True
        if (d.text or "").strip() or (d.tail or "").strip():
            return False
    return False
