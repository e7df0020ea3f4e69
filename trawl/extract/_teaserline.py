"""A list's teaser's own byline at the content's end: another page's, not this one's.

``_contentend.drop_trailing_meta`` drops the short date or source line a page's content
ends with ("Posted in News on November 4, 2020 by ..."): the page's own byline, which
trawl reads as metadata. On a list of posts (a blog's index, a category's or a tag's
page, an author's page) the content ends with its last teaser, a short block headed by a
link to its post (``_signals._teaser``), and that teaser's byline is the listed post's:
what the list says of the post, as its title and summary are, and no metadata of the list
page's (a list of one post, a new category's or tag's page, is all teaser). So a trailing
line in a teaser below the content stays.

The guard: a post's own page whose heading links to the post itself (a permalink
headline) looks like a teaser of one; its heading says the page's title, which a listed
post's does not (the list page's title is the list's name: "Blog", "News", a tag), and
its byline goes as before.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._entryhead import says_title
from ._signals import _teaser
from ._tree import _HEADINGS

TEASER_LINES = True
"""Module switch (tests loosen it to show the rule is what keeps the line)."""


def teasers_line(el: HtmlElement, content: HtmlElement, title: str | None) -> bool:
    """Whether the trailing line ``el`` is in a teaser below ``content`` (``_teaser``: a
    short block headed by a link to another page) whose heading is not the page's title."""
    if not TEASER_LINES:
        return False
    for anc in el.iterancestors():
        if anc is content:
            return False
        if _teaser(anc):
            heading = next(anc.iter(*_HEADINGS), None)
            return heading is not None and not says_title(heading, title)
    return False
