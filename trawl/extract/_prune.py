"""Inside the chosen content: drop link-heavy lists, navigation headings, in-text promotions,
forms and the like, unless that would gut the content.

A block's fate is decided in ``_prunable`` (its measure, then the rules that keep a link
block as content after all), in ``prune``'s checks of what it doomed (notes, tables of
contents, a section's body...) and last by the gut check. The invariant (``_wholes``): a
block judged content as a whole, one the measure dooms and a rule of ``_prunable`` keeps,
has its descendants judged in that light, not afresh as loose lists: what prune dooms
inside it stays (``_wholes.spare_parts``, asked once, after every rule has spoken).
"""

from __future__ import annotations

import itertools
import re

from lxml.html import HtmlElement

from ._alertbox import alert_box
from ._apinames import names_in_entry
from ._blockcaption import marked_heading
from ._boxes import _boxed_in_text
from ._cells import pictures_of_tables
from ._companion import companion_link, see_also_pages
from ._decl import (
    Declarations,
    beside_declaration,
    declaration,
    declaration_line,
    grammar_rule,
    holds_declaration,
    in_code,
    type_binding,
)
from ._demo import demonstration, mock_navigation
from ._doccomment import block_weight
from ._entrycard import entry_card
from ._factsbox import facts_under_title
from ._figures import caption_sentence, figure_with_references, in_numbered_figure
from ._kept import (
    _PRUNABLE_TAGS,
    _entry_alike,
    _footnotes,
    _headed_link,
    _in_admonition,
    _in_contents,
    _in_introduced,
    _in_title,
    _listing_line,
    _lists_parts,
    _section_body,
    _up_to,
    _wraps_one,
    contents_after_title,
)
from ._letterindex import in_letter_index
from ._linkheading import link_heading
from ._listentry import page_listing_entry
from ._members import named_entries, wrapped_section_body
from ._menus import menu_of_sections
from ._namelist import assignments_list, names_list
from ._numbered import lists_sections_after
from ._ownfiles import own_files
from ._permalinks import self_linked
from ._phrases import _cited_address, _phrase_in_prose, sentence_of_links
from ._readmore import SEE_ALSO_RE, refers_on
from ._seealso import see_also_list
from ._seenames import see_also_names
from ._siglines import entry_names, typed_line
from ._signals import (
    PROMO_LEAD_RE,
    _admonition,
    _kinds,
    page_contents,
    promo_heading,
)
from ._sigparts import in_signature
from ._sourcenote import source_line
from ._stats import (
    CODE_TAGS,
    NAME_RE,
    _drop_all,
    _holds_block,
    _link_density,
    _measure,
    _removed_text,
    _Stats,
    index_list,
    index_subentries,
    index_terms,
    listed_links,
    reference_table,
)
from ._summarylist import member_summary
from ._tickets import ticket_link
from ._toc import Anchors
from ._topics import topic_list
from ._tree import (
    _HEADINGS,
    _collapsed_text,
    _first_element,
    _is_ancestor,
    _short_text,
)
from ._wholes import kept_whole, spare_parts

_FORM_TAGS = frozenset(("form", "fieldset"))
_SECTION_MAX_LINK_DENSITY = 0.5
"""Past this share of link text under its heading a section is a link list, judged whole."""
_CELL_TAGS = frozenset(("td", "th", "li", "dd", "dt"))
_PROMO_MAX_CHARS = 300
_PROMO_MIN_LINK_DENSITY = 0.5


