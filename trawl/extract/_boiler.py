"""Boilerplate by tag, ARIA role and class/id tokens (navigation, headers, footers,
sidebars, banners, ads, share bars), dropped before scoring, guarded by size."""

from __future__ import annotations

import itertools
import re

from lxml.html import HtmlElement

from ._articletoc import CONTENTS_ATTR, article_contents, aside_contents
from ._asidebox import sidebar_in_flow
from ._banner import site_banner
from ._blockcaption import captions_block
from ._blocktags import block_tags
from ._boxes import _box_under_title, _boxed_in_text, _in_flow_quote, _related_entries
from ._cells import data_cell
from ._clean import NEXT_PAGE_ATTR, PREV_PAGE_ATTR
from ._demo import demonstration, offered_embed
from ._doccomment import doc_comment
from ._doctoc import marked_contents, toc_navigation
from ._entrycaption import declared_heading
from ._entryhead import TITLED_ATTR, titled_header
from ._featured import entry_over_byline, featured_post, leading_byline
from ._linkpanel import links_panel
from ._listedsection import note_dropped_contents
from ._listentry import listing_entry_header
from ._listing import in_listing
from ._menus import menu_of_sections
from ._navbar import NAV_BAR_MAX_CHARS, navigation_bar
from ._navrun import section_contents_run
from ._outline import labels_of_outline, outline_beside_article
from ._phrases import _part_of_sentence
from ._sectioncaption import section_caption
from ._sectionhead import described_header
from ._selfheading import self_linked_heading
from ._seqbar import PAGE_LINE_MAX_CHARS, SEQUENCE_BAR_MAX_CHARS, page_line, sequence_bar
from ._signals import _boiler_kinds, _is_ad_label, _kinds, page_contents
from ._sourcenote import source_note
from ._stats import TextSize, _drop_all, _link_density, _measure, _remeasure, _Stats
from ._text import _FIGURE_NUMBER_RE, _SECTION_NUMBER_RE, _lead_text, text_content, words
from ._textfigure import caption_of_text
from ._textrun import one_of_a_run
from ._titleline import title_line
from ._tokens import _tokens_of
from ._tree import _HEADINGS, _is_ancestor, _wrapped_heading

# Note, warning and "See also" boxes (Sphinx, MkDocs, Docusaurus, GitHub, Bootstrap): content
_BOILER_ROLES = words(
    "navigation banner contentinfo complementary menu menubar dialog alertdialog search toolbar"
)
_BOILER_TAGS = frozenset(("nav", "aside", "footer", "header"))
_CHROME_TAGS = _BOILER_TAGS
"""The tags _is_chrome can hold of without a role."""
_CHROME_ROLES = frozenset(("navigation", "banner", "contentinfo", "complementary", "search"))
_NOTE_ROLES = frozenset(("note", "doc-footnote", "doc-endnotes", "doc-endnote"))
"""ARIA roles of a text's notes (footnotes, endnotes): an <aside> with one of them is no
sidebar (the explicit role overrides the tag's), and neither is an <aside> of such notes
(docutils' ``footnote-list``)."""


