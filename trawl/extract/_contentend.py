"""The content's end: what trails its body and says nothing of its own.

``drop_trailing_meta`` drops a short date or source line left after the body (a post's
"Posted in News", "Last updated 2024"), and ``drop_dangling_heading`` a heading whose
section is gone (a "Comments" heading whose thread was dropped as chrome). Both run once a
page, after prune (``_content._find_main``). Split from ``_edges`` (the content's top: the
headline, the header over it), which asks the same small readings of dates and lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from lxml.html import HtmlElement

from ._anchored import anchored_names
from ._bio import _BIO_BLOCKS
from ._blockcaption import captions_block
from ._childnames import labelled_names
from ._clean import drop_tree
from ._codeline import names_code
from ._contentsrows import contents_row
from ._doccomment import in_description_tag
from ._edges import _dated, _up_to
from ._kindlist import kind_list
from ._listedsection import listed_in_contents
from ._listentry import closes_listed_entry, dated_block_run
from ._members import names_member
from ._numbered import lists_sections_after
from ._prune import _cites_names
from ._release import version_line
from ._section_end import (
    body_of_section,
    cell_of_rows,
    cited_notes,
    item_of_names,
    last_of_flat_sections,
    line_of_page,
    lists_code,
    says_sentences,
)
from ._seealso import see_also_section
from ._signals import _SENTENCE_END_RE, section_alike
from ._sourcenote import source_entry
from ._stats import _TYPED_NAME_RE
from ._teaserline import teasers_line
from ._text import BLOCK_TAGS
from ._toc import LISTS
from ._tree import (
    _HEADINGS,
    _collapsed_text,
    _first_element,
    _is_ancestor,
    _short_text,
    _wrapped_heading,
)

# -- the end: date and source lines after the body --------------------------------------

_TRAILING_META_RE = re.compile(
    r"^(source|sources|first published|published|updated|last updated|posted|filed|tags|"
    r"tagged|topics|reporting by|additional reporting|editing by|writing by)\b", re.I)
_TRAILING_META_MAX_CHARS = 300
_TRAILING_LABEL_RE = re.compile(r"^[^\W\d]+(?: [^\W\d]+)?$")
"""A word or two alone at the very end: the label of a share bar or comments block whose
buttons are gone ("Share", "Comments")."""
_TRAILING_META_MAX_WORDS = 6


def drop_trailing_meta(content: HtmlElement, title: str | None = None) -> None:
    """Drop the short date and source lines the content ends with ("First Published on
    Nov 20, 2019", "SOURCE: News agencies"); not a listed post's byline, the last teaser's
    of a list (``_teaserline.teasers_line``; ``title``: the page's)."""
    leaves = [el for el in content.iter(*_BIO_BLOCKS, *_SHOWN_TAGS) if el is not content
              and (el.tag in _SHOWN_TAGS
                   or not any(isinstance(c.tag, str) and c.tag in BLOCK_TAGS for c in el))]
    if LINES_ALL_META and _lines_only(content, leaves):
        return  # (no body for them to trail: the lines are what the page says)
    lists: dict[HtmlElement, bool] = {}  # (see item_of_names, cell_of_rows)
    for el in reversed(leaves):
        if el.tag in _SHOWN_TAGS:
            if _shown_block(el):
                return  # (a listing or a table ends the content: no line before it is last)
            continue
        text = _short_text(el, _TRAILING_META_MAX_CHARS)
        if text == "":
            continue
        if text is None or not _is_meta_line(text) or version_line(text) \
                or _section_name(el, text) \
                or (_TRAILING_LABEL_RE.match(text) is not None and names_code(el)) \
                or _describes_term(el, content) or _entry_of_sections(el, content) \
                or says_sentences(text) or body_of_section(el, text, content) \
                or item_of_names(el, content, lists) or cell_of_rows(el, content, lists) \
                or line_of_page(el, text, content) or cited_notes(el, text, content) \
                or in_description_tag(el) or captions_block(el) or contents_row(el, content) \
                or closes_listed_entry(el, content) or teasers_line(el, content, title) \
                or dated_block_run(el):
            # (a "See" tag's last name, "min"; a list's title over it; a table of contents'
            # last row; a listed post's date at its foot: no last line of the page's)
            return
        el.tail = None
        drop_tree(el)


_SHOWN_TAGS = frozenset(("pre", "table"))

_WORD_RE = re.compile(r"\w+")
LINES_ALL_META = True
"""Switch of ``_lines_only``'s guard (tests turn it off to see it matter)."""


def _lines_only(content: HtmlElement, leaves: list[HtmlElement]) -> bool:
    """Whether every block of the content with text reads as a trailing line would (a
    label of a word or two, a date or source line: ``_is_meta_line``), and there are two
    or more: the content is a few labels and no body they trail (a wiki's sidebar shown as
    a page of its own: "Recent Comments", "Archives", "Tags:", each a link to a page).
    Dropped from the end one by one, each the last in its turn, the page came out empty.
    A post's "Share" and "Comments" labels and its "Posted in News" line end a body of
    sentences, which reads as none of them; a listing or a table is no line either, nor
    is any text outside those blocks (a list's items, a heading)."""
    texts = said = 0
    for el in leaves:
        if el.tag in _SHOWN_TAGS:
            if _shown_block(el):
                return False
            continue
        text = _short_text(el, _TRAILING_META_MAX_CHARS)
        if text == "":
            continue
        if text is None or not _is_meta_line(text):
            return False
        texts += 1
        said += len(_WORD_RE.findall(text))
    # (and they are all of its text: a list's items or a heading hold none of those blocks)
    return texts >= 2 and said == sum(len(_WORD_RE.findall(t)) for t in content.itertext())


def _shown_block(el: HtmlElement) -> bool:
    """Whether ``el`` is a code listing or a table with text: a block the content shows,
    no line. A line before it is no last line of the content, however it reads: a
    numbered example's title over its listing ("Example 5.10. Encrypted entry in
    freetds.conf": "5.10" reads as a date) went as a trailing date line, the listing
    after it being no paragraph the walk saw. A story's dateline ends it, after its
    paragraphs."""
    return el.tag in _SHOWN_TAGS and any(t.strip() for t in el.itertext())


def _entry_of_sections(el: HtmlElement, content: HtmlElement) -> bool:
    """Whether ``el`` is (in) an entry of a list of the sections after the page
    (``_numbered.lists_sections_after``): "Section 8.54, “Smooth Palette”" is a section's
    number and title, no date line ("8.54" reads as a date)."""
    return any(node.tag in LISTS and lists_sections_after(node) for node in _up_to(el, content))


def _describes_term(el: HtmlElement, content: HtmlElement) -> bool:
    """Whether ``el`` is (in) the description of a definition list's term: a parameter's
    "inode number", a setting's "file mode". A share bar's label or a dateline is set
    alone at the end, under no term; a two-word description is what its term means."""
    return any(node.tag == "dd" for node in _up_to(el, content))


def _section_name(el: HtmlElement, text: str) -> bool:
    """Whether the last line ``el`` is a name its section's heading (right before it) is
    over: one link, an API's name (scoped, called, underscored, camel-cased: a member's
    "Class" section naming ``DbstlException``), no label of a share bar or a comments
    block ("Share", "Comments" are words, and no section's body)."""
    links = list(el.iter("a"))
    if len(links) != 1 or _collapsed_text(links[0]) != text or \
            _TYPED_NAME_RE.search(text) is None:
        return False
    prev = el.getprevious()
    while prev is not None and not isinstance(prev.tag, str):
        prev = prev.getprevious()
    return prev is not None and (prev.tag in _HEADINGS or (
        prev.tag == "div" and _wrapped_heading(prev).tag in _HEADINGS))


def _is_meta_line(text: str) -> bool:
    if _TRAILING_META_RE.match(text) or _TRAILING_LABEL_RE.match(text):
        return True
    return _dated(text) and len(text.split()) <= _TRAILING_META_MAX_WORDS \
        and not _SENTENCE_END_RE.search(text)



def _reversed_iter(content: HtmlElement, tags: frozenset[str]) -> Iterator[HtmlElement]:
    return reversed(list(content.iter(*tags)))


# -- a heading left at the end: it introduces nothing (comments, a pruned "related" list) --

_DANGLING_MAX_CHARS = 40
"""Text after the content's last heading below this is no section: the heading goes..."""
_COUNT_RE = re.compile(r"\W*\d")
"""... unless the heading is of a section alike (see ``section_alike``) and the text is no
count ("3 comments")."""


def _text_before(content: HtmlElement, target: HtmlElement) -> int:
    """Characters of text in ``content`` before ``target`` (in document order)."""
    size = len((content.text or "").strip())
    above = set(target.iterancestors())  # their tails come after target
    for el in content.iterdescendants():
        if el is target:
            return size
        if isinstance(el.tag, str):
            size += len((el.text or "").strip())
        if el not in above:
            size += len((el.tail or "").strip())
    return size


def drop_dangling_heading(content: HtmlElement) -> None:
    """Drop the content's last heading and what follows it when that is (almost) no text: a
    "Comments" or "Related" heading whose block is gone, a comment count."""
    last = next(_reversed_iter(content, _HEADINGS), None)
    if last is None or _heads_rows(last, content):
        return
    after: list[HtmlElement] = []
    node = last
    while node is not None and node is not content:
        after.extend(s for s in node.itersiblings() if isinstance(s.tag, str))
        node = node.getparent()
    rest = (last.tail or "").strip()
    size = len(rest) + sum(len(_collapsed_text(el)) + len((el.tail or "").strip())
                           for el in after)
    if size >= _DANGLING_MAX_CHARS or _text_before(content, last) < _DANGLING_MAX_CHARS:
        return  # (a heading with nothing before it heads the page: its short text is it)
    parent = last.getparent()
    # (the section whose heading it is, through the title block wrapping it)
    while parent is not None and parent is not content and \
            (up := parent.getparent()) is not None and up is not content and \
            _first_element(up) is last:
        parent = up
    count = _COUNT_RE.match(" ".join([rest, *(_collapsed_text(el) for el in after)]))
    if not count and ((parent is not None and parent is not content and
                       section_alike(parent)) or last_of_flat_sections(last, after)):
        return  # a document's last section, short ("Description: Sets the height."), or
        # the last of a run of sections ("Boost 1.35" over "Initial release.")
    if not count and listed_in_contents(last, content):
        return  # a section the page's own contents list ("DESCRIPTION" over "See Memoize.")
    if names_member(last):
        return  # a member's entry, its name over what it does ("No description available.")
    if see_also_section(last, after) or in_description_tag(last):
        return  # the page's "See also" list of its site's pages ("npm doctor", "npmrc"),
        # or a description's tag over the names it lists ("See" over "min")
    if lists_code(after) or source_entry(after):
        return  # a declaration under its heading ("struct GtkHPaned" over "struct GtkHPaned;"),
        # or an entry's source note ("new Walker()" over "Source: walker.js, line 633")
    if anchored_names(after) or labelled_names(after) or any(map(kind_list, after)):
        return  # a reference's members, each anchored by its name ("Constants" over "HAS_BODY"),
        # or its children's names under their kinds ("Classes: YardocTask", "Classes" over
        # "ReadMe", on its page under this one's name: _kindlist)
    texts = [el for el in after if _collapsed_text(el)]
    if texts and all(_cites_names(el) for el in texts):
        return  # names it cross-references ("See Also: a::f() const"): no comment count
    for el in [last, *after]:
        el.tail = None  # (counted above: it goes too)
        drop_tree(el)


def _heads_rows(heading: HtmlElement, content: HtmlElement) -> bool:
    """Whether ``heading`` is the whole of a table's row with more rows after it: the
    heading of the table's rows ("Namespaces" over "namespace proj"), not a leftover."""
    row = next((a for a in heading.iterancestors("tr", "table")), None)
    if row is None or row.tag != "tr" or not _is_ancestor(content, row):
        return False
    if _collapsed_text(row) != _collapsed_text(heading):
        return False
    return any(isinstance(r.tag, str) and _collapsed_text(r) for r in row.itersiblings("tr"))
