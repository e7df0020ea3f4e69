"""`trawl agent`: the payload parser, and the stdio protocol driven as a subprocess the way
an orchestrator would (the seed's example session, errors, handoff, bad --browser)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.sitesrv import Site, serve
from trawl.api.agent import Call, ParseError, parse_call

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).parent / "fixtures" / "agent"
TRAWL = [sys.executable, "-c", "from trawl.api.cli import main; main()"]
pytestmark = pytest.mark.timeout(120)


# ---------------------------------------------------------------------- parser
@pytest.mark.parametrize(("payload", "expected"), [
    ("agent.look()", Call("look", [])),
    ("agent.look({scope: '#main'})", Call("look", [{"scope": "#main"}])),
    ("agent.look({viewport: false, 'scope': \"main\",})",
     Call("look", [{"viewport": False, "scope": "main"}])),
    ("agent.act('e1','input','admin@test.com')", Call("act", ["e1", "input", "admin@test.com"])),
    ('  await agent.act("e3", "click");  ', Call("act", ["e3", "click"])),
    ("agent.act('e2', 'select', ['a', 'b'])", Call("act", ["e2", "select", ["a", "b"]])),
    ("agent.wait(\"document.title.includes('Done')\", 2500)",
     Call("wait", ["document.title.includes('Done')", 2500])),
    ("agent.wait('e1', {timeout: 1.5e3})", Call("wait", ["e1", {"timeout": 1500.0}])),
    ("agent.eval('it\\'s \\u00e9\\n')", Call("eval", ["it's \u00e9\n"])),
    ("agent.eval(`document.querySelectorAll('a').length`)",
     Call("eval", ["document.querySelectorAll('a').length"])),
    ("agent.handoff(\"Please solve the CAPTCHA\")", Call("handoff", ["Please solve the CAPTCHA"])),
    ("agent.go('https://example.com/login')", Call("go", ["https://example.com/login"])),
    ("agent.act('e1', 'input', null)", Call("act", ["e1", "input", None])),
    ("agent.act('e1', 'input', -3)", Call("act", ["e1", "input", -3])),
])
def test_parse_call(payload: str, expected: Call) -> None:
    assert parse_call(payload) == expected


@pytest.mark.parametrize("payload", [
    "look()", "agent.look", "agent.look(", "agent.look() agent.look()",
    "agent.act(e1, 'click')", "agent.go('x' + 'y')", "__import__('os').system('true')",
    "agent.eval(`${1}`)", "agent.act('e1', 'click'); agent.look()", "agent['look']()",
    "agent.look({scope: document.body})", "agent.go('unterminated)",
])
def test_parse_rejects(payload: str) -> None:
    with pytest.raises(ParseError):
        parse_call(payload)


# ---------------------------------------------------------------------- subprocess
@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    with serve(FIXTURES) as s:
        yield s


class Agent:
    """An orchestrator's view of `trawl agent`: write a line, read a line."""

    def __init__(self, *args: str, stderr: Any = subprocess.PIPE,
                 env: dict[str, str] | None = None) -> None:
        # the fixtures are served on 127.0.0.1: an agent opens them only when allowed
        env = {**os.environ, "PYTHONPATH": str(ROOT), "TRAWL_ALLOW_PRIVATE": "1", **(env or {})}
        env.pop("DISPLAY", None)
        self.proc = subprocess.Popen(
            [*TRAWL, "agent", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=stderr, text=True, bufsize=1, cwd=ROOT, env=env)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.stdin, self.stdout = self.proc.stdin, self.proc.stdout

    def readline(self) -> dict[str, Any]:
        line = self.stdout.readline()
        assert line, "trawl agent closed stdout"
        return json.loads(line)  # type: ignore[no-any-return]

    def send(self, js: str) -> dict[str, Any]:
        self.stdin.write(json.dumps({"command": "eval", "payload": js}) + "\n")
        self.stdin.flush()
        return self.readline()

    def close(self) -> int:
        if not self.stdin.closed:
            self.stdin.close()
        try:
            return self.proc.wait(timeout=30)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture
def agent() -> Iterator[Agent]:
    a = Agent("--headless")
    try:
        yield a
    finally:
        if a.proc.poll() is None:
            a.proc.kill()
            a.proc.wait()


def test_a_ctrl_c_of_the_agent_is_one_line_and_exit_130() -> None:
    # the session ends by its stdin closing (exit 0); a Ctrl-C is an interruption, and
    # said so: it exited 0 with nothing said, as if the session had ended cleanly
    a = Agent("--headless")
    try:
        assert a.readline() == {"command": "ready", "payload": {}}
        a.proc.send_signal(signal.SIGINT)
        assert a.proc.wait(timeout=30) == 130
        assert a.proc.stderr is not None
        assert a.proc.stderr.read().strip().splitlines()[-1:] == [
            "interrupted: the browser session stopped"]
    finally:
        if a.proc.poll() is None:
            a.proc.kill()
            a.proc.wait()


def test_seed_example_session(site: Site) -> None:
    """The seed's example session, byte for byte in shape: login form -> dashboard."""
    proc = subprocess.Popen(
        [*TRAWL, "agent", "--headless"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, text=True, bufsize=1, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "TRAWL_ALLOW_PRIVATE": "1"})
    assert proc.stdin is not None and proc.stdout is not None
    try:
        assert proc.stdout.readline() == '{"command":"ready","payload":{}}\n'

        def agent(js: str) -> dict[str, Any]:
            proc.stdin.write(json.dumps({"command": "eval", "payload": js}) + "\n")  # type: ignore[union-attr]
            proc.stdin.flush()  # type: ignore[union-attr]
            return json.loads(proc.stdout.readline())  # type: ignore[union-attr,no-any-return]

        login, dashboard = site.url("/login.html"), site.url("/dashboard.html")
        assert agent(f"agent.go('{login}')") == {
            "command": "result", "payload": {"url": login, "title": "Login"}}
        assert agent("agent.look()") == {"command": "result", "payload": {
            "url": login, "title": "Login",
            "tree": ["textbox:Email[e1]", "textbox:Password[e2]", "button:Sign In[e3]"],
            "actions": {"e1": ["input", "clear", "focus"], "e2": ["input", "clear", "focus"],
                        "e3": ["click"]}}}
        assert agent("agent.act('e1','input','admin@test.com')") == {
            "command": "result", "payload": {"changed": True}}
        assert agent("agent.act('e2','input','secret123')") == {
            "command": "result", "payload": {"changed": True}}
        assert agent("agent.act('e3','click')") == {
            "command": "result", "payload": {"changed": True}}
        assert agent("agent.look()") == {"command": "result", "payload": {
            "url": dashboard, "title": "Dashboard",
            "tree": ["link:Home[e1]", "link:Settings[e2]", "button:Logout[e3]"],
            "actions": {"e1": ["click"], "e2": ["click"], "e3": ["click"]}}}
        assert agent("agent.eval(\"document.getElementById('who').textContent\")") == {
            "command": "result", "payload": {"value": "Signed in as admin@test.com"}}
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_errors_keep_the_session_alive(agent: Agent, site: Site) -> None:
    assert agent.readline() == {"command": "ready", "payload": {}}
    agent.send(f"agent.go('{site.url('/roles.html')}')")

    def error(js: str) -> dict[str, str]:
        reply = agent.send(js)
        assert reply["command"] == "error", reply
        assert set(reply["payload"]) == {"message", "code"}
        return reply["payload"]  # type: ignore[no-any-return]

    assert error("agent.act('e1', 'click')")["code"] == "STALE_REF"
    look = agent.send("agent.look({scope: '#main'})")["payload"]
    assert look["tree"][0] == "button:Save[e1]"
    stale = error("agent.act('e99', 'click')")
    assert stale == {"message": "ref e99 is stale, call look() to refresh", "code": "STALE_REF"}
    assert error("agent.act('e1')")["code"] == "INVALID_ARGS"
    assert error("agent.act('e1', 'input', 'x')")["code"] == "INVALID_ARGS"
    assert error("agent.fly()")["code"] == "INVALID_ARGS"
    assert error("os.system('true')")["code"] == "INVALID_ARGS"
    assert error("agent.look({zoom: 2})")["code"] == "INVALID_ARGS"
    assert error("agent.wait('document.title === 0', 200)")["code"] == "TIMEOUT"
    assert error("agent.eval('null.x')")["code"] == "EVAL_FAILED"
    assert error("agent.go('http://127.0.0.1:9/')")["code"] == "ACTION_FAILED"
    agent.stdin.write("this is not json\n")
    agent.stdin.flush()
    assert agent.readline()["payload"]["code"] == "INVALID_ARGS"
    agent.stdin.write('{"command":"look"}\n\n')
    agent.stdin.flush()
    assert agent.readline()["payload"]["code"] == "INVALID_ARGS"
    # still alive and well
    assert agent.send(f"agent.go('{site.url('/login.html')}')")["command"] == "result"
    assert agent.send("agent.extract('markdown')")["payload"]["markdown"].count("Sign in") == 1
    shot = agent.send("agent.extract('screenshot')")["payload"]
    assert shot["mime"] == "image/png" and len(shot["screenshot"]) > 100
    assert agent.close() == 0


def test_handoff_resumes_from_printed_url(site: Site) -> None:
    agent = Agent("--headless")
    try:
        assert agent.readline()["command"] == "ready"
        agent.send(f"agent.go('{site.url('/login.html')}')")
        agent.stdin.write(json.dumps(
            {"command": "eval", "payload": "agent.handoff('Please log in')"}) + "\n")
        agent.stdin.flush()
        assert agent.proc.stderr is not None
        url = None
        deadline = time.monotonic() + 20
        while url is None and time.monotonic() < deadline:
            line = agent.proc.stderr.readline()
            match = re.search(r"resume at (http://127\.0\.0\.1:\d+/handoff/\S+)", line)
            url = match.group(1) if match else None
        assert url, "no resume URL on stderr"
        page = urllib.request.urlopen(url).read().decode()
        assert "Please log in" in page
        urllib.request.urlopen(url, data=b"").read()
        reply = agent.readline()
        assert reply["command"] == "result" and reply["payload"]["resumed"] is True
        assert agent.close() == 0
    finally:
        if agent.proc.poll() is None:
            agent.proc.kill()
            agent.proc.wait()


def test_closing_stdin_ends_a_pending_handoff(site: Site) -> None:
    agent = Agent("--headless", stderr=subprocess.DEVNULL)
    try:
        assert agent.readline()["command"] == "ready"
        agent.stdin.write(json.dumps(
            {"command": "eval", "payload": "agent.handoff('nobody will come')"}) + "\n")
        agent.stdin.flush()
        time.sleep(0.5)
        started = time.monotonic()
        assert agent.close() == 0
        assert time.monotonic() - started < 20
    finally:
        if agent.proc.poll() is None:
            agent.proc.kill()
            agent.proc.wait()


def test_unknown_or_missing_browser_is_a_clear_error() -> None:
    cases = [("netscape", "unknown browser")]
    browsers = Path(os.environ.get("PLAYWRIGHT_BROWSERS_PATH")
                    or Path.home() / ".cache" / "ms-playwright")
    if not list(browsers.glob("webkit-*")):  # Playwright's WebKit is not installed here
        cases.append(("webkit", "playwright install webkit"))
    for name, needle in cases:
        agent = Agent("--headless", "--browser", name)
        try:
            reply = agent.readline()
            assert reply["command"] == "error"
            assert needle in reply["payload"]["message"]
            assert agent.proc.wait(timeout=30) == 2
        finally:
            if agent.proc.poll() is None:
                agent.proc.kill()
                agent.proc.wait()


def test_breadth_over_stdio(agent: Agent, site: Site) -> None:
    """Issue 18's calls through the protocol: each does its work, bad arguments are
    INVALID_ARGS, pause and close answer with their codes until resume and start."""
    assert agent.readline() == {"command": "ready", "payload": {}}

    def ok(js: str) -> Any:
        reply = agent.send(js)
        assert reply["command"] == "result", (js, reply)
        return reply["payload"]

    def code(js: str) -> str:
        reply = agent.send(js)
        assert reply["command"] == "error", (js, reply)
        return reply["payload"]["code"]  # type: ignore[no-any-return]

    breadth = site.url("/breadth.html")
    ok(f"agent.go('{breadth}')")
    tree = ok("agent.look({viewport: false})")["tree"]
    ref = {t.rsplit("[", 1)[0]: t.rsplit("[", 1)[1][:-1] for t in tree}
    log = "agent.eval(\"document.getElementById('log').textContent\")"
    ok(f"agent.act('{ref['button:Zoom']}', 'dblclick')")
    ok(f"agent.act('{ref['button:Options']}', 'rightclick')")
    assert ok(log) == {"value": "dbl;ctx;"}
    assert code(f"agent.act('{ref['button:Delete account']}', 'dblclick')") \
        == "CONFIRM_REQUIRED"
    ok(f"agent.act('{ref['generic:Alpha']}', 'drag', '{ref['generic:Gamma']}')")
    assert ok("agent.eval(\"Array.from(document.querySelectorAll('#list li'))"
              ".map(l => l.textContent).join()\")") == {"value": "Beta,Gamma,Alpha"}
    # uploads come from under the agent's working directory (the repository here)
    ok(f"agent.act('{ref['button:Document']}', 'upload', 'tests/fixtures/agent/login.html')")
    assert ok(log) == {"value": "dbl;ctx;files:login.html;"}
    assert code(f"agent.act('{ref['button:Document']}', 'upload', '/etc/hostname')") \
        == "INVALID_ARGS"
    filled = ok(f"agent.fill({{{ref['textbox:Name']}: 'Ada', {ref['checkbox:Agree']}: true,"
                f" {ref['listbox:Colors']}: ['Red', 'Blue']}})")
    assert filled == {"ok": True, "filled": [ref["textbox:Name"], ref["checkbox:Agree"],
                                             ref["listbox:Colors"]],
                      "errors": {}, "changed": True}
    assert ok("agent.eval(\"Array.from(document.querySelector('[name=colors]')"
              ".selectedOptions).map(o => o.value).join()\")") == {"value": "r,b"}
    assert ok(f"agent.attribute('{ref['link:Docs']}', 'href')")["value"] == "/login.html"
    for bad in ("agent.fill('x')", "agent.attribute('e1')", "agent.switchTab(3)",
                "agent.events('x')", "agent.back(1)", "agent.fill({e1: 'x'}, {force: 1})"):
        assert code(bad) == "INVALID_ARGS", bad
    # history
    ok(f"agent.go('{site.url('/login.html')}')")
    assert ok("agent.back()")["url"] == breadth
    assert ok("agent.forward()")["url"] == site.url("/login.html")
    assert ok("agent.reload()")["title"] == "Login"
    # tabs
    first = ok("agent.tabs()")["active"]
    second = ok(f"agent.newTab('{site.url('/dashboard.html')}')")["id"]
    assert ok(f"agent.switchTab('{first}')")["url"] == site.url("/login.html")
    assert ok(f"agent.closeTab('{first}')") == {"closed": first, "active": second,
                                                "url": site.url("/dashboard.html")}
    assert code("agent.closeTab()") == "INVALID_ARGS"
    # lifecycle
    assert ok("agent.pause()")["state"] == "paused"
    assert code(f"agent.go('{breadth}')") == "PAUSED"
    assert ok("agent.look()")["title"] == "Dashboard"
    assert ok("agent.resume()")["state"] == "running"
    assert ok("agent.close()") == {"state": "closed", "url": ""}
    assert code("agent.look()") == "SESSION_CLOSED"
    assert ok("agent.start()")["state"] == "running"
    assert ok(f"agent.go('{breadth}')")["title"] == "Breadth"
    events = ok("agent.events(0, {types: ['action_error']})")["events"]
    assert events and all(e["type"] == "action_error" for e in events)
    assert agent.close() == 0


def test_upload_dir_setting(site: Site, tmp_path: Path) -> None:
    """TRAWL_AGENT_UPLOAD_DIR bounds uploads: a file in it goes, the working directory's
    files no longer do."""
    (tmp_path / "cv.txt").write_text("cv")
    agent = Agent("--headless", env={"TRAWL_AGENT_UPLOAD_DIR": str(tmp_path)})
    try:
        assert agent.readline() == {"command": "ready", "payload": {}}
        agent.send(f"agent.go('{site.url('/breadth.html')}')")
        tree = agent.send("agent.look({viewport: false})")["payload"]["tree"]
        doc = next(t for t in tree if t.startswith("button:Document[")).rsplit("[", 1)[1][:-1]
        outside = ROOT / "tests" / "fixtures" / "agent" / "login.html"
        refused = agent.send(f"agent.act('{doc}', 'upload', '{outside}')")
        assert refused["payload"]["code"] == "INVALID_ARGS"
        assert "outside the upload directory" in refused["payload"]["message"]
        assert agent.send(f"agent.act('{doc}', 'upload', 'cv.txt')")["command"] == "result"
        assert agent.send("agent.eval(\"document.getElementById('doc').files[0].name\")")[
            "payload"] == {"value": "cv.txt"}
        assert agent.close() == 0
    finally:
        if agent.proc.poll() is None:
            agent.proc.kill()
            agent.proc.wait()


def test_webhook_gets_the_sessions_events(site: Site) -> None:
    """`trawl agent --webhook URL` posts the session's browser events (issue 18); they are
    all out when the agent exits. A webhook that is not a URL stops it before a browser
    starts."""
    from tests.test_webhooks import Receiver, receiver

    state = Receiver()
    with receiver(state) as url:
        a = Agent("--headless", "--webhook", url)
        try:
            assert a.readline()["command"] == "ready"
            assert a.send(f"agent.go({site.url('/login.html')!r})")["command"] == "result"
            assert a.send("agent.act('e99', 'click')")["command"] == "error"
        finally:
            assert a.close() == 0
    got = state.envelopes()
    kinds = [g["type"] for g in got]
    assert "page_navigation" in kinds and "page_load_complete" in kinds, kinds
    assert kinds[-1] == "action_error" and got[-1]["data"]["detail"] == "STALE_REF"
    assert [g["seq"] for g in got] == sorted(g["seq"] for g in got)

    bad = subprocess.run([*TRAWL, "agent", "--headless", "--webhook", "nope"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60, check=False,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert bad.returncode == 2
    assert bad.stderr.strip() == "error: --webhook must be an http(s) URL, not 'nope'"
