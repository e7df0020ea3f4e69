// Read the page in one CDP round trip (see trawl.crawler.render): let it settle, open what a
// reader's click opens (then settle again), dismiss a cookie banner when asked, then the DOM
// as page.content() serialises it, whether a password field is visible, how many words a
// reader sees, and what the capture script noted (pushState URLs, errors). timeOrigin tells
// whether steps left the document. maxChars (optional): a DOM that serialises to more
// characters than this is not sent (html null, htmlChars its length): a small page whose
// script builds a DOM of gigabytes must not reach the crawler's memory.
async ([dismiss, expand, settleArgs, maxChars]) => {
  const settle = __SETTLE__;
  const settled = await settle(settleArgs);
  let expanded = 0;
  if (expand) {
    expanded = (__EXPAND__)();
    if (expanded) {
      const again = await settle([...settleArgs.slice(0, 3), true]);
      settled.ms += again.ms; settled.timedOut = settled.timedOut || again.timedOut;
    }
  }
  const banner = dismiss ? await (__DISMISS_SAFELY__)() : null;
  let html = document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '';
  if (document.documentElement) html += document.documentElement.outerHTML;
  const htmlChars = html.length;
  if (maxChars != null && htmlChars > maxChars) html = null;
  const visible = Array.from(document.querySelectorAll('input[type=password]')).some(e => {
    const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
  });
  const seen = document.body ? (document.body.innerText.match(/\w+/gu) || []).length : 0;
  const noted = window.__trawl || {pushed: [], errors: []};
  return {html, password: visible, banner, pushed: noted.pushed.slice(),
          errors: noted.errors.slice(), origin: performance.timeOrigin, settled, expanded,
          seen, htmlChars};
}
