"""Boilerplate by tag, ARIA role and class/id tokens (navigation, headers, footers,
sidebars, banners, ads, share bars), dropped before scoring, guarded by size."""

from __future__ import annotations

import itertools

from lxml.html import HtmlElement

from ._articletoc import CONTENTS_ATTR, article_contents, aside_contents
from ._asidebox import sidebar_in_flow
from ._banner import site_banner
from ._blockcaption import captions_block
from ._blocktags import block_tags
from ._boxes import _box_under_title, _boxed_in_text, _in_flow_quote, _related_entries
from ._captions import _caption_in_numbered_section, _numbered_caption
from ._cells import data_cell
from ._chrome import _CHROME_TAGS, _is_chrome, _notes, _spared_header
from ._clean import NEXT_PAGE_ATTR, PREV_PAGE_ATTR
from ._copyright import _copyright_footer, _title_page_credits
from ._demo import demonstration, offered_embed
from ._doccomment import doc_comment
from ._doctoc import marked_contents, toc_navigation
from ._droptree import after_subtree
from ._entrycard import entry_card
from ._featured import featured_post, leading_byline
from ._linkbars import _BARS_MAX_CHARS, _bar_of_links
from ._linkpanel import links_panel
from ._listedsection import note_dropped_contents
from ._listing import in_listing
from ._menus import menu_of_sections
from ._navrun import section_contents_run
from ._outline import labels_of_outline, outline_beside_article
from ._phrases import _part_of_sentence
from ._sectioncaption import section_caption
from ._selfheading import self_linked_heading
from ._signals import _boiler_kinds, _is_ad_label, page_contents
from ._sourcenote import source_note
from ._stats import TextSize, _drop_all, _link_density, _measure, _remeasure, _Stats
from ._text import text_content, words
from ._textfigure import caption_of_text
from ._textrun import one_of_a_run
from ._titleline import title_line
from ._tree import _HEADINGS, _is_ancestor

# Note, warning and "See also" boxes (Sphinx, MkDocs, Docusaurus, GitHub, Bootstrap): content
_BOILER_ROLES = words(
    "navigation banner contentinfo complementary menu menubar dialog alertdialog search toolbar"
)
_BOILER_TAGS = frozenset(("nav", "aside", "footer", "header"))


def remove_boilerplate(body: HtmlElement,
                       stats: dict[HtmlElement, _Stats] | None = None,
                       title: str | None = None) -> TextSize:
    """Drop navigation, headers, footers, sidebars, banners, ads, share bars (guarded by size).
    Returns the size of the page's readable text: the body's less its chrome's (see
    ``_stats.CHROME``), measured on the way (one pass over the page).

    ``stats``, when given, is ``_measure(body)``'s and is kept up to date with the removals.
    ``title``: the page's (a section's header holding it is no banner: ``titled_header``).
    """
    stats = _measure(body) if stats is None else stats
    total = max(stats[body].text, 1)
    text, links = stats[body].text, stats[body].links
    doomed: list[HtmlElement] = []
    # large blocks, which the size guards may spare: asked again without them (below) only
    # when the page has a main landmark (the walk changes nothing of the tree meanwhile)
    large: list[tuple[HtmlElement, str, str, _Stats, HtmlElement | None]] = []
    chrome: set[HtmlElement] = set()
    landmark = None
    banner = site_banner(body, stats)
    if banner is not None:  # (chrome, as a <header> is: below, its parts are not asked of)
        doomed.append(banner)
        chrome.add(banner)
        text, links = text - stats[banner].text, links - stats[banner].links
    # Inside an element already doomed (a sidebar, a page's navigation: a third of a docs
    # page's elements), what the rules say of its parts changes nothing (_drop_all drops it
    # whole), so they are not asked there; the chrome and the landmark are still seen.
    inside, resume = False, None  # in a doomed subtree; the node after it
    heading = None  # the last heading the walk met (see _caption_in_numbered_section)
    root = body.getroottree().getroot()
    paged = root.get(NEXT_PAGE_ATTR) is not None or root.get(PREV_PAGE_ATTR) is not None
    for el in body.iter():
        tag = el.tag  # read once: lxml makes a new string per access
        if tag in _HEADINGS:  # (the test inline: a call for every element was 5 % of it)
            heading = _walked_heading(el, heading)
        inside = inside and el is not resume  # (out of the doomed block at the node after it)
        if el is banner:
            inside, resume = True, after_subtree(el)
            continue
        if el is body or tag in _ROOT_TAGS:
            continue
        role = el.get("role")
        if inside and not role and tag not in _INSIDE_ASKED:
            continue  # (in a doomed block, only a landmark or chrome is looked for)
        st = stats.get(el)
        if st is None:
            continue
        role = role.strip().lower() if role else ""
        if landmark is None and (tag == "main" or role == "main"):
            landmark = el
        elif (tag == "nav" or role) and _contents_kept(el, tag, role, landmark):
            continue  # (a table of contents that is content: see _contents_kept)
        # (chrome is one of four tags or has a role: most elements are neither, and skip the call)
        if (role or tag in _CHROME_TAGS) and _is_chrome(el, tag, role) and \
                not any(a in chrome for a in el.iterancestors()):
            chrome.add(el)
            text, links = text - st.text, links - st.links
        if inside:
            continue
        share = st.text / total
        if _is_boilerplate(el, tag, role, st, share, heading, title, paged):
            doomed.append(el)
            doomed.extend(labels_of_outline(el, tag, role))  # (a nav's label goes with it)
            inside, resume = True, after_subtree(el)
        elif share >= _SIZE_GUARD_MIN:
            large.append((el, tag, role, st, heading))
    if landmark is not None:
        doomed += _outside_landmark(landmark, large, title, paged)
    note_dropped_contents(doomed, root)  # (see _listedsection)
    _remeasure(stats, body, _drop_all(doomed))
    return TextSize(max(text, 0), max(links, 0))


