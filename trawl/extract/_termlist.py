"""A list of documents under a term of a definition list: a guide's index of its documents.

A project's documentation overview groups its documents under labels, written as a
definition list: each term a label ending with a colon ("Docutils-general:",
"Writer-specific:"), each description a list of the documents' titles, each linked to its
page ("Docutils Front-End Tools", "Easy Slide Shows With reStructuredText & S5"), some
with a note after the link ("(incomplete)"). Every item is a link, so prune took each list
for a menu. The term introduces its list as a paragraph ending with a colon introduces the
list after it (``_kept._introduced``), and the items are documents' titles, a few words
each, which a menu's entries under their labels ("Company:" over "About", "Careers") are
not. A promotion's or a sidebar's label ("Related posts:", "Popular:") leads chrome.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._readinglist import CHROME_LABEL_RE
from ._signals import PROMO_LEAD_RE
from ._tree import _collapsed_text

TITLE_MIN_WORDS = 3
"""A document's title is a few words ("Docutils Mailing Lists"); a menu's entry a word or
two ("About us")."""
TITLED_SHARE = 0.5
"""At least this share of the list's items open with a title (a short one among them:
"Quick reStructuredText")."""
TERM_MAX_CHARS = 60
"""A term labelling a group is short ("Docutils-general:")."""


def titles_under_term(el: HtmlElement) -> bool:
    """Whether ``el`` is a list (``ul``, ``ol``), alone in a ``dd`` whose term (the ``dt``
    before it) is a label ending with a colon, at most ``TERM_MAX_CHARS``, no chrome's or
    promotion's label, and whose items each open with a link, ``TITLED_SHARE`` of them a
    title of ``TITLE_MIN_WORDS`` words or more."""
    if el.tag not in ("ul", "ol"):
        return False
    dd = el.getparent()
    if dd is None or dd.tag != "dd" or (dd.text or "").strip() or \
            [c for c in dd if isinstance(c.tag, str)] != [el]:
        return False
    dt = dd.getprevious()
    while dt is not None and not isinstance(dt.tag, str):
        dt = dt.getprevious()
    if dt is None or dt.tag != "dt":
        return False
    term = _collapsed_text(dt)
    if not term.endswith(":") or len(term) > TERM_MAX_CHARS or \
            CHROME_LABEL_RE.match(term) or PROMO_LEAD_RE.match(term):
        return False
    items = [c for c in el if isinstance(c.tag, str)]
    titled = 0
    for item in items:
        first = next((c for c in item if isinstance(c.tag, str)), None)
        if item.tag != "li" or first is None or first.tag != "a" or (item.text or "").strip():
            return False
        titled += len(_collapsed_text(first).split()) >= TITLE_MIN_WORDS
    return bool(items) and titled >= TITLED_SHARE * len(items)
