"""A caption that heads its own section is the section's title, not a picture's words.

Some reference generators title the parts of an entry with a line their class calls a
caption, not a heading: Haddock writes ``<div class="subs methods"><p class="caption">
Methods</p>`` and then the methods' signature lines, "Constructors" over a table of them,
"Associated Types", "Fields", and "Description" over a module's text. A class token
``caption`` says a picture's caption, which boilerplate removal drops (a photo's credit, a
gallery's line); these are labels a reader reads as the section's heading, one on every
instance's folded methods (8,331 "Methods" on the base library's pages).

The shape (``section_caption``): the caption is the first thing in its block (no text
before it), a label (a few words, ``LABEL_MAX_WORDS``, no link, no sentence, no code: a
short signature, ``x :: Int``, is an entry's line), and blocks follow it in that block: the
section it titles.

An API entry's parts are read under the label the same way (``_apientry.entry_part``
passes over it): the methods' first signature line, after "Methods", opens the block, whose
description the climb must reach the block from.

The guards: the label is a line, no block in it (``_a_line``: a page's contents box that
opens the content, "Contents" over an empty list, is a box, not a label); a picture's
caption is beside its picture or in a figure, which a section's label is not
(``_titleline.beside_picture``, a title line's guard too); and a label over links (a
story's "Filed under" over its topics, "Most read" over headlines) titles links, which
prune judges as links: what follows the label is mostly not links
(``SECTION_MAX_LINK_SHARE``), unless each of its linked blocks is a declaration's line
(``_declaration_text``: its links the names of its types, an instance's ``minBound ::
CBool``).
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._stats import _holds_block
from ._text import text_content
from ._titleline import beside_picture
from ._tree import GLUED_CODE_RE, _short_text
from ._typedecl import typed_declaration

LABEL_MAX_WORDS = 4
"""A section's label is a few words ("Methods", "Minimal complete definition")."""
LABEL_MAX_CHARS = 60
"""... and a short line (read no further)."""
SECTION_MAX_LINK_SHARE = 0.5
"""At most this share of what follows the label is link text (but declarations' lines)."""
LINE_MAX_CHARS = 300
"""A declaration's line is shorter than this (as ``_apientry.SIGNATURE_MAX_CHARS``)."""
_CAPTION_TAGS = frozenset(("p", "div", "span"))
_SENTENCE_ENDS = (".", "!", "?")


def section_caption(el: HtmlElement, tag: str) -> bool:
    """Whether ``el``, a line its class calls a caption, heads the block it opens (see the
    module's docstring)."""
    if tag not in _CAPTION_TAGS:
        return False
    # (the cheapest tests first: most elements asked are no block's first, or no label)
    parent = el.getparent()
    if parent is None or (parent.text or "").strip() or not _opens(parent, el):
        return False
    label = _short_text(el, LABEL_MAX_CHARS)
    if not label or len(label.split()) > LABEL_MAX_WORDS or label.endswith(_SENTENCE_ENDS):
        return False
    if el.find(".//a") is not None or not _a_line(el) or _declaration_text(el):
        return False  # (a short signature, "x :: Int", is an entry's line, not its label)
    after = [c for c in el.itersiblings() if isinstance(c.tag, str)]
    if not after or beside_picture(el):
        return False
    return _says_more_than_links(after)


def _a_line(el: HtmlElement) -> bool:
    """Whether ``el`` holds no block (a heading, a list, a paragraph): a line, as a label
    is. A box that opens with its own heading (a page's "Contents" box, its list empty) is
    a block of its own, judged as one."""
    return not _holds_block(el)


def _opens(parent: HtmlElement, el: HtmlElement) -> bool:
    """Whether ``el`` is ``parent``'s first element."""
    return next((c for c in parent if isinstance(c.tag, str)), None) is el


def _says_more_than_links(blocks: list[HtmlElement]) -> bool:
    """Whether ``blocks`` are mostly not link text, or each of them that links is a
    declaration's line."""
    text = links = 0
    linked: list[HtmlElement] = []
    for block in blocks:
        size = _size(text_content(block))
        in_links = sum(_size(text_content(a)) for a in block.iter("a"))
        text, links = text + size, links + in_links
        if in_links:
            linked.append(block)
    if not text:
        return False
    return links <= SECTION_MAX_LINK_SHARE * text or all(_declaration_text(b) for b in linked)


def _size(text: str) -> int:
    return len("".join(text.split()))


def _declaration_text(block: HtmlElement) -> bool:
    """Whether ``block`` is one short line that reads as a declaration (code glued, ``f(``,
    ``a::b``, ``-> T``; or a name annotated with its type, a type declared, as ML-family
    code writes them)."""
    text = _short_text(block, LINE_MAX_CHARS)
    return text is not None and (GLUED_CODE_RE.search(text) is not None or
                                 typed_declaration(text))

