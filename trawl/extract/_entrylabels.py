"""One short label repeated at every entry: a control's face, not the entries' words.

An API reference generator sets beside each declaration the same link, a word long, to
another file: Haddock's "Source" (to the entry's hyperlinked source, ``src/M.html#name``),
rustdoc's "source", a wiki's "[edit]" beside each section. And a fold's toggle says the
same words at every fold (Haddock's "Instance details" over each instance's details,
"Expand" over each collapsed example): the script replaces them by a button. A reader
reads the entries; the label is where a click goes, said once per entry. Haddock's module
pages took in 44,000 "Source" words of their 90,000 extra (mean extra 10.7 %).

``drop_entry_labels`` takes them out of the chosen content (after ``prune``):

- **labels' links** (``_label_links``): links ending an entry's declaration line
  (``_ends_declaration``) whose text is a short label, a word of
  letters (``LINK_LABEL_MAX_WORDS``, ``LABEL_MAX_CHARS``, brackets aside: "[source]"; a
  name of code, ``my_hdr`` or ``QDir::Filters``, is none), the same label at
  ``LABEL_MIN_REPEATS`` links or more, each leading to another file (no ``#`` of the page
  itself). Guards: a link whose words are in its address names what it leads to
  (``_names_target``: a module's name in each instance's "Defined in" line, ``GHC.Read``
  to ``GHC-Read.html``; a type's name linked at every signature, "IO" to
  ``System-IO.html#t:IO``, is the signature's word),
  and each ends its line (``_at_line_end``: but for self-links, "#"; a
  text's "see <a>here</a>." links are its sentences' words, a full stop after them); and
  they lead to more than one address (``_to_one_place``: a "Deprecated" badge at each
  entry, linked to the policy, is the entries' status); and no sentence ends right before
  one (``_after_sentence``: a description's "(details)", its citation);
- **toggles' labels** (``_toggle_labels``): a fold's ``summary``, a short label, the same at
  ``LABEL_MIN_REPEATS`` folds or more, that says only that it folds (``_says_only_fold``:
  "Details", the label a browser gives a fold without one, with one word before it at most,
  "Instance details"; or a toggle's verb, "Expand", "show more"). Guards: folds titled each
  by its own words (a FAQ's questions, "Step 1", "Step 2") are titled, not labelled
  (``_repeated``); a label naming what the fold holds ("History" over each entry's table of
  changes, "Example" over each example) is its caption, the fold's own words, however often
  it is said (``_says_only_fold``).
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._clean import drop_tree
from ._stats import CODE_TAGS
from ._text import text_content
from ._tree import GLUED_CODE_RE
from ._typedecl import typed_declaration

DECLARATION_MAX_CHARS = 2000
"""A declaration's line is this long at most (a type's whole definition)."""
LABEL_MAX_CHARS = 24
"""A control's label is this short at most ("Source", "[edit]", "Instance details")."""
LABEL_MAX_WORDS = 2
"""A toggle's label is two words at most ("Instance details")..."""
LINK_LABEL_MAX_WORDS = 1
"""... a link's one ("Source", "[edit]"; "Read more" is a teaser's, judged as teasers are)."""
LABEL_MIN_REPEATS = 2
"""The same label at this many entries or more is a control's, said at every entry."""
_BRACKETS = "[](){}<> "
_CODE_NAME_RE = re.compile(r"[a-z][A-Z]|\w\(\)")
"""A name of code, no label: a capital inside a word (``DiameterIdentity``, ``getValue``)
or a call's parentheses right after it (``now()``)."""
_WORD_RE = re.compile(r"\w+")


def drop_entry_labels(content: HtmlElement) -> None:
    """Drop from ``content`` the labels' links and the toggles' labels (see the module's
    docstring)."""
    for group in (*_label_links(content), *_toggle_labels(content)):
        for el in group:
            drop_tree(el)


def _label(el: HtmlElement, max_words: int = LABEL_MAX_WORDS) -> str | None:
    """``el``'s text as a label (brackets aside, case folded): ``max_words`` words at most,
    of letters only (a name of code, ``my_hdr``, ``QDir::Filters``, ``org.jsoup.select``,
    is no label), or None."""
    text = text_content(el) if len(el) else (el.text or "")
    if not text or (len(text) > LABEL_MAX_CHARS and len(text.strip()) > LABEL_MAX_CHARS):
        return None  # (asked of every link of the content: the cheap test first)
    if _CODE_NAME_RE.search(text):
        return None  # (a name of code: "DiameterIdentity()", "getValue")
    key = " ".join(text.split()).strip(_BRACKETS).casefold()
    words = key.split()
    return key if words and len(words) <= max_words and len(key) <= LABEL_MAX_CHARS and \
        all(w.isalpha() for w in words) else None


def _label_links(content: HtmlElement) -> list[list[HtmlElement]]:
    """The groups of links to other files that say one short label naming no target, each
    ending its line, those of them ending a declaration's (``LABEL_MIN_REPEATS`` or more)."""
    groups: dict[str, list[HtmlElement]] = {}
    for a in content.iter("a"):  # (every link of the content: the cheap tests first)
        href = a.get("href")
        if not href or href[0] == "#":
            continue
        key = _label(a, LINK_LABEL_MAX_WORDS)
        if key is not None and not _in_code(a):
            groups.setdefault(key, []).append(a)
    labels = []
    for key, named in groups.items():
        links = [a for a in named if len(named) >= LABEL_MIN_REPEATS
                 and not _names_target(a, key)]
        if len(links) < LABEL_MIN_REPEATS or not all(_at_line_end(a) for a in links):
            continue  # (a word a sentence says somewhere is a word: "see <a>here</a>.")
        ending = [a for a in links if _ends_declaration(a) and not _after_sentence(a)]
        if len(ending) >= LABEL_MIN_REPEATS and not _to_one_place(ending):
            labels.append(ending)
    return labels


