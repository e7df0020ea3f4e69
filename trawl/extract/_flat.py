"""A document's sections written flat: after its introduction, each section's heading and
then its body as siblings, no wrapper around the two (rustdoc's module page: the module's
docs, then "Structs" over the table of its structs, "Traits" over its traits, each entry
a name and a line). Scoring picks the introduction, the one block of prose; the sections
after it, an index of the module's items, are as much the page's text. Any generator can
write a document so (HTML's own outline has no section elements); LaTeX2HTML writes a
whole chapter so, straight in the body (``flat_document``)."""

from __future__ import annotations

from lxml.html import HtmlElement

from ._seealso import says_see_also
from ._signals import _class_weight, promo_heading, teasers, to_other_page
from ._stats import _Stats, listed_links
from ._text import BLOCK_TAGS, text_content
from ._toc import LISTS, Anchors, _lists_itself, contents_list
from ._tree import _HEADINGS, _empty_anchor, _first_element

FLAT_MAX_LISTED = 0.5
"""A flat section's body is the document's unless more than this share of its text is
links standing as a list (a "Related" list of other pages); as ``SUBSECTION_MAX_LISTED``."""


def before_flat_sections(node: HtmlElement, parent: HtmlElement,
                         stats: dict[HtmlElement, _Stats],
                         lists: dict[HtmlElement, int]) -> bool:
    """Whether ``node`` is the introduction of ``parent``'s document and what follows it is
    the document's sections written flat: before it only the title (a heading, or a block
    headed by one), after it headings of the page's own (no link to another page, no
    promotion's "Related articles") each followed by its body, and every body the
    document's text: no list of links, no teasers, no form, no class saying chrome."""
    before: list[HtmlElement] = []
    after: list[HtmlElement] = []
    seen = False
    for child in parent:
        if child is node:
            seen = True
        elif isinstance(child.tag, str) and not _empty_anchor(child) and child in stats \
                and stats[child].text:
            (after if seen else before).append(child)
    if not any(c.tag in _HEADINGS for c in after) or after[0].tag not in _HEADINGS:
        return False
    if not all(c.tag in _HEADINGS or getattr(_first_element(c), "tag", None) in _HEADINGS
               for c in before):
        return False
    return _sections_text(after, parent, stats, lists)


def _sections_text(children: list[HtmlElement], parent: HtmlElement,
                   stats: dict[HtmlElement, _Stats], lists: dict[HtmlElement, int]) -> bool:
    """Whether ``children`` of ``parent``, sections written flat, are all the document's:
    headings of the page's own (no link to another page, no promotion's "Related
    articles") and bodies of its text (no list of links, no teasers, no form, no class
    saying chrome)."""
    listed = listed_links(parent, stats, lists)
    for child in children:
        if child.tag in _HEADINGS:
            if promo_heading(child) or \
                    any(to_other_page(a) for a in child.iter("a")):
                return False
        elif listed.get(child, 0) > FLAT_MAX_LISTED * stats[child].text or teasers(child) \
                or _class_weight(child) < 0 or child.find(".//form") is not None or \
                child.find(".//input") is not None:
            return False
    return True


FLAT_MIN_SECTIONS = 2
"""Headings of one rank in the body that make it a document of sections written flat..."""
TITLED_MIN_SECTIONS = 1
"""... or, under the document's title, headings of a lower rank."""
FLAT_LABEL_MAX_CHARS = 40
"""A line before the first section, beside its table of contents, at most ("Subsections")."""


def flat_document(node: HtmlElement, body: HtmlElement, stats: dict[HtmlElement, _Stats],
                  lists: dict[HtmlElement, int], anchors: Anchors) -> bool:
    """Whether ``body`` is a document written flat and ``node``, a child of it, a part of
    its sections: the body's text is, in order, at most its table of contents of the
    page's own sections (``contents_list``) and a short label over it, then sections
    (``FLAT_MIN_SECTIONS`` headings of one rank or more, the first ahead of ``node``),
    each a heading and its body, all of them the document's (``_sections_text``). A
    chapter converted from LaTeX is written so, its sections' headings and paragraphs set
    in the body with nothing around them; the body of a page with chrome left in it (a
    list of other pages' links, a form, a class saying chrome) is not taken."""
    children = [c for c in body if isinstance(c.tag, str) and not _empty_anchor(c)
                and c in stats and stats[c].text]
    first = next((i for i, c in enumerate(children) if c.tag in _HEADINGS), None)
    if first is None or node not in children or children.index(node) < first:
        return False
    rank = children[first].tag
    if sum(1 for c in children if c.tag == rank) < FLAT_MIN_SECTIONS and \
            not titled_sections(children[first:], node):
        return False
    for c in children[:first]:
        if not (c.tag in LISTS and contents_list(c, anchors)) and \
                stats[c].text > FLAT_LABEL_MAX_CHARS:
            return False
    sections = _before_own_index(children[first:], anchors)
    return _sections_text(_before_see_also(sections, rank), body, stats, lists)


