"""Declarations: a heading that is code, the signature of an item of an API, whose links are
the names it uses (rustdoc's ``impl<T: Debug> Debug for Mutex<T>``, ``fn get(&self) ->
Option<&T>``, a title ``std::sync::Mutex``), not a way elsewhere. Prune judges a heading by
its links (a heading of links introducing nothing is navigation); a declaration is linked
because an API's names are, and is the title of what it declares."""

from __future__ import annotations

import itertools
import re

from lxml.html import HtmlElement

from ._stats import CODE_TAGS, _holds_block
from ._text import BLOCK_TAGS
from ._tree import _HEADINGS, GLUED_CODE_RE, _collapsed_text, _short_text, named_page

_KEYWORD_RE = re.compile(
    r"(?:pub(?:\(\w+\))? )?(?:impl|fn|struct|enum|trait|type|const|static|unsafe|async|"
    r"extern|mod|union|macro|class|interface|def|func|function|var|val)\b")
"""... or a declaration's keyword first, lower-case as code writes it (``impl Send for
Mutex``, ``type Item = T``); a title of words starts with a capital."""


_TYPE_WORDS = frozenset(("mut", "const", "dyn"))
"""Words a linked type is written with (``*mut T``, ``&'a mut``)."""
_WORD_RE = re.compile(r"\w+")


def _name(text: str) -> bool:
    """Whether a link's text is a name: one token (``Debug``, ``fmt``), or a type of
    type parameters and punctuation (``*mut T``, ``(K, V)``, ``; N]``): no word of a
    sentence in it."""
    return " " not in text or all(len(w) <= 2 or w in _TYPE_WORDS
                                  for w in _WORD_RE.findall(text))


def declaration(el: HtmlElement) -> bool:
    """Whether ``el`` (a heading) reads as a declaration: code glued as code is (see
    ``GLUED_CODE_RE``) or a declaration's keyword first (its own text, not a link's: a tag
    cloud's "impl fn trait" is links), and every link in it a name, one token (a
    headline's link is words)."""
    links = [_collapsed_text(a) for a in el.iter("a")]
    if not links or not all(_name(t) for t in links):
        return False
    text = _collapsed_text(el)
    return GLUED_CODE_RE.search(text) is not None or \
        (_KEYWORD_RE.match(text) is not None and not text.startswith(links[0]))


def holds_declaration(el: HtmlElement) -> bool:
    """Whether a heading in ``el`` is a declaration: the block is an item's header (its
    declaration beside its "source" link and its version), judged by its parts, as a
    section under its heading is. (A declaration's line, ``declaration_line``, is asked
    apart: it reads the block's text, so prune asks it only of blocks that would go.)"""
    return any(declaration(h) for h in el.iter(*_HEADINGS))


DECLARATION_LINE_MAX_CHARS = 300
"""A declaration set as a line of its own is shorter than this."""


def declaration_line(el: HtmlElement) -> bool:
    """Whether ``el`` is a line, no block in it, that reads as a declaration
    (``declaration``): a type alias's signature, every type it names linked to its page
    ("PartialObserver: <a>NextObserver</a><T> | <a>ErrorObserver</a><T>"), which is
    links more than words, as a menu is; a menu's links are words and spaced. Manual
    pages' references (``_MANUAL_REF_RE``) are no code's marks, and a tooltip's line
    (``_in_tooltip``) is not its line's."""
    if el.tag in _HEADINGS or _holds_block(el) or _in_tooltip(el):
        return False  # (a tooltip's code is no part of its line: see ``in_code``)
    text = _short_text(el, DECLARATION_LINE_MAX_CHARS)
    # (the manual pages' references taken out only of a line that reads as code at all:
    # most do not, and a space in a reference's place makes no mark of code)
    return text is not None and GLUED_CODE_RE.search(text) is not None and \
        GLUED_CODE_RE.search(_MANUAL_REF_RE.sub(" ", text)) is not None and declaration(el)


_MANUAL_REF_RE = re.compile(r"[\w.-]+\(\d\w*\)")
"""A manual page's name and section, "git-repack(1)", "printf(3)": a reference, no call
(the line "<a>git-repack(1)</a> <a>printf(3)</a>" is a "See also", no declaration)."""


DECLARATION_ASIDE_MAX_CHARS = 80
"""A line beside a declaration this short at most is its facts, not a block of its own."""
_ASIDE_DEPTH = 2
"""How far below the header block a part of such a line may sit (a version in its span)."""


