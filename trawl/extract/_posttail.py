"""What closes a post: the teasers of other posts ("Read next", "More from this blog") and a
comment thread, set after the post's last paragraph in the block that holds the post.

A blog theme often sets them inside the post's own block, with no class saying what they
are (a run of bare ``div`` elements): the selection then takes them with the post (they
are prose, a date and a title each), and prune keeps their excerpts and their comments'
paragraphs. To a reader of the post they are the site's ways elsewhere and other people's
words, no part of it. The shape is a run of ``POST_TAIL_RUN_MIN`` siblings alike (one tag,
one class), each a teaser (a heading linking to another page over a short excerpt:
``_signals._teaser``) or each a comment (it holds a "Reply" link: ``REPLY_WORDS``), that
ends the content, after the post's own paragraphs; a short heading right before the run is
its label and goes with it.

Guard: a page that is the listing (a blog's index, a category's page: the teasers are all
it holds, under its title) or the thread (a forum's topic: the first post is one of the
run) has less prose of its own before the run than ``POST_PROSE_MIN_CHARS`` (and, for
teasers, than the run holds; a thread may outweigh a short post): the run is its content
and stays. A run with text after it (the post goes on: a section of cards in the middle of
an article) is no tail either. Teasers are posts' when most say a date, or when their
label says a reading list ("Read next": ``TAIL_LABEL_RE``): a reference's members (a
linked name over a line each, after the class's description) say neither (``_says_posts``).
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._edges import _dated
from ._signals import _teaser
from ._tree import _HEADINGS, _collapsed_text, _short_text

POST_TAIL_RUN_MIN = 3
"""Teasers or comments in a row that make a post's tail (two cards are a pair: "previous,
next")."""
POST_TAIL_RUN_MAX = 12
"""... and at most this many: a box of teasers shows a few posts (three to six); a longer
run of blocks alike (a reference's members, a listing's entries) is no post's tail. (Its
entries alike past this many are not read.)"""
POST_PROSE_MIN_CHARS = 400
"""The post's own paragraphs before the run hold at least this much text (and more than
the run): the page is a post, not a listing or a thread."""
AFTER_RUN_MAX_CHARS = 80
"""Text after the run, in the content, of at most this much (a "Load more" line): the run
ends the content."""
LABEL_MAX_CHARS = 60
"""A run's label ("Read next", "4 comments") is a heading of at most this much text."""
CLIMB_MAX = 4
"""A run's entry is the link's ancestor this many levels up at most."""
DATE_LINE_MAX_CHARS = 40
"""A teaser's date is a short line of its own ("April 4, 2026", "3 days ago")."""
TAIL_LABEL_RE = re.compile(
    r"^\W*(read next|up next|next up|keep reading|continue reading|read more|more from|more "
    r"posts|more stories|more articles|recent posts|latest posts|popular posts|related|you "
    r"(?:may|might) also|also on|see also|recommended|other posts)\b", re.I)
"""A reading list's label over teasers ("Read next", "More from this blog")."""
REPLY_WORDS = frozenset(("reply", "respond", "antworten", "répondre", "responder",
                         "rispondi", "beantworten", "reageer", "svara", "odpowiedz"))
"""The word a comment's reply link says, alone: each comment of a thread has one."""


def post_tail(content: HtmlElement, title: str | None = None) -> list[HtmlElement]:
    """The run of teasers or comments that closes the post in ``content`` (and the heading
    labelling it), to drop; none when the content is no post ending so (see the module's
    docstring). ``title`` is the page's ``<title>``: the post a run closes is the page's
    own (``_featured_post``)."""
    # (asked of every page: the run ends the content, so only the content's last link in
    # a heading or saying "Reply" is climbed from, and a level is read only when nothing
    # but a line follows it)
    a = next((a for a in reversed(content.findall(".//a")) if _kind_of(a) is not None), None)
    if a is None:
        return []
    kind = _kind_of(a) or ""
    entry = a
    for _ in range(CLIMB_MAX):
        entry = entry.getparent()
        if entry is None or entry is content:
            break
        if not _ends(entry, content):
            continue
        alike = _alike(entry)  # (by tag and class alone: the run's place, read cheaply)
        if not POST_TAIL_RUN_MIN <= len(alike) <= POST_TAIL_RUN_MAX:
            continue
        label = _label(content, alike)
        if not _says_posts(alike, kind, label):
            continue
        run = _run(entry, kind)
        if len(run) < POST_TAIL_RUN_MIN:
            continue  # (a comment's parts alike: its line, its text, its reply link)
        if _closes_post(content, run, kind) and \
                (kind == "comment" or not _featured_post(content, run, title)):
            return [*run, label] if label is not None and run[0] is alike[0] else run
        break
    return []


def _alike(entry: HtmlElement) -> list[HtmlElement]:
    """``entry`` and the siblings before it of its tag and class, in a row (past
    ``POST_TAIL_RUN_MAX``, one more, and no further)."""
    key = (entry.tag, entry.get("class"))
    alike = [entry]
    for sib in entry.itersiblings(preceding=True):
        if not isinstance(sib.tag, str):
            continue
        if (sib.tag, sib.get("class")) != key or len(alike) > POST_TAIL_RUN_MAX:
            break  # (read no further than a tail's length)
        alike.append(sib)
    alike.reverse()
    return alike


