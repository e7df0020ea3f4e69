"""The edges of the chosen content: the headline, byline and dateline at its top; date,
source and credit lines, a bio and a dangling heading at its end."""

from __future__ import annotations

import re
from collections.abc import Iterator

from lxml import etree
from lxml.html import HtmlElement

from ._byline import BYLINE_RE as _BYLINE_RE
from ._dates import _DATE_RE, _dated
from ._decl import beside_declaration, facts_beside
from ._entryhead import kind_heading_beside, says_title
from ._headerend import ends_header
from ._kept import LISTING_MIN_LINES
from ._leadblock import LEAD_ATTR, lead_before_parts
from ._listentry import dated_page_entry, listed_item_date, listing_date, titled_entry_date
from ._namelines import HEADER_BLOCK_EXTRA_CHARS, holds_abstract, says_more
from ._release import release_date
from ._section_end import (
    words_outside,
)
from ._sectionrun import opens_run_section
from ._signals import _SENTENCE_END_RE, _kinds
from ._stats import CODE_TAGS, _drop_all
from ._text import BLOCK_TAGS, text_content
from ._titlepage import licence_page, title_page
from ._trailtitle import title_after_trail
from ._tree import (
    _HEADINGS,
    _collapsed_text,
    _is_ancestor,
    _norm,
    _short_text,
)

_VERSION_RE = re.compile(r"\b\d+(?:\.\d+){2,}\b")
"""A version number: three dotted parts or more ("3.6.16", "5.3.28")."""
VERSION_SENTENCE_MIN_WORDS = 5
_NAMED_VERSION_RE = re.compile(r"\bversions?\s+\d+(?:\.\d+)+\b", re.I)
"""A number the word "version" names, of two dotted parts or more ("version 3.11")."""
NAMED_VERSION_MIN_WORDS = 3
# A header ends at the first of these with 80 characters of text.
_HEADER_STOP_TAGS = frozenset(("p", "pre", "blockquote", "ul", "ol", "table", "dl"))


def strip_header(content: HtmlElement, title: str | None,
                 titled_above: bool = False) -> str | None:
    """Drop the headline, byline and dateline that precede the first real paragraph.

    ``titled_above``: the page's headline is set above the content (see
    ``headline_before``), so no block in it that is no heading is taken for it (a class
    template's declaration line, which restates the name the title has)."""
    norm_title = _norm(title or "")
    title_words = set(norm_title.split())
    headline: str | None = None
    book = False  # (the headline heads a book's title page: see ``_titlepage``)
    doomed: list[HtmlElement] = []
    lines: list[tuple[HtmlElement, str, bool]] = []  # (each line read, whether dated)
    for i, el in enumerate(content.iter()):
        # the header is at the top, over the document's contents and sections' listings
        if i > 400 or (headline is not None and ends_header(el, headline)):
            break
        tag = el.tag
        if el is content or not isinstance(tag, str):
            continue
        if any(_is_ancestor(d, el) for d in doomed):
            continue
        if tag in _HEADINGS:
            heading = _collapsed_text(el)
            if headline is None and heading and (
                tag == "h1" or (norm_title and _names_in(_norm(heading), norm_title))
            ):
                headline = headline_text(el)
                book = title_page(content, el) or licence_page(content, el)
                # (a book's title page: its credits and legal lines are its text)
                doomed.append(el if book else _header_block(el, content, len(heading), title))
            continue
        if headline is None and not titled_above and tag in _TITLE_TAGS and \
                (_is_headline(el, title_words) or title_after_trail(el, title)):
            headline = headline_text(el)  # (a title in a block that is no heading)
            doomed.append(_header_block(el, content, len(headline), title))
            continue
        has_block_child = any(
            isinstance(c.tag, str) and c.tag in BLOCK_TAGS for c in el
        )
        if has_block_child and tag not in _HEADER_STOP_TAGS:
            # a wrapper (of blocks: no paragraph written as a <div>) ends no header and is
            # no line of one, whatever its text: it is passed over unread (the first
            # elements are often wrappers of the whole content)
            continue
        # Past 120 characters, all that matters of the text is that it is long (>= 80).
        text = _short_text(el, 120)
        para = headline is not None and _div_paragraph(el)
        if text is None:
            if tag in _HEADER_STOP_TAGS or para:
                break
            continue
        if (tag in _HEADER_STOP_TAGS or (para and not _BYLINE_RE.match(text))) \
                and len(text) >= 80:
            break
        dated = _dated(text)
        if tag == "p" and len(text) >= 25 and not dated and not _BYLINE_RE.match(text):
            break
        if not text or has_block_child or any(_listing_line(a) for a in _up_to(el, content)):
            continue  # (a code listing's "// Created: 6/2003" is code, no dateline)
        lines.append((el, text, dated))  # (each line read, doomed or not: see _timeline)
        if (_kinds(el).meta or tag in ("time", "address")
                or el.find(".//time") is not None
                or (_BYLINE_RE.match(text) and len(text) < 100)
                or (dated and len(text) < 60
                    and not _version_sentence(text, title_words) and not release_date(el))) \
                and not book and not beside_declaration(el) and not _in_note(el, content) \
                and not listing_date(el) and not dated_page_entry(el) \
                and not listed_item_date(el) and not titled_entry_date(el) \
                and not in_version_sentence(el, content, title_words):
            doomed.append(el)  # (no version beside an API item's title, no note's date)
    _drop_all(_timeline_kept(doomed, lines))
    return headline


