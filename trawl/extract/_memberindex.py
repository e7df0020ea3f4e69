"""A page's own index of its members: under a heading in the page's column, the names of
the entries the page documents below it, each linked to its entry's anchor on the page
(a class's "Index" with its groups "Properties", "Methods": Javadoc's "Method Summary",
Doxygen's member tables and pdoc's lists are that shape too). Prune judges blocks by
their links, and these are nothing but links: they are the page's text, its members'
names. ``_prune`` asks this of the blocks it would drop.

The hostile shape is the same links elsewhere: a sidebar's or an "on this page" outline's
list of the page's sections (VitePress, Furo, Material, the Read the Docs theme), which
stays out by where it is (in a ``nav``, an ``aside``, or a box whose class or id says
navigation: the boilerplate pass drops those before prune asks, so the rule no longer asks
it again, brief 89), and by what it links (sections' titles, words; not names); and a
panel of the page's links (``_in_links_panel``)."""

from __future__ import annotations

from lxml.html import HtmlElement

from ._tree import _HEADINGS, ANCHOR_PART_RE, PROGRAM_NAME_RE, opening_heading

INDEX_MAX_LEVELS = 3
"""Ancestors up to which the index's heading is looked for (the list, its group, the
index's panel: "Index" over "Methods" over the names)."""
HEADING_MAX_DEPTH = 3
"""First children through which a block's heading is looked for (a panel, its
disclosure, its summary's heading)."""


def _names_anchor(a: HtmlElement) -> bool:
    """Whether the in-page link ``a`` says the name its anchor is made of
    (``<a href="#unsubscribe">unsubscribe</a>``, ``#Message.policy``: generators anchor an
    entry by its name, some in lower case); an outline's links say its sections' titles,
    words."""
    text = " ".join("".join(a.itertext()).split())
    if not text or " " in text:
        return False
    # (the marks around a name, an optional member's ``closed?``, and its case, an enum's
    # ``COMPLETE`` at ``#complete``, are the generator's)
    names = PROGRAM_NAME_RE.findall(text)
    parts = ANCHOR_PART_RE.split(a.get("href", "")[1:].lower())
    return bool(names) and names[-1].lower() in parts


def member_index(el: HtmlElement) -> bool:
    """Whether ``el`` is (part of) the page's index of its members: every link in it goes
    to an anchor on the page (``#unsubscribe``) that an element after ``el`` in
    the page defines, its text the name the anchor is made of (``_names_anchor``); the
    block is led by a heading (``el`` or one of its ``INDEX_MAX_LEVELS`` ancestors), and
    it is no list of a panel of the page's links (``_in_links_panel``)."""
    links = [a for a in el.iter("a") if a.get("href")]
    if not links or not all(a.get("href", "").startswith("#") and len(a.get("href", "")) > 1
                            for a in links):
        return False  # (most blocks: links to other pages, or none)
    # (a link of no text is a heading's permalink, an icon: the group's title's own)
    links = [a for a in links if "".join(a.itertext()).strip()]
    if not links or not all(_names_anchor(a) for a in links):
        return False
    if not _headed(el) or _in_links_panel(el):
        return False
    return _targets_after(el, {a.get("href", "")[1:] for a in links})


_PANEL_PARTS = frozenset((*_HEADINGS, "ul", "ol"))


def _in_links_panel(el: HtmlElement) -> bool:
    """Whether ``el`` is one list of a panel of the page's links: its parent holds nothing
    but headings and lists (``el`` among them), and one of the other lists leads out of the
    page (another page, another site: a "See also", a bug tracker's "Known issues"). A
    reference's quick view beside its text (the Apache manual's "Topics", "Directives",
    "Bugfix checklist", "See also") lists the entries the page documents as an index does;
    an index of members is a group of the page's own places, and links nowhere else."""
    panel = el.getparent()
    if panel is None or el.tag not in ("ul", "ol"):
        return False
    parts = [c for c in panel if isinstance(c.tag, str)]
    if any(c.tag not in _PANEL_PARTS for c in parts):
        return False
    return any(c is not el and c.tag in ("ul", "ol") and _links_out(c) for c in parts)


def _links_out(el: HtmlElement) -> bool:
    """Whether a link in ``el`` leads out of the page (not a ``#`` fragment)."""
    return any(not (a.get("href") or "#").startswith("#") for a in el.iter("a"))


def _headed(el: HtmlElement) -> bool:
    """Whether ``el`` or one of its ``INDEX_MAX_LEVELS`` ancestors opens
    with a heading (through ``HEADING_MAX_DEPTH`` first children)."""
    node: HtmlElement | None = el
    for _ in range(INDEX_MAX_LEVELS + 1):
        if node is None or not isinstance(node.tag, str):
            return False
        if opening_heading(node, HEADING_MAX_DEPTH) is not None:
            return True
        node = node.getparent()
    return False


def _targets_after(el: HtmlElement, targets: set[str]) -> bool:
    """Whether every id of ``targets`` is an element's after ``el`` on the page
    (the entries the index lists; an index of another page's members links that page)."""
    left = set(targets)
    node = el
    while left:
        parent = node.getparent()
        if parent is None:
            return False
        for sib in node.itersiblings():
            for d in sib.iter():
                ident = d.get("id") if isinstance(d.tag, str) else None
                if ident in left:
                    left.discard(ident)
                    if not left:
                        return True
        node = parent
    return not left
