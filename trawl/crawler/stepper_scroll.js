// Scroll the page by a screen, or to its top or bottom.
(to) => {
  const box = document.scrollingElement || document.documentElement;
  const d = {bottom: box.scrollHeight, top: -box.scrollHeight, down: 0.8 * innerHeight,
             up: -0.8 * innerHeight}[to];
  window.scrollBy(0, d);
}
