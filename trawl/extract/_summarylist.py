"""A reference page's summary of its members: a list whose items each link, by the member's
signature, to the member's entry further down the same page, and say in a line what it
does.

YARD writes a class's "Instance Method Summary" so: ``<li><span><a href="#delete-instance_
method">#<strong>delete</strong>(key) ⇒ void</a></span><span><p>Deletes an object at a
given path.</p></span></li>``, one item a method. Half its text is links, so prune took the
list for a menu and it went (RegistryStore.html 88 %; about forty pages under 95 %). A
list of the page's own entries, each named as code and described, is the page's index of
itself, as a table of contents is; a menu's links lead elsewhere and say words ("Home",
"Pricing"), and a list of comments or of other stories names people and titles, not code.
An undocumented class's summary has no lines, only signatures (``._load(str) ⇒ Object``):
its heading, "Instance Method Summary", says what it is (session 19).
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from lxml.html import HtmlElement

from ._kindlist import kind_list
from ._tochead import names_contents
from ._tree import _HEADINGS, GLUED_CODE_RE, _collapsed_text

SUMMARY_DESCRIPTION_MIN_WORDS = 3
"""What a member's line says besides its signature ("Deletes an object at a given path.")."""
SUMMARY_DESCRIBED_SHARE = 0.5
"""The share of a summary's members, at least, described beside their signatures."""
_SIGIL_NAME_RE = re.compile(r"[#.:]{1,2}(?:[A-Za-z_]\w*[?!=]?|[-+*/%<>=!~^&|\[\]]{1,3})"
                            r"(?:[\s(]|$)")
"""A member named as its language's documentation writes it: ``#delete`` (an instance
method), ``.new`` or ``::new`` (a class method), the name alone after its sigil; or an
operator the class defines (``#==(other)``, ``#[](*args)``, ``#<=>``)."""
_LISTS = frozenset(("ul", "ol"))


def member_summary(el: HtmlElement) -> bool:
    """Whether ``el`` is a list (``ul``, ``ol``) of a page's members' summaries: each item
    opens its links with one to a place on this page that exists (``_entry_on_page``; its
    description may link to other pages after it), its text a signature (``_names_code``:
    ``#delete(key) ⇒ void``, ``#checksums ⇒ Object``), and ``SUMMARY_DESCRIBED_SHARE`` of
    the items or more say ``SUMMARY_DESCRIPTION_MIN_WORDS`` words or more beside it (an
    undocumented member's line has none). Guard: a list of comments or of a page's
    sections names people and titles in words, and a menu's links lead to other pages.
    A module's list of its members by kind, each on a page of its own, is its summary too
    (``_kindlist.kind_list``: "Classes" over one name, brief 101)."""
    if kind_list(el):
        return True
    counted = _member_items(el)
    if counted is None:
        return False
    items, described = counted
    return described >= SUMMARY_DESCRIBED_SHARE * items or _summary_heading(el) or \
        _group_of_signatures(el)


def _member_items(el: HtmlElement) -> tuple[int, int] | None:
    """How many items the list ``el`` has and how many of them are described, when each
    opens its links with one to a place on this page that exists, its text a signature
    (see ``member_summary``); else None."""
    if el.tag not in _LISTS or not len(el):
        return None
    ids: set[str] | None = None  # (the page's ids, read once, when a link asks)
    items = described = 0
    for item in el:
        if not isinstance(item.tag, str):
            continue
        link = next(item.iter("a"), None)
        if item.tag != "li" or link is None or not (link.get("href") or "").startswith("#"):
            return None  # (asked first: most lists link other pages, and read no ids)
        if ids is None:
            ids = {str(i) for i in el.getroottree().getroot().xpath("//@id")}
        signature = _collapsed_text(link)
        if not _entry_on_page(link, ids) or not _names_code(signature):
            return None
        items += 1
        rest = len(_collapsed_text(item).split()) - len(signature.split())
        described += rest >= SUMMARY_DESCRIPTION_MIN_WORDS
    return (items, described) if items else None


SUMMARY_HEADING_WORDS = frozenset(("summary",))
"""What a heading over a list of a page's members says it is ("Instance Method Summary",
"Method Summary", "Field Summary"); a table of contents is "Contents", "On this page"."""


