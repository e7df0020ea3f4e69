"""A listing page's entries: a blog's archive, a category's or a tag's page lists its posts,
each an ``article`` whose ``<header>`` holds the post's title (a heading, a link to it) and
its date (``time``), and nothing else (Hexo's Landscape theme; WordPress's and Jekyll's
themes the same). ``_boiler`` drops a ``<header>`` as the page's banner unless it is its
section's; each entry's header, a tenth of the page, went so, and the listing with them:
the page came out empty. A comment thread is a run of articles with headers too, but a
comment's heading names its author, no page of the site (``_entry_title_link``).
"""

from __future__ import annotations

import itertools

from lxml.html import HtmlElement

from ._dates import _dated
from ._entryhead import says_title
from ._linkheading import entry_meta_line
from ._release import version_line
from ._tree import _HEADINGS, next_element

ENTRY_RUN_MIN = 3
"""How many entries in a row make a listing (an archive's page lists ten; two cards are a
pair, not a listing)."""
LABEL_MAX_DEPTH = 3
"""A listing's label (a year) may be a link in a wrapper of its own: this many levels up
from the dated line, each holding nothing else, are asked for the entries after them."""


def listing_entry_header(el: HtmlElement) -> bool:
    """Whether the ``<header>`` ``el`` is an entry's header in the listing that is the page: it
    holds the entry's date (a ``time``) and its title linked to it (``_entry_title_link``), or
    the title follows it (``title_after_header``), in an ``article`` (its child, or the child of
    the block wrapping the article's body), one of ``ENTRY_RUN_MIN`` sibling ``article``
    elements or more. (A row of "related posts" cards of this shape under a post, its headers
    kept, still goes with its row: the row is a block of links, or of excerpts, beside the
    post's text, which the selection of the main block and the pruning leave out; tried with the
    row in the post's article and after it, with and without excerpts.)"""
    if el.find(".//time") is None and not _dated_meta_line(el):
        return False
    article = el.getparent()
    if article is not None and article.tag != "article":
        article = article.getparent()
    if article is None or article.tag != "article":
        return False
    if not _entry_title_link(el) and not title_after_header(el) and \
            not linked_title_entry(article, el):
        return False
    listing = article.getparent()
    if listing is None:
        return False
    entries = sum(1 for child in listing if child.tag == "article")
    if entries == 1 and wrapped_entries(article) >= ENTRY_RUN_MIN:
        return True
    return entries >= ENTRY_RUN_MIN or (entries == 1 and (lone_entry(article, el)
                                                         or lone_excerpt(article, el))) \
        or (entries == 2 and PAIRED_ENTRIES and lone_entry(article, el))


PAIRED_ENTRIES = True
"""Whether a listing of two entries, each its title and date alone (``lone_entry``), is one:
a tag's page of two posts (tests turn it off to see it matter)."""


WRAPPED_ENTRIES = True
"""Switch of ``wrapped_entries`` (tests turn it off to see it matter)."""


def wrapped_entries(article: HtmlElement) -> int:
    """How many entries the listing of ``article`` holds when each entry is an ``article``
    alone in a wrapper of its own (``<div class="post-block"><article>...</article></div>``,
    ten in a row: Hexo's NexT theme sets its home page's posts so): the wrapper's siblings
    (itself among them) of its tag and class that hold one ``article`` and no other element.
    0 when the article shares its block with another element, when the wrappers are list
    items (``LIST_WRAPPERS``) or the switch is off. ``listing_entry_header``
    counted the article's own siblings only: one, and the home page's posts lost their
    headers (the title, the date, the category) to ``_boiler`` as banners. The entries'
    headers are still asked for a title linked to the entry's page (a comment's header, in
    a ``li`` of a thread, names its author)."""
    if not WRAPPED_ENTRIES:
        return 0
    wrapper = article.getparent()
    if wrapper is None or _only_child(wrapper) is not article or wrapper.getparent() is None \
            or wrapper.tag in LIST_WRAPPERS:
        return 0
    return len([sib for sib in wrapper.getparent() if _wraps_article(sib)
                and sib.tag == wrapper.tag and sib.get("class") == wrapper.get("class")])


