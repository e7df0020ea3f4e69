"""Controls a theme sets in the content's own frame, beside the article: a button whose face
is an icon, its name spoken to screen readers only, and a link back to the page's top.

A documentation theme may put both just above the article, inside the element that holds
it (Furo: a "Back to top" link and the colour theme's switch, "Toggle Light / Dark / Auto
color theme", in ``div.article-container`` before ``article``), so whatever holds the
article holds them too. Their words are no content: a reader sees an arrow and an icon.
``_clean.basic_clean`` drops them with the other controls (brief 66).
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

SCREEN_READER_CLASSES = frozenset(("visually-hidden", "visuallyhidden", "sr-only",
                                   "screen-reader-text", "screenreader-only", "sr-text"))
"""Classes that hide an element from sight and leave it to screen readers: Bootstrap's
(``sr-only``, ``visually-hidden``), WordPress's (``screen-reader-text``), HTML5
Boilerplate's (``visuallyhidden``), Furo's (``visually-hidden``): a convention many
generators share, so a signal of the shape, not of one site."""
TOP_LINK_MAX_WORDS = 4
"""A link to the page's top names itself in a few words ("Back to top", "↑ Top", "Return
to top"); more is a sentence, no control's name."""
TOP_LINK_MIN_WORDS = 2
"""... and in words: one token is a name (``Appender``, ``BOOST_PROTO_EXTENDS``), the page's
subject linked to the page itself."""
_TOP_HREF = "#"
"""Where a link back to the page's top leads: the empty fragment, the top of the document
whatever it holds. (``#top`` leads to an element so named where the page has one: a news
site's "Scroll Back To Top" beside a "Related Articles" heading, whose links went with
it as a bar's, is left to the rules that judge that bar.)"""


def _screen_reader_only(el: HtmlElement) -> bool:
    """Whether ``el``'s class says it is hidden from sight, left to screen readers."""
    cls = el.get("class")
    return bool(cls) and not SCREEN_READER_CLASSES.isdisjoint(cls.split())


def _spoken_words(button: HtmlElement) -> int:
    """How many of the button's words are in screen-reader-only elements."""
    return sum(len(" ".join(el.itertext()).split()) for el in button.iter()
               if el is not button and _screen_reader_only(el))


def _shows_words(button: HtmlElement, spoken: int) -> bool:
    """Guard: the button shows words of its own besides its spoken label (an accordion's
    question, an OpenAPI viewer's operation summary, with "(expand)" for screen readers
    after it): its words are content, as ``_clean.MIN_BUTTON_WORDS`` keeps them."""
    return sum(len(t.split()) for t in button.itertext()) > spoken


def icon_button(button: HtmlElement) -> bool:
    """A button whose words are all a screen-reader-only label: its face is an icon (a sun
    and a moon, a list), its label the control's name ("Toggle Light / Dark / Auto color
    theme", "Toggle navigation"), no content however many words it has."""
    spoken = _spoken_words(button)
    return spoken > 0 and not _shows_words(button, spoken)


_LAYOUT_BLOCKS = frozenset(("div", "section", "article", "main", "header", "footer", "body",
                            "aside", "nav"))
"""Where a theme sets a link back to the top: a block of the page's layout, not a
paragraph, a heading, a cell, a term or code."""


def _stands_alone(a: HtmlElement) -> bool:
    """Guard: the link stands in a layout block of its own words, not in a sentence ("To
    change it, open the settings and pick one": a script's link in the text,
    ``href="#"``), nor a list's entry (a page's contents lead to its title with
    ``href="#"``: an entry of the list, which the rules on lists read), nor in code, a
    heading or a term (a link to the page itself by its file name, which
    ``_urls.as_fragments`` writes as ``#``: the page's subject named in its code, a
    heading, a sentence, ``<code><a href="#">BinaryHeap</a></code>``)."""
    parent = a.getparent()
    if parent is None or parent.tag not in _LAYOUT_BLOCKS:
        return False
    previous = a.getprevious()
    before = parent.text if previous is None else previous.tail
    return not (before and before.strip()) and not (a.tail and a.tail.strip())


def _scripted(a: HtmlElement) -> bool:
    """The link runs a script when clicked (an ``onclick``...): a script's control ("Close
    Window" on a light box), which the rules on such boxes judge, no link to a place."""
    return any(key.startswith("on") for key in a.attrib)


def top_link(a: HtmlElement) -> bool:
    """A link back to the top of the page ("Back to top", an arrow and "Top"): it leads to
    the empty fragment, names itself in a few words, and stands alone; a control of the
    theme's frame, no content."""
    if (a.get("href") or "").strip() != _TOP_HREF or _scripted(a):
        return False
    count = len(" ".join(a.itertext()).split())
    return TOP_LINK_MIN_WORDS <= count <= TOP_LINK_MAX_WORDS and _stands_alone(a)


SKIP_LINK_MAX_WORDS = 6
"""A skip link names where it leads in a few words ("Skip to main content", "Jump to
navigation"); more is a sentence."""


def skip_link(a: HtmlElement) -> bool:
    """A skip link: a link to a place in the page (``href="#content"``) that the page hides
    from sight (a screen-reader-only class, ``_screen_reader_only``; shown only when the
    keyboard focuses it), saying in a few words where it leads ("Skip to main content").
    A control of the page's frame for keyboards and screen readers, no content: a reader
    of the page never sees it. Guards: the link stands alone in a layout block
    (``_stands_alone``: a screen-reader-only link in a sentence, a list's entry or a
    heading is the text's or its rules'), and leads to a named place (``#`` alone is a
    top or toggle link's, judged by their own rules)."""
    href = (a.get("href") or "").strip()
    if len(href) < 2 or not href.startswith("#") or not _screen_reader_only(a):
        return False
    count = len(" ".join(a.itertext()).split())
    return 0 < count <= SKIP_LINK_MAX_WORDS and _stands_alone(a)


