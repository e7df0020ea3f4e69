"""Destructive controls: the classifier on its own, then real Chromium against a page served
on 127.0.0.1 whose server records every request — crawler steps refuse (and record) what
would delete, buy or log out, the agent's act() asks for a confirmation, and the harmless
controls next to them (search, load more, download) still work."""

from __future__ import annotations

import json
import os
import subprocess
import threading
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from playwright.async_api import Browser, Page, async_playwright
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client
from typer.testing import CliRunner

from tests.conftest import PYTHON, ROOT, scalar_rows
from tests.crawlkit import run_crawl
from tests.sitesrv import HtmlHandler, serve_handler
from trawl.browser.destructive import (
    ControlFacts,
    DestructiveGuard,
    FieldFacts,
    FormFacts,
    classify,
    key_activates,
    matching_word,
)
from trawl.browser.launch import launch_chromium
from trawl.browser.session import ErrorCode, Session, SessionError
from trawl.crawler.stepper import run_steps
from trawl.errors import ConfigError
from trawl.model import CrawlSpec, parse_rules, parse_step

pytestmark = pytest.mark.timeout(180)


# ---------------------------------------------------------------------- the classifier
def button(name: str, **kw: Any) -> ControlFacts:
    return ControlFacts(tag="button", role="button", name=name, text=name, **kw)


def link(name: str, href: str = "https://shop.test/somewhere", **kw: Any) -> ControlFacts:
    return ControlFacts(tag="a", role="link", name=name, text=name, href=href, **kw)


def submit(name: str, form: FormFacts) -> ControlFacts:
    return ControlFacts(tag="button", role="button", name=name, text=name, submits=True,
                        form=form)


POST_ORDER = FormFacts(method="post", fields=(FieldFacts(name="qty"),
                                              FieldFacts(name="address")))


@pytest.mark.parametrize(("facts", "reason"), [
    (button("Delete account"), "its name says 'delete'"),
    (ControlFacts(tag="button", role="button", name="Remove item", text="🗑",
                  aria_label="Remove item"), "its name says 'remove'"),
    (button("🗑", title="Delete"), "its title says 'delete'"),
    (button("Yes, delete it"), "'delete'"),
    (button("Delete all messages in this folder forever"), "'delete'"),  # long, but first
    (link("Log out"), "'log out'"),
    (link("Logout"), "'logout'"),
    (link("Sign-out"), "'sign out'"),
    (link("", href="https://shop.test/users/sign_out"), "its link target says 'sign out'"),
    (link("⎋", href="https://shop.test/logout.php"), "its link target says 'logout'"),
    (link("Go", href="https://shop.test/index.php?action=logout"), "'logout'"),
    (link("Trash it", http_method="delete"), "it sends a DELETE request"),
    (button("Go", value="delete"), "its value says 'delete'"),
    (ControlFacts(tag="div", role="generic", name="Unsubscribe"), "'unsubscribe'"),
    (ControlFacts(tag="li", role="menuitem", name="Cancel subscription"),
     "'cancel subscription'"),
    (button("Buy now"), "'buy'"),
    (button("Pay £12.00"), "'pay'"),
    (button("Proceed to checkout"), "'checkout'"),
    (submit("Place order", POST_ORDER), "its name says 'place order'"),
    (submit("Continue", POST_ORDER), "submits a POST form"),  # no word: the form says it
    (submit("Confirm", FormFacts(method="post", passwords=1)), "submits a POST form"),
    (submit("Save", FormFacts(method="POST".lower(), fields=(FieldFacts(name="bio"),))),
     "submits a POST form"),
    # an Enter in a form without a submit button: the form alone decides
    (ControlFacts(tag="input", role="", submits=True, form=POST_ORDER), "submits a POST form"),
])
def test_destructive(facts: ControlFacts, reason: str) -> None:
    verdict = classify(facts)
    assert verdict is not None, facts
    assert reason in verdict.reason, verdict
    assert verdict.refusal().startswith(f"refused: destructive control {verdict.label!r}")


