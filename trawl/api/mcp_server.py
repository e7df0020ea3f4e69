"""`trawl mcp`: trawl's browser session and crawl tools as an MCP server (stdio transport).

Session tools (one browser page, opened on first use): look, act, go, wait, eval, extract,
back, forward, reload, fill_form, get_attribute, tabs, tab_open, tab_switch, tab_close,
session_start, session_pause, session_resume, session_close, events,
handoff, resume_handoff (of that page's handoff). Crawl tools: start_crawl, crawl_status,
search_pages (a crawl waiting for a person is resumed with `trawl resume`). The crawl
tools import the crawl machinery lazily, so the server starts (and the browser tools work)
without Temporal or Postgres.

Run it with ``trawl mcp`` or ``python -m trawl.api.mcp_server``. Errors come back as tool errors
whose text starts with the session error code (``STALE_REF: ref e5 is stale, ...``).
"""

from __future__ import annotations

import asyncio
import base64
import logging
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any, TypeVar

from mcp.server.mcpserver import Image, MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from trawl.api.agent.protocol import attach_webhook
from trawl.api.callers import MCP, Callers
from trawl.browser.session import Session, SessionError
from trawl.config import get_settings
from trawl.errors import BlockedAddress
from trawl.redact import configure_logging

log = logging.getLogger("trawl.mcp")
T = TypeVar("T")

INSTRUCTIONS = """\
You control a browser and trawl's crawler.
look() - page state: tree of "role:name[ref]" strings and the ops each ref allows
act(ref, op, value) - click, dblclick, rightclick, input, clear, focus, check, uncheck,
  select, press, hover, scroll, drag (value: target ref), upload (value: file path)
fill_form({ref: value}) - several fields at once; get_attribute(ref, name)
back(), forward(), reload(); tabs(), tab_open(url), tab_switch(id), tab_close(id)
session_pause/session_resume/session_close/session_start; events(since)
A destructive control (delete, buy, pay, log out, unsubscribe, a form that POSTs) gives
CONFIRM_REQUIRED and is not pressed: repeat with confirm=true only if the user asked for it.
go(url), wait(condition: ref or JS expression), eval(js), extract(format)
handoff(message) - ask a person to intervene; blocks until they resume
If a ref is stale (STALE_REF), call look() again. PAUSED: the session is paused;
SESSION_CLOSED: the browser was closed (session_start opens one).
Crawl a site with start_crawl, follow it
with crawl_status, and query stored pages with search_pages."""


class BrowserHolder:
    """Opens the browser Session on first use; one command at a time on it."""

    def __init__(self, headless: bool = True, sidebar: bool = False,
                 browser: str = "chromium", webhook: str | None = None,
                 callers: Callers | None = None) -> None:
        self.headless = headless
        self.sidebar = sidebar
        self.browser = browser
        self.webhook = webhook
        """Where the session's events are POSTed (else TRAWL_AGENT_WEBHOOK)."""
        self.callers = callers or Callers(MCP)
        """What the model's go() may reach besides public addresses."""
        self.stack = AsyncExitStack()
        self.session: Session | None = None
        self.lock = asyncio.Lock()
        self._open_lock = asyncio.Lock()

    async def get(self) -> Session:
        async with self._open_lock:
            if self.session is None:
                def notify(message: str, url: str) -> None:
                    print(f"trawl mcp: HANDOFF: {message} -- resume at {url} or with the "
                          "resume_handoff tool", file=sys.stderr, flush=True)

                session = await self.stack.enter_async_context(Session.open(
                    headless=self.headless, sidebar=self.sidebar, browser=self.browser,
                    handoff_notify=notify, policy=self.callers.policy(),
                    upload_root=get_settings().agent_upload_dir))
                # before the session is handed out: a webhook that cannot be set up (a bad
                # TRAWL_WEBHOOK_SECRET) fails this call, not a session left without it
                hook = attach_webhook(session, self.webhook, self.callers.policy())
                if hook is not None:
                    self.stack.push_async_callback(hook.aclose)
                self.session = session
            return self.session

    async def close(self) -> None:
        if self.session is not None:
            self.session.resume()
        await self.stack.aclose()
        self.session = None


