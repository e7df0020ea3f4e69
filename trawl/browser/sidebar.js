// trawl's agent sidebar: a floating, draggable, resizable, collapsible command log.
//
// Installed as an init script (and evaluated once on the current page) as
// `(<this function>)()`. Python drives it through window.__trawlSidebar.render(entries,
// handoffMessage, elementToHighlight). It lives in a shadow root under a fixed
// host element, so it neither shifts the page's layout nor shows up in look().
function () {
  if (window.top !== window) return; // one panel per tab, in the top document
  if (window.__trawlSidebar) return;
  const HOST = "trawl-sidebar-host";
  let host = null, root = null, logEl = null, alertEl = null, box = null, panel = null;
  let collapsed = false, cleared = 0, lastEntries = [];

  const css = `
    .panel { position: fixed; top: 12px; right: 12px; width: 340px; height: 300px;
      min-width: 180px; min-height: 34px; resize: both; overflow: hidden;
      display: flex; flex-direction: column; background: rgba(20,22,30,.94); color: #e8e8e8;
      font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace; border-radius: 8px;
      box-shadow: 0 4px 18px rgba(0,0,0,.4); z-index: 2147483647; pointer-events: auto; }
    .panel.collapsed { height: 34px !important; resize: none; }
    .panel.handoff { box-shadow: 0 0 0 3px #ff3b3b, 0 0 24px 6px #ff3b3b; }
    .head { display: flex; align-items: center; gap: 6px; padding: 6px 8px; cursor: move;
      background: #2b2f3d; user-select: none; flex: none; }
    .title { flex: 1; font-weight: bold; }
    .head button { background: #444a5c; color: #fff; border: 0; border-radius: 4px;
      width: 22px; height: 22px; cursor: pointer; font: bold 12px monospace; }
    .alert { display: none; background: #b71c1c; color: #fff; padding: 8px; flex: none; }
    .alert.on { display: block; }
    .alert button { margin-top: 6px; background: #fff; color: #b71c1c; border: 0;
      border-radius: 4px; padding: 4px 12px; font-weight: bold; cursor: pointer; }
    .log { flex: 1; overflow: auto; padding: 4px 8px; }
    .entry { padding: 2px 0; border-bottom: 1px solid #333; word-break: break-all; }
    .entry .t { color: #8a8fa3; margin-right: 6px; }
    .entry.err .c { color: #ff8a80; }
    .entry .d { color: #9ccc65; margin-left: 6px; }
    .box { position: fixed; pointer-events: none; border: 2px solid #ff9800;
      background: rgba(255,152,0,.15); border-radius: 3px; z-index: 2147483646;
      transition: opacity .6s; display: none; }
  `;

  function build() {
    if (!document.documentElement) return false;
    host = document.createElement(HOST);
    host.id = HOST;
    host.style.cssText = "position:fixed;top:0;left:0;width:0;height:0;z-index:2147483647;";
    root = host.attachShadow({ mode: "open" });
    root.innerHTML = `<style>${css}</style>
      <div class="box"></div>
      <div class="panel" part="panel">
        <div class="head"><span class="title">trawl agent</span>
          <button class="collapse" title="collapse/expand">_</button>
          <button class="clear" title="clear the log">C</button></div>
        <div class="alert"><div class="msg"></div>
          <button class="resume">Resume Agent</button></div>
        <div class="log"></div>
      </div>`;
    panel = root.querySelector(".panel");
    logEl = root.querySelector(".log");
    alertEl = root.querySelector(".alert");
    box = root.querySelector(".box");
    root.querySelector(".collapse").addEventListener("click", () => {
      collapsed = !collapsed;
      panel.classList.toggle("collapsed", collapsed);
      sessionStorage.setItem("trawl.sidebar.collapsed", collapsed ? "1" : "");
    });
    root.querySelector(".clear").addEventListener("click", () => {
      cleared = lastEntries.length ? lastEntries[lastEntries.length - 1].at : Date.now() / 1000;
      sessionStorage.setItem("trawl.sidebar.cleared", String(cleared));
      draw();
    });
    root.querySelector(".resume").addEventListener("click", async () => {
      alertEl.querySelector(".resume").disabled = true;
      try { await window.__trawlResume(); } catch (e) { /* binding missing */ }
    });
    // dragging by the header
    const head = root.querySelector(".head");
    head.addEventListener("mousedown", (ev) => {
      if (ev.target.tagName === "BUTTON") return;
      const r = panel.getBoundingClientRect();
      const ox = ev.clientX - r.left, oy = ev.clientY - r.top;
      const move = (e) => {
        const x = Math.max(0, Math.min(innerWidth - 40, e.clientX - ox));
        const y = Math.max(0, Math.min(innerHeight - 30, e.clientY - oy));
        panel.style.left = x + "px"; panel.style.top = y + "px"; panel.style.right = "auto";
        sessionStorage.setItem("trawl.sidebar.pos", JSON.stringify([x, y]));
      };
      const up = () => { removeEventListener("mousemove", move, true); removeEventListener("mouseup", up, true); };
      addEventListener("mousemove", move, true);
      addEventListener("mouseup", up, true);
      ev.preventDefault();
    });
    try {
      const pos = JSON.parse(sessionStorage.getItem("trawl.sidebar.pos") || "null");
      if (pos) { panel.style.left = pos[0] + "px"; panel.style.top = pos[1] + "px"; panel.style.right = "auto"; }
      collapsed = !!sessionStorage.getItem("trawl.sidebar.collapsed");
      panel.classList.toggle("collapsed", collapsed);
      cleared = Number(sessionStorage.getItem("trawl.sidebar.cleared") || 0);
    } catch (e) { /* storage may be blocked */ }
    document.documentElement.appendChild(host);
    return true;
  }

  function ensure() {
    if (host && host.isConnected) return true;
    return build();
  }

  function time(at) {
    const d = new Date(at * 1000);
    return d.toTimeString().slice(0, 8);
  }

  function draw() {
    logEl.textContent = "";
    for (const e of lastEntries) {
      if (e.at <= cleared) continue;
      const row = document.createElement("div");
      row.className = "entry" + (e.ok ? "" : " err");
      const t = document.createElement("span"); t.className = "t"; t.textContent = time(e.at);
      const c = document.createElement("span"); c.className = "c"; c.textContent = e.command;
      row.append(t, c);
      if (e.detail) {
        const d = document.createElement("span"); d.className = "d"; d.textContent = e.detail;
        row.append(d);
      }
      logEl.append(row);
    }
    logEl.scrollTop = logEl.scrollHeight;
  }

  function highlight(el) {
    if (!el || !el.getBoundingClientRect) return;
    let r = el.getBoundingClientRect();
    let x = r.left, y = r.top;
    // elements in same-origin iframes: add the frame offsets
    let win = el.ownerDocument.defaultView;
    while (win && win !== window && win.frameElement) {
      const fr = win.frameElement.getBoundingClientRect();
      x += fr.left; y += fr.top;
      win = win.parent;
    }
    Object.assign(box.style, { left: x - 3 + "px", top: y - 3 + "px", width: r.width + 6 + "px",
      height: r.height + 6 + "px", display: "block", opacity: "1" });
    clearTimeout(box._t);
    box._t = setTimeout(() => { box.style.opacity = "0"; }, 1500);
  }

  window.__trawlSidebar = {
    render(entries, handoff, el) {
      if (!ensure()) return false;
      lastEntries = entries || [];
      draw();
      alertEl.classList.toggle("on", !!handoff);
      panel.classList.toggle("handoff", !!handoff);
      alertEl.querySelector(".msg").textContent = handoff || "";
      alertEl.querySelector(".resume").disabled = false;
      if (handoff && collapsed) { collapsed = false; panel.classList.remove("collapsed"); }
      if (el) highlight(el);
      return true;
    },
  };
  if (document.documentElement) ensure();
  else document.addEventListener("DOMContentLoaded", ensure, { once: true });
}
