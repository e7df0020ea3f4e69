"""What an element's tag, class, id and role say about it: what its class and id tokens
and its id say joined (``_kinds``, ``_class_weight``; the tokens are ``_tokens``', the id's
reading ``_ids``'), boilerplate roles and tags, sections alike, teasers, tables of the
page's contents, promotions and ad labels.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lxml.html import HtmlElement

from ._ids import _component_id
from ._text import text_content, words
from ._tokens import _NO_KINDS, _class_weight_of, _either, _Kinds, _kinds_of, _plain_id
from ._tree import _HEADINGS, _collapsed_text, _first_element, _short_text

_BOILER_ROLES = words(
    "navigation banner contentinfo complementary menu menubar dialog alertdialog search toolbar"
)
_BOILER_TAGS = frozenset(("nav", "aside", "footer", "header"))
_PARAGRAPH_TAGS = frozenset(("p", "pre", "td", "blockquote"))
_NOT_PARAGRAPHS = words("li h1 h2 h3 h4 h5 h6 th dt figcaption")


def _kinds(el: HtmlElement) -> _Kinds:
    cls, ident = el.get("class"), el.get("id")
    if not cls and not ident:  # most elements: skip the concatenation and the cache
        return _NO_KINDS
    # (an id of no kind that ``_component_id`` gives back whole or not at all adds nothing
    # either way: it is not read)
    own = _component_id(el, ident) if ident and \
        not (_plain_id(ident) and _kinds_of(ident) == _NO_KINDS) else None
    if not own:
        return _kinds_of(cls) if cls else _NO_KINDS
    # (the class's and the id's kinds apart, each cached: a class recurs on many elements,
    # and ``_component_id`` has read the id's already; a token is one part's, so the
    # union's kinds are the two's, either)
    return _either(_kinds_of(cls), _kinds_of(own)) if cls else _kinds_of(own)


def _boiler_kinds(el: HtmlElement) -> _Kinds:
    """``_kinds(el)`` when it may say boilerplate (a strong or a boilerplate token), else
    ``_NO_KINDS``: asked of every element by the boilerplate pass, which reads the other
    families only of those. A class of neither with a plain id (``_plain_id``: "main",
    "article-body", a content block's) says neither whatever the id is read as, and the
    id's reading (``_component_id``: its heading, its ancestors) is not made."""
    cls, ident = el.get("class"), el.get("id")
    if cls:
        kinds = _kinds_of(cls)
        if kinds.boiler or kinds.strong:
            return _kinds(el)
    if not ident or _plain_id(ident):
        return _NO_KINDS
    return _kinds(el)


def _class_weight(el: HtmlElement) -> float:
    ident = el.get("id")
    return _class_weight_of(el.get("class"), _component_id(el, ident) if ident else None)


_SENTENCE_END_RE = re.compile(r"[.:!?][\"'”’)]?\s*$")


def section_alike(section: HtmlElement) -> bool:
    """Whether ``section`` is one of a document's sections alike: it starts with a heading,
    it is no boilerplate by its class, and a sibling of its tag (a ``div`` with a class, or
    a ``<section>``) starts with a heading of the same rank (a reference entry's "Synopsis",
    "Description", "See also"); a sibling of its class too when the heading is a
    promotion's ("Related information" among a reference's sections, not "Related
    articles" after a story's). What such a section holds is the document's, however short
    or linked."""
    first = _first_element(section)
    if first is None or first.tag not in _HEADINGS:
        return False
    parent, cls = section.getparent(), section.get("class")
    if parent is None or not (cls or section.tag == "section") or _kinds(section).boiler:
        return False
    promo = promo_heading(first)
    for sib in parent:
        if sib is not section and sib.tag == section.tag and \
                (not promo or sib.get("class") == cls):
            head = _first_element(sib)
            if head is not None and head.tag == first.tag:
                return True
    return not promo and cls is not None and _cousin_alike(section, parent, cls, first.tag)


def _cousin_alike(section: HtmlElement, parent: HtmlElement, cls: str, rank: str) -> bool:
    """Whether a section of ``section``'s tag and class ``cls``, headed at ``rank``, opens
    a block in one of its parent's siblings alike (of the parent's tag and class): an API
    entry's one subsection ("Returns" under a constructor's entry), whose entry's
    neighbour has its own ("Parameters" under the next function's). The reference's
    entries are alike, and so are their parts, though each entry holds one."""
    grand, kind = parent.getparent(), parent.get("class")
    if grand is None or not kind:
        return False
    for aunt in grand:
        if aunt is parent or aunt.tag != parent.tag or aunt.get("class") != kind:
            continue
        for cousin in aunt:
            if cousin.tag == section.tag and cousin.get("class") == cls:
                head = _first_element(cousin)
                if head is not None and head.tag == rank:
                    return True
    return False



def _admonition(el: HtmlElement) -> bool:
    """A note, warning or "See also" box: content even when it is all links."""
    cls, ident = el.get("class"), el.get("id")
    if cls and _kinds_of(cls).admonition:
        return True
    # (a plain id, ``_plain_id``, of no admonition's token adds none, however it is read)
    if not ident or (_plain_id(ident) and not _kinds_of(ident).admonition):
        return False
    return _kinds(el).admonition



TEASER_MAX_CHARS = 500
"""A teaser (another page's headline and summary) is shorter than this."""
TEASERS_MIN = 3
"""Teasers alike that make a list of other stories."""


def teasers(el: HtmlElement) -> bool:
    """Whether ``el`` is a list of teasers: at least ``TEASERS_MIN`` children of one kind,
    most of them a short block headed by a link to another page (a headline and its
    summary)."""
    children = [c for c in el if isinstance(c.tag, str)]
    if len(children) < TEASERS_MIN:
        return False
    kinds: dict[tuple[object, str | None], int] = {}
    for c in children:
        key = (c.tag, c.get("class"))
        kinds[key] = kinds.get(key, 0) + 1
    key, count = max(kinds.items(), key=lambda kv: kv[1])
    if count < TEASERS_MIN or 3 * count < 2 * len(children):
        return False
    alike = [c for c in children if (c.tag, c.get("class")) == key]
    return sum(1 for c in alike if _teaser(c)) * 3 >= 2 * len(alike)


def to_other_page(a: HtmlElement) -> bool:
    """Whether the link ``a`` leads to another page: an ``href`` that is no fragment of this
    one (a heading's own anchor, a self-link, a table of contents' entry)."""
    return not (a.get("href") or "#").startswith("#")


def _teaser(el: HtmlElement) -> bool:
    text = _short_text(el, TEASER_MAX_CHARS)
    if not text:
        return False
    heading = next(el.iter(*_HEADINGS), None)
    if heading is None:
        return False
    links = [a for a in heading.iter("a") if to_other_page(a)]
    linked = sum(len(_collapsed_text(a)) for a in links)
    return bool(links) and 2 * linked > len(_collapsed_text(heading))


CONTENTS_MIN_LINKS = 3
"""Links to places on the page that make a table of its contents (one is a skip link)."""


def page_contents(el: HtmlElement) -> bool:
    """Whether ``el`` links only to places on the page itself (``#...``), several of them:
    a table of its contents, not a way to other pages; links elsewhere only in the titles
    of its entries (``_in_entry_title``)."""
    # (read as met, up to the first link elsewhere: a site's menu says so by its first)
    count = 0
    for a in el.iter("a"):
        if not ((a.get("href") or "").startswith("#") or _in_entry_title(a)):
            return False
        count += 1
    return count >= CONTENTS_MIN_LINKS


def _in_entry_title(a: HtmlElement) -> bool:
    """Whether the link ``a`` is part of a table of contents' entry's title: its entry (the
    nearest ``p`` or ``li`` above it) opens with a link to a place the page has (an element
    of that ``id``). A section's heading may name items, each linked to its reference
    ("Diamond inheritance between pytest.Collector and pytest.Item"); HTML nests no link in
    another, so the entry's link to its section ends where the first of those begins, and
    they follow it. A menu's toggle (``href="#"``, no place) with other pages' links after
    it is no entry."""
    entry = next(a.iterancestors("p", "li"), None)
    first = entry.find(".//a") if entry is not None else None
    if first is None or first is a:
        return False
    place = (first.get("href") or "")[1:] if (first.get("href") or "").startswith("#") else ""
    return bool(place) and bool(a.getroottree().getroot().xpath("//*[@id=$p]", p=place))


PROMO_LEAD_RE = re.compile(
    r"^\W*(read more|read also|also read|see more|see also|more on this|related|recommended|"
    r"don.?t miss|also on|watch|listen|must read|trending)\b", re.I)
"""How an in-text promotion of other stories starts ("Read more: ...", "DON'T MISS")."""
PROMO_HEADING_MAX_CHARS = 300


def promo_heading(heading: HtmlElement) -> bool:
    """Whether ``heading`` is a promotion's ("More on this story", "Related")."""
    text = _short_text(heading, PROMO_HEADING_MAX_CHARS)
    return text is not None and PROMO_LEAD_RE.match(text) is not None


_AD_LABEL_RE = re.compile(
    r"^(advert|advertisement|advertising|ad|ads|sponsored|sponsored content|anzeige|"
    r"publicit[eé]|werbung|story continues below|continue reading below|"
    r"article continues below|scroll to continue|related)\W*$",
    re.I,
)


@lru_cache(maxsize=8192)
def _is_ad_label(raw: str) -> bool:
    # cached: short texts (a code listing's names and operators) repeat all over a page
    return _AD_LABEL_RE.match(" ".join(raw.split())) is not None


def _shows_address(a: HtmlElement) -> bool:
    """Whether the link's text is its own address (less the scheme and a final "/")."""
    href = (a.get("href") or "").strip()
    text = text_content(a).strip()
    if not text or not href.startswith(("http://", "https://")):
        return False
    return _bare_address(text) == _bare_address(href)


def _bare_address(url: str) -> str:
    return url.split("://", 1)[-1].rstrip("/").lower()
