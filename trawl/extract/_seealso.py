"""A document's "See also" section: its last section, a list of the site's other pages
under a heading that says "See also", however short.

Manual pages and reference pages end on one ("SEE ALSO": the commands and files the page
refers its reader to). On a short page it is a few words of links under its heading, which
``_edges.drop_dangling_heading`` would take for the leftover of a "Related" or "Tags" block
whose list of links went as chrome: the heading here says what the list is, and the page's
own sections run flat before it.
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._tree import _HEADINGS, _collapsed_text, after_flat_section

_SEE_ALSO_HEADING_RE = re.compile(r"\W*see\s+also\W*", re.I)
"""A heading of nothing but "See also" (a mark, a colon or an invisible self-link beside)."""
NAME_MAX_WORDS = 4
"""A "See also" list names pages ("npm install", "package.json", "Dependency Selector
Syntax & Querying"); a promotion's list under the same heading links stories by their
headlines ("Council delays the new park again"), longer."""


def see_also_section(heading: HtmlElement, after: list[HtmlElement]) -> bool:
    """Whether ``heading`` and what follows it (``after``) are a document's "See also"
    section: the heading says so (``says_see_also``), it is the last of flat sections
    (``_flat_sections``: a heading of its level before it among its siblings, with a body
    between them), and under it is one list of links to the site's own pages
    (``_list_of_own_links``).

    Guard: a "Tags" or "Share" heading over a short list of links (a story's leftovers,
    its block's chrome gone) says no "See also"; a list of links off the site (share
    buttons' addresses) is none of its pages."""
    return says_see_also(heading) and _flat_sections(heading) and _list_of_own_links(after)


def says_see_also(heading: HtmlElement) -> bool:
    """The heading's words are "See also" and nothing else."""
    return _SEE_ALSO_HEADING_RE.fullmatch(_collapsed_text(heading)) is not None


def _flat_sections(heading: HtmlElement) -> bool:
    """A heading of the same level precedes ``heading`` among its siblings, with text
    between them: the page's sections run flat, and this is their last; or the sections
    are wrapped each in a block of its own (``_after_wrapped_section``)."""
    return after_flat_section(heading) or _after_wrapped_section(heading)


def _after_wrapped_section(heading: HtmlElement) -> bool:
    """``heading`` opens its wrapper (nothing of text before it there), and the block
    before that wrapper is a section of prose under a heading of the same level
    (``_section_of_prose``): a reference entry's sections, each in a block of its own
    (DocBook's ``refsection``: Synopsis, Description, then See Also)."""
    wrapper = heading.getparent()
    if wrapper is None or (wrapper.text or "").strip() or any(
            _collapsed_text(s) for s in heading.itersiblings(preceding=True)
            if isinstance(s.tag, str)):
        return False
    before = wrapper.getprevious()
    while before is not None and not isinstance(before.tag, str):
        before = before.getprevious()
    return before is not None and before.tag == wrapper.tag and \
        _section_of_prose(before, heading.tag)


def _section_of_prose(block: HtmlElement, level: str) -> bool:
    """The guard: ``block`` holds a heading of tag ``level`` and a paragraph of words of
    its own (not all its links' words): a section of the document. A column of widgets
    ("Tags", "Archives", "See also"), each wrapped under its heading, holds lists of
    links, no paragraph of prose."""
    if block.find(f".//{level}") is None:
        return False
    for p in block.iter("p"):
        text = _collapsed_text(p)
        links = sum(len(_collapsed_text(a)) for a in p.iter("a"))
        if text and len(text) > 2 * links:
            return True
    return False


def _list_of_own_links(after: list[HtmlElement]) -> bool:
    """``after`` is one list (``ul``, ``ol``) whose items are each a link and nothing else,
    each to a page of the site (a relative address: no scheme, no host) or to another
    site's page it cites by its address (``_says_address``), one at least the site's;
    beside it only blocks of no text (a column emptied of its chrome)."""
    said = [el for el in after if _collapsed_text(el)]
    if len(said) != 1 or said[0].tag not in ("ul", "ol"):
        return False
    items = [li for li in said[0] if isinstance(li.tag, str)]
    if not items:
        return False
    for li in items:
        if not (_link_item(li) or labelled_group(li)):
            return False
    return any(_own(a) for a in said[0].iter("a"))


def _link_item(li: HtmlElement) -> bool:
    """``li`` is a list item of one link and nothing else, to a page of the site or to
    another site's page it cites by its address."""
    links = li.findall(".//a")
    return li.tag == "li" and len(links) == 1 and \
        _collapsed_text(links[0]) == _collapsed_text(li) and \
        (_own(links[0]) or _says_address(links[0]))


_GROUP_LABEL_RE = re.compile(r"[^:]{1,60}:")
"""A group's label: a few words and a colon ("Inline presentation:")."""


def _group_label(p: HtmlElement) -> bool:
    """The guard: ``p`` is a paragraph of a label (``_GROUP_LABEL_RE``) and no link; a
    promotion's teaser over its stories' links ("Readers who followed the vote also
    read") is a sentence, no label."""
    return p.tag == "p" and p.find(".//a") is None and \
        _GROUP_LABEL_RE.fullmatch(_collapsed_text(p)) is not None


def labelled_group(li: HtmlElement) -> bool:
    """Whether the item ``li`` of a "See also" list is a group of its links under a label:
    a paragraph of a few words and a colon (``_GROUP_LABEL_RE``, no link), then a list
    (or a block holding one) whose items are each one link (``_link_item``), and nothing
    else of text (dblatex's "See Also": "Table presentation:" over six entries)."""
    said = [c for c in li if isinstance(c.tag, str) and _collapsed_text(c)]
    if li.tag != "li" or (li.text or "").strip() or len(said) != 2 or \
            not _group_label(said[0]):
        return False
    nested = said[1] if said[1].tag in ("ul", "ol") else next(said[1].iter("ul", "ol"), None)
    return nested is not None and _collapsed_text(nested) == _collapsed_text(said[1]) and \
        all(_link_item(i) for i in nested if isinstance(i.tag, str))


def _says_address(a: HtmlElement) -> bool:
    """The link's text is its own address ("https://npm.im/cacache"): a reference's list
    citing another site's page by where it is, beside the site's own pages. A share
    button or a story's link off the site says a name or a headline, no address."""
    href = (a.get("href") or "").strip().rstrip("/")
    return href.startswith(("http:", "https:")) and _collapsed_text(a).rstrip("/") == href


def _own(a: HtmlElement) -> bool:
    """The link is to a page of the site: a relative address, not another host's."""
    href = (a.get("href") or "").strip().lower()
    return bool(href) and not href.startswith(("http:", "https:", "//", "mailto:", "#"))


def see_also_list(el: HtmlElement) -> bool:
    """Whether the list ``el`` is the body of a document's "See also" section
    (``see_also_section``: right after its heading, the last of flat sections, every item
    a link to a page of the site) whose links name pages (``_names_pages``). ``prune``
    drops a list of links set by no landmark as a promotion's (a blog's post, npm's
    command pages under Hexo's theme: its ``See Also`` list went, then its heading as
    dangling); under ``main`` it was kept as the landmark's own.

    Guard: a story's "See also" list of other stories (site-rooted links too) links them
    by their headlines, no page's name."""
    if el.tag not in ("ul", "ol"):
        return False
    group = next((a for a in el.iterancestors("li")), None)
    if group is not None and labelled_group(group):  # (a group's links: its list's)
        outer = group.getparent()
        return outer is not None and see_also_list(outer)
    block = el
    # (the list in a block holding nothing else: DocBook's ``div.itemizedlist``)
    parent = el.getparent()
    if el.getprevious() is None and parent is not None and \
            [c for c in parent if isinstance(c.tag, str)] == [el] and \
            _collapsed_text(parent) == _collapsed_text(el):
        block = parent
    heading = block.getprevious()
    if heading is None or heading.tag not in _HEADINGS:
        return False
    return see_also_section(heading, [el, *block.itersiblings()]) and _names_pages(el)


_QUOTED_TITLE_RE = re.compile(r"^(?:\w+\s+){0,3}[“\"]([^”\"]+)[”\"]$")
"""A cross-reference that names a section by its title in quotes, after a word or three
("the section called “Natbib Citations”": DocBook's ``xref``)."""


def _names_pages(el: HtmlElement) -> bool:
    """Every link of ``el`` says ``NAME_MAX_WORDS`` words or fewer, or quotes a title of
    as few (``_QUOTED_TITLE_RE``): a page's name."""
    return all(_page_name(_collapsed_text(a)) for a in el.iter("a"))


def _page_name(text: str) -> bool:
    if len(text.split()) <= NAME_MAX_WORDS:
        return True
    quoted = _QUOTED_TITLE_RE.match(text)
    return quoted is not None and len(quoted.group(1).split()) <= NAME_MAX_WORDS
