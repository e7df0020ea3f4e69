"""Small helpers on the tree the main-content passes share: headings, an element's text
collapsed (whole, or when it is short), its first child element, the heading a ``div``
only wraps, empty anchors, ancestry.
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._text import BLOCK_TAGS, text_content

_HEADINGS = frozenset(("h1", "h2", "h3", "h4", "h5", "h6"))

GLUED_CODE_RE = re.compile(r"\w[\u200b\u2060]?(?:::\w|<|\()|->")
"""What code writes and a title or sentence of words does not: a name glued to a scope
(``std::io``), to its type parameters (``Vec<T>``) or to its arguments (``get(&self)``), or
a return arrow (``-> T``), glued whatever invisible break a generator puts between them
(Javadoc writes a zero-width space, U+200B, between a method's name and its ``(``, so a long
signature may wrap there; or a word joiner): a reader sees ``select(``. A breadcrumb's ``Home >
Docs`` and a count's ``Comments (3)`` are spaced. Declarations (``_decl``), signature
headings (``_ids``) and an API entry's signature line (``_apientry``) are read by it."""

PROGRAM_NAME_RE = re.compile(r"[A-Za-z_$][\w$]*")
"""A name as a program writes it (``Subscription``, ``closed``, ``$ref``): read by a tree of
names (``_ids._named_item``) and a member index (``_memberindex``)."""
_PAGE_SUFFIXES = (".html", ".htm")
ANCHOR_PART_RE = re.compile(r"[.:/#-]+")
"""What separates the parts of an anchor or a scoped name (``#Message.policy``,
``email.message.Message``): generators anchor an entry by its name's parts."""


def _own_text(el: HtmlElement) -> str:
    return " ".join(el.itertext())


def _norm(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def _collapsed_text(el: HtmlElement) -> str:
    return " ".join(text_content(el).split())  # (libxml2 joins the text: see text_content)


def has_text(el: HtmlElement) -> bool:
    """Whether ``_collapsed_text(el)`` is not empty: some piece of ``el``'s text (its tail
    apart) is not all white space (``str.isspace`` is what ``str.split`` splits at). Read
    piece by piece, it stops at the first that says something: asked of blocks that may be
    a whole article, whose text was joined and collapsed only to be found not empty."""
    if not isinstance(el.tag, str):  # (a comment's text_content is its own text)
        return bool(_collapsed_text(el))
    return any(piece and not piece.isspace() for piece in el.itertext())


def next_element(el: HtmlElement) -> HtmlElement | None:
    """``el``'s next sibling that is an element (comments and processing instructions
    passed over), or None."""
    after = el.getnext()
    while after is not None and not isinstance(after.tag, str):
        after = after.getnext()
    return after


def _short_text(el: HtmlElement, limit: int) -> str | None:
    """``_collapsed_text(el)``, or None when it is longer than ``limit``.

    A collapsed prefix of the text is a prefix of the collapsed text, so the joining can stop
    as soon as a prefix is too long. An element without children (half of those asked: a
    paragraph's, a heading's text) is its own text.
    """
    if not len(el):
        text = " ".join(el.text.split()) if el.text else ""
        return text if len(text) <= limit else None
    pieces: list[str] = []
    size = 0
    check_at = limit
    for piece in el.itertext():
        pieces.append(piece)
        size += len(piece)
        if size > check_at:
            if len(" ".join("".join(pieces).split())) > limit:
                return None
            check_at = 2 * size
    text = " ".join("".join(pieces).split())
    return text if len(text) <= limit else None


def _first_element(el: HtmlElement) -> HtmlElement | None:
    """``el``'s first child element, passing over empty anchors (``<a id=...></a>``,
    ``<span id=...></span>``: the other names a generator gives a section); the heading
    itself when that child only wraps one (``<div class="titlepage"><div><h2>``: a
    section's title block is its heading), or is a disclosure's summary holding one (a
    ``details`` whose ``summary`` shows its title, an icon beside it: a group of members
    a reader may fold, "Methods")."""
    for first in el:  # (a loop, not a generator: asked of many blocks by many rules)
        tag = first.tag
        if isinstance(tag, str) and not (tag in ("a", "span") and _empty_anchor(first)):
            break
    else:
        return None
    if tag == "summary":
        return next(first.iter(*_HEADINGS), first)
    return _wrapped_heading(first) if tag == "div" else first


def opening_heading(el: HtmlElement, depth: int) -> HtmlElement | None:
    """The heading ``el`` opens with, through at most ``depth`` first children
    (``_first_element``: a section's wrappers around its title), or None: a block headed by
    its title, however deep a generator sets it."""
    first = _first_element(el)
    for _ in range(depth):
        if first is None or first.tag in _HEADINGS:
            break
        first = _first_element(first)
    return first if first is not None and first.tag in _HEADINGS else None


def _wrapped_heading(el: HtmlElement) -> HtmlElement:
    """The heading ``el`` (a ``div``) holds and nothing else, through ``div``s; else ``el``."""
    node = el
    while node.tag == "div" and not (node.text or "").strip():
        inner = [c for c in node if isinstance(c.tag, str) and not _empty_anchor(c)]
        if len(inner) != 1 or any((c.tail or "").strip() for c in node):
            return el
        node = inner[0]
    return node if node.tag in _HEADINGS else el


def _empty_anchor(el: HtmlElement) -> bool:
    return el.tag in ("a", "span") and not len(el) and not (el.text or "").strip()



BLOCK_INSIDE_READS = 16
"""Descendants ``block_inside`` reads one by one before it asks lxml's matcher."""


def block_inside(el: HtmlElement) -> bool:
    """Whether ``el`` holds a block (``BLOCK_TAGS``) below it. A paragraph's few
    descendants are read one by one: lxml builds its matcher of the block tags' names
    anew on every ``iter(*BLOCK_TAGS)``, which costs more than reading them; past
    ``BLOCK_INSIDE_READS`` of them, the matcher reads the rest faster."""
    for read, d in enumerate(el.iterdescendants()):
        if d.tag in BLOCK_TAGS:
            return True
        if read >= BLOCK_INSIDE_READS:
            return next((b for b in el.iter(*BLOCK_TAGS) if b is not el), None) is not None
    return False


def _is_ancestor(anc: HtmlElement, el: HtmlElement) -> bool:
    parent = el.getparent()
    while parent is not None:
        if parent is anc:
            return True
        parent = parent.getparent()
    return False


def intro_text(items: HtmlElement, depth: int, max_chars: int) -> str:
    """The text right before ``items`` (a list), collapsed: the block before it (up to
    ``max_chars`` of it, and its tail), or its paragraph's own text when the list is set
    inside the paragraph (as Publican's DocBook sets it), looked for up through the
    ``depth`` wrappers the list opens; "" when there is none. What introduces a list: "...
    security flaws:", "For more information:"."""
    text, node = "", items
    for _ in range(depth):
        before = node.getprevious()
        while before is not None and not isinstance(before.tag, str):
            before = before.getprevious()
        parent = node.getparent()
        if before is not None:
            text = (_short_text(before, max_chars) or "") + (before.tail or "")
        elif parent is not None and (parent.text or "").strip():
            text = parent.text or ""
        if text.strip() or parent is None:
            break
        node = parent
    return " ".join(text.split())


def after_flat_section(heading: HtmlElement) -> bool:
    """Whether a heading of ``heading``'s level precedes it among its siblings, with text
    between them: the page's sections run flat (no wrapper each), and ``heading`` opens
    the next of them."""
    body = False
    for sibling in heading.itersiblings(preceding=True):
        if not isinstance(sibling.tag, str):
            continue
        if sibling.tag == heading.tag:
            return body
        body = body or bool(_collapsed_text(sibling))
    return False


def named_page(a: HtmlElement, text: str) -> bool:
    """Whether the link ``a`` goes to the page named after its text, as written
    (``<a href="../functions/first.html">first</a>``: a generator names an item's page by
    its name); a site's slugs are its words in lower case (``/tags/javascript``), a
    profile's a user's id. Read by a description's names (``_doccomment``) and a
    parameter's type (``_decl``)."""
    path = (a.get("href") or "").partition("#")[0].partition("?")[0]
    stem = path.rsplit("/", 1)[-1]
    return stem.endswith(_PAGE_SUFFIXES) and stem.rsplit(".", 1)[0] == text