Declarations = dict[HtmlElement, list[HtmlElement]]
"""The declaration headings among each parent's children (see ``beside_declaration``)."""


def beside_declaration(el: HtmlElement, memo: Declarations | None = None) -> bool:
    """Whether ``el`` is (or is in) a short line beside a declaration heading in one header
    block: the item's facts, stable since which version, a link to its source (rustdoc's
    "1.16.0 · source", a reference's "[source]" beside a signature), read with the
    declaration as its line, not a list of links of the page's.

    ``memo``: the parents' declaration headings found so far, for a pass that asks of many
    elements of a tree it does not change (prune asks of every candidate: a parent of
    50,000 children would be read 50,000 times, quadratic, without it)."""
    node: HtmlElement | None = el
    for _ in range(_ASIDE_DEPTH):
        parent = node.getparent() if node is not None else None
        if node is None or parent is None:
            return False
        decls = memo.get(parent) if memo is not None else None
        if decls is None:
            # (the parent's headings alone, in lxml's own loop: most parents have none)
            decls = [c for c in parent.iterchildren(*_HEADINGS) if declaration(c)]
            if memo is not None:
                memo[parent] = decls
        if any(c is not node for c in decls) \
                and len(_collapsed_text(node)) <= DECLARATION_ASIDE_MAX_CHARS:
            return True
        node = parent
    return False


def facts_beside(headline: HtmlElement, wrapper: HtmlElement) -> bool:
    """Whether ``wrapper`` holds the headline, a declaration (an API item's title: "Function
    std::iter::zip", its scope linked), beside a short line of the item's facts (rustdoc's
    "1.59.0 · source · [−]": stable since which version, a link to its source), as the
    line beside a member's declaration is (see ``beside_declaration``). That line is the
    item's reference text, set beside its title: the header block ends at the headline,
    and the line stays with the content. An article's headline is words, not a declaration,
    and its byline and date beside it go with it; and a headline that is no heading (a
    title in a block of another tag) is no item's title set so."""
    if headline.tag not in _HEADINGS or headline.getparent() is not wrapper or \
            not declaration(headline):
        return False
    return any(c is not headline and isinstance(c.tag, str) and c.tag not in _HEADINGS
               and 0 < len(_collapsed_text(c)) <= DECLARATION_ASIDE_MAX_CHARS
               for c in wrapper)


def in_code(el: HtmlElement) -> bool:
    """Whether ``el`` is a run of a code block's text: inside code (``pre``, ``code``...),
    holding no block. Its links are the names the code uses (a declaration's where clause,
    "where A: <a>IntoIterator</a>", in a span of its own), as the code element's are (its
    ``_Stats`` counts no links): it is the code's, read with it, not a block of links of the
    page's. A list set inside a code element (a menu in ``<tt>``) holds blocks, its items,
    and is judged as a list; and a tooltip set into the code's line (see ``_in_tooltip``)
    is no part of its text."""
    return next(el.iterancestors(*CODE_TAGS), None) is not None and \
        not _holds_block(el) and not _in_tooltip(el)


_TOOLTIP_RE = re.compile(r"tooltip|popover", re.I)


def _in_tooltip(el: HtmlElement) -> bool:
    """Whether ``el`` is in a tooltip in its line (an inline ancestor, up to its block,
    whose class says "tooltip" or "popover"): a box shown on hover, beside the text it
    explains (rustdoc's "Notable traits" after a declaration's return type), not a part
    of it."""
    for node in itertools.chain((el,), el.iterancestors()):
        cls = node.get("class")
        if cls and _TOOLTIP_RE.search(cls):
            return True
        if node.tag in BLOCK_TAGS:
            return False
    return False


_BINDING_RE = re.compile(r"\w+(?:\(\))?(?:\s*=\s*\w+(?:\(\))?)*\s*(?:=|::)\s*\S")
"""A name bound to its type, as a reference writes a function's argument types and its
module's data types: "Node = node()", "Width = Height = integer()", "Timeout ::
timeout()", "wxCaret() = wx:wx_object()"."""
BINDING_MAX_CHARS = 400
"""A type binding is a line, a union of a few types at most."""


