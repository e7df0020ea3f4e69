"""A documentation comment: the prose a class name calls a "comment" that is no comment thread.

API generators name an entry's description after the source comment it comes from (TypeDoc's
``div.tsd-comment``, a doc comment's summary, examples and notes), and "comment" is a token of
the boilerplate family (``_tokens._BOILER_TOKENS``: a blog's comment thread). A thread shows
its readers: each comment has a name, a date (``<time>``), an avatar, a "Reply" link, a form
to add one, and the comments are items of a list, several alike. A description has none of
these: it is a block of the writer's prose or code (its summary, then a block a tag: "See",
"Example"), no item of a list.
"""

from __future__ import annotations

import itertools
import re

from lxml.html import HtmlElement

from ._blocktags import block_tags
from ._decl import _KEYWORD_RE, declaration_line
from ._signals import _class_weight
from ._stats import _TYPED_NAME_RE, _link_density, _Stats
from ._text import text_content
from ._tokens import _tokens_of
from ._tree import (
    _HEADINGS,
    GLUED_CODE_RE,
    _collapsed_text,
    _first_element,
    _is_ancestor,
)
from ._tree import named_page as _named_page

DOC_COMMENT_MIN_CHARS = 40
"""A description says a sentence at least; "5 comments", a post's count, does not."""
DOC_COMMENT_SHORT_MIN_CHARS = 12
"""... or, under an entry's name (``_under_entry_name``), a short line ("The value of the
notification."): a member's description is often that."""
NAMES_LISTED_MIN = 2
"""... or, listing an API's names (``_names_listed``), this many at least."""
ENTRY_NAME_MAX_LEVELS = 3
"""Ancestors up to which a description's entry is looked for (its signature's item, the
signature list, the member's section)."""
_NAME_RE = re.compile(r"[A-Za-z_$][\w$]*")
_BINDING_RE = re.compile(r"\s*[A-Za-z_$][\w$]*\??\s*:\s*(\S[^\n]{0,200})$")
"""A parameter's binding, its name and its type ("obj: any", "seed?: R"), as an item of an
entry's parameter list opens."""


_FUNCTION_TYPE_RE = re.compile(r"\([^()]*\)\s*=>\s*\S")
"""A function's type as TypeScript writes it: its parameters, an arrow, what it returns
("(value: T) => void", "() => void")."""


def _binding(text: str) -> bool:
    """Whether ``text`` is a parameter's binding (``_BINDING_RE``) whose type reads as code:
    one word ("any", "SchedulerLike"), glued as code is (``GLUED_CODE_RE``:
    "OperatorFunction<T, R>") or a function's type (``_FUNCTION_TYPE_RE``: "(value: T) =>
    void"). A thread's "anna: great post" says words."""
    match = _BINDING_RE.match(text)
    if match is None:
        return False
    kind = match.group(1).strip()
    return " " not in kind or GLUED_CODE_RE.search(kind) is not None or \
        _FUNCTION_TYPE_RE.match(kind) is not None
DOC_COMMENT_MAX_LINK_DENSITY = 0.3
"""Most of a description is prose or code, not links ("Leave a comment", "Comments (3)")."""
DOC_COMMENT_MAX_ALIKE = 2
"""A description is one block, or two (its summary, then its tags' block: "See", "Deprecated");
a thread's comments are more blocks alike ("Reader 1 says: ...", "Reader 2 says: ...")."""
_COMMENT_TOKEN = "comment"
_THREAD_TOKENS = frozenset(("comments", "respond", "reply", "disqus", "commentlist",
                            "comment-list", "comment-author", "comment-meta"))
"""The thread's own words, on the block or inside it."""
_THREAD_TAGS = ("time", "form", "textarea", "input", "button")
"""What a reader's comment shows (its date) or offers (a form to reply)."""
AVATAR_MAX_PX = 100
"""An avatar is drawn small (``width="48"``); a picture of the text (a diagram) is not."""
_AVATAR_TOKENS = frozenset(("avatar", "gravatar", "photo", "userpic", "profile"))
_BLOCK_TAGS = frozenset(("div", "section"))
"""A description is a block of its entry; a comment in a ``span`` is a line of a thread."""
_ITEM_TAGS = frozenset(("li", "article", "dd"))
_LIST_TAGS = frozenset(("ol", "ul", "dl"))
"""A thread's comments are the items of a list; a description is a block of its entry."""
_REPLY_RE = re.compile(r"^\s*(reply|respond|report|quote)\b", re.I)


