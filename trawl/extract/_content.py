"""Main-content detection and boilerplate removal.

A readability-style scorer on an lxml tree, with extras:

1. ``remove_boilerplate``: drop elements that are boilerplate by tag (nav, aside, footer,
   header), ARIA role (navigation, banner, contentinfo, complementary, dialog...) or by
   class/id tokens (menu, sidebar, share, related, cookie, newsletter...), unless they hold a
   large share of the page's text.
2. ``score``: every text block ("paragraph": <p>, <pre>, <td>, or any element with at least
   25 characters of inline text of its own) gives points - more for long and comma-rich text -
   to its ancestors with a decaying weight; each candidate's total is scaled by its class/id
   weight and by (1 - link density).
3. the best candidate is widened to its ancestor when the best-scoring blocks are spread over
   several siblings, and the siblings that look like content are kept with it.
4. ``prune``: inside the chosen content, conditionally drop link-heavy lists, short
   low-value blocks, share bars, forms and the like.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from functools import lru_cache
from itertools import pairwise
from typing import NamedTuple

from lxml import etree
from lxml.html import HtmlElement

from ._clean import drop_tree
from ._text import BLOCK_TAGS, words

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
MIN_INTRODUCED_CHARS = 25
"""A linked heading followed by at least this much text (mostly not links) is kept."""
_FORM_TAGS = frozenset(("form", "fieldset"))
_SIBLING_MAX_LINK_DENSITY = 0.3
"""A sibling of the content this much links is a column of teasers, however it scores."""
_CONTINUATION_MIN_SCORE = 10.0
_CONTINUATION_SHARE = 0.3
"""An article's other half scores at least this share of the best container's score."""
_CONTINUATION_MAX_LINK_DENSITY = 0.25
_SECTION_MAX_LINK_DENSITY = 0.5
"""Past this share of link text under its heading a section is a link list, judged whole."""
_CELL_TAGS = frozenset(("td", "th", "li", "dd", "dt"))
# the tags prune judges by their text and links (headings and forms aside)
_PRUNABLE_TAGS = words("div section ul ol table aside figure span p dl header footer nav")
_TAG_BASE = {
    "div": 5.0, "article": 10.0, "main": 10.0, "section": 3.0,
    "pre": 3.0, "td": 3.0, "blockquote": 3.0,
    "address": -3.0, "ol": -3.0, "ul": -3.0, "dl": -3.0, "dd": -3.0, "dt": -3.0,
    "li": -3.0, "form": -3.0,
    "h1": -5.0, "h2": -5.0, "h3": -5.0, "h4": -5.0, "h5": -5.0, "h6": -5.0, "th": -5.0,
}


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
    if ident and ("." in ident or _is_heading_slug(el, ident)):
        # an anchor, not a component's name: a qualified API name
        # ("distutils.ccompiler.CCompiler.debug_print") or a section's slug
        ident = None
    return _kinds_of((cls or "") + " " + (ident or ""))


def _is_heading_slug(el: HtmlElement, ident: str) -> bool:
    """Whether ``ident`` is the slug of the heading ``el`` starts with: a document section's
    anchor ("recommended-third-party-tools") says what the section is about, not what
    component it is, so its words are no boilerplate tokens."""
    first = next((c for c in el if isinstance(c.tag, str)), None)
    if first is None or first.tag not in _HEADINGS:
        return False
    slug = set(_SLUG_WORD_RE.findall(ident.lower()))
    return bool(slug) and slug <= set(_SLUG_WORD_RE.findall(_collapsed_text(first).lower()))


_SLUG_WORD_RE = re.compile(r"[^\W_]+")


@lru_cache(maxsize=8192)
def _kinds_of(raw: str) -> _Kinds:
    # cached: a page repeats a few class names on many elements, and the boilerplate, prune
    # and header passes each ask about every element
    tokens = _tokens_of(raw) if raw.strip() else frozenset()
    return _Kinds(bool(tokens), bool(tokens & _EMBED_TOKENS), bool(tokens & _STRONG_TOKENS),
                  bool(tokens & _BOILER_TOKENS), bool(tokens & _CONTENT_TOKENS),
                  bool(tokens & _META_TOKENS), bool(tokens & _ADMONITION_TOKENS))


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
    return _class_weight_of(el.get("class"), el.get("id"))


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


class _Stats(NamedTuple):
    text: int  # characters of text in the subtree
    links: int  # characters of text inside <a> in the subtree
    inline: int  # characters of text of the element's own inline run
    commas: int  # commas in the own inline run
    paragraphs: int  # paragraph-like descendants
    n_p: int  # <p> descendants
    n_img: int  # <img> descendants
    n_li: int  # <li> descendants


# tuple.__new__ builds a _Stats without the Python-level __new__ a NamedTuple call goes
# through: _measure makes one per element, and that call was a tenth of its time.
_new_stats = tuple.__new__

# What an element adds to its parent's _Stats: text (with its tail), links, paragraphs, n_p,
# n_img, n_li, inline, commas (the last two only when it is inline, plus its tail's).
_Contribution = tuple[int, int, int, int, int, int, int, int]


def _tail_counts(el: HtmlElement) -> tuple[int, int]:
    """Characters and commas of ``el``'s stripped tail."""
    tail = el.tail
    if not tail:
        return 0, 0
    tail = tail.strip()
    return len(tail), tail.count(",")


