// Scroll the page (or a scrolling box) to its end, then wait until it grows (height or
// element count) and settles; returns [grew, height, elements]. Halfway through the wait it
// scrolls up a little and back down: an IntersectionObserver whose sentinel never left the
// viewport since the last batch (no frame in between) sees it enter again.
async ([selector, wait, quiet]) => {
  const sleep = (ms) => new Promise(r => setTimeout(r, ms));
  const box = selector ? document.querySelector(selector)
    : (document.scrollingElement || document.documentElement);
  if (!box) throw new Error('no element matches ' + selector);
  const size = () => [box.scrollHeight, document.getElementsByTagName('*').length];
  const toEnd = () => {
    box.scrollTop = box.scrollHeight;
    if (!selector) window.scrollTo(0, document.documentElement.scrollHeight);
  };
  const before = size(), same = (a, b) => a[0] === b[0] && a[1] === b[1];
  toEnd();
  const t0 = performance.now();
  let now = size(), nudged = false;
  while (same(now, before) && performance.now() - t0 < wait) {
    await sleep(50);
    if (!nudged && performance.now() - t0 > wait / 2) {
      nudged = true;
      box.scrollTop = Math.max(0, box.scrollTop - box.clientHeight);
      if (!selector) window.scrollBy(0, -innerHeight);
      await Promise.race([sleep(1000), new Promise(
        r => requestAnimationFrame(() => requestAnimationFrame(r)))]);  // observers ran
      toEnd();
    }
    now = size();
  }
  if (same(now, before)) return [false, ...now];
  for (let last = now, t1 = performance.now(); performance.now() - t1 < 2000;) {
    await sleep(quiet);
    now = size();
    if (same(now, last)) break;
    last = now;
  }
  return [true, ...now];
}