def remove_boilerplate(body: HtmlElement,
                       stats: dict[HtmlElement, _Stats] | None = None,
                       title: str | None = None) -> TextSize:
    """Drop navigation, headers, footers, sidebars, banners, ads, share bars (guarded by size).
    Returns the size of the page's readable text: the body's less its chrome's (see
    ``_stats.CHROME``), measured on the way (one pass over the page).

    ``stats``, when given, is ``_measure(body)``'s and is kept up to date with the removals.
    ``title``: the page's (a section's header holding it is no banner: ``titled_header``).
    """
    stats = _measure(body) if stats is None else stats
    total = max(stats[body].text, 1)
    text, links = stats[body].text, stats[body].links
    doomed: list[HtmlElement] = []
    # large blocks, which the size guards may spare: asked again without them (below) only
    # when the page has a main landmark (the walk changes nothing of the tree meanwhile)
    large: list[tuple[HtmlElement, str, str, _Stats, HtmlElement | None]] = []
    chrome: set[HtmlElement] = set()
    landmark = None
    banner = site_banner(body, stats)
    if banner is not None:  # (chrome, as a <header> is: below, its parts are not asked of)
        doomed.append(banner)
        chrome.add(banner)
        text, links = text - stats[banner].text, links - stats[banner].links
    # Inside an element already doomed (a sidebar, a page's navigation: a third of a docs
    # page's elements), what the rules say of its parts changes nothing (_drop_all drops it
    # whole), so they are not asked there; the chrome and the landmark are still seen.
    inside, resume = False, None  # in a doomed subtree; the node after it
    heading = None  # the last heading the walk met (see _caption_in_numbered_section)
    root = body.getroottree().getroot()
    paged = root.get(NEXT_PAGE_ATTR) is not None or root.get(PREV_PAGE_ATTR) is not None
    for el in body.iter():
        tag = el.tag  # read once: lxml makes a new string per access
        if tag in _HEADINGS:  # (the test inline: a call for every element was 5 % of it)
            heading = _walked_heading(el, heading)
        inside = inside and el is not resume  # (out of the doomed block at the node after it)
        if el is banner:
            inside, resume = True, _following(el)
            continue
        if el is body or tag in _ROOT_TAGS:
            continue
        role = el.get("role")
        if inside and not role and tag not in _INSIDE_ASKED:
            continue  # (in a doomed block, only a landmark or chrome is looked for)
        st = stats.get(el)
        if st is None:
            continue
        role = role.strip().lower() if role else ""
        if landmark is None and (tag == "main" or role == "main"):
            landmark = el
        elif (tag == "nav" or role) and _contents_kept(el, tag, role, landmark):
            continue  # (a table of contents that is content: see _contents_kept)
        # (chrome is one of four tags or has a role: most elements are neither, and skip the call)
        if (role or tag in _CHROME_TAGS) and _is_chrome(el, tag, role) and \
                not any(a in chrome for a in el.iterancestors()):
            chrome.add(el)
            text, links = text - st.text, links - st.links
        if inside:
            continue
        share = st.text / total
        if _is_boilerplate(el, tag, role, st, share, heading, title, paged):
            doomed.append(el)
            doomed.extend(labels_of_outline(el, tag, role))  # (a nav's label goes with it)
            inside, resume = True, _following(el)
        elif share >= _SIZE_GUARD_MIN:
            large.append((el, tag, role, st, heading))
    if landmark is not None:
        doomed += _outside_landmark(landmark, large, title, paged)
    note_dropped_contents(doomed, root)  # (see _listedsection)
    _remeasure(stats, body, _drop_all(doomed))
    return TextSize(max(text, 0), max(links, 0))


def _contents_kept(el: HtmlElement, tag: str, role: str,
                   landmark: HtmlElement | None) -> bool:
    """Whether ``el``, a ``<nav>`` or a block of a role, is a table of contents that is
    content: the page's own in its main ``landmark`` (``_landmark_contents``; a block the
    page marks as its table of contents too, ``_doctoc``), its article's under its title
    (``_articletoc``), or one of a run of ``nav`` elements that are its section's
    (``_navrun``): those two marked ``CONTENTS_ATTR``, for the selection."""
    if (tag == "nav" or marked_contents(role)) and landmark is not None and \
            _landmark_contents(landmark, el):
        return True
    if tag == "nav" and (article_contents(el) or section_contents_run(el)):
        el.set(CONTENTS_ATTR, "")
        return True
    return False


def _landmark_contents(landmark: HtmlElement, nav: HtmlElement) -> bool:
    """Whether ``nav`` is the page's own table of contents (``page_contents``) in its main
    ``landmark``: content."""
    return page_contents(nav) and _is_ancestor(landmark, nav)


def _outside_landmark(landmark: HtmlElement,
                      large: list[tuple[HtmlElement, str, str, _Stats, HtmlElement | None]],
                      title: str | None, paged: bool) -> list[HtmlElement]:
    """The blocks of ``large`` (each with its tag, role, stats and the heading before it,
    as the walk met them) that are boilerplate but for their size, outside the page's main
    ``landmark``: there boilerplate is boilerplate whatever its size (on a short page a
    footer holds much of the text, and the size guards would keep it). The landmark, its
    ancestors and what it holds are not asked."""
    around = set(landmark.iterancestors())
    return [el for el, tag, role, st, heading in large
            if el is not landmark and el not in around
            and not any(a is landmark for a in el.iterancestors())
            and _is_boilerplate(el, tag, role, st, 0.0, heading, title, paged)]