DATED_SENTENCES_MAX = 3
"""A page's header holds a dateline or two ("Published ...", "Updated ...", "Last
reviewed ..."); past this many dated sentences under its title (those it took for
datelines, short, and those it passed over as too long for one) the lines are its text: a
timeline (a project's leaders and their terms, "Ben Collins led Debian from April 2001
until April 2002."; a product's releases, each its date), each line a sentence."""
DATED_SENTENCE_MIN_WORDS = 5
TIMELINES_KEPT = True
"""Whether ``strip_header`` keeps a run of dated sentences (``DATED_SENTENCES_MAX``); a
switch for the tests."""


def _timeline_kept(doomed: list[HtmlElement], lines: list[tuple[HtmlElement, str, bool]]
                   ) -> list[HtmlElement]:
    """``doomed`` less the dated sentences among the header's ``lines`` (each line read, its
    text and whether it says a date) when they are more than ``DATED_SENTENCES_MAX``, long
    or short (taken for datelines, or passed over as too long for one): a timeline, the
    text's."""
    sentences = [el for el, text, dated in lines if dated and _dated_sentence(el, text)]
    if len(sentences) <= DATED_SENTENCES_MAX:
        return doomed
    return [d for d in doomed if not any(d is s for s in sentences)]


def _dated_sentence(el: HtmlElement, text: str) -> bool:
    """Whether ``el``, a line ``strip_header`` takes for a dateline, is a sentence that says
    a date and nothing of a byline's (no ``_BYLINE_RE`` opening, no ``<time>``, no meta
    class): a capitalised line of ``DATED_SENTENCE_MIN_WORDS`` words or more ending with a
    full stop ("Sam Hocevar led Debian from April 2007 until April 2008."). A dateline is
    a date ("12 May 2024"), a label and a date ("Updated: 12.05.2024"), or a byline's
    sentence ("Posted on 12 May 2024 by Jane.", which ``_BYLINE_RE`` reads)."""
    if not TIMELINES_KEPT or el.tag in ("time", "address") or _kinds(el).meta or \
            el.find(".//time") is not None or _BYLINE_RE.match(text):
        return False
    return text[:1].isupper() and text.rstrip().endswith(".") and \
        len(text.split()) >= DATED_SENTENCE_MIN_WORDS


def in_version_sentence(el: HtmlElement, content: HtmlElement, title_words: set[str]) -> bool:
    """Whether ``el`` is a part of a paragraph the header's scan kept as a version sentence
    ("for dblatex version <em>0.3.12</em>.": "3.12" reads as a time): its words, no line."""
    up = next((a for a in el.iterancestors("p") if _is_ancestor(content, a)), None)
    return up is not None and _says_version(up, title_words)


def _says_version(p: HtmlElement, title_words: set[str]) -> bool:
    """The guard: the paragraph is a version sentence (``_version_sentence``); a credit
    line's parts ("Photos <b>by Jane Roe</b>") are in none."""
    text = _short_text(p, 120)
    return text is not None and _version_sentence(text, title_words)


