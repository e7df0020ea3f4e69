"""AgentWorkflow against fake activities on the time-skipping test server: budgets end a run
with their status; a model that cannot be built fails the run at once. (A run whose worker
stopped answering moves to another: tests/test_agent_run.py, which waits out the pinned
call's schedule-to-start timeout in real time.)"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

from temporalio import activity
from temporalio.exceptions import ApplicationError
from temporalio.testing import WorkflowEnvironment
from temporalio.worker import Worker

from trawl.activities.policies import AGENT_PINNED_START_TIMEOUT, MODEL_CONFIG_ERROR
from trawl.model import (
    AgentFinishInput,
    AgentInput,
    AgentResult,
    AgentResumeInput,
    AgentSpec,
    AgentStartInput,
    NoteInput,
    PinOutput,
    ToolCall,
    ToolInput,
    ToolOutput,
    TurnInput,
    TurnOutput,
)
from trawl.workflows.agent import AgentWorkflow

DEADLINE_S = 30.0


class Fakes:
    """The agent's activities, scripted: ``moves`` (tool name per turn) then done."""

    def __init__(self, moves: list[str], live_queue: str, *, dead_first: bool = False,
                 config_error: bool = False) -> None:
        self.moves = moves
        self.live_queue = live_queue
        self.dead_first = dead_first
        self.config_error = config_error
        self.pins = 0
        self.tools: list[tuple[int, str]] = []
        self.notes: list[str] = []
        self.finished: list[AgentResult] = []

    @activity.defn(name="agent_start")
    async def start(self, inp: AgentStartInput) -> None:
        pass

    @activity.defn(name="agent_pin")
    async def pin(self, run_id: str) -> PinOutput:
        self.pins += 1
        if self.dead_first and self.pins == 1:
            return PinOutput("nobody-polls-this-queue", "gone:1")
        return PinOutput(self.live_queue, "alive:2")

    @activity.defn(name="agent_turn")
    async def turn(self, inp: TurnInput) -> TurnOutput:
        if self.config_error:
            raise ApplicationError("no OPENAI_API_KEY here", type=MODEL_CONFIG_ERROR,
                                   non_retryable=True)
        done = len([t for t in self.tools if t[1] != "done"])
        tool = self.moves[done] if done < len(self.moves) else "done"
        return TurnOutput([ToolCall(f"c{inp.seq}", tool, {"success": True, "answer": "ok"}
                                    if tool == "done" else {})], tokens=100)

    @activity.defn(name="agent_note")
    async def note(self, inp: NoteInput) -> None:
        self.notes.append(inp.text)

    @activity.defn(name="agent_finish")
    async def finish(self, inp: AgentFinishInput) -> None:
        self.finished.append(inp.result)

    @activity.defn(name="agent_tool")
    async def tool(self, inp: ToolInput) -> ToolOutput:
        self.tools.append((inp.seq, inp.call.tool))
        done = inp.call.tool == "done"
        return ToolOutput(True, inp.call.tool, url="https://a.test/", done=done, success=done,
                          answer="ok" if done else None)

    @activity.defn(name="agent_resume")
    async def resume(self, inp: AgentResumeInput) -> None:
        pass

    @activity.defn(name="agent_release")
    async def release(self, run_id: str) -> None:
        pass


async def _run(env: WorkflowEnvironment, fakes: Fakes, queue: str,
               **spec: Any) -> AgentResult:
    agent_spec = AgentSpec(task="t", start_url="https://a.test/", **spec).validated("openai:m")
    shared = [fakes.start, fakes.pin, fakes.turn, fakes.note, fakes.finish]
    pinned = [fakes.tool, fakes.resume, fakes.release]
    async with Worker(env.client, task_queue=queue, workflows=[AgentWorkflow],
                      activities=shared), \
            Worker(env.client, task_queue=fakes.live_queue, activities=pinned):
        handle = await env.client.start_workflow(
            AgentWorkflow.run, AgentInput(uuid.uuid4().hex[:10], agent_spec),
            id=f"agent-{uuid.uuid4().hex[:8]}", task_queue=queue, result_type=AgentResult)
        if fakes.dead_first:  # past the pinned call's schedule-to-start timeout
            await asyncio.sleep(1)
            await env.sleep(AGENT_PINNED_START_TIMEOUT.total_seconds() + 5)
        return await asyncio.wait_for(handle.result(), DEADLINE_S)


async def test_budgets_end_a_run_with_their_status(env: WorkflowEnvironment,
                                                   queue: str) -> None:
    steps = await _run(env, Fakes(["look"] * 50, queue + "-s"), queue, max_steps=5)
    assert steps.status == "step_budget" and "5 steps of 5" in (steps.error or "")
    tokens = await _run(env, Fakes(["look"] * 50, queue + "-t"), queue + "2", max_tokens=250)
    assert tokens.status == "token_budget" and tokens.tokens == 300


async def test_a_model_that_cannot_be_built_fails_the_run_at_once(
        env: WorkflowEnvironment, queue: str) -> None:
    fakes = Fakes([], queue + "-c", config_error=True)
    result = await _run(env, fakes, queue)
    assert result.status == "failed" and "OPENAI_API_KEY" in (result.error or "")
    assert fakes.finished[-1].status == "failed"
