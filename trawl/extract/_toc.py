"""Tables of contents: whether a list is one (``contents_list``) by its entries (each led
by a link, a line each or nested), by the class a generator names it with, by where it leads
(the page the head names next, the page's own sections), and the page anchors those answers
read.
"""

from __future__ import annotations

import re
from collections import Counter

from lxml.html import HtmlElement

from ._clean import NEXT_PAGE_ATTR
from ._nametree import namespace_entry
from ._signals import _SENTENCE_END_RE, PROMO_LEAD_RE
from ._slugs import respelled, respelled_anchors, slug_keys
from ._text import BLOCK_TAGS, text_content
from ._tochead import headed_contents, title_entries
from ._tokens import _tokens_of
from ._tree import _HEADINGS, _collapsed_text, _first_element, _is_ancestor

CONTENTS_MIN_ITEMS = 5
"""Entries of a nested table of contents, each led by a link."""
CONTENTS_FLAT_MIN_ITEMS = 20
"""Entries of a flat one."""
LEADS_ON_MAX_PROSE_BEFORE = 80
"""Paragraph text before such a list, at most (a line of the page's header: a version)."""
LEADS_ON_MIN_ITEMS = 3
"""Entries of a flat one whose first is the page's next (see ``_leads_on``); fewer is a
pager ("Next: a post", "Previous: another")."""
NAMED_CONTENTS_MIN_ITEMS = 1
"""Entries of a list its class names a table of contents, ending its section (see
``_named_contents``): the generator's word holds for a chapter of one or two sections."""
LISTS = ("ul", "ol", "dl")


def contents_list(lst: HtmlElement, anchors: Anchors | None = None) -> bool:
    """Whether the list ``lst`` is a table of contents: entries each led by a link (a
    title, its purpose at most after it), at least ``CONTENTS_MIN_ITEMS`` of them and nested
    (an entry holds, or in a ``dl`` is followed by, a list of its own entries: chapters and
    their sections, not a list of other stories), or else entries of a line each (a feed's
    or a list of stories' items hold blocks: a summary, a picture, a post) that are many
    (``CONTENTS_FLAT_MIN_ITEMS``: a part's entries) or list the page itself among them
    (a chapter's sections, the first one on the chapter's page).

    ``anchors``: the page's anchors found so far (see ``_page_anchors``), for a pass that
    asks of many lists of a tree it does not change."""
    items = 0
    nested = False
    lines = True
    for item in lst.iter("li", "dt", "dd"):
        lists = any(c.tag in LISTS for c in item)
        nested = nested or lists
        if item.tag == "dd" or _empty_entry(item):
            continue
        if not _led_by_link(item):
            if items == 0 and _caption_entry(item, lst):
                continue  # (its title, no entry)
            if namespace_entry(item):
                nested = True  # (a namespace's label over its members' entries)
                continue
            return False
        lines = lines and (lists or not any(
            d.tag in _ENTRY_BLOCKS for d in item.iterdescendants()))
        items += 1
    # (named so and ending its section, even a chapter's two sections are its contents: a
    # pager's "Next", "Previous" is no list a class names a table of contents)
    if items >= NAMED_CONTENTS_MIN_ITEMS and (lines or nested) and _named_contents(lst):
        return True
    # (named so and listing only places on this page, wherever it is: a section's own one
    # or two subsections before its text; a paginated story's list of its other pages, or
    # a widget of other stories, goes to other pages)
    if items >= NAMED_CONTENTS_MIN_ITEMS and (lines or nested) and _named_toc(lst) and \
            _lists_itself(lst, every=True, memo=anchors):
        return True
    # (its heading names it, and it lists only places on this page: a document's own
    # "Table of contents" over its sections, written in its text)
    if items >= NAMED_CONTENTS_MIN_ITEMS and headed_contents(lst) and \
            (lines or nested or title_entries(lst)) and \
            (_lists_itself(lst, every=True, memo=anchors)
             or respelled_anchors(lst, _page_anchors(lst, anchors))):
        return True
    if items < CONTENTS_MIN_ITEMS:
        # (named so and leading on: a chapter's one or two sections above its text, the
        # first of them the page after this one: see ``_named_leads_on``)
        if items >= NAMED_CONTENTS_MIN_ITEMS and (lines or nested) and \
                _named_leads_on(lst, anchors):
            return True
        # (a FAQ's questions under their topics: see ``_lists_questions``)
        if lst.tag == "dl" and _lists_questions(lst, anchors):
            return True
        # (a section of three subsections lists them: the page said where it goes on; or
        # lists its own three sections, each an anchor on the page)
        if items >= LEADS_ON_MIN_ITEMS and (lines or nested) and (
                _leads_on(lst, anchors) or _lists_itself(lst, every=True, memo=anchors)
                or _subdocuments(lst, anchors)):
            return True
        # (a chapter's two subsections, listed at its top: see ``_lists_own_sections``)
        return items >= OWN_SECTIONS_MIN_ITEMS and lines and \
            _lists_itself(lst, every=True, memo=anchors) and _lists_own_sections(lst, anchors)
    return nested or (lines and (items >= CONTENTS_FLAT_MIN_ITEMS
                                 or _lists_itself(lst, memo=anchors) or _leads_on(lst, anchors)
                                 or _subdocuments(lst, anchors)))


