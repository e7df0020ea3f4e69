"""JavaScript-rendered sites, as a reader sees them: real open-source single-page apps
(Swagger UI, docsify, Vue + vue-router; tests/spa) crawled in browser and auto modes.

For each route, the text a reader sees (read from the rendered page in Chromium, after
opening what a click opens) is compared with the text trawl stored: at least 95 % of its
words must be there, every route is a page, and no page is stored thin. What a reader sees
leaves out the labels of interactive controls, by the rule bench/completeness.py's
reference follows (``is_control`` there): form fields and buttons that act ("Try it out"),
not disclosure buttons (``aria-expanded``: an operation's summary). The figures with the
labels are checked too."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from playwright.async_api import Page, async_playwright
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

from tests.conftest import scalar_rows
from tests.crawlkit import run_crawl
from tests.spa.server import spa_site, vendor_installed
from trawl.browser.launch import launch_chromium
from trawl.model import CrawlSpec

pytestmark = pytest.mark.skipif(not vendor_installed(),
                                reason="SPA fixtures not installed: bash scripts/setup --dev")

# route -> the element holding what a reader reads there
ROUTES = {
    "/openapi/": "#swagger-ui",
    "/docs/": ".markdown-section",
    "/docs/#/guide": ".markdown-section",
    "/docs/#/configuration": ".markdown-section",
    "/docs/#/troubleshooting": ".markdown-section",
    "/app/": "main",
    "/app/guide": "main",
    "/app/faq": "main",
}
MIN_RECALL = 0.95
WITH_CONTROLS_FLOOR = {"/openapi/": 0.91}
"""Routes below MIN_RECALL when the controls' labels count as what a reader sees, with the
floor they must keep: Swagger UI's page (0.919 measured) misses exactly its fifteen "Try it
out" buttons, three words each (a button of fewer than
trawl.extract._clean.MIN_BUTTON_WORDS words is dropped)."""
OPENAPI_SPEC = Path(__file__).parent / "spa" / "sites" / "openapi" / "openapi.json"
WORD = re.compile(r"\w+")

OPEN_EVERYTHING = """() => {
  document.querySelectorAll('details:not([open])').forEach(d => d.open = true);
  document.querySelectorAll('main [aria-expanded=false]').forEach(b => b.click());
}"""


def words(text: str) -> Counter[str]:
    return Counter(w.lower() for w in WORD.findall(text))


def recall(seen: Counter[str], stored: Counter[str]) -> float:
    total = sum(seen.values())
    return sum(min(n, stored[w]) for w, n in seen.items()) / total if total else 1.0


# the labels of the shown controls in the element (one inside another counted once): form
# fields, and buttons that act (not a disclosure button, which names what it opens)
CONTROL_LABELS = """(root) => {
  const control = e => e.matches('input, select, textarea, option, optgroup, datalist')
    || (e.matches('button, [role=button]') && !e.hasAttribute('aria-expanded'));
  const outermost = e => {
    for (let a = e.parentElement; a && a !== root; a = a.parentElement)
      if (control(a)) return false;
    return true;
  };
  return Array.from(root.querySelectorAll('*'))
    .filter(e => control(e) && outermost(e) && e.checkVisibility())
    .map(e => e.innerText || '');
}"""


async def reader_view(page: Page, url: str, selector: str) -> tuple[str, list[str]]:
    """What a reader sees in ``selector``, and the labels of the controls in it."""
    await page.goto(url, wait_until="load")
    await page.wait_for_selector(selector, timeout=15_000)
    await page.wait_for_load_state("networkidle")
    await page.evaluate(OPEN_EVERYTHING)
    await page.wait_for_timeout(500)
    return (await page.inner_text(selector),
            await page.locator(selector).first.evaluate(CONTROL_LABELS))


def reader_words(text: str, controls: list[str], with_controls: bool) -> Counter[str]:
    seen = words(text)
    if not with_controls:
        for label in controls:
            seen -= words(label)
    return seen


@pytest.fixture(scope="module")
def site() -> str:
    with spa_site() as base:
        yield base


@pytest.fixture(scope="module")
async def seen(site: str) -> dict[str, tuple[str, list[str]]]:
    async with async_playwright() as pw:
        browser = await launch_chromium(pw)
        try:
            page = await browser.new_page()
            return {route: await reader_view(page, site + route, selector)
                    for route, selector in ROUTES.items()}
        finally:
            await browser.close()


@pytest.mark.parametrize("render", ["browser", "auto"])
async def test_spa_text_is_stored(temporal_client: Client, temporal_address: str,
                                  database_url: str, engine: AsyncEngine, task_queue: str,
                                  site: str, seen: dict[str, tuple[str, list[str]]],
                                  render: str) -> None:
    crawl_id, result = await run_crawl(
        temporal_client, temporal_address, database_url, task_queue,
        CrawlSpec(seeds=[site + "/"], render=render, concurrency=3, max_pages=60))
    assert result.status == "completed"
    # what a reader sees is the headline and the body: pages keeps them apart (issue 19)
    rows = await scalar_rows(engine, "select url, concat_ws(E'\\n\\n', headline, text), "
                                     "metadata ? 'thin_content', render_mode from pages "
                                     "where crawl_id = :c and error_class is null", c=crawl_id)
    stored = {url.removeprefix(site): (text, thin, mode) for url, text, thin, mode in rows}
    missing = set(ROUTES) - set(stored)
    assert not missing, f"routes not stored as pages: {missing}; stored {sorted(stored)}"
    scores, with_labels = ({route: recall(reader_words(*seen[route], with_controls),
                                          words(stored[route][0])) for route in ROUTES}
                           for with_controls in (False, True))
    print(f"{render}: share of what a reader sees stored: {scores}; "
          f"with the controls' labels: {with_labels}")
    low = {r: round(s, 3) for r, s in scores.items() if s < MIN_RECALL}
    assert not low, f"stored less than {MIN_RECALL:.0%} of what a reader sees: {low}"
    low = {r: round(s, 3) for r, s in with_labels.items()
           if s < WITH_CONTROLS_FLOOR.get(r, MIN_RECALL)}
    assert not low, f"with the controls' labels, stored less than the floor: {low}"
    assert not [r for r in ROUTES if stored[r][1]], "a full page flagged thin"
    # each operation's summary sits in a button: all of them stored, with method and path
    operations = [(method.upper(), path, op["summary"]) for path, ops in
                  json.loads(OPENAPI_SPEC.read_text())["paths"].items()
                  for method, op in ops.items()]
    assert len(operations) >= 15
    openapi = stored["/openapi/"][0]
    lost = [op for op in operations if op[2] not in openapi or op[0] not in openapi]
    assert not lost, f"operations not stored: {lost}"
    # auto renders the app shells in the browser, and records why
    assert all(stored[r][2] == "browser" for r in ROUTES)


async def test_app_shells_read_over_http_are_flagged_thin(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, site: str) -> None:
    """--render http stores what HTTP gives: for an app, its shell. It is stored, flagged
    thin with the reason, and counted in the crawl's status, never passed off as content."""
    from trawl.api.crawls import Trawl
    from trawl.config import get_settings
    from trawl.services.runtime import Runtime

    crawl_id, result = await run_crawl(
        temporal_client, temporal_address, database_url, task_queue,
        CrawlSpec(seeds=[site + "/app/"], render="http", concurrency=2, max_pages=5))
    assert result.status == "completed"
    rows = dict(await scalar_rows(engine, "select url, metadata->>'thin_content' from pages "
                                          "where crawl_id = :c and error_class is null",
                                  c=crawl_id))
    assert "app shell" in (rows[site + "/app/"] or ""), rows
    trawl = Trawl(get_settings(), Runtime("", "", "", False, False), temporal_client, engine)
    status = await trawl.status(crawl_id)
    assert status.thin == sum(1 for why in rows.values() if why) >= 1
    assert status.as_dict()["thin"] == status.thin


