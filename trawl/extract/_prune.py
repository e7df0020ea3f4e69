"""Inside the chosen content: drop link-heavy lists, navigation headings, in-text promotions,
forms and the like, unless that would gut the content."""

from __future__ import annotations

import itertools
import re

from lxml.html import HtmlElement

from ._signals import (
    _HEADINGS,
    _admonition,
    _class_weight,
    _first_element,
    _kinds,
    _short_text,
    words,
)
from ._stats import _drop_all, _link_density, _measure, _removed_text, _Stats, reference_table

MIN_INTRODUCED_CHARS = 25
"""A linked heading followed by at least this much text (mostly not links) is kept."""
_FORM_TAGS = frozenset(("form", "fieldset"))
_SECTION_MAX_LINK_DENSITY = 0.5
"""Past this share of link text under its heading a section is a link list, judged whole."""
_CELL_TAGS = frozenset(("td", "th", "li", "dd", "dt"))
# the tags prune judges by their text and links (headings and forms aside)
_PRUNABLE_TAGS = words("div section ul ol table aside figure span p dl header footer nav")
_PROMO_LEAD_RE = re.compile(
    r"^\W*(read more|read also|also read|see more|see also|more on this|related|recommended|"
    r"don.?t miss|also on|watch|listen|must read|trending)\b", re.I)
"""How an in-text promotion of other stories starts ("Read more: ...", "DON'T MISS")."""
_PROMO_MAX_CHARS = 300
_PROMO_MIN_LINK_DENSITY = 0.5


