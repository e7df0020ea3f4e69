"""Tree clean-up before content detection: drop non-content tags, hidden and boilerplate nodes."""

from __future__ import annotations

import re
from functools import cached_property, lru_cache

from lxml import etree
from lxml.html import HtmlElement

from ._anchorlink import heading_icon_link
from ._controls import (
    _TOP_HREF,
    click_label,
    click_label_opening,
    icon_button,
    skip_link,
    toggle_link,
    top_link,
)
from ._demo import hidden_demonstration
from ._droptree import after_subtree, drop_tree
from ._gutter import drop_line_numbers
from ._math import keep_equations
from ._othermembers import another_pages_members
from ._prelines import block_line_breaks
from ._text import text_content, words
from ._tooltips import listing_card, names_tooltip, tooltip_box
from ._urls import absolutizer

# Tags whose whole subtree never holds main content.
DROP_TAGS = words(
    """script style noscript template svg math iframe frame frameset object embed canvas input
    select textarea option optgroup datalist link meta base map area audio video source
    track dialog head title"""
)
NEXT_PAGE_ATTR = "data-trawl-next"
"""Set on the root by ``basic_clean``: the ``href`` of the head's ``<link rel="next">``
(where the page says its document goes on), kept past the head's removal for the rules that
ask (see ``_toc.contents_list``)."""
PREV_PAGE_ATTR = "data-trawl-prev"
"""Set on the root by ``basic_clean``: the ``href`` of the head's ``<link rel="prev">`` (or
``rel="previous"``: the page before this one in its document; see ``_seqbar``)."""
_PREV_RELS = frozenset(("prev", "previous"))
SITE_NAME_ATTR = "data-trawl-site"
"""Set on the root by ``basic_clean``: the site's name as the head says it (``og:site_name``,
``application-name``), kept past the head's removal for the rules that ask (see
``_leadblock``: a site's banner names the site, no page)."""
_SITE_NAME_KEYS = frozenset(("og:site_name", "application-name"))
DIAGRAM_ATTR = "data-trawl-diagram"
"""Set by ``_keep_diagram_labels`` on the paragraph of a diagram's labels: the figure it was
(see ``_figures.figure_references``)."""
MIN_BUTTON_WORDS = 4
"""A button with this many words is content, not a control: OpenAPI viewers put each
operation's summary in one, FAQ accordions each question. Shorter ones ("Copy", "Menu",
"Try it out", "Load more") are controls and dropped."""
_BLOCK_INSIDE = etree.XPath("boolean(.//div|.//p|.//h1|.//h2|.//h3|.//h4|.//h5|.//h6"
                            "|.//ul|.//ol|.//table|.//pre|.//section)")
# (and moved off-screen: "left: -9999px", the way hidden link spam and skip links hide)
_HIDDEN_STYLE_RE = re.compile(
    r"display\s*:\s*none|visibility\s*:\s*hidden|(?:left|top|text-indent)\s*:\s*-\d{4,}px",
    re.I)
# Copy-to-clipboard controls that scripts add to code blocks (Sphinx's copybutton, highlight.js
# and Docusaurus plugins, GitHub's clipboard-copy): UI, not content. Left in, the rendered DOM's
# markdown differs from the served HTML's by a stray ">>>" or "Copy" per code block.
_COPY_CONTROL_RE = re.compile(
    r"(?:^|\s)(?:copybutton|copy-?(?:code-?)?(?:button|btn)|btn-copy|clipboard(?:-copy)?|"
    r"copy-to-clipboard(?:-button)?)(?:\s|$)", re.I)
MAX_DEPTH = 120
# Tags a highlighter's code block may hold and still be plain text.
_INERT_INLINE = words("span code b i em strong kbd samp var tt u s mark small sub sup br font")


# Some element at MAX_DEPTH below the root: only then can anything be too deep. (libxml2 finds
# out in half the time flatten_deep's walk takes.)
_AT_MAX_DEPTH = etree.XPath("boolean(" + "/".join(["*"] * MAX_DEPTH) + ")")