def _empty_entry(item: HtmlElement) -> bool:
    """Whether the entry ``item`` holds nothing: no text, no picture (an empty link, which
    openjade's stylesheets write for a part's title they could not resolve): no entry."""
    return not _collapsed_text(item) and not any(
        isinstance(d.tag, str) and d.tag in _ENTRY_BLOCKS for d in item.iterdescendants())


CAPTION_MAX_WORDS = 4
"""A list's caption is a title of a few words ("Table of Contents")."""
_EMPHASIS = frozenset(("b", "strong"))


def _caption_entry(item: HtmlElement, lst: HtmlElement) -> bool:
    """Whether ``item``, the first entry of ``lst``, is the list's caption: a title of a few
    words in bold and nothing else (no link), in a list its class names a table of contents
    (see ``_named_toc``). openjade's DocBook stylesheets (DSSSL) write a chapter's contents
    so, its title the first term (``<DL><DT><B>Table of Contents</B></DT><DT>7.1. <A
    HREF=..>``), where DocBook XSL sets it above the list; a menu's first entry, a label
    in bold over its links, is in no list named so."""
    if item.getparent() is not lst or len(item) != 1 or item[0].tag not in _EMPHASIS or \
            (item.text or "").strip() or (item[0].tail or "").strip():
        return False
    title = _collapsed_text(item)
    return bool(title) and len(title.split()) <= CAPTION_MAX_WORDS and \
        next(item.iter("a"), None) is None and _named_toc(lst)


_TOC_TOKENS = frozenset(("toc", "toctree"))
"""Class tokens by which a generator names a table of contents: makeinfo's
``ul.section-toc`` (Texinfo 6.8; ``mini-toc`` in 7), DocBook XSL's ``div.toc``, Sphinx's
``toctree-wrapper``. Whole tokens: "stock" or "tocart" are none."""


def _named_contents(lst: HtmlElement) -> bool:
    """Whether the list, or the block holding nothing else, says by its class that it is a
    table of contents, and ends its section (nothing of substance after it): the
    generator's own word, stronger than what the list looks like (a chapter's flat list of
    its few sections, a line each, after its introduction, is shaped as a list of related
    stories after a story). A named list before the section's text is asked where it
    leads instead (``_lists_itself``, ``_leads_on``), because there the name proves
    nothing the page does not say better: a list a class names "toc" at the top of a
    text is as often a site's widget of other pages or a paginated story's list of its
    pages (its page 2 opens with it), while a chapter's own sections there start with the
    page its ``rel="next"`` names, which ``_leads_on`` checks (tests/test_extract_manuals4.py:
    ``test_a_named_table_of_contents_before_the_text_that_leads_on_is_kept`` and
    ``test_a_named_list_before_the_text_that_leads_elsewhere_goes``)."""
    el = _toc_wrapper(lst)
    # (``el``: the list in the wrappers holding nothing else; what follows it in its section)
    return el is not None and not any(isinstance(s.tag, str) and _collapsed_text(s)
                                      for s in el.itersiblings())


def _named_toc(lst: HtmlElement) -> bool:
    """Whether the list, or the block holding nothing else, says by its class that it is a
    table of contents (see ``_named_contents``), wherever it is."""
    return _toc_wrapper(lst) is not None


def _toc_wrapper(lst: HtmlElement) -> HtmlElement | None:
    """The outermost of ``lst`` and the wrappers holding nothing else, when one of them has
    a class naming a table of contents; else None."""
    named = False
    el = lst
    while True:
        named = named or bool(_TOC_TOKENS & _tokens_of(el.get("class") or ""))
        parent = el.getparent()
        if parent is None or _holds_more(parent) or (parent.text or "").strip():
            break
        el = parent
    return el if named else None


