"""AgentWorkflow: a durable browser agent run (seed 002), one step at a time.

Each model turn is an activity (``agent_turn``, any worker) and each tool call another
(``agent_tool``), on the task queue of the worker that holds the run's browser: the run is
pinned to a worker by ``agent_pin`` (it answers with its own queue), and moves when that
worker stops answering (nobody starts the call within AGENT_PINNED_START_TIMEOUT, or its
heartbeats stop): pinned again, the new worker rebuilds the browser from the last URL and
the sealed storage state, and the step runs there. Steps are keyed by seq in Postgres, so
a step repeated after a lost answer is not done twice. History holds calls and one-line
summaries; the conversation and pages live in Postgres (``agent_steps``).

The run ends when the model calls ``done`` (completed or gave_up), when ``max_steps`` or
``max_tokens`` is reached (step_budget, token_budget: a clear status, with a note step
saying so), when the model cannot be asked (failed) or when it is cancelled. ``handoff``
waits for a person: the same ``resume`` signal, UI details and ``trawl resume`` as crawls;
a resume after a refused destructive press approves one press.
"""

from __future__ import annotations

import asyncio
from typing import Any

from temporalio import workflow
from temporalio.exceptions import ActivityError, ApplicationError, CancelledError

from trawl.activities.policies import (
    AGENT_HEARTBEAT_TIMEOUT,
    AGENT_PINNED_RETRY,
    AGENT_PINNED_START_TIMEOUT,
    AGENT_STORE_RETRY,
    AGENT_TOOL_TIMEOUT,
    AGENT_TURN_RETRY,
    AGENT_TURN_TIMEOUT,
    STORE_ACTIVITY_TIMEOUT,
)
from trawl.workflows.monitor import CRAWL_STATUS, signal_command

with workflow.unsafe.imports_passed_through():
    from trawl.activities.agent import AgentActivities, AgentToolActivities
    from trawl.model import (
        RESUME_SIGNAL,
        AgentFinishInput,
        AgentInput,
        AgentResult,
        AgentResumeInput,
        AgentStartInput,
        AgentStatus,
        NoteInput,
        ResumeRequest,
        ToolCall,
        ToolInput,
        ToolOutput,
        TurnInput,
        TurnOutput,
    )

MAX_MOVES = 5
"""Times one step may move to another worker before the run fails (workers that keep
dying under it)."""
STEPS_PER_RUN = 200
"""Steps a workflow run takes before it continues as new (history stays bounded)."""
RECENT_STEPS = 8
"""Steps the UI's details list."""
NUDGE = ("You answered without calling a tool. Call exactly one tool: look to see the page, "
         "or done when the task is finished.")


class RunEnded(Exception):
    """The run ends with this result (raised from deep in the loop)."""

    def __init__(self, result: AgentResult) -> None:
        super().__init__(result.status)
        self.result = result


