"""`trawl login` as a person uses it: a headed Chromium (on Xvfb) opens at the blocked page,
the person types their credentials and closes the tab; the session is saved to the site's
profile and the crawl resumes and stores the pages behind the login.

The "person" is xdotool typing into the real browser window.
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import subprocess
from collections.abc import Iterator
from urllib.parse import parse_qs

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

from tests.conftest import scalar_rows
from tests.crawlkit import new_crawl_id, worker_config
from tests.sitesrv import HtmlHandler, serve_handler
from tests.test_handoff import PAGES, SECRET, open_handoffs, start, stored, wait_for
from trawl.api.crawls import Trawl
from trawl.api.handoffs import login
from trawl.config import Settings
from trawl.model import CrawlSpec
from trawl.store.sessions import load_profile
from trawl.worker.main import crawl_worker

pytestmark = pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")),
                                reason="needs Xvfb and xdotool (apt-get install xvfb xdotool)")

DISPLAY = ":97"
USER, PASSWORD = "alice", "correct horse"
FORM = ('<form method="post" action="/login"><input name="user" autofocus>'
        '<input type="password" name="password"><input type="hidden" name="next" value="{next}">'
        '<button>Sign in</button></form>'
        # tell the test when the field really has the keyboard focus, so typing starts then
        "<script>const u = document.querySelector('[name=user]'); u.focus();"
        "const ping = () => document.activeElement === u && document.hasFocus()"
        " ? fetch('/ready') : setTimeout(ping, 100); ping();</script>")
STEP_TIMEOUT_S = 30
LOGIN_ATTEMPTS = 3


@contextlib.contextmanager
def login_site() -> Iterator[tuple[str, dict[str, int]]]:
    seen: dict[str, int] = {}

    class Handler(HtmlHandler):

        def do_GET(self) -> None:
            path, _, query = self.path.partition("?")
            seen[path] = seen.get(path, 0) + 1
            if path.startswith("/private/") and f"sid={SECRET}" not in (
                    self.headers.get("Cookie") or ""):
                self._send(302, "", {"Location": f"/login?next={path}"})
            elif path == "/ready":
                self._send(200, "")
            elif path == "/login":
                self._send(200, FORM.format(next=parse_qs(query).get("next", ["/"])[0]))
            elif path in PAGES:
                self._send(200, PAGES[path])
            else:
                self._send(404, "not found")

        def do_POST(self) -> None:
            form = parse_qs(self.rfile.read(int(self.headers["Content-Length"])).decode())
            ok = form.get("user") == [USER] and form.get("password") == [PASSWORD]
            seen["login ok" if ok else "login failed"] = 1
            if not ok:  # for the failure message: what arrived (the password only by length)
                seen[f"posted user={form.get('user')} password_len="
                     f"{len((form.get('password') or [''])[0])}"] = 1
            if ok:
                self._send(302, "", {"Location": form.get("next", ["/"])[0],
                                     "Set-Cookie": f"sid={SECRET}; Path=/; HttpOnly"})
            else:  # as real sites do: the form again
                self._send(200, "<p>Wrong credentials.</p>"
                           + FORM.format(next=form.get("next", ["/"])[0]))

    with serve_handler(Handler) as base:
        yield base, seen


@pytest.fixture
def xvfb() -> Iterator[str]:
    proc = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", "1280x900x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        yield DISPLAY
    finally:
        proc.terminate()
        proc.wait(10)


def xdotool(display: str, *args: str) -> str:
    return subprocess.run(["xdotool", *args], env={"DISPLAY": display}, capture_output=True,
                          text=True, timeout=STEP_TIMEOUT_S, check=True).stdout.strip()


async def test_trawl_login_saves_the_session_and_resumes(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, xvfb: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISPLAY", xvfb)
    crawl_id = new_crawl_id()
    with login_site() as (base, seen):
        spec = CrawlSpec(seeds=[base + "/"], render="browser", concurrency=2)
        cfg = worker_config(temporal_address, database_url, task_queue)
        async with crawl_worker(temporal_client, cfg) as worker, worker:
            handle = await start(temporal_client, task_queue, spec, crawl_id)
            await wait_for(lambda: open_handoffs(engine, crawl_id), "a handoff")
            logins_before = seen.get("/login", 0)

            trawl = Trawl(Settings(), None, temporal_client, engine)  # type: ignore[arg-type]
            person = asyncio.ensure_future(login(trawl, crawl_id, note="by xdotool",
                                                 wait_for_enter=False))
            # the person: waits for the login form in the real window, types, submits
            await wait_for(lambda: _async(seen.get("/login", 0) > logins_before),
                           "the headed browser to show the login form")
            window = await asyncio.to_thread(
                xdotool, xvfb, "search", "--sync", "--onlyvisible", "--class", "chromium")
            window = window.splitlines()[0]
            await asyncio.to_thread(xdotool, xvfb, "windowfocus", "--sync", window)
            for attempt in range(LOGIN_ATTEMPTS):
                # a busy machine can lose keystrokes: the site shows the form again and
                # the person types again, once the field has the focus
                await wait_for(lambda n=attempt: _async(seen.get("/ready", 0) > n),  # type: ignore[misc]
                               "the login field to have the keyboard focus")
                await asyncio.to_thread(xdotool, xvfb, "type", "--delay", "40", USER)
                await asyncio.to_thread(xdotool, xvfb, "key", "Tab")
                await asyncio.to_thread(xdotool, xvfb, "type", "--delay", "40", PASSWORD)
                await asyncio.to_thread(xdotool, xvfb, "key", "Return")
                with contextlib.suppress(AssertionError):
                    await wait_for(lambda: _async("login ok" in seen),
                                   "the login to succeed", timeout=STEP_TIMEOUT_S)
                    break
            assert "login ok" in seen, f"the typed login never succeeded: {sorted(seen)}"
            await wait_for(lambda: _async(seen.get("/private/", 0) >= 2),
                           "the browser to land on the private page")
            await asyncio.sleep(2.5)  # `trawl login` reads the session every second
            # close the tab as a person would: Ctrl+W in the focused browser window (window
            # ids can change while Chromium navigates, so no --window here)
            await asyncio.to_thread(xdotool, xvfb, "key", "ctrl+w")
            resumed = await asyncio.wait_for(person, STEP_TIMEOUT_S)
            assert resumed.session_saved and resumed.sites == [base]

            result = await asyncio.wait_for(handle.result(), 120)
    assert result.status == "completed"
    pages = await stored(engine, crawl_id)
    assert {base + "/private/", base + "/private/a.html", base + "/private/b.html"} <= set(pages)
    version, profile = await load_profile(engine, base)  # sealed at rest, opened with the key
    assert version >= 1 and profile is not None
    assert any(c["value"] == SECRET for c in profile["cookies"])
    raw = await scalar_rows(engine, "select sealed, storage_state is null from session_profiles "
                                    "where site = :s", s=base)
    assert SECRET.encode() not in bytes(raw[0][0]) and raw[0][1] is True
    assert await open_handoffs(engine, crawl_id) == []
    note = await scalar_rows(engine, "select note from handoffs where crawl_id = :c",
                             c=crawl_id)
    assert note == [("by xdotool",)]


async def _async(value: bool) -> bool:
    return value
