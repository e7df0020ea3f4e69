"""`--render auto`: does this page need a browser, or is its HTML already the content?

Pure and cheap (one lxml parse of the fetched HTML). A page goes to the browser when:

- a spec rule says so (``render_browser`` URL globs), or spec steps apply to the URL;
- its body has almost no text but loads scripts (a client-rendered app);
- it is a known app shell: an empty mount point (``#root``, ``#app``, ``#__next``,
  ``app-root``, ``[ng-app]``...) and little text;
- a ``<noscript>`` tells the reader to enable JavaScript and the visible text is thin.

Everything else is read as fetched: most of the web (docs, blogs, news, wikis) is server
rendered, which is how auto mode is many times faster than rendering every page.
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from lxml import html as lxml_html

from trawl.crawl.steps import matching_glob

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


def decide(html: str, url: str, browser_globs: list[str] | tuple[str, ...] = (),
           step_globs: list[str] | tuple[str, ...] = ()) -> RenderDecision:
    path = urlsplit(url).path or "/"
    for glob in browser_globs:
        if fnmatch.fnmatchcase(path, glob) or fnmatch.fnmatchcase(url, glob):
            return RenderDecision(True, f"spec rule {glob}")
    step_glob = matching_glob(url, step_globs)
    if step_glob is not None:  # steps need a page to act in
        return RenderDecision(True, f"spec steps {step_glob}")
    try:
        root = lxml_html.document_fromstring(html or "<html></html>")
    except Exception:  # unparseable: let the browser try
        return RenderDecision(True, "HTML not parseable")
    scripts = len(root.xpath("//script"))
    noscript = " ".join(n.text_content() for n in root.xpath("//noscript"))
    for node in root.xpath("//script | //style | //noscript | //template"):
        node.drop_tree()
    body = root.find("body")
    text = " ".join((body.text_content() if body is not None else "").split())
    if scripts and len(text) < MIN_TEXT_CHARS:
        return RenderDecision(True, f"script-only body ({len(text)} chars of text)")
    if len(text) < THIN_TEXT_CHARS:
        shells = root.xpath(APP_SHELL_XPATH)
        if any(len(" ".join(s.text_content().split())) < MIN_TEXT_CHARS for s in shells):
            return RenderDecision(True, "app shell")
        if NOSCRIPT_WARNING.search(noscript):
            return RenderDecision(True, "noscript asks for JavaScript")
    return RenderDecision(False, "static HTML")
