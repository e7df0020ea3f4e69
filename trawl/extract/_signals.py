"""What an element's tag, class, id and role say about it: the token families of
boilerplate and content, class weights, and small text helpers the main-content passes share.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise
from typing import NamedTuple

from lxml.html import HtmlElement

from ._navbar import past_bar
from ._text import _FIGURE_NUMBER_RE, _SECTION_NUMBER_RE, _lead_text, text_content, words

_TOKEN_SPLIT = re.compile(r"[\s_\-:./]+|(?<=[a-z])(?=[A-Z])")

# Tokens (from class/id, split on -, _, spaces and camelCase) that mark boilerplate.
_BOILER_TOKENS = words(
    """nav navbar navigation menu menubar submenu megamenu breadcrumb breadcrumbs crumbs
    footer sidebar sidenav aside widget widgets share sharing sharebar social socials
    related recommended recommendations recirc more-stories trending popular
    cookie cookies consent gdpr newsletter subscribe subscription signup paywall
    promo promotion advert advertisement advertising ad ads adsense adslot adunit dfp
    sponsor sponsored outbrain taboola disqus comment comments respond pagination pager
    skip skiplink toolbar masthead banner topbar modal popup overlay login signin
    print rss tags tagcloud taglist byline dateline author-bio bio timestamp
    copyright legal breaking-news ticker caption figcaption credit credits
    most-read mostread most-popular most-viewed mostpopular popular-posts
    author-box authorbox about-author author-info author-card tag-list taglinks post-tags
    share-buttons sharedaddy notification read-more readmore also-read"""
)
# An element with one of these tokens is never boilerplate by its tokens (embedded posts).
# (the class names the platforms' embed snippets give them, and pull quotes)
_EMBED_TOKENS = words("""embed embedded twitter-tweet instagram-media tiktok-embed
    bluesky-embed fb-post reddit-embed pullquote pull-quote""")
_AD_LABEL_RE = re.compile(
    r"^(advert|advertisement|advertising|ad|ads|sponsored|sponsored content|anzeige|"
    r"publicit[eé]|werbung|story continues below|continue reading below|"
    r"article continues below|scroll to continue|related)\W*$",
    re.I,
)
# Note, warning and "See also" boxes (Sphinx, MkDocs, Docusaurus, GitHub, Bootstrap): content
# even when they are short or all links.
_ADMONITION_TOKENS = words(
    "admonition note warning tip hint caution attention danger important seealso callout"
)
_CONTENT_TOKENS = words(
    "article content main body entry post story text blog hentry prose markdown"
)
# Boilerplate even when the element also carries a content-looking token.
# ("robots-nocontent": the page's own statement that a block is not content)
_STRONG_TOKENS = words("cookie cookies consent gdpr newsletter subscribe outbrain taboola disqus "
                       "robots-nocontent nocontent")
_NEG_WEIGHT_RE = re.compile(
    r"hidden|banner|combx|comment|contact|foot|footnote|masthead|media|meta|outbrain|promo|"
    r"related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|tool|widget|"
    r"social|subscribe|newsletter|recommend|teaser|caption|byline|author|nav|menu",
    re.I,
)
_POS_WEIGHT_RE = re.compile(
    r"article|body|content|entry|hentry|h-entry|main|page|post|text|blog|story|prose", re.I
)
_BOILER_ROLES = words(
    "navigation banner contentinfo complementary menu menubar dialog alertdialog search toolbar"
)
_BOILER_TAGS = frozenset(("nav", "aside", "footer", "header"))
_PARAGRAPH_TAGS = frozenset(("p", "pre", "td", "blockquote"))
_NOT_PARAGRAPHS = words("li h1 h2 h3 h4 h5 h6 th dt figcaption")
_HEADINGS = frozenset(("h1", "h2", "h3", "h4", "h5", "h6"))
_META_TOKENS = words(
    """byline author authors date dateline time timestamp meta post-meta entry-meta article-meta
    published updated posted pubdate info"""
)


class _Kinds(NamedTuple):
    """Which families of boilerplate/content tokens an element's class and id carry."""

    any: bool  # it has tokens at all
    embed: bool  # _EMBED_TOKENS
    strong: bool  # _STRONG_TOKENS
    boiler: bool  # _BOILER_TOKENS
    content: bool  # _CONTENT_TOKENS
    meta: bool  # _META_TOKENS
    admonition: bool  # _ADMONITION_TOKENS


