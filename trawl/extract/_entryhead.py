"""A reference entry's header: the page's title in a ``<header>`` of its section, under the
entry's kind set as a heading of its own (gi-docgen, GNOME's API reference generator:
``<section><header><h3>Method</h3><h1>Gtk ▸ Widget ▸ get_parent</h1></header>``, the
separators drawn by its style sheet).

``_boiler`` asks ``titled_header`` before it drops a ``<header>`` as the page's banner: a
header of a section holding the page's title is the section's (HTML's header of a section
groups its headings), and the title went with it on every page. ``_edges`` asks
``kind_heading_beside`` before it takes the block around the headline for the header the
body follows: the kind is the entry's text ("Method", "Property", "Signal"), as the kind in
a title that says it ("Struct template nary_expr") is.
"""

from __future__ import annotations

import itertools
import re

from lxml.html import HtmlElement

from ._slugtitle import slug_title
from ._tree import _HEADINGS, _collapsed_text, _is_ancestor

_TITLE_PART_RE = re.compile(r"\s+[|\u2013\u2014-]\s+")
"""Where a page's name ends in its title, before the site's name ("Widget - Proj")."""
_WORD_RE = re.compile(r"\w+")


def title_key(title: str | None) -> str:
    """The words of a title run together, lower-cased: a heading that sets the title's parts
    apart by drawn separators (an empty ``<span>`` its style sheet draws as "▸") reads them
    run together, "GtkWidgetget_parent" for "Gtk.Widget.get_parent"."""
    return "".join(_WORD_RE.findall((title or "").lower()))


TITLED_ATTR = "data-trawl-titled"
"""Set by ``_boiler`` on a header ``titled_header`` spared: its meta block's lines (a byline,
a dateline: metadata, which the boilerplate pass drops) are gone when the content's header
is looked for again (``titled_header_in``), and the header is still the post's."""


def titled_header(el: HtmlElement, title: str) -> bool:
    """Whether the ``<header>`` ``el`` is its section's header holding the page's title: a
    child of a ``section`` or ``article``, holding nothing but headings (no text, no menu,
    no search box outside them), one of them an ``h1`` whose words are the page's title's
    (``title``, its ``title_key``; or the title's first part, before the site's name; or
    the heading the title's slug was cut from, ``_slugtitle.slug_title``),
    the others the lines over it (the entry's kind); or the body's first element, a
    standalone document's title block (``_opens_document``). The site's banner set in a layout's
    section holds the site's name as its ``h1``, which the page's title is not (an inner
    page's title names the page, then perhaps the site). The header may sit in the block
    wrapping the article's body (``_opens_article``)."""
    if not title or not (_opens_article(el) or _opens_document(el)) or (el.text or "").strip():
        return False
    titled = False
    for child in el:
        if not isinstance(child.tag, str):
            continue
        if titled and child.getnext() is None and header_meta(child):
            break  # (the post's meta block under its title: see header_meta)
        if child.tag not in _HEADINGS or (child.tail or "").strip():
            return False
        titled = titled or (child.tag == "h1" and (says_title(child, title)
                                                   or slug_title(child, title)
                                                   or names_titled_code(child, title)))
    return titled


HEADER_META_MAX_CHARS = 240
"""A post's meta block under its title says its author, date or feed in a line or two."""
_META_HOLDS_NOT = ("nav", "ul", "ol", "form", "input", "button", "table", "img", "h1", "h2")
"""What a meta block holds not: a menu, a search box, a logo, a heading (a site's banner)."""
_FEED_TYPES = ("application/rss+xml", "application/atom+xml")


def header_meta(el: HtmlElement) -> bool:
    """Whether ``el``, the last child of a ``<header>`` under the page's title (its ``h1``),
    is the post's meta block: its author, its date (a ``time``) or its feed's link (a link
    typed as an RSS or Atom feed: a tag's page, "Posts about X" over "RSS feed"), at most
    ``HEADER_META_MAX_CHARS``. A post's header groups its title with these lines, and a
    reader reads them as the post's. Guard: a site's banner under its name holds a menu,
    a search box or a logo (``_META_HOLDS_NOT``), and says no date or feed of the page's
    (a tagline is neither)."""
    if el.tag not in ("div", "p") or len(_collapsed_text(el)) > HEADER_META_MAX_CHARS:
        return False
    if _banner_parts(el):
        return False
    return any(node.tag == "time" or (node.tag == "a" and (node.get("type") or "").strip()
                                      .lower() in _FEED_TYPES) for node in el.iter())


def _banner_parts(el: HtmlElement) -> bool:
    """Guard of ``header_meta``: ``el`` holds a banner's parts (``_META_HOLDS_NOT``)."""
    return any(True for _ in el.iter(*_META_HOLDS_NOT))


