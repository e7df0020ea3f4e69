"""trawl.browser.Session against local pages: every role/op of the seed's table, names,
shadow DOM, iframes, stale refs, waits, eval errors, navigation, extract, handoff, sidebar."""

from __future__ import annotations

import asyncio
import base64
import urllib.request
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, async_playwright

from tests.sitesrv import Site, serve
from trawl.browser.launch import launch_chromium
from trawl.browser.session import ErrorCode, Session, SessionError
from trawl.net import NetPolicy

FIXTURES = Path(__file__).parent / "fixtures" / "agent"
pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    with serve(FIXTURES) as s:
        yield s


@pytest.fixture(scope="module")
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as pw:
        b = await launch_chromium(pw, headless=True)
        yield b
        await b.close()


@pytest.fixture
async def session(browser: Browser) -> AsyncIterator[Session]:
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    page = await context.new_page()
    s = Session(page, action_timeout_ms=2000)
    yield s
    await s.close()
    await context.close()


def ref_of(tree: list[str], role_name: str) -> str:
    """'button:Save' -> 'e1' from a look() tree."""
    for item in tree:
        if item.rsplit("[", 1)[0] == role_name:
            return item.rsplit("[", 1)[1][:-1]
    raise AssertionError(f"{role_name!r} not in {tree}")


async def value(s: Session, js: str) -> object:
    return (await s.eval(js))["value"]


async def test_seed_login_session(session: Session, site: Site) -> None:
    assert await session.go(site.url("/login.html")) == {
        "url": site.url("/login.html"), "title": "Login"}
    state = await session.look()
    assert state == {
        "url": site.url("/login.html"), "title": "Login",
        "tree": ["textbox:Email[e1]", "textbox:Password[e2]", "button:Sign In[e3]"],
        "actions": {"e1": ["input", "clear", "focus"], "e2": ["input", "clear", "focus"],
                    "e3": ["click"]},
    }
    assert await session.act("e1", "input", "admin@test.com") == {"changed": True}
    assert await session.act("e2", "input", "secret123") == {"changed": True}
    assert await session.act("e3", "click") == {"changed": True}
    state = await session.look()
    assert state["title"] == "Dashboard"
    assert state["tree"] == ["link:Home[e1]", "link:Settings[e2]", "button:Logout[e3]"]
    assert state["actions"] == {"e1": ["click"], "e2": ["click"], "e3": ["click"]}


async def test_roles_names_and_actions(session: Session, site: Site) -> None:
    await session.go(site.url("/roles.html"))
    state = await session.look()
    names = [t.rsplit("[", 1)[0] for t in state["tree"]]
    assert names == [
        "button:Save",
        "button:Close dialog",            # aria-label
        "button:Nothing",
        "link:Back to top",               # text
        "link:Company logo",              # img alt
        "link:Open settings",             # title
        "textbox:Full name",              # label[for]
        "textbox:Nickname",               # wrapping label
        "textbox:City of birth",          # aria-labelledby
        "searchbox:Search docs",          # placeholder
        "textbox:Short bio",              # title
        "checkbox:I agree",
        "radio:Small",
        "radio:Large",
        "combobox:Color",                 # <select>
        "listbox:Fruits",                 # <select multiple>
        "combobox:Country",               # role=combobox
        "generic:Open card",              # onclick + cursor:pointer
        "switch:Dark mode",
        "textbox:Key target",
        "generic:Hover me",
        "link:[1]",                       # DPUB role="doc-noteref" is a link
        "link:Back",                      # role="doc-backlink"
    ]
    # hidden, aria-hidden, disabled and off-screen elements are left out
    for absent in ("Invisible", "Aria hidden", "Disabled one", "Far away"):
        assert not any(absent in t for t in state["tree"])
    acts = state["actions"]
    tree = state["tree"]
    assert acts[ref_of(tree, "button:Save")] == ["click"]
    assert acts[ref_of(tree, "link:Back to top")] == ["click"]
    assert acts[ref_of(tree, "textbox:Full name")] == ["input", "clear", "focus"]
    assert acts[ref_of(tree, "checkbox:I agree")] == ["click", "check", "uncheck"]
    assert acts[ref_of(tree, "radio:Small")] == ["click"]
    assert acts[ref_of(tree, "combobox:Color")] == ["select", "input", "click"]
    assert acts[ref_of(tree, "listbox:Fruits")] == ["select"]
    assert acts[ref_of(tree, "generic:Open card")] == ["click"]

    everything = await session.look(viewport=False)
    assert any(t.startswith("button:Far away[") for t in everything["tree"])
    scoped = await session.look(scope="#far", viewport=False)
    assert [t.rsplit("[", 1)[0] for t in scoped["tree"]] == ["button:Far away"]