def build_server(headless: bool = True, sidebar: bool = False,
                 browser: str = "chromium", webhook: str | None = None,
                 callers: Callers | None = None) -> MCPServer[Any]:
    """The MCP server; ``callers``: the internal addresses its tools may reach (go,
    start_crawl), as the operator allowed them (default: the environment's only)."""
    callers = callers or Callers(MCP)
    holder = BrowserHolder(headless=headless, sidebar=sidebar, browser=browser,
                           webhook=webhook, callers=callers)

    @asynccontextmanager
    async def lifespan(_server: MCPServer[Any]) -> AsyncIterator[None]:
        try:
            yield None
        finally:
            await holder.close()

    server: MCPServer[Any] = MCPServer("trawl", instructions=INSTRUCTIONS, lifespan=lifespan)
    _session_tools(server, holder)
    _breadth_tools(server, holder)
    _lifecycle_tools(server, holder)
    _crawl_tools(server, callers)
    server.holder = holder  # type: ignore[attr-defined]
    return server


async def _call(holder: BrowserHolder, method: str, *args: Any, **kwargs: Any) -> Any:
    """``session.method(...)``, one at a time; a SessionError is a tool error whose text
    starts with its code."""
    try:
        session = await holder.get()
    except Exception as exc:
        raise ToolError(f"ACTION_FAILED: the browser did not start: {exc}") from exc
    async with holder.lock:
        try:
            result = getattr(session, method)(*args, **kwargs)
            return await result if asyncio.iscoroutine(result) else result
        except SessionError as exc:
            raise ToolError(str(exc)) from exc


def _session_tools(server: MCPServer[Any], holder: BrowserHolder) -> None:
    """The browser session API (look, act, go, wait, eval, extract, handoff) and
    resume_handoff, on one browser page opened on first use."""

    async def call(method: str, *args: Any, **kwargs: Any) -> Any:
        return await _call(holder, method, *args, **kwargs)

    @server.tool()
    async def look(scope: str | None = None, viewport: bool = True) -> dict[str, Any]:
        """Page state: url, title, tree of "role:name[ref]" for interactable elements, and
        the ops each ref allows. scope: a CSS selector to look inside; viewport=false
        includes off-screen elements. Refs change on every look."""
        return await call("look", scope=scope, viewport=viewport)  # type: ignore[no-any-return]

    @server.tool()
    async def act(ref: str, op: str, value: str | list[str] | None = None,
                  confirm: bool = False) -> dict[str, Any]:
        """Do op on the element ref from the last look(): click, dblclick, rightclick,
        input (value = text), clear, focus, check, uncheck, select (value = option, or a
        list for a multi-select), press (value = key such as Enter), hover, scroll (value:
        up/down/top/bottom, or none to scroll into view), drag (value = the ref to drop it
        on), upload (value = a file path or a list, under TRAWL_AGENT_UPLOAD_DIR or the
        server's working directory).
        Returns {changed}: did the URL or DOM change. Pressing a destructive control
        (delete, buy, pay, log out, unsubscribe, a form that POSTs) fails with
        CONFIRM_REQUIRED and does nothing unless confirm=true: set it only when the user
        asked for exactly that action."""
        return await call("act", ref, op, value, confirm=confirm)  # type: ignore[no-any-return]

    @server.tool()
    async def go(url: str) -> dict[str, Any]:
        """Navigate to url; returns the final url and title."""
        return await call("go", url)  # type: ignore[no-any-return]

    @server.tool()
    async def wait(condition: str, timeout_ms: float | None = None) -> dict[str, Any]:
        """Wait until a ref is visible or a JS expression is truthy; returns {elapsed} ms."""
        return await call("wait", condition, timeout_ms)  # type: ignore[no-any-return]

    @server.tool(name="eval")
    async def eval_js(js: str) -> dict[str, Any]:
        """Run JavaScript in the page; returns {value}."""
        return await call("eval", js)  # type: ignore[no-any-return]

    @server.tool()
    async def extract(format: str = "markdown", full_page: bool = False) -> Any:
        """The page as markdown, html, text, links, or a screenshot (PNG image)."""
        result = await call("extract", format, full_page=full_page)
        if format == "screenshot":
            return Image(data=base64.b64decode(result["screenshot"]), format="png")
        return result

    @server.tool()
    async def handoff(message: str) -> dict[str, Any]:
        """Ask a person to intervene (login, CAPTCHA). Blocks until they press Resume (the
        sidebar button or the local URL logged on stderr) or resume_handoff is called."""
        session = await holder.get()
        async with holder.lock:
            try:
                return await session.handoff(message)
            except SessionError as exc:
                raise ToolError(str(exc)) from exc

    @server.tool()
    async def resume_handoff() -> dict[str, Any]:
        """Resume the browser session's pending handoff() (a crawl waiting for a person
        is resumed with `trawl resume <crawl_id>`)."""
        session = holder.session
        if session is None or session.handoff_pending is None:
            raise ToolError("INVALID_ARGS: no browser handoff is waiting (a crawl's handoff "
                            "is resumed with `trawl resume <crawl_id>`)")
        session.resume()
        return {"resumed": True}


