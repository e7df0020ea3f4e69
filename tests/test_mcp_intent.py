"""The MCP tools of issue 30 through the official MCP SDK's stdio client against `trawl
mcp`, a real worker, Temporal, Postgres and Chromium: start_crawl with ``extract`` (a
model's schema, selectors), ``goal`` and ``goal_pages``, followed with crawl_status; and
start_agent followed with agent_status to the run's answer and steps. The model is a
scripted OpenAI-compatible server on 127.0.0.1 (tests/modelsrv.py) that answers both the
extraction requests and the agent's turns.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import ClientSession

from tests import agent_scripts as scripts
from tests.modelsrv import ModelServer, Reply, last_user_text, serve_model
from tests.sitesrv import serve, serve_handler
from tests.test_agent_run import Site as AgentSite
from tests.test_firecrawl_json import PLANS, SCHEMA, plan_script, plan_site
from tests.test_mcp import data, error_text, mcp_client
from tests.workerkit import kill_group, start_worker

pytestmark = pytest.mark.timeout(600)

KEY = "sk-test-" + "MCP0" * 6
MODEL = "openai:scripted-mcp"
WAIT_S = 240.0
WALK = scripts.server_script(scripts.walk_pages(2))


def either(request: dict[str, Any]) -> Reply:
    """An agent's turn (its first message is the task) or a page's extraction."""
    if "Task:" in last_user_text(request) and request.get("tools") and any(
            t["function"]["name"] == "look" for t in request["tools"]):
        return WALK(request)
    return plan_script(request)


@pytest.fixture(scope="module")
def model() -> Iterator[ModelServer]:
    with serve_model(either) as server:
        yield server


@pytest.fixture(scope="module")
def env(temporal_address: str, database_url: str,
        tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """What `trawl mcp` runs with (no TRAWL_MODEL: a schema extraction names its model)."""
    return {"TRAWL_TEMPORAL_ADDRESS": temporal_address, "TRAWL_DATABASE_URL": database_url,
            "TRAWL_DATA_DIR": str(tmp_path_factory.mktemp("mcp-data")),
            "TRAWL_TASK_QUEUE": f"mcp-intent-{uuid.uuid4().hex[:8]}", "TRAWL_MODEL": ""}


@pytest.fixture(scope="module")
def worker(temporal_address: str, database_url: str, env: dict[str, str], model: ModelServer,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    log = tmp_path_factory.mktemp("mcp-worker") / "worker.log"
    proc = start_worker(temporal_address, database_url, env["TRAWL_TASK_QUEUE"], log,
                        OPENAI_BASE_URL=model.base_url, OPENAI_API_KEY=KEY)
    try:
        yield
    finally:
        kill_group(proc)


async def until(client: ClientSession, tool: str, args: dict[str, Any], done: Any) -> Any:
    deadline = time.monotonic() + WAIT_S
    while True:
        answer = data(await client.call_tool(tool, args))
        if done(answer):
            return answer
        if time.monotonic() > deadline:
            raise AssertionError(f"{tool} never got there: {answer}")
        await anyio.sleep(0.5)


def finished(status: dict[str, Any]) -> bool:
    """The crawl ended (its state, else its workflow's: COMPLETED...)."""
    return str(status["status"]).lower() in ("completed", "failed", "canceled", "cancelled",
                                             "terminated", "timed_out")


async def test_start_crawl_with_extract_and_goal(env: dict[str, str], worker: None,
                                                 tmp_path: Path) -> None:
    plan_site(tmp_path)
    command = ["-c", "from trawl.api.cli import main; main()", "mcp"]
    with serve(tmp_path) as site:
        async with mcp_client(command, env) as client:
            started = data(await client.call_tool("start_crawl", {
                "urls": [site.url("/")], "extract": {"schema": SCHEMA, "prompt": "The plan."},
                "model": MODEL, "goal": "plan prices"}))
            status = await until(client, "crawl_status", {"crawl_id": started["crawl_id"]},
                                 finished)
            assert status["status"].lower() == "completed" and status["pages_done"] == 5
            # three plans valid; the broken page and the index answered invalid objects
            assert (status["pages_with_data"], status["extraction_failed"]) == (3, 2)
            assert status["model_tokens"] > 0
            # selectors and goal_pages: the crawl stops claiming once two pages have data
            met = data(await client.call_tool("start_crawl", {
                "urls": [site.url("/")], "goal": "plan prices", "goal_pages": 2,
                "extract": {"fields": {"plan": {"css": "h1", "required": True},
                                       "price": {"css": "p", "type": "number",
                                                 "required": True}},
                            "match": [f"/{slug}.html" for slug in PLANS]}}))
            stopped = await until(client, "crawl_status", {"crawl_id": met["crawl_id"]},
                                  finished)
            assert stopped["status"].lower() == "completed" and stopped["goal_met"] is True
            # (pages already in flight when it was met are finished, not dropped)
            assert stopped["pages_with_data"] >= 2
            # bad input: one line naming what is wrong, no crawl started
            bad = error_text(await client.call_tool("start_crawl", {
                "urls": [site.url("/")], "extract": {"fields": {"x": "a[["}}}))
            assert "could not start the crawl" in bad and "selector" in bad
            modelless = error_text(await client.call_tool("start_crawl", {
                "urls": [site.url("/")], "extract": {"schema": SCHEMA, "prompt": "p"}}))
            assert "needs a model" in modelless


async def test_agent_tools(env: dict[str, str], worker: None) -> None:
    with serve_handler(AgentSite) as base:
        async with mcp_client(["-m", "trawl.api.mcp_server"], env) as client:
            assert "start_agent" in {t.name for t in (await client.list_tools()).tools}
            started = data(await client.call_tool("start_agent", {
                "task": "Follow Next twice and tell me the title.",
                "start_url": base + "/p0.html", "model": MODEL, "max_steps": 20}))
            run_id = started["run_id"]
            run = await until(client, "agent_status", {"run_id": run_id},
                              lambda r: r["status"] not in ("running", "waiting"))
            assert run["status"] == "completed", run
            assert run["result"]["answer"] == "/p2.html" and run["model_tokens"] > 0
            tools = [s["tool"] for s in run["steps"] if s["kind"] == "tool"]
            assert tools == ["look", "act"] * 2 + ["look", "done"]
            assert all(s["ok"] for s in run["steps"] if s["tool"] == "act")
            assert "no agent run" in error_text(await client.call_tool(
                "agent_status", {"run_id": "not-a-run"}))
            refused = error_text(await client.call_tool("start_agent", {
                "task": "t", "start_url": base + "/p0.html", "model": "nonsense"}))
            assert "PROVIDER:NAME" in refused