def _walked_heading(el: HtmlElement, heading: HtmlElement | None) -> HtmlElement | None:
    """The last heading a walk in document order has met at ``el``, ``heading`` before it:
    ``el`` if it is one, unless inside ``heading`` (the outer one is ``_heading_before``'s
    for what follows)."""
    if el.tag in _HEADINGS and (heading is None or not _is_ancestor(heading, el)):
        return el
    return heading


def _following(el: HtmlElement) -> HtmlElement | None:
    """The node after ``el``'s subtree in document order (None: nothing after it)."""
    node: HtmlElement | None = el
    while node is not None:
        after = node.getnext()
        if after is not None:
            return after
        node = node.getparent()
    return None


_ROOT_TAGS = frozenset(("html", "body"))
_INSIDE_ASKED = _CHROME_TAGS | {"main"}
"""The tags the walk looks at inside a doomed block (besides those with a role): the main
landmark, chrome (whose text the page's readable size leaves out)."""
_SIZE_GUARD_MIN = 0.1
"""The smallest share of the page's text that a size guard of _is_boilerplate spares."""
_SECTIONING = frozenset(("article", "main", "section"))


def _is_chrome(el: HtmlElement, tag: str, role: str) -> bool:
    """Navigation chrome (``_stats.CHROME``): nav, aside, a header or footer of the page
    (not of an article or section), and the ARIA roles of those."""
    if tag == "nav" or role in _CHROME_ROLES:
        return not demonstration(el)  # (a navigation bar shown live in the text)
    if tag == "aside":
        return not _notes(el, role) and not featured_post(el)
    return tag in ("header", "footer") and not any(
        a.tag in _SECTIONING for a in el.iterancestors())


_SECTION_HEADINGS = frozenset(("h2", "h3", "h4", "h5", "h6"))


def _section_header(el: HtmlElement) -> bool:
    """Whether the ``<header>`` ``el`` is its section's heading and nothing else: a child of
    a ``section`` or ``article``, holding one heading below the page's title (``h2``-``h6``)
    and no other text (HTML's header of a section groups its heading: an API reference's
    "Public Instance Methods" over its entries, RDoc's Darkfish). The page's banner is a
    header of the page (its name as ``h1``, its menu), which goes as before, wherever a
    layout's section wraps it; a header with a byline or links beside its heading is judged
    as a header."""
    parent = el.getparent()
    if parent is None or parent.tag not in ("section", "article"):
        return False
    kids = [c for c in el if isinstance(c.tag, str)]
    return len(kids) == 1 and kids[0].tag in _SECTION_HEADINGS and \
        not (el.text or "").strip() and not (kids[0].tail or "").strip()


def _notes(el: HtmlElement, role: str) -> bool:
    """A note of the text (``_NOTE_ROLES``), or a block of nothing but such notes."""
    if role in _NOTE_ROLES:
        return True
    children = [c for c in el if isinstance(c.tag, str)]
    return bool(children) and all(
        (c.get("role") or "").strip().lower() in _NOTE_ROLES for c in children)


def _spared_header(el: HtmlElement, title: str | None) -> bool:
    """Whether the ``<header>`` ``el`` is content's: a section's, the page's title's (marked
    so for ``titled_header_in`` when a meta block is under the title: its byline is gone
    when the content's header is looked for again), a described entry's, a listing
    entry's."""
    if titled_header(el, title or ""):
        if any(isinstance(c.tag, str) and c.tag not in _HEADINGS for c in el):
            el.set(TITLED_ATTR, "")  # (a meta block under the title: see header_meta)
        return True
    return _section_header(el) or described_header(el) or listing_entry_header(el) \
        or entry_over_byline(el)