def prune(content: HtmlElement, stats: dict[HtmlElement, _Stats] | None = None,
          keep: HtmlElement | None = None, prose: bool = True) -> None:
    """Conditionally drop low-value blocks inside the chosen content.

    ``prose``: whether the page has prose to speak of (text that is not link text, in
    paragraphs); on a page without (a graph's page: its title and a link to the list it
    draws) its paragraphs of links are all it says, and stay.

    ``stats``, when given, must hold the current stats of ``content`` and its descendants.
    ``keep``, when given, is the content's own header (see ``_content._with_header``):
    what is in it stays.
    """
    if stats is None:
        stats = _measure(content)
    doomed: list[HtmlElement] = []
    lists: dict[HtmlElement, int] = {}  # (see listed_links)
    cites: dict[HtmlElement, bool] = {}  # (see _names_only)
    decls: Declarations = {}  # (see beside_declaration)
    anchors: Anchors = Anchors()  # (see contents_list; nothing is dropped until the end)
    wholes: set[HtmlElement] = set()  # (blocks kept as content as a whole: see _wholes)
    for el in content.iter():
        if el is content:
            continue
        st = stats.get(el)
        # in the main landmark, lists and tables of links are the page's own: it said so
        if st is not None and _prunable(el, st, stats, lists, cites, decls, wholes) and \
                not (_in_landmark(el) and _links_in_lists(el, stats, lists)):
            doomed.append(el)
    # a note or "See also" box is content whatever links it holds; a caption or a heading is
    # a title; a table of contents, an index under its letters or a guide's topics is the
    # page's own
    toc_pages: list[set[str]] = []  # (see _lists_parts: computed once, when asked)
    # (what the rules asked of each ancestor said, once: the doomed share ancestors)
    notes: dict[HtmlElement, bool] = {}
    intros: dict[HtmlElement, bool] = {}
    figures: dict[HtmlElement, bool] = {}
    doomed = [el for el in doomed if not _in_admonition(el, content, notes) and
              not _in_contents(el, content, stats, anchors) and not _section_body(el) and
              not wrapped_section_body(el) and not named_entries(el, stats) and
              not _lists_parts(el, content, stats, toc_pages, anchors) and
              not _in_introduced(el, content, intros) and not names_in_entry(el, stats) and
              not _headed_link(el, stats) and not topic_list(el) and not companion_link(el) and
              not lists_sections_after(el) and not in_numbered_figure(el, figures) and
              not menu_of_sections(el) and not in_letter_index(el) and not names_list(el) and
              not assignments_list(el) and not member_summary(el) and
              not facts_under_title(el) and not see_also_list(el) and
              not any(contents_after_title(a) for a in _up_to(el, content)[:2]) and
              not (el.tag == "span" and _in_title(el, content)) and
              not page_listing_entry(el, content) and not entry_card(el) and
              not (keep is not None and (el is keep or _is_ancestor(keep, el)))]
    # a listing's line (in divs) is judged with its lines, and its parts with it; so is an
    # entry with its entries, and its blocks (deeper, or a paragraph, on its own: a promotion)
    groups: dict[tuple[HtmlElement, object, str | None], bool] = {}
    doomed = [el for el in doomed
              if not any(_listing_line(a, stats, lists, groups) for a in _up_to(el, content))
              and not (el.tag != "p" and any(_entry_alike(a, stats, lists, groups)
                                             for a in _up_to(el, content)[:2]))]
    doomed = _with_labels(spare_parts(doomed, wholes, content))
    # a pruning that would gut the content is wrong about this page: keep it whole
    if not prose:  # (a navigation bar's links are in its table's cells, not paragraphs)
        doomed = [el for el in doomed if not _links_in_paragraphs(el) and not _titles_list(el)]
    if _removed_text(doomed, stats) > 0.6 * stats[content].text:
        doomed = [el for el in doomed if el.tag in _FORM_TAGS]
    _drop_all(doomed)


TITLE_MIN_WORDS = 3
"""A list entry's link of this many words at least names a document ("The Module Writers'
Guide"); a menu's are a word or two ("Home", "About us")."""