def _version_sentence(text: str, title_words: frozenset[str] | set[str] = frozenset()) -> bool:
    """Whether the short line ``text`` says something whose only date or time is a
    version number read as one: a sentence (capitalised, or opening with a name of the
    page's title, ``_named_opening``; ending with a full stop or an exclamation mark, five
    words or more) naming a version of three parts ("A small patch to version 3.6.16 to fix
    the OP_If bug.", a release's only change, under its title: "6.16" reads as a time; "The
    pytest team is proud to announce the 3.10.0 release!"), or
    a phrase of ``NAMED_VERSION_MIN_WORDS`` words or more with a number the word "version"
    names, a sentence or its opening phrase ("New in version 3.11.", "Changed in version
    3.10: ...", a module's first lines under its title: "3.11" reads as a time). A
    dateline does not. A version line that is no sentence ("Berkeley DB version 5.3.28" in
    a reference's header) is the header's, as a date is."""
    words = text.split()
    if not text[:1].isupper() and not _named_opening(words, title_words):
        return False
    if len(words) >= NAMED_VERSION_MIN_WORDS and text.rstrip().endswith((".", ":")) and \
            _NAMED_VERSION_RE.search(text) is not None:
        return _DATE_RE.search(_NAMED_VERSION_RE.sub(" ", _VERSION_RE.sub(" ", text))) is None
    if len(words) < VERSION_SENTENCE_MIN_WORDS or not text.rstrip().endswith((".", "!")) or \
            _VERSION_RE.search(text) is None:
        return False
    return _DATE_RE.search(_VERSION_RE.sub(" ", text)) is None


def _named_opening(words: list[str], title_words: frozenset[str] | set[str]) -> bool:
    """Whether a line of ``words`` opens with a name of the page's title (``title_words``,
    ``_norm``ed) written in lower case, as a project may spell its own ("pytest 3.10.1 has
    just been released to PyPI.", under the headline "pytest-3.10.1"): a sentence's first
    word, though no capital says so. A dateline's first word ("posted 12.05.2024 by the
    news desk.") is no word of the title."""
    first = _norm(words[0]) if words else ""
    return bool(first) and first.islower() and first in title_words


def _in_note(el: HtmlElement, content: HtmlElement) -> bool:
    """Whether ``el`` is in a note box (an admonition, by its class: a note, a tip) under
    the content's top: what a note says is the text's (a release's notes open with one
    saying "Release Date: 2018-07-31"), and no dateline of the page, which a byline's
    block or a ``<time>`` holds, not a note."""
    return any(_kinds(a).admonition for a in _up_to(el, content))


def _div_paragraph(el: HtmlElement) -> bool:
    """Whether ``el`` is a paragraph written as a <div> (no block inside: its text is its
    own; DocBook through Publican's templates writes every paragraph so). Past the
    headline, a long one is the body begun, as a <p> is: the header (byline, dateline)
    is over, and a line below it that looks like a date ("Example 3.15. Using ...") is
    the body's."""
    return el.tag == "div" and not any(isinstance(c.tag, str) and c.tag in BLOCK_TAGS
                                       for c in el)


def _names_in(heading: str, title: str) -> bool:
    """Whether the words of ``heading`` are words of ``title`` in a row (both ``_norm``ed).
    Whole words: a reference entry's "Name" heading is no part of the title
    "function::task_execname", whose last word merely ends in "name"."""
    return bool(heading) and f" {heading} " in f" {title} "


def _up_to(el: HtmlElement, content: HtmlElement) -> Iterator[HtmlElement]:
    """``el`` and its ancestors below ``content``."""
    node: HtmlElement | None = el
    while node is not None and node is not content:
        yield node
        node = node.getparent()


def _listing_line(el: HtmlElement) -> bool:
    """Whether ``el`` is a line of a listing: in code, or one of ``LISTING_MIN_LINES``
    siblings of its tag and class."""
    if any(a.tag in CODE_TAGS for a in el.iterancestors()):
        return True
    cls, parent = el.get("class"), el.getparent()
    if not cls or parent is None:
        return False
    alike = 0
    for sib in parent:
        if sib.tag == el.tag and sib.get("class") == cls:
            alike += 1
            if alike >= LISTING_MIN_LINES:
                return True
    return False


# -- a headline outside the content: the page's title set above it ----------------------

