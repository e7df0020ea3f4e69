"""A listed entry's own card of metadata whose class says chrome: a blog's list of posts
sets under each post's linked title its author, category and tags, in a block the theme
names after the sidebar it also shows them in (ABlog: ``div.ablog-sidebar-item
ablog__postcard2``, "Author: Pelican Category: Release Tag: minor", under each excerpt's
title on the blog's, a year's, a tag's pages). ``_boiler`` dropped it by its "sidebar"
token in every entry, and ``_prune`` as a block of links where the boilerplate pass had
not; the page's real sidebar is outside the entries."""

from __future__ import annotations

from lxml.html import HtmlElement

from ._tree import _HEADINGS

ENTRY_CARDS = True
"""Switch of ``entry_card`` (tests turn it off to see it matter)."""

CARD_MAX_DEPTH = 3
"""How far below its entry the card, or one of its lines, may sit (the line, the card, the
entry's meta list)."""
CARD_MAX_CHARS = 200
"""A card says a few labelled names: an author, a category, some tags."""


def entry_card(el: HtmlElement) -> bool:
    """Whether ``el`` (a block whose class or id says chrome) is a listed entry's card of
    metadata, or one of its lines ("Author: Pelican", whose id says the sidebar's too):
    within ``CARD_MAX_DEPTH`` levels of an entry, the block whose child heading is one
    link to another page of the site, whole (``_linked_title``: the entry's title, linked
    to its post), and
    short (``CARD_MAX_CHARS``), with text beside its links (the labels: "Author:",
    "Tag:"), its links leading within the site (relative: the author's, the category's,
    the tags' pages), or to the page itself (``#``: on a tag's page, that tag), one of
    them within the site at least.

    Guards: a share bar in each entry links out (to the networks, absolute addresses) or
    nowhere (buttons, ``#``: no link within the site), and says no label but the
    networks' names, which are its links; the
    page's sidebar sits beside the entries, in no entry of a linked title; a post's own
    title links to itself or to nothing (``_other_page``)."""
    if not ENTRY_CARDS:
        return False
    parent = el.getparent()
    return _card(el) or (parent is not None and _card(parent))


def _card(el: HtmlElement) -> bool:
    """``entry_card``'s test of one block."""
    said = 0
    for piece in el.itertext():  # (read no further than a card's length: a sidebar is long)
        said += len(piece)
        if said > 4 * CARD_MAX_CHARS:
            return False
    text = "".join("".join(el.itertext()).split())
    if not text or len(text) > CARD_MAX_CHARS:
        return False
    links = list(el.iter("a"))
    if not any(_within_site(a) for a in links) or \
            not all(_within_site(a) or _to_self(a) for a in links):
        return False
    if not _labelled(el, links):
        return False  # (no label beside the links: a menu's separators, "Home | Index")
    node = el
    for _ in range(CARD_MAX_DEPTH):
        parent = node.getparent()
        if parent is None:
            return False
        if any(c is not node and isinstance(c.tag, str) and c.tag in _HEADINGS
               and _linked_title(c) for c in parent):
            return True
        node = parent
    return False


WORD_LABELS = True
"""Whether a card's labels must be words (tests turn it off to see it matter)."""


def _labelled(card: HtmlElement, links: list[HtmlElement]) -> bool:
    """Whether ``card`` says words beside its links (its labels: "Author:", "Tag:"); a
    menu bar under a site's linked name says only separators ("|", "«", "»")."""
    inside = {t for a in links for t in a.iter()}  # (held: the same proxies are met again)
    said = []
    for node in card.iter():
        if node not in inside:
            said.append(node.text or "")
        if node is not card and node.getparent() not in inside:
            said.append(node.tail or "")
    text = "".join(said)
    if not WORD_LABELS:
        return bool("".join(text.split()))
    return any(c.isalpha() for c in text)


LINKED_TITLES_ONLY = True
"""Whether the entry's heading must be its title as one link, whole (tests turn it off)."""


def _linked_title(heading: HtmlElement) -> bool:
    """Whether ``heading`` is an entry's title linked to its page: one link within the
    site, whose text is the heading's whole text (a section's heading with an "[edit]"
    link beside its words is no entry's title: an encyclopaedia's "Main article: ..."
    notes under it are no card)."""
    links = [a for a in heading.iter("a") if _within_site(a)]
    if not LINKED_TITLES_ONLY:
        return bool(links)
    return len(links) == 1 and _words(links[0]) == _words(heading) != ""


def _words(el: HtmlElement) -> str:
    return "".join("".join(el.itertext()).split())


def _to_self(link: HtmlElement) -> bool:
    """Whether ``link`` leads to the page itself (``#``, or none)."""
    return (link.get("href") or "").strip() in ("", "#")


def _within_site(link: HtmlElement) -> bool:
    """Whether ``link`` leads to another page of the site: a relative address, not the
    page's own anchors (``#...``), nor a script or a mail address."""
    href = (link.get("href") or "").strip()
    return bool(href) and not href.startswith(("#", "//", "javascript:", "mailto:")) and \
        ":" not in href.split("/", 1)[0] and href not in (".", "./")
