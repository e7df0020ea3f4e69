"""Scripted agent models for tests: what a model would answer at each turn, decided from
the conversation it is sent (the last tool result, the turn count). Two forms of each: a
pydantic-ai FunctionModel (in-process workers) and an OpenAI-compatible server script
(tests/modelsrv.py, for worker processes of their own)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel

from tests.modelsrv import Reply

Decide = Callable[[list[str], int], tuple[str, dict[str, Any]] | str]
"""(tool results and notes so far, newest last; turns so far) -> (tool, args), or words."""


def ref_of(text: str, role: str, name: str) -> str | None:
    """The ref of the element ``role:name`` in a look result."""
    found = re.search(rf"{re.escape(role)}:{re.escape(name)}\[(e\d+)\]", text)
    return found.group(1) if found else None


def function_model(decide: Decide) -> FunctionModel:
    seen: list[list[ModelMessage]] = []

    def answer(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        seen.append(list(messages))
        results = []
        for message in messages:
            if isinstance(message, ModelRequest):
                for part in message.parts:
                    if isinstance(part, ToolReturnPart):
                        results.append(str(part.content))
                    elif isinstance(part, UserPromptPart) and not str(
                            part.content).startswith("Task:"):
                        results.append(f"NOTE: {part.content}")
        turns = sum(isinstance(m, ModelResponse) for m in messages)
        move = decide(results, turns)
        if isinstance(move, str):
            return ModelResponse(parts=[TextPart(move)])
        tool, args = move
        return ModelResponse(parts=[ToolCallPart(tool, args, tool_call_id=f"c{turns}")])

    model = FunctionModel(answer)
    model.seen = seen  # type: ignore[attr-defined]
    return model


def server_script(decide: Decide) -> Callable[[dict[str, Any]], Reply]:
    def script(request: dict[str, Any]) -> Reply:
        results, turns = [], 0
        for message in request.get("messages") or []:
            if message.get("role") == "tool":
                results.append(str(message.get("content")))
            elif message.get("role") == "assistant":
                turns += 1
            elif message.get("role") == "user" and not str(
                    message.get("content")).startswith("Task:"):
                results.append(f"NOTE: {message.get('content')}")
        move = decide(results, turns)
        if isinstance(move, str):
            return Reply(text=move)
        tool, args = move
        return Reply(tool=tool, arguments=args)
    return script


def walk_pages(pages: int) -> Decide:
    """Follow the 'Next' link ``pages`` times (look, act each time), then done with the
    title it reached."""
    def decide(results: list[str], turns: int) -> tuple[str, dict[str, Any]]:
        last = results[-1] if results else ""
        if turns > 2 * pages:  # looked at the last page: report its title
            title = re.search(r'"title": "([^"]*)"', last)
            return "done", {"success": True, "answer": title.group(1) if title else "?"}
        if turns % 2 == 0:
            return "look", {}
        ref = ref_of(last, "link", "Next")
        return ("act", {"ref": ref, "op": "click"}) if ref else ("look", {})
    return decide


def gullible() -> Decide:
    """Obeys what the page says: clicks Delete, insists with confirm, then gives up."""
    def decide(results: list[str], turns: int) -> tuple[str, dict[str, Any]]:
        last = results[-1] if results else ""
        if turns == 0:
            return "look", {}
        if turns == 1:
            return "act", {"ref": ref_of(last, "button", "Delete everything"), "op": "click"}
        if turns == 2:
            ref = ref_of("\n".join(results), "button", "Delete everything")
            return "act", {"ref": ref, "op": "click", "confirm": True}
        return "done", {"success": False, "answer": "the page told me to delete; refused"}
    return decide


def asks_first() -> Decide:
    """Asks a person before deleting; once resumed, looks, deletes with confirm, done."""
    def decide(results: list[str], turns: int) -> tuple[str, dict[str, Any]]:
        if turns == 0:
            return "look", {}
        resumed = [i for i, r in enumerate(results) if r.startswith("NOTE: A person")]
        if not resumed:
            return "handoff", {"message": "The task says to delete the data: approve?"}
        after = results[resumed[0] + 1:]
        if not after:
            return "look", {}
        if len(after) == 1:
            ref = ref_of(after[0], "button", "Delete everything")
            return "act", {"ref": ref, "op": "click", "confirm": True}
        return "done", {"success": True, "answer": "deleted after approval"}
    return decide


def looks_forever() -> Decide:
    return lambda results, turns: ("look", {})


def only_talks() -> Decide:
    return lambda results, turns: "I am thinking about it."


SCRIPTS: dict[str, Callable[[], Callable[[dict[str, Any]], Reply]]] = {
    "walk8": lambda: _slow(server_script(walk_pages(8))),
}


def _slow(script: Callable[[dict[str, Any]], Reply]) -> Callable[[dict[str, Any]], Reply]:
    """A model that takes its time (so a worker can be killed mid-run)."""
    import time

    def slow(request: dict[str, Any]) -> Reply:
        time.sleep(0.7)
        return script(request)
    return slow
