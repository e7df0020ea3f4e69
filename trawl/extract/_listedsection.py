"""A section the page's own table of contents lists: the document's, however short.

A heading left at the end of the content with a line or two under it is dropped as a
leftover (``_contentend.drop_dangling_heading``: a "Comments" heading whose thread is gone, a
"Related" heading over a pruned list). A short manual page ends on such a section
("DESCRIPTION" over "No user-serviceable parts inside.", "DESCRIPTION" over "See
Memoize."), and its own list of its sections, at its top, links that heading: the author
named it among the document's parts. A comment thread's heading is no part a document's
contents list. So is the list of links such a heading is over (``listed_section_list``):
a manual's "SEE ALSO" of outside addresses, a guide's closing "Additional resources", which
prune would judge as a "Related" list of links.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._signals import page_contents
from ._tree import _HEADINGS, _first_element

LISTED_ATTR = "data-trawl-listed"
"""Set on the page's root: the places the page's own contents list led to, when boilerplate
removal dropped that list (a ``nav`` of the page's sections: see ``note_dropped_contents``),
so that the sections it named are still known as the document's."""

LISTED_MIN_SECTIONS = 2
"""Headings of the content a list must link, the last one among them, to be the page's own
contents: a lone "Skip to comments" link to the comments' heading lists no sections."""


LIST_TAGS = ("ul", "ol", "dl")
LIST_MAX_DEPTH = 3
"""Levels from a link or an entry up to its list (``a`` in ``p`` in ``dd``)."""


def listed_section_list(el: HtmlElement) -> bool:
    """Whether ``el`` is, or is in, a list right under a heading the page's own contents
    list (``listed_in_contents``): the body of a section the author named among the
    document's parts ("SEE ALSO" over its references, "Additional resources" over outside
    pages), however many links it is. A story's closing "Related" list, or a sidebar's,
    is under a heading no contents list of the page names."""
    lst = el
    for _ in range(LIST_MAX_DEPTH):
        if lst is None or lst.tag in LIST_TAGS:
            break
        lst = lst.getparent()
    if lst is None or lst.tag not in LIST_TAGS:
        return False
    prev = lst.getprevious()
    while prev is not None and not isinstance(prev.tag, str):
        prev = prev.getprevious()
    if prev is None or prev.tag not in _HEADINGS:
        return False
    return listed_in_contents(prev, prev.getroottree().getroot())


def note_dropped_contents(doomed: list[HtmlElement], root: HtmlElement) -> None:
    """Record on ``root`` (``LISTED_ATTR``) the places the tables of contents among
    ``doomed`` (blocks boilerplate removal drops: ``page_contents``, links only to places
    on the page) lead to. Asked once a page, of the few blocks dropped. A bar of skip links
    is no table of contents (``_skip_bar``)."""
    lists = [el for el in doomed if page_contents(el)]
    names = [(a.get("href") or "")[1:] for el in lists if not _skip_bar(el, root)
             for a in el.iter("a") if (a.get("href") or "").startswith("#")]
    if names:
        root.set(LISTED_ATTR, " ".join(n for n in names if n and " " not in n))


def _skip_bar(el: HtmlElement, root: HtmlElement) -> bool:
    """Whether ``el``, links to places on the page, leads to one that is no section's: a
    bar of skip links ("Skip to content", "Comments", "Related posts") leads first to the
    content's container, past the chrome, then to the thread's and the related posts'
    headings; a table of contents leads only to its sections' headings (a heading, an
    anchor in or right before one, a section opening with one). Such a bar names no part
    of the document: the comments and related posts it leads to stay chrome."""
    for a in el.iter("a"):
        name = (a.get("href") or "")[1:]
        if not name or " " in name:
            continue
        place = next(iter(root.xpath("//*[@id=$n or (self::a and @name=$n)]", n=name)), None)
        if place is not None and not _sections_place(place):
            return True
    return False


def _sections_place(place: HtmlElement) -> bool:
    """Whether ``place`` (an element a link to the page leads to) is a section's: a heading,
    in one, an empty anchor right before one, or a block whose first element is one."""
    if place.tag in _HEADINGS or any(True for _ in place.iterancestors(*_HEADINGS)):
        return True
    nxt = place.getnext()
    if not (place.text or "").strip() and len(place) == 0 and nxt is not None \
            and nxt.tag in _HEADINGS:
        return True
    first = _first_element(place)
    return first is not None and first.tag in _HEADINGS


def listed_in_contents(heading: HtmlElement, content: HtmlElement) -> bool:
    """Whether ``heading`` (the content's last) is linked, by its id, from a list of the
    page (``ul``/``ol``) whose links lead to at least ``LISTED_MIN_SECTIONS`` headings of
    the content, every link of it to a place on the page: the page's own table of contents,
    which lists the heading among the document's sections. A skip link ("Jump to
    comments"), a share bar or a list of other pages' stories is no such list."""
    name = heading.get("id") or next(
        (a.get("id") or a.get("name") for a in heading.iter("a")
         if a.get("id") or a.get("name")), None)
    if not name:
        return False
    heads = {h.get("id") for h in content.iter(*_HEADINGS) if h.get("id")}
    heads.update(a.get("id") or a.get("name") for h in content.iter(*_HEADINGS)
                 for a in h.iter("a") if a.get("id") or a.get("name"))
    root = content.getroottree().getroot()
    noted = set(root.get(LISTED_ATTR, "").split())  # (a contents list dropped as chrome)
    if name in noted and len(noted & heads) >= LISTED_MIN_SECTIONS:
        return True
    for link in root.iter("a"):
        if link.get("href") != "#" + name:
            continue
        lst = next(link.iterancestors("ul", "ol"), None)
        links = list(lst.iter("a")) if lst is not None else _line_broken_run(link)
        if not links:
            continue
        targets = [(a.get("href") or "") for a in links]
        if all(t.startswith("#") for t in targets) and \
                len({t[1:] for t in targets} & heads) >= LISTED_MIN_SECTIONS:
            return True
    return False


LINE_BROKEN_LISTS = True
"""Whether a run of links one per line (``<a>`` ``<br>`` ``<a>``, no list element) can be
the page's contents list, as a ``ul`` can: groff's and man2html's manual pages list their
sections so at their top ("NAME", "DESCRIPTION", "SEE ALSO", each a link and a break)."""


def _line_broken_run(link: HtmlElement) -> list[HtmlElement]:
    """The links of the run ``link`` is in when it is a list written as lines: its siblings
    before and after it that are links or line breaks with nothing but white space between
    them. A link inside a sentence, or beside other text, is in no such run (none)."""
    if not LINE_BROKEN_LISTS or (link.tail or "").strip():
        return []
    run = [link]
    for step in (link.itersiblings(preceding=True), link.itersiblings()):
        for sib in step:
            if not isinstance(sib.tag, str) or sib.tag not in ("a", "br") or \
                    (sib.tail or "").strip():
                break
            if sib.tag == "a":
                run.append(sib)
    return run if len(run) >= LISTED_MIN_SECTIONS else []