def _is_boilerplate(el: HtmlElement, tag: str, role: str, st: _Stats, share: float,
                    heading: HtmlElement | None = None, title: str | None = None,
                    paged: bool = True) -> bool:
    """Whether ``el`` (``share`` of the page's text) is boilerplate. ``heading``: the last
    heading before ``el`` in document order, as the walk met it (see
    ``_caption_in_numbered_section``); ``title``: the page's; ``paged``: whether the page's
    head names a page before or after it (``_bar_of_links``; False spares the asking)."""
    if tag == "figcaption" and share < 0.3:
        return not _numbered_caption(el, tag) and \
            not _caption_in_numbered_section(el, tag, heading) and not caption_of_text(el)
    if tag == "aside" and (_notes(el, role) or source_note(el, st) or featured_post(el)
                           or aside_contents(el)):
        return False
    if tag == "footer" and leading_byline(el):
        return False
    if tag == "header" and _spared_header(el, title):
        return False
    if role and toc_navigation(role, share):
        return True  # (a table of contents the page marks as one, judged as a <nav>)
    if tag in _BOILER_TAGS or role in _BOILER_ROLES:
        # a <header>/<footer> wrapping the whole article is layout, not boilerplate
        return (share < 0.5 or ((tag == "nav" or role == "navigation") and share < 0.8)) \
            and not _in_flow_quote(el, st) and not _box_under_title(el, st) \
            and not sidebar_in_flow(el, st) and not demonstration(el)
    if st.links and ((st.text <= _BARS_MAX_CHARS and _bar_of_links(el, st, paged))
                     or outline_beside_article(el, tag)
                     or (tag == "div" and links_panel(el))):
        return True
    if 1 < st.text < 40 and st.links == 0:
        # half of all elements get here: spare the leaves (most of them) the itertext
        leaf = not len(el) and isinstance(tag, str)
        raw = (el.text or "") if leaf else text_content(el)
        if _is_ad_label(raw) and not _named_term(el):
            return True
    kinds = _boiler_kinds(el)  # (_NO_KINDS when neither strong nor boilerplate)
    # only strong or boilerplate tokens make it boilerplate below: _code_comment (another
    # class read) is asked of those few, not of every element with a class
    offer = kinds.embed and offered_embed(el)  # (a share box's embed code: no post's)
    if not (kinds.strong or kinds.boiler) or (kinds.embed and not offer) \
            or _code_comment(el, tag, st) or in_listing(el, st) \
            or (not offer and demonstration(el)):
        # (a listing's block: its class or id names code, no chrome; a toolbar shown live
        # in the text with its markup)
        return False
    if kinds.strong:
        return share < 0.5
    if kinds.boiler:
        if kinds.content and share >= 0.1 and _link_density(st) < 0.4:
            return False
        if doc_comment(el, st) or block_tags(el, st) or self_linked_heading(el, tag) or \
                title_line(el, title, st.text):
            return False
        return (share < 0.4 or _copyright_footer(el)) and not _boxed_in_text(el, st) \
            and not _numbered_caption(el, tag) \
            and not _caption_in_numbered_section(el, tag, heading) and \
            not _title_page_credits(el) and not _part_of_sentence(el, tag) and \
            not _related_entries(el) and not menu_of_sections(el) and \
            not one_of_a_run(el, st) and \
            not data_cell(el, tag, st) and not captions_block(el) and \
            not section_caption(el, tag)
    return False


_TERM_TAGS = frozenset(("dt", "code", "kbd", "var", "samp", "tt"))
_TERM_LEVELS = 3
"""How deep in its term or cell a word may sit (``dt > span.term > code.acronym``)."""


def _named_term(el: HtmlElement) -> bool:
    """Whether ``el`` is a name a list or a table defines, not an ad's label: a term of a
    definition list or a name in code ("AD", an acronym; ``related``, a key word), or in a
    cell of a table with a header row (a table of data; a layout table has none, and an
    old site's "ADVERTISEMENT" cell stays a label), within ``_TERM_LEVELS``."""
    for node in itertools.chain((el,), itertools.islice(el.iterancestors(), _TERM_LEVELS)):
        if node.tag in _TERM_TAGS:
            return True
        if node.tag in ("td", "th"):
            table = next(node.iterancestors("table"), None)
            return table is not None and (table.find(".//th") is not None)
    return False

COPYRIGHT_LINE_MAX_CHARS = 160
"""A site's copyright footer is a line: "Copyright © 2015-2023, The Group, MIT License."."""
_LEGAL_LEAD_RE = re.compile(r"^\W*(?:copyright\b|©|\(c\))", re.I)
"""How a copyright line opens: the word or the sign."""


def _copyright_footer(el: HtmlElement) -> bool:
    """Whether ``el`` is the site's copyright footer: its class names a footer and its text
    is a copyright line (``_copyright_line``). It is chrome whatever its share of the page:
    on a short page (a title and a list of two links between a menu and the footer) the
    footer is half the text, and the size guard kept it, the footer's line then counting as
    the page's prose and the page's own list going as links. A block its class names a
    footer that says something else (a card's footer with its instructions) is judged by
    its size as before."""
    return "footer" in _tokens_of(el.get("class") or "") and _copyright_line(el)