OWN_INDEX = True
"""(brief 126) A trailing index of the page's own places is judged by prune, not here."""


def _before_own_index(sections: list[HtmlElement], anchors: Anchors) -> list[HtmlElement]:
    """``sections`` less their last two when those are a heading and a list every link of
    which leads to a place on this page (``_toc._lists_itself``): the page's index of its
    own sections set after its text, and after it at most a line of inline elements
    (man2html ends a manual page on "Index" over the links to its NAME, SYNOPSIS, ...
    sections, then its footer's line, "created by <a>man2html</a>"). Such an index leads
    nowhere else, so it says nothing of whether the sections before it are the document;
    prune judges it by itself, as a table of contents. Before it, the document's last
    section (a "SEE ALSO") is the one ``_before_see_also`` asks of."""
    end = len(sections)
    while end > 0 and sections[end - 1].tag not in BLOCK_TAGS:
        end -= 1  # (the footer's line after it: "created by <a>man2html</a>", inline)
    if not OWN_INDEX or end < 3:
        return sections
    heading, index = sections[end - 2], sections[end - 1]
    if heading.tag not in _HEADINGS or index.tag not in LISTS or \
            not _lists_itself(index, every=True, memo=anchors):
        return sections
    return sections[:end - 2]


def _before_see_also(sections: list[HtmlElement], rank: str) -> list[HtmlElement]:
    """``sections`` (a body's children from its first heading on) less the last section
    when its heading, of the sections' ``rank``, says "See also" and nothing else
    (``_seealso.says_see_also``), with at least one section of that rank before it: a
    manual page ends on one (perl's pod: "SEE ALSO" over the modules and documents it
    refers to), and its links say nothing of whether the sections before it are the
    document. Prune judges that last section by itself, as it judges a blog's "See also"
    list of other posts.

    (brief 126) A BSD manual page sets its "SEE ALSO" before its "AUTHORS" or "HISTORY"
    (ssh_config(5)): with ``SEE_ALSO_INSIDE``, a "See also" section of that rank after
    the first is left out of the judgment wherever it stands, up to the next heading of
    its rank; the sections after it are judged as the document's."""
    if TITLED_SEE_ALSO:
        rank = _sections_rank(sections, rank)
    at = [i for i, c in enumerate(sections) if c.tag == rank]
    if len(at) >= 2 and at[-1] > 0 and says_see_also(sections[at[-1]]):
        return sections[:at[-1]]
    if not SEE_ALSO_INSIDE:
        return sections
    for n, i in enumerate(at[1:-1], start=1):
        if says_see_also(sections[i]):
            return sections[:i] + sections[at[n + 1]:]
    return sections


SEE_ALSO_INSIDE = True
"""(brief 126) A "See also" section before the document's last is judged by prune too."""


TITLED_SEE_ALSO = True
"""(brief 126) The sections' rank under a lone title is their own, not the title's."""


def _sections_rank(sections: list[HtmlElement], rank: str) -> str:
    """The rank of ``sections``' own headings: ``rank`` (their first heading's), or,
    when that first heading is a lone title over headings of a lower rank
    (``titled_sections``: a manual page's ``h1``, its name, over its ``h2`` sections, as
    groff writes one), the highest rank below it. A manual page so written ends on its
    "SEE ALSO" section under an ``h2``, which the title's ``h1`` would never find."""
    below = [str(c.tag) for c in sections[1:] if c.tag in _HEADINGS]
    if sections and sections[0].tag == rank and below and \
            all(r > rank for r in below):
        return min(below)
    return rank


def titled_sections(children: list[HtmlElement], node: HtmlElement) -> bool:
    """Whether ``children`` (a body's, from its first heading on) are a document's title
    and its sections: the first heading is the only one of its rank and outranks every
    heading after it, in the body or in a block of it (an ``h1`` over ``h2``s), at least
    ``TITLED_MIN_SECTIONS`` of those follow it, and ``node`` is after the title. A page
    written flat under its title ("Features Of SQLite", its list, then "Suggested Uses",
    its list) has one section or two, or its entries each a block headed inside (a book's
    table row, its cover and its text under the book's title): its title is what says the
    body is one document. A second heading of the title's rank (two stories' titles), one
    outranking it (a label's over a ticker, above a story's title) or none below it (a
    title over one block) make no such document."""
    title = children[0]
    below = [h for c in children[1:] for h in c.iter(*_HEADINGS)]
    if len(below) < TITLED_MIN_SECTIONS or node is title or node not in children:
        return False
    return all(h.tag > title.tag for h in below)


