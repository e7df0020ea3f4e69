"""Dynamic content: spec steps, cookie banners, pushState links and console errors, in real
crawls of a local script-driven site (real Chromium, Temporal and Postgres)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client
from temporalio.converter import DataConverter

from tests.conftest import scalar_rows
from tests.crawlkit import run_crawl
from tests.sitesrv import HtmlHandler, serve_handler
from trawl.crawler.specfile import build_spec, load_spec_file
from trawl.errors import ConfigError
from trawl.model import CrawlSpec, Step, StepRule, parse_rules, steps_for

ARTICLE = "<p>" + "Gardening notes about soil, seeds, water and patience. " * 6 + "</p>"

LIST = """<main><h1>Products</h1><ul id="items">
<li>Item 1, a sturdy widget. <a href="/item/1">more</a></li>
<li>Item 2, a sturdy widget. <a href="/item/2">more</a></li>
<li>Item 3, a sturdy widget. <a href="/item/3">more</a></li></ul>
<button id="more" onclick="loadMore()">Load more</button>""" + ARTICLE + """</main>
<script>
let page = 1;
async function loadMore() {
  const button = document.getElementById('more');
  button.disabled = true;
  button.textContent = 'Loading...';  // its name changes while it loads
  const items = await (await fetch('/api/items?page=' + page)).json();
  page++;
  for (const i of items) {
    const li = document.createElement('li');
    li.innerHTML = `Item ${i}, a sturdy widget. <a href="/item/${i}">more</a>`;
    document.getElementById('items').append(li);
  }
  if (page > 3) { button.remove(); return; }
  button.disabled = false;
  button.textContent = 'Load more';
}
</script>"""

FEED = """<main><h1>Feed</h1><div id="feed"></div><div id="sentinel">end</div></main>
<script>
let n = 0, loading = false;
function add(count) {
  for (let i = 0; i < count; i++) {
    n++;
    const post = document.createElement('article');
    post.style.height = '400px';
    post.innerHTML = `<h2>Post ${n}</h2><p>Post number ${n} of the endless feed, words.</p>`;
    document.getElementById('feed').append(post);
  }
}
add(5);
new IntersectionObserver(async (entries) => {
  if (!entries[0].isIntersecting || loading || n >= 20) return;
  loading = true;
  await (await fetch('/api/slow')).text();
  add(5);
  loading = false;
}).observe(document.getElementById('sentinel'));
</script>"""

FAQ = """<main><h1>FAQ</h1>""" + ARTICLE + """
<details id="ship"><summary>Shipping</summary><div class="body"></div></details>
<button aria-expanded="false" aria-controls="a1" class="acc">Returns?</button>
<div id="a1" hidden></div>
<button aria-expanded="false" aria-controls="a2" class="acc">Warranty?</button>
<div id="a2" hidden></div>
<div role="tablist">
  <button role="tab" aria-selected="true" aria-controls="panel">Specs</button>
  <button role="tab" aria-selected="false" aria-controls="panel">Reviews</button>
  <button role="tab" aria-selected="false" aria-controls="panel">Manuals</button>
</div>
<div role="tabpanel" id="panel"><p>Tab Specs: weighs two kilos.</p></div>
</main>
<script>
const d = document.getElementById('ship');
d.addEventListener('toggle', () => {
  if (d.open) d.querySelector('.body').textContent = 'Shipping takes two days by boat.';
});
const answers = {a1: 'Returns are free for thirty days.', a2: 'Warranty lasts five years.'};
for (const b of document.querySelectorAll('.acc')) b.onclick = () => {
  for (const other of document.querySelectorAll('.acc')) {  // one open at a time
    other.setAttribute('aria-expanded', 'false');
    document.getElementById(other.getAttribute('aria-controls')).hidden = true;
  }
  const panel = document.getElementById(b.getAttribute('aria-controls'));
  panel.textContent = answers[panel.id];  // content exists only once opened
  panel.hidden = false;
  b.setAttribute('aria-expanded', 'true');
};
const texts = {Specs: 'weighs two kilos.', Reviews: 'five stars from Ann.',
               Manuals: 'manual in Welsh.'};