LIST_WRAPPERS = frozenset(("li",))
"""Wrappers ``wrapped_entries`` does not read: a list of articles, each in a ``li``, is a
list of teasers beside a story (a news site's "More in Sports": each its headline linked,
its date, its lead) or a thread of replies, judged as the list it is (a blog's index of
wrapped posts sets them in blocks: NexT's ``div.post-block``)."""


def _wraps_article(block: HtmlElement) -> bool:
    """Whether ``block`` holds one ``article`` and nothing else."""
    only = _only_child(block) if isinstance(block.tag, str) else None
    return only is not None and only.tag == "article"


def _only_child(block: HtmlElement) -> HtmlElement | None:
    """``block``'s one element child, when it has exactly one and no text of its own."""
    kids = [c for c in block if isinstance(c.tag, str)]
    if len(kids) != 1 or (block.text or "").strip() or (kids[0].tail or "").strip():
        return None
    return kids[0]


LINKED_TITLE_ENTRY = True
"""Switch of ``linked_title_entry`` (tests turn it off to see it matter)."""


def linked_title_entry(article: HtmlElement, header: HtmlElement) -> bool:
    """Whether ``header`` is an entry's of a title and a date only, its title a block that
    is one link to another page and no heading (``<div class="post-title"><a
    href="/commands/npm-token/">npm-token</a></div>`` beside the ``time``: Hexo's NexT
    theme lists a tag's, a category's and the archive's posts so), the ``article`` being
    that header and nothing else. ``_entry_title_link`` asked for a heading; the entries'
    headers went to ``_boiler`` as banners and the listing with them. Guard: a comment's
    header names its author, often a link alone in its block (to the author's site), but
    a comment has its text under its header: only an entry with nothing beside its header
    (``lone_entry``'s test) is read so; and the link must lead to another page
    (``_other_page``), not to the page itself or its sections."""
    if not LINKED_TITLE_ENTRY or not _header_alone(article, header):
        return False
    return any(_link_alone(block) for block in header.iter()
               if isinstance(block.tag, str) and block is not header and block.tag != "a")


def _header_alone(article: HtmlElement, header: HtmlElement) -> bool:
    """Whether ``article`` holds ``header`` and no text beside it."""
    return all(c is header or not isinstance(c.tag, str) or not _text(c) for c in article) \
        and not (article.text or "").strip()


def _link_alone(block: HtmlElement) -> bool:
    """Whether ``block``'s whole text is one link's, the link to another page, no date."""
    links = list(block.iter("a"))
    return len(links) == 1 and _other_page(links[0]) and bool(_text(block)) and \
        _text(links[0]) == _text(block) and not _dated(" ".join(block.itertext()))


LONE_EXCERPT_MAX_CHARS = 500
"""A listed entry's excerpt under its title says a lead of a sentence or two; past this a
lone article's text is a post's."""


LISTING_PAGE_SHARE = 0.5
"""A listing whose entries hold this share of the content's text at least is the page."""

LISTING_PAGE_ENTRIES = True
"""Switch of ``page_listing_entry`` (tests turn it off to see it matter)."""


