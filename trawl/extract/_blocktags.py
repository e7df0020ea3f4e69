"""A doc comment's block tags: the titled parts of an API entry a class calls "tags".

A documentation comment ends with its block tags (``@param``, ``@return``, ``@since``,
``@example``, ``@see``), and generators render them as a block of titled parts, each a
label ("Parameters:", "Returns:", "Since:", "Examples:", "See Also:") over a list or a
listing: YARD's ``div.tags``, a ``dl`` of Javadoc's. "tags" is a token of the boilerplate
family (``_tokens._BOILER_TOKENS``: a post's tags, a tag cloud), so the whole of every
entry's parameters and return values went as chrome. A post's tags are a label of their own
("Tags:", "Filed under") over links, each a topic's word; the block tags are labels of a
doc comment's tags over what they say, prose or code, little of it linked (or, under "See
Also", the API's names).
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._stats import _TYPED_NAME_RE, _link_density, _Stats
from ._text import text_content
from ._tree import _first_element, _short_text
from ._tree import named_page as _named_page

BLOCK_TAG_WORDS = frozenset((
    "param", "params", "parameters", "arguments", "returns", "return", "return value",
    "raises", "throws", "exceptions", "yields", "yield parameters", "yield returns",
    "since", "examples", "example", "see", "see also", "note", "notes", "deprecated",
    "overloads", "options hash", "author", "version", "todo", "api", "default",
))
"""The titles generators give a doc comment's block tags (YARD, Javadoc, JSDoc, Doxygen);
not "tags", "topics", "filed under": a post's."""
_LABEL_RE = re.compile(r"^\s*([A-Za-z][A-Za-z ]{1,30}?)\s*(?:\([^)]*\)?)?\s*[:.]?\s*$")
"""A label's words, less a parenthesis ("Options Hash (opts):") and its colon."""
_LABEL_TAGS = frozenset(("p", "dt", "h2", "h3", "h4", "h5", "h6", "strong", "b", "span",
                         "div", "th"))
LABEL_MAX_CHARS = 40
"""A label is a few words ("Yield Parameters:"); a sentence is no label."""
BLOCK_TAGS_MAX_LINK_DENSITY = 0.5
"""A tag says its words (a parameter's type and description, an example's code); a post's
tags are links."""
_BLOCKS = frozenset(("div", "section", "dl"))


def block_tags(el: HtmlElement, st: _Stats) -> bool:
    """Whether ``el`` (a block whose class names tags) is a doc comment's block tags: its
    first element is a block tag's label (``_tag_label``), or opens with one (a tag's own
    block: ``div.examples`` over its "Examples:" label), and half of its labels at least
    are; what it says is mostly words not linked (``BLOCK_TAGS_MAX_LINK_DENSITY``) or its
    links are the API's names, one word of code each ("See Also: Handlers::Base"). Guards:
    a post's tags ("Tags: python, web", each a link to the tag's page) open with no block
    tag's label; a "See also" box of links to posts links words ("My trip to Rome")."""
    if el.tag not in _BLOCKS:
        return False
    first = next((c for c in el if isinstance(c.tag, str)), None)
    if first is not None and first.tag in _BLOCKS and not _tag_label(first):
        first = _first_element(first)  # (a tag's own block around its label: "Examples:")
    if first is None or not _tag_label(first):
        return False
    labels = [c for c in el if isinstance(c.tag, str) and c.tag == first.tag
              and _short_text(c, LABEL_MAX_CHARS) is not None]
    if 2 * sum(1 for c in labels if _tag_label(c)) < len(labels):
        return False
    return _link_density(st) <= BLOCK_TAGS_MAX_LINK_DENSITY or _links_name_code(el)


def _tag_label(el: HtmlElement) -> bool:
    """Whether ``el`` is a block tag's label: a short element of a label's tag whose words
    are a block tag's title (``BLOCK_TAG_WORDS``: "Parameters:", "Options Hash (opts):"),
    no link."""
    if el.tag not in _LABEL_TAGS or next(el.iter("a"), None) is not None:
        return False
    text = _short_text(el, LABEL_MAX_CHARS)  # (read no further: a block's first child)
    if text is None:
        return False
    match = _LABEL_RE.match(text)
    return match is not None and match.group(1).strip().lower() in BLOCK_TAG_WORDS


def _links_name_code(el: HtmlElement) -> bool:
    """Whether every link in ``el`` says one of the API's names (one word, code:
    ``_stats._TYPED_NAME_RE``, or the page named after it), as a "See Also" tag lists
    them; a box of posts links their titles, words."""
    links = [(a, text_content(a).strip()) for a in el.iter("a")]
    return all(len(t.split()) == 1 and (_TYPED_NAME_RE.search(t) or _named_page(a, t))
               for a, t in links if t)