def _holds_more(parent: HtmlElement) -> bool:
    """Whether ``parent`` holds more than one element: read up to the second (a wrapper of
    50,000 lists is asked of each of them)."""
    count = 0
    for c in parent:
        if isinstance(c.tag, str):
            count += 1
            if count > 1:
                return True
    return False


def _named_leads_on(lst: HtmlElement, memo: Anchors | None = None) -> bool:
    """Whether ``lst``, a list its class names a table of contents (``_named_toc``), leads
    on (``_leads_on``): its first link to another page is the page the head names next, and
    it comes before the page's prose. A chapter of one or two sections lists them so above
    its text (DocBook's "Table of Contents" of "5.1. Transactions", "5.2. Savepoints", the
    first the next page; or its own first section, then the next page): too few entries
    for an unnamed list (``LEADS_ON_MIN_ITEMS``: a pager's "Next", "Previous" leads on as
    well), but the generator's word and where the list leads say it together. A widget of
    other pages a class names "toc" leads elsewhere (tests/test_extract_manuals7.py)."""
    return _named_toc(lst) and _leads_on(lst, memo)


QUESTIONS_MIN_ENTRIES = LEADS_ON_MIN_ITEMS
"""Entries (terms and definitions alike) of a FAQ's list of questions, at least."""


def _lists_questions(dl: HtmlElement, memo: Anchors | None = None) -> bool:
    """Whether the definition list ``dl`` is a FAQ's list of its questions: every term and
    every definition an entry led by a link (its number at most before it), at least
    ``QUESTIONS_MIN_ENTRIES`` of them, each link to a place on the page itself after the
    list (``_targets_after``). DocBook sets a question-and-answer set's contents so, a list
    a topic, its term the topic and its definitions the topic's questions, none of them
    headings (``_lists_own_sections`` asks for headings) and each list of a topic too
    short for a table of contents by itself. A glossary's definitions are sentences, and a
    list of stories under their topics links other pages."""
    entries = 0
    for item in dl:
        if not isinstance(item.tag, str):
            continue
        if item.tag not in ("dt", "dd") or not _led_by_link(item):
            return False
        entries += 1
    return entries >= QUESTIONS_MIN_ENTRIES and _targets_after(dl, memo) is not None


def _leads_on(lst: HtmlElement, memo: Anchors | None = None) -> bool:
    """Whether the first link of ``lst`` to another page (after the page's own sections) is
    where the page says its document goes on (``<link rel="next">`` in its head) and the
    list comes before the page's prose: a
    section's list of its subsections at its top, the first of them the page after this
    one; not a list of more stories after a story (that starts with the next story)."""
    if not opens_on_next(lst, memo):
        return False
    before = 0
    for anc in (lst, *lst.iterancestors()):
        for sib in anc.itersiblings(preceding=True):
            if isinstance(sib.tag, str):
                before += sum(len(text_content(p).strip()) for p in sib.iter("p"))
                if before > LEADS_ON_MAX_PROSE_BEFORE:
                    return False
    return True


def _subdocuments(lst: HtmlElement, memo: Anchors | None = None) -> bool:
    """Whether ``lst`` lists the page's own sub-documents after the introduction under its
    section's heading: its first link is the page the head names next (``opens_on_next``),
    every link leads down from the page's folder (``_below_page``: "install.html",
    "deployment/index.html"), and what is between the heading and the list is the
    section's introduction (``_introduced``). A part's or a guide's index page says what
    it is about, then lists its pages, each the next one's parent in the document's order
    (Sphinx's toctree after a paragraph: Django's "How-to guides", its "Getting started"
    and its tutorial's parts). More stories after a story have their own heading and
    lead across the site ("/2024/05/other.html", "../other.html"); a list that a
    promotion's label introduces ("Related posts:") is no document's."""
    return opens_on_next(lst, memo) and \
        all(_below_page(a.get("href") or "") for a in lst.iter("a")) and _introduced(lst)


_SCHEME_RE = re.compile(r"^[A-Za-z][\w+.-]*:")


def _below_page(href: str) -> bool:
    """Whether ``href`` is a relative path leading down from the page's folder: no scheme,
    no host, no root, no way up (``../``), no mere fragment or query."""
    path = href.strip()
    return bool(path) and not path.startswith(("/", "#", "?", "../")) and \
        "/../" not in path and _SCHEME_RE.match(path) is None