async def test_every_op(session: Session, site: Site) -> None:
    await session.go(site.url("/roles.html"))
    tree = (await session.look())["tree"]
    r = lambda name: ref_of(tree, name)  # noqa: E731

    # button / click
    assert await session.act(r("button:Save"), "click") == {"changed": True}
    assert await value(session, "document.getElementById('out').textContent") == "clicked 1"
    assert await session.act(r("button:Nothing"), "click") == {"changed": False}
    # link / click (in-page anchor: the URL changes)
    assert (await session.act(r("link:Back to top"), "click"))["changed"] is True
    tree = (await session.look())["tree"]
    # textbox / input, clear, focus
    assert await session.act(r("textbox:Full name"), "input", "Ada Lovelace") == {"changed": True}
    assert await value(session, "document.getElementById('name').value") == "Ada Lovelace"
    assert await session.act(r("textbox:Full name"), "clear") == {"changed": True}
    assert await value(session, "document.getElementById('name').value") == ""
    await session.act(r("textbox:Short bio"), "focus")
    assert await value(session, "document.activeElement.id") == "bio"
    # checkbox / click, check, uncheck
    agree = r("checkbox:I agree")
    assert await session.act(agree, "check") == {"changed": True}
    assert await value(session, "document.getElementById('agree').checked") is True
    assert await session.act(agree, "check") == {"changed": False}
    assert await session.act(agree, "uncheck") == {"changed": True}
    await session.act(agree, "click")
    assert await value(session, "document.getElementById('agree').checked") is True
    # radio / click
    await session.act(r("radio:Large"), "click")
    assert await value(session, "document.querySelector('[name=size]:checked').value") == "l"
    # combobox (<select>) / select by label or value
    assert await session.act(r("combobox:Color"), "select", "Green") == {"changed": True}
    assert await value(session, "document.getElementById('color').value") == "g"
    await session.act(r("combobox:Color"), "select", "b")
    assert await value(session, "document.getElementById('color').value") == "b"
    await session.act(r("combobox:Color"), "input", "Red")  # input on a <select> picks too
    assert await value(session, "document.getElementById('color').value") == "r"
    with pytest.raises(SessionError) as err:
        await session.act(r("combobox:Color"), "select", "Purple")
    assert err.value.code == "INVALID_ARGS" and "Red" in err.value.message
    # combobox (role=combobox input) / input
    await session.act(r("combobox:Country"), "input", "Peru")
    assert await value(session, "document.getElementById('combo').value") == "Peru"
    # listbox / select (several)
    await session.act(r("listbox:Fruits"), "select", ["Apple", "k"])
    assert await value(
        session,
        "Array.from(document.getElementById('fruits').selectedOptions).map(o => o.value)",
    ) == ["a", "k"]
    # generic / click
    assert await session.act(r("generic:Open card"), "click") == {"changed": True}
    assert await value(session, "document.getElementById('card').textContent") == "card opened"
    # switch / check
    await session.act(r("switch:Dark mode"), "click")
    assert await value(session, "document.getElementById('sw').getAttribute('aria-checked')") \
        == "true"
    # press, hover (available on every element)
    await session.act(r("textbox:Key target"), "press", "Enter")
    assert await value(session, "document.getElementById('out').textContent") == "key Enter"
    assert await session.act(r("generic:Hover me"), "hover") == {"changed": True}
    assert await value(session, "document.getElementById('hov').textContent") == "hovered"
    # scroll: brings the far button into the viewport
    far = ref_of((await session.look(viewport=False))["tree"], "button:Far away")
    await session.act(far, "scroll")
    assert any(t.startswith("button:Far away[") for t in (await session.look())["tree"])
    tree = (await session.look())["tree"]
    await session.act(ref_of(tree, "button:Far away"), "scroll", "top")
    assert await value(session, "window.scrollY") == 0


