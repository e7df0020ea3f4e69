"""Boxes set in a text that are its content, not a page's column: a sidebar among its
section's paragraphs, a box opening a section under its title (an abstract, a module's first
example), a pull quote between two paragraphs, a table of the reference entries a section
relates to. ``_boiler`` asks these before it drops an
<aside> or a box named as a sidebar; ``_prune`` asks the paragraph tests."""

from __future__ import annotations

import itertools
import re

from lxml.html import HtmlElement

from ._signals import _admonition, _is_ad_label, _kinds
from ._stats import CODE_TAGS, _link_density, _Stats
from ._text import text_content
from ._tokens import _BOILER_TOKENS, _tokens_of
from ._tree import _HEADINGS, _wrapped_heading

_BOX_TOKENS = frozenset(("sidebar",))
"""Class tokens that name a box in a text as well as a page's column (``_boxed_in_text``)."""
_BOX_MAX_LINK_DENSITY = 0.25
_BOX_PARAGRAPH_CHARS = 80
"""A box holds at least a paragraph's worth of text that is not link text."""
_BOX_SIBLING_CHARS = 20
"""A paragraph beside the box has at least this much text ("The possible actions are:")."""


def _boxed_in_text(el: HtmlElement, st: _Stats) -> bool:
    """A sidebar set in the text's flow: a box of prose (a tip, a note on a word's history)
    among the paragraphs of its section, as DocBook's ``sidebar`` is written (a textbook's
    box beside the text). A page's sidebar is a column beside the text's container, not
    one of its paragraphs' siblings, and a column of links set in a story (other stories)
    is links: the box is named "sidebar" and nothing else boilerplate, holds prose (little
    link text, a paragraph's worth), and a paragraph of the text is beside it in its
    parent (before it, or after it when it opens a section under its heading), however
    short (a line introducing a list), or it is the body of a note (``_in_note``)."""
    tokens = _tokens_of(" ".join(v for v in (el.get("class"), el.get("id")) if v))
    if not tokens & _BOX_TOKENS or tokens & _BOILER_TOKENS - _BOX_TOKENS or \
            st.text - st.links < _BOX_PARAGRAPH_CHARS or \
            _link_density(st) > _BOX_MAX_LINK_DENSITY:
        return False
    return any(_prose_paragraph(sib) for sib in el.itersiblings(preceding=True)) or \
        any(_prose_paragraph(sib) for sib in el.itersiblings()) or _in_note(el) or \
        _opens_section(el)


def _opens_section(el: HtmlElement) -> bool:
    """Whether the box ``el`` opens a section: right under the section's heading (or its
    title block), with the section's subsections after it, each under its own heading (a
    chapter's introduction set as a sidebar: "If you've built FreeTDS and noticed steps
    peculiar to your OS, ...", then "Win32 and Win64", "VMS"). A page's sidebar column is
    beside the content's container, under no heading of a section it opens."""
    prev = next((s for s in el.itersiblings(preceding=True) if isinstance(s.tag, str)), None)
    if prev is None or _wrapped_heading(prev).tag not in _HEADINGS:
        return False
    after = next((s for s in el.itersiblings() if isinstance(s.tag, str)), None)
    return after is not None and after.tag in ("div", "section") and \
        _first_heading(after) is not None


def _first_heading(section: HtmlElement) -> HtmlElement | None:
    """The heading ``section`` opens with (through its title block and empty anchors)."""
    first = next((c for c in section if isinstance(c.tag, str) and
                  not (c.tag == "a" and not len(c) and not (c.text or "").strip())), None)
    if first is None:
        return None
    head = _wrapped_heading(first) if first.tag == "div" else first
    return head if head.tag in _HEADINGS else None


_NOTE_MAX_LEVELS = 4
"""How far above a box its note may be (DocBook XSL: the note's ``div``, a table, a row, a
cell)."""


def _in_note(el: HtmlElement) -> bool:
    """Whether the box ``el`` is in a note, a tip, a warning (an admonition, within
    ``_NOTE_MAX_LEVELS``): the note's text, set in a box of its own (a manual's tip written
    as a sidebar in the tip's cell), however alone in its cell. A page's sidebar column is
    in no note."""
    return any(_admonition(a) for a in itertools.islice(el.iterancestors(), _NOTE_MAX_LEVELS))


