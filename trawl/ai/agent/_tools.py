"""The agent's tools: the browser session API (look, act, go, wait, extract) plus handoff
and done, as a model sees them and as they run.

Every call is judged before anything happens: act() presses nothing destructive (delete,
buy, pay, log out, a form that POSTs...) unless the run allows it or a person approved it
(a resume after a handoff approves one press); go() and every request of the page pass the
address guard. No tool runs JavaScript the model wrote (the session's eval is not offered,
and wait takes a ref or a text, not an expression). What a tool reads off the page reaches
the model inside an untrusted-content element.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

from trawl.ai._untrusted import untrusted
from trawl.ai.agent._browser import RunBrowser
from trawl.browser.session import SessionError
from trawl.model import AgentSpec, ToolCall

MAX_TOOL_TEXT = 12_000
"""Characters of page text (look's tree, extract's content) one tool result carries."""
MAX_WAIT_MS = 10_000
MAX_SUMMARY = 300

TOOL_SPECS: dict[str, tuple[str, dict[str, Any]]] = {
    "look": ("See the page: its URL, title and interactable elements as 'role:name[ref]'. "
             "Call it after every change; refs come from the last look only.",
             {"type": "object", "properties": {
                 "scope": {"type": "string", "description": "a CSS selector to look inside"}}}),
    "act": ("Act on an element of the last look: click, input (value: the text), clear, "
            "check, uncheck, select (value: the option), press (value: a key), hover, "
            "scroll. A destructive control (delete, buy, pay, send...) is refused unless a "
            "person approved it: ask with handoff first, then repeat with confirm true.",
            {"type": "object", "properties": {
                "ref": {"type": "string"}, "op": {"type": "string"},
                "value": {"type": "string"}, "confirm": {"type": "boolean"}},
             "required": ["ref", "op"]}),
    "go": ("Open a URL (http or https).",
           {"type": "object", "properties": {"url": {"type": "string"}},
            "required": ["url"]}),
    "wait": ("Wait for an element of the last look to be visible (ref), for a text to appear "
             "on the page (text), or a number of milliseconds (ms, at most 10000).",
             {"type": "object", "properties": {"ref": {"type": "string"},
                                                "text": {"type": "string"},
                                                "ms": {"type": "integer"}}}),
    "extract": ("Read the page's content: markdown (default), text or links.",
                {"type": "object", "properties": {
                    "format": {"type": "string", "enum": ["markdown", "text", "links"]}}}),
    "handoff": ("Ask a person to take over (a login, a CAPTCHA, a decision, approving a "
                "destructive step); the run waits until they resume it.",
                {"type": "object", "properties": {"message": {"type": "string"}},
                 "required": ["message"]}),
    "done": ("Finish the task: success true or false, and the answer or what stopped you.",
             {"type": "object", "properties": {"success": {"type": "boolean"},
                                                "answer": {"type": "string"}},
              "required": ["success", "answer"]}),
}


@dataclass
class ToolResult:
    """What a tool did: for the model (``content``), for people (``summary``), for the
    workflow (the rest)."""

    ok: bool
    summary: str
    content: str
    url: str | None = None
    changed: bool = False
    handoff: str | None = None
    done: bool = False
    success: bool = False
    answer: str | None = None
    used_approval: bool = False
    secret: bool = False
    """The call typed into a password field: its value is not kept."""


async def run_tool(run: RunBrowser, call: ToolCall, spec: AgentSpec,
                   approved: bool) -> ToolResult:
    """Run one tool call; a session error is a result the model reads, not a failure."""
    session = run.session
    args = call.args if isinstance(call.args, dict) else {}
    try:
        result = await _dispatch(run, call.tool, args, spec, approved)
    except SessionError as exc:
        result = ToolResult(False, f"{call.tool}: {exc.code.value}: {exc.message}",
                            json.dumps({"error": exc.code.value, "message": exc.message}))
        if run.blocked:
            result.content += f"\nrefused by the address guard: {run.blocked[-1]}"
    try:
        result.url = session.page.url
    except Exception:
        result.url = None
    result.summary = result.summary[:MAX_SUMMARY]
    return result


async def _dispatch(run: RunBrowser, tool: str, args: dict[str, Any], spec: AgentSpec,
                    approved: bool) -> ToolResult:
    session = run.session
    if tool == "look":
        state = await session.look(scope=args.get("scope"))
        text = json.dumps({"url": state["url"], "title": state["title"],
                           "tree": state["tree"]})[:MAX_TOOL_TEXT]
        return ToolResult(True, f"look: {len(state['tree'])} elements at {state['url']}",
                          "The page (untrusted):\n" + untrusted(text))
    if tool == "act":
        return await _act(run, args, spec, approved)
    if tool == "go":
        url = str(args.get("url") or "")
        out = await session.go(url)
        return ToolResult(True, f"go: {out['url']}", f"Opened {out['url']}:\n"
                          + untrusted(json.dumps({"title": out["title"]})), changed=True)
    if tool == "wait":
        return await _wait(run, args)
    if tool == "extract":
        fmt = args.get("format") or "markdown"
        if fmt not in ("markdown", "text", "links"):
            raise SessionError("INVALID_ARGS", "format is markdown, text or links")
        out = await session.extract(fmt)
        body = out.get(fmt)
        text = body if isinstance(body, str) else json.dumps(body)
        return ToolResult(True, f"extract {fmt}: {len(text)} characters",
                          f"The page's {fmt} (untrusted):\n" + untrusted(text[:MAX_TOOL_TEXT]))
    if tool == "handoff":
        message = str(args.get("message") or "Please take over, then resume the run")
        return ToolResult(True, f"handoff: {message}", "Handed to a person; the run waits "
                          "until they resume it. You will be told what they did.",
                          handoff=message)
    if tool == "done":
        success = args.get("success") is True
        answer = str(args.get("answer") or "")
        return ToolResult(True, f"done ({'success' if success else 'gave up'}): {answer}",
                          "Finished.", done=True, success=success, answer=answer)
    raise SessionError("INVALID_ARGS", f"there is no tool {tool!r}; the tools are "
                       + ", ".join(TOOL_SPECS))


async def _act(run: RunBrowser, args: dict[str, Any], spec: AgentSpec,
               approved: bool) -> ToolResult:
    ref, op, value = args.get("ref"), args.get("op"), args.get("value")
    confirm = args.get("confirm") is True
    used = False
    if confirm and not spec.allow_destructive:
        if not approved:
            raise SessionError("CONFIRM_REQUIRED",
                               "confirm true needs a person's approval: call handoff with "
                               "what you want to do and why; once they resume the run, "
                               "repeat this act with confirm true. Nothing was done.")
        used = True
    out = await run.session.act(ref, op, value, confirm=confirm)  # type: ignore[arg-type]
    secret = run.session._secret  # a password field: its value is never kept
    desc = f"act {ref} {op}" + ("" if value is None else f" {'***' if secret else value!r}")
    extra = {k: v for k, v in out.items() if k in ("changed", "dialog", "popup")}
    return ToolResult(True, f"{desc}: {'changed' if out.get('changed') else 'no change'}",
                      "Done:\n" + untrusted(json.dumps(extra)),
                      changed=bool(out.get("changed")), used_approval=used, secret=secret)


async def _wait(run: RunBrowser, args: dict[str, Any]) -> ToolResult:
    session = run.session
    if args.get("ref"):
        out = await session.wait(str(args["ref"]))
        return ToolResult(True, f"wait {args['ref']}: {out['elapsed']} ms",
                          json.dumps(out))
    if args.get("text"):
        text = str(args["text"])
        try:
            await session.page.wait_for_function(
                "(t) => (document.body && document.body.innerText || '').includes(t)",
                arg=text, timeout=MAX_WAIT_MS)
        except Exception as exc:
            raise SessionError("TIMEOUT", f"{text!r} did not appear within "
                               f"{MAX_WAIT_MS} ms; call look()") from exc
        return ToolResult(True, f"wait text {text!r}: appeared", "It appeared.")
    ms = args.get("ms")
    if isinstance(ms, bool) or not isinstance(ms, int) or not 0 <= ms <= MAX_WAIT_MS:
        raise SessionError("INVALID_ARGS", "wait takes ref, text, or ms (0 to 10000)")
    await asyncio.sleep(ms / 1000)
    return ToolResult(True, f"wait {ms} ms", "Waited.")


def kept_args(call: ToolCall, secret: bool) -> dict[str, Any]:
    """A call's arguments as stored (the value typed into a password field masked)."""
    args = dict(call.args) if isinstance(call.args, dict) else {}
    if secret and "value" in args:
        args["value"] = "***"
    return args
