"""What an element's id says of it: a component's name ("comments", "menu", "share": a
widget's) or an anchor, the name a document gives its part, whose words say what the part
is about, not what component it is: a qualified API name, a section's or heading's slug, a
signature's, a code term's, a numbered part's, a name code defines, and a part's id that
extends its document's (``_own_part``). ``_component_id`` answers for the token and weight
tests of ``_signals``.
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._anchored import member_anchor, named_by_signature
from ._navbar import past_bar
from ._text import _FIGURE_NUMBER_RE, _SECTION_NUMBER_RE, BLOCK_TAGS, _lead_text, words
from ._tokens import _plain_id, _says_something
from ._tree import (
    _HEADINGS,
    GLUED_CODE_RE,
    PROGRAM_NAME_RE,
    _collapsed_text,
    _first_element,
    _short_text,
)


def _component_id(el: HtmlElement, ident: str) -> str | None:
    """What of ``el``'s id ``ident`` may name a component (a widget's "comments", "menu"),
    for the token and weight tests: None for an anchor (a qualified API name,
    "distutils.ccompiler.CCompiler.debug_print"; a section's slug; a signature's), else the
    id less the part an enclosing element's id gives it (``_own_part``). Only an id that
    says chrome is asked about its ancestors (most ids say nothing of the sort), and an id
    that says nothing the tests read (``_says_something``) is asked nothing."""
    if not _says_something(ident):
        return ident
    if "." in ident or _is_heading_slug(el, ident) or _own_slug(el, ident) or \
            _signature_heading(el):
        return None
    if _plain_id(ident):  # (no chrome's word: no part of it is read apart)
        return ident
    if _term_anchor(el, ident) or _numbered_part(el) or _defined_in_code(el, ident) or \
            _named_item(el, ident) or _signature_anchor(el, ident) or \
            named_by_signature(el, ident) or member_anchor(el, ident) or \
            cited_note(el, ident):
        return None
    return _own_part(el, ident)


def _numbered_part(el: HtmlElement) -> bool:
    """Whether ``el`` opens with a document's number for it: a numbered table, figure or
    example ("Table 9.64. Comment Information Functions": ``_FIGURE_NUMBER_RE``), or a
    heading numbered under its chapter ("28.2.8. pg_stat_subscription", "9.26.5. Comment
    Information Functions": ``_SECTION_NUMBER_RE``, two levels or more). A manual numbers
    its sections and tables, and their ids are their anchors, whatever words the subject
    gives them; a comment thread's "12 comments" or "1.2K comments" is a count."""
    lead = _lead_text(el).lstrip()
    if _FIGURE_NUMBER_RE.match(lead):
        return True
    if _SECTION_NUMBER_RE.match(lead) is None:
        return False
    heading = next(el.iter(*_HEADINGS), None)  # (the number is the heading's, said first)
    return heading is not None and \
        "".join(lead.split()).startswith("".join(_lead_text(heading).split())[:_NUMBER_CHARS])


_NUMBER_CHARS = 12
"""How much of a heading's text a block must open with to open with the heading."""


NAMED_ITEM_MAX_NAMES = 500
"""Names read of an item's tree at most (a class hierarchy's: hundreds at most)."""


def _named_item(el: HtmlElement, ident: str) -> bool:
    """Whether ``el`` is an item of a tree of names anchored by its own name: ``ident`` is
    the name ``el`` opens with, as written (``<li id="Subscription"><a>Subscription</a>``,
    a class hierarchy's item), and every text in it is one name (the item's children, the
    names below it in the tree). Generators anchor an entry by its name, and the name's
    words ("Subscription", "TimestampProvider") say what the API is about, not what
    component the item is. A box labelled so ("<div id='Newsletter'><h3>Newsletter</h3>
    <p>Sign up for ...</p>") says sentences, and stays a newsletter box."""
    first = True
    for n, piece in enumerate(el.itertext()):
        piece = piece.strip()
        if n > NAMED_ITEM_MAX_NAMES:
            return False
        if not piece:
            continue
        if (first and piece != ident) or PROGRAM_NAME_RE.fullmatch(piece) is None:
            return False
        first = False
    return not first


_NOTE_TOKENS = words("footnote citation")
"""A note's class: docutils' ``table.docutils.footnote``, ``table.citation``."""
_NOTE_MARK_RE = re.compile(r"\[?\s*(?:\d+|\*|[a-z]|#?[\w-]+)\s*\]?")
"""A reference to a note as the text marks it: "[2]", "2", "[*]", "[CIT2002]"."""


def cited_note(el: HtmlElement, ident: str) -> bool:
    """Whether ``el`` is a note of the text named by its author, ``ident`` the name: its
    class says a footnote or a citation (``_NOTE_TOKENS``), and the text cites it, a link
    to ``#ident`` marked as a note's reference ("[2]", ``_NOTE_MARK_RE``). reStructuredText
    names a footnote by a label the author chose (``[#magic-comment]``), which docutils
    writes as its id, and its words say what the note is about ("magic-comment"), not what
    component it is. A comment thread is cited by no note mark ("12 comments" is a count,
    not a mark), and a widget's class says no footnote."""
    if not words((el.get("class") or "").lower()) & _NOTE_TOKENS:
        return False
    root = el.getroottree().getroot()
    return any(_NOTE_MARK_RE.fullmatch(_collapsed_text(a)) is not None
               for a in root.iter("a") if a.get("href") == "#" + ident)


SIGNATURE_LINE_MAX_CHARS = 400
"""A signature set as a line is shorter than this (a few parameters and their types)."""
_SIGNATURE_OPEN_RE = re.compile(r"([A-Za-z_$][\w$]*)[(<]")
"""A signature opens with its name glued to its parameters or type parameters:
"subscribe(", "scheduled<"."""
_COUNTER_RE = re.compile(r"[-_]\d+$")
"""The counter a generator sets after an anchor to keep overloads apart ("subscribe-1")."""
_ASCII_NAME_RE = re.compile(r"[A-Za-z0-9_$]+")
"""An id, less its counter, that may be the name a signature opens with (as the letter case
leaves it: of ASCII, only a name's characters lower to a name's)."""


def _signature_anchor(el: HtmlElement, ident: str) -> bool:
    """Whether ``el`` is a line of code, a signature, anchored by the name it opens with:
    ``<div id="subscribe-1">subscribe(observer: Observer&lt;T&gt;): Unsubscribable</div>``,
    an overload's signature set as a block of its own (not a heading: see
    ``_signature_heading``), its id the member's name in any case, a counter after it. The
    name's words ("subscribe", "share", "comment") say what the API does, not what component
    the line is. Guards: the name is glued to its parameters (``_SIGNATURE_OPEN_RE``), the
    line holds no block and is short (``SIGNATURE_LINE_MAX_CHARS``); a newsletter box with
    id "subscribe" says words ("Subscribe to our letter"), and holds a form or paragraphs."""
    name = _COUNTER_RE.sub("", ident)
    if name.isascii() and _ASCII_NAME_RE.fullmatch(name) is None:
        return False  # (no name: "top-bar-nav"; the cheap test, before the element's parts)
    if any(isinstance(d.tag, str) and d.tag in BLOCK_TAGS and d.tag != "br"
           for d in el.iterdescendants()):
        return False
    text = _short_text(el, SIGNATURE_LINE_MAX_CHARS)
    opening = _SIGNATURE_OPEN_RE.match(text) if text else None
    return opening is not None and name.lower() == opening.group(1).lower()


_TERM_NAME_RE = re.compile(r"[\w.\-]+")
_CODE_NAME_RE = re.compile(r"^-|\w[_.\-]\w")
"""A name written as code: an option ("--skip-checks"), words joined without a space
("debug_print_parse", "os.path")."""
_CODE_TAGS = ("code", "tt", "kbd", "samp", "var")
_CODE_CLASSES = words("pre code literal mono monospace")


def _term_anchor(el: HtmlElement, ident: str) -> bool:
    """Whether ``el`` is a definition list's term naming code and ``ident`` its anchor: the
    id ends with the words of the name the term opens with ("guc-debug-print-parse" on
    "debug_print_parse (boolean)", a setting's entry in a configuration reference;
    "print" on "print(*objects)"), or the anchor wrapping that name in the term
    (``_term_of``). The name's words ("print", "comment", "skip") say what
    the entry is about, not what component the term is. Only a name set as code
    (``_code_term``): a story's "Share" term over its buttons, id "post-share", says what it
    is."""
    term = el if el.tag == "dt" else _term_of(el)
    if term is None:
        return False
    text = _collapsed_text(term)
    name = _TERM_NAME_RE.search(text)
    if name is None:
        return False
    own = _SLUG_WORD_RE.findall(name.group(0).lower())
    slug = _SLUG_WORD_RE.findall(ident.lower())
    return bool(own) and slug[-len(own):] == own and \
        _code_term(term, name.group(0), text[name.end():])


def _term_of(el: HtmlElement) -> HtmlElement | None:
    """The term (``dt``) whose name ``el`` is the anchor of: its first child, wrapping the
    name the term opens with (``<dt><a name="BaseCookie-__ior__"><strong>__ior__</strong>
    </a>(self, value, /)</dt>``, pydoc's method, the anchor made a ``span`` by the cleaning;
    "Cookie" in the class's name is no cookie banner's)."""
    parent = el.getparent()
    if parent is None or parent.tag != "dt" or el.tag not in ("a", "span"):
        return None
    first = next((c for c in parent if isinstance(c.tag, str)), None)
    return parent if first is el and not (parent.text or "").strip() else None


def _code_term(el: HtmlElement, name: str, rest: str) -> bool:
    """Whether the term ``el`` naming ``name`` (``rest`` after it) names code: written as
    code (``_CODE_NAME_RE``), a function's name before its arguments ("print(*objects)",
    "print ()"), or set in a code element or one whose class says monospace."""
    if _CODE_NAME_RE.search(name) is not None or rest.lstrip().startswith("("):
        return True
    return any(node.tag in _CODE_TAGS or
               not _CODE_CLASSES.isdisjoint((node.get("class") or "").split())
               for node in el.iterdescendants())


_ID_SEPARATORS = "-_:"


def _own_part(el: HtmlElement, ident: str) -> str:
    """``ident`` less the id of an enclosing element it extends: generators name a part's
    anchor after its document's ("logical-replication-subscription-slot" in
    "logical-replication-subscription", "sql-comment-examples" in "sql-comment"), and the
    document's words say what the page is about (a database's subscriptions, its COMMENT
    command, a toolkit's menus), not what component the part is: a page about comments is
    no comment thread, and its sections are not either. The part's own words are still
    read ("sidebar-menu" in "sidebar": a menu). A comment thread's items are named apart
    from it ("comment-12" in "comments") and stay comments; a thread small enough to be
    chrome goes whole before its parts are asked. Only a document's id is a prefix so: the
    enclosing element holds the page's first heading (a thread of comments beside a story,
    its parts "comments-1", "comments-2", holds none: it stays a thread)."""
    for anc in el.iterancestors():
        outer = anc.get("id")
        if outer and len(ident) > len(outer) + 1 and ident.startswith(outer) and \
                ident[len(outer)] in _ID_SEPARATORS:
            return ident[len(outer) + 1:] if _holds_first_heading(anc) else ident
    return ident


def _holds_first_heading(el: HtmlElement) -> bool:
    """Whether the page's first heading is inside ``el``: ``el`` is the page's document."""
    first = next(el.getroottree().getroot().iter(*_HEADINGS), None)
    return first is not None and any(a is el for a in first.iterancestors())


def _is_heading_slug(el: HtmlElement, ident: str) -> bool:
    """Whether ``ident`` is the slug of the heading ``el`` starts with: a document section's
    anchor ("recommended-third-party-tools") says what the section is about, not what
    component it is, so its words are no boilerplate tokens."""
    first = _first_element(el)
    if first is not None and first.tag not in _HEADINGS:
        first = _in_whole_wrapper(el, first)
    if first is not None and first.tag not in _HEADINGS:
        first = past_bar(first)  # (a node's navigation bar over its heading)
    if first is None or first.tag not in _HEADINGS:
        return False
    return _slug_of(ident, first)


def _in_whole_wrapper(el: HtmlElement, first: HtmlElement) -> HtmlElement:
    """The heading ``el`` opens with inside the one wrapper that holds all of it
    (``_wraps_whole_section``), else ``first`` (``el``'s first element)."""
    if not _wraps_whole_section(el, first):
        return first
    inner = _first_element(first)
    return inner if inner is not None and inner.tag in _HEADINGS else first


def _wraps_whole_section(el: HtmlElement, first: HtmlElement) -> bool:
    """Whether ``first`` is a ``div`` wrapping the whole of ``el``, its one child element, no
    text beside it (``<section id="pause-release-print-job"><div class="inner"><div
    class="hgroup"><h2>Pause and release a print job</h2></div><div class="region">...``:
    yelp-xsl's Mallard sections, a theme's ``section > div.container``): the wrapper is the
    section, and its heading the section's, whose slug the id may be. A block whose first
    box is headed and more boxes follow it ("<div id='share-print'><div><h4>Share
    print</h4>...</div><div>...</div></div>", a toolbar's first group) says its own name by
    its id, not a heading's slug."""
    return first.tag == "div" and not (el.text or "").strip() and \
        not (first.tail or "").strip() and \
        not any(isinstance(c.tag, str) for c in first.itersiblings())


def _own_slug(el: HtmlElement, ident: str) -> bool:
    """Whether ``el`` is a heading and ``ident`` the slug of its own text: Markdown
    renderers set the anchor on the heading itself (``<h2 id="display-widgets">Display
    widgets</h2>``, Python-Markdown's ``toc`` extension, as gi-docgen's), not on a section
    around it; the id says what the heading says, no component's name ("widgets")."""
    return el.tag in _HEADINGS and _slug_of(ident, el)


def _slug_of(ident: str, heading: HtmlElement) -> bool:
    """Whether ``ident`` is the slug of ``heading``'s text (its words, less a slug's
    marks: ``_slug_marks``)."""
    if "_" in ident:
        ident = _ESCAPE_RE.sub(_unescaped, ident)
    slug = set(_SLUG_WORD_RE.findall(ident.lower()))
    said = set(_SLUG_WORD_RE.findall(_collapsed_text(heading).lower()))
    return bool(slug & said) and _slug_marks(slug - said)


def _slug_marks(rest: set[str]) -> bool:
    """Whether the words of a section's id that are not its heading's are a slug's marks:
    none, or each one letter or a number, the prefix or the counter a generator sets on a
    heading's slug to keep it apart from another anchor ("s-comments" over "Comments",
    Django's docs giving the section the slug with an "s-" and its empty anchor the slug
    itself; "usage-2" over a second "Usage"). A word of the id the heading does not say is
    otherwise a name of its own: "user-comments" over "Comments" names a component; and a
    number padded with zeros is a CMS's block number ("share_0012" over "Share": a share
    box, no second "Share" section), no counter."""
    return all(len(w) == 1 or (w.isdigit() and not w.startswith("0")) for w in rest)


_SLUG_WORD_RE = re.compile(r"[^\W_]+")


SIGNATURE_DEPTH = 3
"""How deep in a heading a part of it may sit (``h4 > div.title-name > span > a``)."""


def _signature_heading(el: HtmlElement) -> bool:
    """Whether ``el`` is a heading that reads as code, or a part of one: a function's
    signature ("popup(This) -> ok"), a type's definition ("wxMenu() = wx:wx_object()", the
    type's name a named anchor). Its id is its anchor, the API's name ("popup-1",
    "type-wxMenu"), whatever words the name is made of: a widget's name is no function's
    ("popup", "menu", "cookie" name a window's functions and an authentication module's).
    A heading of words over a widget ("Comments (3)", spaced) reads as no code, and its id
    is still read. A member's signature without parameters reads as code by its sigil and
    return type (``_MEMBER_RETURNS_RE``: "#comments ⇒ Object", ``h3#comments-instance_
    method``)."""
    heading: HtmlElement | None = el
    for _ in range(SIGNATURE_DEPTH):
        if heading is None or heading.tag in _HEADINGS:
            break
        heading = heading.getparent()
    if heading is None or heading.tag not in _HEADINGS:
        return False
    text = _collapsed_text(heading)
    return GLUED_CODE_RE.search(text) is not None or _MEMBER_RETURNS_RE.match(text) is not None


_MEMBER_RETURNS_RE = re.compile(r"\s*(?:[#.]|::)[A-Za-z_]\w*[?!=]?\s*(?:⇒|→|->)\s*\S")
"""A member's signature without parameters: its name after its language's sigil (``#``
an instance's, ``.`` or ``::`` a class's), then its return type after an arrow
(``#comments ⇒ Object``, an attribute's reader: YARD's). A heading in words ("Comments →
Join in") names no member after a sigil."""
_IDENTIFIER_RE = re.compile(r"[A-Za-z_]\w*")
_DEFINING = ("def", "class", "function", "fn", "func", "sub", "struct", "enum", "interface",
             "trait", "module", "type")
"""Keywords that open a definition in a programming language, before the name defined."""
_DEFINITION_RE = re.compile(rf"(?<![\w.])(?:{'|'.join(_DEFINING)})\s+([A-Za-z_]\w*)")
_DECORATION_RE = re.compile(r"^\W*(?:\[\w+\]\s*)?(?:@|#\[)")
"""A line that decorates the definition below it (``@lru_cache()``, ``#[derive(Debug)]``),
after a label at most (Sphinx's ``[docs]`` link to the entry)."""
DEFINITION_LINES = 6
"""How many lines of a block's code, its decorations among them, may come before the line
that defines its name."""
DEFINITION_CHARS = 600
"""... and how much of its text is read to find it."""


def _defined_in_code(el: HtmlElement, ident: str) -> bool:
    """Whether the id ``ident`` is the name ``el``'s code defines on its first line, after
    its decorations: ``def login(``, ``class Widget(``, ``function share(``. A block of a
    module's source listing that holds one function or class gets its name as its anchor
    (Sphinx's viewcode: ``<div class="viewcode-block" id="vary_on_cookie">[docs]def
    vary_on_cookie(func):``); a name in code is the API's, whatever words it is made of
    ("login", "Widget", "vary_on_cookie" are no login form's, widget's or cookie banner's).
    The name must be the one defined, exactly: a block that only says or calls the word
    (``login(request)``, "Login to comment") or defines another name keeps its id."""
    if _IDENTIFIER_RE.fullmatch(ident) is None:
        return False
    text = _lead_text(el, DEFINITION_CHARS)
    lines = [line for line in text.split("\n") if line.strip()][:DEFINITION_LINES]
    for line in lines:
        defined = _DEFINITION_RE.search(line)
        if defined is not None:
            return defined.group(1) == ident
        if _DECORATION_RE.match(line) is None:
            return False
    return False


_ESCAPE_RE = re.compile(r"_([0-9a-fA-F]{4})")
"""A character written as its code in an id (Texinfo's node names: "User_002dDefined-Widgets"
is "User-Defined-Widgets")."""


def _unescaped(m: re.Match[str]) -> str:
    """The character an id's escape (``_ESCAPE_RE``) writes, when it is an escape: see
    ``_escaped_punctuation``; else the text as it is."""
    return chr(int(m.group(1), 16)) if _escaped_punctuation(m.group(1)) else m.group(0)


def _escaped_punctuation(code: str) -> bool:
    """Whether the four hex digits ``code`` after an underscore in an id write a printable
    ASCII punctuation mark (Texinfo escapes every character of a node's name that an id may
    not hold as ``_00XX``: ``_002d`` a hyphen, ``_002e`` a dot, ``_0027`` an apostrophe):
    in a slug it separates words, as a hyphen does. A number after an underscore that
    writes a letter, a digit or a control character is no such escape: a CMS numbers its
    sidebar's blocks so ("related_0017", "widget_0012"), and those words stay the id's."""
    char = chr(int(code, 16))
    return char.isascii() and char.isprintable() and not char.isalnum()
