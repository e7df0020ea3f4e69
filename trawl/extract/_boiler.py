"""Boilerplate by tag, ARIA role and class/id tokens (navigation, headers, footers,
sidebars, banners, ads, share bars), dropped before scoring, guarded by size."""

from __future__ import annotations

import re
from functools import lru_cache

from lxml import etree
from lxml.html import HtmlElement

from ._signals import _kinds, words
from ._stats import _drop_all, _link_density, _measure, _remeasure, _Stats

_AD_LABEL_RE = re.compile(
    r"^(advert|advertisement|advertising|ad|ads|sponsored|sponsored content|anzeige|"
    r"publicit[eé]|werbung|story continues below|continue reading below|"
    r"article continues below|scroll to continue|related)\W*$",
    re.I,
)
# Note, warning and "See also" boxes (Sphinx, MkDocs, Docusaurus, GitHub, Bootstrap): content
_BOILER_ROLES = words(
    "navigation banner contentinfo complementary menu menubar dialog alertdialog search toolbar"
)
_BOILER_TAGS = frozenset(("nav", "aside", "footer", "header"))
_LANDMARKS = etree.XPath("(.//main | .//*[@role='main'])[1]")


def main_landmark(body: HtmlElement) -> HtmlElement | None:
    """The page's main landmark (``<main>`` or ``role=main``), the first if several."""
    found = _LANDMARKS(body)
    return found[0] if found else None


def remove_boilerplate(body: HtmlElement, stats: dict[HtmlElement, _Stats] | None = None) -> None:
    """Drop navigation, headers, footers, sidebars, banners, ads, share bars (guarded by size).

    ``stats``, when given, is ``_measure(body)``'s and is kept up to date with the removals.
    """
    if stats is None:
        stats = _measure(body)
    total = max(stats[body].text, 1)
    doomed: list[HtmlElement] = []
    # Outside the page's main landmark, boilerplate is boilerplate whatever its size (on a
    # short page a footer holds much of the text, and the size guards would keep it).
    landmark = main_landmark(body)
    around = set(landmark.iterancestors()) if landmark is not None else set()
    inside_from = inside_to = -1
    for i, el in enumerate(body.iter()):
        tag = el.tag  # read once: lxml makes a new string per access
        if el is body or tag == "html" or tag == "body":
            continue
        st = stats.get(el)
        if st is None:
            continue
        if el is landmark:
            inside_from, inside_to = i, i + sum(1 for _ in landmark.iterdescendants())
        outside = landmark is not None and el not in around and not inside_from <= i <= inside_to
        if _is_boilerplate(el, tag, st, 0.0 if outside else st.text / total):
            doomed.append(el)
    _remeasure(stats, body, _drop_all(doomed))


def _is_boilerplate(el: HtmlElement, tag: str, st: _Stats, share: float) -> bool:
    """Whether ``el`` (``share`` of the page's text) is boilerplate."""
    role = el.get("role")
    role = role.strip().lower() if role else ""
    if tag == "figcaption" and share < 0.3:
        return True
    if tag in _BOILER_TAGS or role in _BOILER_ROLES:
        # a <header>/<footer> wrapping the whole article is layout, not boilerplate
        return (share < 0.5 or ((tag == "nav" or role == "navigation") and share < 0.8)) \
            and not _in_flow_quote(el, st)
    if 1 < st.text < 40 and st.links == 0:
        # half of all elements get here: spare the leaves (most of them) the itertext
        leaf = not len(el) and isinstance(tag, str)
        raw = (el.text or "") if leaf else "".join(el.itertext())
        if _is_ad_label(raw):
            return True
    kinds = _kinds(el)
    if not kinds.any or kinds.embed or _code_comment(el, tag, st):
        return False
    if kinds.strong:
        return share < 0.5
    if kinds.boiler:
        if kinds.content and share >= 0.1 and _link_density(st) < 0.4:
            return False
        return share < 0.4
    return False


def _code_comment(el: HtmlElement, tag: str, st: _Stats) -> bool:
    """A highlighter's span around a code listing's comment (``<span class="comment">``),
    not a comments section (a block, with links: names, replies, permalinks)."""
    return tag == "span" and not st.links and "comment" in (el.get("class") or "").lower()


_QUOTE_MAX_CHARS = 400


def _in_flow_quote(el: HtmlElement, st: _Stats) -> bool:
    """An <aside> set between two paragraphs of prose, short and without links: a pull
    quote (a sidebar sits beside the text, not inside its flow)."""
    if el.tag != "aside" or st.links or not 0 < st.text <= _QUOTE_MAX_CHARS:
        return False
    before, after = el.getprevious(), el.getnext()
    return before is not None and after is not None and before.tag == after.tag == "p"


@lru_cache(maxsize=8192)
def _is_ad_label(raw: str) -> bool:
    # cached: short texts (a code listing's names and operators) repeat all over a page
    return _AD_LABEL_RE.match(" ".join(raw.split())) is not None