def _ends(node: HtmlElement, content: HtmlElement) -> bool:
    """Whether at most ``AFTER_RUN_MAX_CHARS`` of text follow ``node`` in ``content``."""
    budget = AFTER_RUN_MAX_CHARS
    while node is not content:
        budget -= len((node.tail or "").strip())
        for sib in node.itersiblings():
            text = _short_text(sib, max(budget, 0)) if isinstance(sib.tag, str) else ""
            if text is None:
                return False
            budget -= len(text) + len((sib.tail or "").strip() if isinstance(sib.tag, str)
                                      else "")
        if budget < 0:
            return False
        parent = node.getparent()
        if parent is None:
            return False
        node = parent
    return True


def _says_posts(run: list[HtmlElement], kind: str, label: HtmlElement | None) -> bool:
    """Whether the run of teasers is one of the blog's posts: its last
    ``POST_TAIL_RUN_MIN`` dated (a post's date beside its title), or the run labelled as a
    reading list ("Read next", "More from this blog": ``TAIL_LABEL_RE``). A reference's
    members (a linked name over a line each, a class's methods) say no date, under a
    heading that names them."""
    if kind == "comment":
        return True
    if label is not None and TAIL_LABEL_RE.match(_collapsed_text(label)) is not None:
        return True
    last = run[-POST_TAIL_RUN_MIN:]  # (a reference's hundred members: three are asked)
    return all(_dated_entry(e) for e in last)


def _dated_entry(entry: HtmlElement) -> bool:
    """Whether the teaser ``entry`` says a date on a short line of its own (a ``time``, a
    line "April 4, 2026"), outside its heading."""
    if entry.find(".//time") is not None:
        return True
    for el in entry.iter():
        if el.tag in _HEADINGS:
            continue
        line = (el.text or "").strip()
        if line and len(line) <= DATE_LINE_MAX_CHARS and _dated(line) and \
                not any(anc.tag in _HEADINGS for anc in el.iterancestors()):
            return True
    return False


def _kind_of(a: HtmlElement) -> str | None:
    """"comment" for a reply link, "teaser" for a link in a heading to another page."""
    text = (a.text or "").strip().lower() if not len(a) else _collapsed_text(a).lower()
    if text in REPLY_WORDS:
        return "comment"
    href = a.get("href") or "#"
    if href.startswith("#"):
        return None
    parent = a.getparent()
    if parent is not None and (parent.tag in _HEADINGS or (
            parent.getparent() is not None and parent.getparent().tag in _HEADINGS)):
        return "teaser"
    return None


def _entry_is(el: HtmlElement, kind: str) -> bool:
    if kind == "teaser":
        return _teaser(el)
    return any((a.text or "").strip().lower() in REPLY_WORDS or
               _collapsed_text(a).lower() in REPLY_WORDS for a in el.iter("a"))


def _run(entry: HtmlElement, kind: str) -> list[HtmlElement]:
    """The siblings alike around ``entry`` (its tag and class), each of ``kind``, in a row."""
    key = (entry.tag, entry.get("class"))
    if not _entry_is(entry, kind):
        return []
    run = [entry]
    for direction in (True, False):
        for sib in entry.itersiblings(preceding=direction):
            if not isinstance(sib.tag, str):
                continue
            if (sib.tag, sib.get("class")) != key or not _entry_is(sib, kind):
                break
            if direction:
                run.insert(0, sib)
            else:
                run.append(sib)
    return run


def _closes_post(content: HtmlElement, run: list[HtmlElement], kind: str) -> bool:
    """Whether the ``run`` (which ends the content: ``_ends``) follows the post's own
    paragraphs: ``POST_PROSE_MIN_CHARS`` of them before it, and, for teasers, more than
    the run's text (a listing's page may open on a paragraph about the category; a short
    post's thread may say more than the post)."""
    first = run[0]
    prose = 0
    for p in content.iter("p"):
        if p is first or any(anc is first for anc in p.iterancestors()):
            break  # (the run's own paragraphs, and none after it: it ends the content)
        prose += len(_collapsed_text(p))
    if prose < POST_PROSE_MIN_CHARS:
        return False
    return kind == "comment" or prose > sum(len(_collapsed_text(e)) for e in run)


def _featured_post(content: HtmlElement, run: list[HtmlElement], title: str | None) -> bool:
    """Whether the post before the ``run`` is a listing's featured post, not the page's own:
    a blog's index, category or tag page may show its newest post whole above the list of
    the others ("Other articles"), and that list is the page's content. The featured post's
    headline links to the post's own page, and the page's ``<title>`` names the listing
    (the blog, the category), not the post; a post's page names its post in its title,
    and its headline, when linked, is a permalink to it."""
    if not title:
        return False
    first = run[0]
    for h in content.iter(*_HEADINGS):
        if h is first or any(anc is first for anc in h.iterancestors()):
            return False  # (no heading before the run: nothing says whose prose it is)
        a = h.find(".//a[@href]")
        if a is None or (a.get("href") or "").startswith("#"):
            continue  # (a heading of the post's own sections)
        name = _collapsed_text(h)
        return bool(name) and name.casefold() not in title.casefold()
    return False


def _label(content: HtmlElement, run: list[HtmlElement]) -> HtmlElement | None:
    """The run's label: the short heading right before it (or before the block the run
    fills), if any."""
    block: HtmlElement = run[0]
    while True:
        label = block.getprevious()
        while label is not None and not isinstance(label.tag, str):
            label = label.getprevious()
        parent = block.getparent()
        if label is not None or parent is None or parent is content:
            break
        if any(isinstance(c.tag, str) and c not in run for c in parent):
            break
        block = parent  # (the run fills its block: the label is before the block)
    if label is not None and label.tag in _HEADINGS and \
            len(_collapsed_text(label)) <= LABEL_MAX_CHARS and label.find(".//a") is None:
        return label
    return None
