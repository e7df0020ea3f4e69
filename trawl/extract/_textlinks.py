"""Lists of links the text sets among its own paragraphs: a document's pointers, not a
promotion.

Two shapes a reader knows as the document's own words (each list's items a link and
nothing else, so prune's measure takes it for a menu):

- ``documents_in_text``: a list of the project's other documents between two paragraphs
  of a section ("For some platforms, the installation instructions are amended by a
  platform specific document." over "Notes for UNIX-like platforms", "Notes on Perl"...,
  then the text goes on), each linked by an address relative to the page
  (``NOTES-UNIX.md``, ``install.html``), as a converter of a project's own files writes
  them. A story's in-text list of other stories links them by their absolute or
  site-rooted addresses (``/news/2024/...``), and a "Related" list closes a story: no
  paragraph of its text after it.
- ``outside_references``: a list after a "See also:" label whose every link leads to a
  page of another site, the sites several ("Chromium issue 536263: [meta] Issues affecting
  Bootstrap", "Mozilla bug 1230801: ...", "WebKit bug 159753: ..."): the works the text
  refers its reader to. A story's "See also:" list promotes the site's own stories, all on
  one host (or site-rooted), and a "Follow us:" list of profiles says no "See also".
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from lxml.html import HtmlElement

from ._readinglist import _chrome_label
from ._signals import PROMO_LEAD_RE
from ._tree import _HEADINGS, _collapsed_text, _empty_anchor

_LISTS = frozenset(("ul", "ol"))
PROSE_MIN_WORDS = 6
"""A paragraph of the text around the list says a sentence of this many words at least."""
_SENTENCE_END = (".", ":", "!", "?")
_SEE_ALSO_LABEL_RE = re.compile(r"\W*see\s+also\s*:\s*", re.I)
"""A label of nothing but "See also:"."""
LINK_TITLE_MIN_WORDS = 2.5
"""A list of documents' links are titles of a few words on average ("Notes for UNIX-like
platforms", "Chromium issue 536263: ..."); a profile's or a menu's are names ("Twitter",
"Docs")."""
TITLE_MIN_WORDS = 2
"""Words of a document's title, at least ("Implicit Sharing")."""
REFERENCE_MIN_HOSTS = 2
"""Outside references lead to several sites at least; a promotion's to its own one."""


def documents_in_text(el: HtmlElement) -> bool:
    """Whether ``el`` is a list of links to the project's documents set in the text: each
    item a link and nothing else, a title (``_titles``: a site's menu of a word or two an
    entry, set between two paragraphs, is no list of documents), a paragraph of prose
    right before it (``_prose``) and more of the document right after it
    (``_text_goes_on``: a story's closing list ends it), every link by a relative address
    (``_relative_documents``)."""
    if el.tag not in _LISTS:
        return False
    links = _item_links(el)
    if not links or not _prose(_sibling(el, -1)) or not _text_goes_on(_sibling(el, 1)):
        return False
    return _titles(links) and _relative_documents(links)


def outside_references(el: HtmlElement) -> bool:
    """Whether ``el`` is a list of outside references under a "See also:" label (the
    paragraph right before it, nothing else): each item a link and nothing else, a title
    (``_titles``), to a page of another site (``_several_sites``)."""
    if el.tag not in _LISTS:
        return False
    label = _sibling(el, -1)
    if label is None or label.tag != "p" or \
            _SEE_ALSO_LABEL_RE.fullmatch(_collapsed_text(label)) is None:
        return False
    links = _item_links(el)
    return bool(links) and _titles(links) and _several_sites(links)


def groups_introduced(el: HtmlElement) -> bool:
    """Whether ``el`` is a list under a heading of a group that a sentence introduces: the
    paragraph before the first of a run of headings of one rank, each over one list, ends
    with a colon and says what the groups are ("The JSDoc community has created templates
    and other tools ... Here are a few of them:", then "Templates", "Build tools", "Other
    tools", each over its list), as a paragraph does of the list right after it
    (``_kept._introduced``).

    Guard: a heading that says chrome ("Related", "Popular", "Tags", "Follow us":
    ``_readinglist._chrome_label``) heads no group of the text; a story's sign-off
    ("Thanks for reading:") is a promotion's lead or says too little (``_intro``)."""
    if el.tag not in _LISTS:
        return False
    heading = _sibling(el, -1)
    if heading is None or heading.tag not in _HEADINGS:
        return False
    node: HtmlElement | None = heading
    for _ in range(GROUPS_MAX):
        if node is None or node.tag != heading.tag or _chrome_heading(node):
            return False
        before = _sibling(node, -1)
        if before is None or before.tag not in _LISTS:
            return _intro(before)
        node = _sibling(before, -1)
    return False


