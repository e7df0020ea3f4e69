"""Bottom-up text statistics of a tree (characters of text and of link text, paragraphs...),
measured once per page and kept up to date as passes drop elements."""

from __future__ import annotations

import re
import sys
from typing import NamedTuple

from lxml import etree
from lxml.html import HtmlElement

from ._clean import drop_tree
from ._signals import _class_weight
from ._text import BLOCK_TAGS
from ._tree import _first_element, next_element

CODE_TAGS = frozenset(("code", "pre", "kbd", "samp", "tt", "var"))
"""A link inside code is a name of the code (a type, a function), not a way elsewhere: its
text counts as text, not as link text."""


class _Stats(NamedTuple):
    text: int  # characters of text in the subtree
    links: int  # characters of text inside <a> in the subtree, but inside code
    inline: int  # characters of text of the element's own inline run
    commas: int  # commas in the own inline run
    paragraphs: int  # paragraph-like descendants
    n_p: int  # <p> descendants
    n_img: int  # <img> descendants
    n_li: int  # <li> descendants


# tuple.__new__ builds a _Stats without the Python-level __new__ a NamedTuple call goes
# through: _measure makes one per element, and that call was a tenth of its time.
_new_stats = tuple.__new__

# What an element adds to its parent's _Stats: text (with its tail), links, paragraphs, n_p,
# n_img, n_li, inline, commas (the last two only when it is inline, plus its tail's).
_Contribution = tuple[int, int, int, int, int, int, int, int]


def _tail_counts(el: HtmlElement) -> tuple[int, int]:
    """Characters and commas of ``el``'s stripped tail."""
    tail = el.tail
    if not tail:
        return 0, 0
    tail = tail.strip()
    return len(tail), tail.count(",")


def _contribution(tag: object, st: _Stats, tail_len: int, tail_commas: int) -> _Contribution:
    text, links, inline, commas, paragraphs, n_p, n_img, n_li = st
    if tag in BLOCK_TAGS:
        inline = commas = 0
    return (text + tail_len, links, paragraphs, n_p + (tag == "p"), n_img + (tag == "img"),
            n_li + (tag == "li"), inline + tail_len, commas + tail_commas)


def _own_stats(tag: object, text: str | None, parts: list[_Contribution]) -> _Stats:
    """An element's _Stats from its own text and its children's contributions."""
    own = text.strip() if text else ""
    n_text = inline = len(own)
    commas = own.count(",")
    links = paragraphs = n_p = n_img = n_li = 0
    for c_text, c_links, c_par, c_p, c_img, c_li, c_inline, c_commas in parts:
        n_text += c_text
        links += c_links
        paragraphs += c_par
        n_p += c_p
        n_img += c_img
        n_li += c_li
        inline += c_inline
        commas += c_commas
    if tag == "a":
        links = n_text
    elif tag in CODE_TAGS:
        links = 0
    if inline >= 25 and tag in BLOCK_TAGS:
        paragraphs += 1
    return _new_stats(_Stats, (n_text, links, inline, commas, paragraphs, n_p, n_img, n_li))


def _measure(root: HtmlElement) -> dict[HtmlElement, _Stats]:
    """Bottom-up text statistics for every element (children before parents).

    One pass in reverse document order: every element comes after all of its descendants, and
    its children's contributions (see _contribution, inlined here: this loop is the hottest of
    extraction) are then the top ``len(el)`` entries of a stack, each child having replaced
    its own children's by its one. So no dict look-up per child, and each element's tag, text
    and tail are read once (lxml builds a new string on every access).
    """
    stats: dict[HtmlElement, _Stats] = {}
    stack: list[_Contribution] = []
    push, pop = stack.append, stack.pop
    for el in reversed(list(root.iter())):
        tag = el.tag
        own = el.text
        if own:
            own = own.strip()
            text = inline = len(own)
            commas = own.count(",")
        else:
            text = inline = commas = 0
        n_children = len(el)
        if n_children:
            c_text, links, paragraphs, n_p, n_img, n_li, c_inline, c_commas = pop()
            text += c_text
            inline += c_inline
            commas += c_commas
            for _ in range(n_children - 1):
                c_text, c_links, c_par, c_p, c_img, c_li, c_inline, c_commas = pop()
                text += c_text
                links += c_links
                paragraphs += c_par
                n_p += c_p
                n_img += c_img
                n_li += c_li
                inline += c_inline
                commas += c_commas
        else:
            links = paragraphs = n_p = n_img = n_li = 0
        if tag == "a":
            links = text
        elif tag in CODE_TAGS:
            links = 0
        block = tag in BLOCK_TAGS
        if block and inline >= 25:
            paragraphs += 1
        stats[el] = _new_stats(_Stats, (text, links, inline, commas, paragraphs, n_p, n_img,
                                        n_li))
        # now what it adds to its parent
        tail = el.tail
        if tail:
            tail = tail.strip()
            tail_len = len(tail)
            tail_commas = tail.count(",")
        else:
            tail_len = tail_commas = 0
        if block:
            inline, commas = tail_len, tail_commas
        else:
            inline += tail_len
            commas += tail_commas
        push((text + tail_len, links, paragraphs, n_p + (tag == "p"), n_img + (tag == "img"),
              n_li + (tag == "li"), inline, commas))
    return stats


