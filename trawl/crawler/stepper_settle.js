// After an action: until the DOM changed and went quiet; returns how many mutations were seen.
async ([first, quiet, cap]) => {
  const w = window, t0 = performance.now(), sleep = (ms) => new Promise(r => setTimeout(r, ms));
  while (!w.__trawlMutations && performance.now() - t0 < first) await sleep(25);
  const t1 = performance.now();
  while (w.__trawlMutations && performance.now() - w.__trawlChanged < quiet
         && performance.now() - t1 < cap) await sleep(25);
  if (w.__trawlObserver) w.__trawlObserver.disconnect();
  return w.__trawlMutations || 0;
}