def is_hidden(el: HtmlElement) -> bool:
    if el.get("hidden") is not None:
        return True
    if (el.get("aria-hidden") or "").strip().lower() == "true":
        return True
    style = el.get("style")
    return bool(style and hiding_style(style))


_HIDING_WORDS = ("none", "dden")
"""What a style that ``_HIDDEN_STYLE_RE`` matches holds, lower-cased, unless it moves the
element off-screen (``_OFF_SCREEN_RE``): "display: none", "visibility: hidden" (no letter of
them has another case the regex's ``re.I`` matches and ``str.lower`` leaves)."""
_OFF_SCREEN_RE = re.compile(r"-\d{4}")
"""What a style that moves an element off-screen holds ("left: -9999px")."""


def hiding_style(style: str) -> bool:
    """Whether the ``style`` attribute hides its element (``_HIDDEN_STYLE_RE``), the regex
    searched only in a style holding what it needs (``_HIDING_WORDS``, ``_OFF_SCREEN_RE``):
    asked of every element with a style, most of which say a colour or a margin, and the
    case-blind regex takes microseconds on each."""
    low = style.lower()
    return (any(word in low for word in _HIDING_WORDS) or
            _OFF_SCREEN_RE.search(style) is not None) and \
        _HIDDEN_STYLE_RE.search(style) is not None


_PERMALINK_TEXT = frozenset(("¶", "#", "§", "🔗", "⚓", "link", "permalink"))


def _is_permalink(a: HtmlElement) -> bool:
    """A heading's self-link marker (Sphinx's ¶, GitHub's #...)."""
    href = (a.get("href") or "").strip()
    if not href.startswith("#"):
        return False
    if len(a):
        return heading_icon_link(a, href)
    text = (a.text or "").strip().lower()
    cls = (a.get("class") or "").lower()
    return text in _PERMALINK_TEXT or (not text and ("anchor" in cls or "headerlink" in cls))


@lru_cache(maxsize=4096)
def _class_controls(cls: str) -> tuple[bool, bool]:
    """Whether the class attribute ``cls`` names a copy-to-clipboard control
    (``_COPY_CONTROL_RE``), and whether it names a tooltip (``names_tooltip``): the two
    questions ``basic_clean`` asks of every element's class, in one cached look-up (a page
    has a few dozen distinct class attributes over thousands of elements). Each regex is
    searched only in a class holding a word it needs (``_CLASS_WORDS``), as lower case has
    it: a page of another site brings hundreds of classes the cache has not seen."""
    low = cls.lower()
    copy_words, tooltip_words = _CLASS_WORDS
    return any(w in low for w in copy_words) and _COPY_CONTROL_RE.search(cls) is not None, \
        any(w in low for w in tooltip_words) and names_tooltip(cls)


_CLASS_WORDS = (("copy", "board"), ("tool",))
"""What a class matched by ``_COPY_CONTROL_RE`` holds one of (every name it matches says
"copy" or "clipboard"), and what one that ``names_tooltip`` matches holds ("tool-tip"),
lower-cased: no letter of them has another case the regexes' ``re.I`` matches and
``str.lower`` leaves."""


_NO_CLASS = (False, False)


_NOTED_TAGS = frozenset(("link", "svg", "meta"))
"""The dropped tags ``_note_dropped`` reads."""


def _note_dropped(el: HtmlElement, tag: str, root: HtmlElement) -> None:
    """What a tag the cleaning drops says that later steps read: the next and previous
    pages' addresses, a diagram's labels."""
    if tag == "link" and "next" in (el.get("rel") or "").lower().split():
        root.set(NEXT_PAGE_ATTR, el.get("href") or "")  # (see NEXT_PAGE_ATTR)
    elif tag == "link" and _PREV_RELS & set((el.get("rel") or "").lower().split()):
        root.set(PREV_PAGE_ATTR, el.get("href") or "")  # (see PREV_PAGE_ATTR)
    elif tag == "svg":
        _keep_diagram_labels(el)
    elif tag == "meta" and (el.get("property") or el.get("name") or "").strip().lower() \
            in _SITE_NAME_KEYS and el.get("content") and root.get(SITE_NAME_ATTR) is None:
        root.set(SITE_NAME_ATTR, el.get("content") or "")  # (see SITE_NAME_ATTR)


