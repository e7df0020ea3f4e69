"""What a crawler tab notes while a page runs: URLs it routed to, errors it raised.

An init script (added to every crawl context, see :mod:`trawl.browser.pool`) runs before
the page's own scripts in each new document and keeps, on a hidden ``window.__trawl``:

- ``pushed``: absolute http(s) URLs passed to ``history.pushState``/``replaceState``, the
  links of client-side routers that exist only as script (no ``<a href>``);
- ``errors``: ``console.error`` messages, uncaught exceptions and unhandled promise
  rejections.

Kept in the page rather than through Playwright's ``console``/``pageerror`` events: it
costs no protocol traffic per message, it is per document (so per load, on tabs reused
across URLs) by construction, and the crawler reads it in the same ``evaluate`` that
serialises the DOM (see :data:`trawl.crawl.render.SNAPSHOT_JS`).
"""

from __future__ import annotations

MAX_PUSHED_URLS = 200
"""URLs kept per page from pushState/replaceState."""
MAX_CONSOLE_ERRORS = 50
"""Errors kept per page."""
MAX_ERROR_CHARS = 500
"""Each error message is cut to this length."""

_CAPTURE = """(MAX_URLS, MAX_ERRORS, MAX_CHARS) => {
  if (Object.prototype.hasOwnProperty.call(window, '__trawl')) return;
  const state = {pushed: [], errors: []};
  Object.defineProperty(window, '__trawl', {value: state, enumerable: false});
  const URL_ = URL, JSON_ = JSON, String_ = String;
  const note = (url) => {
    if (url === undefined || url === null || state.pushed.length >= MAX_URLS) return;
    try {
      const abs = new URL_(String_(url), location.href);
      if ((abs.protocol === 'http:' || abs.protocol === 'https:')
          && !state.pushed.includes(abs.href)) state.pushed.push(abs.href);
    } catch (e) { /* not a URL: the router's business */ }
  };
  for (const name of ['pushState', 'replaceState']) {
    const original = History.prototype[name];
    History.prototype[name] = function (data, title, url) {
      note(url);
      return original.apply(this, arguments);
    };
  }
  const text = (v) => {
    try {
      if (v instanceof Error) return v.stack && v.stack.includes(v.message) ? v.stack
        : v.name + ': ' + v.message;
      if (v !== null && typeof v === 'object') return JSON_.stringify(v);
      return String_(v);
    } catch (e) { return String_(v); }
  };
  const add = (message) => {
    if (state.errors.length < MAX_ERRORS) state.errors.push(message.slice(0, MAX_CHARS));
  };
  const consoleError = console.error;
  console.error = function (...args) {
    add(args.map(text).join(' '));
    return consoleError.apply(this, args);
  };
  window.addEventListener('error', (e) => {
    if (!(e instanceof ErrorEvent)) return;  // a failed <img>/<script> load, not a throw
    const where = e.filename ? ` (${e.filename}:${e.lineno})` : '';
    const message = e.message || (e.error ? text(e.error) : 'error');
    add((message.startsWith('Uncaught') ? '' : 'Uncaught ') + message + where);
  });
  window.addEventListener('unhandledrejection', (e) => {
    add('Unhandled rejection: ' + text(e.reason));
  });
}"""
CAPTURE_JS = f"({_CAPTURE})({MAX_PUSHED_URLS}, {MAX_CONSOLE_ERRORS}, {MAX_ERROR_CHARS});"
