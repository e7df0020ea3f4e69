"""`trawl serve` against real Temporal, Postgres and Chromium, through a real HTTP client
(httpx) and the MCP SDK's streamable-HTTP client: the token, a crawl from start to pages,
pause/resume/cancel, a login wall answered over HTTP, the OpenAPI schema, the bind rule."""

from __future__ import annotations

import asyncio
import json
import os
import stat
import subprocess
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import httpx2
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from tests.conftest import PYTHON, ROOT, subprocess_env
from tests.gensite import binary_tree_site
from tests.sitesrv import serve
from tests.test_handoff import SECRET, logged_in_state, wall_site
from tests.test_mcp import mcp_client
from tests.workerkit import kill_group, start_worker
from trawl.api.http.auth import ApiToken, check_bind, is_loopback
from trawl.errors import ConfigError
from trawl.services._process import free_port, port_open

pytestmark = pytest.mark.timeout(300)

TOKEN = "test-token-" + uuid.uuid4().hex
AUTH = {"Authorization": f"Bearer {TOKEN}"}
START_S = 60.0
WAIT_S = 120.0
POLL_S = 0.5


def serve_command(*args: str) -> list[str]:
    return [PYTHON, "-m", "trawl.api", "serve", *args]


@contextmanager
def api_server(env: dict[str, str], log: Path, *args: str) -> Iterator[str]:
    """`trawl serve` on a free loopback port, in a process of its own; yields its base URL
    once /healthz answers."""
    port = free_port()
    with open(log, "ab") as out:
        proc = subprocess.Popen(serve_command("--port", str(port), *args), cwd=ROOT, env=env,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_S
        while True:
            if proc.poll() is not None:
                raise AssertionError(f"trawl serve exited {proc.returncode}: "
                                     f"{log.read_text()[-2000:]}")
            try:
                if httpx.get(base + "/healthz", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"trawl serve did not answer: {log.read_text()[-2000:]}")
            time.sleep(0.2)
        yield base
    finally:
        kill_group(proc, wait_s=30)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def queue() -> str:
    return f"http-{uuid.uuid4().hex[:10]}"


@pytest.fixture(scope="module")
def api_env(temporal_address: str, database_url: str, queue: str,
            tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return subprocess_env(temporal_address, database_url, TRAWL_TASK_QUEUE=queue,
                          TRAWL_DATA_DIR=str(tmp_path_factory.mktemp("api-data")),
                          TRAWL_API_TOKEN=TOKEN)


@pytest.fixture(scope="module")
def api(api_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # the test sites live on 127.0.0.1: the operator allows it the documented way (a
    # program's crawls reach no internal address otherwise; see tests/test_trust.py)
    with api_server(api_env, tmp_path_factory.mktemp("api-log") / "serve.log",
                    "--allow-host", "127.0.0.1") as base:
        yield base


@pytest.fixture(scope="module")
def worker(temporal_address: str, database_url: str, queue: str,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    proc = start_worker(temporal_address, database_url, queue,
                        tmp_path_factory.mktemp("api-worker") / "worker.log")
    try:
        yield
    finally:
        kill_group(proc)


@pytest.fixture
async def client(api: str) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=api, headers=AUTH, timeout=60) as c:
        yield c


def problem(response: httpx.Response, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    body = response.json()
    assert body["status"] == status and body["detail"], body
    return body  # type: ignore[no-any-return]


async def poll(client: httpx.AsyncClient, crawl_id: str, until: Any,
               what: str) -> dict[str, Any]:
    deadline = time.monotonic() + WAIT_S
    while True:
        reply = await client.get(f"/v1/crawls/{crawl_id}")
        assert reply.status_code == 200, reply.text
        status = reply.json()
        if until(status):
            return status  # type: ignore[no-any-return]
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}: {status}")
        await asyncio.sleep(POLL_S)


# -- the token ------------------------------------------------------------------------------

async def test_token_is_required(api: str) -> None:
    async with httpx.AsyncClient(base_url=api, timeout=30) as anon:
        for headers in ({}, {"Authorization": "Bearer wrong-" + TOKEN},
                        {"Authorization": TOKEN}, {"Authorization": f"Basic {TOKEN}"}):
            for method, path in (("GET", "/v1/crawls"), ("POST", "/v1/crawls"),
                                 ("GET", "/v1/handoffs"), ("GET", "/v1/crawls/x/pages"),
                                 ("POST", "/mcp")):
                reply = await anon.request(method, path, headers=headers,
                                           json={"seeds": ["http://127.0.0.1:1/"]})
                body = problem(reply, 401)
                assert reply.headers["www-authenticate"] == "Bearer"
                assert ("missing bearer token" if not headers else "wrong bearer token") \
                    in body["detail"]
        assert (await anon.get("/v1/crawls", headers={"Authorization": f"bearer {TOKEN}"})
                ).status_code == 200
        assert (await anon.get("/healthz")).json() == {"ok": True}

        # the docs need no token, and describe the crawl options from CrawlSpec itself
        schema = (await anon.get("/openapi.json")).json()
    assert {"/v1/crawls", "/v1/crawls/{crawl_id}", "/v1/crawls/{crawl_id}/cancel",
            "/v1/crawls/{crawl_id}/pause", "/v1/crawls/{crawl_id}/resume",
            "/v1/crawls/{crawl_id}/pages", "/v1/handoffs",
            "/v1/handoffs/{handoff_id}/resume", "/v1/crawls/{crawl_id}/events"
            } <= set(schema["paths"])
    spec = schema["components"]["schemas"]["CrawlSpec"]
    from dataclasses import fields

    from trawl.model import CrawlSpec
    assert set(spec["properties"]) == {f.name for f in fields(CrawlSpec)}
    assert spec["required"] == ["seeds"] and spec["additionalProperties"] is False
    assert "Stop claiming new URLs" in spec["properties"]["max_pages"]["description"]
    assert schema["components"]["securitySchemes"]["HTTPBearer"]["scheme"] == "bearer"


# -- crawls and pages -------------------------------------------------------------------------

async def test_crawl_list_get_pages_search_export(client: httpx.AsyncClient, worker: None,
                                                  tmp_path: Path) -> None:
    paths = binary_tree_site(tmp_path / "site", 12)
    with serve(tmp_path / "site") as site:
        # bad specs: ConfigError from CrawlSpec.validated, or pydantic on the body
        assert "--max-pages must be at least 1" in problem(await client.post(
            "/v1/crawls", json={"seeds": [site.url("/")], "max_pages": 0}), 422)["detail"]
        assert "max_page" in problem(await client.post(
            "/v1/crawls", json={"seeds": [site.url("/")], "max_page": 5}), 422)["detail"]
        assert "seeds" in problem(await client.post("/v1/crawls", json={}), 422)["detail"]
        assert "--render must be one of" in problem(await client.post(
            "/v1/crawls", json={"seeds": [site.url("/")], "render": "magic"}), 422)["detail"]
        assert "cannot reach 127.0.0.1:1" in problem(await client.post(
            "/v1/crawls", json={"seeds": ["http://127.0.0.1:1/"]}), 422)["detail"]

        reply = await client.post("/v1/crawls", json={"seeds": [site.url("/")],
                                                      "render": "http", "max_pages": 50})
        assert reply.status_code == 201, reply.text
        started = reply.json()
        crawl_id = started["crawl_id"]
        assert started["workflow_id"].endswith(crawl_id)
        assert f"where crawl_id = '{crawl_id}'" in started["sql_hint"]
        final = await poll(client, crawl_id, lambda s: s["finished"], "the crawl to finish")
    assert final["status"] == "COMPLETED" and final["pages_done"] == len(paths)
    assert final["spec"]["max_pages"] == 50 and final["spec"]["render"] == "http"
    by_workflow = (await client.get(f"/v1/crawls/{started['workflow_id']}")).json()
    assert by_workflow["crawl_id"] == crawl_id

    listed = (await client.get("/v1/crawls", params={"limit": 5})).json()
    assert any(c["id"] == crawl_id and c["done"] == len(paths) for c in listed)

    # every page once, over pages of 5
    seen: list[str] = []
    offset: int | None = 0
    for _ in range(len(paths)):
        if offset is None:
            break
        page = (await client.get(f"/v1/crawls/{crawl_id}/pages",
                                 params={"limit": 5, "offset": offset})).json()
        assert len(page["pages"]) <= 5
        seen += [p["url"] for p in page["pages"]]
        offset = page["next_offset"]
    assert offset is None
    assert sorted(seen) == sorted(site.url(p) for p in paths)
    assert "markdown" not in page["pages"][0]

    found = (await client.get(f"/v1/crawls/{crawl_id}/pages",
                              params={"q": "\"synthetic page number 7\"", "content": True})
             ).json()["pages"]
    assert [p["url"] for p in found] == [site.url("/p7.html")]
    assert "synthetic page number 7" in found[0]["markdown"] and found[0]["rank"] > 0
    assert (await client.get(f"/v1/crawls/{crawl_id}/pages", params={"q": "zzyzx"})
            ).json()["pages"] == []
    assert "limit" in problem(await client.get(f"/v1/crawls/{crawl_id}/pages",
                                               params={"limit": 0}), 422)["detail"]

    exported = await client.get(f"/v1/crawls/{crawl_id}/export")
    assert exported.headers["content-type"] == "application/x-ndjson"
    rows = [json.loads(line) for line in exported.text.splitlines()]
    assert sorted(r["url"] for r in rows) == sorted(seen)

    for path in ("/v1/crawls/nosuchcrawl", "/v1/crawls/nosuchcrawl/pages",
                 "/v1/crawls/nosuchcrawl/handoffs"):
        assert "no crawl with id 'nosuchcrawl'" in problem(await client.get(path), 404)["detail"]
    assert "no crawl with id" in problem(await client.post("/v1/crawls/nosuchcrawl/cancel"),
                                         404)["detail"]
    # a finished crawl cannot be paused or resumed; cancelling it says how it ended
    assert "is not running (completed)" in problem(
        await client.post(f"/v1/crawls/{crawl_id}/pause"), 409)["detail"]
    assert (await client.post(f"/v1/crawls/{crawl_id}/cancel")).json() == {
        "crawl_id": crawl_id, "status": "completed"}


async def test_pause_resume_cancel(client: httpx.AsyncClient, worker: None,
                                   tmp_path: Path) -> None:
    binary_tree_site(tmp_path / "site", 300)
    with serve(tmp_path / "site") as site:
        reply = await client.post("/v1/crawls", json={"seeds": [site.url("/")],
                                                      "render": "http", "delay_s": 0.3})
        crawl_id = reply.json()["crawl_id"]
        await poll(client, crawl_id, lambda s: s["pages_done"] >= 2, "pages")
        assert (await client.post(f"/v1/crawls/{crawl_id}/pause")).json() == {
            "crawl_id": crawl_id, "status": "pausing"}
        paused = await poll(client, crawl_id, lambda s: s["status"] == "paused", "the pause")
        assert "resume" in paused["note"]
        await asyncio.sleep(2)  # nothing more is stored while paused
        done = (await client.get(f"/v1/crawls/{crawl_id}")).json()["pages_done"]
        await asyncio.sleep(2)
        assert (await client.get(f"/v1/crawls/{crawl_id}")).json()["pages_done"] == done

        assert (await client.post(f"/v1/crawls/{crawl_id}/resume")).json() == {
            "crawl_id": crawl_id, "sites": [], "session_saved": False}
        await poll(client, crawl_id, lambda s: s["pages_done"] > done, "pages after resume")
        assert "has no open handoff and is not paused" in problem(
            await client.post(f"/v1/crawls/{crawl_id}/resume", json={}), 409)["detail"]

        cancelled = await client.post(f"/v1/crawls/{crawl_id}/cancel")
        assert cancelled.json() == {"crawl_id": crawl_id, "status": "canceled"}
    final = (await client.get(f"/v1/crawls/{crawl_id}")).json()
    assert final["finished"] and final["status"] == "CANCELED"
    assert final["pages_done"] < 300


async def sse_events(client: httpx.AsyncClient, path: str, **params: Any
                     ) -> list[dict[str, Any]]:
    """A server-sent event stream read to its end: each event's id, event and data (JSON)."""
    got: list[dict[str, Any]] = []
    headers = {k: str(v) for k, v in params.pop("headers", {}).items()}
    async with client.stream("GET", path, params=params, headers=headers,
                             timeout=WAIT_S) as reply:
        assert reply.status_code == 200, await reply.aread()
        assert reply.headers["content-type"].startswith("text/event-stream")
        event: dict[str, Any] = {}
        async for line in reply.aiter_lines():
            if not line:
                if "data" in event:
                    got.append(event)
                event = {}
            elif not line.startswith(":"):  # ":" lines are keep-alive comments
                name, _, value = line.partition(":")
                value = value.removeprefix(" ")
                event[name] = json.loads(value) if name == "data" else value
    return got


async def test_handoff_listed_and_resumed(client: httpx.AsyncClient, worker: None) -> None:
    with wall_site() as (base, _):
        reply = await client.post("/v1/crawls", json={"seeds": [base + "/"],
                                                      "render": "browser", "concurrency": 2})
        assert reply.status_code == 201, reply.text
        crawl_id = reply.json()["crawl_id"]
        # the crawl's event stream, followed live from its start to its end
        live = asyncio.ensure_future(sse_events(client, f"/v1/crawls/{crawl_id}/events"))
        await poll(client, crawl_id, lambda s: s["status"] == "waiting_for_person",
                             "the login wall's handoff")
        handoffs = (await client.get("/v1/handoffs", params={"crawl_id": crawl_id})).json()
        assert [(h["url"], h["reason"], h["site"]) for h in handoffs] == [
            (base + "/private/", "login_redirect", base)]
        handoff = handoffs[0]
        assert handoff["resume"] == f"POST /v1/handoffs/{handoff['id']}/resume"
        assert (await client.get(f"/v1/crawls/{crawl_id}/handoffs")).json() == handoffs
        shot = await client.get(handoff["screenshot"])
        assert shot.headers["content-type"] == "image/png"
        assert shot.content.startswith(b"\x89PNG")

        assert "cookies must hold a JSON list of cookies" in problem(await client.post(
            f"/v1/handoffs/{handoff['id']}/resume", json={"cookies": [{"nope": 1}]}),
            422)["detail"]
        assert "extra" in problem(await client.post(
            f"/v1/handoffs/{handoff['id']}/resume", json={"storage": {}}), 422)["errors"][0][
            "type"]
        assert "no open handoff with id 999999" in problem(await client.post(
            "/v1/handoffs/999999/resume", json={}), 404)["detail"]

        resumed = await client.post(f"/v1/handoffs/{handoff['id']}/resume",
                                    json={"note": "logged in by hand",
                                          "storage_state": logged_in_state()})
        assert resumed.status_code == 200, resumed.text
        assert resumed.json() == {"crawl_id": crawl_id, "sites": [base],
                                  "session_saved": True}
        assert SECRET not in resumed.text
        final = await poll(client, crawl_id, lambda s: s["finished"], "the crawl to finish")
    assert final["status"] == "COMPLETED"
    assert (await client.get("/v1/handoffs", params={"crawl_id": crawl_id})).json() == []
    found = (await client.get(f"/v1/crawls/{crawl_id}/pages",
                              params={"q": "secret recipe"})).json()["pages"]
    assert [p["url"] for p in found] == [base + "/private/a.html"]

    # the stream ended by itself at crawl_finished, and told the story in order
    events = await asyncio.wait_for(live, WAIT_S)
    kinds = [e["event"] for e in events]
    assert kinds[-1] == "crawl_finished" and kinds.count("crawl_finished") == 1
    assert len({e["id"] for e in events}) == len(events)
    assert all(e["data"]["type"] == e["event"] and e["data"]["crawl_id"] == crawl_id
               and str(e["data"]["seq"]) == e["id"] for e in events)
    opened = kinds.index("handoff_opened")
    resumed = kinds.index("handoff_resumed")
    assert opened < resumed
    assert events[opened]["data"]["data"]["url"] == base + "/private/"
    assert events[resumed]["data"]["data"]["resumed_by"].startswith("HTTP API client")
    assert events[opened]["data"]["data"]["handoff_id"] == handoff["id"]
    private = [e for e in events if e["event"] == "page_stored"
               and e["data"]["data"]["url"] == base + "/private/a.html"]
    assert len(private) == 1 and events.index(private[0]) > resumed
    assert events[-1]["data"]["data"]["status"] == "completed"

    # a reconnecting client continues after its Last-Event-ID; a type filter narrows it
    rest = await sse_events(client, f"/v1/crawls/{crawl_id}/events",
                            headers={"Last-Event-ID": events[resumed]["id"]})
    assert rest == events[resumed + 1:]
    # after crawl_finished: 204, so an EventSource stops reconnecting; a cursor that is no
    # event of this crawl is refused, not a stream that waits for nothing
    done = await client.get(f"/v1/crawls/{crawl_id}/events",
                            headers={"Last-Event-ID": events[-1]["id"]})
    assert done.status_code == 204
    assert "has no event 999999999" in problem(await client.get(
        f"/v1/crawls/{crawl_id}/events", params={"after": 999999999}), 422)["detail"]
    only = await sse_events(client, f"/v1/crawls/{crawl_id}/events",
                            type=["handoff_opened", "handoff_resumed"], follow=False)
    assert [e["event"] for e in only] == ["handoff_opened", "handoff_resumed",
                                          "crawl_finished"]
    assert "page_seen" in problem(await client.get(f"/v1/crawls/{crawl_id}/events",
                                                   params={"type": "page_seen"}), 422)["detail"]
    assert "no crawl with id" in problem(await client.get("/v1/crawls/nosuch/events"),
                                         404)["detail"]


# -- MCP over streamable HTTP ----------------------------------------------------------------

async def test_mcp_over_http_has_the_stdio_tools(api: str) -> None:
    async with mcp_client(["-m", "trawl.api.mcp_server"]) as stdio:
        stdio_tools = {t.name for t in (await stdio.list_tools()).tools}
    async with httpx2.AsyncClient(headers=AUTH, timeout=60) as http, \
            streamable_http_client(api + "/mcp", http_client=http) as (read, write), \
            ClientSession(read, write) as session:
        await session.initialize()
        http_tools = {t.name for t in (await session.list_tools()).tools}
        found = await session.call_tool("search_pages", {"query": "zzyzx-nothing"})
        status = await session.call_tool("crawl_status", {"crawl_id": "nosuchcrawl"})
        went = await session.call_tool("go", {"url": "http://127.0.0.2:9/refused"})
        # the agent session's browser events, as a stream
        async with httpx.AsyncClient(base_url=api, headers=AUTH, timeout=60) as client:
            events = await sse_events(client, "/v1/agent/events", follow=False)
            assert "page_seen" in problem(await client.get(
                "/v1/agent/events", params={"type": "page_seen"}), 422)["detail"]
    assert http_tools == stdio_tools
    # 127.0.0.2 is an internal address `trawl serve --allow-host 127.0.0.1` did not allow
    assert went.is_error and "--allow-host 127.0.0.2" in went.content[0].text  # type: ignore[union-attr]
    assert events and events[-1]["event"] == "action_error"
    assert events[-1]["data"]["command"].startswith("go(")
    assert [int(e["id"]) for e in events] == sorted(int(e["id"]) for e in events)
    assert {"look", "act", "go", "start_crawl", "crawl_status", "search_pages"} <= http_tools
    assert not found.is_error
    assert status.is_error and "nosuchcrawl" in status.content[0].text  # type: ignore[union-attr]


# -- where it listens, and the generated token ----------------------------------------------

def test_refuses_beyond_loopback_without_an_explicit_token(api_env: dict[str, str],
                                                           tmp_path: Path) -> None:
    env = {k: v for k, v in api_env.items() if k != "TRAWL_API_TOKEN"}
    env["TRAWL_DATA_DIR"] = str(tmp_path)
    for host in ("0.0.0.0", "::"):
        port = free_port()
        done = subprocess.run(serve_command("--host", host, "--port", str(port)), cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=60)
        assert done.returncode != 0
        lines = [ln for ln in done.stderr.splitlines() if ln.strip()]
        assert len(lines) == 1 and lines[0].startswith("error: refusing to listen on "
                                                       f"{host} (beyond loopback)"), done.stderr
        assert "TRAWL_API_TOKEN" in lines[0]
        assert not port_open("127.0.0.1", port)
    short = tmp_path / "short.token"
    short.write_text("abc\n")
    done = subprocess.run(serve_command("--host", "0.0.0.0", "--token-file", str(short)),
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "at least 16 characters" in done.stderr

    # the rule itself: loopback always; beyond it only with a token set explicitly
    generated = ApiToken("x" * 32, "api.token", explicit=False)
    for host in ("127.0.0.1", "localhost", "::1", "127.0.0.2"):
        assert is_loopback(host)
        check_bind(host, generated)
    for host in ("0.0.0.0", "::", "10.0.0.5", "192.168.1.2"):
        assert not is_loopback(host)
        with pytest.raises(ConfigError, match="refusing to listen"):
            check_bind(host, generated)
        check_bind(host, ApiToken("x" * 32, "TRAWL_API_TOKEN", explicit=True))


async def test_generated_token(api_env: dict[str, str], tmp_path: Path) -> None:
    env = {k: v for k, v in api_env.items() if k != "TRAWL_API_TOKEN"}
    env["TRAWL_DATA_DIR"] = str(tmp_path / "data")
    with api_server(env, tmp_path / "serve.log", "--no-mcp") as base:
        token_file = tmp_path / "data" / "api.token"
        assert stat.S_IMODE(os.stat(token_file).st_mode) == 0o600
        token = token_file.read_text().strip()
        assert len(token) >= 32
        async with httpx.AsyncClient(base_url=base, timeout=30) as anon:
            assert (await anon.get("/v1/crawls")).status_code == 401
            assert (await anon.get("/v1/crawls", headers={"Authorization": f"Bearer {token}"})
                    ).status_code == 200
            assert (await anon.post("/mcp", headers={"Authorization": f"Bearer {token}"},
                                    json={})).status_code == 404  # --no-mcp
    assert token not in (tmp_path / "serve.log").read_text()
    # the same token next time
    with api_server(env, tmp_path / "serve.log", "--no-mcp") as base:
        assert token_file.read_text().strip() == token
        assert httpx.get(base + "/v1/crawls", headers={"Authorization": f"Bearer {token}"},
                         timeout=30).status_code == 200


async def test_scrape_one_page(client: httpx.AsyncClient, tmp_path: Path) -> None:
    """POST /v1/scrape reads one page as `trawl scrape` does, no crawl; failures are
    problems with their cause."""
    binary_tree_site(tmp_path / "site", 3)
    with serve(tmp_path / "site") as site:
        reply = await client.post("/v1/scrape", json={
            "url": site.url("/"), "options": {"formats": ["markdown", "links"],
                                              "render": "http"}})
        assert reply.status_code == 200, reply.text
        page = reply.json()
        assert page["status_code"] == 200 and page["render_mode"] == "http"
        assert page["markdown"] and page["links"]
        # the address guard holds: a request cannot allow what the operator did not
        refused = problem(await client.post("/v1/scrape", json={
            "url": site.url("/"), "options": {"render": "http", "allow_private": True}}), 403)
        assert "allow_private: refused" in refused["detail"]
        assert "127.0.0.2" in problem(await client.post("/v1/scrape", json={
            "url": "http://127.0.0.2:9/"}), 403)["detail"]
        assert "formats" in problem(await client.post("/v1/scrape", json={
            "url": site.url("/"), "options": {"formats": ["bogus"]}}), 422)["detail"]
    assert "http" in problem(await client.post(
        "/v1/scrape", json={"url": "ftp://example.com/"}), 422)["detail"]


async def test_agent_runs_over_http(client: httpx.AsyncClient, worker: None) -> None:
    """POST /v1/agents starts a run (the body is an AgentSpec); a worker without the
    model's key ends it ``failed`` saying so (no retry loop, no traceback); bad input is a
    problem object."""
    problem(await client.post("/v1/agents", json={"task": "x", "start_url": "https://a.test/",
                                                   "model": "openai:m", "colour": 1}), 422)
    problem(await client.post("/v1/agents", json={"task": "x", "start_url": "ftp://a/",
                                                   "model": "openai:m"}), 422)
    problem(await client.get("/v1/agents/nosuchrun"), 404)
    started = await client.post("/v1/agents", json={
        "task": "Read the page.", "start_url": "http://127.0.0.1:9/", "model": "openai:nokey"})
    assert started.status_code == 201, started.text
    run_id = started.json()["run_id"]
    deadline = time.monotonic() + WAIT_S
    while True:
        run = (await client.get(f"/v1/agents/{run_id}")).json()
        if run["status"] not in ("running",):
            break
        assert time.monotonic() < deadline, run
        await asyncio.sleep(0.5)
    assert run["status"] == "failed"
    assert "OPENAI_API_KEY" in run["error"] and "Traceback" not in run["error"]
    assert [r["id"] for r in (await client.get("/v1/agents")).json()][:1] == [run_id]
    problem(await client.post(f"/v1/agents/{run_id}/resume", json={"note": "x"}), 409)
