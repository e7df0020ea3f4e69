"""Cookie consent banners: click "Accept" before the page is read.

:data:`DISMISS_JS` is a JavaScript function expression run inside the page (by the
snapshot, :data:`trawl.crawler.render.SNAPSHOT_JS`, and before spec steps). It looks for:

1. the accept button of a well-known consent platform (OneTrust, Cookiebot, Didomi,
   Cookie Consent, Quantcast, TrustArc, Usercentrics...);
2. otherwise a button or link whose whole label is an accept phrase ("Accept all", "I
   agree", "Allow all", "Got it", "OK"...) inside a small element whose id or class mentions
   cookie, consent, gdpr or cmp, among the elements under a few points of the viewport
   (overlays, bars) and the top :data:`SCAN_DEPTH` levels of the body.

With no banner this costs no extra round trip (it runs in the snapshot's ``evaluate``)
and about 1.5 ms on a page of 17,000 elements (much less on common pages). With one, it
clicks the button, waits up to :data:`DISMISS_WAIT_MS` for the banner to go, and removes
the banner from the page when it stays (some only fade out), so its text never reaches
the extracted markdown. It returns a step record (``{"step": "dismiss_cookie_banner",
...}``) or null. Banners in cross-origin iframes are out of its reach.
"""

from __future__ import annotations

import json

DISMISS_WAIT_MS = 1000
"""How long to wait after the click for the banner to disappear."""
MAX_BANNER_CHARS = 3000
"""A container with more text than this is the page, not a banner."""
KNOWN_ACCEPT_BUTTONS = (
    "#onetrust-accept-btn-handler",
    "#accept-recommended-btn-handler",
    "#CybotCookiebotDialogBodyLevelButtonLevelOptinAllowAll",
    "#CybotCookiebotDialogBodyButtonAccept",
    "#didomi-notice-agree-button",
    ".cc-allow",
    ".cc-accept-all",
    ".cc-dismiss",
    "#truste-consent-button",
    ".qc-cmp2-summary-buttons button[mode=primary]",
    ".fc-cta-consent",
    ".osano-cm-accept-all",
    ".cky-btn-accept",
    "#wt-cli-accept-all-btn",
    ".iubenda-cs-accept-btn",
    "#hs-eu-confirmation-button",
    ".js-cookie-consent-agree",
    "[data-cookiefirst-action=accept]",
    "#cookie-accept",
    "#accept-cookies",
)
SHADOW_ACCEPT_BUTTONS = (
    ("#usercentrics-root", "[data-testid=uc-accept-all-button]"),
    ("#cmpwrapper", "#cmpbntyestxt"),
)
"""(shadow host, accept button inside its shadow root)."""
ACCEPT_LABELS = (
    "accept", "accept all", "accept all cookies", "accept cookies", "accept and close",
    "accept & close", "accept and continue", "allow", "allow all", "allow all cookies",
    "allow cookies", "i agree", "agree", "agree and close", "agree and continue", "i accept",
    "got it", "ok", "okay", "ok, got it", "yes, i agree", "i understand", "understood",
)
"""Whole labels (case-insensitive, trailing punctuation ignored) of accept buttons."""
SCAN_DEPTH = 5
"""Elements this many levels under <body> are checked for a banner (plus those under a
few points of the viewport)."""
MAX_SCANNED = 2000
"""...but no more levels once this many elements were seen (wide pages)."""
CONTAINER_SELECTOR = ",".join(f"[{attr}*={word} i]" for word in
                              ("cookie", "consent", "gdpr", "cmp") for attr in ("id", "class"))

_DISMISS = """async (KNOWN, SHADOW, ACCEPT_LABELS, CONTAINER, MAX_CHARS, WAIT_MS, MAX_DEPTH,
                     MAX_SCAN) => {
  const LABELS = new Set(ACCEPT_LABELS);
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return false;
    const s = getComputedStyle(e);
    return s.visibility !== 'hidden' && s.display !== 'none' && s.opacity !== '0';
  };
  const label = (e) => (e.innerText || e.value || e.getAttribute('aria-label') || '')
    .replace(/\\s+/g, ' ').trim().replace(/[.!\\s]+$/, '').toLowerCase();
  const clickable = (e) => !(e.form && e.type === 'submit')  // never send a form...
    && (e.tagName !== 'A' || !e.getAttribute('href')        // ...or follow a real link
        || /^(#|javascript:)/i.test(e.getAttribute('href')));
  const small = (e) => e !== document.body && e !== document.documentElement
    && (e.textContent || '').length <= MAX_CHARS;
  // Where banners are: the elements under a few viewport points (overlays, bars), and the
  // top levels of the body. A selector over the whole document costs ~7 ms on a page of
  // 17,000 elements; all of this function ~1.5 ms there, much less on common pages.
  const candidates = () => {
    const found = new Set();
    for (const [x, y] of [[0.5, 0.02], [0.5, 0.5], [0.5, 0.95], [0.1, 0.95], [0.9, 0.95]]) {
      for (const e of document.elementsFromPoint(innerWidth * x, innerHeight * y)) found.add(e);
    }
    let level = document.body ? [document.body] : [], seen = 0;
    for (let depth = 0; depth < MAX_DEPTH && level.length && seen < MAX_SCAN; depth++) {
      const next = [];
      for (const e of level) for (const c of e.children) { next.push(c); found.add(c); }
      seen += next.length;
      level = next;
    }
    return Array.from(found).filter(e => typeof e.className === 'string' || e.id);
  };
  let button = null, box = null, how = '';
  for (const sel of KNOWN) {
    const e = document.querySelector(sel);
    if (e && shown(e) && clickable(e)) { button = e; how = sel; break; }
  }
  for (const [host, sel] of SHADOW) {
    if (button) break;
    const root = document.querySelector(host);
    const e = root && root.shadowRoot && root.shadowRoot.querySelector(sel);
    if (e && shown(e)) { button = e; box = root; how = sel; }
  }
  if (button) {
    const around = button.closest(CONTAINER);
    if (!box && around && small(around)) box = around;
  } else {
    for (const candidate of candidates().slice(0, 40)) {
      if (!candidate.matches(CONTAINER) || !small(candidate)) continue;
      const buttons = candidate.querySelectorAll(
        'button, a, [role=button], input[type=button], input[type=submit]');
      for (const e of Array.from(buttons).slice(0, 50)) {
        if (LABELS.has(label(e)) && clickable(e) && shown(e)) {
          button = e; box = candidate; how = `'${label(e)}'`; break;
        }
      }
      if (button) break;
    }
  }
  if (!button) return null;
  const where = box ? box.tagName.toLowerCase() + (box.id ? '#' + box.id : '') : 'page';
  button.click();
  const gone = () => !button.isConnected || !shown(button) || (box && !box.isConnected);
  const started = performance.now();
  while (!gone() && performance.now() - started < WAIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const record = {step: 'dismiss_cookie_banner', target: how, ok: true, count: 1,
                  detail: `clicked in ${where}`};
  if (!gone()) {
    if (box) { box.remove(); record.detail += '; it stayed, so it was removed from the page'; }
    else { record.ok = false; record.detail += '; the banner stayed'; }
  }
  return record;
}"""
_ARGS = json.dumps([KNOWN_ACCEPT_BUTTONS, SHADOW_ACCEPT_BUTTONS, ACCEPT_LABELS,
                    CONTAINER_SELECTOR, MAX_BANNER_CHARS, DISMISS_WAIT_MS, SCAN_DEPTH,
                    MAX_SCANNED])[1:-1]
DISMISS_JS = f"() => ({_DISMISS})({_ARGS})"