async def test_bad_ops_are_invalid_args(session: Session, site: Site) -> None:
    await session.go(site.url("/roles.html"))
    tree = (await session.look())["tree"]
    save = ref_of(tree, "button:Save")
    for args, needle in [((save, "input", "x"), "click"), ((save, "fly"), "unknown op"),
                         ((ref_of(tree, "textbox:Full name"), "input"), "needs a value"),
                         (("Save", "click"), "not a ref")]:
        with pytest.raises(SessionError) as err:
            await session.act(*args)
        assert err.value.code == "INVALID_ARGS", args
        assert needle in err.value.message
    # the session survives
    assert (await session.act(save, "click"))["changed"] is True


async def test_shadow_dom(session: Session, site: Site) -> None:
    await session.go(site.url("/shadow.html"))
    tree = (await session.look())["tree"]
    assert [t.rsplit("[", 1)[0] for t in tree] == [
        "textbox:User name", "button:Go", "button:Launch"]
    await session.act(ref_of(tree, "textbox:User name"), "input", "bob")
    assert await session.act(ref_of(tree, "button:Go"), "click") == {"changed": True}
    assert await value(session, "document.getElementById('out').textContent") == "hello bob"


async def test_same_origin_iframe(session: Session, site: Site) -> None:
    await session.go(site.url("/frames.html"))
    tree = (await session.look())["tree"]
    assert [t.rsplit("[", 1)[0] for t in tree] == [
        "link:Outer link", "textbox:Inner field", "button:Inner button"]
    await session.act(ref_of(tree, "textbox:Inner field"), "input", "inside")
    assert await session.act(ref_of(tree, "button:Inner button"), "click") == {"changed": True}
    assert await value(
        session, "document.getElementById('inner').contentDocument.body.dataset.done") == "yes"
    assert await value(
        session,
        "document.getElementById('inner').contentDocument.querySelector('input').value",
    ) == "inside"


async def test_stale_refs(session: Session, site: Site) -> None:
    await session.go(site.url("/slow.html"))
    with pytest.raises(SessionError) as err:
        await session.act("e1", "click")
    assert err.value.code == "STALE_REF" and "look()" in err.value.message
    # a ref from an earlier look is stale, even on an unchanged page: refs are never reused
    # within a document, so an old ref cannot silently hit another element
    first = (await session.look())["tree"]
    tree = (await session.look())["tree"]
    assert first[0] == "button:Start[e1]" and tree[0] == f"button:Start[e{len(first) + 1}]"
    with pytest.raises(SessionError) as err:
        await session.act("e1", "click")
    assert err.value.code == "STALE_REF"
    start = ref_of(tree, "button:Start")
    # a ref the last look did not hand out
    with pytest.raises(SessionError) as err:
        await session.act("e42", "click")
    assert err.value.code == "STALE_REF"
    assert err.value.message == "ref e42 is stale, call look() to refresh"
    # the element was removed from the DOM
    await session.act(ref_of(tree, "button:Replace"), "click")
    with pytest.raises(SessionError) as err:
        await session.act(start, "click")
    assert err.value.code == "STALE_REF" and "removed" in err.value.message
    # after a navigation every old ref is stale
    await session.go(site.url("/login.html"))
    await session.look()
    await session.eval("location.href = 'dashboard.html'")
    await session.wait("document.title === 'Dashboard'", 5000)
    with pytest.raises(SessionError) as err:
        await session.act("e1", "click")
    assert err.value.code == "STALE_REF" and "navigated" in err.value.message
    # and a fresh look fixes it
    tree = (await session.look())["tree"]
    assert (await session.act(ref_of(tree, "link:Settings"), "click"))["changed"] is True
    assert session.page.url.endswith("/settings.html")


