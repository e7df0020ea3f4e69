// Open what a reader opens by clicking: closed <details>, and accordion toggles
// (aria-expanded=false buttons) in the page's content. Navigation, menus, tabs and forms are
// left alone, and so is a toggle whose words say it deletes, buys or logs out.
() => {
  let opened = 0;
  for (const d of document.querySelectorAll('details:not([open])')) {
    if (opened >= __MAX_EXPAND__) break;
    d.open = true; opened++;
  }
  const chrome = 'nav, header, footer, aside, form, [role=navigation], [role=banner], ' +
    '[role=menu], [role=menubar], [role=tablist], [role=dialog], [role=search]';
  const risky = new RegExp('\\b(delete|remove|destroy|buy|purchase|pay|checkout|order|' +
                           'log ?out|sign ?out|unsubscribe|cancel)\\b', 'i');
  for (const el of document.querySelectorAll('[aria-expanded=false]')) {
    if (opened >= __MAX_EXPAND__) break;
    const tag = el.tagName, role = el.getAttribute('role');
    if (!(tag === 'BUTTON' || role === 'button' || tag === 'SUMMARY')) continue;
    if (el.hasAttribute('aria-haspopup') || el.closest(chrome) || el.disabled) continue;
    if (risky.test(el.innerText || '')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    try { el.click(); opened++; } catch (e) { /* a toggle that throws: left closed */ }
  }
  return opened;
}
