"""`trawl agent`: the agent browser API over a stdio JSON protocol (seed 000_312b00550c716fee).

One JSON object per line. On start trawl prints ``{"command":"ready","payload":{}}``; each
request ``{"command":"eval","payload":"agent.look()"}`` gets exactly one response,
``{"command":"result","payload":{...}}`` or ``{"command":"error","payload":{"message":...,
"code":...}}``. Closing stdin closes the browser and exits 0. Stdout carries the protocol
only: logs go to stderr (or ``--log``), and file descriptor 1 is pointed at stderr so that
nothing else (a child process, a stray print) can corrupt the stream.

The payload is one call on ``agent`` written in JavaScript syntax -- ``agent.act('e1',
'input', 'admin@test.com')``, ``agent.look({scope: '#main'})``. A destructive control
(delete, buy, log out, a form that POSTs) is pressed only with ``agent.act('e3', 'click',
{confirm: true})``; without it the answer is a CONFIRM_REQUIRED error. It is parsed (strings,
numbers, booleans, null, arrays, object literals with bare or quoted keys), never executed
as Python; anything else is INVALID_ARGS. ``agent.eval(js)`` runs ``js`` in the page.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import sys
import threading
from collections import deque
from contextlib import suppress
from dataclasses import dataclass
from typing import IO, Any

from trawl.browser.session import ErrorCode, Session, SessionError
from trawl.config import get_settings
from trawl.net import NetPolicy

log = logging.getLogger("trawl.agent")

METHODS = ("look", "act", "go", "wait", "eval", "extract", "handoff")


# ---------------------------------------------------------------------- payload parser
@dataclass
class Call:
    method: str
    args: list[Any]


class ParseError(ValueError):
    pass


_TOKEN_RE = re.compile(r"""
    (?P<ws>\s+)
  | (?P<num>-?(?:0[xX][0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?))
  | (?P<ident>[A-Za-z_$][A-Za-z0-9_$]*)
  | (?P<str>'|"|`)
  | (?P<punct>[()\[\]{},:.;])
""", re.VERBOSE)

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0",
            "'": "'", '"': '"', "`": "`", "\\": "\\", "/": "/", "\n": ""}


def _tokenize(src: str) -> list[tuple[str, Any]]:
    tokens: list[tuple[str, Any]] = []
    i, n = 0, len(src)
    while i < n:
        m = _TOKEN_RE.match(src, i)
        if m is None:
            raise ParseError(f"unexpected character {src[i]!r} at position {i}")
        kind = m.lastgroup
        assert kind is not None
        if kind == "ws":
            i = m.end()
        elif kind == "str":
            quote = src[i]
            i += 1
            out: list[str] = []
            while True:
                if i >= n:
                    raise ParseError("unterminated string")
                c = src[i]
                if c == quote:
                    i += 1
                    break
                if c == "\\":
                    if i + 1 >= n:
                        raise ParseError("unterminated string")
                    e = src[i + 1]
                    if e == "u":
                        if src[i + 2:i + 3] == "{":
                            end = src.index("}", i + 3)
                            out.append(chr(int(src[i + 3:end], 16)))
                            i = end + 1
                        else:
                            out.append(chr(int(src[i + 2:i + 6], 16)))
                            i += 6
                        continue
                    if e == "x":
                        out.append(chr(int(src[i + 2:i + 4], 16)))
                        i += 4
                        continue
                    out.append(_ESCAPES.get(e, e))
                    i += 2
                    continue
                if quote == "`" and c == "$" and src[i + 1:i + 2] == "{":
                    raise ParseError("template literals with ${...} are not supported")
                if c == "\n" and quote != "`":
                    raise ParseError("newline inside a string")
                out.append(c)
                i += 1
            tokens.append(("str", "".join(out)))
        elif kind == "num":
            text = m.group()
            value: float | int = (int(text, 16) if text.lower().startswith(("0x", "-0x"))
                                  else float(text))
            if isinstance(value, float) and value.is_integer() and "." not in text \
                    and "e" not in text.lower():
                value = int(value)
            tokens.append(("num", value))
            i = m.end()
        else:
            tokens.append((kind, m.group()))
            i = m.end()
    return tokens


class _Parser:
    def __init__(self, tokens: list[tuple[str, Any]]) -> None:
        self.t = tokens
        self.i = 0

    def peek(self) -> tuple[str, Any] | None:
        return self.t[self.i] if self.i < len(self.t) else None

    def take(self, kind: str, value: Any = None) -> Any:
        tok = self.peek()
        if tok is None or tok[0] != kind or (value is not None and tok[1] != value):
            want = value if value is not None else kind
            got = "end of input" if tok is None else repr(tok[1])
            raise ParseError(f"expected {want!r}, got {got}")
        self.i += 1
        return tok[1]

    def at(self, kind: str, value: Any = None) -> bool:
        tok = self.peek()
        return tok is not None and tok[0] == kind and (value is None or tok[1] == value)

    def value(self) -> Any:
        tok = self.peek()
        if tok is None:
            raise ParseError("expected a value, got end of input")
        kind, v = tok
        if kind in ("str", "num"):
            self.i += 1
            return v
        if kind == "ident":
            consts = {"true": True, "false": False, "null": None, "undefined": None}
            if v in consts:
                self.i += 1
                return consts[v]
            raise ParseError(f"{v!r} is not a literal; quote strings, e.g. '{v}'")
        if kind == "punct" and v == "[":
            self.i += 1
            items: list[Any] = []
            while not self.at("punct", "]"):
                items.append(self.value())
                if not self.at("punct", "]"):
                    self.take("punct", ",")
            self.take("punct", "]")
            return items
        if kind == "punct" and v == "{":
            self.i += 1
            obj: dict[str, Any] = {}
            while not self.at("punct", "}"):
                key_tok = self.peek()
                if key_tok is None or key_tok[0] not in ("ident", "str", "num"):
                    raise ParseError("expected an object key")
                self.i += 1
                self.take("punct", ":")
                obj[str(key_tok[1])] = self.value()
                if not self.at("punct", "}"):
                    self.take("punct", ",")
            self.take("punct", "}")
            return obj
        raise ParseError(f"unexpected {v!r}")


def parse_call(payload: str) -> Call:
    """Parse ``agent.method(arg, ...)`` (JS literal syntax); ParseError if it is not one."""
    if not isinstance(payload, str):
        raise ParseError("payload must be a string such as \"agent.look()\"")
    tokens = _tokenize(payload)
    p = _Parser(tokens)
    if p.at("ident", "await"):
        p.i += 1
    p.take("ident", "agent")
    p.take("punct", ".")
    method = p.take("ident")
    p.take("punct", "(")
    args: list[Any] = []
    while not p.at("punct", ")"):
        args.append(p.value())
        if not p.at("punct", ")"):
            p.take("punct", ",")
    p.take("punct", ")")
    while p.at("punct", ";"):
        p.i += 1
    if p.peek() is not None:
        raise ParseError(f"unexpected {p.peek()[1]!r} after the call; send one call per "  # type: ignore[index]
                         "request")
    return Call(method, args)


# ---------------------------------------------------------------------- dispatch
def _invalid(msg: str) -> SessionError:
    return SessionError(ErrorCode.INVALID_ARGS, msg)


def _opts(args: list[Any], index: int, name: str) -> dict[str, Any]:
    if len(args) <= index or args[index] is None:
        return {}
    if not isinstance(args[index], dict):
        raise _invalid(f"{name}: expected an options object such as {{timeout: 5000}}")
    return args[index]  # type: ignore[no-any-return]


def _arity(name: str, args: list[Any], low: int, high: int, usage: str) -> None:
    if not low <= len(args) <= high:
        raise _invalid(f"{name} takes {usage}")


async def dispatch(session: Session, call: Call) -> dict[str, Any]:
    """Run one parsed call on ``session``; SessionError for bad arguments or failures."""
    m, a = call.method, call.args
    if m == "look":
        _arity(m, a, 0, 1, "an optional options object: look({scope: '#main', viewport: false})")
        if a and isinstance(a[0], str):
            a = [{"scope": a[0]}]  # look('#main') is short for look({scope: '#main'})
        o = _opts(a, 0, "look")
        unknown = set(o) - {"scope", "viewport"}
        if unknown:
            raise _invalid(f"look: unknown option(s) {', '.join(sorted(unknown))}; "
                           "use scope and viewport")
        if "viewport" in o and not isinstance(o["viewport"], bool):
            raise _invalid("look: viewport must be true or false")
        return await session.look(scope=o.get("scope"), viewport=o.get("viewport", True))
    if m == "act":
        usage = ("(ref, op, value?, options?): act('e1', 'click'), act('e2', 'input', 'text') "
                 "or act('e3', 'click', {confirm: true})")
        _arity(m, a, 2, 4, usage)
        if not isinstance(a[0], str) or not isinstance(a[1], str):
            raise _invalid("act: ref and op must be strings, e.g. act('e1', 'click')")
        rest = list(a[2:])
        # an object last is the options (no op takes an object as its value)
        o = rest.pop() if rest and isinstance(rest[-1], dict) else {}
        if len(rest) > 1:
            raise _invalid(f"act takes {usage}")
        unknown = set(o) - {"confirm"}
        if unknown:
            raise _invalid(f"act: unknown option(s) {', '.join(sorted(unknown))}; "
                           "the only option is confirm")
        if not isinstance(o.get("confirm", False), bool):
            raise _invalid("act: confirm must be true or false")
        return await session.act(a[0], a[1], rest[0] if rest else None,
                                 confirm=o.get("confirm", False))
    if m == "go":
        _arity(m, a, 1, 1, "one URL: go('https://example.com')")
        return await session.go(a[0])
    if m == "wait":
        _arity(m, a, 1, 2, "(ref or JS expression, timeout ms?): wait('e3') or "
               "wait(\"document.title === 'Done'\", 5000)")
        timeout = a[1] if len(a) > 1 else None
        if isinstance(timeout, dict):
            timeout = timeout.get("timeout")
        return await session.wait(a[0], timeout)
    if m == "eval":
        _arity(m, a, 1, 1, "one JavaScript string: eval('document.title')")
        return await session.eval(a[0])
    if m == "extract":
        _arity(m, a, 0, 2, "a format: extract('markdown' | 'html' | 'text' | 'links' | "
               "'screenshot')")
        fmt = a[0] if a else "markdown"
        if isinstance(fmt, dict):
            o, fmt = fmt, fmt.get("format", "markdown")
        else:
            o = _opts(a, 1, "extract")
        if not isinstance(fmt, str):
            raise _invalid("extract: format must be a string")
        return await session.extract(fmt, full_page=bool(o.get("fullPage", False)))
    if m == "handoff":
        _arity(m, a, 0, 1, "one message: handoff('Please solve the CAPTCHA')")
        if a and not isinstance(a[0], str):
            raise _invalid("handoff: the message must be a string")
        return await session.handoff(*a)
    raise _invalid(f"unknown method agent.{m}(); methods are "
                   + ", ".join(f"{x}()" for x in METHODS))


async def handle_line(session: Session, line: str) -> dict[str, Any]:
    """One request line -> one response object (never raises for bad input)."""
    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        return _error(ErrorCode.INVALID_ARGS,
                      f"request is not JSON ({exc.msg}); send "
                      '{"command":"eval","payload":"agent.look()"}')
    if not isinstance(request, dict) or request.get("command") != "eval":
        return _error(ErrorCode.INVALID_ARGS,
                      'the only command is "eval": {"command":"eval","payload":"agent.look()"}')
    payload = request.get("payload")
    try:
        call = parse_call(payload)  # type: ignore[arg-type]
    except (ParseError, ValueError) as exc:
        return _error(ErrorCode.INVALID_ARGS,
                      f"cannot parse payload: {exc}. Send one call on agent, e.g. "
                      "agent.act('e1', 'click'); use agent.eval('...') to run page JavaScript")
    try:
        result = await dispatch(session, call)
    except SessionError as exc:
        return {"command": "error", "payload": exc.to_dict()}
    except Exception as exc:  # keep the session alive whatever happens
        log.exception("unexpected failure in %s", call.method)
        return _error(ErrorCode.ACTION_FAILED,
                      f"{call.method}() failed unexpectedly: {exc}; call look() and retry")
    return {"command": "result", "payload": result}


def _error(code: ErrorCode, message: str) -> dict[str, Any]:
    return {"command": "error", "payload": {"message": message, "code": code.value}}


# ---------------------------------------------------------------------- the stdio loop
class ProtocolOut:
    """Writes protocol lines to the real stdout, which nothing else may touch."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.lock = threading.Lock()

    def send(self, message: dict[str, Any]) -> None:
        line = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
        with self.lock:
            self.stream.write(line + "\n")
            self.stream.flush()


def claim_stdout() -> ProtocolOut:
    """Keep fd 1 for the protocol alone: dup it, then point fd 1 (and sys.stdout) at stderr."""
    sys.stdout.flush()
    proto_fd = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    stream = os.fdopen(proto_fd, "w", encoding="utf-8", buffering=1, newline="\n")
    return ProtocolOut(stream)


def setup_logging(log_file: str | None, verbose: bool = False) -> None:
    handler: logging.Handler = (logging.FileHandler(log_file, encoding="utf-8") if log_file
                                else logging.StreamHandler(sys.stderr))
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.DEBUG if verbose else logging.INFO)


async def _read_lines(queue: asyncio.Queue[str | None]) -> None:
    loop = asyncio.get_running_loop()
    stdin = sys.stdin.buffer

    def reader() -> None:
        try:
            for raw in stdin:
                loop.call_soon_threadsafe(queue.put_nowait, raw.decode("utf-8", "replace"))
        finally:
            loop.call_soon_threadsafe(queue.put_nowait, None)

    threading.Thread(target=reader, name="trawl-agent-stdin", daemon=True).start()


async def serve_requests(session: Session, queue: asyncio.Queue[str | None],
                         out: ProtocolOut) -> None:
    """One response per request, in order, until EOF (``None``). EOF while a request is
    running (say a handoff nobody resumes) cancels it: closing stdin always ends the agent."""
    backlog: deque[str | None] = deque()
    while True:
        line = backlog.popleft() if backlog else await queue.get()
        if line is None:
            return
        if not line.strip():
            continue
        task = asyncio.ensure_future(handle_line(session, line))
        while not task.done():
            getter = asyncio.ensure_future(queue.get())
            done, _ = await asyncio.wait({task, getter}, return_when=asyncio.FIRST_COMPLETED)
            if getter not in done:
                getter.cancel()
                continue
            item = getter.result()
            backlog.append(item)
            if item is None and not task.done():
                session.resume()
                task.cancel()
                with suppress(asyncio.CancelledError):
                    await task
                return
        out.send(task.result())


def agent_policy() -> NetPolicy:
    """What an agent's go() may open: public addresses, internal ones only with
    TRAWL_ALLOW_PRIVATE (an agent has no start URLs the user named)."""
    return NetPolicy(allow_private=get_settings().allow_private)


async def run_agent(*, headless: bool = True, sidebar: bool = False,
                    browser: str = "chromium", out: ProtocolOut) -> int:
    """Launch the browser, say ready, serve requests until stdin closes. Returns exit code."""
    from trawl.errors import BrowserError

    def notify(message: str, url: str) -> None:
        print(f"trawl agent: HANDOFF: {message}\n  resume at {url} (or the sidebar's "
              "Resume button)", file=sys.stderr, flush=True)

    try:
        opener = Session.open(headless=headless, sidebar=sidebar, browser=browser,
                              handoff_notify=notify, policy=agent_policy())
        session = await opener.__aenter__()
    except BrowserError as exc:
        out.send(_error(ErrorCode.ACTION_FAILED, f"browser did not start: {exc}"))
        print(f"trawl agent: {exc}", file=sys.stderr, flush=True)
        return 2
    try:
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        await _read_lines(queue)
        out.send({"command": "ready", "payload": {}})
        await serve_requests(session, queue, out)
    finally:
        try:
            await asyncio.wait_for(opener.__aexit__(None, None, None), timeout=15)
        except Exception as exc:
            log.debug("closing the browser: %s", exc)
    return 0


def main(headless: bool = True, sidebar: bool = False, browser: str = "chromium",
         log_file: str | None = None) -> int:
    out = claim_stdout()
    setup_logging(log_file)
    if sidebar and headless:
        log.info("--sidebar with --headless: the panel is drawn but nobody can see it; "
                 "handoffs are resumable from the URL printed on stderr")
    try:
        return asyncio.run(run_agent(headless=headless, sidebar=sidebar, browser=browser,
                                     out=out))
    except KeyboardInterrupt:
        return 0
