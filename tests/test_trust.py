"""One trust rule on every surface (SECURITY.md, "Who may reach what"): the URLs the operator
names (`trawl crawl`, `trawl scrape`, Python) are fetched wherever they point; what a program
sends -- the HTTP API, MCP over stdio and over HTTP, the agent protocol -- reaches internal
addresses only where the operator allowed that server or agent when starting it. Each way
in: start URLs, scrape, go(), webhooks.

Real servers throughout: the test site lives on 127.0.0.1, so "allowed" is allowed the
documented way (``--allow-host 127.0.0.1``); an "internal service" on 127.0.0.2 counts every
connection it gets, so "refused" means nothing ever reached it, not only an error.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import httpx2
import pytest
import typer.main
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

import trawl
from tests.conftest import PYTHON, ROOT, scalar_rows, subprocess_env
from tests.crawlkit import run_crawl
from tests.test_agent import TRAWL, Agent
from tests.test_http_api import api_server
from tests.test_mcp import mcp_client
from tests.test_webhooks import Receiver, receiver
from trawl.errors import BlockedAddress, WebhookError

pytestmark = pytest.mark.timeout(300)

TOKEN = "trust-token-" + uuid.uuid4().hex
AUTH = {"Authorization": f"Bearer {TOKEN}"}
CLOSED = {"TRAWL_ALLOW_PRIVATE": "0", "TRAWL_ALLOW_HOSTS": ""}
"""No opening from the environment: the flags alone decide."""
PAGE = ("<html><head><title>Local app</title></head><body><h1>Local app</h1><p>"
        + "words a reader sees " * 30 + "</p></body></html>")


@dataclass
class Counting:
    """A site that counts the TCP connections it accepted (a refused address must never be
    connected to, not even to check that it answers) and the paths asked for."""

    base: str
    connections: list[str] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)

    def url(self, path: str) -> str:
        return self.base + path


@contextmanager
def counting_site(host: str, redirect_to: str | None = None) -> Iterator[Counting]:
    """An HTML page at every path on ``host`` (a free port); ``/away`` redirects to
    ``redirect_to``."""
    state = Counting("")

    class Server(ThreadingHTTPServer):
        daemon_threads = True

        def get_request(self) -> Any:
            request = super().get_request()
            state.connections.append(str(request[1]))
            return request

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            state.paths.append(self.path)
            if self.path == "/away" and redirect_to:
                self.send_response(302)
                self.send_header("Location", redirect_to)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            body = PAGE.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = Server((host, 0), Handler)
    state.base = f"http://{host}:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def internal() -> Iterator[Counting]:
    """An internal service nobody allowed: 127.0.0.2."""
    with counting_site("127.0.0.2") as site:
        yield site


@pytest.fixture(scope="module")
def site(internal: Counting) -> Iterator[Counting]:
    """The user's local site (127.0.0.1); /away redirects to the internal service."""
    with counting_site("127.0.0.1", redirect_to=internal.url("/admin")) as s:
        yield s


@pytest.fixture(autouse=True)
def internal_untouched(internal: Counting) -> Iterator[None]:
    """Whatever a test does, the internal service sees no connection from trawl."""
    yield
    assert internal.connections == [], internal.paths


def closed_env(**extra: str) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), **CLOSED, **extra}
    return env


def assert_names_real_flags(command: str, message: str) -> None:
    """Every --flag a refusal tells the operator to use exists on ``command``."""
    from trawl.api.cli import app

    cmd: Any = typer.main.get_command(app)
    for name in command.split()[1:]:
        cmd = cmd.commands[name]
    options = {opt for p in cmd.params for opt in p.opts if opt.startswith("--")}
    named = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", message))
    assert named, message
    assert named <= options, (command, named - options, message)
    assert f"`{command}" in message or command == "trawl scrape", message


# -- the operator's own commands: what they name is fetched ---------------------------------

async def test_scrape_fetches_the_url_named_and_no_other_internal_address(
        site: Counting) -> None:
    for render in ("http", "browser"):
        page = await trawl.scrape(site.url("/"), render=render)
        assert page.ok and page.title == "Local app", page
    # a redirect elsewhere is found, not named: refused, with the flags that allow it
    with pytest.raises(BlockedAddress, match=r"127\.0\.0\.2 is a loopback address .*"
                                             r"--allow-host 127\.0\.0\.2"):
        await trawl.scrape(site.url("/away"), render="http")