async def test_wait(session: Session, site: Site) -> None:
    await session.go(site.url("/slow.html"))
    tree = (await session.look())["tree"]
    await session.act(ref_of(tree, "button:Start"), "click")
    result = await session.wait("document.title === 'Done'", 5000)
    assert result["elapsed"] >= 100
    tree = (await session.look())["tree"]
    assert (await session.wait(ref_of(tree, "button:Appeared"), 1000))["elapsed"] < 1000
    with pytest.raises(SessionError) as err:
        await session.wait("document.title === 'Never'", 300)
    assert err.value.code == "TIMEOUT" and "look()" in err.value.message
    with pytest.raises(SessionError) as err:
        await session.wait("document.nope.nope", 300)
    assert err.value.code == "EVAL_FAILED"


async def test_eval(session: Session, site: Site) -> None:
    await session.go(site.url("/login.html"))
    assert await session.eval("document.title") == {"value": "Login"}
    assert await session.eval("[1, 'a', {b: null}]") == {"value": [1, "a", {"b": None}]}
    assert await session.eval("(async () => 6 * 7)()") == {"value": 42}
    assert await session.eval("1 / 0") == {"value": "inf"}
    for bad in ("throw new Error('boom')", "this is not js", "undefinedVariable.x"):
        with pytest.raises(SessionError) as err:
            await session.eval(bad)
        assert err.value.code == "EVAL_FAILED", bad
    assert "boom" in (await _eval_error(session, "throw new Error('boom')"))
    assert (await session.look())["title"] == "Login"  # still alive


async def _eval_error(session: Session, js: str) -> str:
    try:
        await session.eval(js)
    except SessionError as exc:
        return exc.message
    raise AssertionError("no error")


async def test_navigation(session: Session, site: Site) -> None:
    result = await session.go(site.url("/dashboard.html"))
    assert result == {"url": site.url("/dashboard.html"), "title": "Dashboard"}
    assert (await session.go("settings.html"))["title"] == "Settings"  # relative
    with pytest.raises(SessionError) as err:
        await session.go("http://127.0.0.1:9/")  # nothing listens on the discard port
    assert err.value.code == "ACTION_FAILED"
    with pytest.raises(SessionError) as err:
        await session.go("")
    assert err.value.code == "INVALID_ARGS"
    # a click that navigates reports a change and the new page is loaded (logging out
    # is destructive: it takes a confirmation)
    await session.go(site.url("/dashboard.html"))
    tree = (await session.look())["tree"]
    with pytest.raises(SessionError) as err:
        await session.act(ref_of(tree, "button:Logout"), "click")
    assert err.value.code == "CONFIRM_REQUIRED"
    state = await session.look()
    assert state["title"] == "Dashboard"
    assert await session.act(ref_of(state["tree"], "button:Logout"), "click",
                             confirm=True) == {
        "changed": True}
    assert (await session.look())["title"] == "Login"


async def test_popup_switches_page(session: Session, site: Site) -> None:
    await session.go(site.url("/slow.html"))
    tree = (await session.look())["tree"]
    result = await session.act(ref_of(tree, "link:Popup"), "click")
    assert result["changed"] is True and result["popup"].endswith("/settings.html")
    assert (await session.look())["title"] == "Settings"