def _summary_heading(el: HtmlElement) -> bool:
    """Whether the list ``el`` follows a heading (its previous sibling element) that calls
    it a summary (``SUMMARY_HEADING_WORDS``): a list of members' signatures without a line
    on what each does (an undocumented class's "Instance Method Summary": ``._load(str) ⇒
    Object`` and an empty description) is then the page's content, as a described one is.
    Guard: a table of contents of the same links, the entries' headings said again, is
    headed "Contents" or "On this page"; a "Jump to" menu names sections in words, which
    ``_names_code`` refuses."""
    heading = _heading_before(el)
    return heading is not None and \
        not SUMMARY_HEADING_WORDS.isdisjoint(_collapsed_text(heading).lower().split())


def _heading_before(el: HtmlElement) -> HtmlElement | None:
    """The heading that is ``el``'s previous sibling element, if it is one."""
    heading = el.getprevious()
    while heading is not None and not isinstance(heading.tag, str):
        heading = heading.getprevious()
    return heading if heading is not None and heading.tag in _HEADINGS else None


_RETURNS_RE = re.compile(r"\S\s*(?:⇒|→|->)\s*\S")
"""A signature's return type after its arrow (``#block ⇒ Object``, ``load() -> str``)."""
_PARAMETERS_RE = re.compile(r"[\w\]=?!]\(\s*[^\s)]")
"""A signature's parameters (``#method_name(name_only = false)``): a table of contents'
entry names a function with empty brackets (``load()``), if any."""


def _group_of_signatures(el: HtmlElement) -> bool:
    """Whether the list ``el`` is a group of a class's members under the group's name
    ("Managing node state", "Parser callbacks": YARD heads a summary so when the source
    groups its methods), each item a whole signature (``_whole_signature``). Guard: a
    table of contents of the same links is headed as one ("On this page", "Contents":
    ``_tochead.names_contents``), and its entries name members, no whole signatures."""
    heading = _heading_before(el)
    if heading is None or names_contents(heading):
        return False
    return all(_whole_signature(item) for item in el if isinstance(item.tag, str))


def _whole_signature(item: HtmlElement) -> bool:
    """Whether the first link of the list item ``item`` is a member's whole signature: its
    return type (``#call? ⇒ Boolean``) or its parameters beside its name."""
    link = next(item.iter("a"), None)
    text = "" if link is None else _collapsed_text(link)
    return _RETURNS_RE.search(text) is not None or _PARAMETERS_RE.search(text) is not None





def _names_code(signature: str) -> bool:
    """Whether a link's text is a member's signature: a name glued to its arguments or
    scope (``GLUED_CODE_RE``), or a name after its language's sigil (``#delete``)."""
    return GLUED_CODE_RE.search(signature) is not None or \
        _SIGIL_NAME_RE.match(signature) is not None


def _entry_on_page(a: HtmlElement, ids: set[str]) -> bool:
    """Whether the link ``a`` leads to an element of this page (``#id``, the id among the
    page's ``ids``)."""
    href = a.get("href") or ""
    # (``#empty%3F-instance_method`` leads to ``id="empty?-instance_method"``)
    return href.startswith("#") and len(href) > 1 and unquote(href[1:]) in ids


def summary_after(node: HtmlElement, parent: HtmlElement) -> bool:
    """Whether ``node`` is a class's description that ``parent``, the class's page, follows
    with a list of its members (``_member_items``: the page's members, each its signature
    linked to its entry on the page, described or not, under "Method Summary" or a group's
    name, "Parser callbacks"): the climb (``_whole.whole``) goes on to the page. A long
    description (a guide to the directive the class implements, with its own sections)
    outscores the rest of the page, the facts under the title, the examples, the summary
    and each member's entry (YARD's ``Tags/MacroDirective.html``, 71.7 %). Guard: the
    signatures; a list after a story of its comments or of its sections names people and
    titles in words, no members."""
    after = False
    for child in parent:
        if child is node:
            after = True
        elif after and child.tag in _LISTS and _member_items(child) is not None:
            return True
    return False
