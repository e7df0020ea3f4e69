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

import re

from lxml.html import HtmlElement

from ._signals import _class_weight
from ._stats import _TYPED_NAME_RE, _link_density, _Stats
from ._text import text_content
from ._tokens import _tokens_of
from ._tree import _HEADINGS, GLUED_CODE_RE, _first_element

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
_PAGE_SUFFIXES = (".html", ".htm")
_BINDING_RE = re.compile(r"\s*[A-Za-z_$][\w$]*\??\s*:\s*(\S[^\n]{0,200})$")
"""A parameter's binding, its name and its type ("obj: any", "seed?: R"), as an item of an
entry's parameter list opens."""


def _binding(text: str) -> bool:
    """Whether ``text`` is a parameter's binding (``_BINDING_RE``) whose type reads as code:
    one word ("any", "SchedulerLike") or glued as code is (``GLUED_CODE_RE``:
    "OperatorFunction<T, R>"). A thread's "anna: great post" says words."""
    match = _BINDING_RE.match(text)
    if match is None:
        return False
    kind = match.group(1).strip()
    return " " not in kind or GLUED_CODE_RE.search(kind) is not None
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
    removed in v8.", a deprecation note whose one link is a fifth of its words)."""
    weight = _class_weight(el)
    return 0.0 if weight < 0 and doc_comment(el, st) else weight


def doc_comment(el: HtmlElement, st: _Stats) -> bool:
    """Whether ``el``, whose class names a comment, is a documentation comment: prose
    (``DOC_COMMENT_MIN_CHARS``, little of it linked), with nothing of a thread's
    (``_thread_signs``), and no item of a list (a thread's comments are its items)."""
    tokens = _tokens_of(el.get("class") or "")
    if _COMMENT_TOKEN not in tokens or tokens & _THREAD_TOKENS:
        return False
    if st.text < DOC_COMMENT_SHORT_MIN_CHARS or (
            st.text < DOC_COMMENT_MIN_CHARS and not _under_entry_name(el)
            and not _names_listed(el)) or \
            (_link_density(st) > DOC_COMMENT_MAX_LINK_DENSITY and not _mostly_names(el, st)):
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
    item led by its binding (``_BINDING_RE``: "obj: any"). A thread's heading
    says its own word ("Comments", ``_THREAD_TOKENS``), or a post's title, words."""
    node = el.getparent()
    for _ in range(ENTRY_NAME_MAX_LEVELS):
        if node is None:
            return False
        first = _first_element(node)
        if node.tag == "li" and first is not None and first.tag not in _HEADINGS and \
                _binding(text_content(first)):
            return True  # (a parameter's item, led by its binding: "obj: any")
        if first is not None and first.tag in _HEADINGS and first.get("id"):
            ident = (first.get("id") or "").lower()
            if ident in _THREAD_TOKENS or ident == _COMMENT_TOKEN:
                return False
            pieces = [first.text or ""] + [text_content(c) for c in first]
            return any(ident in (n.lower() for n in _NAME_RE.findall(piece))
                       for piece in pieces if " " not in piece.strip())
        node = node.getparent()
    return False


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


def _named_page(a: HtmlElement, text: str) -> bool:
    """Whether the link ``a`` goes to the page named after its text, as written
    (``<a href="../functions/first.html">first</a>``: a generator names an item's page by
    its name); a site's slugs are its words in lower case (``/tags/javascript``), a
    profile's a user's id."""
    path = (a.get("href") or "").partition("#")[0].partition("?")[0]
    stem = path.rsplit("/", 1)[-1]
    return stem.endswith(_PAGE_SUFFIXES) and stem.rsplit(".", 1)[0] == text


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