@pytest.mark.parametrize("facts", [
    button("Load more"),
    link("Download"),                       # 'load' is no word here, nor 'down'
    button("Download report"),
    link("removed items list"),             # 'removed' is not 'remove'
    link("How to delete your old account"),  # a long link title, not a command
    link("Buyer's guide"), link("PayPal help"), link("Payment options"),
    link("Read more", href="https://blog.test/how-to-delete-files"),
    link("Search", href="https://shop.test/search?q=delete"),  # a query, not an action
    ControlFacts(tag="p", role="", name="Delete", text="Delete"),  # not a control
    ControlFacts(tag="input", role="checkbox", name="Remove me from the list"),
    ControlFacts(tag="input", role="textbox", name="Delete reason"),
    # forms that change nothing: GET, search, dialog, sign in
    submit("Search", FormFacts(method="get", fields=(FieldFacts(name="q"),))),
    submit("Go", FormFacts(method="get", fields=(FieldFacts(name="a"), FieldFacts(name="b")))),
    submit("Go", FormFacts(method="post", fields=(FieldFacts(name="q"),))),
    submit("Find", FormFacts(method="post", fields=(FieldFacts(type="search"),))),
    submit("Find", FormFacts(method="post", fields=(FieldFacts(label="Search the shop"),))),
    submit("Find", FormFacts(method="post", search=True,
                             fields=(FieldFacts(name="from"), FieldFacts(name="to")))),
    submit("OK", FormFacts(method="dialog")),
    submit("OK", FormFacts(method="bogus")),  # an unknown method is GET
    submit("Sign in", FormFacts(method="post", passwords=1,
                                fields=(FieldFacts(name="user"),))),
    ControlFacts(),  # nothing known
])
def test_harmless(facts: ControlFacts) -> None:
    assert classify(facts) is None, classify(facts)


def test_word_boundaries() -> None:
    assert matching_word("Remove") == "remove"
    assert matching_word("REMOVE FROM CART") == "remove"
    assert matching_word("removed") is None
    assert matching_word("Download") is None
    assert matching_word("Unload") is None
    assert matching_word("sign_out") == "sign out"
    assert matching_word("× Remove this item from my saved list") == "remove"  # icon first
    assert matching_word("We will never delete your photos") is None


def test_guard_settings() -> None:
    archive = button("Archive")
    assert DestructiveGuard().judge(archive) is None
    guard = DestructiveGuard(extra_words=("  ARCHIVE ", "Mark as   read"))
    assert guard.judge(archive) is not None
    assert guard.judge(button("Mark as read")) is not None
    assert guard.judge(button("Delete")) is not None  # the defaults stay
    assert DestructiveGuard(allow=True).judge(button("Delete account")) is None
    assert [k for k in ("Enter", "Control+Enter", " ", "Space", "Tab", "a", "Escape")
            if key_activates(k)] == ["Enter", "Control+Enter", " ", "Space"]


def test_spec_settings() -> None:
    spec = CrawlSpec(seeds=["https://shop.test/"], destructive_words=["Archive", " mark  as READ"])
    assert spec.validated().destructive_words == ["archive", "mark as read"]
    assert CrawlSpec(seeds=["https://shop.test/"]).allow_destructive is False
    with pytest.raises(ConfigError, match="--destructive-word"):
        CrawlSpec(seeds=["https://shop.test/"], destructive_words=[" "]).validated()