_NO_KINDS = _Kinds(False, False, False, False, False, False, False)


def _kinds(el: HtmlElement) -> _Kinds:
    cls, ident = el.get("class"), el.get("id")
    if not cls and not ident:  # most elements: skip the concatenation and the cache
        return _NO_KINDS
    own = _component_id(el, ident) if ident else None
    if not own:
        return _kinds_of(cls) if cls else _NO_KINDS
    # (the class's and the id's kinds apart, each cached: a class recurs on many elements,
    # and ``_component_id`` has read the id's already; a token is one part's, so the
    # union's kinds are the two's, either)
    return _either(_kinds_of(cls), _kinds_of(own)) if cls else _kinds_of(own)


@lru_cache(maxsize=256)
def _either(a: _Kinds, b: _Kinds) -> _Kinds:
    """The kinds of the union of two strings' tokens: each family, either's."""
    return _Kinds(*(x or y for x, y in zip(a, b, strict=True)))


def _component_id(el: HtmlElement, ident: str) -> str | None:
    """What of ``el``'s id ``ident`` may name a component (a widget's "comments", "menu"),
    for the token and weight tests: None for an anchor (a qualified API name,
    "distutils.ccompiler.CCompiler.debug_print"; a section's slug; a signature's), else the
    id less the part an enclosing element's id gives it (``_own_part``). Only an id that
    says chrome is asked about its ancestors (most ids say nothing of the sort)."""
    if "." in ident or _is_heading_slug(el, ident) or _own_slug(el, ident) or \
            _signature_heading(el):
        return None
    kinds = _kinds_of(ident)
    if _NEG_WEIGHT_RE.search(ident) is None and not (kinds.boiler or kinds.strong):
        return ident
    if _term_anchor(el, ident) or _numbered_part(el) or _defined_in_code(el, ident):
        return None
    return _own_part(el, ident)


def _numbered_part(el: HtmlElement) -> bool:
    """Whether ``el`` opens with a document's number for it: a numbered table, figure or
    example ("Table 9.64. Comment Information Functions": ``_FIGURE_NUMBER_RE``), or a
    heading numbered under its chapter ("28.2.8. pg_stat_subscription", "9.26.5. Comment
    Information Functions": ``_SECTION_NUMBER_RE``, two levels or more). A manual numbers
    its sections and tables, and their ids are their anchors, whatever words the subject
    gives them; a comment thread's "12 comments" or "1.2K comments" is a count."""
    lead = _lead_text(el).lstrip()
    if _FIGURE_NUMBER_RE.match(lead):
        return True
    if _SECTION_NUMBER_RE.match(lead) is None:
        return False
    heading = next(el.iter(*_HEADINGS), None)  # (the number is the heading's, said first)
    return heading is not None and \
        "".join(lead.split()).startswith("".join(_lead_text(heading).split())[:_NUMBER_CHARS])


_NUMBER_CHARS = 12
"""How much of a heading's text a block must open with to open with the heading."""


_TERM_NAME_RE = re.compile(r"[\w.\-]+")
_CODE_NAME_RE = re.compile(r"^-|\w[_.\-]\w")
"""A name written as code: an option ("--skip-checks"), words joined without a space
("debug_print_parse", "os.path")."""
_CODE_TAGS = ("code", "tt", "kbd", "samp", "var")
_CODE_CLASSES = words("pre code literal mono monospace")