def _breadth_tools(server: MCPServer[Any], holder: BrowserHolder) -> None:
    """History, fill_form, get_attribute and tabs."""

    async def call(method: str, *args: Any, **kwargs: Any) -> Any:
        return await _call(holder, method, *args, **kwargs)

    @server.tool()
    async def back() -> dict[str, Any]:
        """Go back in the tab's history; returns url and title."""
        return await call("back")  # type: ignore[no-any-return]

    @server.tool()
    async def forward() -> dict[str, Any]:
        """Go forward in the tab's history; returns url and title."""
        return await call("forward")  # type: ignore[no-any-return]

    @server.tool()
    async def reload() -> dict[str, Any]:
        """Reload the page; returns url and title. Refs need a new look()."""
        return await call("reload")  # type: ignore[no-any-return]

    @server.tool()
    async def fill_form(fields: dict[str, Any], confirm: bool = False) -> dict[str, Any]:
        """Fill several fields from the last look() at once: fields = {ref: value} (text;
        true/false for a checkbox; an option or a list for a select; a file path for a
        file input). Nothing is submitted. Returns {ok, filled, errors: {ref: {code,
        message}}}: the other fields are filled even when one fails."""
        return await call("fill", fields, confirm=confirm)  # type: ignore[no-any-return]

    @server.tool()
    async def get_attribute(ref: str, name: str) -> dict[str, Any]:
        """The attribute name of element ref (href, value, aria-expanded...): {value}, null
        when absent."""
        return await call("attribute", ref, name)  # type: ignore[no-any-return]

    @server.tool()
    async def tabs() -> dict[str, Any]:
        """The open tabs: {tabs: [{id, url, title, active}], active}."""
        return await call("tab_list")  # type: ignore[no-any-return]

    @server.tool()
    async def tab_open(url: str | None = None) -> dict[str, Any]:
        """Open a new tab (on url) and continue in it; returns its id."""
        return await call("tab_open", url)  # type: ignore[no-any-return]

    @server.tool()
    async def tab_switch(tab_id: str) -> dict[str, Any]:
        """Continue in the tab tab_id (from tabs)."""
        return await call("tab_switch", tab_id)  # type: ignore[no-any-return]

    @server.tool()
    async def tab_close(tab_id: str | None = None) -> dict[str, Any]:
        """Close tab_id (default: the active tab); not the last one."""
        return await call("tab_close", tab_id)  # type: ignore[no-any-return]



def _lifecycle_tools(server: MCPServer[Any], holder: BrowserHolder) -> None:
    """session_start / session_pause / session_resume / session_close and events."""

    async def call(method: str, *args: Any, **kwargs: Any) -> Any:
        return await _call(holder, method, *args, **kwargs)

    @server.tool()
    async def session_start() -> dict[str, Any]:
        """Open the browser again after session_close (a running session is left as is)."""
        return await call("start")  # type: ignore[no-any-return]

    @server.tool()
    async def session_pause() -> dict[str, Any]:
        """Pause: actions fail with PAUSED until session_resume; reading still works."""
        return await call("pause")  # type: ignore[no-any-return]

    @server.tool()
    async def session_resume() -> dict[str, Any]:
        """Resume a paused session."""
        return await call("resume_session")  # type: ignore[no-any-return]

    @server.tool()
    async def session_close() -> dict[str, Any]:
        """Close the browser (frees it); calls fail with SESSION_CLOSED until session_start."""
        return await call("close_browser")  # type: ignore[no-any-return]

    @server.tool()
    async def events(since: int = 0, types: list[str] | None = None) -> dict[str, Any]:
        """The session's events after seq since: page_navigation, page_load_complete,
        action_completed, action_error, browser_error. Returns {events, last}."""
        return await call("event_list", since, types)  # type: ignore[no-any-return]