def page_listing_entry(el: HtmlElement, content: HtmlElement) -> bool:
    """Whether ``el`` is (or is in) a listing entry's ``<header>`` (``listing_entry_header``)
    in the listing that is the page: its entries (the article's siblings, or the wrappers'
    when each is alone in one: ``wrapped_entries``) hold ``LISTING_PAGE_SHARE`` of the
    content's text or more. An archive's entry is its date and its title, a link: a
    block of links by its share, which ``prune`` dropped entry by entry where the title's
    link outweighed the date ("01-04 workspaces" went, "01-04 scope" stayed: half of Hexo's
    NexT archive); and so the category of an index's entries ("In <a>using-npm</a>", a
    span of its meta line). Guard: a row of "related posts" cards under a post, the same
    shape, is a small share of the post's page, and is judged as before (a block of
    links)."""
    if not LISTING_PAGE_ENTRIES:
        return False
    header = el if el.tag == "header" else next(el.iterancestors("header"), None)
    if header is None or not any(a is content for a in header.iterancestors()) or \
            not listing_entry_header(header):
        return False
    article = next(header.iterancestors("article"), None)
    if article is None or article.getparent() is None:
        return False
    if wrapped_entries(article) >= ENTRY_RUN_MIN:  # (each entry in a wrapper of its own)
        entries = [w for w in article.getparent().getparent()  # type: ignore[union-attr]
                   if isinstance(w.tag, str) and _only_child(w) is not None]
    else:
        entries = [a for a in article.getparent() if a.tag == "article"]
    said = sum(len(_text(e)) for e in entries)
    return said >= LISTING_PAGE_SHARE * len(_text(content))


def lone_excerpt(article: HtmlElement, header: HtmlElement) -> bool:
    """Whether ``article``, alone in its block, is a listing's last entry set as an excerpt
    (a category's last page of one post, Material for MkDocs' blog): its title after its
    ``header`` linked to another page (``title_after_header``), and a lead of at most
    ``LONE_EXCERPT_MAX_CHARS`` beside them. Guard: a post's own page, its title linking to
    itself or to nothing, or (a link post, its title linked to the article it cites) its
    text longer than a lead."""
    if not title_after_header(header):
        return False
    said = sum(len("".join(c.itertext()).strip()) for c in article
               if isinstance(c.tag, str) and c is not header)
    return said <= LONE_EXCERPT_MAX_CHARS


LISTING_TITLE = True
"""Switch of ``listing_title_header`` (tests turn it off to see it matter)."""


def listing_title_header(header: HtmlElement, title: str | None) -> bool:
    """Whether the ``<header>`` ``header`` is a listing page's title over its entries:
    headings only (no text, no menu, no link outside them), one of them an ``h1`` that
    says the page's title (``says_title``), and right after it the listing's first entry,
    an ``article`` whose header is a listing entry's (``listing_entry_header``). A blog's
    index, archive or category page sets its title so over its posts' excerpts (Material
    for MkDocs' blog: "using-npm" over the category's posts), in the block that holds
    them, no ``section`` or ``article`` of its own, and ``_boiler`` took it for the site's
    banner. Guard: a site's banner holds the site's name (not the page's title), its menu
    or its search box, and is followed by the page's layout, no listing's entry."""
    if not LISTING_TITLE or not title or (header.text or "").strip():
        return False
    kids = [c for c in header if isinstance(c.tag, str)]
    if not kids or any(c.tag not in _HEADINGS or (c.tail or "").strip() for c in kids) or \
            not any(c.tag == "h1" and says_title(c, title) for c in kids):
        return False
    after = next_element(header)
    if after is None or after.tag != "article":
        return False
    head = next(after.iter("header"), None)
    return head is not None and listing_entry_header(head)


TITLE_AFTER_HEADER = True
"""Switch of ``title_after_header`` (tests turn it off to see it matter)."""


def title_after_header(header: HtmlElement) -> bool:
    """Whether the entry's title, a heading with a link to the entry's own page, comes
    right after its ``header`` (the header's next block, or that block's first element):
    a theme that sets the entry's meta line (date, category, reading time) in the header
    over the title (Material for MkDocs' blog: ``header.md-post__header``, then the
    excerpt's block opening with its ``h2`` linked to the post). Guard: a comment's body
    under its header (author, date) opens with its text, or with a heading of its own
    that links nowhere ("Great post"); the link must lead to another page
    (``_other_page``)."""
    if not TITLE_AFTER_HEADER:
        return False
    after = next_element(header)
    if after is not None and after.tag not in _HEADINGS:
        after = next((c for c in after if isinstance(c.tag, str)), None)
    if after is None or after.tag not in _HEADINGS:
        return False
    link = after.find(".//a[@href]")
    return link is not None and _other_page(link)