def _to_one_place(links: list[HtmlElement]) -> bool:
    """Whether the label's ``links`` all lead to one address: a status said at every entry
    and linked to the page that explains it ("Deprecated" to the deprecation policy,
    "experimental" to the stability guarantees) is the entries' word, what the reader must
    know of each. A control acts on its own entry, and each of its links leads to that
    entry's place: "Source" to ``src/M.html#f`` and ``#g``, "[edit]" to each section's
    editor, "Run" to a playground holding each example."""
    first = links[0].get("href")
    return all(a.get("href") == first for a in links)


def _in_code(a: HtmlElement) -> bool:
    """Whether the link ``a`` is inside code (``CODE_TAGS``): a word of the code, however
    often it is said (a type parameter linked at every use, ``EntityCursor<V>`` in a
    Javadoc table's ``<code>``; a struct's name in its synopsis's listing), no control set
    beside it."""
    return next(a.iterancestors(*CODE_TAGS), None) is not None


def _names_target(a: HtmlElement, key: str) -> bool:
    """Whether the link ``a``, saying ``key``, names where it leads: its words are in its
    address (a type's name, ``Prelude.html#t:Double``; ``struct.String.html``), as a
    cross-reference's are, and no control's label ("Source" to ``src/M.html#f``)."""
    href = (a.get("href") or "").casefold()
    return all(word in href for word in _WORD_RE.findall(key))


def _at_line_end(a: HtmlElement) -> bool:
    """Whether the link ``a`` ends its line: nothing after it in its parent but brackets,
    spaces and links to the page's own places (a self-link's "#"). A sentence's link ("see
    <a>here</a>.") has its words or its full stop after it, a signature's type name
    (``ReadS`` in ``Int -> ReadS IOMode``) the next type's name."""
    if (a.tail or "").strip(_BRACKETS):
        return False
    for sib in a.itersiblings():
        if not isinstance(sib.tag, str):
            if (sib.tail or "").strip(_BRACKETS):
                return False
            continue
        if sib.tag != "a" or not (sib.get("href") or "").startswith("#") or \
                (sib.tail or "").strip(_BRACKETS):
            return False  # (a self-link, "#", "¶", may follow; a type's name after it is
            # the declaration's word, and so is the link before it)
    return True


_SENTENCE_END_RE = re.compile(r"[^\W\d_]{2}[.!?][\"')]?\s*$")
"""A sentence's end: a word's letters, its full stop (a closing quote or bracket after)."""


def _after_sentence(a: HtmlElement) -> bool:
    """Whether the text right before the link ``a`` ends a sentence: the link closes a
    description written in sentences (a table's "Malicious SQL statement causes ... in the
    printf() SQL function. <a>(details)</a>", each row's citation of its ticket), which a
    call's parentheses in it (``GLUED_CODE_RE``) do not make a declaration's line. A
    signature ends on a type, a bracket or a name, no full stop."""
    prev, parent = a.getprevious(), a.getparent()
    before = prev.tail if prev is not None else (parent.text if parent is not None else None)
    return before is not None and _SENTENCE_END_RE.search(before) is not None


def _ends_declaration(a: HtmlElement) -> bool:
    """Whether the line ``a`` ends (its parent's text, the label aside) reads as an entry's
    declaration: a value annotated with its type or a type declared
    (``_typedecl.typed_declaration``), or code's glue (``GLUED_CODE_RE``: ``get(``,
    ``a::b``, ``-> T``). A status line's label ("const: <a>unstable</a>", to a tracking
    issue) or a list's "[edit]" ends no declaration."""
    parent = a.getparent()
    if parent is None:
        return False
    raw = text_content(parent)  # (libxml2's join: a line's links are many small elements)
    if len(raw) > DECLARATION_MAX_CHARS * 2:
        return False
    text = " ".join(raw.split())
    return len(text) <= DECLARATION_MAX_CHARS and (
        typed_declaration(text) or GLUED_CODE_RE.search(text) is not None)


def _toggle_labels(content: HtmlElement) -> list[list[HtmlElement]]:
    """The groups of folds' ``summary`` labels that say one short label at
    ``LABEL_MIN_REPEATS`` folds or more (``_repeated``)."""
    groups: dict[str, list[HtmlElement]] = {}
    for summary in content.iter("summary"):
        parent = summary.getparent()
        if parent is None or parent.tag != "details":
            continue
        key = _label(summary)
        if key is not None and _says_only_fold(key):
            groups.setdefault(key, []).append(summary)
    return [labels for labels in groups.values() if _repeated(labels)]


_FOLD_ONLY_RE = re.compile(r"(?:\w+ )?details|(?:show|hide|expand|collapse|toggle)"
                           r"(?: (?:all|more|less|details))?")
"""A fold's label that names no content: "Details" (HTML's own label for a ``details``
without a ``summary``), one word before it at most ("Instance details"), or what a click
does ("Expand", "show more")."""


def _says_only_fold(key: str) -> bool:
    """Whether a fold's label (case folded, ``_label``) says only that the fold opens
    (``_FOLD_ONLY_RE``), nothing of what it holds: "History" or "Example" over each fold
    is a caption of its table or its code, read with it."""
    return _FOLD_ONLY_RE.fullmatch(key) is not None


def _repeated(labels: list[HtmlElement]) -> bool:
    """Whether one label is said at ``LABEL_MIN_REPEATS`` folds or more."""
    return len(labels) >= LABEL_MIN_REPEATS
