"""One model turn of an agent run: the conversation, rebuilt from the run's steps in
Postgres, goes to the model with the tools; its answer (tool calls, words) comes back.

The conversation is the task, then each step's messages in order: a turn's answer, a tool
call's result, a note (a person resumed, a reminder). Older tool results are shortened to
their one-line summaries (the last KEEP_FULL_RESULTS stay whole), so a long run's requests
stay bounded instead of growing with every page it has seen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trawl.ai._models import build_model, model_settings
from trawl.ai._untrusted import RULE
from trawl.ai._usage import TokenUse, report_tokens
from trawl.ai.agent._tools import TOOL_SPECS
from trawl.model import AgentSpec, ToolCall

KEEP_FULL_RESULTS = 6
"""Tool results the model reads whole; older ones by their summary."""
TURN_MAX_TOKENS = 1_024
INSTRUCTIONS = (
    "You are a browser agent. You do the user's task in a real browser by calling tools, "
    "one tool call per turn: look to see the page (elements as 'role:name[ref]'), act on a "
    "ref, go to a URL, wait, extract the page's content. If a login, a CAPTCHA or a "
    "decision needs a person, or before anything destructive (delete, buy, pay, send, "
    "submit an order), call handoff and explain; a person resumes the run. When the task "
    "is done, or cannot be done, call done with the answer. " + RULE)


@dataclass
class Turn:
    """A model turn's answer."""

    calls: list[ToolCall]
    text: str
    tokens: int
    response: list[dict[str, Any]]
    """The model's answer as pydantic-ai messages (JSON): what the next turn reads."""


def task_messages(spec: AgentSpec) -> list[Any]:
    from pydantic_ai.messages import ModelRequest, SystemPromptPart, UserPromptPart

    return [ModelRequest(parts=[
        SystemPromptPart(INSTRUCTIONS),
        UserPromptPart(f"Task: {spec.task}\nThe browser is at {spec.start_url}.")])]


def conversation(spec: AgentSpec, steps: list[Any]) -> list[Any]:
    """The messages a turn sends: the task, then every step's messages (old tool results
    as their summaries)."""
    from pydantic_ai.messages import ModelMessagesTypeAdapter, ToolReturnPart

    messages = task_messages(spec)
    tool_steps = [s.seq for s in steps if s.kind == "tool"]
    whole = set(tool_steps[-KEEP_FULL_RESULTS:])
    for step in steps:
        if not step.messages:
            continue
        loaded = ModelMessagesTypeAdapter.validate_python(step.messages)
        if step.kind == "tool" and step.seq not in whole:
            for message in loaded:
                message.parts = [  # type: ignore[assignment]
                    ToolReturnPart(p.tool_name, f"(earlier result) {step.summary}",
                                   tool_call_id=p.tool_call_id)
                    if isinstance(p, ToolReturnPart) else p for p in message.parts]
        messages.extend(loaded)
    return messages


def tool_definitions() -> list[Any]:
    from pydantic_ai.tools import ToolDefinition

    return [ToolDefinition(name=name, description=desc, parameters_json_schema=schema)
            for name, (desc, schema) in TOOL_SPECS.items()]


async def model_turn(spec: AgentSpec, steps: list[Any]) -> Turn:
    """Ask the run's model for its next move. Provider errors raise (the activity's retries
    handle them); a ConfigError (no key in this worker) too."""
    from pydantic_ai.direct import model_request
    from pydantic_ai.messages import ModelMessagesTypeAdapter, TextPart
    from pydantic_ai.messages import ToolCallPart as Call
    from pydantic_ai.models import ModelRequestParameters

    assert spec.model is not None
    model = build_model(spec.model)
    response = await model_request(
        model, conversation(spec, steps),
        model_settings=model_settings(max_tokens=TURN_MAX_TOKENS, parallel_tool_calls=False),
        model_request_parameters=ModelRequestParameters(function_tools=tool_definitions(),
                                                        allow_text_output=True))
    calls = [ToolCall(p.tool_call_id, p.tool_name, _args(p.args))
             for p in response.parts if isinstance(p, Call)]
    text = " ".join(p.content for p in response.parts if isinstance(p, TextPart)).strip()
    usage = response.usage
    tokens = int(usage.input_tokens or 0) + int(usage.output_tokens or 0)
    report_tokens(TokenUse(spec.model, "agent", int(usage.input_tokens or 0),
                           int(usage.output_tokens or 0)))
    dumped = ModelMessagesTypeAdapter.dump_python([response], mode="json")
    return Turn(calls, text, tokens, dumped)


def _args(raw: Any) -> dict[str, Any]:
    """A tool call's arguments as a dict; arguments that are not a JSON object come back
    as {"_invalid": the text} (the tool answers INVALID_ARGS)."""
    import json

    if isinstance(raw, dict):
        return raw
    if isinstance(raw, str):
        try:
            value = json.loads(raw or "{}")
        except ValueError:
            return {"_invalid": raw[:500]}
        return value if isinstance(value, dict) else {"_invalid": raw[:500]}
    return {}


def tool_return(call: ToolCall, content: str, skipped: list[ToolCall]) -> list[dict[str, Any]]:
    """The step messages of a tool call's result (and of the calls of the same turn that
    were not run)."""
    from pydantic_ai.messages import ModelMessagesTypeAdapter, ModelRequest, ToolReturnPart

    parts = [ToolReturnPart(call.tool, content, tool_call_id=call.call_id)]
    parts += [ToolReturnPart(c.tool, "Not run: one tool call per turn. Call it again if it "
                             "is still needed.", tool_call_id=c.call_id) for c in skipped]
    return ModelMessagesTypeAdapter.dump_python([ModelRequest(parts=parts)],  # type: ignore[no-any-return]
                                                mode="json")


def note_message(text: str) -> list[dict[str, Any]]:
    from pydantic_ai.messages import ModelMessagesTypeAdapter, ModelRequest, UserPromptPart

    return ModelMessagesTypeAdapter.dump_python(  # type: ignore[no-any-return]
        [ModelRequest(parts=[UserPromptPart(text)])], mode="json")
