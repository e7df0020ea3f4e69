"""`trawl mcp` through the official MCP SDK's own stdio client."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client

from tests.sitesrv import Site, serve

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).parent / "fixtures" / "agent"
pytestmark = pytest.mark.timeout(180)

SESSION_TOOLS = {"look", "act", "go", "wait", "eval", "extract", "handoff"}
CRAWL_TOOLS = {"start_crawl", "crawl_status", "search_pages", "resume_handoff"}


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    with serve(FIXTURES) as s:
        yield s


@asynccontextmanager
async def mcp_client(args: list[str], env: dict[str, str] | None = None,
                     ) -> AsyncIterator[ClientSession]:
    params = StdioServerParameters(
        command=sys.executable, args=args, cwd=str(ROOT),
        # the fixtures are served on 127.0.0.1: the agent's guard lets them through only
        # when allowed
        env={"PYTHONPATH": str(ROOT), **{k: v for k, v in os.environ.items()
                                         if k.startswith(("TRAWL_", "PATH", "HOME"))},
             "TRAWL_ALLOW_PRIVATE": "1", **(env or {})})
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), \
                ClientSession(read, write) as session:
            await session.initialize()
            yield session


def data(result: Any) -> Any:
    assert not result.is_error, result.content
    if result.structured_content is not None:
        sc = result.structured_content
        return sc.get("result", sc) if set(sc) == {"result"} else sc
    return json.loads(result.content[0].text)


def error_text(result: Any) -> str:
    assert result.is_error, result
    return str(result.content[0].text)


async def test_session_tools(site: Site) -> None:
    async with mcp_client(["-m", "trawl.api.mcp_server"]) as client:
        names = {t.name for t in (await client.list_tools()).tools}
        assert names >= SESSION_TOOLS | CRAWL_TOOLS

        login = site.url("/login.html")
        assert data(await client.call_tool("go", {"url": login})) == {
            "url": login, "title": "Login"}
        state = data(await client.call_tool("look", {}))
        assert state["tree"] == ["textbox:Email[e1]", "textbox:Password[e2]",
                                 "button:Sign In[e3]"]
        assert state["actions"]["e1"] == ["input", "clear", "focus"]
        for ref, op, value in (("e1", "input", "admin@test.com"), ("e2", "input", "secret123"),
                               ("e3", "click", None)):
            args = {"ref": ref, "op": op} | ({"value": value} if value else {})
            assert data(await client.call_tool("act", args)) == {"changed": True}
        assert data(await client.call_tool(
            "wait", {"condition": "document.title === 'Dashboard'", "timeout_ms": 5000}
        ))["elapsed"] >= 0
        state = data(await client.call_tool("look", {"viewport": False}))
        assert state["tree"] == ["link:Home[e1]", "link:Settings[e2]", "button:Logout[e3]"]
        assert data(await client.call_tool("eval", {"js": "document.title"})) == {
            "value": "Dashboard"}
        md = data(await client.call_tool("extract", {"format": "markdown"}))
        assert "Dashboard" in md["markdown"]
        shot = await client.call_tool("extract", {"format": "screenshot"})
        assert not shot.is_error and shot.content[0].type == "image"
        assert shot.content[0].mime_type == "image/png"

        # errors carry the session's codes and the server survives them
        assert error_text(await client.call_tool("act", {"ref": "e9", "op": "click"})) \
            .endswith("STALE_REF: ref e9 is stale, call look() to refresh")
        assert "TIMEOUT" in error_text(await client.call_tool(
            "wait", {"condition": "false", "timeout_ms": 200}))
        assert "EVAL_FAILED" in error_text(await client.call_tool("eval", {"js": "null.x"}))
        assert "INVALID_ARGS" in error_text(await client.call_tool(
            "act", {"ref": "e1", "op": "input", "value": "x"}))
        assert "INVALID_ARGS" in error_text(await client.call_tool("resume_handoff", {}))

        # handoff blocks until resume_handoff is called
        results: list[Any] = []

        async def hand() -> None:
            results.append(await client.call_tool("handoff", {"message": "Log in please"}))

        async with anyio.create_task_group() as tg:
            tg.start_soon(hand)
            for _ in range(100):
                reply = await client.call_tool("resume_handoff", {})
                if not reply.is_error:
                    break
                await anyio.sleep(0.05)
            assert data(reply) == {"resumed": True}
        assert data(results[0])["resumed"] is True
        state = data(await client.call_tool("look", {}))
        assert state["title"] == "Dashboard"

        # logging out is destructive: refused without confirm, done with it
        logout = state["tree"][-1].rsplit("[", 1)[1][:-1]
        assert state["tree"][-1] == f"button:Logout[{logout}]"
        assert f"CONFIRM_REQUIRED: button {logout} 'Logout' looks destructive" in error_text(
            await client.call_tool("act", {"ref": logout, "op": "click"}))
        assert data(await client.call_tool("look", {}))["title"] == "Dashboard"
        logout = data(await client.call_tool("look", {}))["tree"][-1].rsplit("[", 1)[1][:-1]
        assert data(await client.call_tool(
            "act", {"ref": logout, "op": "click", "confirm": True})) == {"changed": True}
        assert data(await client.call_tool("look", {}))["title"] == "Login"


BREADTH_TOOLS = {"back", "forward", "reload", "fill_form", "get_attribute", "tabs",
                 "tab_open", "tab_switch", "tab_close", "session_start", "session_pause",
                 "session_resume", "session_close", "events"}


async def test_breadth_tools(site: Site) -> None:
    """Issue 18's tools are listed; fill_form, history, tabs, pause and close end to end."""
    async with mcp_client(["-m", "trawl.api.mcp_server"]) as client:
        names = {t.name for t in (await client.list_tools()).tools}
        assert names >= BREADTH_TOOLS
        data(await client.call_tool("go", {"url": site.url("/breadth.html")}))
        tree = data(await client.call_tool("look", {"viewport": False}))["tree"]
        ref = {t.rsplit("[", 1)[0]: t.rsplit("[", 1)[1][:-1] for t in tree}
        filled = data(await client.call_tool("fill_form", {"fields": {
            ref["textbox:Name"]: "Ada", ref["checkbox:Agree"]: True,
            ref["combobox:Size"]: "Large", "e999": "x"}}))
        assert filled["ok"] is False and filled["errors"]["e999"]["code"] == "STALE_REF"
        assert filled["filled"] == [ref["textbox:Name"], ref["checkbox:Agree"],
                                    ref["combobox:Size"]]
        assert data(await client.call_tool("eval", {"js": "(() => { const f = "
            "document.getElementById('f'); return [f.name.value, f.agree.checked, "
            "f.size.value]; })()"})) == {"value": ["Ada", True, "Large"]}
        assert data(await client.call_tool("get_attribute", {
            "ref": ref["link:Docs"], "name": "data-id"}))["value"] == "42"
        assert "CONFIRM_REQUIRED" in error_text(await client.call_tool(
            "act", {"ref": ref["button:Delete account"], "op": "dblclick"}))
        data(await client.call_tool("go", {"url": site.url("/login.html")}))
        assert data(await client.call_tool("back", {}))["url"] == site.url("/breadth.html")
        opened = data(await client.call_tool("tab_open", {"url": site.url("/login.html")}))
        assert [t["active"] for t in data(await client.call_tool("tabs", {}))["tabs"]] == [
            False, True]
        data(await client.call_tool("tab_close", {"tab_id": opened["id"]}))
        assert data(await client.call_tool("session_pause", {}))["state"] == "paused"
        assert error_text(await client.call_tool("go", {"url": site.url("/login.html")})) \
            .endswith("the session is paused and did nothing; resume it first (agent.resume(), "
                      "MCP session_resume); look, extract, attribute, tabs and events still work")
        data(await client.call_tool("session_resume", {}))
        assert data(await client.call_tool("session_close", {}))["state"] == "closed"
        assert ": SESSION_CLOSED: look()" in error_text(await client.call_tool("look", {}))
        assert data(await client.call_tool("session_start", {}))["state"] == "running"
        assert data(await client.call_tool("go", {"url": site.url("/login.html")}))[
            "title"] == "Login"
        types = {e["type"] for e in data(await client.call_tool("events", {}))["events"]}
        assert {"page_navigation", "page_load_complete", "action_completed",
                "action_error"} <= types