def _prose_paragraph(el: HtmlElement) -> bool:
    """A paragraph of the text: a <p>, or a <div> with text of its own (Publican's
    ``div.para``, which may hold a title line or a link's line as blocks of its own), of
    a line's length at least, with few links."""
    if el.tag == "div":
        own = (el.text or "") + "".join(c.tail or "" for c in el)
        if len(own.strip()) < _BOX_SIBLING_CHARS:
            return False
    elif el.tag != "p":
        return False
    text = text_content(el)
    links = sum(len(text_content(a)) for a in el.iter("a"))
    return len(text.strip()) >= _BOX_SIBLING_CHARS and \
        links <= _BOX_MAX_LINK_DENSITY * len(text)


def _prose_besides(parent: HtmlElement, box: HtmlElement) -> bool:
    """Whether ``parent`` is a paragraph of prose by its own words, the address ``box``
    prints left out ("All the instructions to contribute to the book are documented on
    the book's website: → https://debian-handbook.info/contribute/": a long address is
    a third of the paragraph, and read as its link text). Its own text outside the box
    (not its child blocks') is a line (``CITED_LEAD_MIN_CHARS``), with no link of its own;
    a label ("Web:") is no line, and an article's body holding a footer's "Retrieved from
    https://..." among its blocks is no paragraph."""
    if parent.tag not in ("p", "div"):
        return False
    # (its own text, beside its children: a paragraph's, not an article's body holding the
    # box among its blocks, as a wiki's "Retrieved from https://..." footer)
    own = " ".join(((parent.text or "") + "".join(
        (c.text or "" if c.tag in _INLINE_TAGS else "") + (c.tail or "")
        for c in parent if c is not box)).split())
    return len(own) >= CITED_LEAD_MIN_CHARS and not any(
        c.tag == "a" for c in parent if c is not box)


CITED_LEAD_MIN_CHARS = 60
"""A paragraph printing an address says this much of its own at least (a sentence)."""
_INLINE_TAGS = frozenset(("span", "em", "strong", "b", "i", "code", "abbr"))


_QUOTE_MAX_CHARS = 400


def _in_flow_quote(el: HtmlElement, st: _Stats) -> bool:
    """An <aside> set between two paragraphs of prose, short and without links: a pull
    quote (a sidebar sits beside the text, not inside its flow)."""
    if el.tag != "aside" or st.links or not 0 < st.text <= _QUOTE_MAX_CHARS:
        return False
    before, after = el.getprevious(), el.getnext()
    return before is not None and after is not None and before.tag == after.tag == "p"


_LEAD_BOX_MAX_BETWEEN = 2
"""At most this many blocks between a section's heading and the box that opens it."""
_LEAD_BOX_BETWEEN_CHARS = 200
"""A block between the heading and the box is a line of furniture (a rule, "author: ..."),
no longer than this."""
_LEAD_BOX_CHROME = frozenset(("form", "input", "button", "select", "iframe", "script", "img",
                              "picture", "video", "object", "embed"))
_PULL_QUOTE_MIN_CHARS = 30
_SENTENCE_RE = re.compile(r"[^.!?]+[.!?]?")


def _box_under_title(el: HtmlElement, st: _Stats) -> bool:
    """An <aside> that opens its section's text under the section's title: a box of prose
    or code set right under the heading (past a rule or an author's line), before the
    section's body (its first paragraph, or its first subsection): a document's abstract,
    a module's first example ("Hello World!"). The chrome an article sets at its top is
    none of these: a newsletter signup (a form), an ad slot (a frame, a script), a share
    bar or a box of related stories (links, little text), an author's bio box (a photo,
    a class naming it), a pull quote (a sentence the body repeats)."""
    if el.tag != "aside" or st.text - st.links < _BOX_PARAGRAPH_CHARS or \
            _link_density(st) > _BOX_MAX_LINK_DENSITY:
        return False
    tokens = _tokens_of(" ".join(v for v in (el.get("class"), el.get("id")) if v))
    if tokens & (_BOILER_TOKENS - _BOX_TOKENS) or _kinds(el).strong or \
            any(True for _ in el.iter(*_LEAD_BOX_CHROME)) or _labelled_ad(el):
        return False
    if not _under_heading(el):
        return False
    after = next((s for s in el.itersiblings() if isinstance(s.tag, str)), None)
    if after is None or not (_prose_paragraph(after) or (
            after.tag in ("div", "section") and _first_heading(after) is not None)):
        return False
    return not _repeated_after(el)


