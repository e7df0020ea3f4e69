// The focused element, inside open shadow roots and same-origin frames.
() => {
  let e = document.activeElement;
  for (;;) {
    const inner = e && ((e.shadowRoot && e.shadowRoot.activeElement)
      || (e.contentDocument && e.contentDocument.activeElement));
    if (!inner || inner === e) break;
    e = inner;
  }
  return e && e !== document.body && e !== document.documentElement ? e : null;
}
