// The facts about the control that a click on el (or, with enter, the Enter key in it)
// would activate: the element's own control (a span inside a button is the button), a
// control inside it under its centre (where a click lands), or for Enter in a text field the
// form's default button (implicit submission). Read by ControlFacts.from_js.
(el, enter) => {
  const CONTROL = 'a[href], area[href], button, summary, input[type=submit i], '
    + 'input[type=image i], input[type=button i], input[type=reset i], [role=button], '
    + '[role=link], [role=menuitem], [role=menuitemcheckbox], [role=menuitemradio], '
    + '[role=option], [role=tab]';
  const TEXT_TYPES = ['text', 'search', 'email', 'url', 'tel', 'number'];
  const doc = el.ownerDocument, win = doc.defaultView;
  const clean = (s) => (s || '').replace(/\s+/g, ' ').trim().slice(0, 300);
  const attr = (e, n) => clean(e.getAttribute(n));
  const shown = (e) => e.getClientRects().length > 0;
  const isSubmit = (e) => (e.localName === 'button' && e.type === 'submit')
    || (e.localName === 'input' && (e.type === 'submit' || e.type === 'image'));
  const clickable = (e) => e.hasAttribute('onclick') || typeof e.onclick === 'function'
    || Number(e.getAttribute('tabindex') ?? -1) >= 0
    || win.getComputedStyle(e).cursor === 'pointer';
  const roleOf = (e) => {
    const explicit = (e.getAttribute('role') || '').trim().toLowerCase().split(/\s+/)[0];
    if (explicit && explicit !== 'none' && explicit !== 'presentation') return explicit;
    const tag = e.localName;
    if ((tag === 'a' || tag === 'area') && e.hasAttribute('href')) return 'link';
    if (tag === 'button' || tag === 'summary') return 'button';
    if (tag === 'input') {
      if (['submit', 'image', 'button', 'reset'].includes(e.type)) return 'button';
      return ['checkbox', 'radio'].includes(e.type) ? e.type : 'textbox';
    }
    if (tag === 'textarea' || tag === 'select') return 'textbox';
    return clickable(e) ? 'generic' : '';
  };
  const textOf = (e) => clean(e.innerText || e.textContent) || clean(Array.from(
    e.querySelectorAll('img[alt], [aria-label]')).map(
      n => n.getAttribute('alt') || n.getAttribute('aria-label')).join(' '));
  const nameOf = (e) => {
    const ids = attr(e, 'aria-labelledby');
    const by = ids ? clean(ids.split(' ').map(id => doc.getElementById(id)).filter(Boolean)
      .map(n => n.innerText || n.textContent).join(' ')) : '';
    if (by) return by;
    if (attr(e, 'aria-label')) return attr(e, 'aria-label');
    if (e.localName === 'input') {
      return clean(e.value) || attr(e, 'alt')
        || ({submit: 'Submit', image: 'Submit', reset: 'Reset'})[e.type] || attr(e, 'title');
    }
    return textOf(e) || attr(e, 'title');
  };
  const fieldOf = (f) => ({type: f.localName === 'textarea' ? 'textarea' : f.type,
    name: f.getAttribute('name') || '', id: f.id || '', role: attr(f, 'role'),
    label: attr(f, 'aria-label') || attr(f, 'placeholder') || attr(f, 'title')});
  const formOf = (form, submitter) => {
    if (!form) return null;
    const method = (submitter && submitter.getAttribute('formmethod'))
      || form.getAttribute('method') || 'get';
    const fields = [];
    let passwords = 0;
    for (const f of form.elements) {
      if (!shown(f)) continue;  // hidden inputs (tokens, honeypots) are not what a person fills
      if (f.localName === 'input' && f.type === 'password') passwords++;
      else if (f.localName === 'textarea' || (f.localName === 'input'
               && TEXT_TYPES.includes(f.type))) fields.push(fieldOf(f));
    }
    return {method: method.trim().toLowerCase(), fields: fields.slice(0, 20), passwords,
            search: form.getAttribute('role') === 'search'
              || !!form.closest('[role=search], search')};
  };
  let target = el, submits = false, form = null;
  if (enter && el.localName === 'input' && el.form
      && [...TEXT_TYPES, 'password'].includes(el.type)) {
    form = el.form;  // Enter in a field sends its form, as if its first submit was clicked
    target = Array.from(form.elements).find(isSubmit) || null;
    submits = true;
  } else {
    target = el.closest(CONTROL);
    if (!target) {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      const hit = x >= 0 && y >= 0 && x < win.innerWidth && y < win.innerHeight
        ? doc.elementFromPoint(x, y) : null;
      const inner = hit && el.contains(hit) ? hit.closest(CONTROL) : null;
      target = inner && el.contains(inner) ? inner : el;
    }
    submits = isSubmit(target) && !!target.form;
    form = submits ? target.form : null;
  }
  if (!target) {
    return {tag: el.localName, role: '', submits, form: formOf(form, null)};
  }
  const isButton = target.localName === 'button' || (target.localName === 'input'
    && ['submit', 'image', 'button', 'reset'].includes(target.type));
  return {
    tag: target.localName, role: roleOf(target), name: nameOf(target),
    text: target.localName === 'input' ? '' : textOf(target),
    value: isButton ? clean(target.value) : '',
    aria_label: attr(target, 'aria-label'), title: attr(target, 'title'),
    href: (target.localName === 'a' || target.localName === 'area')
      && target.hasAttribute('href') ? target.href : '',
    http_method: attr(target, 'data-method') || attr(target, 'data-turbo-method'),
    submits, form: formOf(form, target),
  };
}