def _term_anchor(el: HtmlElement, ident: str) -> bool:
    """Whether ``el`` is a definition list's term naming code and ``ident`` its anchor: the
    id ends with the words of the name the term opens with ("guc-debug-print-parse" on
    "debug_print_parse (boolean)", a setting's entry in a configuration reference;
    "print" on "print(*objects)"). The name's words ("print", "comment", "skip") say what
    the entry is about, not what component the term is. Only a name set as code
    (``_code_term``): a story's "Share" term over its buttons, id "post-share", says what it
    is."""
    if el.tag != "dt":
        return False
    text = _collapsed_text(el)
    name = _TERM_NAME_RE.search(text)
    if name is None:
        return False
    own = _SLUG_WORD_RE.findall(name.group(0).lower())
    slug = _SLUG_WORD_RE.findall(ident.lower())
    return bool(own) and slug[-len(own):] == own and \
        _code_term(el, name.group(0), text[name.end():])


def _code_term(el: HtmlElement, name: str, rest: str) -> bool:
    """Whether the term ``el`` naming ``name`` (``rest`` after it) names code: written as
    code (``_CODE_NAME_RE``), a function's name before its arguments ("print(*objects)",
    "print ()"), or set in a code element or one whose class says monospace."""
    if _CODE_NAME_RE.search(name) is not None or rest.lstrip().startswith("("):
        return True
    return any(node.tag in _CODE_TAGS or
               not _CODE_CLASSES.isdisjoint((node.get("class") or "").split())
               for node in el.iterdescendants())


_ID_SEPARATORS = "-_:"


def _own_part(el: HtmlElement, ident: str) -> str:
    """``ident`` less the id of an enclosing element it extends: generators name a part's
    anchor after its document's ("logical-replication-subscription-slot" in
    "logical-replication-subscription", "sql-comment-examples" in "sql-comment"), and the
    document's words say what the page is about (a database's subscriptions, its COMMENT
    command, a toolkit's menus), not what component the part is: a page about comments is
    no comment thread, and its sections are not either. The part's own words are still
    read ("sidebar-menu" in "sidebar": a menu). A comment thread's items are named apart
    from it ("comment-12" in "comments") and stay comments; a thread small enough to be
    chrome goes whole before its parts are asked. Only a document's id is a prefix so: the
    enclosing element holds the page's first heading (a thread of comments beside a story,
    its parts "comments-1", "comments-2", holds none: it stays a thread)."""
    for anc in el.iterancestors():
        outer = anc.get("id")
        if outer and len(ident) > len(outer) + 1 and ident.startswith(outer) and \
                ident[len(outer)] in _ID_SEPARATORS:
            return ident[len(outer) + 1:] if _holds_first_heading(anc) else ident
    return ident


def _holds_first_heading(el: HtmlElement) -> bool:
    """Whether the page's first heading is inside ``el``: ``el`` is the page's document."""
    first = next(el.getroottree().getroot().iter(*_HEADINGS), None)
    return first is not None and any(a is el for a in first.iterancestors())


def _is_heading_slug(el: HtmlElement, ident: str) -> bool:
    """Whether ``ident`` is the slug of the heading ``el`` starts with: a document section's
    anchor ("recommended-third-party-tools") says what the section is about, not what
    component it is, so its words are no boilerplate tokens."""
    first = _first_element(el)
    if first is not None and first.tag not in _HEADINGS:
        first = past_bar(first)  # (a node's navigation bar over its heading)
    if first is None or first.tag not in _HEADINGS:
        return False
    return _slug_of(ident, first)


def _own_slug(el: HtmlElement, ident: str) -> bool:
    """Whether ``el`` is a heading and ``ident`` the slug of its own text: Markdown
    renderers set the anchor on the heading itself (``<h2 id="display-widgets">Display
    widgets</h2>``, Python-Markdown's ``toc`` extension, as gi-docgen's), not on a section
    around it; the id says what the heading says, no component's name ("widgets")."""
    return el.tag in _HEADINGS and _slug_of(ident, el)


def _slug_of(ident: str, heading: HtmlElement) -> bool:
    """Whether ``ident`` is the slug of ``heading``'s text (its words, less a slug's
    marks: ``_slug_marks``)."""
    if "_" in ident:
        ident = _ESCAPE_RE.sub(_unescaped, ident)
    slug = set(_SLUG_WORD_RE.findall(ident.lower()))
    said = set(_SLUG_WORD_RE.findall(_collapsed_text(heading).lower()))
    return bool(slug & said) and _slug_marks(slug - said)


