"""What a crawler tab notes while a page runs: URLs it routed to, errors it raised.

An init script (added to every crawl context, see :mod:`trawl.browser.pool`) runs before
the page's own scripts in each new document and keeps, on a hidden ``window.__trawl``:

- ``pushed``: absolute http(s) URLs passed to ``history.pushState``/``replaceState``, the
  links of client-side routers that exist only as script (no ``<a href>``);
- ``errors``: ``console.error`` messages, uncaught exceptions and unhandled promise
  rejections;
- ``pending``: fetch and XMLHttpRequest calls (and the reading of fetched bodies), and
  script elements, still loading, and
  ``changed``: when the document's content (nodes, text) last changed — what settling
  before the read waits on (:data:`SETTLE_JS`).

Kept in the page rather than through Playwright's ``console``/``pageerror`` events: it
costs no protocol traffic per message, it is per document (so per load, on tabs reused
across URLs) by construction, and the crawler reads it in the same ``evaluate`` that
serialises the DOM (see :data:`trawl.crawler.render.SNAPSHOT_JS`).
"""

from __future__ import annotations

from trawl.browser.scripts import script

MAX_PUSHED_URLS = 200
"""URLs kept per page from pushState/replaceState."""
MAX_CONSOLE_ERRORS = 50
"""Errors kept per page."""
MAX_ERROR_CHARS = 500
"""Each error message is cut to this length."""

# capture.js: called with its limits in the init script
CAPTURE_JS = (f"({script('trawl.browser', 'capture.js')})"
              f"({MAX_PUSHED_URLS}, {MAX_CONSOLE_ERRORS}, {MAX_ERROR_CHARS});")

QUIET_MS = 300
"""The page counts as settled when nothing is loading and its content has not changed for
this long."""
STATIC_QUIET_MS = 50
"""A page that is no app and loads nothing after its load event, but whose own scripts
changed it then (ready handlers adding copy buttons, a sidebar toggle), counts as settled
once its content has not changed for this long (it starts loading: QUIET_MS)."""
SETTLE_POLL_MS = 10
APP_SHELL_SELECTOR = ("#root, #app, #__next, #__nuxt, #svelte, #main-app, [ng-app], "
                      "[data-reactroot], [ng-version], app-root")
"""Mount points of client-side apps (as trawl.crawler.auto recognises app shells)."""
MIN_STATIC_TEXT_CHARS = 200
"""A body with less text than this at its load event may be an app still starting."""
SETTLE_BUDGET_MS = 5_000
"""The longest a page is waited for after its load event (a page that never stops polling
or animating text is read as it is then, and says so: ``settle_timed_out``)."""

# settle.js: wait until the page has settled; returns how long it waited. A page that
# loaded nothing and changed nothing after its load event (every static page) answers at
# once; an app, or a page after an action (afterAction), is waited at least one quiet period.
SETTLE_JS = script("trawl.browser", "settle.js", APP_SHELLS=APP_SHELL_SELECTOR,
                   MIN_TEXT=MIN_STATIC_TEXT_CHARS)
