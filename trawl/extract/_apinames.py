"""A list of an API's names inside one of its entries (a class's "Inherited Members": a
line per base class, and the names of the members it lends, each linked to its entry; a
template's "Specializations"). Prune judges blocks by their links, and these are nothing
but links: the names are the entry's text, however linked. ``_prune`` asks this of the
blocks it would drop."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._doccomment import in_description_tag
from ._memberindex import member_index
from ._stats import _TYPED_NAME_RE, _Stats
from ._text import text_content
from ._tree import _HEADINGS, ANCHOR_PART_RE, _collapsed_text

API_NAMES_MIN = 2
"""Links a list of names has at least (a template's two specializations)."""
ENTRY_MIN_CHARS = 40
"""Text of its own (not links) the entry around the list says at least (its docstring's
first sentence): a sidebar of links says nothing besides them."""
ENTRY_MAX_LEVELS = 3
"""Ancestors up to which the entry is looked for (the list, its wrapper, its subsection,
the entry's section): a sidebar beside a story is in the page, not in an entry."""
_STRONG_NAME_RE = re.compile(r"::|\(\)|\w_\w|\w<\w[^<>]*>")
"""A name only a program writes: scoped, called, underscored, or a template's
(``value_semantic_codecvt_helper<char>``); not a word with a dot or a capital inside
(``Node.js``, ``JavaScript``), which a list of a blog's tags has."""


def names_in_entry(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``el`` is a list of an API's names (see ``_names_link``; ``API_NAMES_MIN``
    links at least, all of them names, one at least written as only a program writes
    one), or a type's hierarchy (``_type_tree``), inside an entry that says
    ``ENTRY_MIN_CHARS`` of its own besides; or the page's index of its members
    (``_memberindex.member_index``); or a description's "See" block of names, whatever
    words they are (``_doccomment.in_description_tag``). A "related posts" list is
    headlines, a list of tags is words ("Politics", "Node.js") linked to pages, not to a
    name's place, and a sidebar of a site's pages is no entry's."""
    # (a link of no text, an icon, is a heading's permalink: it names nothing)
    links = [a for a in el.iter("a") if a.get("href") and _collapsed_text(a)]
    if links and all(_names_link(a) for a in links) and (
            (len(links) >= API_NAMES_MIN and _in_entry(el, stats) and
             any(_TYPED_NAME_RE.search(_collapsed_text(a)) for a in links))
            or in_description_tag(el)):
        return True
    # (else a hierarchy's subtree, the type's children, names too: it is judged whole)
    tree = _outermost_list(el)
    return (_type_tree(tree) and _in_entry(tree, stats)) or member_index(el)


_LIST_TAGS = ("ul", "ol")
_TYPE_RE = re.compile(r"[A-Za-z_$][\w$.]*(?:<[\w$ ,.<>\[\]|]*>)?")
"""A type as a hierarchy's item writes it: a name, its type parameters after it
(``Observable<T>``)."""
TYPE_TREE_MAX_ITEMS = 200
"""Items a type's hierarchy has at most (its parents and its children)."""


def _type_tree(el: HtmlElement) -> bool:
    """Whether ``el`` is a type's hierarchy, under its heading or alone: a list (nested: its
    parents over it, its children under it) whose every item is a type (``_TYPE_RE``),
    the others' each linked by its name to the page named after it
    (``<a href="SubscriptionLike.html">SubscriptionLike</a>``) and one, the type the entry
    is about, set apart unlinked. A navigation tree links its page too (marked "current");
    a list of tags or of a site's pages is words, not types."""
    body = [c for c in el if isinstance(c.tag, str) and c.tag not in _HEADINGS]
    tree = el if el.tag in _LIST_TAGS else body[0] if len(body) == 1 else None
    if tree is None or tree.tag not in _LIST_TAGS or (tree is not el and (el.text or "").strip()):
        return False
    own = linked = 0
    for n, item in enumerate(tree.iter("li")):
        parts = [c for c in item if isinstance(c.tag, str) and c.tag not in _LIST_TAGS]
        said = " ".join("".join([item.text or ""] + [text_content(c) + (c.tail or "")
                                                     for c in parts]).split())
        if n >= TYPE_TREE_MAX_ITEMS or _TYPE_RE.fullmatch(said) is None:
            return False
        links = [a for c in parts for a in c.iter("a")]
        if not links:
            own += 1
        elif _page_named(links[0], said):
            linked += 1
        else:
            return False
    return own == 1 and linked >= 1


def _outermost_list(el: HtmlElement) -> HtmlElement:
    """The outermost list ``el`` is in (itself, when in none)."""
    node = el
    while (parent := node.getparent()) is not None and parent.tag in ("li", *_LIST_TAGS):
        node = parent
    return node


def _page_named(a: HtmlElement, said: str) -> bool:
    """Whether the link ``a`` opens the item ``said`` with its name, and goes to the page
    named after it (``classes/Subject.html`` for "Subject<T>")."""
    name = _collapsed_text(a)
    page = (a.get("href") or "").partition("#")[0].rpartition("/")[2].partition(".")[0]
    return bool(name) and said.startswith(name) and page == name


def _in_entry(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether one of the ``ENTRY_MAX_LEVELS`` nearest ancestors of ``el`` says
    ``ENTRY_MIN_CHARS`` of its own besides ``el`` (not links): the entry's text."""
    own = stats[el].text - stats[el].links
    node = el.getparent()
    for _ in range(ENTRY_MAX_LEVELS):
        if node is None or node not in stats:
            return False
        st = stats[node]
        if st.text - st.links - own >= ENTRY_MIN_CHARS:
            return True
        node = node.getparent()
    return False


def _names_link(a: HtmlElement) -> bool:
    """Whether the link ``a`` names an API's item: its text is a name its target's anchor
    is made of (``<a href="message.html#Message.policy">policy</a>``: generators anchor an
    entry by its name; a constructor's, ``#Base.__init__``, by its class's), or it is
    written as only a program writes a name (see ``_STRONG_NAME_RE``: "Class
    value_semantic_codecvt_helper&lt;char&gt;")."""
    text = _collapsed_text(a)
    if not text:
        return False
    fragment = (a.get("href") or "").partition("#")[2]
    part = _last_part(text)
    if fragment and part and " " not in text and part in ANCHOR_PART_RE.split(fragment):
        return True
    if " " not in text and _page_named(a, text):  # (its page named after it: first.html)
        return True
    return len(text.split()) <= 2 and _STRONG_NAME_RE.search(text) is not None


def _last_part(name: str) -> str:
    """The last part of a scoped name (``email.message.Message``: ``Message``)."""
    parts = [p for p in ANCHOR_PART_RE.split(name) if p]
    return parts[-1] if parts else ""


def members_of_api(sections: list[HtmlElement]) -> bool:
    """Whether ``sections`` (a document's parts, each listing names: one word a link) name
    an API's members: one of their links at least is written as only a program writes a
    name (``_STRONG_NAME_RE``: ``gtk_expression_bind``, ``Widget::show()``). A class's
    page lists its methods, descendants and interfaces so, beside its description, however
    long that is; a blog's sections of tags ("Python", "Node.js") name no program's item."""
    return any(_STRONG_NAME_RE.search(_collapsed_text(a)) is not None
               for sec in sections for a in sec.iter("a") if a.get("href"))
