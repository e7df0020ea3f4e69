"""Main-content detection and boilerplate removal (the passes, in order).

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

Modules: ``_signals`` (what an element's tag, class, id and role say: ``_tokens`` its class
and id tokens, ``_ids`` its id's reading, ``_tree`` small tree helpers), ``_stats`` (text
statistics), ``_boiler`` (1; ``_banner``: a site's banner no tag or class marks),
``_select`` (2, 3), ``_prune`` (4; ``_kept``: what it keeps anyway), ``_edges`` (the
headline and the trailing lines; ``_bio``: a bio at the end).
"""

from __future__ import annotations

from typing import NamedTuple

from lxml.html import HtmlElement

from ._bio import drop_trailing_bio
from ._boiler import remove_boilerplate
from ._clean import drop_tree
from ._contentend import drop_dangling_heading, drop_trailing_meta
from ._edges import headline_before, headline_text, strip_header
from ._entryhead import kind_heading_beside, titled_header_in
from ._entrylabels import drop_entry_labels
from ._headerlines import header_lines
from ._kindline import kind_header
from ._leadblock import lead_over_parts
from ._licence import drop_licence_notice
from ._listing import listing_whole
from ._namelines import names_entry
from ._ownlandmark import unscored_landmark
from ._pagehead import under_own_title
from ._pitch import drop_newsletter_pitch
from ._posttail import post_tail
from ._prune import prune
from ._ruledfooter import drop_ruled_copyright
from ._sectionwhole import section_made_whole
from ._select import (
    _chrome_block,
    _climb,
    _over_class,
    _score,
    _widen,
    _with_continuations,
    _with_siblings,
    drop_chrome_beside,
    navigation_won,
    outside_chrome,
)
from ._sidemenu import menus_alone, side_menus
from ._stats import TextSize, _drop_all, _measure, _remeasure, _Stats, _stats_from_children
from ._tablesections import drop_bar_links
from ._trailtitle import trail_title_in
from ._tree import _is_ancestor
from ._whole import whole

PROSE_MIN_MASS = 3.0
"""A page with less prose than this (see ``_select._score``: about three short paragraphs)
has none to speak of: its links are what it says (see ``prune``)."""


class Main(NamedTuple):
    """The main content of a page, and what the page had to read."""

    content: HtmlElement
    """The element (possibly a new <div>) holding the main content."""
    headline: str | None
    """The headline removed from its top (the article's title, which belongs to the
    metadata), if any."""
    readable: TextSize
    """The page's readable text: its body less navigation chrome (see ``chrome``) and hidden
    elements (``_clean.basic_clean`` dropped those)."""


def find_main(root: HtmlElement, title: str | None = None) -> tuple[HtmlElement, str | None]:
    """The element (possibly a new <div>) holding the main content, and the headline removed
    from its top (the article's title, which belongs to the metadata), if any."""
    main = main_content(root, title)
    return main.content, main.headline


def main_content(root: HtmlElement, title: str | None = None) -> Main:
    """:func:`find_main`, and the size of the page's readable text."""
    content, readable, above = _find_main(root, title)
    headline = strip_header(content, title, titled_above=above is not None)
    if headline is None and above is not None and not _is_ancestor(content, above):
        headline = headline_text(above) or None
    return Main(content, headline, readable)


def _find_main(root: HtmlElement, title: str | None = None
               ) -> tuple[HtmlElement, TextSize, HtmlElement | None]:
    """The main content, the page's readable text, and the headline set above the content
    (outside it), if any."""
    body = root.find("body")
    if body is None:
        body = root
    # One measurement serves the whole search: remove_boilerplate updates it where it drops
    # things, and prune reuses it (an element's stats depend on its subtree alone).
    stats = _measure(body)
    readable = remove_boilerplate(body, stats, title)
    if stats[body].text == 0:
        return body, readable, None
    mass: dict[HtmlElement, float] = {}
    scores = _score(body, stats, mass)
    if not scores:  # (a page of no paragraph: a cover; its side menu is none of it)
        _remeasure(stats, body, _drop_all(side_menus(body, stats)))
        return body, readable, None
    block = max(scores, key=lambda el: scores[el])
    chrome = _chrome_block(body, block, stats)  # (asked once: it walks the block's text)
    bars = navigation_won(body, block, scores, stats, chrome)
    if bars:  # (a page too short for any of its own text to score: it is what is left)
        _remeasure(stats, body, _drop_all(bars))
        return body, readable, None
    block, chrome = outside_chrome(body, block, scores, stats, chrome)
    menus = menus_alone(body, scores, stats) if chrome else []
    if menus:  # (nothing of the page's own scored: it is what is left, as above)
        _remeasure(stats, body, _drop_all(menus))
        return body, readable, None
    own = unscored_landmark(body, block, scores, stats, mass)
    if own is not None:  # (a short page's own lines, outscored by a bar outside them)
        scores[own] = scores[block]  # (it takes the place, and the score, of what won)
        best = top = own
    else:
        best = _over_class(block, scores, mass)
        if best is not block:  # (what it yielded to, less the navigation beside it)
            drop_chrome_beside(body, best, block, stats, scores, mass)
        best = listing_whole(best, scores)
        top = whole(_climb(_widen(best, scores), stats), stats, mass)
    above = headline_before(top, title)
    top_score = scores.get(top, scores[best])
    top = _with_name_section(top, above, stats, title)
    content = _with_siblings(body, top, top_score, scores, stats)
    if section_made_whole(content, top):  # (a section: the climb goes on from it)
        content = whole(content, stats, mass)
    if above is None:  # (a title written as a line: the page's head over its entries)
        content = under_own_title(content, title, stats)
    content = _with_continuations(body, content, best, scores, stats)
    content, header = _with_header(content, above, stats)
    if header is None:
        header = titled_header_in(content, title)
    if header is None:
        header = kind_header(content, above)
    if header is None:  # (a wiki's title closing its trail of parent links, at the top)
        header = _title_after_trail(body, content, title, stats)
    chrome_in = post_tail(content, title)
    if chrome_in:  # (the teasers or the comments closing a post)
        _remeasure(stats, body, _drop_all(chrome_in))
    prune(content, stats, keep=header, prose=mass.get(body, 0.0) >= PROSE_MIN_MASS)
    drop_entry_labels(content)
    if header is not None and above is not None:
        drop_tree(above)  # (the headline, said once: main_content reads it off ``above``)
    drop_trailing_bio(content)
    drop_newsletter_pitch(content)
    drop_dangling_heading(content)
    drop_licence_notice(content)
    drop_ruled_copyright(content)
    drop_trailing_meta(content, title)
    drop_bar_links(content, title)
    return content, readable, above