@workflow.defn
class AgentWorkflow:
    @workflow.init
    def __init__(self, inp: AgentInput) -> None:
        self._input = inp
        self._resumes: list[ResumeRequest] = []
        self._recent: list[str] = []
        self._status = AgentStatus.RUNNING
        self._published_status = ""

    @workflow.run
    async def run(self, inp: AgentInput) -> AgentResult:
        state = inp.state
        if state.steps == 0:
            await workflow.execute_activity_method(
                AgentActivities.start,
                AgentStartInput(inp.run_id, workflow.info().workflow_id, inp.spec),
                start_to_close_timeout=STORE_ACTIVITY_TIMEOUT, retry_policy=AGENT_STORE_RETRY)
        self._publish()
        taken = 0
        try:
            while True:
                if state.handoff is not None:
                    await self._wait_for_person()
                    continue
                if taken >= STEPS_PER_RUN or workflow.info().is_continue_as_new_suggested():
                    state.runs += 1
                    workflow.continue_as_new(AgentInput(inp.run_id, inp.spec, state, inp.ops))
                await self._check_budgets()
                turn = await self._turn()
                taken += 1
                if not turn.calls:
                    await self._note(NUDGE)
                    continue
                await self._check_budgets()  # the tool call is a step too
                out = await self._tool(turn.calls[0], turn.calls[1:])
                taken += 1
                if out.done:
                    raise RunEnded(self._result(
                        AgentStatus.COMPLETED if out.success else AgentStatus.GAVE_UP,
                        answer=out.answer))
        except RunEnded as ended:
            return await self._finish(ended.result)
        except asyncio.CancelledError:
            await self._finish(self._result(AgentStatus.CANCELLED), cancelled=True)
            raise

    # -- steps -------------------------------------------------------------------------

    def _next_seq(self) -> int:
        self._input.state.steps += 1
        return self._input.state.steps

    async def _check_budgets(self) -> None:
        state, spec = self._input.state, self._input.spec
        if state.steps >= spec.max_steps:
            error = f"step budget spent: {state.steps} steps of {spec.max_steps}"
            await self._note(f"The {error}: the run ends.", to_model=False)
            raise RunEnded(self._result(AgentStatus.STEP_BUDGET, error=error))
        if state.tokens >= spec.max_tokens:
            error = f"token budget spent: {state.tokens} tokens of {spec.max_tokens}"
            await self._note(f"The {error}: the run ends.", to_model=False)
            raise RunEnded(self._result(AgentStatus.TOKEN_BUDGET, error=error))

    async def _turn(self) -> TurnOutput:
        inp, state = self._input, self._input.state
        seq = self._next_seq()
        try:
            turn = await workflow.execute_activity_method(
                AgentActivities.turn,
                TurnInput(inp.run_id, seq, inp.spec, inp.spec.max_tokens - state.tokens),
                start_to_close_timeout=AGENT_TURN_TIMEOUT,
                heartbeat_timeout=AGENT_HEARTBEAT_TIMEOUT, retry_policy=AGENT_TURN_RETRY,
                summary=f"turn {seq}")
        except ActivityError as err:
            if isinstance(err.cause, CancelledError):
                raise
            raise RunEnded(self._result(AgentStatus.FAILED, error=(
                f"the model could not be asked: {_message(err)}"))) from None
        state.tokens += turn.tokens
        self._remember(seq, "turn: " + (", ".join(f"{c.tool}" for c in turn.calls)
                                        or f"words: {turn.text[:80]}"))
        return turn

    async def _tool(self, call: ToolCall, skipped: list[ToolCall]) -> ToolOutput:
        inp, state = self._input, self._input.state
        seq = self._next_seq()
        tool_input = ToolInput(inp.run_id, seq, inp.spec, call, state.last_url,
                               state.approved, skipped)
        out: ToolOutput = await self._pinned(AgentToolActivities.tool, tool_input,
                                             f"{call.tool} ({seq})")
        if out.url:
            state.last_url = out.url
        if out.used_approval:
            state.approved = False
        if out.handoff is not None:
            state.handoff = out.handoff
        self._remember(seq, out.summary)
        return out

    async def _pinned(self, method: Any, arg: Any, summary: str) -> Any:
        """Run ``method`` on the worker holding the run's browser; when that worker is gone,
        pin the run to another and run it there."""
        state = self._input.state
        for _move in range(MAX_MOVES + 1):
            if state.queue is None:
                pin = await workflow.execute_activity_method(
                    AgentActivities.pin, self._input.run_id,
                    start_to_close_timeout=STORE_ACTIVITY_TIMEOUT,
                    retry_policy=AGENT_STORE_RETRY, summary="pin to a worker")
                state.queue = pin.queue
            try:
                return await workflow.execute_activity_method(
                    method, arg, task_queue=state.queue,
                    schedule_to_start_timeout=AGENT_PINNED_START_TIMEOUT,
                    start_to_close_timeout=AGENT_TOOL_TIMEOUT,
                    heartbeat_timeout=AGENT_HEARTBEAT_TIMEOUT,
                    retry_policy=AGENT_PINNED_RETRY, summary=summary)
            except ActivityError as err:
                if isinstance(err.cause, CancelledError):
                    raise
                workflow.logger.warning("agent run %s: %s on %s failed (%s); moving the "
                                        "run to another worker", self._input.run_id,
                                        summary, state.queue, _message(err))
                state.queue = None
        raise RunEnded(self._result(AgentStatus.FAILED, error=(
            f"{summary}: no worker could run it after {MAX_MOVES} moves")))

    async def _note(self, text: str, *, to_model: bool = True) -> None:
        seq = self._next_seq()
        await workflow.execute_activity_method(
            AgentActivities.note, NoteInput(self._input.run_id, seq, text, to_model),
            start_to_close_timeout=STORE_ACTIVITY_TIMEOUT, retry_policy=AGENT_STORE_RETRY)
        self._remember(seq, f"note: {text}")

    # -- handoff -------------------------------------------------------------------------

    async def _wait_for_person(self) -> None:
        inp, state = self._input, self._input.state
        self._status = AgentStatus.HANDOFF
        self._publish()
        await workflow.wait_condition(lambda: bool(self._resumes))
        req = self._resumes.pop(0)
        seq = self._next_seq()
        await self._pinned(AgentToolActivities.resume, AgentResumeInput(
            inp.run_id, seq, inp.spec, state.last_url, req.resumed_by or "signal", req.note,
            req.cookies, req.storage_state), f"resume ({seq})")
        state.handoff = None
        state.approved = True
        self._status = AgentStatus.RUNNING
        self._remember(seq, f"resumed by {req.resumed_by or 'signal'}"
                       + (f": {req.note}" if req.note else ""))

    @workflow.signal(name=RESUME_SIGNAL)
    def resume(self, req: ResumeRequest | None = None) -> None:
        """A person took over and is done: the run goes on (see ResumeRequest)."""
        if self._input.state.handoff is not None:
            self._resumes.append(req or ResumeRequest())

    # -- the end -------------------------------------------------------------------------

    def _result(self, status: str, *, answer: str | None = None,
                error: str | None = None) -> AgentResult:
        state = self._input.state
        return AgentResult(self._input.run_id, status, answer, state.steps, state.tokens,
                           error)

    async def _finish(self, result: AgentResult, cancelled: bool = False) -> AgentResult:
        self._status = AgentStatus(result.status)
        cancel_type = workflow.ActivityCancellationType.ABANDON if cancelled else \
            workflow.ActivityCancellationType.TRY_CANCEL
        await workflow.execute_activity_method(
            AgentActivities.finish, AgentFinishInput(self._input.run_id, result),
            start_to_close_timeout=STORE_ACTIVITY_TIMEOUT, retry_policy=AGENT_STORE_RETRY,
            cancellation_type=cancel_type)
        if self._input.state.queue is not None and not cancelled:
            try:  # the browser goes; a worker gone meanwhile took it with it
                await workflow.execute_activity_method(
                    AgentToolActivities.release, self._input.run_id,
                    task_queue=self._input.state.queue,
                    schedule_to_start_timeout=AGENT_PINNED_START_TIMEOUT,
                    start_to_close_timeout=STORE_ACTIVITY_TIMEOUT,
                    retry_policy=AGENT_PINNED_RETRY)
            except ActivityError:
                workflow.logger.info("agent run %s: its browser's worker is gone",
                                     self._input.run_id)
        self._publish()
        return result

    # -- what the UI shows ---------------------------------------------------------------

    def _remember(self, seq: int, line: str) -> None:
        self._input.state.last_summary = line
        self._recent.append(f"{seq}. {line}")
        del self._recent[:-RECENT_STEPS]
        self._publish()

    def _publish(self) -> None:
        inp, state = self._input, self._input.state
        wf_id = workflow.info().workflow_id
        lines = [f"## Agent run {inp.run_id}: {self._status}",
                 f"**task** {inp.spec.task}",
                 f"**steps** {state.steps} of {inp.spec.max_steps} · **tokens** "
                 f"{state.tokens} of {inp.spec.max_tokens} · **at** {state.last_url or '-'}"]
        if state.handoff is not None:
            lines += ["", f"### ⚠ Waiting for a person\n{state.handoff}\n\n"
                          f"- **then**: `trawl resume {inp.run_id} --note \"what you did\"` "
                          f"(a resume also approves one destructive step the agent asked "
                          f"about), or *Send a Signal* `resume` to `{wf_id}`:\n\n```sh\n"
                          f"{signal_command(wf_id, inp.ops, multiline=True)}\n```"]
        if self._recent:
            lines += ["", "**Recent steps** (all of them: `trawl agent show "
                          f"{inp.run_id}`)", ""] + [f"- {line}" for line in self._recent]
        workflow.set_current_details("\n".join(lines))
        if self._published_status != self._status:
            self._published_status = self._status
            workflow.upsert_search_attributes([CRAWL_STATUS.value_set(self._status)])

    @workflow.query
    def progress(self) -> dict[str, object]:
        state = self._input.state
        return {"run_id": self._input.run_id, "status": self._status, "steps": state.steps,
                "tokens": state.tokens, "handoff": state.handoff, "last_url": state.last_url,
                "recent": list(self._recent)}


def _message(err: ActivityError) -> str:
    cause = err.cause
    if isinstance(cause, ApplicationError):
        return cause.message
    return str(cause or err)