for (const t of document.querySelectorAll('[role=tab]')) t.onclick = () => {
  for (const o of document.querySelectorAll('[role=tab]')) o.setAttribute('aria-selected', 'false');
  t.setAttribute('aria-selected', 'true');
  // one panel whose content is replaced, as React would
  const name = t.textContent;
  document.getElementById('panel').innerHTML = `<p>Tab ${name}: ${texts[name]}</p>`;
};
</script>"""

SEARCH = """<main><h1>Search</h1>""" + ARTICLE + """
<input id="q" aria-label="Search"><div id="results"></div>
<button onclick="document.getElementById('tips').textContent = 'Tip: quote phrases.'">
Show tips</button><div id="tips"></div></main>
<script>
document.getElementById('q').addEventListener('keydown', (e) => {
  if (e.key !== 'Enter') return;
  const q = e.target.value;
  setTimeout(() => {
    document.getElementById('results').innerHTML = `<p class="hit">Result for ${q}: manual</p>`;
  }, 300);
});
</script>"""

COOKIE = """<main><div class="cmp-box" id="cmpbox"
 style="position: fixed; bottom: 0; left: 0; right: 0; background: #eee">
<p>We use cookies to bake biscuits.</p>
<button onclick="document.getElementById('cmpbox').remove()">Accept all</button></div>
<article><h1>Cookie page</h1>""" + ARTICLE + """</article></main>"""

# a well-known platform's markup; its banner only fades (stays in the DOM)
ONETRUST = """<main><div id="onetrust-consent-sdk"><div id="onetrust-banner-sdk">
<p>Onetrust wants your consent today.</p>
<button id="onetrust-accept-btn-handler" onclick="this.dataset.clicked = 1">I Accept</button>
</div></div><article><h1>Second cookie page</h1>""" + ARTICLE + """</article></main>"""

# accepting reloads the page (consent kept in a cookie), in the middle of the crawler's read
RELOADING = """<main><div id="cookie-notice"><p>Cookies make this page reload.</p>
<button onclick="document.cookie = 'consent=1'; location.reload()">OK</button></div>
<article><h1>Reloading cookie page</h1>""" + ARTICLE + """</article></main>
<script>
if (document.cookie.includes('consent=1')) document.getElementById('cookie-notice').remove();
</script>"""

APP = """<main id="view"></main>
<nav><button data-to="/app/reports">Reports</button>
<button data-to="/app/settings">Settings</button></nav>
<script>
let renders = 0;  // so a route read directly differs from the entry page that routed to it
function render() {
  document.getElementById('view').innerHTML = `<h1>View ${location.pathname}</h1>
    <p>The ${location.pathname} screen of the app, render ${++renders}.</p>`;
}
for (const b of document.querySelectorAll('nav button')) {
  b.onclick = () => { history.pushState({}, '', b.dataset.to); render(); };
}
if (location.pathname === '/app') history.replaceState({}, '', '/app/home');
render();
</script>"""

ERRORS = """<main><h1>Errors</h1>""" + ARTICLE + """</main>
<script>console.error('widget failed', {code: 7});</script>
<script>null.boom();</script>
<script>Promise.reject(new Error('nope'));</script>"""

BROKEN = """<main><h1>Broken steps</h1>""" + ARTICLE + """
<button onclick="document.getElementById('x').textContent = 'clicked fine'">Fine</button>
<p id="x"></p><a href="/item/9">Elsewhere</a></main>"""

STATIC = "<main><h1>Static</h1>" + ARTICLE * 4 + "</main>"

PAGES = {"/list": LIST, "/feed": FEED, "/faq": FAQ, "/search": SEARCH, "/cookie": COOKIE,
         "/cookie2": ONETRUST, "/cookie3": RELOADING, "/app": APP, "/errors": ERRORS,
         "/broken": BROKEN, "/static": STATIC}


class Handler(HtmlHandler):
    def do_GET(self) -> None:
        path, _, query = self.path.partition("?")
        if path == "/api/items":
            page = int(query.split("=")[1])
            time.sleep(0.2)  # a server that takes a moment
            self._json([page * 3 + i for i in (1, 2, 3)])
        elif path == "/api/slow":
            time.sleep(0.2)
            self._json("ok")
        elif path in PAGES:
            self._send(200, PAGES[path])
        elif path.startswith("/app/"):
            self._send(200, APP)  # the router's routes are served by the same page
        elif path.startswith("/item/"):
            self._send(200, f"<main><h1>Item page {path}</h1>{ARTICLE}</main>")
        else:
            self._send(404, "<p>not found</p>")

    def _json(self, value: Any) -> None:
        raw = json.dumps(value).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)


RULES: list[dict[str, Any]] = [
    {"match": "/list", "steps": [{"click_until_gone": {"role": "button", "name": "Load more"}}]},
    {"match": ["/feed"], "steps": ["scroll_until_stable"]},
    {"match": "/faq", "steps": ["expand_all"]},
    {"match": "/search", "steps": [
        {"click": {"role": "button", "name": "Show tips"}},
        {"input": {"selector": "#q", "value": "widgets"}},
        {"press": {"selector": "#q", "key": "Enter"}},
        {"wait": {"selector": ".hit"}},
        {"scroll": {"to": "top"}}]},
    {"match": "/app", "steps": [{"click": {"selector": "nav button", "each": True}}]},
    {"match": "/broken", "steps": [
        {"click": {"selector": "#does-not-exist", "timeout_ms": 300}},
        {"click": {"text": "Fine"}},
        {"wait": {"text": "never shows up", "timeout_ms": 300}},
        {"click": {"role": "link", "name": "Elsewhere"}}]},
]


async def _crawl(client: Client, address: str, db: str, queue: str, base: str,
                 paths: list[str], **spec: Any) -> str:
    spec = {"max_depth": 1, "concurrency": 3, "respect_robots": False, "sitemap": "skip",
            **spec}
    crawl_id, result = await run_crawl(client, address, db, queue, CrawlSpec(
        seeds=[base + p for p in paths], **spec))
    assert result.status == "completed"
    return crawl_id


async def _pages(engine: AsyncEngine, crawl_id: str) -> dict[str, tuple[Any, ...]]:
    # a page whose content another page already holds (same hash: the cookie pages end up
    # alike once their banners are gone) has it at its original
    rows = await scalar_rows(
        engine, "select p.url, coalesce(p.markdown, o.markdown), p.steps, p.console_errors, "
                "p.render_mode, p.render_reason from pages p left join pages o on "
                "o.crawl_id = p.crawl_id and o.url = p.duplicate_of where p.crawl_id = :c",
        c=crawl_id)
    return {r[0]: r[1:] for r in rows}


def _step(steps: list[dict[str, Any]] | None, kind: str) -> dict[str, Any]:
    found = [s for s in steps or [] if s["step"] == kind]
    assert found, f"no {kind} step in {steps}"
    return found[0]


async def test_steps_in_a_browser_crawl(temporal_client: Client, temporal_address: str,
                                        database_url: str, engine: AsyncEngine,
                                        task_queue: str) -> None:
    with serve_handler(Handler) as b:
        crawl_id = await _crawl(temporal_client, temporal_address, database_url, task_queue,
                                b, ["/list", "/feed", "/faq", "/search", "/cookie",
                                    "/cookie2", "/cookie3", "/app", "/errors", "/broken"],
                                render="browser", steps=parse_rules(RULES))
    pages = await _pages(engine, crawl_id)

    # load more: clicked until the button went away; the items and their links are there
    md, steps, *_ = pages[b + "/list"]
    assert "Item 12" in md
    assert steps == [{**steps[0], "step": "click_until_gone", "target": "button 'Load more'",
                      "ok": True, "count": 3, "detail": "gone after 3 clicks"}]
    assert b + "/item/12" in pages  # a link that appeared after the clicks was crawled

    # infinite scroll: scrolled until nothing new came
    md, steps, *_ = pages[b + "/feed"]
    assert "Post 20" in md
    scroll = _step(steps, "scroll_until_stable")
    assert (scroll["ok"], scroll["count"]) == (True, 3), scroll

    # expand all: details, a one-open-at-a-time accordion and replaced tab panels
    md, steps, *_ = pages[b + "/faq"]
    for text in ("Shipping takes two days", "Returns are free", "Warranty lasts five years",
                 "weighs two kilos", "five stars from Ann", "manual in Welsh"):
        assert text in md, text
    expand = _step(steps, "expand_all")
    assert expand["ok"] and expand["count"] == 5, expand  # 1 details, 2 toggles, 2 tabs

    # click by role/name, input, press, wait for a selector, scroll
    md, steps, *_ = pages[b + "/search"]
    assert "Result for widgets: manual" in md and "Tip: quote phrases." in md
    assert [(s["step"], s["ok"]) for s in steps] == [
        ("click", True), ("input", True), ("press", True), ("wait", True), ("scroll", True)]
    assert steps[0]["target"] == "button 'Show tips'"

    # cookie banners: dismissed (a generic one and a well-known platform's), text gone
    md, steps, *_ = pages[b + "/cookie"]
    assert "bake biscuits" not in md and "Gardening notes" in md
    banner = _step(steps, "dismiss_cookie_banner")
    assert banner["ok"] and banner["target"] == "'accept all'", banner
    md, steps, *_ = pages[b + "/cookie2"]
    assert "Onetrust wants" not in md and "Gardening notes" in md
    banner = _step(steps, "dismiss_cookie_banner")
    assert banner["target"] == "#onetrust-accept-btn-handler"
    assert "removed from the page" in banner["detail"]
    md, steps, *_ = pages[b + "/cookie3"]  # accepting reloaded the page as it was read
    assert "make this page reload" not in md and "Gardening notes" in md
    assert _step(steps, "reload")["detail"].startswith("the page navigated while it was read")

    # a client-side router: its routes exist only through pushState/replaceState
    frontier = dict(await scalar_rows(
        engine, "select url, status from crawl_urls where crawl_id = :c", c=crawl_id))
    for route in ("/app/home", "/app/reports", "/app/settings"):
        assert frontier.get(b + route) == "done", route
        assert f"View {route}" in pages[b + route][0]
    rels = dict(await scalar_rows(
        engine, "select to_url, rel from links where crawl_id = :c and from_url = :u",
        c=crawl_id, u=b + "/app"))
    assert rels[b + "/app/reports"] == "pushstate"
    assert _step(pages[b + "/app"][1], "click")["count"] == 2

    # console errors and uncaught exceptions of that page, and only of that page
    errors = pages[b + "/errors"][2]
    assert errors[0] == 'widget failed {"code":7}'
    assert any("Uncaught TypeError" in e and "boom" in e for e in errors), errors
    assert any(e.startswith("Unhandled rejection: Error: nope") for e in errors), errors
    assert [u for u, p in pages.items() if p[2] and u != b + "/errors"] == []

    # failing steps are recorded, the next ones still run, the page is kept: even when a
    # step leaves the page, which is then read as loaded
    md, steps, *_ = pages[b + "/broken"]
    assert "Broken steps" in md
    assert [(s["step"], s["ok"]) for s in steps[:3]] == [
        ("click", False), ("click", True), ("wait", False)]
    assert steps[0]["detail"] == "no element matches"
    assert (steps[-1]["step"], steps[-1]["ok"]) == ("reload", False)
    assert "left the page" in steps[-1]["detail"]

    # pages without steps or banners record none
    assert pages[b + "/item/1"][1] is None


async def test_without_steps_the_dynamic_content_is_missing(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str) -> None:
    """The same pages with no steps and banners left alone: what the steps add is absent
    (so the test above can fail), and the banners' text is in the markdown."""
    with serve_handler(Handler) as b:
        crawl_id = await _crawl(temporal_client, temporal_address, database_url, task_queue,
                                b, ["/list", "/feed", "/faq", "/search", "/cookie"],
                                render="browser", dismiss_cookie_banners=False, max_depth=0)
    pages = await _pages(engine, crawl_id)
    assert "Item 3" in pages[b + "/list"][0] and "Item 12" not in pages[b + "/list"][0]
    assert "Post 5" in pages[b + "/feed"][0] and "Post 20" not in pages[b + "/feed"][0]
    assert "Returns are free" not in pages[b + "/faq"][0]
    assert "five stars" not in pages[b + "/faq"][0]
    assert "Result for" not in pages[b + "/search"][0]
    assert "bake biscuits" in pages[b + "/cookie"][0]
    assert all(p[1] is None for p in pages.values())


