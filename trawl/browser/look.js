// trawl's page-side element walker: look(), ref resolution and change watching.
//
// Evaluated by trawl.browser.session as a function expression: (args) => result.
// args = {op: "look" | "resolve" | "watch" | "unwatch", ...}. State (the ref map of the
// last look) lives on the top window under a Symbol, so a navigation drops it and every
// ref of the old document becomes stale.
(args) => {
  const KEY = Symbol.for("trawl.look");
  const SIDEBAR_HOST = "trawl-sidebar-host";
  const MAX_NAME = 80;

  // role -> ops advertised in look().actions (the seed's table, plus close relatives)
  const OPS = {
    button: ["click"],
    link: ["click"],
    textbox: ["input", "clear", "focus"],
    searchbox: ["input", "clear", "focus"],
    spinbutton: ["input", "clear", "focus"],
    checkbox: ["click", "check", "uncheck"],
    switch: ["click", "check", "uncheck"],
    menuitemcheckbox: ["click", "check", "uncheck"],
    radio: ["click"],
    menuitemradio: ["click"],
    combobox: ["select", "input", "click"],
    listbox: ["select"],
    option: ["click"],
    tab: ["click"],
    menuitem: ["click"],
    treeitem: ["click"],
    slider: ["input", "focus"],
    generic: ["click"],
  };
  const WIDGET_ROLES = new Set(Object.keys(OPS));

  const top = window;
  const state = () => top[KEY];

  // ---------------------------------------------------------------- roles
  function inputRole(el) {
    const type = (el.getAttribute("type") || "text").toLowerCase();
    switch (type) {
      case "hidden":
        return null;
      case "button":
      case "submit":
      case "reset":
      case "image":
      case "file":
      case "color":
        return "button";
      case "checkbox":
        return "checkbox";
      case "radio":
        return "radio";
      case "range":
        return "slider";
      case "number":
        return "spinbutton";
      case "search":
        return el.hasAttribute("list") ? "combobox" : "searchbox";
      default:
        return el.hasAttribute("list") ? "combobox" : "textbox";
    }
  }

  function implicitRole(el) {
    const tag = el.localName;
    switch (tag) {
      case "a":
      case "area":
        return el.hasAttribute("href") ? "link" : null;
      case "button":
        return "button";
      case "input":
        return inputRole(el);
      case "textarea":
        return "textbox";
      case "select":
        return el.multiple || el.size > 1 ? "listbox" : "combobox";
      case "summary":
        return "button";
      default:
        break;
    }
    if (el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable)) {
      return "textbox";
    }
    return null;
  }

  // DPUB-ARIA roles that are links (footnote references, back links, ...)
  const LINK_ROLES = new Set(["doc-backlink", "doc-noteref", "doc-biblioref", "doc-glossref"]);

  function roleOf(el) {
    const implicit = implicitRole(el);
    const explicit = el.getAttribute("role");
    if (explicit) {
      for (const r of explicit.trim().toLowerCase().split(/\s+/)) {
        if (WIDGET_ROLES.has(r)) return r;
        if (LINK_ROLES.has(r)) return "link";
        // a widget keeps its native role under a non-widget role (role="presentation" on
        // a focusable element is ignored, role="heading" on a link too)
        if (implicit !== null) return implicit;
        return r === "none" || r === "presentation" ? null : r;
      }
    }
    return implicit;
  }

  // ---------------------------------------------------------------- visibility
  function styleOf(el) {
    return el.ownerDocument.defaultView.getComputedStyle(el);
  }

  function isRendered(el) {
    if (typeof el.checkVisibility === "function") {
      if (!el.checkVisibility({ checkVisibilityCSS: true })) return false;
    } else {
      const s = styleOf(el);
      if (s.display === "none" || s.visibility === "hidden") return false;
    }
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) return true;
    // an inline box around a floated/absolute child (an icon link) has no size of its own
    for (const c of el.children) {
      const cr = c.getBoundingClientRect();
      if (cr.width > 0 && cr.height > 0) return true;
    }
    return false;
  }

  function isDisabled(el) {
    if (el.getAttribute("aria-disabled") === "true") return true;
    try { return el.matches(":disabled"); } catch (e) { return false; }
  }

  // ---------------------------------------------------------------- names
  function clean(s) {
    return (s || "").replace(/\s+/g, " ").trim();
  }

  function clip(s) {
    s = clean(s);
    return s.length > MAX_NAME ? s.slice(0, MAX_NAME - 1) + "\u2026" : s;
  }

  function byId(el, id) {
    const root = el.getRootNode();
    return (root.getElementById ? root.getElementById(id) : null)
      || el.ownerDocument.getElementById(id);
  }

  // Text of a subtree as assistive tech would read it: text nodes, alt text, aria-labels,
  // open shadow roots and slotted content; skips hidden parts.
  function textOf(node, budget, skip) {
    let out = "";
    const visit = (n) => {
      if (out.length > budget) return;
      if (n.nodeType === 3) {
        out += n.data;
        return;
      }
      if (n.nodeType !== 1 && n.nodeType !== 11) return;
      if (n.nodeType === 1) {
        if (n === skip) return;
        const tag = n.localName;
        if (tag === "script" || tag === "style" || tag === "template" || tag === "noscript") return;
        if (n.hidden || n.getAttribute("aria-hidden") === "true") return;
        if (n !== node) {
          const al = clean(n.getAttribute("aria-label"));
          if (al) { out += " " + al + " "; return; }
        }
        if (tag === "img" || (tag === "input" && n.type === "image")) {
          out += " " + (n.getAttribute("alt") || "") + " ";
          return;
        }
        if (tag === "svg") {
          const t = n.querySelector("title");
          if (t) out += " " + t.textContent + " ";
          return;
        }
        if (tag === "input" || tag === "textarea" || tag === "select") {
          if (n !== node) out += " " + (n.value || "") + " ";
          return;
        }
        if (tag === "slot") {
          const assigned = n.assignedNodes({ flatten: true });
          if (assigned.length) { assigned.forEach(visit); return; }
        }
        if (n.shadowRoot) { visit(n.shadowRoot); return; }
        const block = tag === "br" || tag === "p" || tag === "div" || tag === "li";
        if (block) out += " ";
        for (let c = n.firstChild; c; c = c.nextSibling) visit(c);
        if (block) out += " ";
        return;
      }
      for (let c = n.firstChild; c; c = c.nextSibling) visit(c);
    };
    visit(node);
    return clean(out);
  }

  const NAME_FROM_CONTENT = new Set([
    "button", "link", "checkbox", "radio", "switch", "tab", "menuitem", "menuitemcheckbox",
    "menuitemradio", "option", "treeitem", "generic",
  ]);

  function accName(el, role) {
    const labelledby = clean(el.getAttribute("aria-labelledby"));
    if (labelledby) {
      const parts = labelledby.split(" ").map((id) => byId(el, id)).filter(Boolean)
        .map((n) => clean(n.getAttribute("aria-label")) || textOf(n, 200));
      const s = clean(parts.join(" "));
      if (s) return s;
    }
    const aria = clean(el.getAttribute("aria-label"));
    if (aria) return aria;
    const tag = el.localName;
    if (tag === "input" && ["button", "submit", "reset"].includes(el.type)) {
      return clean(el.value) || ({ submit: "Submit", reset: "Reset" })[el.type] || clean(el.title);
    }
    if (tag === "input" && el.type === "image") {
      return clean(el.alt) || clean(el.value) || clean(el.title) || "Submit";
    }
    if (el.labels && el.labels.length) {
      const s = clean(Array.from(el.labels).map((l) => textOf(l, 200, el)).join(" "));
      if (s) return s;
    }
    if (tag === "img" || tag === "area") {
      const alt = clean(el.getAttribute("alt"));
      if (alt) return alt;
    }
    if (NAME_FROM_CONTENT.has(role) || tag === "summary") {
      const s = textOf(el, 200);
      if (s) return s;
    }
    const title = clean(el.getAttribute("title"));
    if (title) return title;
    const ph = clean(el.getAttribute("placeholder") || el.getAttribute("aria-placeholder"));
    if (ph) return ph;
    if (role === "link" || tag === "a") {
      // last resort: where the link goes, so two icon links stay tellable apart
      const href = el.getAttribute("href") || "";
      return href.length > 40 ? href.slice(0, 39) + "\u2026" : href;
    }
    if (tag === "select" && el.selectedOptions && el.selectedOptions.length) {
      return clean(el.selectedOptions[0].textContent);
    }
    return "";
  }

  // ---------------------------------------------------------------- walking
  // Visit elements in document order, entering open shadow roots and same-origin iframes.
  // cb(el, ctx) returns true to skip the element's subtree. Stack entries are
  // [node, ctx, isContainer]; a container (document, shadow root) pushes its children.
  function walk(start, cb, ctx, roots) {
    const stack = [];
    const pushKids = (node, c) => {
      const ch = node.children || [];
      for (let i = ch.length - 1; i >= 0; i--) stack.push([ch[i], c, false]);
    };
    pushKids(start, ctx);
    while (stack.length) {
      const [node, c, container] = stack.pop();
      if (container) { pushKids(node, c); continue; }
      const el = node;
      if (el.localName === SIDEBAR_HOST || el.id === SIDEBAR_HOST) continue;
      if (cb(el, c)) continue;
      // pushed in reverse: shadow content (where the host renders), then light children,
      // then a frame's document
      if (el.localName === "iframe" || el.localName === "frame") {
        let doc = null;
        try { doc = el.contentDocument; } catch (e) { doc = null; }
        if (doc && doc.documentElement) {
          const r = el.getBoundingClientRect();
          const inner = {
            dx: c.dx + r.left + el.clientLeft,
            dy: c.dy + r.top + el.clientTop,
            clip: intersect(c.clip, {
              left: c.dx + r.left, top: c.dy + r.top,
              right: c.dx + r.right, bottom: c.dy + r.bottom,
            }),
          };
          if (roots) roots.push(doc);
          stack.push([doc, inner, true]);
        }
      }
      pushKids(el, c);
      if (el.shadowRoot) {
        if (roots) roots.push(el.shadowRoot);
        stack.push([el.shadowRoot, c, true]);
      }
    }
  }

  function intersect(a, b) {
    return {
      left: Math.max(a.left, b.left), top: Math.max(a.top, b.top),
      right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom),
    };
  }

  function inView(el, ctx) {
    const r = el.getBoundingClientRect();
    const left = r.left + ctx.dx, top = r.top + ctx.dy;
    const right = left + Math.max(r.width, 1), bottom = top + Math.max(r.height, 1);
    return right > ctx.clip.left && left < ctx.clip.right
      && bottom > ctx.clip.top && top < ctx.clip.bottom;
  }

  function hasPointer(el) {
    const s = styleOf(el);
    if (s.cursor !== "pointer") return false;
    const p = el.parentElement;
    return !p || styleOf(p).cursor !== "pointer";
  }

  function isGenericClickable(el) {
    const tag = el.localName;
    if (tag === "html" || tag === "body" || tag === "label" || tag === "option") return false;
    if (el.hasAttribute("onclick") || typeof el.onclick === "function") return true;
    const ti = el.getAttribute("tabindex");
    if (ti !== null && Number(ti) >= 0 && tag !== "iframe") return true;
    return hasPointer(el);
  }

  function look(opts) {
    const doc = document;
    let root = doc;
    if (opts.scope) {
      let found = null;
      try { found = doc.querySelector(opts.scope); } catch (e) {
        return { error: "INVALID_ARGS", message: `scope ${JSON.stringify(opts.scope)} is not a valid CSS selector` };
      }
      if (!found) {
        return { error: "INVALID_ARGS", message: `scope ${JSON.stringify(opts.scope)} matched no element; call look() without scope to see the page` };
      }
      root = found;
    }
    const vw = top.innerWidth, vh = top.innerHeight;
    const ctx0 = { dx: 0, dy: 0, clip: { left: 0, top: 0, right: vw, bottom: vh } };
    const refs = new Map();
    const tree = [];
    const actions = {};
    const roots = [doc];
    // Numbering restarts at e1 in each new document but continues across looks within
    // one, so a ref from an earlier look is never reused for another element: using it
    // gives STALE_REF instead of silently acting on whatever now holds that number.
    const prev = state();
    const first = prev ? prev.next : 1;
    let n = first - 1;
    const visit = (el, ctx) => {
      if (el.getAttribute("aria-hidden") === "true" || el.hasAttribute("inert")) return true;
      const tag = el.localName;
      if (tag === "script" || tag === "style" || tag === "template" || tag === "head") return true;
      let role = roleOf(el);
      let widget = role !== null && WIDGET_ROLES.has(role);
      if (!widget && role !== "listbox" && isGenericClickable(el)) { role = "generic"; widget = true; }
      if (!widget) return false;
      if (role === "option" && tag === "option") return true; // native options: use select
      if (!isRendered(el)) return true;
      if (isDisabled(el)) return true;
      const visible = !opts.viewport || inView(el, ctx);
      if (visible) {
        const ref = "e" + (++n);
        refs.set(ref, el);
        tree.push(`${role}:${clip(accName(el, role))}[${ref}]`);
        actions[ref] = tag === "input" && el.type === "file" ? [...OPS[role], "upload"] : OPS[role];
      }
      // a control's inner parts are not separate targets, except composite widgets
      return !(role === "listbox" || role === "combobox" || role === "generic"
        || role === "tab" || role === "treeitem" || role === "menuitem");
    };
    if (root !== doc) {
      if (!visit(root, ctx0)) walk(root, visit, ctx0, roots);
      if (root.shadowRoot) walk(root.shadowRoot, visit, ctx0, roots);
    } else {
      walk(doc, visit, ctx0, roots);
    }
    const id = Math.random().toString(36).slice(2) + Date.now().toString(36);
    Object.defineProperty(top, KEY, {
      value: { id, refs, roots, watch: null, next: n + 1 }, configurable: true,
      enumerable: false,
      writable: true,
    });
    return { id, url: location.href, title: doc.title, tree, actions };
  }

  function resolve(a) {
    const s = state();
    if (!s) return "nolook";
    if (s.id !== a.id) return "mismatch";
    const el = s.refs.get(a.ref);
    if (!el) return "unknown";
    if (!el.isConnected) return "detached";
    return el;
  }

  function snapshot(el) {
    if (!el) return null;
    return JSON.stringify([el.value, el.checked, el.selectedIndex,
      el.isContentEditable ? el.textContent : null]);
  }

  function watch(a) {
    const s = state();
    if (!s) return false;
    if (s.watch) s.watch.obs.forEach((o) => o.disconnect());
    const w = { count: 0, obs: [], el: a.el, before: snapshot(a.el) };
    const host = (rec) => {
      const t = rec.target;
      return t && t.nodeType === 1 && (t.localName === SIDEBAR_HOST || t.id === SIDEBAR_HOST);
    };
    for (const r of s.roots) {
      try {
        const o = new MutationObserver((recs) => { w.count += recs.filter((x) => !host(x)).length; });
        o.observe(r, { subtree: true, childList: true, attributes: true, characterData: true });
        w.obs.push(o);
      } catch (e) { /* a root from a document that went away */ }
    }
    s.watch = w;
    return true;
  }

  function unwatch() {
    const s = state();
    if (!s || !s.watch) return null;
    const w = s.watch;
    for (const o of w.obs) {
      w.count += o.takeRecords().length;
      o.disconnect();
    }
    s.watch = null;
    const after = snapshot(w.el && w.el.isConnected ? w.el : null);
    return w.count > 0 || (w.el ? after !== w.before : false);
  }

  switch (args.op) {
    case "look":
      return look(args);
    case "resolve":
      return resolve(args);
    case "watch":
      return watch(args);
    case "unwatch":
      return unwatch();
    default:
      throw new Error("unknown op " + args.op);
  }
}
