// After a "load more" click: wait until nodes were added or removed and the button is no
// longer busy (disabled/aria-busy while it loads), then until the DOM is quiet; returns
// whether anything changed. Attribute changes alone (a spinner class) do not count.
async ([button, wait, quiet, cap]) => {
  const sleep = (ms) => new Promise(r => setTimeout(r, ms));
  let added = 0, last = performance.now();
  const observer = new MutationObserver((records) => {
    for (const r of records) added += r.addedNodes.length + r.removedNodes.length;
    last = performance.now();
  });
  observer.observe(document, {subtree: true, childList: true, characterData: true});
  const busy = () => button.isConnected && (button.disabled
    || ['true'].includes(button.getAttribute('aria-disabled'))
    || button.getAttribute('aria-busy') === 'true');
  button.click();
  const t0 = performance.now();
  while ((!added || busy()) && performance.now() - t0 < wait) await sleep(50);
  const t1 = performance.now();
  while (added && performance.now() - last < quiet && performance.now() - t1 < cap) {
    await sleep(25);
  }
  observer.disconnect();
  return added > 0;
}
