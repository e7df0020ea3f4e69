"""A site's banner written without saying so: the block at the top of a page holding the
site's logo (linked to its home page), its menu, and perhaps its tagline and search box,
set in a plain ``div`` (no ``<header>``, no ``role=banner``, no class naming it a header).

A reader knows it at a glance: it is the same at the top of every page of the site, and
says nothing of this one. Its menu goes by its class when it has one ("menu"), but its
tagline ("Small. Fast. Reliable. Choose any three.") is a short line of text no class says
is chrome: on a short page (a syntax diagram and two links) it scored as high as the page's
own text and was taken for the content, and on every other page it was kept as the text's
first line.
"""

from __future__ import annotations

import itertools
import re
from urllib.parse import urlsplit

from lxml.html import HtmlElement

from ._stats import _Stats
from ._tree import _HEADINGS

BANNER_MAX_DEPTH = 4
"""Wrappers (the page's frame, its top bar) descended from the body to find the banner."""
BANNER_MIN_LINKS = 3
"""A banner's menu: links besides the logo's (a site's sections: Home, About, Docs...)."""
BANNER_MAX_OWN_CHARS = 120
"""Text outside a banner's links, at most: a tagline, a search box's labels; not a text."""
_HOME_PAGE_RE = re.compile(r"(?:index|default|home)\.[a-z]+", re.I)
"""The home page's file name ("index.html", "default.aspx", "home.php")."""


def site_banner(body: HtmlElement, stats: dict[HtmlElement, _Stats]) -> HtmlElement | None:
    """The site's banner (``_is_banner``) at the top of ``body``: the first block with
    anything to show (text, an image), or the first such block within it, a few wrappers
    down (a page's frame, then its top bar). None when the page opens otherwise."""
    node = body
    for _ in range(BANNER_MAX_DEPTH):
        first = _first_shown(node, stats)
        if first is None:
            return None
        if _is_banner(first, stats):
            return first
        node = first
    return None


def _first_shown(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> HtmlElement | None:
    """``el``'s first child with text or an image, when no text of ``el``'s own comes
    before it (None otherwise: the page opens with that text)."""
    if (el.text or "").strip():
        return None
    for child in el:
        if not isinstance(child.tag, str):
            if (child.tail or "").strip():
                return None
            continue
        st = stats.get(child)
        if st is not None and (st.text or st.n_img or child.tag == "img"):
            return child
        if (child.tail or "").strip():
            return None
    return None


def _is_banner(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """A site's banner: a block that opens with its logo linked to the site's home page
    (``_home_logo``), holds a menu of links besides it, and says nothing itself
    (``_says_nothing``)."""
    if el.tag in ("a", "img") or el.tag in _HEADINGS:
        return False
    # (the first link asked first, the others counted up to the menu's least: the first
    # block of a page may hold the whole page)
    links = (a for a in el.iter("a") if a.get("href") is not None)
    first = next(links, None)
    if first is None or not _home_logo(first) or \
            sum(1 for _ in itertools.islice(links, BANNER_MIN_LINKS)) < BANNER_MIN_LINKS:
        return False
    return _says_nothing(el, stats)


def _home_logo(a: HtmlElement) -> bool:
    """A link that is an image (no text of its own but the image's) to the site's home
    page: the root, or a root's ``index.html`` relative to the page (``../index.html``)."""
    if next(a.iter("img"), None) is None or "".join(a.itertext()).strip():
        return False
    href = (a.get("href") or "").strip()
    if not href or href.startswith("#"):
        return False
    parts = urlsplit(href)
    path = parts.path
    if parts.scheme and parts.scheme not in ("http", "https"):
        return False
    if not parts.netloc:  # relative: only ups to a root ("../../", "../index.html")
        while path.startswith(("./", "../")):
            path = path.split("/", 1)[1]
        if path.startswith("/"):
            path = path[1:]
    else:
        path = path.lstrip("/")
    return path == "" or _HOME_PAGE_RE.fullmatch(path) is not None


def _says_nothing(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """The guard: ``el`` holds no heading of its own (a site's name linked home aside: a
    heading all of whose text is a link) and little text outside its links
    (``BANNER_MAX_OWN_CHARS``: a tagline, a search box's labels). A page written in one
    block that opens with the site's logo and menu, then its title and text, is that
    text's block, not a banner."""
    st = stats.get(el)
    if st is None or st.text - st.links > BANNER_MAX_OWN_CHARS:
        return False
    for h in el.iter(*_HEADINGS):
        hs = stats.get(h)
        if hs is None or hs.text > hs.links:
            return False
    return True