def _contents_kept(el: HtmlElement, tag: str, role: str,
                   landmark: HtmlElement | None) -> bool:
    """Whether ``el``, a ``<nav>`` or a block of a role, is a table of contents that is
    content: the page's own in its main ``landmark`` (``_landmark_contents``; a block the
    page marks as its table of contents too, ``_doctoc``), its article's under its title
    (``_articletoc``), or one of a run of ``nav`` elements that are its section's
    (``_navrun``): those two marked ``CONTENTS_ATTR``, for the selection."""
    if (tag == "nav" or marked_contents(role)) and landmark is not None and \
            _landmark_contents(landmark, el):
        return True
    if tag == "nav" and (article_contents(el) or section_contents_run(el)):
        el.set(CONTENTS_ATTR, "")
        return True
    return False


def _landmark_contents(landmark: HtmlElement, nav: HtmlElement) -> bool:
    """Whether ``nav`` is the page's own table of contents (``page_contents``) in its main
    ``landmark``: content."""
    return page_contents(nav) and _is_ancestor(landmark, nav)


def _outside_landmark(landmark: HtmlElement,
                      large: list[tuple[HtmlElement, str, str, _Stats, HtmlElement | None]],
                      title: str | None, paged: bool) -> list[HtmlElement]:
    """The blocks of ``large`` (each with its tag, role, stats and the heading before it,
    as the walk met them) that are boilerplate but for their size, outside the page's main
    ``landmark``: there boilerplate is boilerplate whatever its size (on a short page a
    footer holds much of the text, and the size guards would keep it). The landmark, its
    ancestors and what it holds are not asked."""
    around = set(landmark.iterancestors())
    return [el for el, tag, role, st, heading in large
            if el is not landmark and el not in around
            and not any(a is landmark for a in el.iterancestors())
            and _is_boilerplate(el, tag, role, st, 0.0, heading, title, paged)]


def _walked_heading(el: HtmlElement, heading: HtmlElement | None) -> HtmlElement | None:
    """The last heading a walk in document order has met at ``el``, ``heading`` before it:
    ``el`` if it is one, unless inside ``heading`` (the outer one is ``_heading_before``'s
    for what follows)."""
    if el.tag in _HEADINGS and (heading is None or not _is_ancestor(heading, el)):
        return el
    return heading


_ROOT_TAGS = frozenset(("html", "body"))
_INSIDE_ASKED = _CHROME_TAGS | {"main"}
"""The tags the walk looks at inside a doomed block (besides those with a role): the main
landmark, chrome (whose text the page's readable size leaves out)."""
_SIZE_GUARD_MIN = 0.1
"""The smallest share of the page's text that a size guard of _is_boilerplate spares."""