def basic_clean(root: HtmlElement) -> None:
    """Drop tags that never carry content, hidden elements, and flatten pathological nesting."""
    doomed: list[HtmlElement] = []
    places = _Places(root)
    keep_equations(root, is_hidden)  # (before the hidden copies of them are dropped)
    # Inside an element already doomed (the head, an inline SVG, a hidden menu), its parts
    # go with it whatever they are: they are not asked (the tests are pure, and what the
    # walk changes in them, a button's tag, a diagram's labels, goes too), and only a link
    # or a meta still says what the root keeps (_note_dropped: the next page, the site).
    inside, resume = False, None  # in a doomed subtree; the node after it
    for el in root.iter():
        if inside:
            if el is not resume:
                tag = el.tag
                if tag == "link" or tag == "meta":
                    _note_dropped(el, tag, root)
                continue
            inside = False
        tag = el.tag
        if not isinstance(tag, str):
            doomed.append(el)  # comments, processing instructions, entities
            continue
        if tag in DROP_TAGS:
            if tag in _NOTED_TAGS:  # (most dropped tags say nothing: no call for them)
                _note_dropped(el, tag, root)
        elif tag == "button":
            if not _control_button(el):
                continue
        else:
            # is_hidden and the class test: this runs on every element, and most have one
            # attribute or none, so one keys() list answers most of the look-ups
            keys = el.keys()
            if not keys or not _cleaned_away(el, tag, keys, places, doomed):
                continue
        doomed.append(el)
        if len(el) and el.getparent() is not None:  # (not the root: it stays)
            inside, resume = True, after_subtree(el)
    for el in doomed:
        if el.getparent() is not None:
            drop_tree(el)
    collapse_code_blocks(root)
    drop_line_numbers(root)  # (a listing's gutter of numbers: its text collapsed by now)
    flatten_deep(root)


def _control_button(el: HtmlElement) -> bool:
    """Whether the ``button`` ``el`` is a control (dropped); else it is renamed a ``div``
    or a ``span``: its text is content. Words are counted per text node: a button's parts
    ("GET", "/pets", "List all pets") sit in adjacent elements without spaces between
    them; one whose words are all a screen reader's label is an icon's: a control."""
    if sum(len(t.split()) for t in el.itertext()) >= MIN_BUTTON_WORDS and not icon_button(el):
        el.tag = "div" if _BLOCK_INSIDE(el) else "span"  # its text, as content
        return False
    return True


def _cleaned_away(el: HtmlElement, tag: str, keys: list[str], places: _Places,
                  doomed: list[HtmlElement]) -> bool:
    """Whether ``el`` (of ``tag``, its attributes' names ``keys``) is hidden or a control
    the cleaning drops; a toggle row's folded rows are added to ``doomed``, and a named
    anchor is made a ``span`` (``_unlink_place_mark``) on the way."""
    if tag == "td" and "onclick" in keys:
        doomed.extend(another_pages_members(el))  # (a toggle row's folded rows)
    if tag == "a" and "href" not in keys and ("name" in keys or "id" in keys):
        _unlink_place_mark(el, places)  # (judged as what it is now below: hidden or not)
    # (the class read once; a link is a permalink, a top or a toggle link only when its
    # href holds a "#": most links lead elsewhere, and were asked three times)
    # (a top or a toggle link leads to "#" itself: only such a link is asked for them)
    cls = el.get("class")
    copy_control, tooltip = _class_controls(cls) if cls is not None else _NO_CLASS
    return "hidden" in keys or copy_control \
        or ("style" in keys and hiding_style(el.get("style"))) \
        or ("aria-hidden" in keys and el.get("aria-hidden").strip().lower() == "true"
            and not hidden_demonstration(el)) \
        or (tag == "a" and "#" in (href := el.get("href") or "") and
            (_is_permalink(el) or (href.strip() == _TOP_HREF and
                                   (top_link(el) or toggle_link(el)))
             or (cls is not None and skip_link(el)))) \
        or (tooltip and tooltip_box(el)) \
        or (tag == "div" and "id" in keys and listing_card(el)) \
        or (tag == "span" and click_label_opening(el.text or "") is not None
            and click_label(el))