def _introduces_text(heading: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether the element after ``heading`` is text more than links (what a section
    under a heading is)."""
    after = heading.getnext()
    while after is not None and not isinstance(after.tag, str):
        after = after.getnext()
    if after is None or after.tag in _HEADINGS:
        return False
    st = stats.get(after)
    return st is not None and st.text >= MIN_INTRODUCED_CHARS and _link_density(st) < 0.5


def prune(content: HtmlElement, stats: dict[HtmlElement, _Stats] | None = None) -> None:
    """Conditionally drop low-value blocks inside the chosen content.

    ``stats``, when given, must hold the current stats of ``content`` and its descendants.
    """
    if stats is None:
        stats = _measure(content)
    doomed: list[HtmlElement] = []
    for el in content.iter():
        if el is content:
            continue
        st = stats.get(el)
        # in the page's main landmark, lists and tables of links are the page's own (a
        # table of contents, a "See also" list, an index): the page said so
        if st is not None and _prunable(el, st, stats) and \
                not (el.tag in _LIST_TAGS and _in_landmark(el)):
            doomed.append(el)
    # a note or "See also" box is content whatever it holds (often nothing but links)
    doomed = [el for el in doomed if not _in_admonition(el, content)]
    doomed = _with_labels(doomed)
    # a pruning that would gut the content is wrong about this page: keep it whole
    if _removed_text(doomed, stats) > 0.6 * stats[content].text:
        doomed = [el for el in doomed if el.tag in _FORM_TAGS]
    _drop_all(doomed)


_LIST_TAGS = frozenset(("ul", "ol", "dl", "table"))


def _in_landmark(el: HtmlElement) -> bool:
    node: HtmlElement | None = el
    while node is not None:
        if node.tag == "main" or (node.get("role") or "").strip().lower() == "main":
            return True
        node = node.getparent()
    return False


def _prunable(el: HtmlElement, st: _Stats, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether prune drops ``el`` (forms, navigation headings, link-heavy blocks)."""
    tag = el.tag
    if tag in _FORM_TAGS:
        return True
    if tag in _HEADINGS:
        return _is_link_heading(el, st, stats)
    if tag not in _PRUNABLE_TAGS:
        return False
    if not st.links and st.n_img <= 1 and st.n_li - 100 <= st.n_p:
        return False  # every test below needs links, images or a hundred list items
    if _kinds(el).embed or _admonition(el) or _is_headed_section(el, stats):
        return False  # judged by their parts, if at all
    if tag == "p":
        return _is_link_paragraph(el, st)
    return _is_link_block(el, st, stats)


def _is_link_heading(el: HtmlElement, st: _Stats, stats: dict[HtmlElement, _Stats]) -> bool:
    # a linked heading introducing nothing, or only more links (a "related" list), is
    # navigation; one followed by text is a title that happens to be a link
    # (a link to an anchor of the page itself, like a FAQ's back-link to its questions,
    # navigates nowhere)
    return bool(st.text) and _link_density(st) > 0.5 and _leaves_page(el) \
        and not _introduces_text(el, stats)


def _leaves_page(el: HtmlElement) -> bool:
    """Whether ``el`` holds a link to another page (not only to anchors of this one)."""
    return any(not (a.get("href") or "").startswith("#") for a in el.iter("a"))


def _is_link_paragraph(el: HtmlElement, st: _Stats) -> bool:
    # a link alone in a table cell or list item is the cell's content (an API table's name
    # column), not a stray link paragraph
    parent = el.getparent()
    in_cell = parent is not None and parent.tag in _CELL_TAGS
    if in_cell or not st.text:
        return False
    density = _link_density(st)
    if density > 0.9 and st.text < 200:
        return True
    # "Read more: <a>another story</a>" set between the paragraphs of the text, or the
    # links under a "DON'T MISS" paragraph of its own
    if density >= _PROMO_MIN_LINK_DENSITY and st.text < _PROMO_MAX_CHARS:
        text = _short_text(el, _PROMO_MAX_CHARS)
        if text is not None and _PROMO_LEAD_RE.match(text) is not None:
            return True
        return _promo_label(el.getprevious())
    return False


_PROMO_LABEL_MAX_CHARS = 40


def _promo_label(el: HtmlElement | None) -> bool:
    """A paragraph that is only a promotion's label ("DON'T MISS", "Read more:")."""
    if el is None or el.tag != "p":
        return False
    text = _short_text(el, _PROMO_LABEL_MAX_CHARS)
    return text is not None and bool(text) and _PROMO_LEAD_RE.match(text) is not None


def _with_labels(doomed: list[HtmlElement]) -> list[HtmlElement]:
    """``doomed`` and the promotion labels right before its paragraphs."""
    labels = [prev for el in doomed if el.tag == "p"
              for prev in [el.getprevious()] if _promo_label(prev)]
    return doomed + labels if labels else doomed


def _is_link_block(el: HtmlElement, st: _Stats, stats: dict[HtmlElement, _Stats]) -> bool:
    """A list, table or container that is mostly links, images or list items."""
    tag = el.tag
    density = _link_density(st)
    weight = _class_weight(el)
    if weight < 0 and st.commas < 10 and density > 0.2:
        return True
    if st.commas >= 10:
        return False
    if tag in ("ul", "ol"):
        return density > 0.5 and st.text < 2000
    if tag == "table":
        return density > 0.5 and not reference_table(el, stats)
    if tag == "figure" or _wraps_one(el):
        return False  # a wrapper (e.g. a script's responsive-table div) is judged by its child
    n_p, n_img, n_li = st.n_p, st.n_img, st.n_li - 100
    if (n_img > 1 and n_p / n_img < 0.5 and st.text < 200) or \
            (n_li > n_p and tag not in ("ul", "ol")):
        return True
    if weight < 25 and density > 0.35 and st.text < 500:
        # a single link among words of the block's own (an API operation's path between
        # its method and its summary) is text with a link in it, not a block of links
        return density > 0.5 or _has_links(el, 2)
    return weight >= 25 and density > 0.6


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


def _in_admonition(el: HtmlElement, content: HtmlElement) -> bool:
    for anc in el.iterancestors():
        if anc is content:
            return False
        if _admonition(anc):
            return True
    return False


def _wraps_one(el: HtmlElement) -> bool:
    """A div/span whose only content is one element: a layout wrapper."""
    if el.tag not in ("div", "span") or len(el) != 1 or (el.text or "").strip():
        return False
    child = el[0]
    return isinstance(child.tag, str) and not (child.tail or "").strip()


