"""A module's list of its members by kind: under a heading naming a kind of code
("Classes", "Namespaces"), the names of the members the module documents on pages of
their own, each page named under the module's own name.

JSDoc ends a module's page on ``<h3>Classes</h3><dl><dt><a href="module-jsdoc_readme-
ReadMe.html">ReadMe</a></dt><dd></dd></dl>``: one link, no description, which prune took
for a menu's; then the heading went as dangling (module-jsdoc_readme.html 91 %). A page's
list of its own members is its content however short: it says what the module holds. The
signal is twofold: the heading names a kind of code (``KIND_WORDS``), and each linked
page is named after this page's own name followed by the member's (``_under_own_name``:
``module-jsdoc_readme`` + ``ReadMe``), as generators name a member's page by its scoped
name. The hostile shape: a "Categories" or "Related" heading over a link to a post (no
kind of code), or a site's "Classes" menu over a gym's "Yoga" page (a page named after
no page of this one).
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._tree import _HEADINGS, _PAGE_SUFFIXES, PROGRAM_NAME_RE, _collapsed_text

KIND_WORDS = frozenset((
    "classes", "namespaces", "members", "modules", "interfaces", "mixins", "functions",
    "methods", "typedefs", "types", "events", "enums", "enumerations", "externals",
    "structs", "traits", "packages", "constants", "variables", "properties", "exceptions"))
"""What a heading over a list of a module's members says its kind is (its last word)."""
HEADING_MAX_WORDS = 3
"""Words of a kind's heading at most ("Nested Classes"); a sentence says more."""
_LISTS = frozenset(("dl", "ul", "ol"))
_NAME_TAGS = frozenset(("dt", "li"))
_TOKEN_RE = re.compile(r"[a-z0-9]+")


def kind_list(el: HtmlElement) -> bool:
    """Whether ``el`` is a list (``dl``, ``ul``, ``ol``) right under a heading naming a
    kind of code (``_names_kind``), each of its names (a ``dt`` or ``li``) opening with a
    link whose text is one name as code writes it (``PROGRAM_NAME_RE``), to a page named
    under this page's own name (``_under_own_name``). Guards: the heading's kind (no
    "Related", no "Categories") and the pages' names (a menu links pages named after
    nothing of this page)."""
    if el.tag not in _LISTS:
        return False
    heading = el.getprevious()
    while heading is not None and not isinstance(heading.tag, str):
        heading = heading.getprevious()
    if heading is None or heading.tag not in _HEADINGS or not _names_kind(heading):
        return False
    names = [c for c in el if isinstance(c.tag, str) and c.tag in _NAME_TAGS]
    if not names:
        return False
    own = _own_name(el)
    for item in names:
        link = next(item.iter("a"), None)
        text = _collapsed_text(link) if link is not None else ""
        if link is None or not PROGRAM_NAME_RE.fullmatch(text) or \
                not _collapsed_text(item).startswith(text) or \
                not _under_own_name(link, text, own):
            return False
    return True


def _names_kind(heading: HtmlElement) -> bool:
    """Whether ``heading`` is a short label whose last word names a kind of code
    (``KIND_WORDS``: "Classes", "Namespaces")."""
    words = _collapsed_text(heading).lower().rstrip(":").split()
    return 0 < len(words) <= HEADING_MAX_WORDS and words[-1] in KIND_WORDS


def _own_name(el: HtmlElement) -> list[str]:
    """The words of this page's own name: its first ``h1``'s ("Module: jsdoc/readme"),
    else its title's, lower-cased, split at anything not a letter or a digit."""
    root = el.getroottree().getroot()
    named = next(root.iter("h1"), None)
    if named is None:
        named = next(root.iter("title"), None)
    return _TOKEN_RE.findall(_collapsed_text(named).lower()) if named is not None else []


def _under_own_name(a: HtmlElement, text: str, own: list[str]) -> bool:
    """Whether the link ``a`` goes to a page named after this page's own name (its last
    word, ``own``) then the member's ``text``: ``module-jsdoc_readme-ReadMe.html`` from
    "Module: jsdoc/readme", ``module-jsdoc_src_walker.Walker.html``."""
    path = (a.get("href") or "").partition("#")[0].partition("?")[0]
    stem = path.rsplit("/", 1)[-1]
    if not own or not stem.endswith(_PAGE_SUFFIXES):
        return False
    words = _TOKEN_RE.findall(stem.rsplit(".", 1)[0].lower())
    member = _TOKEN_RE.findall(text.lower())
    scope = words[:len(words) - len(member)]
    return bool(member) and words[len(scope):] == member and bool(scope) and \
        scope[-1] == own[-1]