HEADLINE_GAP_CHARS = 300
"""At most this much text lies between the content and a headline set above it (a
subtitle, a byline, the page's bar of links to its sections)."""
HEADLINE_MAX_CHARS = 200
_TITLE_SHARE = 0.5
"""A heading above the content with this share of its words in the page's title is its
headline (an element of another tag: ``_TITLE_SHARE_OTHER``)."""
_TITLE_SHARE_OTHER = 0.75
_TITLE_MIN_WORDS = 3
_TITLE_WIDER = 2
"""A block that says all of the title says it in at most this many times its words."""
_TITLE_TAGS = frozenset(("div", "span"))
"""Tags besides headings a generator sets a page's title in."""


def headline_before(content: HtmlElement, title: str | None) -> HtmlElement | None:
    """The page's headline set just above ``content`` and outside it (a generator that puts
    the title in a header block before the body: Javadoc, Doxygen): the nearest preceding
    heading or short block whose words are the title's, with at most
    ``HEADLINE_GAP_CHARS`` of text between them."""
    title_words = set(_norm(title or "").split())
    name_words = set(_norm(_TITLE_SEPARATOR_RE.split(title or "", maxsplit=1)[0]).split())
    gap = 0
    node = content
    while node.getparent() is not None and node.tag not in ("body", "html"):
        for sib in node.itersiblings(preceding=True):
            if not isinstance(sib.tag, str):
                continue
            text = _short_text(sib, HEADLINE_GAP_CHARS + HEADLINE_MAX_CHARS)
            if text is None:
                return None  # a long block between them: nothing above is the headline
            for el in reversed(list(sib.iter())):
                if isinstance(el.tag, str) and (_is_headline(el, title_words) or
                                                _names_page(el, name_words) or
                                                (el.tag in _HEADINGS and says_title(el, title))
                                                or title_after_trail(el, title)):
                    return el
            gap += len(text)
            if gap > HEADLINE_GAP_CHARS:
                return None
        node = node.getparent()
    return None


_TITLE_SEPARATOR_RE = re.compile(r"\s+[(|\u2013\u2014-]\s*|:\s+")
"""Where a page's name ends in its title ("Widget (proj 1.2 API)", "Widget - proj")."""
NAME_KIND_WORDS = 2
"""A heading may say what kind of thing the page names in this many words besides."""


def _names_page(el: HtmlElement, name_words: set[str]) -> bool:
    """Whether the heading ``el`` says the page's name (its title's first part) and what
    kind of thing it is: "Annotation Type Nonnull" under "Nonnull (proj 1.2 API)"."""
    if el.tag not in _HEADINGS or not name_words:
        return False
    text = _short_text(el, HEADLINE_MAX_CHARS)
    heading_words = _norm(text or "").split()
    return name_words <= set(heading_words) and \
        len(heading_words) <= len(name_words) + NAME_KIND_WORDS


def _is_headline(el: HtmlElement, title_words: set[str]) -> bool:
    tag = el.tag
    if tag not in _HEADINGS and (tag not in _TITLE_TAGS or
                                 any(isinstance(c.tag, str) and c.tag in BLOCK_TAGS
                                     for c in el)):
        return False
    text = _short_text(el, HEADLINE_MAX_CHARS)
    if not text:
        return False
    heading_words = _norm(text).split()
    if not heading_words:
        return False
    share = sum(w in title_words for w in heading_words) / len(heading_words)
    if tag in _HEADINGS:
        return share >= _TITLE_SHARE
    # a block of another tag is the title only when it says most of it (not a label of a
    # word or two that the title also has: a section's name)
    if _SENTENCE_END_RE.search(text):
        return False
    if share >= _TITLE_SHARE_OTHER and len(heading_words) >= _TITLE_MIN_WORDS and \
            2 * len(set(heading_words)) >= len(title_words):
        return True
    # or it says all of a short title, naming more closely what the title names
    # ("proj::net::Socket Member List" under "proj: Member List"), and links nowhere (a
    # breadcrumb says the title too)
    return len(title_words) >= _TITLE_MIN_WORDS and title_words <= set(heading_words) and \
        len(heading_words) <= _TITLE_WIDER * len(title_words) and el.find(".//a") is None