def test_cli_options_reach_the_spec(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from trawl.api import cli

    specs: list[CrawlSpec] = []

    async def fake_crawl(spec: CrawlSpec, detach: bool, as_json: bool = False) -> None:
        specs.append(spec)

    monkeypatch.setattr(cli, "_crawl", fake_crawl)
    runner = CliRunner()
    result = runner.invoke(cli.app, ["crawl", "https://shop.test/", "--allow-destructive",
                                     "--destructive-word", "archive",
                                     "--destructive-word", "mark as read"])
    assert result.exit_code == 0, result.output
    assert (specs[-1].allow_destructive, specs[-1].destructive_words) == (
        True, ["archive", "mark as read"])
    result = runner.invoke(cli.app, ["crawl", "https://shop.test/"])
    assert (specs[-1].allow_destructive, specs[-1].destructive_words) == (False, [])
    spec_file = tmp_path / "crawl.yaml"
    spec_file.write_text("seeds: [https://shop.test/]\nallow-destructive: true\n"
                         "destructive_words: [archive]\n")
    result = runner.invoke(cli.app, ["crawl", "--spec", str(spec_file)])
    assert result.exit_code == 0, result.output
    assert (specs[-1].allow_destructive, specs[-1].destructive_words) == (True, ["archive"])


# ---------------------------------------------------------------------- a real page
PAGE = """<main><h1>Your account</h1>
<p>Settings of the account of Ann, with her orders and her saved searches.</p>
<button id="delete" onclick="fetch('/api/delete-account', {method: 'POST'})
  .then(() => { document.getElementById('out').textContent = 'account deleted'; })">
  <span>Delete account</span></button>
<a href="/logout">Log out</a>
<form method="post" action="/order" id="order">
  <label>Quantity <input name="qty" value="1"></label>
  <label>Address <input name="address" value="1 Main St"></label>
  <button>Place order</button></form>
<form method="post" action="/profile"><label>Bio <input name="bio"></label>
  <button>Save profile</button></form>
<form method="get" action="/search" role="search">
  <input type="search" name="q" aria-label="Search"><button>Search</button></form>
<form method="post" action="/login"><input name="user" aria-label="User">
  <input type="password" name="password" aria-label="Password"><button>Sign in</button></form>
<ul id="items"><li>Order 1, a teapot.</li></ul>
<button id="more" onclick="loadMore()">Load more</button>
<a href="#download" id="dl"
   onclick="fetch('/api/download'); this.dataset.done = 'yes'">Download</a>
<div class="row"><span>Row 1</span>
  <button class="act" onclick="fetch('/api/edit')">Edit</button>
  <button class="act" onclick="fetch('/api/remove', {method: 'POST'})">Remove</button>
  <button class="act" onclick="fetch('/api/archive', {method: 'POST'})">Archive</button></div>
<button aria-expanded="false" aria-controls="p1" class="acc">Shipping details</button>
<div id="p1" hidden></div>
<button aria-expanded="false" aria-controls="p2" class="acc"
        data-post="/api/remove-all">Remove all addresses</button>
<div id="p2" hidden></div>
<p id="out"></p></main>
<script>
let page = 1;
async function loadMore() {
  const items = await (await fetch('/api/more?page=' + page)).json();
  for (const i of items) {
    const li = document.createElement('li');
    li.textContent = `Order ${i}, a teapot.`;
    document.getElementById('items').append(li);
  }
  if (++page > 2) document.getElementById('more').remove();
}
for (const b of document.querySelectorAll('.acc')) b.onclick = () => {
  if (b.dataset.post) fetch(b.dataset.post, {method: 'POST'});
  const panel = document.getElementById(b.getAttribute('aria-controls'));
  panel.textContent = 'Panel of ' + b.textContent + ': we ship by boat.';
  panel.hidden = false;
  b.setAttribute('aria-expanded', 'true');
};
</script>"""


class Recorder(HtmlHandler):
    """Serves PAGE; every request is recorded as 'METHOD /path?query'."""

    seen: ClassVar[list[str]] = []
    lock = threading.Lock()

    def _note(self) -> None:
        with self.lock:
            self.seen.append(f"{self.command} {self.path}")

    def do_GET(self) -> None:
        self._note()
        path = self.path.split("?", 1)[0]
        if path == "/account":
            self._send(200, PAGE)
        elif path == "/api/more":
            page = int(self.path.rsplit("=", 1)[1])
            raw = json.dumps([page * 2, page * 2 + 1]).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)
        else:
            self._send(200, f"<main><h1>Page {path}</h1></main>")

    def do_POST(self) -> None:
        self._note()
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self._send(200, "<main><h1>Done</h1></main>")


@pytest.fixture
def site() -> Iterator[str]:
    Recorder.seen.clear()
    with serve_handler(Recorder) as base:
        yield base


def seen(*, method: str | None = None) -> list[str]:
    with Recorder.lock:
        requests = list(Recorder.seen)
    return [r.split(" ", 1)[1] for r in requests if method is None or r.startswith(method)]


@pytest.fixture(scope="module")
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as pw:
        b = await launch_chromium(pw, headless=True)
        yield b
        await b.close()


@pytest.fixture
async def page(browser: Browser, site: str) -> AsyncIterator[Page]:
    context = await browser.new_context()
    p = await context.new_page()
    await p.goto(site + "/account")
    yield p
    await context.close()