async def test_extract(session: Session, site: Site) -> None:
    await session.go(site.url("/login.html"))
    md = await session.extract("markdown")
    assert "Sign in to Example" in md["markdown"]
    assert "credentials" in (await session.extract("text"))["text"]
    assert "<form" in (await session.extract("html"))["html"]
    await session.go(site.url("/dashboard.html"))
    links = (await session.extract("links"))["links"]
    assert {link["url"] for link in links} >= {site.url("/settings.html")}
    shot = await session.extract("screenshot")
    assert base64.b64decode(shot["screenshot"])[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(SessionError) as err:
        await session.extract("pdf")
    assert err.value.code == "INVALID_ARGS"


async def test_handoff_resumed_from_local_page(session: Session, site: Site) -> None:
    await session.go(site.url("/login.html"))
    seen: list[str] = []
    session.handoff_notify = lambda message, url: seen.append(url)
    task = asyncio.create_task(session.handoff("Please log in"))
    for _ in range(100):
        if seen:
            break
        await asyncio.sleep(0.02)
    url = seen[0]
    assert url.startswith("http://127.0.0.1:")
    page = await asyncio.to_thread(lambda: urllib.request.urlopen(url).read().decode())
    assert "Please log in" in page and "Resume" in page
    assert not task.done()
    await asyncio.to_thread(lambda: urllib.request.urlopen(url, data=b"").read())
    result = await asyncio.wait_for(task, 5)
    assert result["resumed"] is True and result["elapsed"] >= 0
    # a used resume link does nothing any more
    with pytest.raises(urllib.error.HTTPError):
        await asyncio.to_thread(lambda: urllib.request.urlopen(url, data=b""))
    with pytest.raises(SessionError) as err:
        await session.handoff("nobody comes", timeout=200)
    assert err.value.code == "TIMEOUT"


async def test_sidebar_logs_highlights_and_resumes(session: Session, site: Site) -> None:
    await session.enable_sidebar()
    await session.go(site.url("/login.html"))
    tree = (await session.look())["tree"]
    assert tree == ["textbox:Email[e1]", "textbox:Password[e2]", "button:Sign In[e3]"]
    await session.act("e1", "input", "a@b.c")
    await session.act("e2", "input", "secret123")
    page = session.page
    panel = page.locator("trawl-sidebar-host .log")
    await panel.wait_for()
    text = await panel.inner_text()
    assert "look()" in text and "act('e1', 'input', 'a@b.c')" in text
    assert "act('e2', 'input', '***')" in text and "secret123" not in text  # masked
    assert await page.locator("trawl-sidebar-host .box").is_visible()  # the highlight
    # collapse and expand
    await page.locator("trawl-sidebar-host .collapse").click()
    assert "collapsed" in (await page.locator("trawl-sidebar-host .panel").get_attribute(
        "class") or "")
    await page.locator("trawl-sidebar-host .collapse").click()
    # the sidebar survives navigation and keeps the log
    await session.act("e3", "click")
    assert (await session.look())["title"] == "Dashboard"
    assert "act('e3', 'click')" in await page.locator("trawl-sidebar-host .log").inner_text()
    # handoff: the alert and the Resume button
    task = asyncio.create_task(session.handoff("Solve the CAPTCHA"))
    alert = page.locator("trawl-sidebar-host .alert")
    await alert.wait_for(state="visible")
    assert "Solve the CAPTCHA" in await alert.inner_text()
    await page.locator("trawl-sidebar-host .resume").click()
    assert (await asyncio.wait_for(task, 5))["resumed"] is True
    await alert.wait_for(state="hidden")


async def test_go_refuses_other_schemes_and_guarded_addresses(browser: Browser) -> None:
    """go() opens http(s) only; with the agent's guard, an internal address is refused
    before the browser is asked (file:///etc/passwd once read the file)."""
    context = await browser.new_context()
    s = Session(await context.new_page(), action_timeout_ms=2000, policy=NetPolicy())
    try:
        for url in ("file:///etc/passwd", "chrome://settings", "javascript:alert(1)"):
            with pytest.raises(SessionError) as info:
                await s.go(url)
            assert info.value.code == ErrorCode.INVALID_ARGS, url
        with serve(FIXTURES) as site:
            with pytest.raises(SessionError, match="address guard") as info:
                await s.go(site.url("/login.html"))
            assert info.value.code == ErrorCode.ACTION_FAILED
            assert site.rules.hits == {}  # nothing was sent
        assert s.page.url == "about:blank"
    finally:
        await s.close()
        await context.close()