def _contribution(tag: object, st: _Stats, tail_len: int, tail_commas: int) -> _Contribution:
    text, links, inline, commas, paragraphs, n_p, n_img, n_li = st
    if tag in BLOCK_TAGS:
        inline = commas = 0
    return (text + tail_len, links, paragraphs, n_p + (tag == "p"), n_img + (tag == "img"),
            n_li + (tag == "li"), inline + tail_len, commas + tail_commas)


def _own_stats(tag: object, text: str | None, parts: list[_Contribution]) -> _Stats:
    """An element's _Stats from its own text and its children's contributions."""
    own = text.strip() if text else ""
    n_text = inline = len(own)
    commas = own.count(",")
    links = paragraphs = n_p = n_img = n_li = 0
    for c_text, c_links, c_par, c_p, c_img, c_li, c_inline, c_commas in parts:
        n_text += c_text
        links += c_links
        paragraphs += c_par
        n_p += c_p
        n_img += c_img
        n_li += c_li
        inline += c_inline
        commas += c_commas
    if tag == "a":
        links = n_text
    if inline >= 25 and tag in BLOCK_TAGS:
        paragraphs += 1
    return _new_stats(_Stats, (n_text, links, inline, commas, paragraphs, n_p, n_img, n_li))


def _measure(root: HtmlElement) -> dict[HtmlElement, _Stats]:
    """Bottom-up text statistics for every element (children before parents).

    One pass in reverse document order: every element comes after all of its descendants, and
    its children's contributions (see _contribution, inlined here: this loop is the hottest of
    extraction) are then the top ``len(el)`` entries of a stack, each child having replaced
    its own children's by its one. So no dict look-up per child, and each element's tag, text
    and tail are read once (lxml builds a new string on every access).
    """
    stats: dict[HtmlElement, _Stats] = {}
    stack: list[_Contribution] = []
    push, pop = stack.append, stack.pop
    for el in reversed(list(root.iter())):
        tag = el.tag
        own = el.text
        if own:
            own = own.strip()
            text = inline = len(own)
            commas = own.count(",")
        else:
            text = inline = commas = 0
        n_children = len(el)
        if n_children:
            c_text, links, paragraphs, n_p, n_img, n_li, c_inline, c_commas = pop()
            text += c_text
            inline += c_inline
            commas += c_commas
            for _ in range(n_children - 1):
                c_text, c_links, c_par, c_p, c_img, c_li, c_inline, c_commas = pop()
                text += c_text
                links += c_links
                paragraphs += c_par
                n_p += c_p
                n_img += c_img
                n_li += c_li
                inline += c_inline
                commas += c_commas
        else:
            links = paragraphs = n_p = n_img = n_li = 0
        if tag == "a":
            links = text
        block = tag in BLOCK_TAGS
        if block and inline >= 25:
            paragraphs += 1
        stats[el] = _new_stats(_Stats, (text, links, inline, commas, paragraphs, n_p, n_img,
                                        n_li))
        # now what it adds to its parent
        tail = el.tail
        if tail:
            tail = tail.strip()
            tail_len = len(tail)
            tail_commas = tail.count(",")
        else:
            tail_len = tail_commas = 0
        if block:
            inline, commas = tail_len, tail_commas
        else:
            inline += tail_len
            commas += tail_commas
        push((text + tail_len, links, paragraphs, n_p + (tag == "p"), n_img + (tag == "img"),
              n_li + (tag == "li"), inline, commas))
    return stats


def _remeasure(stats: dict[HtmlElement, _Stats], root: HtmlElement,
               changed: list[HtmlElement]) -> None:
    """Bring ``stats`` (from ``_measure(root)``) up to date after the children or text of the
    ``changed`` elements changed: only they and their ancestors up to ``root`` are redone."""
    dirty: dict[HtmlElement, int] = {}  # element -> depth below root
    for el in changed:
        chain: list[HtmlElement] = []
        node: HtmlElement | None = el
        while node is not None and node not in dirty:
            chain.append(node)
            if node is root:
                node = None
                break
            node = node.getparent()
        depth = dirty[node] if node is not None else -1
        for anc in reversed(chain):
            depth += 1
            dirty[anc] = depth
    for el in sorted(dirty, key=dirty.__getitem__, reverse=True):  # children first
        stats[el] = _stats_from_children(el, stats)