async def steps(page: Page, *raw: Any, guard: DestructiveGuard | None = None
                ) -> list[dict[str, Any]]:
    return await run_steps(page, [parse_step(r) for r in raw], 30, guard)


async def settled(page: Page) -> None:
    await page.wait_for_timeout(300)  # a fetch the page started has reached the server


async def test_steps_refuse_and_record(page: Page, site: str) -> None:
    records = await steps(
        page,
        {"click": {"role": "button", "name": "Delete account"}},
        {"click": {"text": "Log out"}},
        {"click": {"role": "button", "name": "Place order"}},
        {"press": {"selector": "input[name=qty]", "key": "Enter"}},  # sends the form too
        {"click": {"role": "button", "name": "Save profile"}},      # a POST form, no word
        {"click": {"selector": "#delete span"}},  # a part of it: the button is judged
    )
    await settled(page)
    assert [(r["step"], r["ok"], r.get("refused")) for r in records] == [
        ("click", False, 1)] * 3 + [("press", False, 1), ("click", False, 1),
                                    ("click", False, 1)]
    assert records[0]["detail"] == ("refused: destructive control 'Delete account' "
                                    "(its name says 'delete')")
    assert records[1]["detail"].startswith("refused: destructive control 'Log out'")
    assert records[2]["detail"].startswith("refused: destructive control 'Place order'")
    assert records[3]["detail"] == ("refused: destructive control 'Place order' "
                                    "(its name says 'place order')")
    assert records[4]["detail"] == ("refused: destructive control 'Save profile' "
                                    "(submits a POST form)")
    # nothing reached the server, and the page is still the one loaded
    assert seen(method="POST") == [] and "/logout" not in seen()
    assert page.url == site + "/account"
    assert await page.text_content("#out") == ""


async def test_steps_still_do_the_harmless(page: Page, site: str) -> None:
    records = await steps(
        page,
        {"click_until_gone": {"role": "button", "name": "Load more"}},
        {"click": {"role": "link", "name": "Download"}},
        {"click": {"selector": "button.act", "each": True}},
        "expand_all",
        {"input": {"selector": "input[name=q]", "value": "teapots"}},
        {"press": {"selector": "input[name=q]", "key": "Enter"}},  # a search form: allowed
    )
    await settled(page)
    gone, download, each, expand, _input, search = records
    assert (gone["ok"], gone["count"], gone["detail"]) == (True, 2, "gone after 2 clicks")
    assert download["ok"] and "/api/download" in seen()
    # click each: Edit and Archive clicked, Remove refused and counted, the step is fine
    assert (each["ok"], each["count"], each["refused"]) == (True, 2, 1), each
    assert each["detail"] == "clicked 2 of 3; 1 refused: destructive control 'Remove'"
    # expand all: the harmless toggle opened, the destructive one left alone but counted
    assert (expand["ok"], expand["count"], expand["refused"]) == (True, 1, 1), expand
    assert "1 destructive skipped: 'Remove all addresses'" in expand["detail"]
    assert seen(method="POST") == ["/api/archive"]
    assert "/api/edit" in seen()
    assert search["ok"], search
    await page.wait_for_url("**/search?q=teapots")
    assert "/search?q=teapots" in seen(method="GET")


async def test_expand_all_reads_the_opened_panel(page: Page) -> None:
    (expand,) = await steps(page, "expand_all")
    assert expand["ok"] and expand["refused"] == 1
    assert await page.text_content("#p1") == "Panel of Shipping details: we ship by boat."
    assert await page.get_attribute("#p2", "hidden") == ""  # never opened


async def test_steps_with_the_guard_off_or_more_words(page: Page) -> None:
    records = await steps(page, {"click": {"role": "button", "name": "Archive"}},
                          guard=DestructiveGuard(extra_words=("archive",)))
    assert records[0]["detail"].startswith("refused: destructive control 'Archive'")
    records = await steps(page, {"click": {"role": "button", "name": "Delete account"}},
                          "expand_all", guard=DestructiveGuard(allow=True))
    await settled(page)
    assert [(r["ok"], r.get("refused")) for r in records] == [(True, None), (True, None)]
    assert records[1]["count"] == 2
    assert sorted(seen(method="POST")) == ["/api/delete-account", "/api/remove-all"]
    assert await page.text_content("#out") == "account deleted"