def type_binding(el: HtmlElement) -> bool:
    """Whether ``el`` is a line binding a name to its type ("This = <a>wxCaret()</a>",
    "Option = {focus, <a>wxWindow:wxWindow()</a>}": a function entry's types, each type
    linked to its definition), or holds only such lines among its linked parts (the
    entry's "Types" block, its heading and its lines). The line opens with the name, its
    own text, not a link's; its text reads as code (``GLUED_CODE_RE``: a type's parentheses);
    each link is a name (``_name``). Its links are the names its type is made of, as a
    declaration's are, not a list of links; a line of links to other pages ("Read = <a>our
    latest stories</a>") links words."""
    if _binding_line(el):
        return True
    if el.find("a") is not None:
        return False  # (a link of its own, outside its lines)
    lines = False
    for child in el:  # (lazily: a block of text stops at its first linked part)
        if isinstance(child.tag, str) and child.find(".//a") is not None:
            if not _binding_line(child) and not _binding_list(child):
                return False
            lines = True
    return lines


def _binding_list(el: HtmlElement) -> bool:
    """Whether ``el`` is a list (``ul``, ``ol``) of such lines: each item that links is a
    binding line (an entry's "Parameters" list, a parameter an item). A list with one item
    of links of another shape (a menu's "Home", a related story) is a list of links."""
    if el.tag not in ("ul", "ol"):
        return False
    lines = False
    for item in el:
        if not isinstance(item.tag, str):
            continue
        if item.tag != "li":
            return False
        if item.find(".//a") is not None:
            if not _binding_line(item):
                return False
            lines = True
    return lines


_ANNOTATION_RE = re.compile(r"(?:\.\.\.)?\w+\??\s*:\s*\S")
"""A parameter annotated with its type, as TypeScript, Python, Rust or Kotlin write it and
an entry's "Parameters" list prints it: "fn1: UnaryFunction<T, A>", "config?: Partial<C>",
"...fns: UnaryFunction<any, any>[]"."""


def _annotation_line(text: str) -> bool:
    """Whether ``text`` opens as a parameter annotated with its type (``_ANNOTATION_RE``).
    A list of such lines, each type linked to its definition, is an entry's parameters, not
    a list of links. The guard is ``_binding_line``'s: the type reads as code (glued to its
    type parameters or arguments) and each link is a name; a tag line ("Tags: <a>news</a>,
    <a>sport</a>") or a labelled link ("Source: <a>Reuters</a>") reads as words."""
    return _ANNOTATION_RE.match(text) is not None


def _binding_line(el: HtmlElement) -> bool:
    text = _short_text(el, BINDING_MAX_CHARS)  # (stops reading a long block early)
    if not text or (_BINDING_RE.match(text) is None and not _annotation_line(text)) or \
            any(isinstance(d.tag, str) and d.tag in BLOCK_TAGS and d.tag != "br"
                for d in el.iterdescendants()):
        return False
    anchors = [a for a in el.iter("a") if a.get("href")]  # (not a place)
    links = [_collapsed_text(a) for a in anchors]
    return bool(links) and not text.startswith(links[0]) and \
        (GLUED_CODE_RE.search(text) is not None or _typed_by_its_page(text, anchors)) and \
        all(_name(t) for t in links)


_PARAMETER_TYPE_RE = re.compile(r"(?:\.\.\.)?[a-z_$][\w$]*\??\s*:\s*([A-Za-z_$][\w$]*)")
"""A parameter, named as code names one (lower case first), bound to a type of one name:
"scheduler: SchedulerLike", "config?: RetryConfig"."""


def _typed_by_its_page(text: str, anchors: list[HtmlElement]) -> bool:
    """Whether ``text`` binds a parameter to a type of one name (``_PARAMETER_TYPE_RE``), its
    one link, to the page named after it (``_tree.named_page``: "scheduler:
    <a href="../interfaces/SchedulerLike.html">SchedulerLike</a>"): code, though nothing in
    it is glued. A labelled link names a person or a site ("Source: <a>Reuters</a>",
    capitalised, linked to the site), no page named after its word."""
    match = _PARAMETER_TYPE_RE.fullmatch(text)
    return match is not None and len(anchors) == 1 and \
        named_page(anchors[0], match.group(1)) and _collapsed_text(anchors[0]) == match.group(1)


_PRODUCTION_RE = re.compile(r"\s*[\w.:-]+\s*::=")
"""A grammar's production opens so: the name it defines, then BNF's "is defined as"."""


def grammar_rule(el: HtmlElement) -> bool:
    """Whether the block ``el`` is a grammar's production (``struct ::= (template?,
    inherit*, (access | typedef)*)``, a DTD's or a language's syntax): the name it defines
    and ``::=`` first, in its own text, then what it is made of, each part a link to its own
    definition. Its links are the names a grammar uses, not a way elsewhere; no list of
    links or menu opens with ``::=``."""
    return _PRODUCTION_RE.match(el.text or "") is not None
