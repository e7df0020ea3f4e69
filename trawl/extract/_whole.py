"""The whole of the main content, not its best part.

Scoring finds the best single block; on a reference page the content is many blocks alike
(definition-list entries, sections, table rows, an API's operation blocks) and the best one
is only one of them. So the chosen block is widened to its parent, one level at a time, while
the parent is more of the same kind of content:

- **similar siblings**: the block is one of several siblings of its kind (the same tag, and
  for a ``div`` or ``span`` the same class) that together hold far more text than it does and
  are not a list of links: their container is the content;
- **a part of it**: the parent holds at least as much readable text again outside the block
  (text that is not link text), and that text is no list of links: the block was a part;
- **the page's own word**: the parent is the page's main landmark (``<main>``, ``role=main``)
  and the block holds less than most of its readable text;
- **too small**: a few words in a page of many (of lists and tables: contents, members, an
  index); the page's content is where they are.

What a wider container brings in that is not content (a list of links, a form) prune drops.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._stats import _Stats, reference_table

SIMILAR_MIN = 2
"""Siblings of one kind (the block among them) that make a collection of entries."""
SIMILAR_FACTOR = 1.5
"""The similar siblings hold at least this many times the block's text."""
SIMILAR_MAX_LINK_DENSITY = 0.5
"""Past this share of link text the similar siblings are a menu or a list of teasers."""
PART_FACTOR = 1.0
"""The parent's readable text outside the block is at least this many times the block's."""
PART_MAX_LINK_DENSITY = 0.25
"""... and at most this share of it is link text."""
LANDMARK_SHARE = 0.7
"""A block with less than this share of the main landmark's readable text is a part of it."""
SMALL_CHARS = 200
"""A chosen block with less readable text than this is too small to be a page's content..."""
SMALL_FACTOR = 3
"""... when its parent holds this many times its text."""
_CLASS_KIND_TAGS = frozenset(("div", "span"))
"""Tags that say nothing of what they hold: their class says which kind they are."""


def whole(top: HtmlElement, stats: dict[HtmlElement, _Stats],
          mass: dict[HtmlElement, float]) -> HtmlElement:
    """``top`` or the ancestor of it that holds the whole of the main content. ``mass``: how
    much prose each element holds (see ``_select._score``)."""
    node = top
    while True:
        parent = node.getparent()
        if parent is None or parent.tag == "html" or parent not in stats:
            break
        if _too_small(node, parent, stats):  # (the body too: nothing else is content)
            node = parent
            continue
        if parent.tag == "body" or not (_among_similar(node, parent, stats)
                                        or _part_of(node, parent, stats, mass)):
            break
        node = parent
    landmark = next((a for a in node.iterancestors() if _is_landmark(a)), None)
    if landmark is not None and landmark in stats and \
            mass.get(node, 0.0) < LANDMARK_SHARE * mass.get(landmark, 0.0):
        return landmark
    return node


def _too_small(node: HtmlElement, parent: HtmlElement,
               stats: dict[HtmlElement, _Stats]) -> bool:
    """A block of a few words in a page of many: the page is mostly lists or tables (of
    contents, of members, an index), and its content is where they are."""
    inner, whole_ = stats[node], stats[parent]
    return _readable(inner) < SMALL_CHARS and whole_.text >= SMALL_FACTOR * inner.text


def _readable(st: _Stats) -> int:
    """Characters of text that are not link text."""
    return st.text - st.links


def _kind(el: HtmlElement) -> tuple[object, str | None]:
    tag = el.tag
    return (tag, el.get("class")) if tag in _CLASS_KIND_TAGS else (tag, None)


def _among_similar(node: HtmlElement, parent: HtmlElement,
                   stats: dict[HtmlElement, _Stats]) -> bool:
    kind = _kind(node)
    similar = [s for s in parent if s.tag == node.tag and _kind(s) == kind and s in stats]
    if len(similar) < SIMILAR_MIN:
        return False
    text = sum(stats[s].text for s in similar)
    links = sum(stats[s].links for s in similar)
    return text >= SIMILAR_FACTOR * stats[node].text and links <= SIMILAR_MAX_LINK_DENSITY * text


def _part_of(node: HtmlElement, parent: HtmlElement, stats: dict[HtmlElement, _Stats],
             mass: dict[HtmlElement, float]) -> bool:
    inner, whole_ = stats[node], stats[parent]
    outer_text = whole_.text - inner.text
    if outer_text <= 0:
        return True  # nothing else there: the same content
    inner_mass, whole_mass = mass.get(node, 0.0), mass.get(parent, 0.0)
    if _is_landmark(parent):
        return inner_mass < LANDMARK_SHARE * whole_mass
    outer_links = whole_.links - inner.links
    if outer_links > PART_MAX_LINK_DENSITY * outer_text:
        # the names a reference table links are its content, not a list of links
        outer_links -= _table_links(parent, stats) - _table_links(node, stats)
        if outer_links > PART_MAX_LINK_DENSITY * outer_text:
            return False
    return whole_mass - inner_mass >= PART_FACTOR * inner_mass


def _table_links(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> int:
    """Link text in the reference tables under ``el`` (the outermost ones)."""
    total = 0
    for table in el.iter("table"):
        if table in stats and reference_table(table, stats) and \
                not any(a.tag == "table" for a in table.iterancestors() if _below(a, el)):
            total += stats[table].links
    return total


def _below(anc: HtmlElement, el: HtmlElement) -> bool:
    """Whether ``anc`` (an ancestor of something under ``el``) is ``el`` or under it."""
    node: HtmlElement | None = anc
    while node is not None:
        if node is el:
            return True
        node = node.getparent()
    return False


def _is_landmark(el: HtmlElement) -> bool:
    return el.tag == "main" or (el.get("role") or "").strip().lower() == "main"