DIAGRAM_MIN_LABELS = 2
"""An inline SVG with this many text labels at least may be a diagram (an icon has one or
none; a syntax diagram may have two: "SAVEPOINT savepoint-name")."""


def _keep_diagram_labels(svg: HtmlElement) -> None:
    """Set the labels of an inline SVG diagram before it as a paragraph of their words: a
    syntax diagram's terms ("ANALYZE schema-name . table-or-index-name"), a flow chart's or
    an architecture drawing's boxes are text the reader reads in the figure, and the page
    says them nowhere else. The drawing goes (as every SVG does); its words stay."""
    labels = [" ".join("".join(t.itertext()).split()) for t in svg.iter("text")]
    labels = [label for label in labels if label]
    if len(labels) < DIAGRAM_MIN_LABELS or not _worded(labels):
        return
    para = svg.makeelement("p", {DIAGRAM_ATTR: ""})
    para.text = " ".join(labels)
    svg.addprevious(para)
    para.tail, svg.tail = svg.tail, None


def _worded(labels: list[str]) -> bool:
    """Most labels that have letters or digits have letters: a diagram's terms, not a
    chart's axis ticks (numbers, which say nothing without the chart's drawing). A syntax
    diagram's punctuation ("(", ",", ";") counts neither way: "table-name ( column-name
    , )" is a grammar."""
    alnum = [label for label in labels if any(c.isalnum() for c in label)]
    return 2 * sum(any(c.isalpha() for c in label) for label in alnum) > len(alnum)


class _Places:
    """The places of the page its links lead to: the fragments of its in-page links
    (``href="#v:foo"``; ``_urls.as_fragments`` made the page's links to itself so), read
    once, at the first anchor that asks (most pages have none)."""

    def __init__(self, root: HtmlElement) -> None:
        self.root = root

    @cached_property
    def targets(self) -> frozenset[str]:
        return frozenset(h[1:] for a in self.root.iter("a")
                         if (h := a.get("href") or "").startswith("#") and len(h) > 1)


def _names_place(a: HtmlElement, places: _Places) -> bool:
    """Whether the ``<a>`` without ``href`` is a named anchor: a place other links lead to
    (HTML 4's ``name``, or an ``id`` that a link of the page leads to: ``places``), and no
    script's control (an ``onclick``, a ``role``: a menu's entries written as anchors that
    a script makes links of, navigation as any link is). An ``id`` alone may be a script's
    handle (a tab bar's entries that a script binds by their ids): only one the page links
    to is a place."""
    if a.get("role") is not None or any(key.startswith("on") for key in a.attrib):
        return False
    if a.get("name") is not None:
        return True
    ident = a.get("id")
    return ident is not None and ident in places.targets


def _unlink_place_mark(a: HtmlElement, places: _Places) -> None:
    """A named anchor holding text becomes a ``<span>`` (its ``name`` its ``id``): it marks
    a place and links nowhere, and its text is the text around it, not a link's. openjade's
    DocBook stylesheets (DSSSL) wrap every heading's text in one (``<h1><a
    name="RUNTIME-CONFIG">5.2. Connections</a></h1>``), as hand-written HTML 4 did: counted
    as a link, such a heading was all link text, and prune dropped it as navigation.
    Haddock marks each declared name so (``<a id="v:callStack" class="def">callStack</a>``,
    the target of the entry's ``#`` link): a reader sees the name in plain text, and a
    page of entries counted as links was read as lists of links (GHC.Stack kept 38 %)."""
    if not (len(a) or (a.text or "").strip()) or not _names_place(a, places):
        return  # (an empty anchor has no text to count; a scripted one is a control)
    name = a.attrib.pop("name", None)
    if a.get("id") is None and name is not None:
        a.set("id", name)
    a.tag = "span"