async def test_auto_mode_renders_pages_with_steps(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str) -> None:
    with serve_handler(Handler) as b:
        crawl_id = await _crawl(temporal_client, temporal_address, database_url, task_queue,
                                b, ["/list", "/static"], render="auto", max_depth=0,
                                steps=parse_rules(RULES[:1]))
    pages = await _pages(engine, crawl_id)
    assert pages[b + "/list"][3:] == ("browser", "spec steps /list")
    assert "Item 12" in pages[b + "/list"][0]
    assert pages[b + "/static"][3:] == ("http", "static HTML")
    assert pages[b + "/static"][1] is None


# -- the spec: parsing, checking, round trips ----------------------------------------------

@pytest.mark.parametrize(("raw", "pattern"), [
    ([{"match": "/x", "steps": ["clik"]}], r"steps rule 1, step 1: unknown step kind 'clik'"),
    ([{"match": "/x", "steps": ["expand_all", "click"]}],
     r"rule 1, step 2 \(click\): needs a target"),
    ([{"match": "/x", "steps": [{"input": {"selector": "#q"}}]}], r"needs a 'value'"),
    ([{"match": "/x", "steps": [{"press": {"selector": "#q"}}]}], r"needs a 'key'"),
    ([{"match": "/x", "steps": [{"wait": {}}]}], r"either 'ms' or a target"),
    ([{"match": "/x", "steps": [{"click": {"name": "More"}}]}], r"'name' needs a 'role'"),
    ([{"match": "/x", "steps": [{"click": {"text": "a", "selector": "b"}}]}],
     r"one target .*not selector and text"),
    ([{"match": "/x", "steps": [{"click": {"text": "a", "key": "Enter"}}]}],
     r"'key' does not apply to click"),
    ([{"match": "/x", "steps": [{"scroll": {"to": "sideways"}}]}], r"'to' must be one of"),
    ([{"match": "/x", "steps": [{"click_until_gone": {"text": "More", "max": 0}}]}],
     r"'max' must be between"),
    ([{"match": "/x", "steps": [{"wait": {"ms": "soon"}}]}], r"'ms' must be an integer"),
    ([{"match": "/x", "steps": [{"click": {"text": "a"}, "wait": 5}]}], r"several keys"),
    ([{"steps": ["expand_all"]}], r"steps rule 1: 'match' must be"),
    ([{"match": "/x", "steps": []}], r"'steps' must be a non-empty list"),
    ([{"match": "/x", "steps": ["expand_all"], "when": 1}], r"unknown field 'when'"),
])
def test_step_validation_errors(raw: Any, pattern: str) -> None:
    with pytest.raises(ConfigError, match=pattern):
        parse_rules(raw)