def test_trawl_scrape_on_the_command_line(site: Counting, internal: Counting,
                                          tmp_path: Path) -> None:
    env = closed_env(TRAWL_DATA_DIR=str(tmp_path / "data"))

    def scrape(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([PYTHON, "-m", "trawl.api", "scrape", *args], cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=120,
                              check=False)

    named = scrape(site.url("/"), "--render", "http")
    assert named.returncode == 0, named.stderr
    assert named.stdout.startswith("# Local app")
    refused = scrape(site.url("/away"), "--render", "http")
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    [line] = [ln for ln in refused.stderr.splitlines() if ln.strip()]
    assert line.startswith("error: ") and "127.0.0.2 is a loopback address" in line
    assert_names_real_flags("trawl scrape", line)
    assert internal.connections == []
    # allowed the documented way: the redirect is followed
    allowed = scrape(site.url("/away"), "--render", "http", "--allow-host", "127.0.0.2")
    assert allowed.returncode == 0, allowed.stderr
    assert internal.paths == ["/admin"]
    internal.connections.clear()
    internal.paths.clear()


async def test_a_crawl_started_by_a_program_does_not_exempt_its_start_urls(
        site: Counting, temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine) -> None:
    """In the worker: the operator's start URL is fetched; the same URL in a crawl a
    program started (checked when it was started) is checked again at every connection,
    so a name that resolves elsewhere later (DNS rebinding) gets nowhere."""
    results = {}
    for named in (True, False):
        spec = trawl.CrawlSpec(seeds=[site.url("/")], render="http", max_pages=2,
                               delay_s=0, named_by_operator=named)
        before = len(site.paths)
        crawl_id, result = await run_crawl(temporal_client, temporal_address, database_url,
                                           f"trust-{uuid.uuid4().hex[:8]}", spec)
        rows = await scalar_rows(engine, "select url, error_class from pages where "
                                         "crawl_id = :c", c=crawl_id)
        results[named] = (result.status, dict(rows), site.paths[before:])
    assert results[True][0] == "completed"
    assert results[True][1][site.url("/")] is None and results[True][2]
    assert results[False][0] == "completed"
    assert results[False][1] == {site.url("/"): "blocked_address"}
    assert results[False][2] == []  # not even robots.txt


async def test_webhooks_named_by_the_operator_or_sent_by_a_program() -> None:
    from trawl.crawler.webhooks import WebhookSender
    from trawl.secrets import webhook_secret

    event = {"type": "page_stored", "data": {}}
    for named in (True, False):
        state = Receiver()
        with receiver(state) as hook:
            policy = trawl.CrawlSpec(seeds=["http://example.com/"], webhook=hook,
                                     named_by_operator=named).webhook_policy()
            async with WebhookSender(hook, webhook_secret(), policy) as sender:
                if named:
                    await sender.send_envelope("msg_1", event)
                else:
                    with pytest.raises(WebhookError, match=r"address guard.*loopback"):
                        await sender.send_envelope("msg_1", event)
        assert len(state.posts) == (1 if named else 0)


# -- the HTTP API and MCP over HTTP: only what `trawl serve` was allowed --------------------

@pytest.fixture(scope="module")
def serve_env(temporal_address: str, database_url: str,
              tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return subprocess_env(temporal_address, database_url, **CLOSED,
                          TRAWL_TASK_QUEUE=f"trust-{uuid.uuid4().hex[:10]}",
                          TRAWL_DATA_DIR=str(tmp_path_factory.mktemp("trust-data")),
                          TRAWL_API_TOKEN=TOKEN)


@pytest.fixture(scope="module")
def closed_api(serve_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
               ) -> Iterator[str]:
    with api_server(serve_env, tmp_path_factory.mktemp("closed") / "serve.log") as base:
        yield base


@pytest.fixture(scope="module")
def open_api(serve_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
             ) -> Iterator[str]:
    with api_server(serve_env, tmp_path_factory.mktemp("open") / "serve.log",
                    "--allow-host", "127.0.0.1") as base:
        yield base


def refused(response: httpx.Response) -> str:
    """The detail of a 403 problem saying what was refused and how to allow it."""
    assert response.status_code == 403, response.text
    assert response.headers["content-type"] == "application/problem+json"
    body = response.json()
    assert body["status"] == 403 and body["title"] == "Forbidden"
    return str(body["detail"])


@contextmanager
def no_connection(*sites: Counting) -> Iterator[None]:
    before = [len(s.connections) for s in sites]
    yield
    assert [len(s.connections) for s in sites] == before


async def mcp_call(api: str, tool: str, arguments: dict[str, Any]) -> Any:
    async with httpx2.AsyncClient(headers=AUTH, timeout=60) as http, \
            streamable_http_client(api + "/mcp", http_client=http) as (read, write), \
            ClientSession(read, write) as session:
        await session.initialize()
        return await session.call_tool(tool, arguments)


async def crawl_ids(client: httpx.AsyncClient) -> set[str]:
    return {c["id"] for c in (await client.get("/v1/crawls", params={"limit": 1000})).json()}


def tool_text(result: Any) -> str:
    return str(result.content[0].text)


async def test_http_api_refuses_what_its_operator_did_not_allow(
        closed_api: str, site: Counting, internal: Counting) -> None:
    async with httpx.AsyncClient(base_url=closed_api, headers=AUTH, timeout=60) as client:
        before = await crawl_ids(client)
        with no_connection(site):  # not even a reachability check
            detail = refused(await client.post("/v1/crawls", json={"seeds": [site.url("/")]}))
            assert f"start URL {site.url('/')} refused: 127.0.0.1 is a loopback" in detail
            assert "--allow-host 127.0.0.1" in detail
            assert_names_real_flags("trawl serve", detail)
            for seeds in ([internal.url("/")], [site.url("/").replace("127.0.0.1", "localhost")],
                          ["http://[::1]:9/"], ["http://169.254.169.254/latest/meta-data/"]):
                assert "refused" in refused(await client.post("/v1/crawls",
                                                              json={"seeds": seeds}))
            # a request cannot open what the operator did not
            for widen in ({"allow_private": True}, {"allow_hosts": ["127.0.0.1"]}):
                detail = refused(await client.post("/v1/crawls", json={
                    "seeds": [site.url("/")], **widen}))
                assert "a request cannot allow more than the operator of `trawl serve` did" \
                    in detail
            detail = refused(await client.post("/v1/scrape", json={"url": site.url("/")}))
            assert "127.0.0.1 is a loopback address" in detail
            assert_names_real_flags("trawl serve", detail)
            assert "cannot allow more" in refused(await client.post("/v1/scrape", json={
                "url": site.url("/"), "options": {"allow_private": True}}))
        assert await crawl_ids(client) == before  # nothing was started
    # the MCP tools of the same server say the same
    with no_connection(site):
        started = await mcp_call(closed_api, "start_crawl", {"urls": [site.url("/")]})
        assert started.is_error
        assert "INVALID_ARGS: start URL" in tool_text(started)
        assert_names_real_flags("trawl serve", tool_text(started))
        went = await mcp_call(closed_api, "go", {"url": site.url("/")})
        assert went.is_error and "127.0.0.1 is a loopback address" in tool_text(went)
        assert_names_real_flags("trawl serve", tool_text(went))


async def test_http_api_reaches_what_its_operator_allowed(
        open_api: str, site: Counting, internal: Counting) -> None:
    async with httpx.AsyncClient(base_url=open_api, headers=AUTH, timeout=60) as client:
        state = Receiver()
        with receiver(state) as hook:
            reply = await client.post("/v1/crawls", json={
                "seeds": [site.url("/")], "render": "http", "webhook": hook,
                "allow_hosts": ["127.0.0.1"], "named_by_operator": True})
            assert reply.status_code == 201, reply.text
        spec = (await client.get(f"/v1/crawls/{reply.json()['crawl_id']}")).json()["spec"]
        # the crawl carries the server's opening, and its URLs are not the operator's
        assert spec["named_by_operator"] is False and spec["allow_hosts"] == ["127.0.0.1"]
        assert spec["allow_private"] is False

        for body in ({"seeds": [internal.url("/")]},
                     {"seeds": [site.url("/")], "webhook": internal.url("/hook")},
                     {"seeds": [site.url("/")], "allow_hosts": ["127.0.0.0/8"]},
                     {"seeds": [site.url("/")], "allow_private": True}):
            assert "refused" in refused(await client.post("/v1/crawls", json=body))

        page = await client.post("/v1/scrape", json={"url": site.url("/"),
                                                     "options": {"render": "http"}})
        assert page.status_code == 200 and page.json()["title"] == "Local app", page.text
        # a redirect to an address still not allowed: 403 (never a 502), nothing reached
        detail = refused(await client.post("/v1/scrape", json={
            "url": site.url("/away"), "options": {"render": "http"}}))
        assert "127.0.0.2 is a loopback address" in detail
        assert "--allow-host 127.0.0.2" in detail

    started = await mcp_call(open_api, "start_crawl", {"urls": [site.url("/")]})
    assert not started.is_error, started.content
    went = await mcp_call(open_api, "go", {"url": site.url("/")})
    assert not went.is_error, went.content
    assert json.loads(tool_text(went))["title"] == "Local app"
    refused_go = await mcp_call(open_api, "go", {"url": internal.url("/")})
    assert refused_go.is_error and "127.0.0.2" in tool_text(refused_go)


# -- MCP over stdio and the agent protocol: only what `trawl mcp` / `trawl agent` allow -------

MCP_COMMAND = ["-c", "from trawl.api.cli import main; main()", "mcp"]


async def test_mcp_over_stdio(site: Counting, internal: Counting, tmp_path: Path) -> None:
    env = {**CLOSED, "TRAWL_DATA_DIR": str(tmp_path / "data")}
    with no_connection(site):
        async with mcp_client(MCP_COMMAND, env) as client:
            went = await client.call_tool("go", {"url": site.url("/")})
            assert went.is_error, went.content
            assert "127.0.0.1 is a loopback address" in tool_text(went)
            assert_names_real_flags("trawl mcp", tool_text(went))
            # refused before any service is looked for (none is configured here)
            started = await client.call_tool("start_crawl", {"urls": [site.url("/")]})
            assert started.is_error and "INVALID_ARGS: start URL" in tool_text(started)
            assert_names_real_flags("trawl mcp", tool_text(started))
    assert not (tmp_path / "data").exists()

    async with mcp_client([*MCP_COMMAND, "--allow-host", "127.0.0.1"], env) as client:
        went = await client.call_tool("go", {"url": site.url("/")})
        assert not went.is_error, went.content
        assert "127.0.0.2" in tool_text(await client.call_tool("go", {"url": internal.url("/")}))


def agent_go(agent: Agent, url: str) -> dict[str, Any]:
    assert agent.readline()["command"] == "ready"
    return agent.send(f"agent.go({url!r})")


def test_agent_protocol(site: Counting, internal: Counting) -> None:
    state = Receiver()
    with receiver(state) as hook, no_connection(site):
        agent = Agent("--headless", "--webhook", hook, env=CLOSED)
        try:
            reply = agent_go(agent, site.url("/"))
            assert reply["command"] == "error", reply
            assert reply["payload"]["code"] == "ACTION_FAILED"
            message = reply["payload"]["message"]
            assert "127.0.0.1 is a loopback address" in message
            assert_names_real_flags("trawl agent", message)
        finally:
            assert agent.close() == 0
    # the webhook the operator named is reached (on loopback too): the refusal was reported
    kinds = [e["type"] for e in state.envelopes()]
    assert kinds == ["action_error"], kinds

    for args, env in ((("--allow-host", "127.0.0.1"), CLOSED),
                      ((), {**CLOSED, "TRAWL_ALLOW_HOSTS": "127.0.0.1"})):
        agent = Agent("--headless", *args, env=env)
        try:
            reply = agent_go(agent, site.url("/"))
            assert reply["command"] == "result", reply
            assert reply["payload"]["title"] == "Local app"
            assert agent.send(f"agent.go({internal.url('/')!r})")["command"] == "error"
        finally:
            assert agent.close() == 0

    bad = subprocess.run([*TRAWL, "agent", "--headless", "--allow-host", "a b"],
                         cwd=ROOT, env=closed_env(), capture_output=True, text=True,
                         timeout=60, check=False)
    assert bad.returncode == 2
    assert bad.stderr.strip() == ("error: --allow-host takes a host name or a CIDR (e.g. "
                                  "wiki.corp.example, 10.20.0.0/16), not 'a b'")
