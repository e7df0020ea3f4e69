"""A scripted OpenAI-compatible model server for tests, on 127.0.0.1 only.

It answers ``POST /v1/chat/completions`` the way OpenAI, Ollama, vLLM and llama.cpp do,
with what a script decides: a tool call (its JSON arguments, valid or not), a text answer,
or no answer at all (a model that never finishes). Every request is kept (``requests``),
so a test can check what trawl sent: the untrusted-content marking, that no key leaked.

    def script(request: dict) -> Reply: ...
    with serve_model(script) as base_url:   # e.g. http://127.0.0.1:PORT/v1
        env OPENAI_BASE_URL=base_url, model openai:scripted

Run as a process (``python -m tests.modelsrv PORT SCRIPT``) for worker processes of their
own; SCRIPT names one of :data:`SCRIPTS`.
"""

from __future__ import annotations

import contextlib
import json
import re
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

PROMPT_TOKENS = 100
COMPLETION_TOKENS = 20
HANG_S = 3600.0


@dataclass
class Reply:
    """What the scripted model answers."""

    tool: str | None = None
    """A tool call's function name (None: a text answer)."""
    arguments: Any = None
    """The call's arguments: a dict (sent as JSON) or a str (sent as is: invalid JSON)."""
    text: str | None = None
    """A text answer."""
    hang: bool = False
    """Never answer (the connection stays open)."""
    prompt_tokens: int = PROMPT_TOKENS
    completion_tokens: int = COMPLETION_TOKENS


Script = Callable[[dict[str, Any]], Reply]


@dataclass
class ModelServer:
    base_url: str
    requests: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)


def tool_names(request: dict[str, Any]) -> list[str]:
    return [t["function"]["name"] for t in request.get("tools") or []]


def last_user_text(request: dict[str, Any]) -> str:
    """All message text of the request, newest last (what the model would read)."""
    parts = []
    for message in request.get("messages") or []:
        content = message.get("content")
        if isinstance(content, str):
            parts.append(content)
        elif isinstance(content, list):
            parts += [c.get("text", "") for c in content if isinstance(c, dict)]
    return "\n".join(parts)


LINK_LINE = re.compile(r"^\[(\d+)\] (.*) -> (\S+)$", re.M)
"""A link as trawl.ai._ranking lists it for the model: ``[n] anchor text -> URL``."""


def ranking_script(score: Callable[[str, str], int]) -> Script:
    """A model ranking links (``--goal-rank model``): each listed link scores
    ``score(anchor, url)``, in order, as the ranking tool's answer."""
    def script(request: dict[str, Any]) -> Reply:
        links = LINK_LINE.findall(last_user_text(request))
        return Reply(tool=tool_names(request)[0],
                     arguments={"scores": [score(anchor, url) for _, anchor, url in links]})
    return script


def _completion(reply: Reply, model: str) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": reply.text}
    finish = "stop"
    if reply.tool is not None:
        args = reply.arguments if isinstance(reply.arguments, str) else json.dumps(
            reply.arguments or {})
        message["tool_calls"] = [{"id": f"call_{time.monotonic_ns()}", "type": "function",
                                  "function": {"name": reply.tool, "arguments": args}}]
        finish = "tool_calls"
    return {"id": "chatcmpl-test", "object": "chat.completion", "created": int(time.time()),
            "model": model, "choices": [{"index": 0, "message": message,
                                         "finish_reason": finish}],
            "usage": {"prompt_tokens": reply.prompt_tokens,
                      "completion_tokens": reply.completion_tokens,
                      "total_tokens": reply.prompt_tokens + reply.completion_tokens}}


def _handler(script: Script, server: ModelServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._send(404, {"error": {"message": f"no route {self.path}"}})
                return
            request = json.loads(body)
            server.requests.append(request)
            server.headers.append({k.lower(): v for k, v in self.headers.items()})
            reply = script(request)
            if reply.hang:
                time.sleep(HANG_S)
                return
            self._send(200, _completion(reply, request.get("model", "scripted")))

        def _send(self, status: int, payload: dict[str, Any]) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    return Handler


@contextlib.contextmanager
def serve_model(script: Script, port: int = 0) -> Iterator[ModelServer]:
    """The server, on 127.0.0.1, until the block ends."""
    holder = ModelServer("")
    httpd = ThreadingHTTPServer(("127.0.0.1", port), _handler(script, holder))
    httpd.daemon_threads = True
    holder.base_url = f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield holder
    finally:
        httpd.shutdown()
        httpd.server_close()


def main() -> None:
    port, name = int(sys.argv[1]), sys.argv[2]
    from tests import agent_scripts

    script = agent_scripts.SCRIPTS[name]()
    with serve_model(script, port) as server:
        print(server.base_url, flush=True)
        threading.Event().wait()


if __name__ == "__main__":
    main()