# ---------------------------------------------------------------------- the agent
def ref_of(tree: list[str], role_name: str) -> str:
    for item in tree:
        if item.rsplit("[", 1)[0] == role_name:
            return item.rsplit("[", 1)[1][:-1]
    raise AssertionError(f"{role_name!r} not in {tree}")


@pytest.fixture
async def session(browser: Browser, site: str) -> AsyncIterator[Session]:
    context = await browser.new_context()
    s = Session(await context.new_page(), action_timeout_ms=2000)
    await s.go(site + "/account")
    yield s
    await s.close()
    await context.close()


async def test_act_needs_a_confirmation(session: Session, site: str) -> None:
    tree = (await session.look(viewport=False))["tree"]
    delete = ref_of(tree, "button:Delete account")
    with pytest.raises(SessionError) as err:
        await session.act(delete, "click")
    assert err.value.code == ErrorCode.CONFIRM_REQUIRED
    assert f"button {delete} 'Delete account' looks destructive" in err.value.message
    assert "{confirm: true}" in err.value.message
    with pytest.raises(SessionError) as err:  # Enter on it is the same press
        await session.act(delete, "press", "Enter")
    assert err.value.code == ErrorCode.CONFIRM_REQUIRED
    for name in ("link:Log out", "button:Place order", "button:Remove"):
        with pytest.raises(SessionError) as err:
            await session.act(ref_of(tree, name), "click")
        assert err.value.code == ErrorCode.CONFIRM_REQUIRED, name
    with pytest.raises(SessionError) as err:  # Enter in a field sends its form
        await session.act(ref_of(tree, "textbox:Quantity"), "press", "Enter")
    assert err.value.code == ErrorCode.CONFIRM_REQUIRED
    await settled(session.page)
    assert seen(method="POST") == [] and "/logout" not in seen()
    assert session.command_log[-1].ok is False
    assert session.command_log[-1].detail == "CONFIRM_REQUIRED"

    # harmless controls need nothing; a refused ref stays usable
    assert (await session.act(ref_of(tree, "button:Load more"), "click"))["changed"]
    assert (await session.act(ref_of(tree, "link:Download"), "click"))["changed"]
    assert (await session.act(ref_of(tree, "button:Edit"), "click")) is not None
    await session.act(ref_of(tree, "textbox:User"), "input", "ann")  # typing is never guarded
    await settled(session.page)
    assert {"/api/more?page=1", "/api/download", "/api/edit"} <= set(seen(method="GET"))

    # with the confirmation the request is made
    assert (await session.act(delete, "click", confirm=True))["changed"]
    await settled(session.page)
    assert seen(method="POST") == ["/api/delete-account"]
    assert session.command_log[-1].command == f"act('{delete}', 'click', {{confirm: true}})"
    with pytest.raises(SessionError) as err:
        await session.act(delete, "click", confirm="yes")  # type: ignore[arg-type]
    assert err.value.code == ErrorCode.INVALID_ARGS


async def test_act_allows_search_and_sign_in_forms(session: Session, site: str) -> None:
    tree = (await session.look(viewport=False))["tree"]
    await session.act(ref_of(tree, "searchbox:Search"), "input", "teapots")
    assert (await session.act(ref_of(tree, "searchbox:Search"), "press", "Enter"))["changed"]
    assert session.page.url == site + "/search?q=teapots"
    await session.go(site + "/account")
    tree = (await session.look(viewport=False))["tree"]
    await session.act(ref_of(tree, "textbox:User"), "input", "ann")
    await session.act(ref_of(tree, "textbox:Password"), "input", "pw")
    assert (await session.act(ref_of(tree, "button:Sign in"), "click"))["changed"]
    await settled(session.page)
    assert seen(method="POST") == ["/login"]


async def test_order_placed_only_with_confirm(session: Session, site: str) -> None:
    tree = (await session.look(viewport=False))["tree"]
    order = ref_of(tree, "button:Place order")
    with pytest.raises(SessionError):
        await session.act(order, "click")
    assert (await session.act(order, "click", confirm=True))["changed"]
    await settled(session.page)
    assert seen(method="POST") == ["/order"]
    assert session.page.url == site + "/order"


