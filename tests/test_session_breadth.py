"""Issue 18, agent breadth: double-click, right-click, hover, drag, upload, multi-select,
fill, attribute, back/forward/reload, tabs, the lifecycle and the event list, each on a
local page in a real Chromium; destructive ones refused through the guard."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, async_playwright

from tests.sitesrv import Site, serve
from trawl.browser.launch import launch_chromium
from trawl.browser.session import ErrorCode, Session, SessionError

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
async def session(browser: Browser, tmp_path: Path) -> AsyncIterator[Session]:
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    page = await context.new_page()
    s = Session(page, action_timeout_ms=2000, upload_root=tmp_path)
    yield s
    await s.close()
    await context.close()


def ref_of(tree: list[str], role_name: str) -> str:
    for item in tree:
        if item.rsplit("[", 1)[0] == role_name:
            return item.rsplit("[", 1)[1][:-1]
    raise AssertionError(f"{role_name!r} not in {tree}")


async def value(s: Session, js: str) -> object:
    return (await s.eval(js))["value"]


async def breadth(s: Session, site: Site) -> list[str]:
    await s.go(site.url("/breadth.html"))
    return (await s.look(viewport=False))["tree"]


async def log(s: Session) -> object:
    return await value(s, "document.getElementById('log').textContent")


async def test_dblclick_and_rightclick_fire_their_handlers(session: Session,
                                                           site: Site) -> None:
    tree = await breadth(session, site)
    await session.act(ref_of(tree, "button:Zoom"), "click")
    assert await log(session) == ""  # a click is not a double-click
    assert await session.act(ref_of(tree, "button:Zoom"), "dblclick") == {"changed": True}
    assert await log(session) == "dbl;"
    assert await session.act(ref_of(tree, "button:Options"), "rightclick") == {"changed": True}
    assert await log(session) == "dbl;ctx;"


async def test_dblclick_on_a_destructive_control_needs_confirm(session: Session,
                                                               site: Site) -> None:
    tree = await breadth(session, site)
    ref = ref_of(tree, "button:Delete account")
    with pytest.raises(SessionError) as err:
        await session.act(ref, "dblclick")
    assert err.value.code is ErrorCode.CONFIRM_REQUIRED
    assert "dblclick" in err.value.message
    assert await log(session) == ""  # nothing was done
    await session.act(ref, "dblclick", confirm=True)
    assert await log(session) == "deleted;"


async def test_hover_reveals_a_menu(session: Session, site: Site) -> None:
    tree = await breadth(session, site)
    assert not any(t.startswith("link:Profile") for t in tree)
    await session.act(ref_of(tree, "button:Menu"), "hover")
    tree = (await session.look(viewport=False))["tree"]
    profile = ref_of(tree, "link:Profile")
    await session.act(profile, "click")
    assert session.page.url.endswith("#profile")


async def test_drag_reorders_a_list(session: Session, site: Site) -> None:
    tree = await breadth(session, site)
    order = "Array.from(document.querySelectorAll('#list li')).map(l => l.textContent)"
    assert await value(session, order) == ["Alpha", "Beta", "Gamma"]
    result = await session.act(ref_of(tree, "generic:Alpha"), "drag",
                               ref_of(tree, "generic:Gamma"))
    assert result == {"changed": True}
    assert await value(session, order) == ["Beta", "Gamma", "Alpha"]


async def test_drag_onto_a_destructive_control_needs_confirm(session: Session,
                                                             site: Site) -> None:
    tree = await breadth(session, site)
    count = "document.querySelectorAll('#list li').length"
    alpha, trash = ref_of(tree, "generic:Alpha"), ref_of(tree, "button:Delete forever")
    with pytest.raises(SessionError) as err:
        await session.act(alpha, "drag", trash)
    assert err.value.code is ErrorCode.CONFIRM_REQUIRED
    assert await value(session, count) == 3
    await session.act(alpha, "drag", trash, confirm=True)
    assert await value(session, count) == 2


async def test_drag_bad_target(session: Session, site: Site) -> None:
    tree = await breadth(session, site)
    alpha = ref_of(tree, "generic:Alpha")
    for target, code in (("e999", ErrorCode.STALE_REF), (alpha, ErrorCode.INVALID_ARGS),
                         (None, ErrorCode.INVALID_ARGS), ("nope", ErrorCode.INVALID_ARGS)):
        with pytest.raises(SessionError) as err:
            await session.act(alpha, "drag", target)
        assert err.value.code is code, (target, err.value)


async def test_upload_sets_the_inputs_files(session: Session, site: Site,
                                            tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("alpha")
    (tmp_path / "b.txt").write_text("beta")
    await session.go(site.url("/breadth.html"))
    state = await session.look(viewport=False)
    ref = ref_of(state["tree"], "button:Document")
    assert state["actions"][ref] == ["click", "upload"]
    await session.act(ref, "upload", [str(tmp_path / "a.txt"), "b.txt"])
    assert await value(session, "Array.from(document.getElementById('doc').files)"
                                ".map(f => f.name + ':' + f.size)") == ["a.txt:5", "b.txt:4"]
    assert await log(session) == "files:a.txt,b.txt;"


async def test_upload_refusals(session: Session, site: Site, tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("alpha")
    tree = await breadth(session, site)
    doc = ref_of(tree, "button:Document")
    for bad in ("missing.txt", "/etc/hostname", [], 3):
        with pytest.raises(SessionError) as err:
            await session.act(doc, "upload", bad)
        assert err.value.code is ErrorCode.INVALID_ARGS, bad
    assert "outside the upload directory" in str(
        await _error(session.act(doc, "upload", "/etc/hostname")))
    with pytest.raises(SessionError) as err:  # not a file input
        await session.act(ref_of(tree, "button:Zoom"), "upload", "a.txt")
    assert err.value.code is ErrorCode.INVALID_ARGS
    # choosing a file submits this POST form: judged as that submission
    avatar = ref_of(tree, "button:Avatar")
    with pytest.raises(SessionError) as err:
        await session.act(avatar, "upload", "a.txt")
    assert err.value.code is ErrorCode.CONFIRM_REQUIRED
    assert "submits its form" in err.value.message
    assert await value(session, "document.querySelector('[name=avatar]').files.length") == 0
    assert session.page.url == site.url("/breadth.html")


async def _error(call: object) -> SessionError:
    try:
        await call  # type: ignore[misc]
    except SessionError as exc:
        return exc
    raise AssertionError("no error")


async def test_multi_select_picks_options(session: Session, site: Site) -> None:
    tree = await breadth(session, site)
    colors = ref_of(tree, "listbox:Colors")
    await session.act(colors, "select", ["Red", "b"])
    picked = "Array.from(document.querySelector('[name=colors]').selectedOptions)" \
             ".map(o => o.value)"
    assert await value(session, picked) == ["r", "b"]
    with pytest.raises(SessionError) as err:
        await session.act(colors, "select", ["Red", "Purple"])
    assert err.value.code is ErrorCode.INVALID_ARGS and "Purple" in err.value.message


async def test_fill_fills_several_fields_and_reports_each_error(session: Session,
                                                                site: Site,
                                                                tmp_path: Path) -> None:
    (tmp_path / "cv.pdf").write_text("%PDF")
    tree = await breadth(session, site)
    r = {name: ref_of(tree, name) for name in (
        "textbox:Name", "textbox:Email", "checkbox:Agree", "combobox:Size",
        "listbox:Colors", "button:Document")}
    result = await session.fill({
        r["textbox:Name"]: "Ada", r["textbox:Email"]: "ada@example.com",
        r["checkbox:Agree"]: True, r["combobox:Size"]: "Large",
        r["listbox:Colors"]: ["Green"], r["button:Document"]: "cv.pdf",
        "e999": "x", r["button:Zoom"] if "button:Zoom" in r else ref_of(tree, "button:Zoom"):
            "text into a button"})
    assert result["ok"] is False
    assert result["filled"] == [r[k] for k in r]
    assert set(result["errors"]) == {"e999", ref_of(tree, "button:Zoom")}
    assert result["errors"]["e999"]["code"] == "STALE_REF"
    assert result["errors"][ref_of(tree, "button:Zoom")]["code"] == "INVALID_ARGS"
    form = await value(session, """(() => { const f = document.getElementById('f');
        return [f.name.value, f.email.value, f.agree.checked, f.size.value,
                Array.from(f.colors.selectedOptions).map(o => o.value),
                f.doc.files[0] && f.doc.files[0].name]; })()""")
    assert form == ["Ada", "ada@example.com", True, "Large", ["g"], "cv.pdf"]
    ok = await session.fill({r["checkbox:Agree"]: False, r["textbox:Name"]: "Grace"})
    assert ok["ok"] is True and ok["errors"] == {}
    assert await value(session, "document.getElementById('f').agree.checked") is False
    with pytest.raises(SessionError) as err:
        await session.fill({})
    assert err.value.code is ErrorCode.INVALID_ARGS


async def test_attribute(session: Session, site: Site) -> None:
    tree = await breadth(session, site)
    docs = ref_of(tree, "link:Docs")
    assert await session.attribute(docs, "href") == {"ref": docs, "name": "href",
                                                     "value": "/login.html"}
    assert (await session.attribute(docs, "data-id"))["value"] == "42"
    assert (await session.attribute(docs, "data-none"))["value"] is None
    with pytest.raises(SessionError) as err:
        await session.attribute("e999", "href")
    assert err.value.code is ErrorCode.STALE_REF
    with pytest.raises(SessionError) as err:
        await session.attribute(docs, "")
    assert err.value.code is ErrorCode.INVALID_ARGS


async def test_back_forward_reload(session: Session, site: Site) -> None:
    with pytest.raises(SessionError) as err:  # a fresh tab has no history
        await session.back()
    assert err.value.code is ErrorCode.ACTION_FAILED
    await session.go(site.url("/login.html"))
    await session.go(site.url("/dashboard.html"))
    assert (await session.back())["url"] == site.url("/login.html")
    assert (await session.forward())["url"] == site.url("/dashboard.html")
    with pytest.raises(SessionError) as err:
        await session.forward()
    assert err.value.code is ErrorCode.ACTION_FAILED
    await session.eval("window.marker = 1")
    await session.look()
    assert (await session.reload())["url"] == site.url("/dashboard.html")
    assert await value(session, "typeof window.marker") == "undefined"
    with pytest.raises(SessionError) as err:  # the refs went with the old document
        await session.act("e1", "click")
    assert err.value.code is ErrorCode.STALE_REF


async def test_tabs_open_switch_close(session: Session, site: Site) -> None:
    await session.go(site.url("/login.html"))
    first = (await session.tab_list())["active"]
    opened = await session.tab_open(site.url("/dashboard.html"))
    assert opened["url"] == site.url("/dashboard.html") and opened["id"] != first
    listed = await session.tab_list()
    assert [(t["id"], t["url"], t["active"]) for t in listed["tabs"]] == [
        (first, site.url("/login.html"), False), (opened["id"], site.url("/dashboard.html"),
                                                  True)]
    assert (await session.look())["title"] == "Dashboard"
    assert (await session.tab_switch(first))["url"] == site.url("/login.html")
    assert (await session.look())["title"] == "Login"
    with pytest.raises(SessionError) as err:
        await session.tab_switch("t99")
    assert err.value.code is ErrorCode.INVALID_ARGS
    closed = await session.tab_close(first)
    assert closed == {"closed": first, "active": opened["id"],
                      "url": site.url("/dashboard.html")}
    assert (await session.look())["title"] == "Dashboard"
    with pytest.raises(SessionError) as err:
        await session.tab_close()
    assert err.value.code is ErrorCode.INVALID_ARGS  # the last tab stays


async def test_pause_resume_close_start(site: Site) -> None:
    async with Session.open(headless=True) as s:
        await s.go(site.url("/login.html"))
        await s.look()
        assert (await s.pause())["state"] == "paused"
        for call in (s.act("e1", "input", "x"), s.go(site.url("/dashboard.html")),
                     s.eval("1"), s.back(), s.fill({"e1": "x"}), s.tab_open()):
            assert (await _error(call)).code is ErrorCode.PAUSED
        assert (await s.look())["title"] == "Login"  # reading still works
        assert (await s.resume_session())["state"] == "running"
        assert await value_of_field(s) == ""  # nothing was typed
        email = ref_of((await s.look())["tree"], "textbox:Email")
        assert (await _error(s.resume_session())).code is ErrorCode.INVALID_ARGS
        await s.act(email, "input", "x")
        assert await value_of_field(s) == "x"
        browser = s.page.context.browser
        assert browser is not None and browser.is_connected()
        assert (await s.close_browser())["state"] == "closed"
        assert not browser.is_connected()  # the browser is freed
        for call in (s.look(), s.go(site.url("/login.html")), s.extract("text")):
            assert (await _error(call)).code is ErrorCode.SESSION_CLOSED
        assert (await s.start())["state"] == "running"
        assert s.page.context.browser is not browser
        assert (await s.go(site.url("/dashboard.html")))["title"] == "Dashboard"


async def value_of_field(s: Session) -> object:
    return (await s.eval("document.querySelector('input').value"))["value"]


async def test_lifecycle_needs_an_owned_browser(session: Session) -> None:
    assert (await _error(session.close_browser())).code is ErrorCode.INVALID_ARGS


async def test_events(session: Session, site: Site) -> None:
    await session.go(site.url("/login.html"))
    await session.look()
    with pytest.raises(SessionError):
        await session.act("e99", "click")
    await session.act("e1", "input", "a")
    events = session.event_list()["events"]
    types = [e["type"] for e in events]
    assert "page_navigation" in types and "page_load_complete" in types
    nav = next(e for e in events if e["type"] == "page_navigation")
    assert nav["url"] == site.url("/login.html")
    errors = [e for e in events if e["type"] == "action_error"]
    assert errors and errors[0]["command"] == "act('e99', 'click')"
    assert errors[0]["detail"] == "STALE_REF"
    assert events[-1]["type"] == "action_completed"
    assert events[-1]["command"] == "act('e1', 'input', 'a')"
    last = session.event_list()["last"]
    assert session.event_list(last)["events"] == []
    await session.reload()
    newer = session.event_list(last, ["page_load_complete"])["events"]
    assert [e["type"] for e in newer] == ["page_load_complete"]


async def test_browser_error_event_when_the_browser_goes_away(site: Site) -> None:
    async with Session.open(headless=True) as s:
        await s.go(site.url("/login.html"))
        browser = s.page.context.browser
        assert browser is not None
        assert not [e for e in s.event_list()["events"] if e["type"] == "browser_error"]
        await browser.close()  # not through close_browser(): an error, not the lifecycle
        errors = [e for e in s.event_list()["events"] if e["type"] == "browser_error"]
        assert [e["detail"] for e in errors] == ["the browser disconnected"]
    async with Session.open(headless=True) as s:
        await s.close_browser()  # asked for: no error event
        assert not [e for e in s.event_list()["events"] if e["type"] == "browser_error"]


async def test_events_reach_a_webhook_signed_in_order(session: Session, site: Site) -> None:
    """An agent session's browser events POSTed as they happen (issue 18), through the
    webhook sender a crawl uses: signed, in seq order, each once; a receiver that fails at
    first gets them again; closing sends what is queued."""
    from standardwebhooks import Webhook

    from tests.test_webhooks import Receiver, receiver
    from trawl.api.agent.protocol import agent_policy
    from trawl.crawler.webhooks import session_webhook
    from trawl.secrets import webhook_secret

    state = Receiver(fail_first=1)
    with receiver(state) as url:
        hook = session_webhook(url, agent_policy(), webhook_secret())
        session.events.listeners.append(hook)
        await session.go(site.url("/login.html"))
        await session.look()
        with pytest.raises(SessionError):
            await session.act("e99", "click")
        await hook.aclose()
    signer = Webhook(webhook_secret())
    for headers, body in state.posts:
        signer.verify(body, headers)
    got = state.envelopes()
    assert state.answered[0] == 503 and hook.delivered == len(got) and hook.dropped == 0
    assert [g["seq"] for g in got] == [e["seq"] for e in session.event_list()["events"]]
    assert {g["session_id"] for g in got} == {hook.session_id}
    nav = next(g for g in got if g["type"] == "page_navigation")
    assert nav["data"]["url"] == site.url("/login.html")
    error = next(g for g in got if g["type"] == "action_error")
    assert error["data"]["detail"] == "STALE_REF"
