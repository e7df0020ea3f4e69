"""`--render auto`: does this page need a browser, or is its HTML already the content?

Pure and cheap: it reads the parsed page extraction then reads too, and on most pages only
its first thousand characters of text. A page goes to the browser when:

- a spec rule says so (``render_browser`` URL globs), or spec steps apply to the URL;
- the URL is a hash route (``#/guide``): over HTTP it is the app's shell, whatever route;
- its body has almost no text but loads scripts (a client-rendered app);
- it is a known app shell: an empty mount point (``#root``, ``#app``, ``#__next``,
  ``app-root``, ``[ng-app]``...) and little text;
- a ``<noscript>`` tells the reader to enable JavaScript and the visible text is thin;
- rendering a few of the site's pages showed much more text than was served
  (:class:`RenderSampler`: server-rendered chrome around client-rendered content).

Everything else is read as fetched: most of the web (docs, blogs, news, wikis) is server
rendered, which is how auto mode is many times faster than rendering every page.
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass
from typing import cast
from urllib.parse import urlsplit

from lxml import etree

from trawl.extract import parse_html
from trawl.model import matching_glob
from trawl.urls import has_route_fragment

DOCUMENT_REASON = "{format} document, read over HTTP"
"""render_reason of a document (JSON, YAML, markdown, text, PDF) in auto and browser modes:
the browser does not read those, and auto mode has nothing to decide."""

MIN_TEXT_CHARS = 200
"""Visible text below this (with scripts present) means the content comes from script."""
THIN_TEXT_CHARS = 1000
"""An app shell or a noscript warning counts when the visible text is below this."""
APP_SHELL_XPATH = (
    "//*[@id='root' or @id='app' or @id='__next' or @id='__nuxt' or @id='svelte'"
    " or @id='main-app' or @ng-app or @data-reactroot or @ng-version]"
    " | //app-root"
)
NOSCRIPT_WARNING = re.compile(r"enable javascript|requires? javascript|javascript (is )?"
                              r"(disabled|required)|turn on javascript", re.IGNORECASE)


@dataclass(frozen=True)
class RenderDecision:
    browser: bool
    reason: str
    """Why, in a few words (stored with the page as ``render_reason``)."""
    scripts: bool = False
    """The page loads scripts (its text may change when rendered: see RenderSampler)."""


SAMPLE_PAGES = 2
"""Pages of each site (per crawl and worker) that auto reads over HTTP but that load
scripts, rendered too, to see whether the browser shows more text."""
GROWTH_WORDS = 100
GROWTH_RATIO = 1.5
"""The rendered page has text the served one lacks when it has this many more words and
this many times as many: then the site's pages are rendered from there on."""
MAX_TRACKED_SITES = 10_000


class RenderSampler:
    """Auto mode's check of what the served HTML cannot tell: whether a site's pages gain
    text when their scripts run (server-rendered chrome, client-rendered content). A few
    pages of each site are rendered as well as fetched; a site whose text grows is rendered
    from then on. Kept in each worker's memory: every worker samples for itself."""

    def __init__(self) -> None:
        self._sampled: dict[tuple[str, str], int] = {}
        self._client_side: set[tuple[str, str]] = set()

    def client_side(self, key: tuple[str, str]) -> bool:
        return key in self._client_side

    def take_sample(self, key: tuple[str, str], decision: RenderDecision) -> bool:
        """Whether to render this page too (and count it as one of the site's samples)."""
        if not decision.scripts or self._sampled.get(key, 0) >= SAMPLE_PAGES:
            return False
        if len(self._sampled) >= MAX_TRACKED_SITES:
            self._sampled.clear()
        self._sampled[key] = self._sampled.get(key, 0) + 1
        return True

    def record(self, key: tuple[str, str], served_words: int, rendered_words: int) -> bool:
        """Note a sample's word counts; True when rendering showed text the HTML lacks."""
        grew = (rendered_words - served_words >= GROWTH_WORDS
                and rendered_words >= GROWTH_RATIO * served_words)
        if grew:
            if len(self._client_side) >= MAX_TRACKED_SITES:
                self._client_side.clear()
            self._client_side.add(key)
        return grew


_INVISIBLE = frozenset(("script", "style", "noscript", "template"))
_SCRIPTS = etree.XPath("count(//script)")
_NOSCRIPTS = etree.XPath("//noscript")
_APP_SHELLS = etree.XPath(APP_SHELL_XPATH)


def _collapsed_length(text: str) -> int:
    return len(" ".join(text.split()))


def visible_chars(top: etree._Element, enough: int) -> int:
    """Length of ``top``'s text outside script, style, noscript and template, whitespace
    collapsed, counted only until it reaches ``enough`` (a docs page answers within its
    first few hundred elements instead of walking them all)."""
    parts: list[str] = []
    raw = 0
    check_at = enough
    walker = etree.iterwalk(top, events=("start", "end"))
    for event, el in walker:
        if event == "start":
            if el.tag in _INVISIBLE:
                walker.skip_subtree()  # no "end" for it: its tail (visible) is taken here
                text = el.tail
            else:
                text = el.text
        else:
            text = el.tail if el is not top else None
        if not text:
            continue
        parts.append(text)
        raw += len(text)
        if raw >= check_at:  # collapsing only shortens: no need to look before this
            chars = _collapsed_length("".join(parts))
            if chars >= enough:
                return chars
            check_at = raw + enough - chars
    return _collapsed_length("".join(parts))


def decide(html: str | etree._Element, url: str,
           browser_globs: list[str] | tuple[str, ...] = (),
           step_globs: list[str] | tuple[str, ...] = ()) -> RenderDecision:
    """Browser or HTTP for the page at ``url``, and why.

    ``html`` is the fetched HTML or its document as :func:`trawl.extract.parse_html` made it
    (then read only: the caller may go on to extract from the same tree).
    """
    path = urlsplit(url).path or "/"
    for glob in browser_globs:
        if fnmatch.fnmatchcase(path, glob) or fnmatch.fnmatchcase(url, glob):
            return RenderDecision(True, f"spec rule {glob}")
    step_glob = matching_glob(url, step_globs)
    if step_glob is not None:  # steps need a page to act in
        return RenderDecision(True, f"spec steps {step_glob}")
    if has_route_fragment(url):  # only the app's script shows a hash route's document
        return RenderDecision(True, "hash route")
    root = html if isinstance(html, etree._Element) else parse_html(html)
    body = root.find("body")
    text_chars = 0 if body is None else visible_chars(body, THIN_TEXT_CHARS)
    scripts = int(cast(float, _SCRIPTS(root)))
    if text_chars >= THIN_TEXT_CHARS:
        return RenderDecision(False, "static HTML", scripts=scripts > 0)
    if scripts and text_chars < MIN_TEXT_CHARS:
        return RenderDecision(True, f"script-only body ({text_chars} chars of text)")
    # thin: an empty mount point, or a noscript warning, says the content comes from script
    shells = cast(list[etree._Element], _APP_SHELLS(root))
    if any(visible_chars(s, MIN_TEXT_CHARS) < MIN_TEXT_CHARS for s in shells):
        return RenderDecision(True, "app shell")
    noscript = " ".join("".join(n.itertext()) for n in cast(list[etree._Element], _NOSCRIPTS(root)))
    if NOSCRIPT_WARNING.search(noscript):
        return RenderDecision(True, "noscript asks for JavaScript")
    return RenderDecision(False, "static HTML", scripts=scripts > 0)