def _copyright_line(el: HtmlElement) -> bool:
    """Whether ``el``'s text is one copyright line: short (``COPYRIGHT_LINE_MAX_CHARS``),
    opening with the word or the sign, a year after it."""
    text = " ".join(text_content(el).split())
    return len(text) <= COPYRIGHT_LINE_MAX_CHARS and states_copyright(text)


def states_copyright(text: str) -> bool:
    """Whether ``text`` opens as a copyright line does: the word or the sign first
    (``_LEGAL_LEAD_RE``), a year after it (``_COPYRIGHT_RE``)."""
    return _LEGAL_LEAD_RE.match(text) is not None and _COPYRIGHT_RE.search(text) is not None


_CREDITS_TOKENS = frozenset(("author", "authors", "copyright", "legal", "legalnotice"))
"""Class tokens naming a title page's credits: its author, its copyright, its legal notice."""
_COPYRIGHT_RE = re.compile(r"(?:\bcopyright\b|©)\s*(?:©\s*|\(c\)\s*)?(?:[12]\d{3})", re.I)
"""A copyright line: "Copyright 2000-2018, Kern Sibbald", "© 2023 The Authors"."""


def _title_page_credits(el: HtmlElement) -> bool:
    """The credits of a document's title page: a block its class names as the author's,
    the copyright or the legal notice (``author_info``, ``p.copyright``), under the
    document's title (``_under_the_title``), stating a copyright (``_states_copyright``):
    a manual's front page sets its author, date, version, copyright and license under its
    title, as LaTeX's ``\\maketitle`` and DocBook's title page do, and a reader reads them as
    the page's text. A story's author box ("Jane Doe covers climate for ...", a bio) comes
    after the story or is a bio without a copyright, and a site's or a blog's copyright
    line ("© 2024 Jane Roe") comes after the text: they stay boilerplate."""
    tokens = _tokens_of(" ".join(v for v in (el.get("class"), el.get("id")) if v))
    return bool(tokens & _CREDITS_TOKENS) and _under_the_title(el) and _states_copyright(el)


CREDIT_LINE_MAX_WORDS = 12
"""A title page's line (an author, a corporate author, a version, another copyright)."""
TITLE_PAGE_DEPTH = 4
"""Wrappers (holding nothing before it) climbed from a credit to the title page's title."""


def _under_the_title(el: HtmlElement) -> bool:
    """Only the title (a heading, through wrappers), lines of credits (short), text-less
    blocks (a logo, an empty paragraph) and chrome by class (a navigation bar) come before
    ``el`` in its parent, or in its title page climbing wrappers (DocBook sets each line
    of a title page in a ``div`` of its own, the title in another): nothing of the text."""
    node = el
    for _ in range(TITLE_PAGE_DEPTH):
        headed = False
        for sib in node.itersiblings(preceding=True):
            if not isinstance(sib.tag, str):
                continue
            if sib.tag in _HEADINGS or (sib.tag == "div" and
                                        _wrapped_heading(sib).tag in _HEADINGS):
                headed = True
                continue
            text = text_content(sib)
            if text.strip() and not _kinds(sib).boiler and \
                    len(text.split()) > CREDIT_LINE_MAX_WORDS:
                return False
        parent = node.getparent()
        if headed or parent is None or parent.tag == "body" or (parent.text or "").strip():
            return headed
        node = parent
    return False


def _states_copyright(el: HtmlElement) -> bool:
    """``el``'s text has a copyright line (``_COPYRIGHT_RE``)."""
    return _COPYRIGHT_RE.search(text_content(el)) is not None


_FIGURE_MAX_LEVELS = 6
"""How far above its caption a figure's block (and its numbered title) may be."""