def _dated_meta_line(header: HtmlElement) -> bool:
    """Whether the last element of ``header`` is an entry's meta line that says its date in
    words, no ``time`` ("May 4, 2026 by Ann Reyes": ``entry_meta_line``), as themes without
    the element write it."""
    last = next((c for c in reversed(header) if isinstance(c.tag, str)), None)
    return last is not None and last.getprevious() is not None and entry_meta_line(last)


def lone_entry(article: HtmlElement, header: HtmlElement) -> bool:
    """Whether ``article``, alone in its block, is a listing's last entry (a category's
    last page of one post): it is its ``header`` and nothing else, no text of its own
    beside it (a post has a body under its header; an entry is its title and date).
    Guard: a post's header over its text, a card beside a post, which the selection and
    the pruning weigh as the block of links it is."""
    inner = header.getparent()
    if inner is None:
        return False
    while inner is not article:
        if any(isinstance(c.tag, str) and c is not header and "".join(c.itertext()).strip()
               for c in inner) or (inner.text or "").strip():
            return False
        header, inner = inner, inner.getparent()
        if inner is None:
            return False
    return not any(isinstance(c.tag, str) and c is not header and
                   "".join(c.itertext()).strip() for c in article)


def listing_date(el: HtmlElement) -> bool:
    """Whether the dated line ``el`` is a listing's, not the page's dateline: a date in an
    entry's header (``listing_entry_header``), or the label right before the block of the
    entries (a year over an archive's posts). ``_edges.strip_header`` drops the datelines
    at the top of the content; a listing too short to hold a paragraph had all its dates
    taken so. Guard: a post's own date over its text is in no listing entry's header."""
    header = next(el.iterancestors("header"), None) if el.tag != "header" else el
    if header is not None:
        return listing_entry_header(header)
    block = None
    for _ in range(LABEL_MAX_DEPTH):  # (the label's link, alone in its wrapper)
        block = next_element(el)
        parent = el.getparent()
        if block is not None or parent is None or "".join(parent.itertext()).strip() != \
                "".join(el.itertext()).strip():
            break
        el = parent
    if block is not None and LABEL_OVER_ENTRY and DATED_BLOCK_RUNS and _in_dated_run(block):
        return True  # (a year over a run of dated blocks, in the same block as they are)
    first = None if block is None else block if block.tag == "article" and LABEL_OVER_ENTRY \
        else next(block.iterchildren("article"), None)
    head = first.find(".//header") if first is not None else None
    return head is not None and listing_entry_header(head)


LABEL_OVER_ENTRY = True
"""Switch: ``listing_date`` reads the label right before the entries' first ``article`` (a
year over a tag's posts, set in the same block as they are: Hexo's NexT), not only right
before a block that holds them (tests turn it off to see it matter)."""


def _entry_title_link(header: HtmlElement) -> bool:
    """Whether ``header`` holds a heading with a link in it: the entry's title, a link to
    the entry's own page. A comment thread's entries (an ``article`` a comment, its header
    the author's name and the comment's date) name a person, not linked or linked beside
    the heading: they are no listing of the site's pages."""
    return any(node.tag in _HEADINGS and node.find(".//a[@href]") is not None
               for node in header.iter())


_OWN_PAGE_HREFS = frozenset(("", ".", "#", "./"))
"""Where a post's dateline links: the post itself (its permalink)."""