def block_weight(el: HtmlElement, st: _Stats) -> float:
    """``el``'s class weight (``_signals._class_weight``), as prune weighs a block of links:
    none for a documentation comment (``doc_comment``), which the word "comment" in its
    class would otherwise count as a thread's ("Renamed to <a>asapScheduler</a>. Will be
    removed in v8.", a deprecation note whose one link is a fifth of its words); nor for
    its block tags (``_blocktags.block_tags``: "Returns:", "See Also:"), which the word
    "tags" in its class would count as a tag cloud's, as boilerplate removal does not."""
    weight = _class_weight(el)
    return 0.0 if weight < 0 and (doc_comment(el, st) or block_tags(el, st)) else weight


def doc_comment(el: HtmlElement, st: _Stats) -> bool:
    """Whether ``el``, whose class names a comment, is a documentation comment: prose
    (``DOC_COMMENT_MIN_CHARS``, little of it linked), with nothing of a thread's
    (``_thread_signs``), and no item of a list (a thread's comments are its items)."""
    tokens = _tokens_of(el.get("class") or "")
    if _COMMENT_TOKEN not in tokens or tokens & _THREAD_TOKENS:
        return False
    tag = False  # (a tag's block of names: its links are judged by ``_description_tag``)
    if st.text < DOC_COMMENT_MIN_CHARS:
        tag = _description_tag(el)
        if not tag and not (st.text >= DOC_COMMENT_SHORT_MIN_CHARS and (
                _under_entry_name(el) or _names_listed(el) or under_entry_title(el))):
            return False
    if not tag and _link_density(st) > DOC_COMMENT_MAX_LINK_DENSITY and \
            not _mostly_names(el, st):
        return False
    if el.tag not in _BLOCK_TAGS:
        return False
    parent = el.getparent()
    if el.tag in _ITEM_TAGS or (parent is not None and parent.tag in _LIST_TAGS):
        return False
    if parent is not None and sum(1 for sib in parent
                                  if sib.get("class") == el.get("class")) > DOC_COMMENT_MAX_ALIKE:
        return False
    return not _thread_signs(el)


def _under_entry_name(el: HtmlElement) -> bool:
    """Whether ``el`` is in an API's entry: one of its ``ENTRY_NAME_MAX_LEVELS`` ancestors
    opens with a heading anchored by the name it says (``<h3 id="kind">kind</h3>``, its
    marks beside it: "Readonly meta"), as generators anchor a member, or is a parameter's
    item led by its binding (``_BINDING_RE``: "obj: any") or an overload's led by its
    signature (``_decl.declaration_line``: code, each link a name). A thread's heading
    says its own word ("Comments", ``_THREAD_TOKENS``), or a post's title, words."""
    node = el.getparent()
    for _ in range(ENTRY_NAME_MAX_LEVELS):
        if node is None:
            return False
        first = _first_element(node)
        if node.tag == "li" and first is not None and first.tag not in _HEADINGS and \
                (_binding(text_content(first)) or _signature_lead(first)):
            return True  # (a parameter's item, led by its binding: "obj: any"; an
            # overload's, led by its signature: "new Notification<T>(kind: "N")")
        if first is not None and first.tag in _HEADINGS and first.get("id"):
            ident = (first.get("id") or "").lower()
            if ident in _THREAD_TOKENS or ident == _COMMENT_TOKEN:
                return False
            pieces = [first.text or ""] + [text_content(c) for c in first]
            return any(ident in (n.lower() for n in _NAME_RE.findall(piece))
                       for piece in pieces if " " not in piece.strip())
        node = node.getparent()
    return False


ENTRY_HEAD_SPAN = 2
"""How many siblings before a description its entry's head (its title, its declaration) is
looked for in; one after."""


