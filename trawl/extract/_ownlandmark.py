"""A short page's own landmark over the bar that outscored it.

The page marks its main content (``<main>``, ``role="main"``): the generator's own word of
where its text is. On a page whose text is a few short lines (a wiki's sidebar page: three
links, "Recent Comments", "Archives", "Tags:"), nothing in that landmark is long enough to
score as a paragraph (``_select._score``: 25 characters), and the best candidate is a block
outside it: the site's header bar (its trail of parent links and the page's title, a line
of 30 characters) or a footer's line. The content came out as that bar, and the page's own
lines went.

``unscored_landmark`` gives the landmark back when it is the page's only one, holds text,
nothing in it scored, and the candidate that won outside it holds little prose (``mass``
under ``PROSE_MIN_MASS``: a line or two, no article). Guards (the hostile shapes): a page
whose landmark holds an article scores in it, and the header bar never wins there (the rule
is not asked); a page whose article is outside a landmark of a line ("Loading...", a
misplaced ``<main>`` around a notice) has its article's prose in the winner, which the mass
guard keeps; a landmark that wraps the bar too holds the winner (not outside it); two
landmarks say no single one is the page's.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._stats import _Stats
from ._tree import _is_ancestor

UNSCORED_LANDMARK = True
"""Switch (tests loosen or turn off the rule through it)."""

WINNER_MAX_MASS = 3.0
"""The winner outside the landmark holds less prose than this (``_content.PROSE_MIN_MASS``:
about three short paragraphs): a bar's line, no article."""


def _landmarks(body: HtmlElement) -> list[HtmlElement]:
    return [el for el in body.iter("main", "div", "section", "article")
            if el.tag == "main" or (el.get("role") or "").strip().lower() == "main"]


def unscored_landmark(body: HtmlElement, block: HtmlElement,
                      scores: dict[HtmlElement, float], stats: dict[HtmlElement, _Stats],
                      mass: dict[HtmlElement, float]) -> HtmlElement | None:
    """The page's main landmark when the best candidate ``block`` is outside it and holds
    little prose, and the landmark, with text of its own, has no candidate that scored
    (its lines too short to); else None. See the module's comment."""
    if not UNSCORED_LANDMARK or mass.get(block, 0.0) >= WINNER_MAX_MASS:
        return None  # (asked first: on most pages the winner holds an article's prose, and
        # the page is not walked for its landmarks; an article outside a landmark of a line
        # is the page's)
    found = _landmarks(body)
    if len(found) != 1:
        return None
    landmark = found[0]
    st = stats.get(landmark)
    if st is None or st.text == 0 or landmark is block or _is_ancestor(landmark, block) \
            or _is_ancestor(block, landmark):
        return None
    if any(score > 0 and (el is landmark or _is_ancestor(landmark, el))
           for el, score in scores.items()):
        return None  # (something of the landmark's scored: it is judged as ever)
    return landmark