def dated_page_entry(el: HtmlElement) -> bool:
    """Whether the dated line ``el`` is an archive's entry, not the page's dateline: a list's
    item whose date is a link to a page of its own ("2025 (83)": the year's page of posts,
    an archive's index). ``_edges.strip_header`` drops a short dated line at the top; an
    archive of one year lost its only entry so. Guard (``_links_elsewhere``): a post's
    dateline links its date to the post itself (``href="."``, ``rel="bookmark"``)."""
    if el.tag == "a":  # (the item's link, asked after the item)
        link, item = el, el.getparent()
    elif el.tag == "li":
        link, item = next(el.iter("a"), None), el
    else:
        return False
    return item is not None and item.tag == "li" and link is not None and \
        _links_elsewhere(link)


def _links_elsewhere(link: HtmlElement) -> bool:
    """Guard of ``dated_page_entry``: the link leads to another page, not the post's own
    (its permalink: the page itself, or marked ``rel="bookmark"``)."""
    href = (link.get("href") or "").strip()
    return href not in _OWN_PAGE_HREFS and "bookmark" not in (link.get("rel") or "").split()


LISTED_ITEM_DATES = True
"""Switch of ``listed_item_date`` (tests turn it off to see it matter)."""


def listed_item_date(el: HtmlElement) -> bool:
    """Whether the dated line ``el`` (a ``time``, or a short line that says a date) is a
    listed post's date, not the page's dateline: it is in an item of a list (``ul``,
    ``ol``) whose items, ``ENTRY_RUN_MIN`` or more, each hold a link to another page (the
    post's title: ``_links_elsewhere``) and, beside the link, a date (a blog's home page
    lists its latest posts so, "<li><a href="/blog/scope/">scope</a> <time>22 March
    2025</time></li>": Eleventy's starter blog; a list of news items the same).
    ``_edges.strip_header`` drops the short dated lines at the top of the content; a list
    too short to hold a paragraph (three posts) lost its dates so, and an archive's longer
    one did not.

    Guards: a post's own byline written as a list (its date an item, its tags or author
    the others, "<li><time>...</time></li><li><a href="/tags/x/">x</a></li>"): the item
    with the date holds no link, the items with links no date; a byline of one item
    ("Posted <time> by <a href="/about/">Ann</a>") is no run of entries; a list whose
    links lead to the page itself (its permalink, its own sections: ``#...``) lists no
    other page."""
    if not LISTED_ITEM_DATES:
        return False
    item = el if el.tag == "li" else next(el.iterancestors("li"), None)
    listing = item.getparent() if item is not None else None
    if listing is not None and listing.tag in ("ul", "ol"):
        items = [c for c in listing if isinstance(c.tag, str)]
        if len(items) >= ENTRY_RUN_MIN and all(
                c.tag == "li" and _dated_link_item(c) for c in items):
            return True
    return dated_block_run(el)


BLOCK_ITEM_MAX_DEPTH = 4
"""How far above a date its entry's block may be (its ``time``, the date's line, the
entry's inner wrapper, the entry)."""

DATED_BLOCK_RUNS = True
"""Switch of ``dated_block_run`` (tests turn it off to see it matter)."""


def dated_block_run(el: HtmlElement) -> bool:
    """Whether the dated line ``el`` is a listed post's date in a run of blocks, no list:
    the block of its entry (``el`` or an ancestor up to ``BLOCK_ITEM_MAX_DEPTH`` levels)
    is one of ``ENTRY_RUN_MIN`` siblings or more that each hold a link to another page and
    a date beside it (``_dated_link_item``), the siblings that do not holding no such link
    (a year's label among them: "2025", then its posts) or being headings (the run's
    title, ``RUN_TITLES``: "Posts by <a>Pelican</a>", ABlog's catalogue of an author's
    posts). Hexo's Butterfly theme sets a tag's, a category's and the archive's posts so,
    a ``div`` each ("<div><div>2025-01-04</div><a href="/using-npm/scope/">scope</a>
    </div>"); ``drop_trailing_meta`` took every date and the year, from the last up, for
    the content's trailing lines (and ABlog's catalogue its rows). The guards of
    ``listed_item_date`` hold: a byline written in blocks (its date one, its tags or author
    the others: no block has both), a byline of one block, links to the page itself."""
    if not DATED_BLOCK_RUNS:
        return False
    node = el
    for _ in range(BLOCK_ITEM_MAX_DEPTH):
        if _in_dated_run(node):
            return True
        parent = node.getparent()
        if parent is None:
            return False
        node = parent
    return False


