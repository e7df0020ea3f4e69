"""Agent runs for every surface (CLI, Python, HTTP, MCP): start one, show it, list them,
resume one waiting for a person.

A resume's session data (cookies, a storage state) is sealed into the run's row here and
never put into the signal (signal payloads stay in Temporal's history); the run's worker
loads it into the browser when it handles the resume.
"""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass
from typing import Any

from trawl.api.callers import Callers
from trawl.api.crawls import Trawl, workflow_ui_url
from trawl.errors import ConfigError, TrawlError
from trawl.model import RESUME_SIGNAL, AgentInput, AgentResult, AgentSpec, ResumeRequest
from trawl.services.runtime import ensure_background_worker
from trawl.store import agents
from trawl.workflows.agent import AgentWorkflow

RUN_ID_HEX = 10
PROGRESS_POLL_S = 1.0


@dataclass
class AgentStarted:
    run_id: str
    workflow_id: str
    ui_url: str

    def as_dict(self) -> dict[str, Any]:
        return {"run_id": self.run_id, "workflow_id": self.workflow_id, "ui_url": self.ui_url}


async def start_agent(trawl: Trawl, spec: AgentSpec, callers: Callers | None = None
                      ) -> AgentStarted:
    """Check ``spec`` and start its run (ConfigError on a bad spec, before anything).
    ``callers``: a program asked for it (HTTP API, MCP): its start URL passes the address
    guard within what the operator allowed that server (BlockedAddress otherwise)."""
    spec = spec.validated(trawl.settings.model)
    if callers is not None:
        spec = await callers.admit_agent(spec)
    run_id = uuid.uuid4().hex[:RUN_ID_HEX]
    workflow_id = f"agent-{run_id}"
    if trawl.runtime.embedded:  # first: a worker of other settings refuses the run
        await asyncio.to_thread(ensure_background_worker, trawl.settings, trawl.runtime)
    await agents.create_run(trawl.engine, run_id, workflow_id, spec)
    await trawl.client.start_workflow(
        AgentWorkflow.run, AgentInput(run_id, spec, ops=trawl.ops_hints()), id=workflow_id,
        task_queue=trawl.settings.task_queue, static_summary=f"agent: {spec.task[:80]}",
        static_details=f"**task**: {spec.task}  \n**start**: {spec.start_url}  \n"
                       f"**model**: {spec.model}, **max steps**: {spec.max_steps}, "
                       f"**max tokens**: {spec.max_tokens}")
    return AgentStarted(run_id, workflow_id, workflow_ui_url(trawl.settings, workflow_id))


async def show(trawl: Trawl, run_ref: str, *, steps: bool = True) -> dict[str, Any]:
    """A run's row and (``steps``) its steps, screenshots left out (their size instead)."""
    row = await agents.find_run(trawl.engine, run_ref)
    if row is None:
        raise TrawlError(f"no agent run {run_ref!r}")
    out: dict[str, Any] = {k: v for k, v in row.items() if k != "spec"}
    if steps:
        out["steps"] = [{"seq": s.seq, "kind": s.kind, "tool": s.tool, "args": s.args,
                         "ok": s.ok, "summary": s.summary, "tokens": s.tokens, "url": s.url,
                         "worker": s.worker}
                        for s in await agents.steps(trawl.engine, row["id"])]
    return out


async def screenshot(trawl: Trawl, run_ref: str, seq: int) -> bytes | None:
    row = await agents.find_run(trawl.engine, run_ref)
    if row is None:
        raise TrawlError(f"no agent run {run_ref!r}")
    found = await agents.step(trawl.engine, row["id"], seq)
    return None if found is None else found.screenshot


async def list_runs(trawl: Trawl, limit: int = 50) -> list[dict[str, Any]]:
    return await agents.list_runs(trawl.engine, limit)


async def resume_agent(trawl: Trawl, run_ref: str, *, note: str | None, resumed_by: str,
                       cookies: list[Any] | None = None, storage_state: Any = None) -> str:
    """Resume a run waiting on a handoff; its run id. TrawlError when it is not waiting."""
    row = await agents.find_run(trawl.engine, run_ref)
    if row is None:
        raise TrawlError(f"no agent run {run_ref!r}")
    if row["status"] != "handoff":
        raise TrawlError(f"agent run {row['id']} is not waiting for a person "
                         f"({row['status']})")
    if cookies or storage_state is not None:
        state = await agents.storage_state(trawl.engine, row["id"]) or {"cookies": [],
                                                                       "origins": []}
        if storage_state is not None:
            state = dict(storage_state)
        state["cookies"] = [*state.get("cookies", []), *(cookies or [])]
        await agents.save_storage_state(trawl.engine, row["id"], state)
        note = (note + " " if note else "") + "(with new session data)"
    await trawl.client.get_workflow_handle(row["workflow_id"]).signal(
        RESUME_SIGNAL, ResumeRequest(note=note, resumed_by=resumed_by))
    return str(row["id"])


async def is_agent_run(trawl: Trawl, ref: str) -> bool:
    return await agents.find_run(trawl.engine, ref) is not None


async def wait(trawl: Trawl, run_id: str) -> AgentResult:
    """The run's result once its workflow closes."""
    handle = trawl.client.get_workflow_handle(f"agent-{run_id}", result_type=AgentResult)
    return await handle.result()


def agent_spec(task: str, start: str, **options: Any) -> AgentSpec:
    """An AgentSpec from a task, a start URL and its other fields by name."""
    known = AgentSpec.__dataclass_fields__
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ConfigError(f"unknown agent option(s): {', '.join(unknown)}")
    return AgentSpec(task=task, start_url=start,
                     **{k: v for k, v in options.items() if v is not None})


async def agent_run(task: str, *, start: str, wait_for_end: bool = True,
                    connection: Trawl | None = None, **options: Any) -> dict[str, Any]:
    """Run a durable browser agent from Python (``trawl.agent_run``): ``options`` are
    AgentSpec fields (model, max_steps, max_tokens, allow_destructive...). Returns the
    run's row and steps once it ends (``wait_for_end``), else at once with its id."""
    spec = agent_spec(task, start, **options)  # before any service starts
    trawl = connection or await Trawl.connect()
    try:
        started = await start_agent(trawl, spec)
        if not wait_for_end:
            return started.as_dict()
        await wait(trawl, started.run_id)
        return await show(trawl, started.run_id)
    finally:
        if connection is None:
            await trawl.close()