def _introduced(lst: HtmlElement) -> bool:
    """Whether ``lst`` (with the wrappers holding nothing else) follows its section's
    heading and the section's introduction only: between them no other heading, no other
    list, at least one sentence, and the line just before the list no promotion's label
    ("Related posts:", "Read more")."""
    el = lst
    while (parent := el.getparent()) is not None and not _holds_more(parent) and \
            not (parent.text or "").strip():
        el = parent
    if parent is None:
        return False
    heading = _first_element(parent)
    if heading is None or heading.tag not in _HEADINGS:
        return False
    sentence = False
    last_line = True
    for sib in el.itersiblings(preceding=True):
        if not isinstance(sib.tag, str):
            continue
        if sib is heading or _is_ancestor(sib, heading):
            return sentence
        if next(sib.iter(*_HEADINGS, *LISTS), None) is not None:
            return False
        text = _collapsed_text(sib)
        if text and last_line:  # (the line just before the list)
            if PROMO_LEAD_RE.match(text) is not None:
                return False
            last_line = False
        sentence = sentence or any(_SENTENCE_END_RE.search(_collapsed_text(p))
                                   for p in sib.iter("p"))
    return False


def opens_on_next(lst: HtmlElement, memo: Anchors | None = None) -> bool:
    """Whether the first link of ``lst`` to another page (after the page's own sections) is
    where the page says its document goes on (``<link rel="next">`` in its head)."""
    next_page = lst.getroottree().getroot().get(NEXT_PAGE_ATTR, "").partition("#")[0]
    if not next_page:
        return False
    # (the first link to another page: the list may start with this page's own section)
    first = None
    anchors: set[str] | None = None
    for a in lst.iter("a"):
        fragment = (a.get("href") or "").partition("#")[2]
        if fragment:
            anchors = _page_anchors(lst, memo) if anchors is None else anchors
            if fragment in anchors:
                continue
        first = a
        break
    return first is not None and (first.get("href") or "").partition("#")[0] == next_page


def _lists_itself(lst: HtmlElement, every: bool = False, memo: Anchors | None = None) -> bool:
    """Whether one of the links of ``lst`` leads to an anchor on the page itself
    ("chapter.html#intro" on chapter.html): the list is of the document the page is a part
    of, the page among its chapters. ``every``: each of them does (the list is of the page's
    own parts: a preface's sections)."""
    anchors: set[str] | None = None
    keys: Counter[str] | None = None
    found = False
    for a in lst.iter("a"):
        href = a.get("href") or ""
        fragment = href.partition("#")[2]
        if not fragment:
            if every:
                return False
            continue
        if anchors is None:
            anchors = _page_anchors(lst, memo)
        if fragment in anchors:
            if not every:
                return True
            found = True
        elif every and RESPELLED_OWN and _own_fragment(href):
            # (brief 126: a link of the page's own, ``#...``, to one of its headings as
            # another slugger spells it: see ``_slugs``)
            keys = slug_keys(anchors) if keys is None else keys
            if not respelled(fragment, keys):
                return False
            found = True
        elif every:
            return False
    return found


def _own_fragment(href: str) -> bool:
    """A link to a place of this page and no other: a fragment alone (``#...``; the
    page's own address written whole is made one, ``_urls.as_fragments``)."""
    return href.startswith("#")


RESPELLED_OWN = True
"""(brief 126) A list of the page's own parts may name them as another slugger spells
them: every link ``#...`` (a place on this page, nowhere else), each one of the page's
anchors by its letters and digits, and one only (``_slugs.respelled``). A Markdown page's
"Overview" list, written with GitHub's slugs ("#checking-your-version-of-npm-and-nodejs")
over headings its converter spelled its own way ("Checking-your-version-of-npm-and-Node-js"),
lists the page's sections as much as one spelled alike."""


OWN_SECTIONS_MIN_ITEMS = 2
"""Entries of a list of the page's own sections (see ``_lists_own_sections``)."""


def _lists_own_sections(lst: HtmlElement, memo: Anchors | None = None) -> bool:
    """Whether every link of ``lst`` leads to a heading on the page after the list (the
    heading itself, an anchor in it, or an empty anchor set just before it): the page's
    table of contents however short, a chapter's two subsections listed at its top
    (LaTeX2HTML's "Subsections"). A skip link's list ("Skip to content", "Skip to
    navigation") leads to landmarks, not headings, and a "Back to top" to what is before
    it. Asked only of a short list every link of which is an anchor on the page (see
    ``contents_list``): a walk of the page, once for a pass with ``memo`` (a book on one
    page lists each section's subsections at its top: a walk each is quadratic)."""
    targets = _targets_after(lst, memo)
    return targets is not None and all(_heads_section(e) for e in targets)