def _in_dated_run(node: HtmlElement) -> bool:
    """Whether ``node`` is an entry of a run of dated blocks (``dated_block_run``)."""
    parent = node.getparent()
    if parent is None or parent.tag in ("ul", "ol") or not _small(node) or \
            not _dated_link_item(node):
        return False
    items = [c for c in parent if isinstance(c.tag, str)]
    dated = [c for c in items if _small(c) and _dated_link_item(c)]
    return len(dated) >= ENTRY_RUN_MIN and all(
        any(c is d for d in dated) or (RUN_TITLES and c.tag in _HEADINGS)
        or not any(_other_page(a) for a in c.iter("a")) for c in items)


RUN_TITLES = True
"""Whether a heading among a run of dated blocks is the run's title (tests turn it off)."""

ENTRY_MAX_CHARS = 400
"""A dated block's entry says its date, its title and a line at most: a larger block is
no entry (and is not read through, ``_dated_link_item`` walking its every node)."""


def _small(block: HtmlElement) -> bool:
    """Whether ``block`` says at most ``ENTRY_MAX_CHARS`` (read no further than that)."""
    said = 0
    for piece in block.itertext():
        said += len(piece)
        if said > 2 * ENTRY_MAX_CHARS:  # (white space counted: a margin for it)
            return False
    return len(_text(block)) <= ENTRY_MAX_CHARS


def _other_page(link: HtmlElement) -> bool:
    """Guard of ``listed_item_date``: the link leads to another page, neither the page
    itself (its permalink: ``_links_elsewhere``) nor one of its own sections (``#...``)."""
    href = link.get("href")
    return href is not None and _links_elsewhere(link) and not href.strip().startswith("#")


VERSION_TITLES = True
"""Switch of ``_date_link``'s reading of version numbers (tests turn it off)."""


def _date_link(text: str) -> bool:
    """Whether a link's text says a date (a month's archive: "March 2025"), no title; a
    release's title says its version, whose "4.12" reads as a time ("Pelican 4.12.0":
    ``version_line``), and is a title."""
    return _dated(text) and not (VERSION_TITLES and version_line(text))


def _dated_link_item(item: HtmlElement) -> bool:
    """Whether the list item ``item`` holds a link to another page whose text says no date
    (a title) and, outside it, a date: a ``time``, or an element of its own whose text
    says one."""
    links = [a for a in item.iter("a") if _other_page(a) and _text(a)
             and not _date_link(" ".join(a.itertext()))]
    if not links:
        return False
    for node in item.iter():
        if node is item or not isinstance(node.tag, str) or \
                any(node is a or a in node.iterancestors() for a in links) or \
                any(a in node.iterdescendants() for a in links):
            continue
        if node.tag == "time" or _dated(" ".join(node.itertext())):
            return True
    return False


LISTED_ENTRY_DATE = True
"""Switch of ``closes_listed_entry`` (tests turn it off to see it matter)."""