_CLICK_LABEL_RE = re.compile(
    r"\s*(?:click|tap|press)\s+(?:here\s+)?to\s+(?:toggle|show|hide|expand|collapse|view|"
    r"open|reveal)\b", re.IGNORECASE)
"""A control's label telling the reader what a click does: "click to toggle source",
"Click to expand", "tap to show code"."""
click_label_opening = _CLICK_LABEL_RE.match
"""The cheap test ``_clean.basic_clean`` asks of every span's own text first (most spans are
code's or a sentence's words), before ``click_label``."""
CLICK_LABEL_MAX_WORDS = 6
"""A control's label says what a click does in a few words; more is a sentence."""
_PROSE_PARENTS = frozenset(("p", "li", "dd", "td", "th", "blockquote", "figcaption",
                            "caption", "label", "a", "button", "summary"))
"""Where a span is a sentence's words (or a control's own face, which its rules judge)."""


def click_label(span: HtmlElement) -> bool:
    """A span whose words are a control's label telling the reader to click to toggle
    something ("click to toggle source", beside a method's signature: RDoc's, shown on
    hover): an instruction for the mouse, no content. Asked of spans with attributes
    (``_clean.basic_clean``); the label's opening (``_CLICK_LABEL_RE``) is tested first,
    on the span's own text. Guard (``_label_of_a_line``): the span holds no element, says
    at most ``CLICK_LABEL_MAX_WORDS`` and no sentence's end, and ends a line of a block
    that is no paragraph (a heading's, a signature's): a tutorial quoting a button's
    label in a sentence ("the <span>Click to expand</span> button opens the panel.") says
    it in a paragraph."""
    text = span.text
    return bool(text) and _CLICK_LABEL_RE.match(text) is not None and \
        _label_of_a_line(span, text)


def _label_of_a_line(span: HtmlElement, text: str) -> bool:
    """The guard of ``click_label`` (see there)."""
    if len(span) or len(text.split()) > CLICK_LABEL_MAX_WORDS or \
            text.rstrip().endswith((".", "!", "?", ":")):
        return False
    parent = span.getparent()
    return parent is not None and parent.tag not in _PROSE_PARENTS and \
        not (span.tail and span.tail.strip())


_TOGGLE_LABEL_RE = re.compile(
    r"\s*[\[(]?\s*(?:show|hide|expand|collapse|fold|unfold|toggle)(?:\s+(?:all|more|less))?"
    r"\s*[\])]?\s*$", re.IGNORECASE)
"""A toggle's label: the verb of what a click does, "all", "more" or "less" at most after it
("collapse", "show all", "[expand]")."""


def toggle_link(a: HtmlElement) -> bool:
    """A link to the empty fragment (``href="#"``: a script acts on the click, no place is
    reached) labelled as a toggle (``_TOGGLE_LABEL_RE``: "collapse" beside a summary's
    heading, "show all" under an inheritance tree): a control of the page, no content.
    Guards: the label stands apart, no sentence's word before or after it ("Press <a
    href='#'>collapse</a> to fold the tree", a tutorial naming the control); and it is no
    word of code (``_in_listing``: a synopsis's ``struct <a href="fold.html">fold</a>``,
    the page's own name, which a link to the page itself leaves as ``#``); and it is no
    entry's term (``_entry_term``: "Collapse" over what that action does)."""
    if (a.get("href") or "").strip() != _TOP_HREF:
        return False
    if _TOGGLE_LABEL_RE.match(" ".join(a.itertext())) is None:
        return False
    return _apart(a) and not _in_listing(a) and not _entry_term(a)


_TERM_MAX_DEPTH = 2
"""Levels from the link up to its entry's term (``a`` in ``strong`` in ``dt``)."""


def _entry_term(a: HtmlElement) -> bool:
    """The third guard of ``toggle_link``: ``a`` is the term of an entry that says what it
    does: the ``dt`` of a definition, or a row's first cell with text in the cells after it
    (a reference of folding commands, "fold", "unfold", "toggle", each its description
    beside it; a command's name linked to the page itself is left as ``#``). A toggle
    stands beside what it folds, at its heading or its end, and describes nothing."""
    node = a
    for _ in range(_TERM_MAX_DEPTH):
        node = node.getparent()
        if node is None:
            return False
        if node.tag == "dt":
            return True
        if node.tag in ("td", "th"):
            row = node.getparent()
            cells = [c for c in row if isinstance(c.tag, str)] if row is not None else []
            return bool(cells) and cells[0] is node and any(
                "".join(c.itertext()).strip() for c in cells[1:])
    return False


_LISTING_TAGS = ("pre", "code", "tt", "kbd", "samp", "var")
"""Code's elements: a word in them is the code's."""


def _in_listing(a: HtmlElement) -> bool:
    """The second guard of ``toggle_link``: ``a`` is inside code (``_LISTING_TAGS``)."""
    return next(a.iterancestors(*_LISTING_TAGS), None) is not None


def _apart(a: HtmlElement) -> bool:
    """The guard of ``toggle_link``: no words around the link in its parent."""
    parent = a.getparent()
    if parent is None:
        return False
    previous = a.getprevious()
    before = parent.text if previous is None else previous.tail
    return not (before and before.strip()) and not (a.tail and a.tail.strip())
