"""A reading list grouped under labels: a section's lists, not its longest one.

A page of talks, books or articles to read (a project's "Talks and tutorials") lists them
under its heading, then more lists each introduced by a label of its own ("Test
parametrization:", "Distributed testing:"). Every item is a link and a few words (who,
where, when), so the longest list wins the scoring alone: its siblings, lists of links
of the same kind, score nothing, and ``whole`` finds no reason to climb to the section
(``_sections._in_section_text`` takes a list of links for other pages' menu). The labels
are the section's own words for its groups, and the lists they introduce are the section's
as much as the one that won: the section is the content (``labelled_lists``).

Chrome of that shape sits beside a story under labels of its own: "Related posts:",
"Read more:", "Follow us:", "Share this:" (``CHROME_LABEL_RE``), and such a label is no
group of the section's reading list.
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from ._signals import PROMO_LEAD_RE
from ._stats import _Stats
from ._tree import _HEADINGS, _empty_anchor, _first_element, _short_text

LABEL_MAX_CHARS = 80
"""A label introducing a group is a line this long at most ("Distributed testing:")."""
GROUPS_MIN = 1
"""Labelled lists besides the block: one makes the section a list grouped under labels."""
_LISTS = frozenset(("ul", "ol"))
CHROME_LABEL_RE = re.compile(
    r"^\W*(follow|share|subscribe|sign up|join|connect|find us|tags|categories|archives?|"
    r"popular|latest|more from|you may also|you might also|sponsor)", re.I)
"""How a label of chrome starts ("Follow us:", "Share this:", "Tags:", "More from the
blog:"), besides a promotion's (``PROMO_LEAD_RE``: "Related posts:", "Read more:")."""


def labelled_lists(node: HtmlElement, parent: HtmlElement,
                   stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``node``, a list, is one of ``parent``'s section's lists grouped under
    labels: ``parent`` opens with a heading, and all else in it is lists of ``node``'s tag
    and class, ``node`` first after the heading or after a label, each other list after a
    label (``_label``: a short line of its own, no link, ending with a colon), at least
    ``GROUPS_MIN`` of them. A label of chrome (``_chrome_label``) makes
    its list another thing than the section's: a story's "Related posts:" list beside it."""
    if node.tag not in _LISTS:
        return False
    head = _first_element(parent)
    if head is None or head.tag not in _HEADINGS:
        return False
    cls = node.get("class")
    groups = 0
    label = True  # (the heading introduces the first list)
    for child in parent:
        if not isinstance(child.tag, str) or _empty_anchor(child) or child is head or \
                (child in stats and not stats[child].text):
            continue
        if child.tag in _LISTS:
            if not label or child.tag != node.tag or child.get("class") != cls:
                return False
            groups += child is not node
            label = False
        elif _label(child, stats) and not label:
            label = True
        elif head.getparent() is not parent and child is _wrapper_of(head, parent):
            continue  # (the heading's title block)
        else:
            return False
    return groups >= GROUPS_MIN and not label


def _wrapper_of(head: HtmlElement, parent: HtmlElement) -> HtmlElement:
    """The child of ``parent`` that holds ``head``."""
    node = head
    while node.getparent() is not None and node.getparent() is not parent:
        node = node.getparent()
    return node


def _label(el: HtmlElement, stats: dict[HtmlElement, _Stats]) -> bool:
    """Whether ``el`` is a label introducing the list after it: a paragraph of one short
    line (``LABEL_MAX_CHARS``) without links, ending with a colon, that says no chrome's
    words (``_chrome_label``)."""
    st = stats.get(el)
    if el.tag != "p" or st is None or st.links or not st.text or st.text > LABEL_MAX_CHARS:
        return False
    text = _short_text(el, LABEL_MAX_CHARS)
    return text is not None and text.endswith(":") and not _chrome_label(text)


def _chrome_label(text: str) -> bool:
    """Whether a label says chrome's words: a promotion's (``PROMO_LEAD_RE``: "Related
    posts:", "Read more:") or another block's beside a story (``CHROME_LABEL_RE``: "Follow
    us:", "Share this:", "Tags:")."""
    return CHROME_LABEL_RE.match(text) is not None or PROMO_LEAD_RE.match(text) is not None