def _title_after_trail(body: HtmlElement, content: HtmlElement, title: str | None,
                       stats: dict[HtmlElement, _Stats]) -> HtmlElement | None:
    """The block holding the page's title after its trail of parent links
    (``_trailtitle.trail_title_in``), the trail dropped (the header bar's links)."""
    shown = trail_title_in(content, title)
    if shown is None or not _text_beyond(content, shown.getparent(), stats):
        return None  # (a page of no text but its header bar: the bar is all it says)
    trail = shown.getprevious()
    if trail is not None:
        _remeasure(stats, body, _drop_all([trail]))
    return shown.getparent()


def _text_beyond(content: HtmlElement, block: HtmlElement | None,
                 stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``content`` has text outside ``block``."""
    return block is not None and block in stats and content in stats and \
        stats[content].text > stats[block].text


def _with_header(content: HtmlElement, above: HtmlElement | None,
                 stats: dict[HtmlElement, _Stats]) -> tuple[HtmlElement, HtmlElement | None]:
    """The page's main landmark when it holds nothing but ``content`` and the block of the
    headline set above it (``above``), and that block: it is the content's own header,
    whose other lines (a class's package, a reference's kind) are the page's too, links
    or not ("Package <a>org.example</a>"); and so when what else it holds are the entry's
    short lines between that block and the content (``_headerlines.header_lines``)."""
    landmark = content.getparent()
    if above is None or landmark is None or not (
            landmark.tag == "main" or (landmark.get("role") or "").strip().lower() == "main"):
        return content, None
    header: HtmlElement | None = above
    while header is not None and header.getparent() is not landmark:
        header = header.getparent()
    if header is None:
        return content, None
    rest = [c for c in landmark if isinstance(c.tag, str) and c is not content
            and c is not header and c in stats and stats[c].text]
    return (content, None) if rest and not header_lines(rest, header, content, stats) \
        else (landmark, header)


NAME_BLOCK_EXTRA_CHARS = 300
"""A manual page's title block holds at most this much besides its headline."""


def _with_name_section(content: HtmlElement, above: HtmlElement | None,
                       stats: dict[HtmlElement, _Stats], title: str | None = None
                       ) -> HtmlElement:
    """``content`` and, before it, the title block of the headline set above it (``above``),
    wrapped together in a new ``<div>`` where they were, when that block is a manual
    entry's: it holds, beside the headline, the entry's name line ("git-show - Show
    various types of objects" under "git-show(1) Manual Page", its NAME section: AsciiDoc
    writes it in the page's header, as man2html and mandoc write the NAME section before
    the others). The name and purpose are the page's first words, as they are when a
    generator writes them in the content (DocBook's ``refnamediv``); an article's header
    (a standfirst, a byline) says no name line and stays out."""
    parent = content.getparent()
    if above is None or parent is None or _is_ancestor(content, above):
        return content
    block = above
    while block.getparent() is not None and block.getparent() is not parent:
        block = block.getparent()
    if block.getparent() is not parent or block not in stats or above not in stats or \
            stats[block].text > stats[above].text + NAME_BLOCK_EXTRA_CHARS or \
            not (names_entry(block, above) or kind_heading_beside(above, block)
                 or lead_over_parts(block, above, content, title)):
        return content
    for sib in block.itersiblings():  # (the block just before the content)
        if sib is content:
            break
        if isinstance(sib.tag, str) and sib in stats and stats[sib].text:
            return content
    else:
        return content
    wrapper = parent.makeelement("div", {})
    block.addprevious(wrapper)
    for part in (block, content):
        tail = part.tail
        wrapper.append(part)  # (moves it, its tail with it: the tail stays where it was)
        part.tail = None
        if tail:
            wrapper.tail = (wrapper.tail or "") + tail
    stats[wrapper] = _stats_from_children(wrapper, stats)
    return wrapper