def _numbered_caption(el: HtmlElement, tag: str) -> bool:
    """Whether ``el`` is a caption (``figcaption``, a ``caption`` class token) of a numbered
    figure: the caption, or the figure it is in (``<figure>``, a block of class "figure"),
    starts with the figure's number ("Figure 2.7. New Account Setup", Sphinx's "Fig. 1").
    A document numbers the figures its text refers to ("as Figure 2.7 shows"), on any
    generator (DocBook, Sphinx, LaTeX's converters), and their captions say what a
    screenshot or a diagram shows: text of the document. A news photo's caption ("Crowds
    at the rally. Photo: AP") is numbered by no one, and stays boilerplate."""
    if tag != "figcaption" and "caption" not in _tokens_of(el.get("class") or ""):
        return False  # (a "caption-text" part of one too)
    node: HtmlElement | None = el
    for _ in range(_FIGURE_MAX_LEVELS):
        if node is None:
            return False
        if _FIGURE_NUMBER_RE.match(_lead_text(node)):
            return True
        if node.tag == "figure" or "figure" in (node.get("class") or "").lower().split():
            return False  # (the figure itself, unnumbered)
        node = node.getparent()
    return False




def _caption_in_numbered_section(el: HtmlElement, tag: str,
                                 walked: HtmlElement | None) -> bool:
    """Whether ``el`` is a caption (``figcaption``, a ``caption`` class token) under a
    numbered section's heading: the nearest heading before it opens with a section number
    of two levels or more (``_SECTION_NUMBER_RE``: "14.5.1. Overview"). A document that
    numbers its sections (a manual, a paper: DocBook, LaTeX's and Texinfo's converters)
    shows pictures to illustrate its text, and their captions say what a screenshot shows
    ("Filter applied with default options: scale=1.000"), numbered or not; a news photo's
    caption ("Crowds at the rally. Photo: AP") sits under a headline or a subheading no one
    numbers, and stays boilerplate. So is a caption under an API entry's declaration
    (``_entrycaption.declared_heading``: "enum QEasingCurve::Type")."""
    if tag != "figcaption" and "caption" not in _tokens_of(el.get("class") or ""):
        return False
    # ``walked``: the last heading the walk over the page (``remove_boilerplate``) met
    # before ``el``, the nearest unless it holds ``el`` (then the walk back; a walk back
    # for each caption took seconds on a gallery of thousands and no heading)
    heading = walked
    if walked is not None and (walked is el or _is_ancestor(walked, el)):
        heading = _heading_before(el)
    return heading is not None and (_SECTION_NUMBER_RE.match(text_content(heading)) is not None
                                    or declared_heading(heading))


def _heading_before(el: HtmlElement) -> HtmlElement | None:
    """The nearest heading before ``el`` in the document: a preceding sibling of it or of
    an ancestor, or the last heading in one. (Walked from ``el`` back: the XPath
    ``preceding::`` axis reads the whole document before it for each caption, seconds on
    a book on one page of hundreds of captions.)"""
    node: HtmlElement | None = el
    while node is not None:
        for sib in node.itersiblings(preceding=True):
            if not isinstance(sib.tag, str):
                continue
            if sib.tag in _HEADINGS:
                return sib
            inner = list(sib.iter(*_HEADINGS))
            if inner:
                return inner[-1]
        node = node.getparent()
    return None




_SEQUENCE_RELS = words("next prev previous up start first last contents toc index home")
"""Link types (HTML's ``rel``: ``next`` and ``prev`` in HTML5, the others in HTML 4's list)
that name a page's place in a sequence of pages: links of a pager."""
_PAGER_MIN_LINKS = 2
_PAGER_LABEL_CHARS = 12
"""Text outside a pager's links, at most, per link: its labels ("Next: ", ", Up: ", "][")."""
_PAGER_MAX_CHARS = 400
"""Past this much text a block is no bar of links (only short blocks are looked at)."""


def _pager(el: HtmlElement, st: _Stats) -> bool:
    """A bar of links to the pages around this one (next, previous, up, contents, index),
    each link saying so by its ``rel``, with nothing but labels between them: makeinfo's
    header ("Next: <a rel=next>..</a>, Up: <a rel=up>..</a> [<a rel=contents>Contents</a>]"),
    a blog's older/newer posts. The ``rel`` is the page's own word that these links are its
    navigation, whatever its classes say (Texinfo's bar is only ``div.header``); a paragraph
    of prose citing the next chapter has more than labels outside its link."""
    if st.text > _PAGER_MAX_CHARS or el.tag == "a":
        return False
    links = 0  # (every link's rel asked first, as read: most blocks' first link has none)
    for a in el.iter("a"):
        if a.get("href") is not None:
            if not set((a.get("rel") or "").lower().split()) & _SEQUENCE_RELS:
                return False
            links += 1
    if links < _PAGER_MIN_LINKS or st.text - st.links > _PAGER_LABEL_CHARS * links:
        return False
    # (the bar itself, not the section holding it and a heading: "15 Bugs" is no label)
    return not any(True for _ in el.iter(*_HEADINGS))


