"""Choosing the main content: paragraphs score their ancestors, the best candidate is widened
to where the best-scoring blocks are spread and joined by the siblings that look like
content, and by the other halves of an article split across containers."""

from __future__ import annotations

import itertools
from functools import cached_property

from lxml.html import HtmlElement

from ._articletoc import CONTENTS_ATTR
from ._chrome import _is_chrome
from ._directory import directory_sections
from ._listingwin import flow_prose, listings_only
from ._namecommas import names_between_commas
from ._prune import _link_sentence
from ._signals import _NOT_PARAGRAPHS, _SENTENCE_END_RE, _admonition, _class_weight, teasers
from ._stats import (
    CODE_TAGS,
    _drop_all,
    _link_density,
    _remeasure,
    _Stats,
    _stats_from_children,
    text_outside_chrome,
)
from ._text import BLOCK_TAGS, text_content, words
from ._tokens import _nav_word, _tokens_of
from ._tree import _HEADINGS, _is_ancestor, _own_text

_SIBLING_MAX_LINK_DENSITY = 0.3
"""A sibling of the content this much links is a column of teasers, however it scores."""
_CONTINUATION_MIN_SCORE = 10.0
_CONTINUATION_SHARE = 0.3
"""An article's other half scores at least this share of the best container's score."""
_CONTINUATION_MAX_LINK_DENSITY = 0.25
_TAG_BASE = {
    "div": 5.0, "article": 10.0, "main": 10.0, "section": 3.0,
    "pre": 3.0, "td": 3.0, "blockquote": 3.0,
    "address": -3.0, "ol": -3.0, "ul": -3.0, "dl": -3.0, "dd": -3.0, "dt": -3.0,
    "li": -3.0, "form": -3.0,
    "h1": -5.0, "h2": -5.0, "h3": -5.0, "h4": -5.0, "h5": -5.0, "h6": -5.0, "th": -5.0,
}



