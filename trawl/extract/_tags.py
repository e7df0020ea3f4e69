"""CSS selectors that say which elements are a page's content (``include_tags``) or are not
(``exclude_tags``): Firecrawl's ``includeTags``/``excludeTags``, and trawl's own scrape and
crawl options of those names.

Selectors are compiled with cssselect (lxml's CSS engine) and cached; a selector it cannot
parse is a ConfigError naming it, raised by :func:`check_selectors` when a request is
checked, never during extraction.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from lxml.cssselect import CSSSelector, SelectorError
from lxml.html import HtmlElement

from trawl.errors import ConfigError

from ._clean import drop_tree

MAX_SELECTORS = 100
"""Selectors per list at most (each one walks the whole document)."""
MAX_SELECTOR_CHARS = 500


@lru_cache(maxsize=512)
def _compiled(selector: str) -> CSSSelector:
    return CSSSelector(selector, translator="html")


def check_selectors(selectors: Sequence[str], name: str) -> list[str]:
    """The selectors, stripped; ConfigError (naming ``name``) on one cssselect cannot read,
    or too many of them."""
    if len(selectors) > MAX_SELECTORS:
        raise ConfigError(f"{name}: at most {MAX_SELECTORS} selectors")
    checked = []
    for selector in selectors:
        if not isinstance(selector, str) or not selector.strip() \
                or len(selector) > MAX_SELECTOR_CHARS:
            raise ConfigError(f"{name}: {selector!r} is not a CSS selector")
        try:
            _compiled(selector.strip())
        except (SelectorError, SyntaxError, ValueError) as exc:
            raise ConfigError(f"{name}: {selector!r} is not a CSS selector ({exc})") from None
        checked.append(selector.strip())
    return checked


def _matches(root: HtmlElement, selectors: Sequence[str]) -> list[HtmlElement]:
    found: list[HtmlElement] = []
    for selector in selectors:
        try:
            found.extend(_compiled(selector)(root))
        except (SelectorError, SyntaxError, ValueError):  # checked earlier; never raise here
            continue
    return found


def drop_selected(root: HtmlElement, selectors: Sequence[str]) -> None:
    """Remove every element matching one of ``selectors`` (with its subtree)."""
    for el in _matches(root, selectors):
        if el is not root:
            drop_tree(el)


def selected(root: HtmlElement, selectors: Sequence[str]) -> HtmlElement:
    """A new ``<div>`` holding every element matching one of ``selectors``, in document
    order, each once (an element inside another match comes with it, not again)."""
    chosen = set(_matches(root, selectors))
    tops = [el for el in root.iter() if el in chosen
            and not any(a in chosen for a in el.iterancestors())]
    container = root.makeelement("div", {})
    for el in tops:
        el.tail = None
        container.append(el)  # moves it: it is read from here on
    return container