def headline_text(el: HtmlElement) -> str:
    """A headline's text, a line break (``<br>``) read as a space."""
    parts: list[str] = []
    _text_parts(el, parts)
    return " ".join("".join(parts).split()).rstrip("¶").strip()


def _text_parts(el: HtmlElement, parts: list[str]) -> None:
    if el.tag == "br":
        parts.append(" ")
    elif isinstance(el.tag, str) and el.text:
        parts.append(el.text)
    for child in el:
        _text_parts(child, parts)
        if child.tail:
            parts.append(child.tail)


_HEADER_BODY_FACTOR = 2
"""The content outside a header block holds at least this many times its text."""


_LANDMARK = etree.XPath("self::main or self::article or @role='main' "
                        "or descendant::main or descendant::article "
                        "or descendant::*[@role='main']")


def _holds_landmark(el: HtmlElement) -> bool:
    """Whether ``el`` is or holds the page's main or article landmark: the body is there,
    so ``el`` is no header block."""
    return bool(_LANDMARK(el))


def _header_block(headline: HtmlElement, content: HtmlElement, size: int,
                  title: str | None = None) -> HtmlElement:
    """The largest wrapper of ``headline`` inside ``content`` that holds little more than
    it: the header the body follows."""
    block = headline
    parent = headline.getparent()
    total = None
    while parent is not None and parent is not content:
        text = _short_text(parent, size + HEADER_BLOCK_EXTRA_CHARS)
        if text is None or parent.find(".//pre") is not None or _holds_landmark(parent) \
                or says_more(parent, headline) or holds_abstract(parent, headline) \
                or facts_beside(block, parent) or kind_heading_beside(block, parent) \
                or opens_run_section(parent, headline) or _marked_lead(parent) \
                or lead_before_parts(parent, headline, content, title):
            break
        if total is None:  # the text of the landmark it is in, else of the content
            scope = next((a for a in headline.iterancestors() if a is content or
                          a.tag in ("main", "article") or a.get("role") == "main"), content)
            total = _text_size(scope, (1 + _HEADER_BODY_FACTOR) *
                               (size + HEADER_BLOCK_EXTRA_CHARS))
        # the body follows the header: a wrapper holding (nearly) all the content is the
        # article itself (a short page's only <section>), not its header
        if total - len(text) < _HEADER_BODY_FACTOR * len(text) or \
                _only_text(parent, headline, scope):
            break
        block, parent = parent, parent.getparent()
    return block


def _marked_lead(parent: HtmlElement) -> bool:
    """Whether ``parent`` holds the lead ``_leadblock.lead_over_parts`` took in with the
    content (a home page's lead in its hero, an author's bio line): the page's text."""
    return any(p.get(LEAD_ATTR) is not None for p in parent.iter("p"))


_PREFIX_FACTOR = 4
"""``_text_size`` collapses this many times its bound of the text first (whitespace
collapsed away leaves it longer than the bound all the same)."""


def _text_size(el: HtmlElement, bound: int) -> int:
    """``len(_collapsed_text(el))``, or ``bound + 1`` when that is more than ``bound``: the
    size ``_header_block`` compares with a wrapper's (at most ``size +
    HEADER_BLOCK_EXTRA_CHARS``), where any size past ``bound`` says the same (the content is
    the body, not a header). A collapsed prefix of a text is no longer than the whole text
    collapsed, so the text of a whole article is not joined whole to say it is long."""
    raw = text_content(el)
    cut = _PREFIX_FACTOR * bound
    if len(raw) > cut and len(" ".join(raw[:cut].split())) > bound:
        return bound + 1
    return len(" ".join(raw.split()))


def _only_text(wrapper: HtmlElement, headline: HtmlElement, scope: HtmlElement) -> bool:
    """Whether ``wrapper`` (the headline and a little more) is all the page says: a line
    under the title (a placeholder chapter's "TODO", a stub's one sentence) and, outside
    it in ``scope``, no word but in blocks whose class names chrome (``words_outside``: a
    generator's footer, "Generated by GTK-Doc V1.33.1", which the size guards spare on so
    short a page, and ``_header_block``'s measure counts). Such a line is the page's
    text, no standfirst or byline over a body: a header has a body after it."""
    return bool(_collapsed_text(wrapper)[len(_collapsed_text(headline)):].strip()) and \
        not words_outside(scope, wrapper)
