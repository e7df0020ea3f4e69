"""A header's lines that are the page's text, not a header's: a reference entry's name line
under its title ("ls — list directory contents", "boost::proto::nary_expr — A metafunction
..."), a title page's abstract. ``_edges`` asks these before it takes a block around the
headline for the header the body follows (``_header_block``), and ``_content`` asks
``names_entry`` before it joins a manual page's title block to its content."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._markedname import code_names_line, marked_name_line
from ._stats import CODE_TAGS
from ._tree import _collapsed_text, _is_ancestor, _short_text

HEADER_BLOCK_EXTRA_CHARS = 300
"""A wrapper of the headline with at most this much more text is the article's header (the
headline with its standfirst, byline and date), not part of the body."""


def says_more(block: HtmlElement, headline: HtmlElement) -> bool:
    """Whether ``block`` holds, beside the headline, the line of a manual's entry that says
    what the headline names ("ls — list directory contents": a reference entry's name
    and purpose, as man pages, DocBook and gtk-doc set them under the name; or its
    qualified name, see ``_qualified_name_line``): the page's content, not its header, as
    an article's standfirst is."""
    name = _collapsed_text(headline)
    if not name:
        return False
    manual = manual_name(name)
    for p in block.iter("p"):
        if _is_ancestor(p, headline) or _is_ancestor(headline, p):
            continue
        text = _short_text(p, HEADER_BLOCK_EXTRA_CHARS)
        if text and text.startswith(name) and _PURPOSE_RE.match(text, len(name)):
            return True
        if text and _qualified_name_line(text, name, _code_names(headline)):
            return True
        if text and (marked_name_line(p, text, name) or code_names_line(p, text)):
            return True
        # (a manual page's title, "git-show(1) Manual Page", "LS(1)": its name, in any case)
        if text and manual and text.casefold().startswith(manual.casefold()) and \
                _PURPOSE_RE.match(text, len(manual)):
            return True
    return False


_CODE_NAME_RE = re.compile(r"::|\.|_|[a-z][A-Z]")
"""What makes a name a program's, not a word of prose: a qualifier, an underscore, a capital
inside it (``BOOST_PROTO_ref_a``, ``getValue``)."""
_PURPOSE_SPLIT_RE = re.compile(r"\s+[—–-]+\s+")
"""The dash between a name line's name and its purpose."""


def _code_names(headline: HtmlElement) -> frozenset[str]:
    """The names the headline sets in code ("BoostBook element <code>union</code>")."""
    return frozenset(_collapsed_text(c) for c in headline.iter(*CODE_TAGS))


def _qualified_name_line(text: str, headline: str, in_code: frozenset[str] = frozenset()
                         ) -> bool:
    """Whether ``text`` is an API reference entry's name line under ``headline``: the
    entry's name, perhaps qualified by its namespaces or classes, then its purpose or
    nothing, where the headline is the entry's kind, then the name ("Struct template
    nary_expr" over "boost::proto::nary_expr — A metafunction for generating n-ary
    expression types", "Function template operator!" over "boost::algorithm::operator! —
    predicate negation operator", "Macro BOOST_PROTO_ref_a" over "BOOST_PROTO_ref_a —
    Generates sequences ...": BoostBook's DocBook XSL). The name unqualified must be a
    program's (``_CODE_NAME_RE``), or one the headline sets in code (``in_code``: "union —
    Declares a C++ union" under "BoostBook element <code>union</code>"): "Rust — a
    language ..." under "Why we love Rust" is a standfirst."""
    lead = _PURPOSE_SPLIT_RE.split(text, maxsplit=1)[0]
    words = headline.split()
    for k in range(1, len(words)):
        name = " ".join(words[k:])
        if not lead.endswith(name):
            continue
        qualifier = lead[:-len(name)]
        if (qualifier.endswith(("::", ".")) and " " not in _outside_arguments(qualifier)) or \
                (not qualifier and (_CODE_NAME_RE.search(name) or name in in_code)):
            return True
    return False


_CALL_ARGUMENTS_RE = re.compile(r"\([^()]*\)")
_TEMPLATE_ARGUMENTS_RE = re.compile(r"<[^<>]*>")
"""A call's and a template's arguments, innermost first, spaced as the generator spaces
them (``async_result<code_as_error_t< Token >, void(error_code, int)>``); a call's first,
since a template's may hold one with a ``>`` in it (``list<T, (N > 2)>``)."""


def _outside_arguments(qualifier: str) -> str:
    """``qualifier`` without its templates' and calls' arguments, however nested: a name
    qualified by a class template's specialisation is one name, spaces and all."""
    while True:
        bare = _TEMPLATE_ARGUMENTS_RE.sub("", _CALL_ARGUMENTS_RE.sub("", qualifier))
        if bare == qualifier:
            return bare
        qualifier = bare


def names_entry(block: HtmlElement, headline: HtmlElement) -> bool:
    """Whether the header block ``block`` of ``headline`` holds a manual entry's name line
    (see ``says_more``): it is the entry's NAME section, not an article's header."""
    return says_more(block, headline)


_MANUAL_TITLE_RE = re.compile(r"^([^\s()]+)\(\w{1,8}\)(?:\s|$)")
"""A manual page's title: its name and its section in parentheses, first ("git-show(1)
Manual Page", "LS(1)")."""


def manual_name(headline: str) -> str | None:
    """The name a manual page's headline gives, when it is titled as every manual page
    generator titles one, its name then its section in parentheses ("git-show(1) Manual
    Page": AsciiDoc; "LS(1)": mandoc, man2html); the page's name line under it ("git-show
    - Show various types of objects") starts with that name. None for another headline."""
    match = _MANUAL_TITLE_RE.match(headline)
    return match.group(1) if match else None


_ABSTRACT_MIN_CHARS = 150
_ABSTRACT_MIN_SENTENCES = 2


def holds_abstract(block: HtmlElement, headline: HtmlElement) -> bool:
    """Whether ``block`` holds, beside the headline, a paragraph of prose: two sentences or
    more (a book's or chapter's abstract on its title page: "This is technical reference
    documentation for developers ... It is not intended to be user documentation, ...").
    That is the page's text, however short the block: a header's other lines are a
    standfirst of one sentence, a byline, a date."""
    for p in block.iter("p"):
        if _is_ancestor(p, headline) or _is_ancestor(headline, p):
            continue
        text = _short_text(p, HEADER_BLOCK_EXTRA_CHARS)
        if text and len(text) >= _ABSTRACT_MIN_CHARS and \
                text.count(". ") + text.endswith(".") >= _ABSTRACT_MIN_SENTENCES:
            return True
    return False


_PURPOSE_RE = re.compile(r"\s*[—–-]+\s+(?:\(\w+\)\s+)?\w")
"""After the name, a dash and what it is or does, after a word in parentheses when the
entry is marked so ("dbfo_start — (obsolete) Sets the starting number")."""
