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
from ._text import text_content

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


def figure_with_references(el: HtmlElement) -> bool:
    """Whether ``el`` is a figure's container holding the figure and its lines of
    cross-references (``figure_references``): a page of many syntax diagrams, each with
    its "Used by: / References: / See also:" lines, is those figures, their lines the
    figures' text however linked (their names go to the other diagrams of the page), and
    prune judges the container whole. A story's figure beside "Related:" lines of
    headlines is no such container, and prune judges it as any block of links."""
    blocks = [c for c in el if isinstance(c.tag, str) and c.tag not in ("a", "br")]
    return len(blocks) == 1 and figure_references(blocks[0], el)