def under_entry_title(el: HtmlElement) -> bool:
    """Whether ``el`` is an entry's short description set under its page's title, beside
    the declaration of the name the title says: "Valid observable notification types.",
    between the title "Type Alias ObservableNotification&lt;T&gt;" and its declaration
    "ObservableNotification: NextNotification&lt;T&gt; | ...", or after both. Among the
    ``ENTRY_HEAD_SPAN`` siblings before ``el`` and the one after, one is (or holds) the page's
    first ``h1`` and one is a line of code (``_decl.declaration_line``) declaring a name that
    heading says (``_declared_name``); a description alone in its panel is read as its
    panel (up to ``ENTRY_HEAD_SPAN`` levels). Guards: a comment thread is no neighbour of a page's
    title, and a post's code names no word of the post's title as the name it declares."""
    title = next(el.getroottree().getroot().iter("h1"), None)
    if title is None:
        return False
    said = set(_NAME_RE.findall(text_content(title)))
    for _ in range(ENTRY_HEAD_SPAN):  # (a description alone in its panel: the panel's)
        parent = el.getparent()
        if parent is None or sum(1 for c in parent if isinstance(c.tag, str)) != 1:
            break
        el = parent
    near = [n for n in itertools.islice(el.itersiblings(preceding=True), ENTRY_HEAD_SPAN)]
    after = el.getnext()
    if after is not None:
        near.append(after)
    near = [n for n in near if isinstance(n.tag, str)]
    return any(n is title or _is_ancestor(n, title) for n in near) and any(
        _declared_name(n) in said for n in near if n is not title)


def _declared_name(el: HtmlElement) -> str | None:
    """The name the line ``el`` declares, when it is a declaration's line
    (``_decl.declaration_line``): its first name but a declaration's keyword
    ("interface Subscribable&lt;T&gt; {", "ObservableNotification: | ...")."""
    if not declaration_line(el):
        return None
    for name in _NAME_RE.findall(text_content(el)):
        if _KEYWORD_RE.fullmatch(name) is None:
            return name
    return None


_TAG_WORDS = frozenset(("see", "example", "examples", "returns", "return", "throws", "since",
                        "deprecated", "remarks", "note", "param", "parameters", "default"))
"""The names of a doc comment's block tags, as JSDoc, TSDoc, Javadoc and Doxygen write them
(``@see``, ``@returns``, ``@since``) and their generators title the tag's block."""
_LISTED_NAME_RE = re.compile(r"[A-Za-z_$][\w$./#-]*(?:\(\))?")
"""A name as a "See" tag lists it: "from", "operators/single", "Observable#pipe"."""
TAG_HEADING_DEPTH = 2
"""How deep in its block a tag's heading is looked for (``div.comment > div.tag > h4``)."""


def in_description_tag(el: HtmlElement) -> bool:
    """Whether ``el`` is (or is in, ``TAG_HEADING_DEPTH`` levels up at most) the block of a
    description's tag listing names (``_description_tag``), which a class names a comment:
    the list of "See" names is the description's, as prune would otherwise judge its links
    ("from", "of": words no program alone writes, linked to their pages)."""
    node: HtmlElement | None = el
    for _ in range(TAG_HEADING_DEPTH + 1):
        if node is None:
            return False
        if _COMMENT_TOKEN in _tokens_of(node.get("class") or "") and _description_tag(node):
            return True
        node = node.getparent()
    return False


def _description_tag(el: HtmlElement) -> bool:
    """Whether ``el`` is the block of a description's tag that lists names: a heading of a
    block tag's name (``_TAG_WORDS``: "See") over names alone, linked or not ("from", "of";
    "operators/single": ``_LISTED_NAME_RE``), each link a name as code writes it, to the page
    named after it or to a place on the page (a member's entry), after the description it
    ends (a sibling before it of its class, a description by its length and no thread's
    marks). A tag's
    block is short: "See from of" is shorter than any sentence. Guards: a thread's reply
    under its author's name ("Bob", no tag's name) or saying words ("Me too") is no tag's;
    a tag's block alone, no description before it, is not either."""
    heading = _first_element(el)
    for _ in range(TAG_HEADING_DEPTH):
        if heading is None or heading.tag in _HEADINGS:
            break
        heading = _first_element(heading)
    if heading is None or heading.tag not in _HEADINGS or \
            _collapsed_text(heading).lower() not in _TAG_WORDS:
        return False
    names = 0
    for piece in el.itertext():
        piece = piece.strip()
        if not piece:
            continue
        if names == 0 and piece == _collapsed_text(heading):
            names = -1  # (the heading's own word, first)
            continue
        if names == 0 or _LISTED_NAME_RE.fullmatch(piece) is None:
            return False
        names = max(names, 0) + 1
    links = [(a, text_content(a).strip()) for a in el.iter("a")]
    if names < 1 or not all(_TYPED_NAME_RE.search(t) or _named_page(a, t) or
                            (a.get("href") or "").startswith("#") for a, t in links if t):
        return False
    cls = el.get("class")
    return any(sib.get("class") == cls and len(text_content(sib).strip()) >= DOC_COMMENT_MIN_CHARS
               and not _thread_signs(sib) for sib in el.itersiblings(preceding=True))


