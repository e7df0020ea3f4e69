// Of a locator's matches: the index of the first visible one, and whether it is disabled.
(els) => {
  for (let i = 0; i < els.length; i++) {
    const e = els[i];
    if (!e.getClientRects().length || getComputedStyle(e).visibility === 'hidden') continue;
    return [i, !!(e.disabled || e.getAttribute('aria-disabled') === 'true')];
  }
  return [-1, false];
}
