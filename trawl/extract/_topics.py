"""A guide's topics: a list of the site's pages, each a link and a line saying what the page
is about, is a help guide's content, not a menu of links.

A help system's guide page (GNOME's help through yelp-xsl, a manual's landing page) says
little of its own: a line of introduction, then its topics, grouped under headings, each
topic a link to its page and a description ("Add a new user account — Add new users so that
other people can log in to the computer."), set as a list item (the link, then its
description) or as a card (the link wrapping both). Their links are most of the text, so
prune took them for a menu and the climb stopped at the introduction: a guide lost its
every topic (user-accounts.html 25 %).

A list of other stories with their summaries has the same shape; it is set under a
promotion's heading ("Related posts", "Read more"), or holds pictures and dates (teasers),
or follows a story longer than a guide's introduction: those stay out.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._signals import promo_heading, to_other_page
from ._stats import _Stats
from ._tree import _HEADINGS, _collapsed_text, opening_heading

TOPIC_DESCRIPTION_MIN_WORDS = 3
"""A topic's description says this many words at least ("Use longer, more complicated
passwords."); a menu's counts and labels ("(12)", "new") say fewer."""
_ENTRY_TAGS = frozenset(("li", "div", "dd"))
_TEASER_MARKS = ("img", "picture", "time", "h1", "h2", "h3", "h4", "h5", "h6")
TOPICS_SHARE = 0.6
"""A list of topics says at least this share of its text (its headings aside) in its
entries: a section of prose with a link in it is none."""
GUIDE_INTRO_MAX_CHARS = 700
"""A guide's own text before its topics (its introduction) is at most this long; a story
is longer."""
TOPIC_HEADING_DEPTH = 3
"""How deep a topic group's heading sits in its block (``div.links > div.inner >
div.title > h2``)."""


def _described_entry(a: HtmlElement) -> HtmlElement | None:
    """The topic entry the link ``a`` makes, when it says what its page is about: the link
    itself when it holds a title and a description (a card: its first part the title, then
    ``TOPIC_DESCRIPTION_MIN_WORDS`` words), else its item (``li``, ``div``...) when the
    link is its title and a description follows in it; None otherwise."""
    if not to_other_page(a) or "://" in (a.get("href") or ""):
        return None  # (a place on this page, or another site: no page of this guide)
    parts = [c for c in a if isinstance(c.tag, str)]
    if len(parts) >= 2:
        title = len(_collapsed_text(parts[0]).split())
        if len(_collapsed_text(a).split()) - title >= TOPIC_DESCRIPTION_MIN_WORDS:
            return a
    item = a.getparent()
    if item is None or item.tag not in _ENTRY_TAGS or not _opens_its_item(a, item):
        return None
    rest = len(_collapsed_text(item).split()) - len(_collapsed_text(a).split())
    return item if rest >= TOPIC_DESCRIPTION_MIN_WORDS else None


def _opens_its_item(a: HtmlElement, item: HtmlElement) -> bool:
    """Whether the link ``a`` opens ``item``, the only link in it: a topic's title, first,
    then what its page is about. A date or a byline before a link ("12 May 2024 Another
    story", "Alice on Why...") makes a list of dated headlines or of comments, no topics."""
    return not (item.text or "").strip() and sum(1 for _ in item.iter("a")) == 1 and \
        not any(_collapsed_text(b) for b in a.itersiblings(preceding=True))


def topic_list(el: HtmlElement) -> bool:
    """Whether ``el`` lists a guide's topics: it has links, and each is a topic entry
    (``_described_entry``: a page of the site and what it is about), no entry holding a
    picture, a date or a heading (a teaser's), and ``el`` is set under no promotion's
    heading ("Related posts", "Read more": ``_under_promotion``)."""
    entries: set[HtmlElement] = set()
    for a in el.iter("a"):
        entry = _described_entry(a)
        if entry is None or next(entry.iter(*_TEASER_MARKS), None) is not None:
            return False
        entries.add(entry)
    if not entries:
        return False
    said = len(_collapsed_text(el)) - sum(len(_collapsed_text(h)) for h in el.iter(*_HEADINGS))
    listed = sum(len(_collapsed_text(e)) for e in entries)
    return listed >= TOPICS_SHARE * said and not _under_promotion(el)


def _under_promotion(el: HtmlElement) -> bool:
    """Whether the heading ``el`` opens with, or else the nearest one before it (among its
    and its ancestors' earlier siblings, three levels up), is a promotion's."""
    first = opening_heading(el, TOPIC_HEADING_DEPTH)
    if first is not None:
        return promo_heading(first)
    node: HtmlElement | None = el
    for _ in range(TOPIC_HEADING_DEPTH):
        if node is None:
            break
        for sib in node.itersiblings(preceding=True):
            if not isinstance(sib.tag, str):
                continue
            # (the last heading in it: the nearest before ``el``)
            heading = next(reversed(list(sib.iter(*_HEADINGS))), None)
            if heading is not None:
                return promo_heading(heading)
        node = node.getparent()
    return False


def topic_guide(node: HtmlElement, parent: HtmlElement,
                stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``node`` is a part of a guide its ``parent`` is: every other part of the
    parent holding text is a group of topics (``topic_list``: a section of them under its
    heading, or a list of them), one at least, and ``node``'s own text outside its topics
    is an introduction's (``GUIDE_INTRO_MAX_CHARS``), no story's."""
    groups = 0
    for part in parent:
        if part is node or not isinstance(part.tag, str) or part not in stats or \
                not stats[part].text:
            continue
        if not topic_list(part):
            return False
        groups += 1
    return bool(groups) and _introduction(node, stats)


def _introduction(node: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``node``'s text outside its topic entries (``_described_entry``) is an
    introduction's, ``GUIDE_INTRO_MAX_CHARS`` at most: a story before other stories'
    summaries is longer."""
    if node not in stats:
        return False
    entries = {_described_entry(a) for a in node.iter("a")}
    listed = sum(stats[e].text for e in entries if e is not None and e in stats)
    return stats[node].text - listed <= GUIDE_INTRO_MAX_CHARS