async def test_crawl_tools(temporal_address: str, database_url: str, tmp_path: Path) -> None:
    """Crawl tools against the test Temporal and Postgres (no worker: the crawl stays queued)."""
    env = {"TRAWL_TEMPORAL_ADDRESS": temporal_address, "TRAWL_DATABASE_URL": database_url,
           "TRAWL_DATA_DIR": str(tmp_path), "TRAWL_TASK_QUEUE": "mcp-test-no-worker"}
    with serve(FIXTURES) as site:
        # this one through the CLI, as `trawl mcp` runs
        command = ["-c", "from trawl.api.cli import main; main()", "mcp"]
        async with mcp_client(command, env) as client:
            started = data(await client.call_tool(
                "start_crawl", {"urls": [site.url("/login.html")], "max_pages": 3}))
            assert started["crawl_id"] and started["workflow_id"]
            status = data(await client.call_tool("crawl_status",
                                                 {"crawl_id": started["crawl_id"]}))
            assert status["crawl_id"] == started["crawl_id"]
            assert "queued" in status
            assert "not-a-crawl" in error_text(await client.call_tool(
                "crawl_status", {"crawl_id": "not-a-crawl"}))
            found = data(await client.call_tool("search_pages", {"query": "zzzyzzy"}))
            assert found == []