CODE_KINDS = frozenset((
    "module", "package", "class", "interface", "namespace", "function", "struct", "trait",
    "enum", "type", "exception", "library", "protocol", "mixin"))
"""The kinds of code an API page is about, leading its title ("Module werkzeug.wrappers")."""


def names_titled_code(heading: HtmlElement, title: str) -> bool:
    """Whether ``heading`` names the page's subject, a piece of code, under its kind: a
    kind of code (``CODE_KINDS``), then a name set as code (``code``, holding all the
    rest), the words the page's title opens on (pdoc3's ``<h1>Module <code>werkzeug.
    wrappers</code></h1>`` on "werkzeug.wrappers API documentation"). A site's banner
    holds its name, in no ``code`` and under no kind of code ("Class Notes" over "Notes
    on the spring term")."""
    code = next(heading.iter("code"), None)
    words = _collapsed_text(heading).split()
    if code is None or len(words) < 2 or words[0].lower() not in CODE_KINDS:
        return False
    name = _collapsed_text(code).split()
    return name == words[1:] and _opens_title(name, title)


def _opens_title(name: list[str], title: str) -> bool:
    """Guard: the page's title opens on ``name``'s words."""
    return title.split()[:len(name)] == name


def _opens_document(el: HtmlElement) -> bool:
    """Whether ``el`` is the body's first element: a standalone document's title block (a
    Markdown converter's template sets the title in a ``<header>`` first in the body, the
    text after it, no page around them). A site's banner is first in the body too, but it
    holds the site's name and its menus, not the page's title alone (``titled_header``)."""
    parent = el.getparent()
    return parent is not None and parent.tag == "body" and el.getprevious() is None


ARTICLE_BODY_LEVELS = 2
"""How far up a header sits below its ``article``: a child, or a child of the block
wrapping the article's body (``article > div > header``)."""


def _opens_article(el: HtmlElement) -> bool:
    """Whether ``el`` is a child of a ``section`` or ``article``, or sits in an ``article``
    within ``ARTICLE_BODY_LEVELS``: a theme may wrap the article's body, its header first,
    in a block of its own. (Not a section's: a block wrapping a section's header with its
    parts is the extraction's own, which then judges the header's lines one by one.)"""
    parent = el.getparent()
    if parent is not None and parent.tag in ("section", "article"):
        return True
    return any(node.tag == "article"
               for node in itertools.islice(el.iterancestors(), ARTICLE_BODY_LEVELS))


def titled_header_in(content: HtmlElement, title: str | None) -> HtmlElement | None:
    """The section's header holding the page's title in ``content`` (``titled_header``),
    if any: the content's own header, which prune keeps whole (its title's links are the
    entry's scopes, "Gtk ▸ Widget", not a bar of links elsewhere)."""
    if not title:
        return None
    return next((h for h in content.iter("header")
                 if h.get(TITLED_ATTR) is not None or titled_header(h, title)), None)


def says_title(heading: HtmlElement, title: str | None) -> bool:
    """Whether the heading's words are the page's title's, run together as ``title_key``
    reads them (the whole title's, or its first part's, before the site's name)."""
    if not title:
        return False
    key = title_key(_collapsed_text(heading))
    return bool(key) and (key == title_key(title) or
                          key == title_key(_TITLE_PART_RE.split(title, maxsplit=1)[0]))


KIND_MAX_WORDS = 2
"""An entry's kind in a word or two: "Method", "Virtual Method", "Class Method"."""


def kind_heading_beside(headline: HtmlElement, block: HtmlElement) -> bool:
    """Whether ``block`` (a wrapper of the headline) holds, beside it and before it, a
    heading of its own that says the entry's kind: a word or two (``KIND_MAX_WORDS``), no
    link, no sentence ("Method" over "Gtk ▸ Widget ▸ get_parent"). That heading is the
    entry's text, as "Class" is in Javadoc's "Class Jsoup": the header block ends below
    it, and it stays with the content. A news kicker linked to its section ("<a>Politics</a>")
    is the site's navigation, and goes with the header."""
    for child in block:
        if child is headline or _is_ancestor(child, headline):
            return False
        if isinstance(child.tag, str) and child.tag in _HEADINGS and says_kind(child):
            return True
    return False


def says_kind(heading: HtmlElement) -> bool:
    """Whether ``heading`` says a kind: a word or two (``KIND_MAX_WORDS``), no link, no
    sentence ("Method", "Virtual Method"); a kicker linked to its section is navigation."""
    if heading.find(".//a") is not None:
        return False
    words = _collapsed_text(heading).split()
    return 0 < len(words) <= KIND_MAX_WORDS and not words[-1].endswith((".", "!", "?"))