LANGUAGE_BAR_MAX_CHARS = 600
"""Past this much text a block is no bar of languages (thirty languages' names fit)."""
LANGUAGE_LABEL_MAX_CHARS = 40
"""A language bar's label before its links ("Available Languages:"), at most."""
_WORD_RE = re.compile(r"\w")


def _language_bar(el: HtmlElement, st: _Stats) -> bool:
    """A bar of links to the page in other languages: two links or more, every one but
    the page's own language (at most one link) naming the language it leads to by its
    ``hreflang``, with nothing but a label before them and separators between them
    (``_labels_links``: "Available Languages: en | fr | ja | ko"; a site's language
    menu). The ``hreflang`` is the page's own word that a link leads to a translation, and
    a row of them is the site's chrome, no text of the page; a sentence citing a
    translation ("Read it in <a>German</a> or in <a>French</a>, as ...") has words between
    and after its links."""
    if st.text > LANGUAGE_BAR_MAX_CHARS or el.tag == "a":
        return False
    links = without = 0  # (read until a second link without one: most blocks' first two)
    for a in el.iter("a"):
        if a.get("href") is None:
            continue
        links += 1
        if not a.get("hreflang"):
            without += 1
            if without > 1:
                return False
    if links < 2 or any(True for _ in el.iter(*_HEADINGS)):
        return False
    return _labels_links(el)


_BARS_MAX_CHARS = max(_PAGER_MAX_CHARS, LANGUAGE_BAR_MAX_CHARS, NAV_BAR_MAX_CHARS,
                      SEQUENCE_BAR_MAX_CHARS, PAGE_LINE_MAX_CHARS)
"""Past this much text a block is none of ``_bar_of_links``' bars (each has its limit)."""


def _bar_of_links(el: HtmlElement, st: _Stats, paged: bool = True) -> bool:
    """Whether ``el`` is a short bar of links to other pages: a pager (by its links'
    ``rel``), a bar of languages, a node's navigation bar (by its labels), a bar to the
    pages before and after (by the page's head), or a line leading on to one of them.
    (Asked only of blocks of ``_BARS_MAX_CHARS`` at most: of every block with links, most
    are longer, and none of the five is asked.) The last two read the page's head, asked
    only when it names a page before or after this one (``paged``, once a page)."""
    return _pager(el, st) or _language_bar(el, st) or navigation_bar(el, st) or \
        (paged and (sequence_bar(el, st) or page_line(el, st)))


def _labels_links(el: HtmlElement) -> bool:
    """Whether the text of ``el`` outside its links is a label before the first link (at
    most ``LANGUAGE_LABEL_MAX_CHARS``) and, after it, separators only (no word)."""
    before: list[str] = []
    after = False  # (a link met)

    def walk(node: HtmlElement) -> bool:  # False: a word after a link
        nonlocal after
        if node.text and not _outside(node.text):
            return False
        for child in node:
            if isinstance(child.tag, str):
                if child.tag == "a" and child.get("href") is not None:
                    after = True
                elif not walk(child):
                    return False
            if child.tail and not _outside(child.tail):
                return False
        return True

    def _outside(text: str) -> bool:  # False: a word after a link
        if after:
            return _WORD_RE.search(text) is None
        before.append(text)
        return True

    return walk(el) and len("".join(before).strip()) <= LANGUAGE_LABEL_MAX_CHARS


def _code_comment(el: HtmlElement, tag: str, st: _Stats) -> bool:
    """A highlighter's span around a code listing's comment (``<span class="comment">``),
    not a comments section (a block, with links: names, replies, permalinks). Inside a
    code listing it is the listing's whatever it links (Boost's synopses open with
    "// In header: <boost/proto/traits.hpp>", the header's name a link to its reference):
    no comments section is set inside a ``<pre>``."""
    if tag != "span" or "comment" not in (el.get("class") or "").lower():
        return False
    return not st.links or any(True for _ in el.iterancestors("pre"))
