"""The stdio side of `trawl agent`: request lines in, one response line each out (see
:mod:`trawl.api.agent` for the protocol), the browser session opened and closed around
them. Parsing a payload is :mod:`~trawl.api.agent.parsing`'s, running it
:mod:`~trawl.api.agent.dispatch`'s.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import threading
from collections import deque
from contextlib import suppress
from typing import IO, TYPE_CHECKING, Any

from trawl.api.agent.dispatch import dispatch
from trawl.api.agent.parsing import ParseError, parse_call
from trawl.api.callers import AGENT, Callers
from trawl.browser.session import ErrorCode, Session, SessionError
from trawl.config import get_settings
from trawl.net import NetPolicy

if TYPE_CHECKING:
    from trawl.crawler.webhooks import SessionWebhook

log = logging.getLogger("trawl.agent")


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


def agent_policy(callers: Callers | None = None) -> NetPolicy:
    """What an agent's go() may open: public addresses, internal ones only where the
    operator allowed the agent (`trawl agent --allow-host/--allow-private`,
    TRAWL_ALLOW_HOSTS, TRAWL_ALLOW_PRIVATE): the model driving it is not the operator."""
    return (callers or Callers(AGENT)).policy()


def attach_webhook(session: Session, url: str | None,
                   policy: NetPolicy | None = None) -> SessionWebhook | None:
    """Post ``session``'s events to ``url`` (else TRAWL_AGENT_WEBHOOK; none: None). The
    operator named it (a flag, the environment): its origin is allowed besides ``policy``
    (the agent's)."""
    url = url or get_settings().agent_webhook
    if not url:
        return None
    from trawl.crawler.webhooks import session_webhook
    from trawl.secrets import webhook_secret

    hook = session_webhook(url, policy or agent_policy(), webhook_secret())
    session.events.listeners.append(hook)
    return hook


async def run_agent(*, headless: bool = True, sidebar: bool = False,
                    browser: str = "chromium", out: ProtocolOut,
                    webhook: str | None = None, callers: Callers | None = None) -> int:
    """Launch the browser, say ready, serve requests until stdin closes. Returns exit code.
    ``callers``: the internal addresses go() may open (see trawl.api.callers)."""
    from trawl.errors import BrowserError

    def notify(message: str, url: str) -> None:
        print(f"trawl agent: HANDOFF: {message}\n  resume at {url} (or the sidebar's "
              "Resume button)", file=sys.stderr, flush=True)

    try:
        policy = agent_policy(callers)
        opener = Session.open(headless=headless, sidebar=sidebar, browser=browser,
                              handoff_notify=notify, policy=policy,
                              upload_root=get_settings().agent_upload_dir)
        session = await opener.__aenter__()
    except BrowserError as exc:
        out.send(_error(ErrorCode.ACTION_FAILED, f"browser did not start: {exc}"))
        print(f"error: {exc}", file=sys.stderr, flush=True)
        return 2
    hook = None
    try:
        hook = attach_webhook(session, webhook, policy)
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        await _read_lines(queue)
        out.send({"command": "ready", "payload": {}})
        await serve_requests(session, queue, out)
    finally:
        if hook is not None:
            await hook.aclose()
        try:
            await asyncio.wait_for(opener.__aexit__(None, None, None), timeout=15)
        except Exception as exc:
            log.debug("closing the browser: %s", exc)
    return 0


def main(headless: bool = True, sidebar: bool = False, browser: str = "chromium",
         log_file: str | None = None, webhook: str | None = None,
         callers: Callers | None = None) -> int:
    out = claim_stdout()
    setup_logging(log_file)
    if sidebar and headless:
        log.info("--sidebar with --headless: the panel is drawn but nobody can see it; "
                 "handoffs are resumable from the URL printed on stderr")
    try:
        return asyncio.run(run_agent(headless=headless, sidebar=sidebar, browser=browser,
                                     out=out, webhook=webhook, callers=callers))
    except KeyboardInterrupt:  # (asyncio.run cancelled the session: its browser closed)
        from trawl.api._cli_kit import say_interrupted

        # a Ctrl-C is no clean end of the session (that is stdin closed): exit 130, said
        return say_interrupted("interrupted: the browser session stopped").exit_code