def closes_listed_entry(el: HtmlElement, content: HtmlElement) -> bool:
    """Whether the content's last line ``el`` (a "Posted <date>" line) closes an entry the
    page lists, not the page's own post: the nearest block around it, inside the content,
    that opens with its title as a link to the entry's own page (``_linked_title``:
    "<a href="news/version_1.0.html">version 1.0</a>", alone in its block), holds the
    entry's text between the two, and is not all of the content (the page says more: its
    other entries, an introduction over them). A blog's index or a wiki's news page sets
    its posts there whole, each with its date at its foot; that date is the listed post's,
    as the byline of an index's other posts is (kept, and counted in the references of
    Pelican's and Nikola's index pages: ``bench/_docsets/``), no metadata of the page's.
    ``drop_trailing_meta`` took the last entry's date alone, the others' kept.

    Guards: the page's own post, its title linked to its permalink (``href="."``,
    ``rel="bookmark"``: ``_links_elsewhere``), or the whole content (nothing beside it),
    ends with its own date line, which goes as before (trawl reads a post's date as the
    page's metadata); a list of links whose dates follow it, no entry
    (``_title_body_foot``)."""
    if not LISTED_ENTRY_DATE:
        return False
    node = el.getparent()
    while node is not None and node is not content:
        title = _linked_title(node)
        if title is not None:
            said = len(_text(node))
            return said > len(_text(title)) + len(_text(el)) and \
                len(_text(content)) > said and _links_elsewhere(title) and \
                _title_body_foot(node, el)
        node = node.getparent()
    return False


def _title_body_foot(entry: HtmlElement, line: HtmlElement) -> bool:
    """Whether ``entry``'s blocks with text are its title, its body and, last, the block
    of ``line``, no block of the body a link alone as the title is: a list of links (a
    table of a chapter's sections, a row each, its dates in rows after them) opens with a
    linked row too, and its other rows are the same."""
    blocks = [c for c in entry if isinstance(c.tag, str) and _text(c)]
    if len(blocks) < 3 or not (blocks[-1] is line or any(
            a is blocks[-1] for a in line.iterancestors())):
        return False
    return not any(_only_link(b) for b in blocks[1:-1])


def _only_link(block: HtmlElement) -> bool:
    link = next(block.iter("a"), None)
    return link is not None and _text(link) == _text(block)


def _text(el: HtmlElement) -> str:
    return "".join("".join(el.itertext()).split())


def _linked_title(block: HtmlElement) -> HtmlElement | None:
    """The link ``block`` opens with when it is a title: no text before it, and the whole
    text of the block (a heading, a wrapper) it sits in, the block's first child."""
    first = next((c for c in block if isinstance(c.tag, str)), None)
    if first is None or (block.text or "").strip():
        return None
    link = next(first.iter("a"), None)
    if link is None or link.get("href") is None:
        return None
    return link if _text(link) and _text(link) == _text(first) else None


TITLED_ENTRY_DATES = True
"""Switch of ``titled_entry_date`` (tests turn it off to see it matter)."""
TITLED_ENTRY_MAX_DEPTH = 3
"""How far below its entry a listed post's date may sit (its line, its item, its list)."""


def titled_entry_date(el: HtmlElement) -> bool:
    """Whether the dated line ``el`` is a listed post's date under its title: an entry
    within ``TITLED_ENTRY_MAX_DEPTH`` levels above it opens with a heading that links to
    another page (``_other_page``: the post's), and a sibling of the entry's tag and class
    opens so too (a listing of two posts or more: ABlog's year's page, each post an
    ``h2`` linked to it, then its date in a list under it). ``_edges.strip_header`` took
    the first entry's date for the page's dateline. Guards: a post's own page, its title
    linking to itself or to nothing, or alone (no sibling entry titled so: a single
    listed post's date still goes)."""
    if not TITLED_ENTRY_DATES:
        return False
    entry = el
    for _ in range(TITLED_ENTRY_MAX_DEPTH):
        entry = entry.getparent()
        if entry is None:
            return False
        if _opens_with_linked_title(entry):
            return any(s.tag == entry.tag and s.get("class") == entry.get("class")
                       and _opens_with_linked_title(s)
                       for s in itertools.chain(entry.itersiblings(preceding=True),
                                                entry.itersiblings()))
    return False


def _opens_with_linked_title(block: HtmlElement) -> bool:
    """Whether ``block``'s first element is a heading holding a link to another page."""
    first = next((c for c in block if isinstance(c.tag, str)), None)
    if first is None or first.tag not in _HEADINGS or (block.text or "").strip():
        return False
    link = first.find(".//a[@href]")
    return link is not None and _other_page(link)
