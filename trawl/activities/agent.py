"""Agent activities: thin Temporal wrappers around trawl.ai.agent and trawl.store.agents.

Two sets on two task queues. :class:`AgentActivities` run on the shared queue (any
worker): create the run's row, pin the run to a worker, a model turn, a note, the end.
:class:`AgentToolActivities` run on the task queue of one worker of its own (the Temporal
samples' worker-specific task queues), because they need the browser that worker holds:
the tool calls, a person's resume, releasing the browser. ``agent_pin`` runs on the
shared queue and answers with the queue of the worker that ran it, so the run's tool
calls follow it there.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio import activity
from temporalio.exceptions import ApplicationError

from trawl.activities.policies import HEARTBEAT_INTERVAL_S, MODEL_CONFIG_ERROR
from trawl.ai.agent import AgentBrowsers, record_note, resume_run, take_turn, use_tool
from trawl.errors import ConfigError
from trawl.model import (
    AgentFinishInput,
    AgentResumeInput,
    AgentStartInput,
    NoteInput,
    PinOutput,
    ToolInput,
    ToolOutput,
    TurnInput,
    TurnOutput,
)
from trawl.store import agents

T = TypeVar("T")


class AgentActivities:
    """The shared queue's agent activities."""

    def __init__(self, engine: AsyncEngine, pinned_queue: str, worker: str) -> None:
        self._engine = engine
        self._pinned_queue = pinned_queue
        self._worker = worker

    @activity.defn(name="agent_start")
    async def start(self, inp: AgentStartInput) -> None:
        await agents.create_run(self._engine, inp.run_id, inp.workflow_id, inp.spec)

    @activity.defn(name="agent_pin")
    async def pin(self, run_id: str) -> PinOutput:
        """This worker takes the run's browser: its own task queue."""
        activity.logger.info("agent run %s pinned to %s", run_id, self._pinned_queue)
        return PinOutput(self._pinned_queue, self._worker)

    @activity.defn(name="agent_turn")
    async def turn(self, inp: TurnInput) -> TurnOutput:
        try:
            return await _beating(lambda: take_turn(self._engine, inp, self._worker))
        except ConfigError as exc:  # no key in this worker, a model it cannot build
            raise ApplicationError(str(exc), type=MODEL_CONFIG_ERROR,
                                   non_retryable=True) from None

    @activity.defn(name="agent_note")
    async def note(self, inp: NoteInput) -> None:
        await record_note(self._engine, inp, self._worker)

    @activity.defn(name="agent_finish")
    async def finish(self, inp: AgentFinishInput) -> None:
        await agents.finish_run(self._engine, inp.result)

    def all(self) -> list[Callable[..., Any]]:
        return [self.start, self.pin, self.turn, self.note, self.finish]


class AgentToolActivities:
    """The activities that need the run's browser: on this worker's own task queue."""

    def __init__(self, engine: AsyncEngine, browsers: AgentBrowsers, worker: str) -> None:
        self._engine = engine
        self.browsers = browsers
        self._worker = worker

    @activity.defn(name="agent_tool")
    async def tool(self, inp: ToolInput) -> ToolOutput:
        return await _beating(lambda: use_tool(self._engine, self.browsers, inp,
                                               self._worker))

    @activity.defn(name="agent_resume")
    async def resume(self, inp: AgentResumeInput) -> None:
        await _beating(lambda: resume_run(self._engine, self.browsers, inp, self._worker))

    @activity.defn(name="agent_release")
    async def release(self, run_id: str) -> None:
        await self.browsers.release(run_id)

    def all(self) -> list[Callable[..., Any]]:
        return [self.tool, self.resume, self.release]


async def _beating(work: Callable[[], Awaitable[T]]) -> T:
    """``work()``, heartbeating every HEARTBEAT_INTERVAL_S: a worker that dies mid-step is
    noticed within the heartbeat timeout, and the step runs again elsewhere."""
    async def beat() -> None:
        while True:
            activity.heartbeat()
            await asyncio.sleep(HEARTBEAT_INTERVAL_S)

    beater = asyncio.create_task(beat())
    try:
        return await work()
    finally:
        beater.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await beater
