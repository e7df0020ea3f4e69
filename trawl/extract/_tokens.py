"""What the tokens of an element's class and id say: the families of boilerplate and
content words (``_Kinds``), split from a class or id as a reader splits them (on hyphens,
underscores, dots and camelCase), and the class weight, Readability's.

The lowest of the class-and-id modules: ``_ids`` reads ids through these, ``_signals``
joins what both say about an element.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise
from typing import NamedTuple

from ._text import words

_TOKEN_SPLIT = re.compile(r"[\s_\-:./]+|(?<=[a-z])(?=[A-Z])|(?<=^[A-Z][A-Z])(?=[A-Z][a-z])")
"""Where a class or id splits into words: its separators, a lower-case letter before a
capital ("authorBio"), and a two-letter prefix of capitals before a capitalised word
("VPSkipLink": "VP", "Skip", "Link"; a component library's prefix leads the class). Not
a longer run of capitals: an API's name reads so ("HTTPCookieProcessor", pdoc's id of the
class's entry, is no cookie banner: split so, the entry went whole)."""

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
_META_TOKENS = words(
    """byline author authors date dateline time timestamp meta post-meta entry-meta article-meta
    published updated posted pubdate info"""
)


class _Kinds(NamedTuple):
    """Which families of boilerplate/content tokens an element's class and id carry."""

    embed: bool  # _EMBED_TOKENS
    strong: bool  # _STRONG_TOKENS
    boiler: bool  # _BOILER_TOKENS
    content: bool  # _CONTENT_TOKENS
    meta: bool  # _META_TOKENS
    admonition: bool  # _ADMONITION_TOKENS


_NO_KINDS = _Kinds(False, False, False, False, False, False)


@lru_cache(maxsize=256)
def _either(a: _Kinds, b: _Kinds) -> _Kinds:
    """The kinds of the union of two strings' tokens: each family, either's."""
    return _Kinds(*(x or y for x, y in zip(a, b, strict=True)))


@lru_cache(maxsize=8192)
def _kinds_of(raw: str) -> _Kinds:
    # cached: a page repeats a few class names on many elements, and the boilerplate, prune
    # and header passes each ask about every element
    tokens = _tokens_of(raw) if raw.strip() else frozenset()
    return _Kinds(bool(tokens & _EMBED_TOKENS), bool(tokens & _STRONG_TOKENS),
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
def _says_something(raw: str) -> bool:
    """Whether a class or id says anything the token and weight tests read: a family of
    ``_Kinds``, or a class weight's word (``_NEG_WEIGHT_RE``, ``_POS_WEIGHT_RE``). Most ids
    say nothing ("id2883", "gimp-concepts-image"), and whether such an id is an anchor is
    then no question: the tests read the same either way."""
    return any(_kinds_of(raw)) or _NEG_WEIGHT_RE.search(raw) is not None or \
        _POS_WEIGHT_RE.search(raw) is not None


@lru_cache(maxsize=8192)
def _plain_id(ident: str) -> bool:
    """Whether ``_ids._component_id`` gives ``ident`` back whole or not at all, never a part
    of it: it says no chrome (no boilerplate or strong token, no negative weight's word),
    and only an id that does is cut to its own part (``_ids._own_part``). What such an id
    adds to an element's kinds is then its own kinds or nothing: an id of no kind, or
    without the family asked, adds none whatever it is read as."""
    kinds = _kinds_of(ident)
    return not (kinds.boiler or kinds.strong) and _NEG_WEIGHT_RE.search(ident) is None


_STATE_WORDS = frozenset(("has", "with", "no", "without"))
"""The first words of a class that names what is around an element, not what it is."""


def _layout_state(words_: list[str]) -> bool:
    """Whether a class (split in ``words_``) states what the layout holds beside the element,
    not what the element is: "has-sidebar", "with-aside", "no-sidebar" (VitePress's content
    column, "VPContent has-sidebar", is the page's content set beside a sidebar). Its words
    are no token of the element; the guard: a state word leads the class, and another word
    follows it ("sidebar has-toggle" is still a sidebar by its first class)."""
    return len(words_) > 1 and words_[0] in _STATE_WORDS


_VARIANT_RE = re.compile(
    r"(?:(?:max|min)-)?(?:sm|md|lg|xl|2xl)|print|screen|dark|light|hover|focus(?:-within|"
    r"-visible)?|active|visited|disabled|first|last|odd|even|motion-safe|motion-reduce|"
    r"portrait|landscape|rtl|ltr|open|(?:group|peer)(?:-[a-z]+)?|(?:aria|data|supports)-.+")
"""A utility class's variant: the condition under which its style applies (a screen's
width, printing, a hover, a dark theme: Tailwind's "print:pt-6", "md:w-72", "max-sm:...")."""


def _variant(prefix: str) -> bool:
    """Whether ``prefix``, a class word's part before a ``:``, is a variant's condition."""
    return _VARIANT_RE.fullmatch(prefix.lower()) is not None


def _utility(part: str) -> str:
    """A class word less its variants (``_VARIANT_RE``, each before a ``:``): "print:pt-6"
    says "pad the top when printing", nothing of a print button; "md:flex" nothing of a
    menu. A prefix that is no variant stays ("nav:primary" is still the word "nav")."""
    conditions = part.split(":")
    while len(conditions) > 1 and _variant(conditions[0]):
        conditions.pop(0)
    return ":".join(conditions)


@lru_cache(maxsize=8192)
def _tokens_of(raw: str) -> frozenset[str]:
    tokens: set[str] = set()
    for part in raw.split():
        if ":" in part:
            part = _utility(part)
        words_ = [t.lower() for t in _TOKEN_SPLIT.split(part) if t]
        if _layout_state(words_):
            continue
        tokens.update(words_)
        # and the two-word compounds, however they are written: "more-stories" in
        # "more-stories-list", "read-more" in "read-more-big__title", "author-bio" in
        # "authorBio"
        tokens.update(f"{a}-{b}" for a, b in pairwise(words_))
        tokens.add(part.lower())
    return frozenset(tokens)


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
