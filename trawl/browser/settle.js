// Wait until the page has settled; returns how long it waited (see trawl.browser.capture).
// A page that loaded nothing and changed nothing after its load event (every static page)
// answers at once, and one whose own scripts only touched it at load (copy buttons, a
// sidebar toggle: nothing loading) once those touches are staticQuietMs old; an app, a page
// still loading, or a page after an action (afterAction), is waited one quiet period.
async ([quietMs, pollMs, budgetMs, afterAction, staticQuietMs = quietMs]) => {
  const APP_SHELLS = __APP_SHELLS__;
  const MIN_TEXT = __MIN_TEXT__;
  const s = window.__trawl;
  if (!s) return {ms: 0, timedOut: false};
  const start = performance.now();
  const nav = performance.getEntriesByType('navigation')[0];
  const loaded = nav && nav.loadEventEnd ? nav.loadEventEnd : start;
  // An app (a mount point, or a body with little text) may start its work after the load
  // event (a router resolving its first route): it is watched for one quiet period. Any
  // other page that loads nothing and has not changed since its load event is done
  // (every static page: it costs nothing); one that loads nothing but whose scripts
  // changed it after its load event (ready handlers adding copy buttons) is done when
  // those changes are staticQuietMs old. Should it start loading, one quiet period.
  const body = document.body;
  const app = !body || body.querySelector(APP_SHELLS) !== null
    || (body.textContent || '').trim().length < MIN_TEXT;
  const quiescent = !afterAction && !app && s.pending === 0;
  if (quiescent && s.changed <= loaded) return {ms: 0, timedOut: false};
  let quiet = quiescent ? Math.min(staticQuietMs, quietMs) : quietMs;
  // after an action (clicks) its effects may not have begun: quiet counts from now on
  const from = afterAction ? start : 0;
  while (performance.now() - start < budgetMs) {
    const now = performance.now();
    if (s.pending > 0) quiet = quietMs;  // it loads after all: waited like any page
    if (s.pending === 0 && now - Math.max(s.changed, from) >= quiet) {
      return {ms: Math.round(now - start), timedOut: false};
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  return {ms: Math.round(performance.now() - start), timedOut: true, pending: s.pending};
}