def test_steps_need_a_browser() -> None:
    spec = CrawlSpec(["http://e.com/"], render="http", steps=parse_rules(RULES[:1]))
    with pytest.raises(ConfigError, match="steps need a browser"):
        spec.validated()


SPEC_YAML = """
seeds: [http://example.com/]
render: auto
dismiss-cookie-banners: false
steps:
  - match: ["/catalog*", "*://example.com/list?*"]
    steps:
      - click_until_gone: {role: button, name: Load more, max: 10}
      - scroll_until_stable: 5
      - expand_all
  - match: /search
    steps:
      - type: {selector: "#q", value: 42}
      - press: Enter
      - wait: 500
      - wait: {text: results, timeout_ms: 2000}
      - scroll: {to: bottom}
      - click: {selector: nav a, each: true, max: 3}
"""


async def test_spec_file_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "crawl.yaml"
    path.write_text(SPEC_YAML)
    spec = build_spec(load_spec_file(path), {}).validated()
    assert spec.dismiss_cookie_banners is False
    catalog, search = spec.steps
    assert catalog.match == ["/catalog*", "*://example.com/list?*"]
    assert catalog.steps[0] == Step("click_until_gone", role="button", name="Load more", max=10)
    assert catalog.steps[1] == Step("scroll_until_stable", max=5)
    assert search.steps[:3] == [Step("input", selector="#q", value="42"),
                                Step("press", key="Enter"), Step("wait", ms=500)]
    assert search.steps[5] == Step("click", selector="nav a", each=True, max=3)
    # stored as JSON (crawls.spec) and sent through Temporal: the same spec comes back
    assert CrawlSpec.from_json(json.loads(json.dumps(spec.to_json()))) == spec
    converter = DataConverter.default
    decoded = await converter.decode(await converter.encode([spec]), [CrawlSpec])
    assert decoded == [spec] and isinstance(decoded[0].steps[0], StepRule)
    # which steps a URL gets: every matching rule's, in order
    assert steps_for("http://example.com/catalog/shoes", spec.steps) == catalog.steps
    assert steps_for("http://example.com/list?page=2", spec.steps) == catalog.steps
    assert steps_for("http://example.com/about", spec.steps) == []
    # and a bad step in a file names the file and the step
    path.write_text("seeds: [http://e.com/]\nsteps:\n  - match: /x\n    steps: [{click: {}}]\n")
    with pytest.raises(ConfigError, match=r"spec field 'steps' rule 1, step 1 \(click\)"):
        load_spec_file(path)