def test_stdio_protocol_confirm(site: str) -> None:
    """`trawl agent`: CONFIRM_REQUIRED without confirm, the request with it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TRAWL_ALLOW_PRIVATE": "1"}
    env.pop("DISPLAY", None)
    proc = subprocess.Popen(
        [PYTHON, "-c", "from trawl.api.cli import main; main()", "agent", "--headless"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        bufsize=1, cwd=ROOT, env=env)
    assert proc.stdin is not None and proc.stdout is not None

    def agent(js: str) -> dict[str, Any]:
        proc.stdin.write(json.dumps({"command": "eval", "payload": js}) + "\n")  # type: ignore[union-attr]
        proc.stdin.flush()  # type: ignore[union-attr]
        return json.loads(proc.stdout.readline())  # type: ignore[union-attr,no-any-return]

    try:
        assert json.loads(proc.stdout.readline())["command"] == "ready"
        agent(f"agent.go('{site}/account')")
        tree = agent("agent.look({viewport: false})")["payload"]["tree"]
        delete = ref_of(tree, "button:Delete account")
        answer = agent(f"agent.act('{delete}', 'click')")
        assert answer["command"] == "error"
        assert answer["payload"]["code"] == "CONFIRM_REQUIRED", answer
        assert agent(f"agent.act('{delete}', 'click', {{confirm: 1}})")["payload"]["code"] \
            == "INVALID_ARGS"
        assert agent(f"agent.act('{delete}', 'click', {{force: true}})")["payload"]["code"] \
            == "INVALID_ARGS"
        assert agent(f"agent.act('{delete}', 'click', null, {{confirm: false}})")[
            "payload"]["code"] == "CONFIRM_REQUIRED"
        assert "/api/delete-account" not in seen()
        assert agent(f"agent.act('{delete}', 'click', {{confirm: true}})") == {
            "command": "result", "payload": {"changed": True}}
        assert agent("agent.wait(\"document.getElementById('out').textContent"
                     " === 'account deleted'\", 5000)")["command"] == "result"
        assert seen(method="POST") == ["/api/delete-account"]
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


# ---------------------------------------------------------------------- a crawl
async def test_a_crawl_refuses_records_and_stores_the_page(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, site: str) -> None:
    rules = parse_rules([{"match": "/account", "steps": [
        {"click": {"role": "button", "name": "Delete account"}},
        {"click": {"role": "button", "name": "Archive"}},
        {"click_until_gone": {"role": "button", "name": "Load more"}},
        "expand_all"]}])
    # (the page's sign-in form would make the crawl wait for a person otherwise)
    base = {"seeds": [site + "/account"], "max_depth": 0, "respect_robots": False,
            "sitemap": "skip", "render": "browser", "steps": rules, "login_handoff": False}
    crawl_id, result = await run_crawl(
        temporal_client, temporal_address, database_url, task_queue,
        CrawlSpec(**base, destructive_words=["archive"]))
    assert result.status == "completed"
    ((markdown, records),) = await scalar_rows(
        engine, "select markdown, steps from pages where crawl_id = :c", c=crawl_id)
    assert "Order 5, a teapot." in markdown and "we ship by boat" in markdown
    assert [(r["step"], r["ok"], r.get("refused")) for r in records] == [
        ("click", False, 1), ("click", False, 1), ("click_until_gone", True, None),
        ("expand_all", True, 1)]
    assert records[0]["detail"].startswith("refused: destructive control 'Delete account'")
    assert records[1]["detail"].startswith("refused: destructive control 'Archive'")
    assert seen(method="POST") == []

    # --allow-destructive: the same steps press everything
    crawl_id, result = await run_crawl(
        temporal_client, temporal_address, database_url, task_queue,
        CrawlSpec(**base, allow_destructive=True))
    assert result.status == "completed"
    ((records,),) = await scalar_rows(
        engine, "select steps from pages where crawl_id = :c", c=crawl_id)
    assert [r["ok"] for r in records] == [True] * 4
    assert sorted(seen(method="POST")) == ["/api/archive", "/api/delete-account",
                                           "/api/remove-all"]
