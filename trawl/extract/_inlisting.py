"""A code listing's parts are the listing's, whatever their class says.

A listing (``pre``) is one block of code a reader reads whole: what a highlighter or a
theme sets inside it is lines of that code, not a page's component. A tutorial shows the
statements it runs and, after them, the SQL they emit, in a block its class names a
``popup`` (folded by a script into a line to click): the listing's lines, as the session
prints them. No page sets its modal dialog, its banner or its sign-up inside a ``pre``;
they sit around the text, and stay boilerplate there (as a comments section does beside
a listing's highlighted comment: ``_boiler._code_comment``). A pop-up menu of links set
in a listing is still a menu (HAProxy's manual opens one on a keyword of its examples:
"This keyword is available in sections :", a link to each, which Bootstrap's CSS hides
until the keyword is clicked): a listing's lines name no pages.
"""

from __future__ import annotations

from lxml.html import HtmlElement


def in_listing(el: HtmlElement) -> bool:
    """Whether ``el`` is a part of a code listing: inside a ``pre``, holding no link
    (``_links_nowhere``)."""
    return any(True for _ in el.iterancestors("pre")) and _links_nowhere(el)


def _links_nowhere(el: HtmlElement) -> bool:
    """Whether ``el`` holds no link (an ``a`` with an ``href``): code's lines, not a menu."""
    return not any(a.get("href") is not None for a in el.iter("a"))