FLAT_ENTRY_MIN_BLOCKS = 2
"""Blocks of text under an entry's title that make the body the entry (one is the text)."""


def flat_entry(node: HtmlElement, body: HtmlElement, stats: dict[HtmlElement, _Stats],
               lists: dict[HtmlElement, int]) -> bool:
    """Whether ``body`` is one entry written flat under its title and ``node``, a child of
    it, a part of its text: the body's text is, in order, the entry's title (a heading, a
    heading in a link, a block of nothing but headings: ``_title_part``), then blocks of
    its text (``_text_under_title``). A reference entry is written so, straight in the
    body: an API's title, its declaration, its paragraphs and "See also" (a page of a
    C API reference), or a release's title over its lists of changes; scoring picks one
    of its blocks (the declaration, the longest list), and the others are as much its
    text. Once the site's banner above the title is gone, the body holds nothing else."""
    children = [c for c in body if isinstance(c.tag, str) and not _empty_anchor(c)
                and c in stats and stats[c].text]
    count = 0
    for child in children:
        if not _title_part(child, stats):
            break
        count += 1
    rest = children[count:]
    if count == 0 or node not in rest or len(rest) < FLAT_ENTRY_MIN_BLOCKS:
        return False  # (a title over one block: that block is the text, the title above it)
    rank = min(str(h.tag) for c in children[:count] for h in c.iter(*_HEADINGS))
    return _text_under_title(rest, rank, body, stats, lists)


def _title_part(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """A part of a page's title: a heading, or a block or link holding nothing but
    headings (a title block: the title and, over it, the name of the reference it is in)."""
    if el.tag in _HEADINGS:
        return True
    headings = [h for h in el.iter(*_HEADINGS) if h in stats]
    return bool(headings) and sum(stats[h].text for h in headings) >= stats[el].text


def _text_under_title(blocks: list[HtmlElement], rank: str, body: HtmlElement,
                      stats: dict[HtmlElement, _Stats], lists: dict[HtmlElement, int]) -> bool:
    """The guard of ``flat_entry``: the ``blocks`` after the title are all the entry's
    text (``_sections_text``: no list of links, no teasers, no form, no class saying
    chrome) and hold no heading of the title's rank or above (``rank``: another story's
    title, on a page of several)."""
    if any(str(h.tag) <= rank for b in blocks for h in b.iter(*_HEADINGS)):
        return False
    return _sections_text([b for b in blocks if not _statement(b)], body, stats, lists)


STATEMENT_MIN_OWN_WORDS = 3
"""Words of a statement's own, outside its links ("See also lists of ... and ...")."""


def _statement(el: HtmlElement) -> bool:
    """A paragraph that is a sentence about its links, not a list of them: capitalised,
    ending with a full stop, no label's colon, with words of its own between them ("See
    also lists of <a>Objects</a>, <a>Constants</a>, and <a>Functions</a>."). A bar of
    links ("Home | About") ends with no full stop, a promotion's ("Read more: ...") has
    a label's colon."""
    if el.tag != "p":
        return False
    text = " ".join(text_content(el).split())
    if not text[:1].isupper() or not text.endswith(".") or ":" in text:
        return False
    own = (el.text or "") + "".join(c.tail or "" for c in el.iter() if c is not el)
    return sum(1 for w in own.split() if w[:1].isalnum()) >= STATEMENT_MIN_OWN_WORDS


def flat_subheading(el: HtmlElement, title: HtmlElement) -> bool:
    """Whether ``el`` is the heading of a subsection written flat in a section headed by
    ``title``: a heading of a lower rank (an ``h3`` under the page's ``h1``, its body the
    blocks after it, no wrapper around the two: erl_docgen's user's guide chapters, any
    Markdown page), the page's own: no promotion's ("Related articles", "More on this
    story") and no link of words to another page (a card's headline). Its body is judged
    with the section's text (``_sections._in_section_text``: paragraphs, lists and
    listings that list no links); a heading over a list of other stories, a sign-up form
    or a comment thread leaves the section as it was."""
    if el.tag not in _HEADINGS or el.tag <= title.tag or promo_heading(el):
        return False
    return not any(to_other_page(a) and text_content(a).strip() for a in el.iter("a"))
