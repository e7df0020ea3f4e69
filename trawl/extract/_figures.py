"""A figure and the lines of cross-references that belong to it.

A reference drawn as a figure (a syntax diagram, a flow chart) is often followed by lines
that say where it stands among the others: "Used by: <a>sql-stmt</a>", "References:
<a>expr</a> <a>qualified-table-name</a>", "See also: <a>lang_delete.html</a>". The figure
sits in a wrapper of its own (sized for the drawing); the lines are its container's loose
text beside the wrapper, all link text, so the climb in ``_whole`` stopped at the wrapper
and the lines went. ``figure_references`` takes the container when the block is a figure
and everything else in it is such lines: a label with its colon, then names (one word
each). A story's "Related:" line links headlines, many words each, and stays out."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._clean import DIAGRAM_ATTR
from ._stats import _Stats
from ._text import _FIGURE_NUMBER_RE, _lead_text, text_content
from ._tree import _HEADINGS, _first_element, _is_ancestor

_LABEL_RE = re.compile(r"^\w[\w ]{0,30}:$")
"""A line's label: a few words ending in a colon ("Used by:", "See also:")."""
_BETWEEN_RE = re.compile(r"^[\s,;|]*$")
"""What may stand between a line's links: spaces (non-breaking too), commas, bars."""


def figure_references(node: HtmlElement, parent: HtmlElement) -> bool:
    """``node`` is a figure and ``parent`` holds, besides it, only lines of
    cross-references (see the module's docstring): the parent is the figure with its
    references."""
    return _figure(node) and _reference_lines(node, parent)


def _figure(node: HtmlElement) -> bool:
    """Whether ``node`` is a figure: a ``<figure>``, or a block whose only text is a
    diagram's labels (see ``_clean._keep_diagram_labels``)."""
    if node.tag == "figure":
        return True
    labels = [p for p in node.iter("p") if p.get(DIAGRAM_ATTR) is not None]
    return len(labels) == 1 and \
        text_content(node).split() == text_content(labels[0]).split()


def _reference_lines(node: HtmlElement, parent: HtmlElement) -> bool:
    """Whether ``parent``'s content outside ``node`` is one line or more (split at
    ``<br>``), each a label (see ``_LABEL_RE``) then links of one word each, and nothing
    else."""
    lines: list[list[tuple[str, str]]] = [[]]
    parts: list[tuple[str, str]] = [("text", parent.text or "")]
    for child in parent:
        if child is not node:
            if child.tag == "br":
                parts.append(("br", ""))
            elif child.tag == "a" and len(child) == 0:
                parts.append(("a", text_content(child)))
            else:
                return False
        parts.append(("text", child.tail or ""))
    for kind, text in parts:
        if kind == "br":
            lines.append([])
        elif kind == "a" or text.strip():
            lines[-1].append((kind, text))
    lines = [line for line in lines if line]
    return bool(lines) and all(_reference_line(line) for line in lines)


def _reference_line(line: list[tuple[str, str]]) -> bool:
    (kind, label), rest = line[0], line[1:]
    if kind != "text" or _LABEL_RE.match(" ".join(label.split())) is None or not rest:
        return False
    return all(len(text.split()) == 1 if kind == "a" else _BETWEEN_RE.match(text) is not None
               for kind, text in rest)


FIGURE_TEXT_MAX_LINK_DENSITY = 0.25
"""The text beside a numbered figure has at most this share of link text."""


def numbered_figure(node: HtmlElement, parent: HtmlElement,
                    stats: dict[HtmlElement, _Stats], figure: HtmlElement | None) -> bool:
    """Whether ``node`` is the body of a numbered figure ``parent`` (its pictures and their
    captions, under the figure's title "Figure 17.72. Applying the filter"), or is the
    numbered figure ``figure`` (a figure, table or example: ``figure_of`` the block the
    climb started from) or a block holding it short of a titled section, in the text of
    ``parent`` (``_text_beside``): a document numbers the figures its text shows and
    refers to, on any generator, and the figure's captions, however long beside the text's
    paragraphs (a screenshot's "Original image", "Filter applied using ..."), are no page's
    content alone; the section they illustrate is (the figure may sit in an option's
    entry of a list: the entry, the list, up to the section)."""
    if node not in stats or parent not in stats:
        return False
    if _FIGURE_NUMBER_RE.match(_lead_text(parent)) and \
            not _FIGURE_NUMBER_RE.match(_lead_text(node)):
        return True  # (the figure's body under its numbered title)
    if figure is None or not (node is figure or _is_ancestor(node, figure)):
        return False
    first = _first_element(node)
    if node is not figure and first is not None and first.tag in _HEADINGS:
        return False  # (a titled section: the other rules ask whether it is a part)
    return _text_beside(node, parent, stats)