def collapse_code_blocks(root: HtmlElement) -> None:
    """Make each highlighted code block one element holding its text.

    A highlighter wraps every token of a listing in a <span> (a fifth of all elements of
    the Python docs are inside <pre>). As elements, those tokens were judged like page
    content: a span reading "ad" or "related" was dropped as an ad label, one with a
    boilerplate class pruned, and every long string literal scored as a paragraph. As text
    they are what they are, the listing, and the passes after this one have far fewer
    elements to walk. A <pre> holding anything but inline formatting (links, images,
    blocks) is left as it is. Its first <code> stays (holding the text) for the language
    in its class.
    """
    # the <pre> with child elements (XPath's //pre[*], in a third of its time, and none at
    # all on a page without a <pre>: lxml skips a walk for a tag name the page never used).
    # Listed first: the loop edits them. (Comments and PIs are dropped by now: len() counts
    # elements.)
    for pre in [pre for pre in root.iter("pre") if len(pre)]:
        _line_breaks(pre)
        block_line_breaks(pre)
        if any(el.tag not in _INERT_INLINE and el.tag != "br" for el in pre.iterdescendants()):
            continue
        code = next(pre.iter("code"), None)
        text = text_content(pre)
        del pre[:]
        holder = pre
        if code is not None:
            pre.text = None
            holder = etree.SubElement(pre, "code", dict(code.attrib))
        holder.text = text


def _line_breaks(pre: HtmlElement) -> None:
    """Write each ``<br>`` in ``pre`` as the line break it draws: a listing whose lines a
    generator ends with ``<br/>``, not a newline (TypeDoc's examples), is read as one line
    of text otherwise, ``import { of } from 'rxjs';const source$ = ...``. The ``br`` stays
    (a listing not collapsed keeps its elements); its text is its tail's newline."""
    for br in pre.iter("br"):
        br.tail = "\n" + (br.tail or "")


def flatten_deep(root: HtmlElement, limit: int = MAX_DEPTH) -> None:
    """Unwrap elements nested deeper than ``limit`` (keeps their text) so recursion stays safe."""
    if limit == MAX_DEPTH and not _AT_MAX_DEPTH(root):
        return  # the common case, found without walking the tree in Python
    too_deep: list[HtmlElement] = []
    stack: list[tuple[HtmlElement, int]] = [(root, 0)]
    while stack:
        el, depth = stack.pop()
        for child in el:
            if depth + 1 > limit:
                too_deep.append(child)
            else:
                stack.append((child, depth + 1))
    for el in too_deep:
        if el.getparent() is not None:
            # text_content keeps all the words of the subtree
            text = text_content(el)
            tail = el.tail
            parent = el.getparent()
            idx = parent.index(el)
            parent.remove(el)
            span = parent.makeelement("span", {})
            span.text = text
            span.tail = tail
            parent.insert(idx, span)


def absolutize_links(root: HtmlElement, base: str) -> None:
    """Make <a href> and <img src> absolute (lazy-loading attributes count as src)."""
    absolutize = absolutizer(base)
    for a in root.iter("a"):
        href = absolutize(a.get("href"))
        if href is None:
            a.attrib.pop("href", None)
        else:
            a.set("href", href)
    for img in root.iter("img"):
        src = img.get("src")
        if not src or src.startswith("data:"):
            for attr in ("data-src", "data-lazy-src", "data-original", "data-url"):
                if img.get(attr):
                    src = img.get(attr)
                    break
        if not src and img.get("srcset"):
            src = (img.get("srcset") or "").strip().split(",")[0].split()[0:1]
            src = src[0] if src else None
        resolved = absolutize(src)
        if resolved:
            img.set("src", resolved)
