"""Markdown fidelity: does markdown, parsed back by a CommonMark/GFM parser (markdown-it-py),
keep what the HTML it came from says? Used by bench/markdown_converters.py and
tests/test_markdown_fidelity.py.

Checks (each a count of misses; 0 is faithful):

- ``code``: code blocks that are not the source's <pre> blocks (a definition list, a note
  or prose that came out indented is a code block to CommonMark), or <pre> blocks lost;
- ``headings``: source headings (h1-h6) missing from the markdown's headings, in order;
- ``notes``: note/warning/"See also" boxes not found as a blockquote starting with the
  box's label;
- ``tables``: data tables (no table inside) not found as GFM tables;
- ``languages``: <pre> blocks with a language whose fence does not carry it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields

from lxml.html import HtmlElement
from markdown_it import MarkdownIt
from markdown_it.token import Token

_WORD = re.compile(r"\w+")
_ADMONITION_CLASSES = frozenset(("admonition", "note", "warning", "seealso", "tip", "caution",
                                 "important", "danger", "attention", "hint"))
_PARSER = MarkdownIt("commonmark").enable("table")


def norm(text: str) -> str:
    return " ".join(_WORD.findall(text.lower()))


@dataclass
class Misses:
    code: int = 0
    headings: int = 0
    notes: int = 0
    tables: int = 0
    languages: int = 0

    def total(self) -> int:
        return sum(getattr(self, f.name) for f in fields(self))

    def add(self, other: Misses) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


def _inline_text(token: Token) -> str:
    return "".join(c.content for c in token.children or [] if c.type in ("text", "code_inline"))


def _is_admonition(el: HtmlElement) -> bool:
    return el.tag in ("div", "aside", "section") and \
        bool(_ADMONITION_CLASSES & set((el.get("class") or "").split()))


def _admonition_label(el: HtmlElement) -> str:
    first = next((c for c in el if isinstance(c.tag, str)), None)
    if first is not None and "title" in (first.get("class") or ""):
        return norm("".join(first.itertext()))
    return ""


def _subsequence_misses(wanted: list[str], have: list[str]) -> int:
    """How many of ``wanted`` are not found in ``have`` in order."""
    misses, i = 0, 0
    for item in wanted:
        j = i
        while j < len(have) and have[j] != item:
            j += 1
        if j == len(have):
            misses += 1
        else:
            i = j + 1
    return misses


def check(source: HtmlElement, markdown: str, language_of: dict[HtmlElement, str]) -> Misses:
    """Misses of ``markdown`` against the ``source`` element it was converted from;
    ``language_of`` gives each <pre>'s language as the source names it ('' for none)."""
    tokens = _PARSER.parse(markdown)
    misses = Misses()
    pres = [p for p in source.iter("pre") if "".join(p.itertext()).strip()]
    codes = [t for t in tokens if t.type in ("code_block", "fence")]
    misses.code = abs(len(codes) - len(pres)) + sum(t.type == "code_block" for t in codes)
    fences = [t.info.strip() for t in codes if t.type == "fence"]
    wanted_langs = [language_of.get(p, "") for p in pres]
    misses.languages = _subsequence_misses([w for w in wanted_langs if w],
                                           [f for f in fences if f])
    src_heads = [norm("".join(h.itertext())) for h in source.iter("h1", "h2", "h3", "h4",
                                                                    "h5", "h6")]
    md_heads = [norm(_inline_text(tokens[i + 1])) for i, t in enumerate(tokens)
                if t.type == "heading_open"]
    misses.headings = _subsequence_misses([h for h in src_heads if h], md_heads)
    quote_starts = [norm(_inline_text(tokens[i + 2])) for i, t in enumerate(tokens)
                    if t.type == "blockquote_open" and i + 2 < len(tokens)
                    and tokens[i + 2].type == "inline"]
    for box in filter(_is_admonition, source.iter()):
        label = _admonition_label(box)
        if not quote_starts or not any(q.startswith(label) for q in quote_starts):
            misses.notes += 1
    data_tables = [t for t in source.iter("table")
                   if len(list(t.iter("table"))) == 1 and len(list(t.iter("tr"))) >= 2]
    misses.tables = max(0, len(data_tables) - sum(t.type == "table_open" for t in tokens))
    return misses