GROUPS_MAX = 8
"""Groups a sentence introduces, at most, walked back from one of them."""
INTRO_MIN_WORDS = 5
"""Words of its own a sentence introducing the groups says, at least."""


def _chrome_heading(heading: HtmlElement) -> bool:
    """Whether the heading says chrome's words (``_readinglist._chrome_label``)."""
    return _chrome_label(_collapsed_text(heading))


def _intro(p: HtmlElement | None) -> bool:
    """Whether ``p`` is a paragraph introducing what follows: it ends with a colon, says
    ``INTRO_MIN_WORDS`` words of its own at least, more than its links', and opens as no
    promotion does ("Read more:", "Related:")."""
    if p is None or p.tag != "p":
        return False
    text = _collapsed_text(p)
    linked = sum(len(_collapsed_text(a).split()) for a in p.iter("a"))
    own = len(text.split()) - linked
    return text.endswith(":") and own >= INTRO_MIN_WORDS and linked < own and \
        PROMO_LEAD_RE.match(text) is None


def _titles(links: list[HtmlElement]) -> bool:
    """Whether the links are titles: ``TITLE_MIN_WORDS`` words each at least, and
    ``LINK_TITLE_MIN_WORDS`` on average ("Container Classes", "Serializing Qt Data
    Types", "Implicit Sharing"): a menu's entries ("News", "Sport", "Docs") and a
    profile's ("Twitter") are a word or two."""
    counts = [len(_collapsed_text(a).split()) for a in links]
    return min(counts) >= TITLE_MIN_WORDS and sum(counts) >= LINK_TITLE_MIN_WORDS * len(counts)


def _item_links(el: HtmlElement) -> list[HtmlElement]:
    """The links of the list ``el`` whose items are each one link and nothing else, or a
    title left unlinked (fewer of them than of links: a cross-reference the generator
    could not resolve, "How to Create Qt Plugins"); none when an item says more, or most
    hold no link."""
    links: list[HtmlElement] = []
    bare = 0
    for item in el:
        if not isinstance(item.tag, str):
            continue
        if item.tag != "li" or len(item):
            found = item.findall(".//a")
            if item.tag != "li" or len(found) != 1 or \
                    _collapsed_text(found[0]) != _collapsed_text(item):
                return []
            links.append(found[0])
        elif len(_collapsed_text(item).split()) >= TITLE_MIN_WORDS:
            bare += 1  # (an item of text alone, no element in it)
        else:
            return []
    return links if bare < len(links) else []


def _text_goes_on(block: HtmlElement | None) -> bool:
    """Whether ``block``, right after a list, is more of the document: a paragraph of
    prose (``_prose``) or the heading of its next section."""
    return block is not None and (block.tag in _HEADINGS or _prose(block))


def _sibling(el: HtmlElement, step: int) -> HtmlElement | None:
    """The element right before (``step`` -1) or after (1) ``el``, past empty anchors (a
    place's name, ``<a name="reference"></a>``, set before its section's heading)."""
    node = el.getprevious() if step < 0 else el.getnext()
    while node is not None and (not isinstance(node.tag, str) or _empty_anchor(node)):
        node = node.getprevious() if step < 0 else node.getnext()
    return node


def _prose(p: HtmlElement | None) -> bool:
    """Whether ``p`` is a paragraph of the text: a sentence of ``PROSE_MIN_WORDS`` words or
    more, ending as a sentence does, more words of its own than of its links, no
    promotion's lead ("Read more:")."""
    if p is None or p.tag != "p":
        return False
    text = _collapsed_text(p)
    said = len(text.split())
    linked = sum(len(_collapsed_text(a).split()) for a in p.iter("a"))
    return said >= PROSE_MIN_WORDS and text.endswith(_SENTENCE_END) and \
        2 * linked < said and PROMO_LEAD_RE.match(text) is None


def _relative_documents(links: list[HtmlElement]) -> bool:
    """Whether every link leads to a document by an address relative to the page: no
    scheme, no host, not rooted at the site's top, not a place on this page."""
    for a in links:
        href = (a.get("href") or "").strip()
        parts = urlsplit(href)
        if not parts.path or parts.scheme or parts.netloc or href.startswith("/"):
            return False
    return True


def _several_sites(links: list[HtmlElement]) -> bool:
    """Whether every link leads to a page of a site by its absolute address, the sites
    ``REFERENCE_MIN_HOSTS`` at least and no one of them most of the links: another
    site's pages, not the site's own stories (one host)."""
    hosts: dict[str, int] = {}
    for a in links:
        parts = urlsplit((a.get("href") or "").strip())
        if parts.scheme not in ("http", "https") or not parts.netloc:
            return False
        host = parts.netloc.lower()
        hosts[host] = hosts.get(host, 0) + 1
    return len(hosts) >= REFERENCE_MIN_HOSTS and 2 * max(hosts.values()) <= len(links)