def _score(body: HtmlElement, stats: dict[HtmlElement, _Stats],
           mass: dict[HtmlElement, float] | None = None) -> dict[HtmlElement, float]:
    """Each candidate's score: the points of the paragraphs below it, decaying with their
    distance. ``mass``, when given, gets every element's undecayed sum of the points of the
    paragraphs below it, each less its link share (how much prose it holds)."""
    scores: dict[HtmlElement, float] = {}
    for el in body.iter(*_PARAGRAPH_TAGS):  # (lxml passes over the others: most elements)
        st = stats.get(el)
        if st is None or st.inline < 25:
            continue
        runs = _br_runs(el) if st.inline >= _BR_BLOCK_MIN_CHARS else 1
        # text in <br>-separated runs is that many paragraphs, held by this element itself:
        # scored as one paragraph it lost to any few <p> elsewhere
        # (a code listing's commas separate arguments, not clauses: they say nothing of prose)
        # (nor do a list's, names between commas: ``_namecommas``)
        commas = 0 if el.tag == "pre" or names_between_commas(el, st.commas) else st.commas
        points = runs + commas + min(st.inline // 100, 3 * runs)
        _spread(body, el if runs > 1 else el.getparent(), points, scores, stats)
        if mass is not None:
            _accumulate(body, el, points * (1.0 - _link_density(st)), mass)
    for el in scores:
        scores[el] *= 1.0 - _link_density(stats[el])
    return scores


_PARAGRAPH_TAGS = tuple(sorted(BLOCK_TAGS - _NOT_PARAGRAPHS))
"""The tags of an element that scores as a paragraph (by its own inline text): a block's,
not a list item's, a heading's, a term's or a caption's."""
_BR_BLOCK_MIN_CHARS = 200
"""Only inline text this long is looked at for <br>-separated paragraphs."""


def _br_runs(el: HtmlElement) -> int:
    """How many paragraphs <br><br> (or <br> between runs of text) split ``el``'s own text
    into; 1 when it has no such breaks, or when every run is code (a listing a line each:
    a header file's ``#include`` lines are one block, as a <pre> is)."""
    breaks = 0
    previous_br = False
    prose = bool((el.text or "").strip())
    for child in el:
        if child.tag == "br":
            if not previous_br:
                breaks += 1
            previous_br = not (child.tail or "").strip()
        else:
            previous_br = False
            prose = prose or (isinstance(child.tag, str) and child.tag not in CODE_TAGS
                              and any(t.strip() for t in child.itertext()))
        prose = prose or bool((child.tail or "").strip())
    return breaks + 1 if prose else 1


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


def _accumulate(body: HtmlElement, el: HtmlElement, points: float,
                mass: dict[HtmlElement, float]) -> None:
    node: HtmlElement | None = el
    while node is not None:
        mass[node] = mass.get(node, 0.0) + points
        if node is body:
            return
        node = node.getparent()


def _keep_sibling(
    sib: HtmlElement, top: HtmlElement, scores: dict[HtmlElement, float],
    stats: dict[HtmlElement, _Stats], threshold: float, text: _TextPlaces,
) -> bool:
    """Whether ``sib``, a sibling of the content ``top``, is content too. ``text``: the
    places in ``top`` (see ``_notes_of``), shared by the siblings asked."""
    if sib is top:
        return True
    if not isinstance(sib.tag, str) or teasers(sib):
        return False  # (other stories' headlines and summaries, however they score)
    if _notes_of(sib, text):
        return True
    if sib.get(CONTENTS_ATTR) is not None:
        return True  # (its section's table of contents, which the boilerplate pass kept)
    bonus = 0.0
    if sib.get("class") and sib.get("class") == top.get("class"):
        bonus = scores.get(top, 0.0) * 0.2
    st = stats.get(sib)
    if st is None:
        return scores.get(sib, -1e9) + bonus >= threshold
    if scores.get(sib, -1e9) + bonus >= threshold and \
            _link_density(st) < _SIBLING_MAX_LINK_DENSITY:
        return True
    # (a short block says it is chrome by its class: a manual's navigation bar beside a
    # short entry, its version line and its links, is no paragraph of the entry's)
    if sib.tag == "p" or (sib.tag in ("div", "section") and st.paragraphs <= 1
                          and _class_weight(sib) >= 0):
        density = _link_density(st)
        if st.text > 80 and density < 0.25:
            return True
        if 0 < st.text <= 80 and density == 0 and _SENTENCE_END_RE.search(_own_text(sib)):
            return True
        if sib.tag == "p" and density > 0.9 and _link_sentence(sib):
            return True  # a statement that is a link ("Go to the source code of this file.")
    # the next chapter of a document split into <section>s, each under its own heading
    if sib.tag == top.tag == "section" and st.paragraphs >= 2 and _link_density(st) < 0.2:
        first = next((c for c in sib if isinstance(c.tag, str)), None)
        if first is not None and first.tag in _HEADINGS:
            return True
    return False



class _TextPlaces:
    """The places inside the text (``top``: the ids and names of its elements) and the
    places its in-page links go to, worked out once per selection, at the first sibling
    that asks: asked again of each sibling (``_notes_of``), they would cost the number of
    siblings times the size of the text."""

    def __init__(self, top: HtmlElement) -> None:
        self.top = top

    @cached_property
    def ids(self) -> frozenset[str]:
        return frozenset(i for el in self.top.iterdescendants() if isinstance(el.tag, str)
                         for i in (el.get("id"), el.get("name")) if i)

    @cached_property
    def targets(self) -> frozenset[str]:
        return frozenset(h[1:] for a in self.top.iter("a")
                         if (h := a.get("href") or "").startswith("#") and len(h) > 1)


def _notes_of(sib: HtmlElement, text: _TextPlaces) -> bool:
    """Whether ``sib`` holds the notes of the text (``text.top``): the text's note
    references link to places inside ``sib`` (``href="#FOOT12"``), and the notes link back
    to places inside the text (``href="#DOCF12"``). Notes set after the text's container
    (makeinfo's ``div.footnote``, a blog's footnotes after its article) are the text's,
    whatever their class says ("footnote" weighs as a page footer's). Places inside, not the
    blocks themselves: a page header's skip link to the content and the content's "back to
    top" link to the header link the two blocks, not their parts."""
    back = {h[1:] for a in sib.iter("a") if (h := a.get("href") or "").startswith("#") and
            len(h) > 1}
    if not back or not back & text.ids:
        return False
    inside_sib = {i for el in sib.iterdescendants() if isinstance(el.tag, str)
                  for i in (el.get("id"), el.get("name")) if i}
    return bool(text.targets & inside_sib)


_CLASS_WIN_MAX_MASS = 3.0
"""A best candidate with at most this much prose (``mass``: about three short paragraphs,
as ``_content.PROSE_MIN_MASS``) may owe its place to its class name alone."""
_CLASS_WIN_MASS_FACTOR = 4.0
"""... when an ancestor candidate holds this many times its prose."""


def _over_class(best: HtmlElement, scores: dict[HtmlElement, float],
                mass: dict[HtmlElement, float]) -> HtmlElement:
    """``best``, or the ancestor candidate that holds the prose when ``best`` won by its
    class name alone: a block of little prose (a code sample's wrapper named "...-contents")
    whose score less its class weight is below that of an ancestor holding several times
    its prose (the section the sample is one block of). A class name is a hint, the prose
    below an element is what it is: a container named "content" that holds a listing
    does not outrank the section around it. (An article's body holds more prose than
    ``_CLASS_WIN_MAX_MASS``: this never trades it for its wrapper and comments.)

    The ancestor's prose is counted without its navigation (``chrome_beside``): the titles
    of the pages around it in a generated manual's navigation bar are text cells long
    enough to count as paragraphs, and a wrapper holding nothing else beside the block is
    no section of it."""
    weight = _class_weight(best)
    own = mass.get(best, 0.0)
    if weight <= 0:
        return best
    listings = own > _CLASS_WIN_MAX_MASS and listings_only(best, mass)
    if listings:  # (its listings are no prose: a live example's markup, however long)
        own = 0.0
    elif own > _CLASS_WIN_MAX_MASS:
        return best
    bare = scores[best] - weight
    found = best
    chrome = 0.0
    child = best
    for anc in best.iterancestors():
        chrome += sum(mass.get(c, 0.0) for c in _chrome_parts(anc, child))
        child = anc
        if anc in scores and (not listings or flow_prose(anc, mass)) and \
                mass.get(anc, 0.0) - chrome >= _CLASS_WIN_MASS_FACTOR * max(own, 1.0) \
                and scores[anc] >= bare and (found is best or scores[anc] > scores[found]):
            found = anc
    return found


def chrome_beside(anc: HtmlElement, block: HtmlElement) -> list[HtmlElement]:
    """The navigation in ``anc`` outside ``block`` (under it): the outermost elements of
    ``anc`` not on the way down to ``block`` whose tag or role says navigation chrome
    (``_chrome._is_chrome``: nav, aside, a header or footer of the page) or whose class
    names navigation (``_navigation_class``: a manual's "navheader" and "navfooter",
    Publican's "docnav": the page's own word that they are not its text), a note's box
    (an admonition) aside. The
    parts of ``anc`` a block that won by its class name takes in when it yields to ``anc``
    (``_over_class``): they were no reason it yielded, so they are not taken in with it."""
    parts: list[HtmlElement] = []
    child = block
    for node in block.iterancestors():
        parts += _chrome_parts(node, child)
        if node is anc:
            return parts
        child = node
    return []


def _chrome_parts(parent: HtmlElement, child: HtmlElement) -> list[HtmlElement]:
    """The outermost chrome (see ``chrome_beside``) under ``parent`` beside ``child``. A
    section's heading is none, whatever its class says (``_titles_section``)."""
    found: list[HtmlElement] = []
    stack = [c for c in parent if c is not child and isinstance(c.tag, str)]
    while stack:
        el = stack.pop()
        if _admonition(el) or _titles_section(el):
            continue
        if _is_chrome(el, el.tag, (el.get("role") or "").strip().lower()) or \
                _navigation_class(el):
            found.append(el)
        else:
            stack.extend(c for c in el if isinstance(c.tag, str))
    return found


def _titles_section(el: HtmlElement) -> bool:
    """Whether ``el`` is a heading: it titles the text under it, whatever its class names
    (Docusaurus's ``h3.anchorTargetStickyNavbar_Vzrq``, the sticky bar's offset for its
    anchor). A site's navigation is a block of links beside the text; a heading over
    such a block goes with it, and one left alone goes as dangling (``_edges``)."""
    return el.tag in _HEADINGS


_NAV_TOKENS = words("nav navigation menu menubar breadcrumb breadcrumbs crumbs pager "
                    "pagination toolbar footer skiplink")
"""Class tokens naming navigation, beside the one-word ones (``_tokens._nav_word``)."""


def _navigation_class(el: HtmlElement) -> bool:
    """Whether ``el``'s class or id names it navigation: one of ``_NAV_TOKENS`` or a word
    with "nav" in it (``_nav_word``: DocBook's "navheader" and "navfooter", Publican's
    "docnav"). By whole tokens, not the letters anywhere in them: a Doxygen row of members
    inherited from a class named "SharedObject" is no share bar."""
    raw = " ".join(v for v in (el.get("class"), el.get("id")) if v)
    return bool(raw) and any(t in _NAV_TOKENS or _nav_word(t) for t in _tokens_of(raw))


def drop_chrome_beside(body: HtmlElement, anc: HtmlElement, block: HtmlElement,
                       stats: dict[HtmlElement, _Stats], scores: dict[HtmlElement, float],
                       mass: dict[HtmlElement, float]) -> None:
    """Drop ``chrome_beside(anc, block)``, keeping ``stats``, ``scores`` and ``mass`` true
    (the ancestors hold that much less prose; the parts are no candidates any more)."""
    parts = chrome_beside(anc, block)
    if not parts:
        return
    for part in parts:
        lost = mass.get(part, 0.0)
        if lost:
            for a in part.iterancestors():
                if a in mass:
                    mass[a] -= lost
                if a is body:
                    break
        for el in part.iter():
            scores.pop(el, None)
    _remeasure(stats, body, _drop_all(parts))


def _widen(top: HtmlElement, scores: dict[HtmlElement, float]) -> HtmlElement:
    """The parent of ``top`` when it holds two more of the best-scoring candidates (the
    content is spread over children); but ``top``, or the candidate around it, when that
    holds them all already (``_within``): the page's column, scoring near its description
    and types block inside it, is where their spread ends, not its parent beside the side
    menu."""
    top_score = scores[top]
    ranked = sorted(scores, key=lambda el: scores[el], reverse=True)[:5]
    alternatives = [el for el in ranked[1:] if scores[el] >= top_score * 0.75]
    parent = top.getparent()
    while parent is not None and parent.tag not in ("body", "html") and len(alternatives) >= 2:
        held = [el for el in alternatives if _is_ancestor(parent, el)]
        if len(held) >= 2:
            # (the innermost of ``top`` and the candidates around it that holds them all)
            for holder in (top, *(a for a in top.iterancestors() if a in held)):
                if all(_within(holder, el) for el in held):
                    return holder
            return parent
        parent = parent.getparent()
    return top


def _within(top: HtmlElement, el: HtmlElement) -> bool:
    """Whether the candidate ``el`` is ``top`` or inside it (``top`` may have yielded to
    its container, ``_over_class``, and be no best candidate): no content spread beside
    it, since ``top`` holds it already. The content is spread over the parent's children
    when one of the best candidates is outside ``top``; when all are inside, it is not: a
    short reference page's container scores little more than its description and its
    types block inside it (a few lines each), and they are no reason to widen it to its
    parent, the page's column beside its side menu of every module and function."""
    return el is top or _is_ancestor(top, el)


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
    text = _TextPlaces(top)
    flags = [_keep_sibling(s, top, scores, stats, threshold, text) for s in siblings]
    _keep_prose_lists(siblings, flags, stats)
    directory_sections(siblings, flags, stats)  # (a directory page's sections of links)
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


def _keep_prose_lists(siblings: list[HtmlElement], flags: list[bool],
                      stats: dict[HtmlElement, _Stats]) -> None:
    """Mark as content the lists set between kept siblings whose every item is a sentence
    (SQLite's quickstart: "Get a copy of the prebuilt binaries... Visit the download page for
    more information." under its own heading, between the intro and the next section; SCons'
    chapter intro: "The arguments ... are broken down into three types:", then a definition
    list of the three, before the chapter's first section): too short to score, they are
    steps of the text. Chrome of that shape (a sidebar's list of links, a footer's list) sits
    at the content's edges, not inside it, and says no sentences."""
    kept = [i for i, f in enumerate(flags) if f]
    if len(kept) < 2:
        return
    for i in range(kept[0] + 1, kept[-1]):
        if not flags[i] and _prose_list(siblings[i], stats):
            flags[i] = True


PROSE_LIST_MAX_LINK_DENSITY = 0.25
"""A list of sentences is mostly words: under this share of its text is link text."""


def _prose_list(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """A list of sentences: each item's text ends a sentence, few of its words are links.
    A definition list's items are its definitions, each under a term that is no link (a
    list of links with a line under each is other pages' teasers); a list alone in its
    wrapper (DocBook's ``div.variablelist``) is the wrapper's."""
    st = stats.get(el)
    if st is None or st.text == 0 or _link_density(st) >= PROSE_LIST_MAX_LINK_DENSITY:
        return False
    found = _only_list(el)
    if found is None:
        return False
    items: list[HtmlElement] | None
    if found.tag == "dl":
        items = _definitions(found)
    else:
        items = [c for c in found if isinstance(c.tag, str)]
        if any(c.tag != "li" for c in items):
            return False
    return items is not None and bool(items) and all(
        _SENTENCE_END_RE.search(text_content(c).strip()) for c in items)


_LISTS = ("ul", "ol", "dl")


def _only_list(el: HtmlElement) -> HtmlElement | None:
    """``el`` when it is a list, or the one list it wraps (its only child with text)."""
    if el.tag in _LISTS:
        return el
    if el.tag != "div":
        return None
    texted = [c for c in el if isinstance(c.tag, str) and text_content(c).strip()]
    if len(texted) != 1 or texted[0].tag not in _LISTS or (el.text or "").strip():
        return None
    return texted[0]


def _definitions(dl: HtmlElement) -> list[HtmlElement] | None:
    """A definition list's definitions (``<dd>``, also in HTML's ``<div>`` groups), or None
    when it is no list of defined terms: a child of another kind, or a term that is all
    link."""
    parts = [c for c in dl if isinstance(c.tag, str)]
    parts = [g for c in parts for g in ([x for x in c if isinstance(x.tag, str)]
                                         if c.tag == "div" else [c])]
    if any(c.tag not in ("dt", "dd") for c in parts):
        return None
    for term in (c for c in parts if c.tag == "dt"):
        text = text_content(term).strip()
        linked = "".join(text_content(a) for a in term.iter("a")).strip()
        if text and len(linked) >= len(text):
            return None
    return [c for c in parts if c.tag == "dd"]


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


NAV_BAR_MAX_LINKS = 8
"""A bar of links to the pages around a page (prev, up, home, next, and the titles of
those pages) has at most this many links; a site map or a list of contents has more."""


def navigation_won(body: HtmlElement, block: HtmlElement, scores: dict[HtmlElement, float],
                   stats: dict[HtmlElement, _Stats], chrome: bool | None = None
                   ) -> list[HtmlElement]:
    """The navigation bars of the page when they are all that scored: the best candidate
    is in one, no candidate outside them scored (the page's text is too short to: a
    section of one line, "Configuring is fun."), each is a bar (see ``chrome_beside``: its
    tag, role or class says navigation) of a few links (``NAV_BAR_MAX_LINKS``), and
    outside them the page has its own heading: the page is that heading and its line,
    and the bars are its chrome, spared by boilerplate removal only because the page is
    short. Any generator that puts prev/next bars around short pages makes one so. A
    page whose only text is a list of many links (a site map) is that list; and when
    nothing outside the bars has a heading, the bars are all the page says. Else [].
    ``chrome``: ``_chrome_block(body, block, stats)`` when the caller has it."""
    # (first the block's own ancestors: on most pages none is chrome, and the walk of
    # the whole page below is not made)
    if not (_chrome_block(body, block, stats) if chrome is None else chrome):
        return []
    bars = _chrome_parts(body, body)
    if not bars or (not any(_is_ancestor(bar, block) or bar is block for bar in bars) and \
            not _holds_chrome(block, stats)):
        return []
    if any(sum(1 for _ in bar.iter("a")) > NAV_BAR_MAX_LINKS for bar in bars):
        return []
    for el in scores:
        if not any(el is bar or _is_ancestor(bar, el) or _is_ancestor(el, bar)
                   for bar in bars):
            return []  # (a candidate of the page's own: it is judged as ever)
    if not any(h in stats and stats[h].text and not any(_is_ancestor(bar, h) for bar in bars)
               for h in body.iter(*_HEADINGS)):
        return []
    return bars


CHROME_HELD_SHARE = 0.9
"""A block whose text is this much chrome by its parts' classes is chrome's wrapper."""


def _holds_chrome(block: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether nearly all of ``block``'s text is in parts its classes call chrome (the cell
    of a layout table holding a ``div.copyright-footer``): the block is chrome's wrapper."""
    st = stats.get(block)
    if st is None or st.text <= 0:
        return False
    allowed = int((1 - CHROME_HELD_SHARE) * st.text)
    return text_outside_chrome(block, stats, allowed) <= allowed


def _in_chrome(body: HtmlElement, el: HtmlElement) -> bool:
    """Whether ``el`` is, or is in, chrome under ``body``: navigation, a header or a footer
    by its tag, role or class (``_is_chrome``, ``_navigation_class``)."""
    return any(_navigation_class(a) or _is_chrome(a, a.tag, (a.get("role") or "").strip()
                                                  .lower())
               for a in itertools.takewhile(lambda a: a is not body,
                                            itertools.chain((el,), el.iterancestors())))


def outside_chrome(body: HtmlElement, block: HtmlElement, scores: dict[HtmlElement, float],
                   stats: dict[HtmlElement, _Stats], chrome: bool | None = None
                   ) -> tuple[HtmlElement, bool]:
    """``block``, the best candidate, or when it is chrome (in it, or its wrapper:
    ``_in_chrome``, ``_holds_chrome``) the best candidate of the page's own that scored at
    all. A short page's footer ("Copyright © 2011 ... Distributed under the Boost Software
    License ...", two sentences) outscores a text of one short paragraph and a list ("There
    are a number of similar libraries in existence. I'm aware of at least three.", three
    linked names); its class weighs against it, not enough. Of the page's own, not around
    the chrome: the body holds the footer and the menu no class names too. (When nothing
    of the page's own scored, ``navigation_won`` has said what the page is.)

    With it, whether the block returned is chrome (``_chrome_block``): a block of the
    page's own is none by its choice, and ``block`` is what it was found (``chrome``, when
    the caller has it), so no block is asked twice (``_holds_chrome`` walks its text)."""
    if not (_chrome_block(body, block, stats) if chrome is None else chrome):
        return block, False
    own = [el for el, score in scores.items()
           if score > 0 and not _is_ancestor(el, block) and not _chrome_block(body, el, stats)]
    return (max(own, key=lambda el: scores[el]), False) if own else (block, True)


def _chrome_block(body: HtmlElement, el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    return _in_chrome(body, el) or _holds_chrome(el, stats)

