// Init script of every crawl context (see trawl.browser.capture): pushState URLs, errors,
// what is still loading and when the content last changed, on a hidden window.__trawl.
// Called with (MAX_URLS, MAX_ERRORS, MAX_CHARS).
(MAX_URLS, MAX_ERRORS, MAX_CHARS) => {
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
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData' || r.addedNodes.length || r.removedNodes.length) {
        state.changed = performance.now();
      }
      // scripts the page adds itself (code-split chunks); parser-made ones delay load
      if (document.readyState === 'complete') r.addedNodes.forEach(watchScript);
    }
  });
  const observe = () => {
    state.changed = performance.now();
    observer.observe(document, {childList: true, subtree: true, characterData: true});
  };
  // Watched from the end of parsing on: the parser's own insertions (a record per node of
  // a long page) cost its load time and say nothing the end of parsing does not; this
  // listener, added before the page's scripts run, comes before theirs.
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', observe, {once: true});
  } else {
    observe();
  }
}