def _titles_list(el: HtmlElement) -> bool:
    """Whether ``el`` is a list (``ul``, ``ol``) of two entries or more, each a link and
    nothing else, and each link a title of ``TITLE_MIN_WORDS`` words or more: on a page
    without prose (a manual's hand-written index: its title, a line, the list of its
    guides) the documents it lists are what it says. A navigation menu's entries are a
    word or two each, and a menu is in the page's chrome, which a page with prose shows."""
    if el.tag not in ("ul", "ol"):
        return False
    items = [c for c in el if isinstance(c.tag, str)]
    if len(items) < 2:
        return False
    for item in items:
        links = list(item.iter("a"))
        text = _collapsed_text(item)
        if item.tag != "li" or len(links) != 1 or _collapsed_text(links[0]) != text or \
                len(text.split()) < TITLE_MIN_WORDS:
            return False
    return True


def _links_in_paragraphs(el: HtmlElement) -> bool:
    """Whether ``el`` has links and all of them are in paragraphs (``<p>``)."""
    found = False
    for a in el.iter("a"):
        if el.tag != "p" and not any(p.tag == "p" for p in _up_to(a, el)):
            return False
        found = True
    return found


_LIST_TAGS = frozenset(("ul", "ol", "dl", "table"))
def _links_in_lists(el: HtmlElement, stats: dict[HtmlElement, _Stats],
                    lists: dict[HtmlElement, int]) -> bool:
    """Whether ``el`` is a list or a table, a table of the page's own contents, or a
    section (a heading, not a promotion's) whose listed links are in lists of titles (see
    ``_titles``): a section of a table of contents."""
    if el.tag in _LIST_TAGS:
        return True
    if page_contents(el):
        return True  # a table of the page's own contents (links to its own places)
    first = _first_element(el)  # (a caption marked a heading heads it as one does)
    if first is None or (first.tag not in _HEADINGS and not marked_heading(first)) or \
            promo_heading(first):
        return False  # (a list under a label or under "More on this story" is no section)
    listed = listed_links(el, stats, lists)[el]
    outermost = [d for d in el.iterdescendants(*_LIST_TAGS)
                 if d in stats and not any(a.tag in _LIST_TAGS for a in _up_to(d, el)[1:])]
    in_lists = sum(stats[d].links for d in outermost)
    return listed > 0 and listed - in_lists <= _OUTSIDE_LISTS_CHARS and \
        all(_titles(d, stats) for d in outermost)