def _signature_lead(first: HtmlElement) -> bool:
    """Whether ``first``, the first element of an item, is an overload's signature
    (``_decl.declaration_line``: "new Notification&lt;T&gt;(kind: "N", value?: T)", code,
    each link a name): its description after it is the overload's ("Creates a "Next"
    notification object."), however short. A thread's item opens with its reader's name, or
    a line of words."""
    return declaration_line(first)


def _mostly_names(el: HtmlElement, st: _Stats) -> bool:
    """Whether what ``el`` links is mostly the API's names, one word of code each ("Renamed
    to <a>ObservedValueUnionFromArray</a>.": ``_stats._TYPED_NAME_RE``), its words besides
    them prose (``DOC_COMMENT_MAX_LINK_DENSITY``). A thread's links are words: "Reply",
    "Leave a comment", a commenter's name."""
    worded = 0
    for a in el.iter("a"):
        text = text_content(a).strip()
        if not (len(text.split()) == 1 and (_TYPED_NAME_RE.search(text) or _named_page(a, text))):
            worded += len(text)
    return worded <= DOC_COMMENT_MAX_LINK_DENSITY * st.text


def _names_listed(el: HtmlElement) -> bool:
    """Whether ``el`` lists an API's names (a description's "See" tag: "See <a>scan</a>
    <a>mergeScan</a>"): ``NAMES_LISTED_MIN`` links at least, each one word, a name as code
    writes it or linked to the page named after it (``_named_page``). A thread's links are
    words and people ("Reply", a commenter's profile)."""
    links = [(a, text_content(a).strip()) for a in el.iter("a")]
    links = [(a, t) for a, t in links if t]
    return len(links) >= NAMES_LISTED_MIN and all(
        len(t.split()) == 1 and (_TYPED_NAME_RE.search(t) or _named_page(a, t))
        for a, t in links)


def _thread_signs(el: HtmlElement) -> bool:
    """A thread's marks inside ``el``: a date, a form, an avatar (``_avatar``), a "Reply"
    link, a class of the thread's own words (``_THREAD_TOKENS``), or a lead in a link (the
    commenter's name, linked to their profile: "<a>alice</a> wrote: great post")."""
    if next(el.iter(*_THREAD_TAGS), None) is not None or _led_by_link(el) or \
            any(_avatar(img, el) for img in el.iter("img")):
        return True
    for a in el.iter("a"):
        if _REPLY_RE.match(text_content(a)):
            return True
    return any(_tokens_of(node.get("class") or "") & _THREAD_TOKENS
               for node in el.iter() if isinstance(node.tag, str) and node.get("class"))


def _led_by_link(el: HtmlElement) -> bool:
    """Whether the first words of ``el`` are a link's."""
    if (el.text or "").strip():
        return False
    for node in el.iterdescendants():
        if not isinstance(node.tag, str):
            continue
        if node.tag == "a":
            return bool(text_content(node).strip())
        if (node.text or "").strip():
            return False
        if (node.tail or "").strip():
            return False
    return False


def _avatar(img: HtmlElement, block: HtmlElement) -> bool:
    """Whether ``img`` is a commenter's avatar: linked (to the commenter's profile), drawn
    small (``AVATAR_MAX_PX``), or named so by its class or address (``_AVATAR_TOKENS``).
    A description's picture (a diagram in a paragraph of its own) is none of these.
    ``block``: the comment ``img`` is in (a link is looked for up to it)."""
    for up in img.iterancestors():
        if up.tag == "a":
            return True
        if up is block:
            break
    for side in ("width", "height"):
        value = (img.get(side) or "").strip().removesuffix("px")
        if value.isdigit() and int(value) <= AVATAR_MAX_PX:
            return True
    names = " ".join(v for v in (img.get("class"), img.get("src")) if v).lower()
    return any(token in names for token in _AVATAR_TOKENS)