async def test_auto_renders_a_site_whose_text_comes_from_script(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str) -> None:
    """Server-rendered chrome with plenty of text, the content itself fetched by a script:
    the served HTML looks static, so auto renders a sample of the site's pages, sees the
    text grow, and renders the site's pages from then on; none loses its content."""
    from tests.sitesrv import HtmlHandler, serve_handler

    chrome = "<nav>" + " ".join(f"<a href='/p{i}'>Chapter {i} of the guide</a>"
                                for i in range(4)) + "</nav><p>" + "Site notice. " * 120 + "</p>"
    script = ("<main id='content'></main><script>fetch('/data' + location.pathname)"
              ".then(r => r.text()).then(t => { document.getElementById('content')"
              ".innerHTML = t; });</script>")

    class Handler(HtmlHandler):
        def do_GET(self) -> None:
            path = self.path.split("?")[0]
            if path.startswith("/data/"):
                page = path.removeprefix("/data/") or "home"
                body = "".join(f"<p>{page} paragraph {n}: " + "lighthouse keepers log the "
                               "fog and the tides " * 6 + "</p>" for n in range(8))
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body.encode())
            else:
                self._send(200, chrome + script)

    with serve_handler(Handler) as base:
        crawl_id, result = await run_crawl(
            temporal_client, temporal_address, database_url, task_queue,
            CrawlSpec(seeds=[base + "/"], render="auto", concurrency=1, max_pages=5))
    assert result.status == "completed"
    rows = await scalar_rows(engine, "select url, render_mode, render_reason, coalesce(text, '') "
                                     "from pages where crawl_id = :c and error_class is null "
                                     "and url not like '%/data/%'", c=crawl_id)
    assert len(rows) == 5, rows
    for url, mode, reason, text in rows:
        assert mode == "browser" and "text changes when rendered" in reason, (url, reason)
        assert "paragraph 7" in text, url