def _stats_from_children(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> _Stats:
    """``el``'s _Stats from its children's (measured first if ``stats`` lacks them)."""
    for child in el:
        if child not in stats:
            stats.update(_measure(child))
    parts = [_contribution(child.tag, stats[child], *_tail_counts(child)) for child in el]
    return _own_stats(el.tag, el.text, parts)


def _link_density(st: _Stats) -> float:
    return st.links / st.text if st.text else 0.0


def remove_boilerplate(body: HtmlElement, stats: dict[HtmlElement, _Stats] | None = None) -> None:
    """Drop navigation, headers, footers, sidebars, banners, ads, share bars (guarded by size).

    ``stats``, when given, is ``_measure(body)``'s and is kept up to date with the removals.
    """
    if stats is None:
        stats = _measure(body)
    total = max(stats[body].text, 1)
    doomed: list[HtmlElement] = []
    for el in body.iter():
        tag = el.tag  # read once: lxml makes a new string per access
        if el is body or tag == "html" or tag == "body":
            continue
        st = stats.get(el)
        if st is None:
            continue
        share = st.text / total
        role = el.get("role")
        role = role.strip().lower() if role else ""
        if tag == "figcaption" and share < 0.3:
            doomed.append(el)
            continue
        if tag in _BOILER_TAGS or role in _BOILER_ROLES:
            # a <header>/<footer> wrapping the whole article is layout, not boilerplate
            if (share < 0.5 or ((tag == "nav" or role == "navigation") and share < 0.8)) \
                    and not _in_flow_quote(el, st):
                doomed.append(el)
            continue
        if 1 < st.text < 40 and st.links == 0:
            # half of all elements get here: spare the leaves (most of them) the itertext
            leaf = not len(el) and isinstance(tag, str)
            raw = (el.text or "") if leaf else "".join(el.itertext())
            if _is_ad_label(raw):
                doomed.append(el)
                continue
        kinds = _kinds(el)
        if not kinds.any or kinds.embed:
            continue
        if kinds.strong and share < 0.5:
            doomed.append(el)
            continue
        if kinds.boiler:
            if kinds.content and share >= 0.1 and _link_density(st) < 0.4:
                continue
            if share < 0.4:
                doomed.append(el)
    _remeasure(stats, body, _drop_all(doomed))


_QUOTE_MAX_CHARS = 400


def _in_flow_quote(el: HtmlElement, st: _Stats) -> bool:
    """An <aside> set between two paragraphs of prose, short and without links: a pull
    quote (a sidebar sits beside the text, not inside its flow)."""
    if el.tag != "aside" or st.links or not 0 < st.text <= _QUOTE_MAX_CHARS:
        return False
    before, after = el.getprevious(), el.getnext()
    return before is not None and after is not None and before.tag == after.tag == "p"


@lru_cache(maxsize=8192)
def _is_ad_label(raw: str) -> bool:
    # cached: short texts (a code listing's names and operators) repeat all over a page
    return _AD_LABEL_RE.match(" ".join(raw.split())) is not None


def _drop_all(doomed: list[HtmlElement]) -> list[HtmlElement]:
    """Drop the doomed elements (those under another doomed one go with it); the parents
    they were dropped from, whose text and children changed."""
    doomed_set = set(doomed)
    parents: list[HtmlElement] = []
    for el in doomed:
        # skip elements whose ancestor is already gone
        parent = el.getparent()
        skip = False
        while parent is not None:
            if parent in doomed_set:
                skip = True
                break
            parent = parent.getparent()
        if not skip:
            parent = el.getparent()
            if parent is not None:
                parents.append(parent)
                drop_tree(el)
    return parents


def _score(body: HtmlElement, stats: dict[HtmlElement, _Stats]) -> dict[HtmlElement, float]:
    scores: dict[HtmlElement, float] = {}
    for el in body.iter():
        st = stats.get(el)
        if st is None or st.inline < 25:
            continue
        if el.tag not in BLOCK_TAGS or el.tag in _NOT_PARAGRAPHS:
            continue
        runs = _br_runs(el) if st.inline >= _BR_BLOCK_MIN_CHARS else 1
        # text in <br>-separated runs is that many paragraphs, held by this element itself:
        # scored as one paragraph it lost to any few <p> elsewhere
        points = runs + st.commas + min(st.inline // 100, 3 * runs)
        _spread(body, el if runs > 1 else el.getparent(), points, scores, stats)
    for el in scores:
        scores[el] *= 1.0 - _link_density(stats[el])
    return scores


_BR_BLOCK_MIN_CHARS = 200
"""Only inline text this long is looked at for <br>-separated paragraphs."""


def _br_runs(el: HtmlElement) -> int:
    """How many paragraphs <br><br> (or <br> between runs of text) split ``el``'s own text
    into; 1 when it has no such breaks."""
    breaks = 0
    previous_br = False
    for child in el:
        if child.tag == "br":
            if not previous_br:
                breaks += 1
            previous_br = not (child.tail or "").strip()
        else:
            previous_br = False
    return breaks + 1


def _spread(body: HtmlElement, start: HtmlElement | None, points: float,
            scores: dict[HtmlElement, float], stats: dict[HtmlElement, _Stats]) -> None:
    """Give ``points`` to ``start`` and, decaying, to four of its ancestors."""
    node = start
    level = 0
    while node is not None and level < 5 and node in stats:
        if node not in scores:
            scores[node] = _TAG_BASE.get(str(node.tag), 0.0) + _class_weight(node)
        divider = 1 if level == 0 else 2 if level == 1 else level * 3
        scores[node] += points / divider
        if node is body:
            break
        node = node.getparent()
        level += 1


def _keep_sibling(
    sib: HtmlElement, top: HtmlElement, scores: dict[HtmlElement, float],
    stats: dict[HtmlElement, _Stats], threshold: float,
) -> bool:
    if sib is top:
        return True
    if not isinstance(sib.tag, str):
        return False
    bonus = 0.0
    if sib.get("class") and sib.get("class") == top.get("class"):
        bonus = scores.get(top, 0.0) * 0.2
    st = stats.get(sib)
    if st is None:
        return scores.get(sib, -1e9) + bonus >= threshold
    if scores.get(sib, -1e9) + bonus >= threshold and \
            _link_density(st) < _SIBLING_MAX_LINK_DENSITY:
        return True
    if sib.tag == "p" or (sib.tag in ("div", "section") and st.paragraphs <= 1):
        density = _link_density(st)
        if st.text > 80 and density < 0.25:
            return True
        if 0 < st.text <= 80 and density == 0 and _SENTENCE_END_RE.search(_own_text(sib)):
            return True
    # the next chapter of a document split into <section>s, each under its own heading
    if sib.tag == top.tag == "section" and st.paragraphs >= 2 and _link_density(st) < 0.2:
        first = next((c for c in sib if isinstance(c.tag, str)), None)
        if first is not None and first.tag in _HEADINGS:
            return True
    return False


_SENTENCE_END_RE = re.compile(r"[.:!?][\"'”’)]?\s*$")


def _own_text(el: HtmlElement) -> str:
    return " ".join(el.itertext())


def find_main(root: HtmlElement, title: str | None = None) -> tuple[HtmlElement, str | None]:
    """The element (possibly a new <div>) holding the main content, and the headline removed
    from its top (the article's title, which belongs to the metadata), if any."""
    content = _find_main(root)
    headline = strip_header(content, title)
    return content, headline


def _find_main(root: HtmlElement) -> HtmlElement:
    body = root.find("body")
    if body is None:
        body = root
    # One measurement serves the whole search: remove_boilerplate updates it where it drops
    # things, and prune reuses it (an element's stats depend on its subtree alone).
    stats = _measure(body)
    remove_boilerplate(body, stats)
    if stats[body].text == 0:
        return body
    scores = _score(body, stats)
    if not scores:
        return body
    best = max(scores, key=lambda el: scores[el])
    top = _climb(_widen(best, scores), stats)
    content = _with_siblings(body, top, scores.get(top, scores[best]), scores, stats)
    content = _with_continuations(body, content, best, scores, stats)
    prune(content, stats)
    drop_trailing_bio(content)
    drop_dangling_heading(content)
    drop_trailing_meta(content)
    return content


def _widen(top: HtmlElement, scores: dict[HtmlElement, float]) -> HtmlElement:
    """The parent of ``top`` when it holds two more of the best-scoring candidates (the
    content is spread over children)."""
    top_score = scores[top]
    ranked = sorted(scores, key=lambda el: scores[el], reverse=True)[:5]
    alternatives = [el for el in ranked[1:] if scores[el] >= top_score * 0.75]
    parent = top.getparent()
    while parent is not None and parent.tag not in ("body", "html") and len(alternatives) >= 2:
        if sum(1 for el in alternatives if _is_ancestor(parent, el)) >= 2:
            return parent
        parent = parent.getparent()
    return top


def _climb(top: HtmlElement, stats: dict[HtmlElement, _Stats]) -> HtmlElement:
    """Move up while the parent has only this child of substance."""
    parent = top.getparent()
    while parent is not None and parent.tag not in ("body", "html"):
        if stats[parent].text > stats[top].text * 1.1 + 20:
            break
        top = parent
        parent = top.getparent()
    return top


def _with_siblings(body: HtmlElement, top: HtmlElement, top_score: float,
                   scores: dict[HtmlElement, float],
                   stats: dict[HtmlElement, _Stats]) -> HtmlElement:
    """``top`` with its siblings that look like content: their parent when they are nearly
    all of it, else a new <div> holding them."""
    parent = top.getparent()
    if parent is None:
        return top
    threshold = max(10.0, top_score * 0.2)
    siblings = list(parent)
    flags = [_keep_sibling(s, top, scores, stats, threshold) for s in siblings]
    # headings introducing kept siblings belong to the content too
    for i in range(len(siblings) - 2, -1, -1):
        if not flags[i] and siblings[i].tag in _HEADINGS and flags[i + 1]:
            flags[i] = True
    keep = [s for s, f in zip(siblings, flags, strict=True) if f]
    kept_text = sum(stats[s].text for s in keep if s in stats)
    if parent.tag not in ("body", "html") and kept_text >= 0.9 * stats[parent].text:
        return parent
    if len(keep) > 1:
        return _gather(body, keep, stats)
    return top


def _gather(body: HtmlElement, parts: list[HtmlElement],
            stats: dict[HtmlElement, _Stats]) -> HtmlElement:
    """A new <div> holding ``parts`` (moved there, in the given order)."""
    content = body.makeelement("div", {})
    for part in parts:
        tail = part.tail
        content.append(part)  # moves it
        part.tail = tail
    stats[content] = _stats_from_children(content, stats)
    return content


def _with_continuations(body: HtmlElement, content: HtmlElement, best: HtmlElement,
                        scores: dict[HtmlElement, float],
                        stats: dict[HtmlElement, _Stats]) -> HtmlElement:
    """``content`` and the rest of an article split across containers that are not its
    siblings (an ad or a video between the halves, each half in its own wrappers): other
    prose containers of the same class as the best one, outside the content."""
    cls = best.get("class")
    if not cls:
        return content
    threshold = max(_CONTINUATION_MIN_SCORE, scores[best] * _CONTINUATION_SHARE)
    extra = [el for el in scores
             if el is not best and el.get("class") == cls and scores[el] >= threshold
             and _link_density(stats[el]) < _CONTINUATION_MAX_LINK_DENSITY
             and not _is_ancestor(content, el) and not _is_ancestor(el, content)
             and el is not content]
    if not extra:
        return content
    order = {el: i for i, el in enumerate(body.iter())}
    parts = sorted([content, *extra], key=lambda el: order.get(el, -1))
    return _gather(body, parts, stats)


def _is_ancestor(anc: HtmlElement, el: HtmlElement) -> bool:
    parent = el.getparent()
    while parent is not None:
        if parent is anc:
            return True
        parent = parent.getparent()
    return False


def _introduces_text(heading: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether the element after ``heading`` is text more than links (what a section
    under a heading is)."""
    after = heading.getnext()
    while after is not None and not isinstance(after.tag, str):
        after = after.getnext()
    if after is None or after.tag in _HEADINGS:
        return False
    st = stats.get(after)
    return st is not None and st.text >= MIN_INTRODUCED_CHARS and _link_density(st) < 0.5


def prune(content: HtmlElement, stats: dict[HtmlElement, _Stats] | None = None) -> None:
    """Conditionally drop low-value blocks inside the chosen content.

    ``stats``, when given, must hold the current stats of ``content`` and its descendants.
    """
    if stats is None:
        stats = _measure(content)
    doomed: list[HtmlElement] = []
    for el in content.iter():
        if el is content:
            continue
        st = stats.get(el)
        if st is not None and _prunable(el, st, stats):
            doomed.append(el)
    # a note or "See also" box is content whatever it holds (often nothing but links)
    doomed = [el for el in doomed if not _in_admonition(el, content)]
    doomed = _with_labels(doomed)
    # a pruning that would gut the content is wrong about this page: keep it whole
    if _removed_text(doomed, stats) > 0.6 * stats[content].text:
        doomed = [el for el in doomed if el.tag in _FORM_TAGS]
    _drop_all(doomed)


def _prunable(el: HtmlElement, st: _Stats, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether prune drops ``el`` (forms, navigation headings, link-heavy blocks)."""
    tag = el.tag
    if tag in _FORM_TAGS:
        return True
    if tag in _HEADINGS:
        return _is_link_heading(el, st, stats)
    if tag not in _PRUNABLE_TAGS:
        return False
    if not st.links and st.n_img <= 1 and st.n_li - 100 <= st.n_p:
        return False  # every test below needs links, images or a hundred list items
    if _kinds(el).embed or _admonition(el) or _is_headed_section(el, stats):
        return False  # judged by their parts, if at all
    if tag == "p":
        return _is_link_paragraph(el, st)
    return _is_link_block(el, st)


def _is_link_heading(el: HtmlElement, st: _Stats, stats: dict[HtmlElement, _Stats]) -> bool:
    # a linked heading introducing nothing, or only more links (a "related" list), is
    # navigation; one followed by text is a title that happens to be a link
    # (a link to an anchor of the page itself, like a FAQ's back-link to its questions,
    # navigates nowhere)
    return bool(st.text) and _link_density(st) > 0.5 and _leaves_page(el) \
        and not _introduces_text(el, stats)


def _leaves_page(el: HtmlElement) -> bool:
    """Whether ``el`` holds a link to another page (not only to anchors of this one)."""
    return any(not (a.get("href") or "").startswith("#") for a in el.iter("a"))


def _is_link_paragraph(el: HtmlElement, st: _Stats) -> bool:
    # a link alone in a table cell or list item is the cell's content (an API table's name
    # column), not a stray link paragraph
    parent = el.getparent()
    in_cell = parent is not None and parent.tag in _CELL_TAGS
    if in_cell or not st.text:
        return False
    density = _link_density(st)
    if density > 0.9 and st.text < 200:
        return True
    # "Read more: <a>another story</a>" set between the paragraphs of the text, or the
    # links under a "DON'T MISS" paragraph of its own
    if density >= _PROMO_MIN_LINK_DENSITY and st.text < _PROMO_MAX_CHARS:
        text = _short_text(el, _PROMO_MAX_CHARS)
        if text is not None and _PROMO_LEAD_RE.match(text) is not None:
            return True
        return _promo_label(el.getprevious())
    return False


_PROMO_LABEL_MAX_CHARS = 40


def _promo_label(el: HtmlElement | None) -> bool:
    """A paragraph that is only a promotion's label ("DON'T MISS", "Read more:")."""
    if el is None or el.tag != "p":
        return False
    text = _short_text(el, _PROMO_LABEL_MAX_CHARS)
    return text is not None and bool(text) and _PROMO_LEAD_RE.match(text) is not None


def _with_labels(doomed: list[HtmlElement]) -> list[HtmlElement]:
    """``doomed`` and the promotion labels right before its paragraphs."""
    labels = [prev for el in doomed if el.tag == "p"
              for prev in [el.getprevious()] if _promo_label(prev)]
    return doomed + labels if labels else doomed


def _is_link_block(el: HtmlElement, st: _Stats) -> bool:
    """A list, table or container that is mostly links, images or list items."""
    tag = el.tag
    density = _link_density(st)
    weight = _class_weight(el)
    if weight < 0 and st.commas < 10 and density > 0.2:
        return True
    if st.commas >= 10:
        return False
    if tag in ("ul", "ol"):
        return density > 0.5 and st.text < 2000
    if tag == "table":
        return density > 0.5
    if tag == "figure" or _wraps_one(el):
        return False  # a wrapper (e.g. a script's responsive-table div) is judged by its child
    n_p, n_img, n_li = st.n_p, st.n_img, st.n_li - 100
    if (n_img > 1 and n_p / n_img < 0.5 and st.text < 200) or \
            (n_li > n_p and tag not in ("ul", "ol")):
        return True
    if weight < 25 and density > 0.35 and st.text < 500:
        # a single link among words of the block's own (an API operation's path between
        # its method and its summary) is text with a link in it, not a block of links
        return density > 0.5 or _has_links(el, 2)
    return weight >= 25 and density > 0.6


def _has_links(el: HtmlElement, n: int) -> bool:
    """Whether ``el`` holds at least ``n`` links."""
    return sum(1 for _ in itertools.islice(el.iter("a"), n)) >= n


def _first_element(el: HtmlElement) -> HtmlElement | None:
    return next((c for c in el if isinstance(c.tag, str)), None)


def _is_headed_section(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """A section of a document: it starts with a heading, and what follows the heading is
    text more than links (a "related" block's heading introduces links). Its parts are
    judged, not the whole."""
    first = _first_element(el)
    if first is None or first.tag not in _HEADINGS:
        return False
    head, whole = stats.get(first), stats[el]
    if head is None:
        return False
    body_text = whole.text - head.text
    if body_text == 0:
        return True  # a heading alone: a stub of the document, kept as its outline
    return (whole.links - head.links) / body_text < _SECTION_MAX_LINK_DENSITY


def _in_admonition(el: HtmlElement, content: HtmlElement) -> bool:
    for anc in el.iterancestors():
        if anc is content:
            return False
        if _admonition(anc):
            return True
    return False


def _admonition(el: HtmlElement) -> bool:
    """A note, warning or "See also" box: content even when it is all links."""
    return _kinds(el).admonition


def _wraps_one(el: HtmlElement) -> bool:
    """A div/span whose only content is one element: a layout wrapper."""
    if el.tag not in ("div", "span") or len(el) != 1 or (el.text or "").strip():
        return False
    child = el[0]
    return isinstance(child.tag, str) and not (child.tail or "").strip()


def _removed_text(doomed: list[HtmlElement], stats: dict[HtmlElement, _Stats]) -> int:
    doomed_set = set(doomed)
    total = 0
    for el in doomed:
        parent = el.getparent()
        nested = False
        while parent is not None:
            if parent in doomed_set:
                nested = True
                break
            parent = parent.getparent()
        if not nested:
            total += stats[el].text
    return total


_DATE_RE = re.compile(
    r"\b(19|20)\d\d\b|\b\d{1,2}[:/.]\d{2}\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)"
    r"[a-z]*\.? \d{1,2}\b|\b\d{1,2} (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\bago\b",
    re.I,
)
_BYLINE_RE = re.compile(
    r"^(by|von|par|por|door|di|av|written by|posted|published|updated|last updated)\b", re.I
)
# A header ends at the first of these with 80 characters of text.
_HEADER_STOP_TAGS = frozenset(("p", "pre", "blockquote", "ul", "ol", "table", "dl"))
_META_TOKENS = words(
    """byline author authors date dateline time timestamp meta post-meta entry-meta article-meta
    published updated posted pubdate info"""
)


def _norm(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def _collapsed_text(el: HtmlElement) -> str:
    return " ".join("".join(el.itertext()).split())


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


def strip_header(content: HtmlElement, title: str | None) -> str | None:
    """Drop the headline, byline and dateline that precede the first real paragraph."""
    norm_title = _norm(title or "")
    headline: str | None = None
    doomed: list[HtmlElement] = []
    for i, el in enumerate(content.iter()):
        if i > 400:  # the header is at the top
            break
        tag = el.tag
        if el is content or not isinstance(tag, str):
            continue
        if any(_is_ancestor(d, el) for d in doomed):
            continue
        if tag in _HEADINGS:
            heading = _collapsed_text(el)
            if headline is None and heading and (
                tag == "h1" or (norm_title and _norm(heading) in norm_title)
            ):
                headline = heading.rstrip("¶").strip()
                doomed.append(_header_block(el, content, len(heading)))
            continue
        # Past 120 characters, all that matters of the text is that it is long (>= 80): the
        # first elements are often wrappers of the whole content, too long to join whole.
        text = _short_text(el, 120)
        if text is None:
            if tag in _HEADER_STOP_TAGS:
                break
            continue
        if tag in _HEADER_STOP_TAGS and len(text) >= 80:
            break
        if tag == "p" and len(text) >= 25 and not _DATE_RE.search(text) \
                and not _BYLINE_RE.match(text):
            break
        if not text:
            continue
        has_block_child = any(
            isinstance(c.tag, str) and c.tag in BLOCK_TAGS for c in el
        )
        if has_block_child:
            continue
        if (_kinds(el).meta or tag in ("time", "address")
                or el.find(".//time") is not None
                or (_BYLINE_RE.match(text) and len(text) < 100)
                or (_DATE_RE.search(text) and len(text) < 60)):
            doomed.append(el)
    _drop_all(doomed)
    return headline


_HEADER_BLOCK_EXTRA_CHARS = 300
_HEADER_BODY_FACTOR = 2
"""The content outside a header block holds at least this many times its text."""
"""A wrapper of the headline with at most this much more text is the article's header (the
headline with its standfirst, byline and date), not part of the body."""


_LANDMARK = etree.XPath("self::main or self::article or @role='main' "
                        "or descendant::main or descendant::article "
                        "or descendant::*[@role='main']")


def _holds_landmark(el: HtmlElement) -> bool:
    """Whether ``el`` is or holds the page's main or article landmark: the body is there,
    so ``el`` is no header block."""
    return bool(_LANDMARK(el))


def _header_block(headline: HtmlElement, content: HtmlElement, size: int) -> HtmlElement:
    """The largest wrapper of ``headline`` inside ``content`` that holds little more than
    it: the header the body follows."""
    block = headline
    parent = headline.getparent()
    total = None
    while parent is not None and parent is not content:
        text = _short_text(parent, size + _HEADER_BLOCK_EXTRA_CHARS)
        if text is None or parent.find(".//pre") is not None or _holds_landmark(parent):
            break
        if total is None:  # the text of the landmark it is in, else of the content
            scope = next((a for a in headline.iterancestors() if a is content or
                          a.tag in ("main", "article") or a.get("role") == "main"), content)
            total = len(_collapsed_text(scope))
        # the body follows the header: a wrapper holding (nearly) all the content is the
        # article itself (a short page's only <section>), not its header
        if total - len(text) < _HEADER_BODY_FACTOR * len(text):
            break
        block, parent = parent, parent.getparent()
    return block


# -- the end: date and source lines after the body --------------------------------------

_TRAILING_META_RE = re.compile(
    r"^(source|sources|first published|published|updated|last updated|posted|filed|tags|"
    r"tagged|topics|reporting by|additional reporting|editing by|writing by)\b", re.I)
_TRAILING_META_MAX_CHARS = 300
_TRAILING_LABEL_RE = re.compile(r"^[^\W\d]+(?: [^\W\d]+)?$")
"""A word or two alone at the very end: the label of a share bar or comments block whose
buttons are gone ("Share", "Comments")."""
_TRAILING_META_MAX_WORDS = 6


def drop_trailing_meta(content: HtmlElement) -> None:
    """Drop the short date and source lines the content ends with ("First Published on
    Nov 20, 2019", "SOURCE: News agencies")."""
    leaves = [el for el in content.iter(*_BIO_BLOCKS) if el is not content
              and not any(isinstance(c.tag, str) and c.tag in BLOCK_TAGS for c in el)]
    for el in reversed(leaves):
        text = _short_text(el, _TRAILING_META_MAX_CHARS)
        if text == "":
            continue
        if text is None or not _is_meta_line(text):
            return
        el.tail = None
        drop_tree(el)


def _is_meta_line(text: str) -> bool:
    if _TRAILING_META_RE.match(text) or _TRAILING_LABEL_RE.match(text):
        return True
    return bool(_DATE_RE.search(text)) and len(text.split()) <= _TRAILING_META_MAX_WORDS \
        and not _SENTENCE_END_RE.search(text)


_PROMO_LEAD_RE = re.compile(
    r"^\W*(read more|read also|also read|see more|see also|more on this|related|recommended|"
    r"don.?t miss|also on|watch|listen|must read|trending)\b", re.I)
"""How an in-text promotion of other stories starts ("Read more: ...", "DON'T MISS")."""
_PROMO_MAX_CHARS = 300
_PROMO_MIN_LINK_DENSITY = 0.5


# -- a bio at the end: "About the author", a company's press-release boilerplate ----------

_BIO_LEAD_RE = re.compile(
    r"^\W*(?:about\s+(?:the\s+)?\S+|(?:[A-Z][\w.'’&-]*\s+){0,4}[A-Z][\w.'’&-]*,?\s+"
    r"(?:is|was)\s+(?:a|an|the)\s)", re.U)
"""How a bio starts: "About Ascom", "About the author", "Jane Doe is a reporter ...",
"Example Corp. is the leading ..."."""
_BIO_MAX_CHARS = 1500
_BIO_SCAN = 4
"""Blocks looked at from the end of the content (a bio is one of its last)."""
_BIO_BLOCKS = words("p div section aside footer")


def drop_trailing_bio(content: HtmlElement) -> None:
    """Drop an author's or a company's bio among the last blocks of the content: a block
    that starts like one and is set apart like one (a photo, a bold name, a rule or an
    "About ..." heading before it)."""
    blocks = [el for el in content.iter(*_BIO_BLOCKS) if el is not content
              and not any(isinstance(c.tag, str) and c.tag in _BIO_BLOCKS for c in el)]
    for el in blocks[-_BIO_SCAN:]:
        text = _short_text(el, _BIO_MAX_CHARS)
        if text and _BIO_LEAD_RE.match(text) and _set_apart(el):
            bio = el
            # its wrapper goes with it when the wrapper holds nothing else (the photo)
            parent = bio.getparent()
            while parent is not None and parent is not content and \
                    len(_collapsed_text(parent)) <= len(text) + 20:
                bio, parent = parent, parent.getparent()
            drop_tree(bio)
            return


def _set_apart(el: HtmlElement) -> bool:
    first = _first_element(el)
    if first is not None and first.tag in ("b", "strong") and not (el.text or "").strip():
        return True  # a bold name leading it
    node = el
    while node is not None:
        if node.find(".//img") is not None and len(_collapsed_text(node)) < _BIO_MAX_CHARS:
            return True  # a photo beside it
        prev = node.getprevious()
        if prev is not None and (prev.tag == "hr" or (
                prev.tag in _HEADINGS and _collapsed_text(prev).lower().startswith("about"))):
            return True  # a rule or an "About ..." heading before it
        if prev is not None or node.getparent() is None:
            break
        node = node.getparent()
    return False


def _reversed_iter(content: HtmlElement, tags: frozenset[str]) -> Iterator[HtmlElement]:
    return reversed(list(content.iter(*tags)))


# -- a heading left at the end: it introduces nothing (comments, a pruned "related" list) --

_DANGLING_MAX_CHARS = 40
"""Text after the content's last heading below this is no section: the heading goes."""


def _text_before(content: HtmlElement, target: HtmlElement) -> int:
    """Characters of text in ``content`` before ``target`` (in document order)."""
    size = len((content.text or "").strip())
    above = set(target.iterancestors())  # their tails come after target
    for el in content.iterdescendants():
        if el is target:
            return size
        if isinstance(el.tag, str):
            size += len((el.text or "").strip())
        if el not in above:
            size += len((el.tail or "").strip())
    return size


def drop_dangling_heading(content: HtmlElement) -> None:
    """Drop the content's last heading and what follows it when that is (almost) no text: a
    "Comments" or "Related" heading whose block is gone, a comment count."""
    last = next(_reversed_iter(content, _HEADINGS), None)
    if last is None:
        return
    after: list[HtmlElement] = []
    node = last
    while node is not None and node is not content:
        after.extend(s for s in node.itersiblings() if isinstance(s.tag, str))
        node = node.getparent()
    rest = (last.tail or "").strip()
    size = len(rest) + sum(len(_collapsed_text(el)) + len((el.tail or "").strip())
                           for el in after)
    if size >= _DANGLING_MAX_CHARS or _text_before(content, last) < _DANGLING_MAX_CHARS:
        return  # (a heading with nothing before it heads the page: its short text is it)
    for el in [last, *after]:
        el.tail = None  # (counted above: it goes too)
        drop_tree(el)