def _targets_after(lst: HtmlElement, memo: Anchors | None = None) -> list[HtmlElement] | None:
    """The elements the links of ``lst`` lead to (the first of each id or name), when every
    link leads to an anchor on the page after the list; else None. A walk of the page,
    once for a pass with ``memo``."""
    wanted = {(a.get("href") or "").partition("#")[2] for a in lst.iter("a")}
    top = lst
    while (parent := top.getparent()) is not None:
        top = parent
    order = memo.order.get(top) if memo is not None else None
    if order is None:
        order = _order(top)
        if memo is not None:
            memo.order[top] = order
    first, position = order
    where = position.get(lst)
    if where is None:  # (no list: asked of another block)
        where = next(i for i, e in enumerate(top.iter()) if e is lst)
    targets = []
    for name in wanted:
        # (the first element of that name is the one the link leads to)
        e = first.get(name)
        if e is None or position[e] < where:
            return None
        targets.append(e)
    return targets


Order = tuple[dict[str, HtmlElement], dict[HtmlElement, int]]
"""The first element of each id or name of a tree (its id, else its name), and the
position in the tree's document order of those and of its lists (see ``_order``)."""


def _order(top: HtmlElement) -> Order:
    """The first element of each name in ``top`` and the positions of them and of the
    lists (``LISTS``) in it, in one walk."""
    first: dict[str, HtmlElement] = {}
    position: dict[HtmlElement, int] = {}
    for i, e in enumerate(top.iter()):
        if not isinstance(e.tag, str):
            continue
        name = e.get("id") or e.get("name")
        if e.tag in LISTS:
            position[e] = i
        if name is not None and name not in first:
            first[name] = e
            position[e] = i
    return first, position


def _heads_section(e: HtmlElement) -> bool:
    """Whether ``e`` is a heading, is in one, or is an empty anchor just before one."""
    if e.tag in _HEADINGS or any(p.tag in _HEADINGS for p in e.iterancestors()):
        return True
    following = e.getnext()
    return not _collapsed_text(e) and not (e.tail or "").strip() and \
        following is not None and following.tag in _HEADINGS


class Anchors(dict[tuple[HtmlElement, HtmlElement], set[str]]):
    """The page's anchors (see ``_page_anchors``) by the trees they were collected from, and
    the order of their named elements by tree (see ``_lists_own_sections``)."""

    def __init__(self) -> None:
        super().__init__()
        self.order: dict[HtmlElement, Order] = {}


def _page_anchors(el: HtmlElement, memo: Anchors | None = None) -> set[str]:
    """The ids and names of the page ``el`` is in. ``memo``: the sets collected so far, kept
    while the trees do not change (a pass that asks of every list; else a walk each)."""
    # (content gathered into a new element is no longer under the document's root, which
    # getroottree() still answers: its own top holds the page's anchors too)
    top = el
    while (parent := top.getparent()) is not None:
        top = parent
    key = (el.getroottree().getroot(), top)
    known = memo.get(key) if memo is not None else None
    if known is None:
        known = {v for tree in set(key) for e in tree.iter()
                 if isinstance(e.tag, str) for v in (e.get("id"), e.get("name")) if v}
        if memo is not None:
            memo[key] = known
    return known


_ENTRY_BLOCKS = frozenset(BLOCK_TAGS | {"img", "picture", "time", "video", "iframe"})
"""What a table of contents' entry of one line does not hold."""


ENTRY_NUMBER_RE = re.compile(r"^(?:\d+(?:\.\d+)*\.?|[A-Za-z]\.|[IVXLCivxlc]+\.)$")
"""An entry's number before its link ("3.1.", "A.", "IV."): a numbered table of contents'
(a FAQ's questions, a book's chapters), whatever the generator; a label or a date is
words or has a colon."""


def _led_by_link(item: HtmlElement) -> bool:
    """Whether the first text of ``item`` is a link's, or its number's then a link's."""
    lead = (item.text or "").strip()
    if lead and not ENTRY_NUMBER_RE.match(lead):
        return False
    for el in item.iterdescendants():
        if el.tag == "a":
            return bool("".join(el.itertext()).strip())
        if isinstance(el.tag, str) and (el.text or "").strip():
            return False
        if (el.tail or "").strip():
            return False
    return False