def _remeasure(stats: dict[HtmlElement, _Stats], root: HtmlElement,
               changed: list[HtmlElement]) -> None:
    """Bring ``stats`` (from ``_measure(root)``) up to date after the children or text of the
    ``changed`` elements changed: only they and their ancestors up to ``root`` are redone."""
    dirty: dict[HtmlElement, int] = {}  # element -> depth below root
    for el in changed:
        chain: list[HtmlElement] = []
        node: HtmlElement | None = el
        while node is not None and node not in dirty:
            chain.append(node)
            if node is root:
                node = None
                break
            node = node.getparent()
        depth = dirty[node] if node is not None else -1
        for anc in reversed(chain):
            depth += 1
            dirty[anc] = depth
    for el in sorted(dirty, key=dirty.__getitem__, reverse=True):  # children first
        stats[el] = _stats_from_children(el, stats)


def _stats_from_children(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> _Stats:
    """``el``'s _Stats from its children's (measured first if ``stats`` lacks them)."""
    for child in el:
        if child not in stats:
            stats.update(_measure(child))
    parts = [_contribution(child.tag, stats[child], *_tail_counts(child)) for child in el]
    return _own_stats(el.tag, el.text, parts)


def _link_density(st: _Stats) -> float:
    return st.links / st.text if st.text else 0.0


def _drop_all(doomed: list[HtmlElement]) -> list[HtmlElement]:
    """Drop the doomed elements (those under another doomed one go with it); the parents
    they were dropped from, whose text and children changed."""
    doomed_set = set(doomed)
    parents: list[HtmlElement] = []
    for el in doomed:
        # skip elements whose ancestor is already gone
        parent = el.getparent()
        skip = False
        while parent is not None:
            if parent in doomed_set:
                skip = True
                break
            parent = parent.getparent()
        if not skip:
            parent = el.getparent()
            if parent is not None:
                parents.append(parent)
                drop_tree(el)
    return parents


def _removed_text(doomed: list[HtmlElement], stats: dict[HtmlElement, _Stats]) -> int:
    doomed_set = set(doomed)
    total = 0
    for el in doomed:
        parent = el.getparent()
        nested = False
        while parent is not None:
            if parent in doomed_set:
                nested = True
                break
            parent = parent.getparent()
        if not nested:
            total += stats[el].text
    return total


REFERENCE_ROW_CHARS = 10
"""A table row with this much text besides its links describes what it links to."""
REFERENCE_ROWS_SHARE = 1 / 3
"""At least this share of a reference table's rows describe what they link to."""


def reference_table(table: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """A table of names and what they are (an API's members, functions and their
    parameters): many rows say something besides their links (some are only a name: a
    constructor, an inherited member). A table of links is all links."""
    rows = [r for r in table.iter("tr") if r in stats and stats[r].text]
    described = sum(1 for r in rows if stats[r].text - stats[r].links >= REFERENCE_ROW_CHARS
                    or _typed_name(r, stats))
    if bool(rows) and REFERENCE_ROWS_SHARE * len(rows) <= described:
        return True
    # a table whose header names its columns ("Member | Description") is data: a row that
    # is only its linked name is an entry not described (a class's operators), when the
    # table has described rows too; a table of links has no such header
    return described >= REFERENCE_MIN_DESCRIBED and _named_columns(table) and all(
        stats[r].links == stats[r].text or stats[r].text - stats[r].links >= REFERENCE_ROW_CHARS
        or _typed_name(r, stats) or r.find("th") is not None for r in rows)


REFERENCE_MIN_DESCRIBED = 3
"""Rows that describe what they link to, at least, in a table with named columns."""


def _named_columns(table: HtmlElement) -> bool:
    """Whether ``table``'s header (``thead``) is a row of two cells or more, each a
    ``th`` with a word or two and no link: its columns' names."""
    head = next((h for h in table.iter("thead")), None)
    row = head.find("tr") if head is not None else None
    if row is None:
        return False
    cells = [c for c in row if isinstance(c.tag, str)]
    return len(cells) >= 2 and all(c.tag == "th" and c.find(".//a") is None and
                                   0 < len("".join(c.itertext()).split()) <= 2 for c in cells)


def _typed_name(row: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``row`` is a name and what it is, in cells of their own: the name linked and
    an API's (see ``_named``), what it is no link and type-like (a function table's
    "void | gtk_widget_show ()"; a navigation bar's "Prev | Home | Next" links words to
    pages)."""
    cells = [c for c in row if c.tag in ("td", "th") and c in stats and stats[c].text]
    return len(cells) >= 2 and any(not stats[c].links and _type_like(c) for c in cells) \
        and any(_named(a) for c in cells for a in c.iter("a"))


def _named(a: HtmlElement) -> bool:
    """Whether the link ``a`` is an API's name: it says one (see ``_TYPED_NAME_RE``) or
    leads to a place on a page (a member's details: "GtkEntry.html#GtkEntry-activate")."""
    return bool((a.get("href") or "").partition("#")[2]) or \
        _TYPED_NAME_RE.search("".join(a.itertext())) is not None


NAME_RE = re.compile(r"::|\(\)|\w[._]\w")
"""What a name in an API has and a word does not: a scope, a call, a dot or an
underscore inside it."""
_TYPED_NAME_RE = re.compile(NAME_RE.pattern + r"|[a-z][A-Z]")
"""... or, beside its type, a capital inside it (``GtkWidget``)."""


TYPE_MAX_WORDS = 3
_DIGIT_RE = re.compile(r"\d")


def _type_like(cell: HtmlElement) -> bool:
    """Whether ``cell`` reads as a type: a few words, no number (a date, a count, a price
    is what a row of links to stories has)."""
    text = "".join(cell.itertext())
    return len(text.split()) <= TYPE_MAX_WORDS and _DIGIT_RE.search(text) is None


INDEX_TERM_MAX_CHARS = 80
"""The longest term an index's item names before its links; longer is a sentence."""
_TERM_RE = re.compile(r"\w\w")
_WORD_RE = re.compile(r"\w")


def index_list(el: HtmlElement) -> bool:
    """An index: a list whose every item names a term of its own (text, not a link)
    before the links to where it is ("join() : AbstractThread", "NOATOM : windowsh.h").
    A list of links has nothing of its own before its links (a number at most).

    The term may stand in a paragraph of its own over the list of where it is (see
    ``_term_block``); such terms are in alphabetical order, as an index's are: a block of
    link lists under labels ("Popular", "Latest") is not."""
    if el.tag not in ("ul", "ol"):
        return False
    initials: list[str] = []
    for li in el:
        if not isinstance(li.tag, str):
            continue
        if li.tag != "li" or li.find(".//a") is None:
            return False
        term, pattern = (li.text or "").strip(), _TERM_RE
        if not term:  # (a term set apart may be a letter: a parameter's name, "p")
            block = _term_block(li)
            term = "" if block is None else " ".join("".join(block.itertext()).split())
            initials.append(term[:1].casefold())
            pattern = _WORD_RE
        if not term or len(term) > INDEX_TERM_MAX_CHARS or pattern.search(term) is None:
            return False
    return initials == sorted(initials) and el.find("li") is not None


def _term_block(li: HtmlElement) -> HtmlElement | None:
    """The paragraph an index's item opens with when it sets its term apart, no link in
    it, over a list of where the term is said (``<li><p>bad_alloc</p><div><ul>...``)."""
    first = next((c for c in li if isinstance(c.tag, str)), None)
    if first is None or first.tag != "p" or first.find(".//a") is not None:
        return None
    after = next_element(first)
    if after is None or not (after.tag in ("ul", "ol") or after.find("ul") is not None
                             or after.find("ol") is not None):
        return None
    return first


def index_subentries(el: HtmlElement) -> bool:
    """Whether the list ``el`` is where an index's term is said: a list of links in an
    item of an index (see ``index_list``), under the item's term."""
    parent = el.getparent()
    for _ in range(2):
        if parent is None:
            return False
        if parent.tag == "li":
            index = parent.getparent()
            return index is not None and index_list(index)
        parent = parent.getparent()
    return False


def index_terms(el: HtmlElement) -> bool:
    """An index set as a definition list: every term (``dt``) is a word or phrase of its
    own, no link, and is followed by its ``dd`` (a subentries' list among them) whose links
    each go to a place on a page (``page.html#123``): where the term is said. A footer's
    menu set so ("Company": "About", "Careers") heads links to pages, not places in them."""
    if el.tag != "dl":
        return False
    terms = 0
    pending = False  # a term waiting for its dd
    for item in el:
        if not isinstance(item.tag, str):
            continue
        if item.tag == "dt":
            term = " ".join("".join(item.itertext()).split())
            if pending or not term or len(term) > INDEX_TERM_MAX_CHARS or \
                    _TERM_RE.search(term) is None or item.find(".//a") is not None:
                return False
            pending, terms = True, terms + 1
        elif item.tag == "dd":
            links = list(item.iter("a"))
            if not pending or not links or not all(_to_a_place(a) for a in links):
                return False
            pending = False
        else:
            return False
    return terms > 0 and not pending


def _to_a_place(link: HtmlElement) -> bool:
    """The link goes to a place on a page (its ``href`` has a fragment)."""
    return bool((link.get("href") or "").partition("#")[2])


TEXT_RUN_SHARE = 0.3
TEXT_RUN_MIN_CHARS = 25
"""A run of inline text at least this much (share, characters) outside its links is text
with links in it (a sentence, a function's signature), not a list of links."""


def _holds_block(el: HtmlElement) -> bool:
    # (asked of links: most hold nothing or a few inline elements. A loop over those is a
    # tenth of the time of iterdescendants(*BLOCK_TAGS), whose matcher of 45 names lxml
    # builds anew on every call)
    if not len(el):
        return False
    return any(d.tag in BLOCK_TAGS for d in el.iterdescendants())


def listed_links(el: HtmlElement, stats: dict[HtmlElement, _Stats],
                  listed: dict[HtmlElement, int]) -> dict[HtmlElement, int]:
    """``listed`` updated with, for ``el`` and the blocks under it, their link text that
    stands as a list of links: not in a run of text (``TEXT_RUN_SHARE``), not in a
    reference table (and not in code: ``_Stats.links`` leaves that out)."""
    if el in listed:
        return listed
    # (what a block's value reads, its block children's values, is all in ``listed`` below
    # a block already there: the walk that put it there went through its subtree first; so
    # a child of ``el`` already listed is passed over whole, not element by element)
    walk: list[HtmlElement] = []
    for child in el:
        if child not in listed:
            walk.extend(child.iter())
    walk.reverse()  # children before their parents
    walk.append(el)
    for e in walk:
        tag = e.tag
        if tag not in BLOCK_TAGS and (e is not el or not isinstance(tag, str)):
            continue  # (an inline element is a part of its block's run, but when asked of)
        if e in listed:
            continue
        # (a listing's links are names in code)
        if (tag == "table" and e in stats and reference_table(e, stats)) or \
                (tag in _INDEX_TAGS and index_list(e)) or tag in CODE_TAGS:
            listed[e] = 0
            continue
        total = 0
        text = e.text
        run_text = len(text.strip()) if text else 0
        run_links = 0
        for child in e:
            ctag = child.tag  # (read once: lxml makes a new string on every read)
            if ctag in BLOCK_TAGS:  # (a comment's tag is a function: in no set of names)
                total += listed.get(child, 0)
            else:
                cst = stats.get(child)
                if cst is not None:
                    if ctag == "a" and _holds_block(child):
                        total += cst.links  # a link around a block: a block of a link
                    else:
                        run_text += cst.text
                        run_links += cst.links
            tail = child.tail
            if tail:
                run_text += len(tail.strip())
        words = run_text - run_links
        if words < TEXT_RUN_MIN_CHARS or words < TEXT_RUN_SHARE * run_text:
            total += run_links
        listed[e] = total
    return listed


_INDEX_TAGS = frozenset(("ul", "ol"))
"""The tags of an index (``index_list`` asks its tag first: asked of every block walked)."""


CHROME = etree.XPath(
    ".//nav | .//aside | .//*[@role='navigation' or @role='banner' or @role='contentinfo'"
    " or @role='complementary' or @role='search']"
    " | .//header[not(ancestor::article or ancestor::main or ancestor::section)]"
    " | .//footer[not(ancestor::article or ancestor::main or ancestor::section)]")
"""A page's navigation chrome: nav, asides, page headers and footers, their ARIA roles."""


class TextSize(NamedTuple):
    """Characters of text (each text node stripped, as ``_Stats.text``) and of link text."""

    text: int
    links: int


def text_size(el: HtmlElement) -> TextSize:
    """The size of ``el``'s text (its tail left out), measured as ``_measure`` does."""
    # the links inside code found from the code elements down (a page's few), not from
    # every link up through its ancestors
    in_code = {a for code in el.iter(*CODE_TAGS) for a in code.iter("a")}
    return TextSize(_tree_chars(el), sum(
        _subtree_chars(a) for a in el.iter("a")
        if not (a in in_code or (a is el and _in_code(a, el)))))


def _in_code(a: HtmlElement, root: HtmlElement) -> bool:
    for anc in a.iterancestors():
        if anc.tag in CODE_TAGS:
            return True
        if anc is root:
            return False
    return False


_TEXT_NODES = etree.XPath("descendant::text()", smart_strings=False)
"""The text nodes under an element (its text, its descendants' text and tails; not its own
tail) as plain strings: no element proxy per descendant, no attribute read per text."""


def _subtree_chars(el: HtmlElement) -> int:
    """``el``'s characters of text, each text node stripped (a link's: a few nodes)."""
    text = el.text
    size = len(text.strip()) if text else 0
    if not len(el):  # (most links: no iterator to build)
        return size
    for node in el.iterdescendants():
        text, tail = node.text, node.tail
        if text:
            size += len(text.strip())
        if tail:
            size += len(tail.strip())
    return size


def _tree_chars(el: HtmlElement) -> int:
    """``_subtree_chars(el)`` of a large subtree: half the time (the texts come as one list,
    in libxml2's document order, without an element proxy per node)."""
    return sum(map(len, map(str.strip, _TEXT_NODES(el))))


def chrome_text(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> int:
    """How much of ``el``'s text its classes call chrome: all of it when its own class
    does, else what its descendants' classes do (a layout table around a footer: the
    ``div.copyright-footer`` in a table's cell, BoostBook's): its text less the text
    outside chrome (``text_outside_chrome``, walked whole)."""
    if not isinstance(el.tag, str) or el not in stats:
        return 0
    return stats[el].text - text_outside_chrome(el, stats, sys.maxsize)


_TITLED_TAGS = frozenset(("section", "article"))


def titled_by_h1(el: HtmlElement) -> bool:
    """Whether ``el`` is a ``section`` or ``article`` whose first element is an ``h1``: the
    page's text under its title, not chrome, though a class word weighs against it (a
    converter's "authors" in the class of every section: "ltx_authors_1line", a layout
    word that the class weighting reads as a byline's). A byline, a footer or a comments
    block does not open with the page's top heading; a section of comments headed by an
    ``h2`` stays chrome by its class."""
    if el.tag not in _TITLED_TAGS:
        return False
    first = _first_element(el)
    return first is not None and first.tag == "h1"


def text_outside_chrome(el: HtmlElement, stats: dict[HtmlElement, _Stats], budget: int) -> int:
    """How much of ``el``'s text lies outside the parts its classes call chrome (see
    ``chrome_text``), counted only until past ``budget``: a block of prose is past it at
    its first paragraph, and its subtree is not walked. A section titled by the page's
    top heading (``titled_by_h1``) is the page's text, whatever its class weighs."""
    if not isinstance(el.tag, str) or el not in stats or not stats[el].text or \
            (_class_weight(el) < 0 and not titled_by_h1(el)):
        return 0
    total = max(0, stats[el].text - sum(stats[c].text for c in el if c in stats))
    for child in el:
        if total > budget:
            break
        total += text_outside_chrome(child, stats, budget - total)
    return total

