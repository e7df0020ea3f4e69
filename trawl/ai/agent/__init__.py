"""The durable browser agent's work, step by step (seed 002): no Temporal here.

Each function does one step of a run and records it in Postgres before it returns, keyed
by the step's seq: called again for a step already recorded (an activity retried after
its worker died), it returns what was recorded and does nothing twice. The workflow
(trawl.workflows.agent) decides the order; the activities (trawl.activities.agent) call
these on the right worker.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from trawl.ai.agent._browser import AgentBrowsers, agent_policy
from trawl.ai.agent._tools import TOOL_SPECS, kept_args, run_tool
from trawl.ai.agent._turn import (
    INSTRUCTIONS,
    conversation,
    model_turn,
    note_message,
    tool_return,
)
from trawl.model import (
    AgentResumeInput,
    NoteInput,
    ToolInput,
    ToolOutput,
    TurnInput,
    TurnOutput,
)
from trawl.store import agents
from trawl.store.agents import StepRecord

__all__ = ["INSTRUCTIONS", "TOOL_SPECS", "AgentBrowsers", "agent_policy", "conversation",
           "record_note", "resume_run", "take_turn", "use_tool"]

SCREENSHOT_TOOLS = ("act", "go")


async def take_turn(engine: AsyncEngine, inp: TurnInput, worker: str) -> TurnOutput:
    """The model's next move, recorded as step ``inp.seq``."""
    done = await agents.step(engine, inp.run_id, inp.seq)
    if done is not None and done.result is not None:
        return _turn_output(done.result)
    history = await agents.steps(engine, inp.run_id)
    turn = await model_turn(inp.spec, [s for s in history if s.seq < inp.seq])
    out = TurnOutput(calls=turn.calls, tokens=turn.tokens, text=turn.text[:500])
    summary = ("asks for " + ", ".join(f"{c.tool}({_brief(c.args)})" for c in turn.calls)
               if turn.calls else f"answered in words: {turn.text[:200]!r}")
    await agents.add_step(engine, inp.run_id, StepRecord(
        seq=inp.seq, kind="turn", summary=summary, messages=turn.response,
        result=asdict(out), tokens=turn.tokens, worker=worker))
    return out


def _turn_output(result: dict[str, Any]) -> TurnOutput:
    from trawl.model import ToolCall

    return TurnOutput(calls=[ToolCall(**c) for c in result.get("calls", [])],
                      tokens=int(result.get("tokens", 0)), text=result.get("text", ""))


async def use_tool(engine: AsyncEngine, browsers: AgentBrowsers, inp: ToolInput,
                   worker: str) -> ToolOutput:
    """Run one tool call in the run's browser (rebuilt here when this worker does not hold
    it), recorded as step ``inp.seq`` with its screenshot and the browser's state."""
    done = await agents.step(engine, inp.run_id, inp.seq)
    if done is not None and done.result is not None:
        return ToolOutput(**done.result)

    async def rebuild() -> tuple[str | None, dict[str, Any] | None]:
        return inp.last_url, await agents.storage_state(engine, inp.run_id)

    run, rebuilt = await browsers.get(inp.run_id, inp.spec, rebuild)
    result = await run_tool(run, inp.call, inp.spec, inp.approved)
    screenshot = None
    if inp.spec.screenshots and result.ok and inp.call.tool in SCREENSHOT_TOOLS:
        try:
            screenshot = await run.session.page.screenshot(type="png", timeout=10_000)
        except Exception:  # a page that cannot be pictured still had its step
            screenshot = None
    state = None
    try:
        state = await run.context.storage_state()
    except Exception:
        state = None
    summary = result.summary + (" (browser rebuilt on this worker)" if rebuilt else "")
    out = ToolOutput(ok=result.ok, summary=summary, url=result.url, handoff=result.handoff,
                     done=result.done, success=result.success, answer=result.answer,
                     used_approval=result.used_approval)
    await agents.add_step(engine, inp.run_id, StepRecord(
        seq=inp.seq, kind="tool", tool=inp.call.tool, args=kept_args(inp.call, result.secret),
        ok=result.ok, summary=summary, result=asdict(out),
        messages=tool_return(inp.call, result.content, inp.skipped), url=result.url,
        screenshot=screenshot, worker=worker),
        url=result.url, storage_state=state,
        handoff=result.handoff if result.handoff is not None else False)
    return out


async def record_note(engine: AsyncEngine, inp: NoteInput, worker: str) -> None:
    """A note step (a budget reached, a reminder), read by the model when ``to_model``."""
    await agents.add_step(engine, inp.run_id, StepRecord(
        seq=inp.seq, kind="note", summary=inp.text,
        messages=note_message(inp.text) if inp.to_model else None, result={},
        worker=worker))


async def resume_run(engine: AsyncEngine, browsers: AgentBrowsers, inp: AgentResumeInput,
                     worker: str) -> None:
    """A person resumed: their session data goes into the run's browser (and its sealed
    state), and a note tells the model what they did."""
    if await agents.step(engine, inp.run_id, inp.seq) is not None:
        return
    stored = await agents.storage_state(engine, inp.run_id)

    async def rebuild() -> tuple[str | None, dict[str, Any] | None]:
        return inp.last_url, stored

    run, rebuilt = await browsers.get(inp.run_id, inp.spec, rebuild)
    # what `trawl resume --cookies/--storage-state` sealed into the row (a browser held
    # here has not seen it yet), and what a signal from the UI carried
    cookies = [] if rebuilt or stored is None else list(stored.get("cookies", []))
    cookies += list(inp.cookies or []) + list((inp.storage_state or {}).get("cookies", []))
    if cookies:
        await run.context.add_cookies(cookies)
        await agents.save_storage_state(engine, inp.run_id, await run.context.storage_state())
    text = (f"A person ({inp.resumed_by}) took over and resumed the run"
            + (f": {inp.note}" if inp.note else ".")
            + (" They added a session (cookies)." if inp.cookies or inp.storage_state else "")
            + " If you asked for approval of a destructive step, it is approved once: repeat"
            " it with confirm true. Call look to see the page now.")
    await agents.add_step(engine, inp.run_id, StepRecord(
        seq=inp.seq, kind="note", summary=f"resumed by {inp.resumed_by}"
        + (f": {inp.note}" if inp.note else ""), messages=note_message(text), result={},
        worker=worker), handoff=None)


def _brief(args: dict[str, Any]) -> str:
    text = ", ".join(f"{k}={v!r}" for k, v in args.items() if k != "value")
    return text[:120]