def _is_boilerplate(el: HtmlElement, tag: str, role: str, st: _Stats, share: float,
                    heading: HtmlElement | None = None, title: str | None = None,
                    paged: bool = True) -> bool:
    """Whether ``el`` (``share`` of the page's text) is boilerplate. ``heading``: the last
    heading before ``el`` in document order, as the walk met it (see
    ``_caption_in_numbered_section``); ``title``: the page's; ``paged``: whether the page's
    head names a page before or after it (``_bar_of_links``; False spares the asking)."""
    if tag == "figcaption" and share < 0.3:
        return not _numbered_caption(el, tag) and \
            not _caption_in_numbered_section(el, tag, heading) and not caption_of_text(el)
    if tag == "aside" and (_notes(el, role) or source_note(el, st) or featured_post(el)
                           or aside_contents(el)):
        return False
    if tag == "footer" and leading_byline(el):
        return False
    if tag == "header" and _spared_header(el, title):
        return False
    if role and toc_navigation(role, share):
        return True  # (a table of contents the page marks as one, judged as a <nav>)
    if tag in _BOILER_TAGS or role in _BOILER_ROLES:
        # a <header>/<footer> wrapping the whole article is layout, not boilerplate
        return (share < 0.5 or ((tag == "nav" or role == "navigation") and share < 0.8)) \
            and not _in_flow_quote(el, st) and not _box_under_title(el, st) \
            and not sidebar_in_flow(el, st) and not demonstration(el)
    if st.links and ((st.text <= _BARS_MAX_CHARS and _bar_of_links(el, st, paged))
                     or outline_beside_article(el, tag)
                     or (tag == "div" and links_panel(el))):
        return True
    if 1 < st.text < 40 and st.links == 0:
        # half of all elements get here: spare the leaves (most of them) the itertext
        leaf = not len(el) and isinstance(tag, str)
        raw = (el.text or "") if leaf else text_content(el)
        if _is_ad_label(raw) and not _named_term(el):
            return True
    kinds = _boiler_kinds(el)  # (_NO_KINDS when neither strong nor boilerplate)
    # only strong or boilerplate tokens make it boilerplate below: _code_comment (another
    # class read) is asked of those few, not of every element with a class
    offer = kinds.embed and offered_embed(el)  # (a share box's embed code: no post's)
    if not (kinds.strong or kinds.boiler) or (kinds.embed and not offer) \
            or _code_comment(el, tag, st) or in_listing(el, st) \
            or (not offer and demonstration(el)) or entry_card(el):
        # (a listing's block: its class or id names code, no chrome; a toolbar shown live
        # in the text with its markup; a listed post's card of author, category and tags)
        return False
    if kinds.strong:
        return share < 0.5
    if kinds.boiler:
        if kinds.content and share >= 0.1 and _link_density(st) < 0.4:
            return False
        if doc_comment(el, st) or block_tags(el, st) or self_linked_heading(el, tag) or \
                title_line(el, title, st.text):
            return False
        return (share < 0.4 or _copyright_footer(el)) and not _boxed_in_text(el, st) \
            and not _numbered_caption(el, tag) \
            and not _caption_in_numbered_section(el, tag, heading) and \
            not _title_page_credits(el) and not _part_of_sentence(el, tag) and \
            not _related_entries(el) and not menu_of_sections(el) and \
            not one_of_a_run(el, st) and \
            not data_cell(el, tag, st) and not captions_block(el) and \
            not section_caption(el, tag)
    return False


_TERM_TAGS = frozenset(("dt", "code", "kbd", "var", "samp", "tt"))
_TERM_LEVELS = 3
"""How deep in its term or cell a word may sit (``dt > span.term > code.acronym``)."""


def _named_term(el: HtmlElement) -> bool:
    """Whether ``el`` is a name a list or a table defines, not an ad's label: a term of a
    definition list or a name in code ("AD", an acronym; ``related``, a key word), or in a
    cell of a table with a header row (a table of data; a layout table has none, and an
    old site's "ADVERTISEMENT" cell stays a label), within ``_TERM_LEVELS``."""
    for node in itertools.chain((el,), itertools.islice(el.iterancestors(), _TERM_LEVELS)):
        if node.tag in _TERM_TAGS:
            return True
        if node.tag in ("td", "th"):
            table = next(node.iterancestors("table"), None)
            return table is not None and (table.find(".//th") is not None)
    return False

def _code_comment(el: HtmlElement, tag: str, st: _Stats) -> bool:
    """A highlighter's span around a code listing's comment (``<span class="comment">``),
    not a comments section (a block, with links: names, replies, permalinks). Inside a
    code listing it is the listing's whatever it links (Boost's synopses open with
    "// In header: <boost/proto/traits.hpp>", the header's name a link to its reference):
    no comments section is set inside a ``<pre>``."""
    if tag != "span" or "comment" not in (el.get("class") or "").lower():
        return False
    return not st.links or any(True for _ in el.iterancestors("pre"))