def _titles(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``el`` is a list of titles: each item its links (a number at most) and
    lists of titles, no picture (teasers have dates, sources, summaries, pictures)."""
    if el.tag not in ("ul", "ol") or el.find(".//img") is not None:
        return False
    if any(_holds_block(a) for a in el.iter("a")):
        return False  # a link around blocks: a card (a headline, its date, its picture)
    for li in el:
        st = stats.get(li)
        if st is None or not isinstance(li.tag, str):
            continue
        own = st.text - st.links - sum(stats[c].text - stats[c].links for c in li
                                       if c.tag in ("ul", "ol") and c in stats)
        if own > _ITEM_EXTRA_CHARS:
            return False
    return True


_ITEM_EXTRA_CHARS = 4
"""Text besides its links a list of titles' item may have (its number: "12.")."""

_OUTSIDE_LISTS_CHARS = 20
"""Link text outside its lists that a block of lists may have (a heading's self-link)."""


def _in_landmark(el: HtmlElement) -> bool:
    node: HtmlElement | None = el
    while node is not None:
        if node.tag == "main" or (node.get("role") or "").strip().lower() == "main":
            return True
        node = node.getparent()
    return False


def _prunable(el: HtmlElement, st: _Stats, stats: dict[HtmlElement, _Stats],
              lists: dict[HtmlElement, int], cites: dict[HtmlElement, bool],
              decls: Declarations | None = None, wholes: set[HtmlElement] | None = None) \
        -> bool:
    """Whether prune drops ``el`` (forms, navigation headings, link-heavy blocks); a link
    block a rule keeps is added to ``wholes`` (``_wholes.kept_whole``)."""
    tag = el.tag
    if tag in _FORM_TAGS:
        return not demonstration(el)  # (a form shown live in the text, its markup in it)
    if tag in _HEADINGS:
        return link_heading(el, st, stats) and not declaration(el)
    if tag not in _PRUNABLE_TAGS:
        return False
    if not st.links and st.n_img <= 1 and st.n_li - 100 <= st.n_p:
        return False  # every test below needs links, images or a hundred list items
    if not (_is_link_paragraph(el, st) if tag == "p" else _is_link_block(el, st, stats, lists)):
        return False  # (what goes is a link paragraph or block: asked before the reads)
    if beside_declaration(el, decls) or in_code(el) or in_signature(el) or \
            (mock_navigation(el) and demonstration(el)):
        return False  # (asked after the cheap tests: they read the parent's headings, the
        # ancestors' tags; a live example's bar of dead links is the text's)
    if _kinds(el).embed or _admonition(el) or alert_box(el) or _is_headed_section(el, stats) or \
            _boxed_in_text(el, st) or _cited_address(el) or holds_declaration(el) or \
            figure_with_references(el) or caption_sentence(el, st) or grammar_rule(el):
        return False  # judged by their parts, if at all (a sidebar box: its class is no
        # chrome's, boilerplate removal said so)
    # (footnotes by their marks, type and declaration lines by their text: asked last,
    # only of the blocks that would otherwise go, as _names_only)
    if tag == "p":
        return not kept_whole(
            el, wholes, _footnotes(el) or type_binding(el) or declaration_line(el)
            or typed_line(el, stats) or own_files(el))
    if _run_of_names(el, cites) or _phrase_in_prose(el, tag) or sentence_of_links(el):
        return False
    # (a link block, asked first above: _names_only, reading every block below, only of
    # those that go; it keeps a block by its items, each judged alone as citing names: no
    # whole, see _wholes)
    return not _names_only(el, st, stats, cites) \
        and not kept_whole(el, wholes, _footnotes(el) or self_linked(el) or type_binding(el)
                           or declaration_line(el) or entry_names(el, st, stats, lists)
                           or source_line(el, st))


_CITING_TAGS = ("p", "dd", "li")


def _run_of_names(el: HtmlElement, cites: dict[HtmlElement, bool]) -> bool:
    """Whether ``el`` is a run of names inside a sentence: a ``span`` in a paragraph whose
    links cite names (``_cites_names``: "This parameter affects the following elements:
    <span><a><code>classname</code></a>, <a><code>constant</code></a>, ...</span>", a
    DocBook ``simplelist`` set inline). The sentence goes on into it; its names are what it
    says. Two names at least, after a sentence's worth of the paragraph's own text
    (``RUN_LEAD_MIN_CHARS``). A share bar's links set in a paragraph ("Share: Facebook,
    Twitter") are words, no names; a line printing an address under a label ("Web: <a>
    https://example.com/news</a>") is no run, and says too little of its own."""
    if el.tag != "span":
        return False
    parent = el.getparent()
    if parent is None or parent.tag != "p" or len(parent.text or "") < RUN_LEAD_MIN_CHARS:
        return False
    two = next(itertools.islice(el.iter("a"), 1, None), None)  # (a second link)
    return two is not None and _cites_names_of(el, cites)


RUN_LEAD_MIN_CHARS = 25
"""A run of names follows this much of its paragraph's text, at least ("This parameter
affects the following elements:")."""


def _names_only(el: HtmlElement, st: _Stats, stats: dict[HtmlElement, _Stats],
                cites: dict[HtmlElement, bool]) -> bool:
    """Whether all the links of ``el`` are in its paragraphs, definitions and items that
    cite names (see ``_cites_names``): a reference entry's "Definition at line 53 of file
    s.h." and "References a(), b().". ``cites``: what _cites_names said of the blocks asked
    already (nested blocks share their paragraphs; nothing is dropped while prune judges)."""
    cited = 0
    for d in el.iter(*_CITING_TAGS):
        if d in stats and stats[d].links and _cites_names_of(d, cites) and \
                not any(a.tag in _CITING_TAGS for a in _up_to(d, el)[1:]):
            cited += stats[d].links
    return cited > 0 and cited >= st.links


def _is_link_paragraph(el: HtmlElement, st: _Stats) -> bool:
    # a link alone in a table cell or list item is the cell's content (an API table's name
    # column), not a stray link paragraph
    parent = el.getparent()
    in_cell = parent is not None and parent.tag in _CELL_TAGS
    if in_cell or not st.text:
        return False
    density = _link_density(st)
    # (its links' names read only of a paragraph short and linked enough to go)
    bare = density > 0.9 and st.text < 200
    if not (bare or (density >= _PROMO_MIN_LINK_DENSITY and st.text < _PROMO_MAX_CHARS)) \
            or _cites_names(el):
        return False
    if bare:
        return not _link_sentence(el)
    # "Read more: <a>another story</a>" set between the paragraphs of the text, or the
    # links under a "DON'T MISS" paragraph of its own
    if density >= _PROMO_MIN_LINK_DENSITY and st.text < _PROMO_MAX_CHARS:
        text = _short_text(el, _PROMO_MAX_CHARS)
        if text is not None and PROMO_LEAD_RE.match(text) is not None:
            return not (_says_what_links_are(el, text) or refers_on(el, text) or
                        see_also_names(el, text) or see_also_pages(el, text))
        return _promo_label(el.getprevious())
    return False


def _says_what_links_are(el: HtmlElement, text: str) -> bool:
    """Whether the "See also" paragraph ``el`` (its collapsed ``text``) is a reference's
    sentence that says what its links are ("See also lists of <a>Objects</a>,
    <a>Constants</a>, and <a>Functions</a>."): words of its own between the lead and the
    first link, no label's colon, a full stop, and links that name things, one word each.
    A promotion labels a headline ("See also: <a>Council delays the park</a>") or a story's
    topics ("See also: <a>Sports</a>, <a>Politics</a>")."""
    if SEE_ALSO_RE.match(text) is None or ":" in text or not text.endswith("."):
        return False
    lead = (el.text or "").split()
    return len(lead) > 2 and _one_word_links(el)


def _one_word_links(el: HtmlElement) -> bool:
    """Every link of ``el`` is one word (a name, not a headline)."""
    return all(len(_collapsed_text(a).split()) == 1 for a in el.iter("a"))


def _cites_names_of(el: HtmlElement, cites: dict[HtmlElement, bool]) -> bool:
    known = cites.get(el)
    if known is None:
        known = cites[el] = _cites_names(el)
    return known


_SIGNATURE_RE = re.compile(r"[~\w]+(?:::|\()")
"""A link's text that starts with a name scoped or called, a signature
("db_base_iterator::close_cursor() const", "open(const char *path)"): a name, however many
words; a headline's first word is no scope or call."""


def _cites_names(el: HtmlElement) -> bool:
    """Whether the links of ``el`` are names: each set as code, or each one word, a signature
    (``_SIGNATURE_RE``) or a ticket (``ticket_link``: "GitHub #160 ("Fix...")"), some of
    them an API's ("log4cplus::Logger::log()", "LOG_TEXT", "stringhelper.h"): a reference's
    cross-references ("See also <a><code>line.width</code></a>", "References <a>a()</a>, and
    <a>B_C</a>.", "Definition at line <a>53</a> of file <a>s.h</a>."), which a promotion's
    links (headlines of a few words) never are."""
    coded = words = named = 0
    for a in el.iter("a"):
        text = _collapsed_text(a)
        code = next(a.iter(*CODE_TAGS), None)
        if code is not None and _collapsed_text(code) == text:
            coded += 1
        elif text and (" " not in text or _SIGNATURE_RE.match(text) or ticket_link(a, text)):
            words += 1
            named += NAME_RE.search(text) is not None or manual_reference(text) or \
                type_in_brackets(text) or ticket_link(a, text)
        else:
            return False
    return coded > 0 if not words else named > 0


_TYPE_IN_BRACKETS_RE = re.compile(r"<[^\W\d][\w.$]*(?:\[\])*>")
"""A type named between angle brackets, an identifier, maybe an array of it: ``<string>``,
``<Buffer>``, ``<fs.Stats>``, ``<integer[]>``."""


def type_in_brackets(text: str) -> bool:
    """Whether a link's text names a type as an API reference's parameter list writes it,
    an identifier between angle brackets ("<code>path</code> <a>&lt;string&gt;</a>",
    "Returns: <a>&lt;Promise&gt;</a>", a property's type alone): a name, as a scoped one
    is, which a list of such items is (the entry's parameters and what it returns), not a
    list of links. A pager's arrows ("&lt;&lt;", "&lt;", "&gt;") name nothing: a word
    between the brackets at least, its first character a letter."""
    return _TYPE_IN_BRACKETS_RE.fullmatch(text) is not None


_MANUAL_REFERENCE_RE = re.compile(r"[^\W\d][\w.:+-]*\(\d[a-z]{0,4}\)")
"""A manual page's name and its section, the number first: ``git-repack(1)``,
``printf(3)``, ``ssl(7ssl)``."""


def manual_reference(text: str) -> bool:
    """Whether a link's text cites a manual page as every manual cites another, its name
    and section ("SEE ALSO git-repack(1), printf(3)"): a name, as an API's is, whatever
    generator wrote the page (man2html, mandoc, AsciiDoc, Sphinx's man roles); a headline
    is words, and a link whose text is one word and a number in parentheses ("Page (2)")
    has a space before it."""
    return _MANUAL_REFERENCE_RE.fullmatch(text) is not None


LINK_SENTENCE_MIN_WORDS = 5
"""A link paragraph of this many words at least, a sentence, says something."""


def _link_sentence(el: HtmlElement) -> bool:
    """Whether the link paragraph ``el`` is a statement ("Go to the source code of this
    file."), not a bare link or title: text the page says, not a way elsewhere. A question
    ("Who will make the Hall of Fame?") is a teaser's headline, and a label's sentence
    ("Sign up: stay on top of the news.") a promotion."""
    text = _short_text(el, 200)
    return text is not None and len(text.split()) >= LINK_SENTENCE_MIN_WORDS and \
        text[:1].isupper() and text.rstrip().endswith(".") and ":" not in text and \
        PROMO_LEAD_RE.match(text) is None


_PROMO_LABEL_MAX_CHARS = 40


def _promo_label(el: HtmlElement | None) -> bool:
    """A paragraph that is only a promotion's label ("DON'T MISS", "Read more:")."""
    if el is None or el.tag != "p":
        return False
    text = _short_text(el, _PROMO_LABEL_MAX_CHARS)
    return text is not None and bool(text) and PROMO_LEAD_RE.match(text) is not None


def _with_labels(doomed: list[HtmlElement]) -> list[HtmlElement]:
    """``doomed`` and the promotion labels right before its paragraphs."""
    labels = [prev for el in doomed if el.tag == "p"
              for prev in [el.getprevious()] if _promo_label(prev)]
    return doomed + labels if labels else doomed


def _is_link_block(el: HtmlElement, st: _Stats, stats: dict[HtmlElement, _Stats],
                   lists: dict[HtmlElement, int]) -> bool:
    """A list, table or container that is mostly links, images or list items."""
    tag = el.tag
    density = _link_density(st)
    # (a doc comment's class is no thread's; the weight read only when a test below asks:
    # each that does asks a density over 0.2 first)
    weight = block_weight(el, st) if density > 0.2 else 0.0
    if tag not in ("ul", "ol") and density > 0.2 and \
            st.links - _index_links(el, stats) <= 0.2 * st.text:
        return False  # an index's links are its content, whatever the class says
    if weight < 0 and st.commas < 10 and density > 0.2 and \
            st.links - _reference_links(el, stats) > 0.2 * st.text:
        return True  # (a reference table's links are names: content, whatever the class says)
    if st.commas >= 10:
        return False
    if tag in ("ul", "ol"):
        # (an index's terms and where they are: the page's content, however linked; a list
        # holding nothing but tables, hand-written markup, wraps them: judged as tables)
        return density > 0.5 and st.text < 2000 and not index_list(el) and \
            not index_subentries(el) and not _wraps_tables(el)
    if tag == "table":
        # a table in the content is data (declarations, a reference, an index) however
        # many links it has: on article pages pruning tables by their links removed nothing
        # that was not content, and on reference pages it removed declarations
        return False
    if tag == "figure" or _wraps_one(el):
        return False  # a wrapper (e.g. a script's responsive-table div) is judged by its child
    n_p, n_img, n_li = st.n_p, st.n_img, st.n_li - 100
    if (n_img > 1 and n_p / n_img < 0.5 and st.text < 200 and not pictures_of_tables(el)) or \
            (n_li > n_p and tag not in ("ul", "ol")):
        return True
    if weight < 25 and density > 0.35 and st.text < 500:
        # a single link among words of the block's own (an API operation's path between
        # its method and its summary) is text with a link in it, not a block of links; so
        # are the links of a sentence or a signature (only listed links count)
        listed = listed_links(el, stats, lists)[el]
        if listed < st.links:
            # some of its links are in sentences: a block of text that also lists links
            # ("References a(), b()") goes only if mostly listed links
            return listed > 0.5 * st.text
        return density > 0.5 or _has_links(el, 2)
    return weight >= 25 and density > 0.6


REFERENCE_MIN_ROWS = 3
"""Rows with a link a table of names has at least, to count as one whatever its wrapper's
class says (a manual's navigation bar has two: "Prev | Next", "Home")."""


def _reference_links(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> int:
    """Link text of the reference tables (see ``reference_table``) in ``el`` with at least
    ``REFERENCE_MIN_ROWS`` rows of links."""
    total = 0
    for table in el.iter("table"):
        if table in stats and stats[table].links and \
                sum(1 for r in table.iter("tr") if r.find(".//a") is not None) \
                >= REFERENCE_MIN_ROWS and reference_table(table, stats):
            total += stats[table].links
    return total


def _index_links(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> int:
    """Link text of the indexes (see ``index_list``, ``index_terms``) in ``el``."""
    return sum(stats[d].links for d in el.iter("ul", "ol", "dl") if d in stats
               and (index_terms(d) if d.tag == "dl" else index_list(d)))


def _has_links(el: HtmlElement, n: int) -> bool:
    """Whether ``el`` holds at least ``n`` links."""
    return sum(1 for _ in itertools.islice(el.iter("a"), n)) >= n


def _is_headed_section(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """A section of a document: it starts with a heading, and what follows the heading is
    text more than links (a "related" block's heading introduces links). Its parts are
    judged, not the whole."""
    first = _first_element(el)
    if first is None or first.tag not in _HEADINGS:
        return False
    head, whole = stats.get(first), stats[el]
    if head is None:
        return False
    body_text = whole.text - head.text
    if body_text == 0:
        return True  # a heading alone: a stub of the document, kept as its outline
    return (whole.links - head.links) / body_text < _SECTION_MAX_LINK_DENSITY


def _wraps_tables(el: HtmlElement) -> bool:
    """Whether ``el`` holds tables and nothing else (no text of its own)."""
    kids = [c for c in el if isinstance(c.tag, str)]
    return bool(kids) and all(c.tag == "table" for c in kids) and \
        not (el.text or "").strip() and not any((c.tail or "").strip() for c in kids)

