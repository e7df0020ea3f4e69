"""A page's lead set with its headline above a page of headed parts (brief 125).

A home page's hero (the page's title, a lead paragraph saying what the site is, a button, a
line of facts) over its feature sections, or an author's page (the name, a bio line) over
the list of the author's posts: the scorer chooses the parts below, each headed by its own
heading, and the headline is found above them (``_edges.headline_before``), in a block of
its own that held the lead too, which went with it. That lead is the page's first
paragraph: the parts under it are what it introduces. ``_content._with_name_section`` asks
``lead_over_parts`` to take the block in with the content, and ``_edges._header_block``
leaves the lead it marks (``LEAD_ATTR``) out of the header that goes with the headline.

An article's standfirst over its body stays out as before: the body opens on a paragraph,
not on a heading; a site's banner (a tagline under the site's name in the page's header,
repeated on every page) is a ``header`` or a banner, and its name is no page's headline
but the home page's, where the banner is still a ``header``."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._clean import SITE_NAME_ATTR
from ._text import collapse, text_content
from ._tree import _HEADINGS, _is_ancestor, _short_text

LEAD_OVER_PARTS = True
"""Whether ``lead_over_parts`` takes a lead in (a switch for the tests)."""
LEAD_ATTR = "data-trawl-lead"
"""Set on the lead paragraph taken in: ``_edges._header_block`` stops below it."""
LEAD_MAX_CHARS = 300
"""A lead is a paragraph of at most this much (a sentence or two, no article's text)."""
LEAD_MIN_WORDS = 3
_SENTENCE_END_RE = re.compile(r"[.!?][\"'\u201d\u2019)]?$")
_BANNER_TAGS = frozenset(("header", "nav", "aside", "footer", "form"))
_BANNER_ROLES = frozenset(("banner", "navigation", "complementary", "contentinfo", "search"))
OPENING_READS = 40
"""How many elements of the content are read for the text it opens with."""


def lead_over_parts(block: HtmlElement, headline: HtmlElement,
                    content: HtmlElement, title: str | None = None) -> bool:
    """Whether ``block`` (the wrapper of the ``headline`` set above ``content``, just before
    it) holds a lead that is the page's text: a paragraph of one sentence or two beside the
    headline, while ``content`` opens on a heading of its own (a part's title: a feature's,
    a listed post's). Marks the lead (``LEAD_ATTR``). Guards: a block that is or sits in a
    banner (``_banner``: a site's header and tagline) holds none; a content opening on a
    paragraph (an article's body under its standfirst) takes none (``_opens_on_heading``);
    a headline saying the site's name (``_names_site``: a site-wide hero's, its tagline under
    it, on a page that is not the site's home) has no lead of the page's."""
    if not LEAD_OVER_PARTS or _banner(block) or not _opens_on_heading(content) or \
            _names_site(headline, title):
        return False
    leads = [p for p in block.iter("p") if _lead(p, headline)]
    for p in leads:
        p.set(LEAD_ATTR, "")
    return bool(leads)


def lead_before_parts(block: HtmlElement, headline: HtmlElement,
                      content: HtmlElement, title: str | None = None) -> bool:
    """``lead_over_parts`` for a ``block`` of the headline inside ``content`` (the hero and
    the parts chosen together): whether it holds a lead and what follows it in ``content``
    opens on a heading. ``_edges._header_block`` climbs no further: the lead stays."""
    if not LEAD_OVER_PARTS or _banner(block):
        return False
    node = block
    while node is not content and node.getparent() is not None:
        for sib in node.itersiblings():
            if isinstance(sib.tag, str) and any(t.strip() for t in sib.itertext()):
                return lead_over_parts(block, headline, sib, title)
        node = node.getparent()
    return False


_TITLE_PARTS_RE = re.compile(r"\s+[|\u2013\u2014\u00b7:-]\s+")
"""Where a ``<title>``'s parts meet ("Walks - Quill blog", "Quill blog | Walks")."""
_WORD_RE = re.compile(r"\w+")


def _names_site(headline: HtmlElement, title: str | None) -> bool:
    """Whether ``headline`` says the site's name, not the page's: its words are the name
    the head gives the site (``og:site_name``, ``application-name``: ``_clean`` keeps it on
    the root), or, when the head gives none, the last part of a ``<title>`` of two parts or
    more ("Walks - Quill blog": the page's name, then the site's); or it links to the
    site's root. A home page titled with the site's name alone keeps its lead (its hero's
    tagline is what the home page says first)."""
    words = _WORD_RE.findall(collapse(text_content(headline)).casefold())
    if not words:
        return False
    if any(_root_link(a.get("href") or "") for a in headline.iter("a")):
        return True
    root = headline.getroottree().getroot()
    site = root.get(SITE_NAME_ATTR)
    if site is None:
        parts = _TITLE_PARTS_RE.split(title or "")
        site = parts[-1] if len(parts) > 1 else ""
    return words == _WORD_RE.findall(site.casefold())


def _root_link(href: str) -> bool:
    """Whether ``href`` leads to a site's root ("/", "https://example.org/", "index.html")."""
    href = href.strip().split("#")[0].split("?")[0]
    if "://" in href:
        href = "/" + href.split("://", 1)[1].partition("/")[2]
    return href in ("/", "./", "/index.html", "index.html")


def _lead(p: HtmlElement, headline: HtmlElement) -> bool:
    """A paragraph beside the headline saying a sentence of its own (no link's text alone)."""
    if _is_ancestor(p, headline) or _is_ancestor(headline, p):
        return False
    text = _short_text(p, LEAD_MAX_CHARS)
    if not text or len(text.split()) < LEAD_MIN_WORDS or not _SENTENCE_END_RE.search(text):
        return False
    linked = sum(len(collapse(text_content(a))) for a in p.iter("a"))
    return linked < len(text) / 2


def _banner(block: HtmlElement) -> bool:
    """Whether ``block`` is, holds or sits in a site's banner or navigation (its header,
    menus, a form): the site's tagline, not the page's lead."""
    for el in [block, *block.iterancestors()]:
        if el.tag in _BANNER_TAGS or (el.get("role") or "").strip().lower() in _BANNER_ROLES:
            return True
    return any(el.tag in _BANNER_TAGS for el in block.iterdescendants())


def _opens_on_heading(content: HtmlElement) -> bool:
    """Whether the first text ``content`` says is a heading's (a feature's title, a listed
    post's linked title), not a paragraph's."""
    for i, el in enumerate(content.iter()):
        if i > OPENING_READS:
            return False
        if not isinstance(el.tag, str):
            continue
        if (el.text or "").strip():
            node: HtmlElement | None = el
            while node is not None and node is not content:
                if node.tag in _HEADINGS:
                    return True
                node = node.getparent()
            return False
    return False