def _slug_marks(rest: set[str]) -> bool:
    """Whether the words of a section's id that are not its heading's are a slug's marks:
    none, or each one letter or a number, the prefix or the counter a generator sets on a
    heading's slug to keep it apart from another anchor ("s-comments" over "Comments",
    Django's docs giving the section the slug with an "s-" and its empty anchor the slug
    itself; "usage-2" over a second "Usage"). A word of the id the heading does not say is
    otherwise a name of its own: "user-comments" over "Comments" names a component; and a
    number padded with zeros is a CMS's block number ("share_0012" over "Share": a share
    box, no second "Share" section), no counter."""
    return all(len(w) == 1 or (w.isdigit() and not w.startswith("0")) for w in rest)


_SLUG_WORD_RE = re.compile(r"[^\W_]+")
_SIGNATURE_RE = re.compile(r"\w(?:::\w|<|\()|->")
"""Code in a heading (as ``_decl._GLUED_RE``): a name glued to its arguments or its scope,
or an arrow."""


SIGNATURE_DEPTH = 3
"""How deep in a heading a part of it may sit (``h4 > div.title-name > span > a``)."""


def _signature_heading(el: HtmlElement) -> bool:
    """Whether ``el`` is a heading that reads as code, or a part of one: a function's
    signature ("popup(This) -> ok"), a type's definition ("wxMenu() = wx:wx_object()", the
    type's name a named anchor). Its id is its anchor, the API's name ("popup-1",
    "type-wxMenu"), whatever words the name is made of: a widget's name is no function's
    ("popup", "menu", "cookie" name a window's functions and an authentication module's).
    A heading of words over a widget ("Comments (3)", spaced) reads as no code, and its id
    is still read."""
    heading: HtmlElement | None = el
    for _ in range(SIGNATURE_DEPTH):
        if heading is None or heading.tag in _HEADINGS:
            break
        heading = heading.getparent()
    return heading is not None and heading.tag in _HEADINGS and \
        _SIGNATURE_RE.search(_collapsed_text(heading)) is not None
_IDENTIFIER_RE = re.compile(r"[A-Za-z_]\w*")
_DEFINING = ("def", "class", "function", "fn", "func", "sub", "struct", "enum", "interface",
             "trait", "module", "type")
"""Keywords that open a definition in a programming language, before the name defined."""
_DEFINITION_RE = re.compile(rf"(?<![\w.])(?:{'|'.join(_DEFINING)})\s+([A-Za-z_]\w*)")
_DECORATION_RE = re.compile(r"^\W*(?:\[\w+\]\s*)?(?:@|#\[)")
"""A line that decorates the definition below it (``@lru_cache()``, ``#[derive(Debug)]``),
after a label at most (Sphinx's ``[docs]`` link to the entry)."""
DEFINITION_LINES = 6
"""How many lines of a block's code, its decorations among them, may come before the line
that defines its name."""
DEFINITION_CHARS = 600
"""... and how much of its text is read to find it."""


def _defined_in_code(el: HtmlElement, ident: str) -> bool:
    """Whether the id ``ident`` is the name ``el``'s code defines on its first line, after
    its decorations: ``def login(``, ``class Widget(``, ``function share(``. A block of a
    module's source listing that holds one function or class gets its name as its anchor
    (Sphinx's viewcode: ``<div class="viewcode-block" id="vary_on_cookie">[docs]def
    vary_on_cookie(func):``); a name in code is the API's, whatever words it is made of
    ("login", "Widget", "vary_on_cookie" are no login form's, widget's or cookie banner's).
    The name must be the one defined, exactly: a block that only says or calls the word
    (``login(request)``, "Login to comment") or defines another name keeps its id."""
    if _IDENTIFIER_RE.fullmatch(ident) is None:
        return False
    text = _lead_text(el, DEFINITION_CHARS)
    lines = [line for line in text.split("\n") if line.strip()][:DEFINITION_LINES]
    for line in lines:
        defined = _DEFINITION_RE.search(line)
        if defined is not None:
            return defined.group(1) == ident
        if _DECORATION_RE.match(line) is None:
            return False
    return False