FIGURE_MAX_LEVELS = 4
"""Ancestors of the block the climb starts from asked whether they are a numbered figure."""


def figure_of(top: HtmlElement, known: dict[HtmlElement, bool] | None = None) \
        -> HtmlElement | None:
    """``top`` or its nearest ancestor (``FIGURE_MAX_LEVELS`` up) that is a numbered
    figure: its text opens with the figure's number ("Figure 16.122.", "Table 3.1").
    ``known``: what was read of the blocks asked already, while the tree stays as it is
    (prune asks of each block it drops, and they share their ancestors)."""
    node: HtmlElement | None = top
    for _ in range(FIGURE_MAX_LEVELS):
        if node is None:
            return None
        numbered = None if known is None else known.get(node)
        if numbered is None:
            numbered = _FIGURE_NUMBER_RE.match(_lead_text(node)) is not None
            if known is not None:
                known[node] = numbered
        if numbered:
            return node
        node = node.getparent()
    return None


def _text_beside(node: HtmlElement, parent: HtmlElement,
                 stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``parent`` holds text besides ``node``, and no list of links: at most
    ``FIGURE_TEXT_MAX_LINK_DENSITY`` of it link text. A figure set beside a page's menus
    or a gallery's links is no part of them."""
    outer = stats[parent].text - stats[node].text
    links = stats[parent].links - stats[node].links
    return outer > 0 and links <= FIGURE_TEXT_MAX_LINK_DENSITY * outer


def in_numbered_figure(el: HtmlElement, known: dict[HtmlElement, bool] | None = None) -> bool:
    """Whether ``el`` is a numbered figure or a part of one (``figure_of``): its pictures,
    however many and however short their captions, are what the document numbered and
    refers to, no gallery of thumbnails for prune to drop."""
    return figure_of(el, known) is not None


def figure_with_references(el: HtmlElement) -> bool:
    """Whether ``el`` is a figure's container holding the figure and its lines of
    cross-references (``figure_references``): a page of many syntax diagrams, each with
    its "Used by: / References: / See also:" lines, is those figures, their lines the
    figures' text however linked (their names go to the other diagrams of the page), and
    prune judges the container whole. A story's figure beside "Related:" lines of
    headlines is no such container, and prune judges it as any block of links."""
    blocks = [c for c in el if isinstance(c.tag, str) and c.tag not in ("a", "br")]
    return len(blocks) == 1 and figure_references(blocks[0], el)


CAPTION_SENTENCE_MIN_WORDS = 8
"""Words a caption says at least for its links to be read as words of its sentence."""
CAPTION_MAX_LINK_DENSITY = 0.4
"""A caption's sentence links a name or two; a credit or a teaser is mostly its link."""


def caption_sentence(el: HtmlElement, st: _Stats) -> bool:
    """Whether ``el`` is a picture's caption, or a picture's block holding one picture and
    its caption, whose links are names in its sentences ("Original image. A <a>Colorcube
    Analysis</a> of the original image shows a great number of colors."): a caption that
    boilerplate removal kept (a numbered figure's, one under a numbered section) says what
    the picture shows, and a name it links is a word of it, not a block of links for prune
    to drop for its class. A credit's label ("Photo: <a>AP</a>") or a caption that is mostly
    its link (a teaser's headline under its picture) is no such sentence."""
    if st.n_img > 1 or not st.links or st.links > CAPTION_MAX_LINK_DENSITY * st.text:
        return False
    caption = el if _captions(el) else next(
        (c for c in el if isinstance(c.tag, str) and _captions(c)), None)
    if caption is None:
        return False
    text = " ".join(text_content(caption).split())
    return len(text.split()) >= CAPTION_SENTENCE_MIN_WORDS and ":" not in text and \
        text.endswith(".")


def _captions(el: HtmlElement) -> bool:
    return el.tag == "figcaption" or "caption" in (el.get("class") or "").lower().split()