def _labelled_ad(el: HtmlElement) -> bool:
    """Whether a line of the box ``el`` is an ad's label ("Advertisement", "Sponsored"):
    an ad slot whose frame the cleaning already took."""
    return any(_is_ad_label(text_content(c)) for c in el.iter()
               if isinstance(c.tag, str) and c is not el and len(text_content(c)) < 40)


def _under_heading(el: HtmlElement) -> bool:
    """Whether a heading precedes ``el`` among its siblings, with at most
    ``_LEAD_BOX_MAX_BETWEEN`` short blocks between them and no paragraph of prose."""
    between = 0
    for sib in el.itersiblings(preceding=True):
        if not isinstance(sib.tag, str):
            continue
        if _wrapped_heading(sib).tag in _HEADINGS:
            return True
        between += 1
        if between > _LEAD_BOX_MAX_BETWEEN or _prose_paragraph(sib) or \
                len(text_content(sib).strip()) > _LEAD_BOX_BETWEEN_CHARS:
            return False
    return False


def _repeated_after(el: HtmlElement) -> bool:
    """Whether a sentence of ``el`` is repeated in the text after it (a pull quote)."""
    after = " ".join(" ".join(text_content(s).split()) for s in el.itersiblings()
                     if isinstance(s.tag, str))
    if not after:
        return False
    for sentence in _SENTENCE_RE.findall(" ".join(text_content(el).split())):
        sentence = sentence.strip(" \"'\u201c\u201d")
        if len(sentence) >= _PULL_QUOTE_MIN_CHARS and sentence in after:
            return True
    return False


CODE_NAME_MAX_CHARS = 60
"""A name in code a reference links (a directive, a module, a function): one token, short."""


def _related_entries(el: HtmlElement) -> bool:
    """A table or list of the reference entries its section relates to, set in the text: a
    server manual's "Related Modules | Related Directives" table right under a section's
    heading (``_right_under_heading``; its class "related"), each of its links a name in
    code (``_code_name``: a module's, a directive's, a function's). It says which entries
    of the reference the section is about, as a "See also" line does, and is the
    section's text. A box of related stories, posts or products links titles in words
    (with pictures), and a site's "related" bar of links (Sphinx's ``div.related``:
    "index", "modules", "next") links pages by their words, in no code: they stay
    boilerplate."""
    # (the cheap test first: most boxes named so are columns beside the text, under no
    # heading of a section; the others' links are read until the first that is no name)
    if not _right_under_heading(el) or el.find(".//img") is not None:
        return False
    named = False
    for a in el.iter("a"):
        if a.get("href") is None:
            continue
        if not _code_name(a):
            return False
        named = True
    return named


def _right_under_heading(el: HtmlElement) -> bool:
    """Whether the block before ``el`` among its siblings is a heading (through its
    wrapper): ``el`` opens a section. A box at the foot of a text, or in a column beside
    it, follows the text's last paragraph or nothing."""
    prev = next((s for s in el.itersiblings(preceding=True) if isinstance(s.tag, str)), None)
    return prev is not None and _wrapped_heading(prev).tag in _HEADINGS


def _code_name(a: HtmlElement) -> bool:
    """Whether the link ``a`` is a name in code: one token (no space, at most
    ``CODE_NAME_MAX_CHARS``), the whole text of a code element it is in (``<code><a>
    ServerName</a></code>``) or holds (``<a><code>printf</code></a>``)."""
    text = " ".join(text_content(a).split())
    if not text or " " in text or len(text) > CODE_NAME_MAX_CHARS:
        return False
    parent = a.getparent()
    if parent is not None and parent.tag in CODE_TAGS and \
            " ".join(text_content(parent).split()) == text:
        return True
    inner = [c for c in a if isinstance(c.tag, str)]
    return len(inner) == 1 and inner[0].tag in CODE_TAGS and \
        " ".join(text_content(inner[0]).split()) == text