_ESCAPE_RE = re.compile(r"_([0-9a-fA-F]{4})")
"""A character written as its code in an id (Texinfo's node names: "User_002dDefined-Widgets"
is "User-Defined-Widgets")."""


def _unescaped(m: re.Match[str]) -> str:
    """The character an id's escape (``_ESCAPE_RE``) writes, when it is an escape: see
    ``_escaped_punctuation``; else the text as it is."""
    return chr(int(m.group(1), 16)) if _escaped_punctuation(m.group(1)) else m.group(0)


def _escaped_punctuation(code: str) -> bool:
    """Whether the four hex digits ``code`` after an underscore in an id write a printable
    ASCII punctuation mark (Texinfo escapes every character of a node's name that an id may
    not hold as ``_00XX``: ``_002d`` a hyphen, ``_002e`` a dot, ``_0027`` an apostrophe):
    in a slug it separates words, as a hyphen does. A number after an underscore that
    writes a letter, a digit or a control character is no such escape: a CMS numbers its
    sidebar's blocks so ("related_0017", "widget_0012"), and those words stay the id's."""
    char = chr(int(code, 16))
    return char.isascii() and char.isprintable() and not char.isalnum()


@lru_cache(maxsize=8192)
def _kinds_of(raw: str) -> _Kinds:
    # cached: a page repeats a few class names on many elements, and the boilerplate, prune
    # and header passes each ask about every element
    tokens = _tokens_of(raw) if raw.strip() else frozenset()
    return _Kinds(bool(tokens), bool(tokens & _EMBED_TOKENS), bool(tokens & _STRONG_TOKENS),
                  bool(tokens & _BOILER_TOKENS) or any(map(_nav_word, tokens)),
                  bool(tokens & _CONTENT_TOKENS),
                  bool(tokens & _META_TOKENS), bool(tokens & _ADMONITION_TOKENS))


_NAV_WORD_RE = re.compile(r"nav(?:header|footer|bar|menu|links?)|[a-z]+nav")


def _nav_word(token: str) -> bool:
    """A class token naming navigation as one word with "nav": DocBook XSL's "navheader"
    and "navfooter", "navbar", "navlinks", and any "...nav" (Publican's "docnav", "topnav",
    "sidenav"). Written apart ("nav-header") its "nav" is a token of ``_BOILER_TOKENS``
    already. Not any word starting with "nav": Berkeley DB's tables of an API's functions
    are "navtable", and "navy" is a colour."""
    return _NAV_WORD_RE.fullmatch(token) is not None


@lru_cache(maxsize=8192)
def _tokens_of(raw: str) -> frozenset[str]:
    tokens: set[str] = set()
    for part in raw.split():
        words_ = [t.lower() for t in _TOKEN_SPLIT.split(part) if t]
        tokens.update(words_)
        # and the two-word compounds, however they are written: "more-stories" in
        # "more-stories-list", "read-more" in "read-more-big__title", "author-bio" in
        # "authorBio"
        tokens.update(f"{a}-{b}" for a, b in pairwise(words_))
        tokens.add(part.lower())
    return frozenset(tokens)


def _class_weight(el: HtmlElement) -> float:
    ident = el.get("id")
    return _class_weight_of(el.get("class"), _component_id(el, ident) if ident else None)


@lru_cache(maxsize=8192)
def _class_weight_of(cls: str | None, ident: str | None) -> float:
    weight = 0.0
    for value in (cls, ident):
        if not value:
            continue
        if _NEG_WEIGHT_RE.search(value):
            weight -= 25
        if _POS_WEIGHT_RE.search(value):
            weight += 25
    return weight


_SENTENCE_END_RE = re.compile(r"[.:!?][\"'”’)]?\s*$")


def _own_text(el: HtmlElement) -> str:
    return " ".join(el.itertext())


