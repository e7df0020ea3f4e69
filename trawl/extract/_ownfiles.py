"""A link to the page's own files: an example's project, named by the address it leads to.

A reference's example page ends with a line of one link to the example's project, its
source tree ("Example project @ code.qt.io", to ``.../tree/examples/corelib/ipc/
localfortuneclient`` under the title "Local Fortune Client Example"). A paragraph of one
link reads as a link paragraph, and prune dropped it on every QDoc example page (11 of
them, the two shortest at 89.6 %). Its address names the page: a segment of its path,
its letters run together, is in the page's title's (``_entryhead.title_key`` of the
page's first ``h1``): the files are the page's subject's, as a figure's source is.

The guard: the segment is no address's first (``_past_first``): a profile's or a site's
name is its address's first segment ("Follow us on Mastodon", to
``social.example/citycouncil``, under "City council agrees new timetable"); a project's
files sit in a tree under it. And the segment is a name, not a word
(``OWN_NAME_MIN_CHARS``).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from lxml.html import HtmlElement

from ._entryhead import title_key

OWN_NAME_MIN_CHARS = 6
"""A path's segment naming the page is this long at least (a name, not a word: "docs")."""


def own_files(el: HtmlElement) -> bool:
    """Whether the paragraph ``el`` of one link leads to the page's own files: a segment of
    its address's path, past the first (``_past_first``), names the page's title."""
    links = list(el.iter("a"))
    if len(links) != 1:
        return False
    segments = [title_key(s) for s in urlsplit(links[0].get("href") or "").path.split("/")
                if s]
    title = next(el.getroottree().getroot().iter("h1"), None)
    key = title_key("".join(title.itertext())) if title is not None else ""
    return bool(key) and any(len(s) >= OWN_NAME_MIN_CHARS and s in key and
                             _past_first(i) for i, s in enumerate(segments))


def _past_first(index: int) -> bool:
    """Whether the path's segment at ``index`` is past its first (a profile's, a site's)."""
    return index > 0
