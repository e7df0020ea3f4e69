"""The kind line of an entry's header: "Method" above "Gtk.Border.free".

A reference entry's page often sets, in a ``<header>`` of its own before the entry's text,
a short line naming what the entry is ("Method", "Class", "Property") and under it the
entry's title, the page's first heading. When the entry's text is a few lines, the scorer
chooses the block beside that header (the one holding the text); the title comes back as
the headline, but the kind line above it is the page's too: it is read with the title.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._signals import _is_ad_label
from ._tokens import _kinds_of
from ._tree import _HEADINGS, _collapsed_text, _is_ancestor

KIND_LINE_MAX_WORDS = 3
"""A kind line names a kind ("Method", "Virtual method", "Class method"): a few words."""


def kind_header(content: HtmlElement, above: HtmlElement | None) -> HtmlElement | None:
    """The ``<header>`` in ``content`` that holds the headline ``above`` and, before it,
    nothing but one short line of plain text (``_kind_line``), and after it nothing: the
    entry's header, which prune keeps (the headline is read off ``above``). A site's
    header over an article holds its name or a breadcrumb as links, a logo, a menu: no
    plain short line alone over the title; a kicker linked to its section is navigation."""
    if above is None:
        return None
    header = above.getparent()
    if header is None or header.tag != "header" or not _is_ancestor(content, header):
        return None
    lines = [c for c in header if isinstance(c.tag, str)]
    if len(lines) != 2 or lines[1] is not above or not _kind_line(lines[0]):
        return None
    return header


def _kind_line(el: HtmlElement) -> bool:
    """A line of plain text of at most ``KIND_LINE_MAX_WORDS`` words: no link (a site's
    name, a breadcrumb), no image (a logo), no form (a search box), and no chrome's label
    (``_chrome_label``)."""
    if el.tag not in (*_HEADINGS, "p", "div", "span"):
        return False
    if any(True for _ in el.iter("a", "img", "form", "input", "ul", "ol", "nav")):
        return False
    text = _collapsed_text(el)
    return 0 < len(text.split()) <= KIND_LINE_MAX_WORDS and not _chrome_label(text)


def _chrome_label(text: str) -> bool:
    """Whether a short line is a label of chrome set over a title: an advertisement's
    ("Sponsored", ``_signals._is_ad_label``) or one that says a word of chrome ("Share
    this", "Skip to content": ``_tokens._BOILER_TOKENS``), the label of a bar or box whose
    buttons are gone. A kind names what the entry is ("Method", "Class method")."""
    return _is_ad_label(text) or _kinds_of(text.lower()).boiler