def _norm(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def _collapsed_text(el: HtmlElement) -> str:
    return " ".join(text_content(el).split())  # (libxml2 joins the text: see text_content)


def _short_text(el: HtmlElement, limit: int) -> str | None:
    """``_collapsed_text(el)``, or None when it is longer than ``limit``.

    A collapsed prefix of the text is a prefix of the collapsed text, so the joining can stop
    as soon as a prefix is too long.
    """
    pieces: list[str] = []
    size = 0
    check_at = limit
    for piece in el.itertext():
        pieces.append(piece)
        size += len(piece)
        if size > check_at:
            if len(" ".join("".join(pieces).split())) > limit:
                return None
            check_at = 2 * size
    text = " ".join("".join(pieces).split())
    return text if len(text) <= limit else None


def _first_element(el: HtmlElement) -> HtmlElement | None:
    """``el``'s first child element, passing over empty anchors (``<a id=...></a>``,
    ``<span id=...></span>``: the other names a generator gives a section); the heading
    itself when that child only wraps one (``<div class="titlepage"><div><h2>``: a
    section's title block is its heading)."""
    first = next((c for c in el if isinstance(c.tag, str) and not _empty_anchor(c)), None)
    return _wrapped_heading(first) if first is not None and first.tag == "div" else first


def _wrapped_heading(el: HtmlElement) -> HtmlElement:
    """The heading ``el`` (a ``div``) holds and nothing else, through ``div``s; else ``el``."""
    node = el
    while node.tag == "div" and not (node.text or "").strip():
        inner = [c for c in node if isinstance(c.tag, str) and not _empty_anchor(c)]
        if len(inner) != 1 or any((c.tail or "").strip() for c in node):
            return el
        node = inner[0]
    return node if node.tag in _HEADINGS else el


def section_alike(section: HtmlElement) -> bool:
    """Whether ``section`` is one of a document's sections alike: it starts with a heading,
    it is no boilerplate by its class, and a sibling of its tag (a ``div`` with a class, or
    a ``<section>``) starts with a heading of the same rank (a reference entry's "Synopsis",
    "Description", "See also"); a sibling of its class too when the heading is a
    promotion's ("Related information" among a reference's sections, not "Related
    articles" after a story's). What such a section holds is the document's, however short
    or linked."""
    first = _first_element(section)
    if first is None or first.tag not in _HEADINGS:
        return False
    parent, cls = section.getparent(), section.get("class")
    if parent is None or not (cls or section.tag == "section") or _kinds(section).boiler:
        return False
    promo = promo_heading(first)
    for sib in parent:
        if sib is not section and sib.tag == section.tag and \
                (not promo or sib.get("class") == cls):
            head = _first_element(sib)
            if head is not None and head.tag == first.tag:
                return True
    return False


def _empty_anchor(el: HtmlElement) -> bool:
    return el.tag in ("a", "span") and not len(el) and not (el.text or "").strip()



def _is_ancestor(anc: HtmlElement, el: HtmlElement) -> bool:
    parent = el.getparent()
    while parent is not None:
        if parent is anc:
            return True
        parent = parent.getparent()
    return False



def _admonition(el: HtmlElement) -> bool:
    """A note, warning or "See also" box: content even when it is all links."""
    return _kinds(el).admonition



TEASER_MAX_CHARS = 500
"""A teaser (another page's headline and summary) is shorter than this."""
TEASERS_MIN = 3
"""Teasers alike that make a list of other stories."""


def teasers(el: HtmlElement) -> bool:
    """Whether ``el`` is a list of teasers: at least ``TEASERS_MIN`` children of one kind,
    most of them a short block headed by a link to another page (a headline and its
    summary)."""
    children = [c for c in el if isinstance(c.tag, str)]
    if len(children) < TEASERS_MIN:
        return False
    kinds: dict[tuple[object, str | None], int] = {}
    for c in children:
        key = (c.tag, c.get("class"))
        kinds[key] = kinds.get(key, 0) + 1
    key, count = max(kinds.items(), key=lambda kv: kv[1])
    if count < TEASERS_MIN or 3 * count < 2 * len(children):
        return False
    alike = [c for c in children if (c.tag, c.get("class")) == key]
    return sum(1 for c in alike if _teaser(c)) * 3 >= 2 * len(alike)


def to_other_page(a: HtmlElement) -> bool:
    """Whether the link ``a`` leads to another page: an ``href`` that is no fragment of this
    one (a heading's own anchor, a self-link, a table of contents' entry)."""
    return not (a.get("href") or "#").startswith("#")


def _teaser(el: HtmlElement) -> bool:
    text = _short_text(el, TEASER_MAX_CHARS)
    if not text:
        return False
    heading = next(el.iter(*_HEADINGS), None)
    if heading is None:
        return False
    links = [a for a in heading.iter("a") if to_other_page(a)]
    linked = sum(len(_collapsed_text(a)) for a in links)
    return bool(links) and 2 * linked > len(_collapsed_text(heading))


CONTENTS_MIN_LINKS = 3
"""Links to places on the page that make a table of its contents (one is a skip link)."""


def page_contents(el: HtmlElement) -> bool:
    """Whether ``el`` links only to places on the page itself (``#...``), several of them:
    a table of its contents, not a way to other pages; links elsewhere only in the titles
    of its entries (``_in_entry_title``)."""
    links = list(el.iter("a"))
    return len(links) >= CONTENTS_MIN_LINKS and all(
        (a.get("href") or "").startswith("#") or _in_entry_title(a) for a in links)


def _in_entry_title(a: HtmlElement) -> bool:
    """Whether the link ``a`` is part of a table of contents' entry's title: its entry (the
    nearest ``p`` or ``li`` above it) opens with a link to a place the page has (an element
    of that ``id``). A section's heading may name items, each linked to its reference
    ("Diamond inheritance between pytest.Collector and pytest.Item"); HTML nests no link in
    another, so the entry's link to its section ends where the first of those begins, and
    they follow it. A menu's toggle (``href="#"``, no place) with other pages' links after
    it is no entry."""
    entry = next(a.iterancestors("p", "li"), None)
    first = entry.find(".//a") if entry is not None else None
    if first is None or first is a:
        return False
    place = (first.get("href") or "")[1:] if (first.get("href") or "").startswith("#") else ""
    return bool(place) and bool(a.getroottree().getroot().xpath("//*[@id=$p]", p=place))


PROMO_LEAD_RE = re.compile(
    r"^\W*(read more|read also|also read|see more|see also|more on this|related|recommended|"
    r"don.?t miss|also on|watch|listen|must read|trending)\b", re.I)
"""How an in-text promotion of other stories starts ("Read more: ...", "DON'T MISS")."""
PROMO_HEADING_MAX_CHARS = 300


def promo_heading(heading: HtmlElement) -> bool:
    """Whether ``heading`` is a promotion's ("More on this story", "Related")."""
    text = _short_text(heading, PROMO_HEADING_MAX_CHARS)
    return text is not None and PROMO_LEAD_RE.match(text) is not None


_AD_LABEL_RE = re.compile(
    r"^(advert|advertisement|advertising|ad|ads|sponsored|sponsored content|anzeige|"
    r"publicit[eé]|werbung|story continues below|continue reading below|"
    r"article continues below|scroll to continue|related)\W*$",
    re.I,
)


@lru_cache(maxsize=8192)
def _is_ad_label(raw: str) -> bool:
    # cached: short texts (a code listing's names and operators) repeat all over a page
    return _AD_LABEL_RE.match(" ".join(raw.split())) is not None


def _shows_address(a: HtmlElement) -> bool:
    """Whether the link's text is its own address (less the scheme and a final "/")."""
    href = (a.get("href") or "").strip()
    text = text_content(a).strip()
    if not text or not href.startswith(("http://", "https://")):
        return False
    return _bare_address(text) == _bare_address(href)


def _bare_address(url: str) -> str:
    return url.split("://", 1)[-1].rstrip("/").lower()
