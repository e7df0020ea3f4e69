// Open every <details>, click every aria-expanded=false toggle and every tab of every
// tablist; a panel hidden again (single-open accordions, tabs) is shown again at the end,
// and one whose content was replaced is kept as a copy, so all of it is in the snapshot.
// refused: null when the guard allows everything, else the indices (in the candidate list
// destructive_candidates.js left on the page) of the destructive ones; those are skipped,
// and so is a toggle or tab that appeared since (nobody judged it).
async ([max, settle, refused]) => {
  const sleep = (ms) => new Promise(r => setTimeout(r, ms));
  const shown = (e) => e.getClientRects().length > 0
    && getComputedStyle(e).visibility !== 'hidden';
  const counts = {details: 0, toggles: 0, tabs: 0, restored: 0, failed: 0, unjudged: 0};
  const key = Symbol.for('trawl.expand');
  const judged = refused === null ? null : (window[key] || []);
  delete window[key];
  const refusedSet = new Set((refused || []).map(i => judged[i]));
  const judgedSet = new Set(judged || []);
  const skipped = new Set();  // indices of refused controls passed over
  const allowed = (e) => {
    if (judged === null) return true;
    if (refusedSet.has(e)) { skipped.add(judged.indexOf(e)); return false; }
    if (!judgedSet.has(e)) { counts.unjudged++; return false; }
    return true;
  };
  for (const d of document.querySelectorAll('details:not([open])')) {
    d.open = true; counts.details++;
  }
  const seen = [];  // [panel, html] after each activation
  const panelOf = (e, isTab) => {
    const ids = (e.getAttribute('aria-controls') || '').split(/\s+/).filter(Boolean);
    const byId = ids.map(id => document.getElementById(id)).find(Boolean);
    if (byId) return byId;
    if (isTab) {
      const list = e.closest('[role=tablist]');
      const scope = (list && list.parentElement) || document;
      return Array.from(scope.querySelectorAll('[role=tabpanel]')).find(shown) || null;
    }
    return e.nextElementSibling;
  };
  const activate = async (e, isTab) => {
    try { e.click(); } catch (err) { counts.failed++; return; }
    const t0 = performance.now();
    const panel0 = panelOf(e, isTab);
    while (performance.now() - t0 < settle && !(panel0 && shown(panel0))) await sleep(25);
    const panel = panelOf(e, isTab);
    if (panel) seen.push([panel, panel.innerHTML]);
  };
  let clicks = 0;
  // never a toggle that would send a form or follow a link: the page would be gone
  const harmless = (e) => !(e.form && e.type === 'submit') && !(e.tagName === 'A'
    && e.getAttribute('href') && !/^(#|javascript:)/i.test(e.getAttribute('href')));
  const toggles = Array.from(document.querySelectorAll('[aria-expanded=false]')).filter(e =>
    !e.matches('[role=combobox], select, input, [role=tab]') && harmless(e));
  for (const t of toggles) {
    if (clicks >= max) break;
    if (t.getAttribute('aria-expanded') !== 'false' || !shown(t) || !allowed(t)) continue;
    clicks++; counts.toggles++;
    await activate(t, false);
  }
  for (const list of document.querySelectorAll('[role=tablist]')) {
    const tabs = Array.from(list.querySelectorAll('[role=tab]'));
    const selected = tabs.find(t => t.getAttribute('aria-selected') === 'true');
    if (selected) { const p = panelOf(selected, true); if (p) seen.push([p, p.innerHTML]); }
    for (const tab of tabs) {
      if (clicks >= max) break;
      if (tab === selected || tab.getAttribute('aria-disabled') === 'true'
          || !harmless(tab) || !allowed(tab)) continue;
      clicks++; counts.tabs++;
      await activate(tab, true);
    }
  }
  for (const [panel, html] of seen) {
    if (panel.isConnected && panel.innerHTML === html) {
      if (!shown(panel)) {
        panel.hidden = false; panel.removeAttribute('aria-hidden');
        panel.style.display = 'block'; panel.style.visibility = 'visible';
        counts.restored++;
      }
    } else if (html.trim()) {
      const copy = document.createElement('div');
      copy.setAttribute('data-trawl-expanded', '');
      copy.innerHTML = html;
      (panel.isConnected ? panel : document.body).insertAdjacentElement(
        panel.isConnected ? 'afterend' : 'beforeend', copy);
      counts.restored++;
    }
  }
  return [counts, clicks >= max, Array.from(skipped)];
}
