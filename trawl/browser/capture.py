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
  const state = {pushed: [], errors: [], pending: 0, changed: 0};
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
  // what the page is still doing: requests its scripts made, scripts being loaded
  const done = () => { state.pending = Math.max(0, state.pending - 1); };
  const fetch_ = window.fetch;
  if (fetch_) {
    window.fetch = function () {
      state.pending++;
      let result;
      try { result = fetch_.apply(this, arguments); } catch (e) { done(); throw e; }
      result.then(done, done);
      return result;
    };
  }
  // a response's body is read after the fetch itself resolved: that is loading too
  if (window.Response) {
    for (const name of ['text', 'json', 'arrayBuffer', 'blob', 'formData']) {
      const read = Response.prototype[name];
      if (!read) continue;
      Response.prototype[name] = function () {
        state.pending++;
        let result;
        try { result = read.apply(this, arguments); } catch (e) { done(); throw e; }
        result.then(done, done);
        return result;
      };
    }
  }
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function () {
    state.pending++;
    this.addEventListener('loadend', done, {once: true});
    try { return send.apply(this, arguments); } catch (e) { done(); throw e; }
  };
  const watchScript = (node) => {
    if (node.tagName !== 'SCRIPT' || !node.src || node.__trawlWatched) return;
    node.__trawlWatched = true;
    state.pending++;
    node.addEventListener('load', done, {once: true});
    node.addEventListener('error', done, {once: true});
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData' || r.addedNodes.length || r.removedNodes.length) {
        state.changed = performance.now();
      }
      // scripts the page adds itself (code-split chunks); parser-made ones delay load
      if (document.readyState === 'complete') r.addedNodes.forEach(watchScript);
    }
  }).observe(document, {childList: true, subtree: true, characterData: true});
}"""
CAPTURE_JS = f"({_CAPTURE})({MAX_PUSHED_URLS}, {MAX_CONSOLE_ERRORS}, {MAX_ERROR_CHARS});"

QUIET_MS = 300
"""The page counts as settled when nothing is loading and its content has not changed for
this long."""
SETTLE_POLL_MS = 25
APP_SHELL_SELECTOR = ("#root, #app, #__next, #__nuxt, #svelte, #main-app, [ng-app], "
                      "[data-reactroot], [ng-version], app-root")
"""Mount points of client-side apps (as trawl.crawl.auto recognises app shells)."""
MIN_STATIC_TEXT_CHARS = 200
"""A body with less text than this at its load event may be an app still starting."""
SETTLE_BUDGET_MS = 5_000
"""The longest a page is waited for after its load event (a page that never stops polling
or animating text is read as it is then, and says so: ``settle_timed_out``)."""

# Wait until the page has settled; returns how long it waited. A page that loaded nothing
# and changed nothing after its load event (every static page) answers at once; an app,
# or a page after an action (afterAction), is waited at least one quiet period.
SETTLE_JS = """async ([quietMs, pollMs, budgetMs, afterAction]) => {
  const APP_SHELLS = '""" + APP_SHELL_SELECTOR + """';
  const MIN_TEXT = """ + str(MIN_STATIC_TEXT_CHARS) + """;
  const s = window.__trawl;
  if (!s) return {ms: 0, timedOut: false};
  const start = performance.now();
  const nav = performance.getEntriesByType('navigation')[0];
  const loaded = nav && nav.loadEventEnd ? nav.loadEventEnd : start;
  // An app (a mount point, or a body with little text) may start its work after the load
  // event (a router resolving its first route): it is watched for one quiet period. Any
  // other page that loads nothing and has not changed since its load event is done
  // (every static page: it costs nothing).
  const body = document.body;
  const app = !body || body.querySelector(APP_SHELLS) !== null
    || (body.textContent || '').trim().length < MIN_TEXT;
  if (!afterAction && !app && s.pending === 0 && s.changed <= loaded) {
    return {ms: 0, timedOut: false};
  }
  // after an action (clicks) its effects may not have begun: quiet counts from now on
  const from = afterAction ? start : 0;
  while (performance.now() - start < budgetMs) {
    const now = performance.now();
    if (s.pending === 0 && now - Math.max(s.changed, from) >= quietMs) {
      return {ms: Math.round(now - start), timedOut: false};
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  return {ms: Math.round(performance.now() - start), timedOut: true, pending: s.pending};
}"""