async def _crawl_tool(run: Callable[[Any], Awaitable[T]], failed: str = "") -> T:
    """``run(trawl.api.crawls)``; a failure comes back as an ACTION_FAILED tool error
    (``failed`` says what failed); an address refused by the guard is re-raised."""
    try:
        return await run(_crawls())
    except (ToolError, BlockedAddress):
        raise
    except Exception as exc:
        raise ToolError(f"ACTION_FAILED: {failed}{exc}") from exc


def _crawl_tools(server: MCPServer[Any], callers: Callers) -> None:
    """start_crawl, crawl_status, search_pages, start_agent and agent_status
    (trawl.api.crawls, imported on first use)."""

    @server.tool()
    async def start_crawl(urls: list[str], max_pages: int | None = None,
                          max_depth: int | None = None, extract: dict[str, Any] | None = None,
                          model: str | None = None, max_model_tokens: int | None = None,
                          goal: str | None = None, goal_pages: int | None = None,
                          goal_rank: str = "lexical") -> dict[str, Any]:
        """Start a durable crawl of urls; returns crawl_id, workflow_id and the web UI url.
        extract: structured data per page ({fields: {name: css selector}} or {schema: JSON
        Schema, prompt: text} with model PROVIDER:NAME); goal: what to look for (the most
        relevant links first); goal_pages: stop once that many pages have data; goal_rank:
        lexical (default) or model (the model ranks each page's links)."""
        # the caller is a program, not the operator: its start URLs pass the guard within
        # what the operator allowed this server (trawl.api.callers), as go() does
        try:
            return await _crawl_tool(  # type: ignore[no-any-return]
                lambda crawls: crawls.start_crawl(urls, callers, max_pages=max_pages,
                                                  max_depth=max_depth, extract=extract,
                                                  model=model,
                                                  max_model_tokens=max_model_tokens,
                                                  goal=goal, goal_pages=goal_pages,
                                                  goal_rank=goal_rank),
                "could not start the crawl: ")
        except BlockedAddress as exc:
            raise ToolError(f"INVALID_ARGS: {exc}") from None

    @server.tool()
    async def start_agent(task: str, start_url: str, model: str | None = None,
                          max_steps: int | None = None,
                          max_tokens: int | None = None) -> dict[str, Any]:
        """Start a durable browser agent run (a model does the task in a browser, asks a
        person before anything destructive); returns run_id and the web UI url. Follow it
        with agent_status."""
        # the caller is a program: its start URL passes the guard within what the operator
        # allowed this server (trawl.api.callers)
        try:
            return await _crawl_tool(  # type: ignore[no-any-return]
                lambda crawls: crawls.start_agent_run(task, start_url, callers, model=model,
                                                      max_steps=max_steps,
                                                      max_tokens=max_tokens),
                "could not start the agent: ")
        except BlockedAddress as exc:
            raise ToolError(f"INVALID_ARGS: {exc}") from None

    @server.tool()
    async def agent_status(run_id: str) -> dict[str, Any]:
        """An agent run's status, answer and steps (tool, arguments, result summary)."""
        return await _crawl_tool(  # type: ignore[no-any-return]
            lambda crawls: crawls.agent_run_status(run_id))

    @server.tool()
    async def crawl_status(crawl_id: str) -> dict[str, Any]:
        """Progress of a crawl: pages done/queued/failed, pending handoffs, state."""
        return await _crawl_tool(  # type: ignore[no-any-return]
            lambda crawls: crawls.crawl_status(crawl_id))

    @server.tool()
    async def search_pages(query: str, crawl_id: str | None = None,
                           limit: int = 10) -> list[dict[str, Any]]:
        """Full-text search over stored pages (websearch syntax); url, title, snippet."""
        return await _crawl_tool(  # type: ignore[no-any-return]
            lambda crawls: crawls.search_pages(query, crawl_id=crawl_id, limit=limit))


def _crawls() -> Any:
    try:
        from trawl.api import crawls
    except ImportError as exc:
        raise ToolError(f"ACTION_FAILED: crawl tools are not available: {exc}") from exc
    return crawls


def run(headless: bool = True, sidebar: bool = False, browser: str = "chromium",
        webhook: str | None = None, callers: Callers | None = None) -> None:
    configure_logging(stream=sys.stderr)
    build_server(headless=headless, sidebar=sidebar, browser=browser, webhook=webhook,
                 callers=callers).run("stdio")


if __name__ == "__main__":
    run()
