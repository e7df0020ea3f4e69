"""The core of the agent browser Session (see :mod:`trawl.browser.session`): its error
codes, constants and state, the page it is attached to, the command log and sidebar,
look() and the refs it hands out. Acting lives in ``_session_act``, navigation, tabs,
the lifecycle and handoffs in ``session``; each layer subclasses the one below.
"""

from __future__ import annotations

import asyncio
import logging
import math
import re
import time
from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trawl.browser.destructive import (
    DestructiveGuard,
)
from trawl.browser.handoff import HandoffServer
from trawl.browser.scripts import script
from trawl.browser.session_ops import (
    EventLog,
    State,
    Tabs,
)
from trawl.errors import BrowserError, TrawlError
from trawl.model import DEFAULT_ACTION_TIMEOUT_MS
from trawl.net import NetPolicy

if TYPE_CHECKING:
    from playwright.async_api import Browser, ElementHandle, Page, Playwright

log = logging.getLogger("trawl.browser.session")

DEFAULT_NAV_TIMEOUT_MS = 30_000
SETTLE_S = 0.1
"""How long act() waits for a navigation or DOM update to start after the action."""
POPUP_WAIT_S = 5.0
"""How long act() waits for the popup of a click on a link or form that targets a new
window (``target="_blank"`` and the like): on a busy machine it opens well after SETTLE_S."""
OPENS_NEW_WINDOW_JS = """e => {
  const t = e.closest('a[target], area[target], form[target], [formtarget]');
  if (!t) return false;
  const name = (t.getAttribute('formtarget') || t.getAttribute('target') || '').toLowerCase();
  return !['', '_self', '_parent', '_top'].includes(name);
}"""
DEFAULT_VIEWPORT = {"width": 1280, "height": 800}
MAX_LOG_ENTRIES = 200

REF_RE = re.compile(r"^e[1-9][0-9]*$")
UNIVERSAL_OPS = ("press", "hover", "scroll", "focus", "dblclick", "rightclick", "drag")
ALL_OPS = ("click", "input", "clear", "focus", "check", "uncheck", "select", "press", "hover",
           "scroll", "dblclick", "rightclick", "drag", "upload")
PRESSING_OPS = ("click", "dblclick")
"""Ops that press the element as a click does: the destructive guard judges them alike."""
EXTRACT_FORMATS = ("markdown", "html", "text", "links", "screenshot")
BROWSERS = {"chromium": "chromium", "chrome": "chromium", "firefox": "firefox",
            "webkit": "webkit"}


class ErrorCode(StrEnum):
    STALE_REF = "STALE_REF"
    INVALID_ARGS = "INVALID_ARGS"
    ACTION_FAILED = "ACTION_FAILED"
    TIMEOUT = "TIMEOUT"
    EVAL_FAILED = "EVAL_FAILED"
    CONFIRM_REQUIRED = "CONFIRM_REQUIRED"
    """act() on a destructive control without ``confirm``; nothing was done."""
    PAUSED = "PAUSED"
    """The session is paused (pause()): actions wait for resume_session(); nothing was done."""
    SESSION_CLOSED = "SESSION_CLOSED"
    """The session's browser was closed (close_browser()); start() opens a new one."""


class SessionError(TrawlError):
    """A session call failed; ``code`` is one of :class:`ErrorCode`."""

    def __init__(self, code: ErrorCode | str, message: str) -> None:
        super().__init__(message)
        self.code = ErrorCode(code)
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"message": self.message, "code": self.code.value}

    def __str__(self) -> str:
        return f"{self.code.value}: {self.message}"


def look_script() -> str:
    """The page-side walker (look.js), as a function expression for ``page.evaluate``."""
    return script("trawl.browser", "look.js")


def sidebar_script() -> str:
    return script("trawl.browser", "sidebar.js")


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    if not text:
        return type(exc).__name__
    line = text.splitlines()[0]
    for prefix in ("Error: ", "page.evaluate: ", "Page.evaluate: "):
        line = line.removeprefix(prefix)
    return line


def _is_timeout(exc: BaseException) -> bool:
    from playwright.async_api import TimeoutError as PlaywrightTimeout

    return isinstance(exc, PlaywrightTimeout | asyncio.TimeoutError)


def _jsonable(value: Any) -> Any:
    """Make an evaluate() result JSON-safe (NaN/Infinity become strings)."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)


@dataclass
class _LookState:
    id: str
    url: str
    roles: dict[str, str]
    actions: dict[str, list[str]]


@dataclass
class LogEntry:
    at: float
    command: str
    ok: bool = True
    detail: str = ""


@dataclass
class _Handoff:
    message: str
    event: asyncio.Event = field(default_factory=asyncio.Event)
    started: float = field(default_factory=time.monotonic)
    url: str | None = None


async def launch_browser(playwright: Playwright, name: str = "chromium", *,
                         headless: bool = True) -> Browser:
    """Launch ``name`` (chromium, chrome, firefox, webkit); a clear BrowserError if not."""
    from trawl.browser.launch import launch_chromium

    engine = BROWSERS.get(name.lower())
    if engine is None:
        raise BrowserError(f"unknown browser {name!r}; use one of {', '.join(BROWSERS)}")
    if engine == "chromium":
        return await launch_chromium(playwright, headless=headless)
    browser_type = getattr(playwright, engine)
    try:
        return await browser_type.launch(headless=headless)  # type: ignore[no-any-return]
    except Exception as exc:
        raise BrowserError(
            f"could not launch {engine}: {_first_line(exc)}. Playwright's {engine} is not "
            f"installed here; run `playwright install {engine}`, or use --browser chromium"
        ) from exc


class SessionCore:
    """The state of one session and what every call needs: the page, refs, the log."""

    def __init__(self, page: Page, *, sidebar: bool = False,
                 action_timeout_ms: int = DEFAULT_ACTION_TIMEOUT_MS,
                 nav_timeout_ms: int = DEFAULT_NAV_TIMEOUT_MS,
                 handoff_notify: Callable[[str, str], None] | None = None,
                 handoff_server: bool = True, policy: NetPolicy | None = None,
                 guard: DestructiveGuard | None = None,
                 upload_root: Path | str | None = None) -> None:
        self.page = page
        self.guard = guard if guard is not None else DestructiveGuard()
        """Judges what act() presses; a destructive control needs ``confirm=True``."""
        self.policy = policy
        """When set, go() refuses addresses the guard does not allow (see trawl.net);
        non-http(s) URLs (file://, chrome://, javascript:) are refused either way."""
        self.sidebar = sidebar
        self.action_timeout_ms = action_timeout_ms
        self.nav_timeout_ms = nav_timeout_ms
        self.handoff_notify = handoff_notify
        self.handoff_server_enabled = handoff_server
        self._look: _LookState | None = None
        self._log: list[LogEntry] = []
        self._handoff: _Handoff | None = None
        self._handoff_server: HandoffServer | None = None
        self._dialogs: list[str] = []
        self._sidebar_ready = False
        self._secret = False
        self.upload_root = Path(upload_root) if upload_root is not None else Path.cwd()
        """upload sends only files under this directory (default: the working directory)."""
        self.events = EventLog()
        self.tabs = Tabs()
        self.state = State.RUNNING
        self._relaunch: Callable[[], Awaitable[Page]] | None = None
        """Set by open(): launches a new browser for start() after close_browser()."""
        self._watched: list[Page] = []
        self._attach(page)

    # ------------------------------------------------------------------ lifecycle
    async def close(self) -> None:
        if self._handoff is not None:
            self._handoff.event.set()
        if self._handoff_server is not None:
            self._handoff_server.stop()
            self._handoff_server = None

    def _attach(self, page: Page) -> None:
        self.page = page
        if any(p is page for p in self._watched):
            return
        self._watched.append(page)
        page.on("dialog", self._on_dialog)
        page.on("framenavigated", lambda frame: self._on_navigated(page, frame))
        page.on("load", lambda p: self.events.add("page_load_complete", url=p.url,
                                                  tab=self.tabs.id_of(p)))
        page.on("crash", lambda p: self.events.add("browser_error", url=p.url,
                                                   detail="the page crashed"))
        page.on("close", lambda p: self._watched.remove(p) if p in self._watched else None)
        self.tabs.id_of(page)
        browser = page.context.browser
        if browser is not None and len(self._watched) == 1:
            browser.on("disconnected", lambda _b: self.events.add(
                "browser_error", detail="the browser disconnected")
                if self.state is not State.CLOSED else None)

    def _on_navigated(self, page: Page, frame: Any) -> None:
        if frame == page.main_frame:
            self.events.add("page_navigation", url=frame.url, tab=self.tabs.id_of(page))

    async def _on_dialog(self, dialog: Any) -> None:
        self._dialogs.append(f"{dialog.type}: {dialog.message}")
        with suppress(Exception):
            await dialog.accept()

    # ------------------------------------------------------------------ sidebar
    async def enable_sidebar(self) -> None:
        """Show the command panel in the page (and in every page loaded after)."""
        self.sidebar = True
        if not self._sidebar_ready:
            context = self.page.context
            await context.expose_binding("__trawlResume", self._resume_from_page)
            await context.add_init_script(f"({sidebar_script()})()")
            self._sidebar_ready = True
        with suppress(Exception):
            await self.page.evaluate(f"({sidebar_script()})()")
        await self._sync_sidebar()

    async def _resume_from_page(self, _source: Any, *_args: Any) -> bool:
        return self.resume()

    async def _sync_sidebar(self, highlight: ElementHandle | None = None) -> None:
        if not self.sidebar:
            return
        entries = [{"at": e.at, "command": e.command, "ok": e.ok, "detail": e.detail}
                   for e in self._log[-MAX_LOG_ENTRIES:]]
        handoff = self._handoff.message if self._handoff is not None else None
        try:
            await self.page.evaluate(
                "([entries, handoff, el]) => window.__trawlSidebar &&"
                " window.__trawlSidebar.render(entries, handoff, el)",
                [entries, handoff, highlight])
        except Exception as exc:  # the page may be navigating; the panel catches up later
            log.debug("sidebar update failed: %s", exc)

    def _record(self, command: str, ok: bool = True, detail: str = "") -> None:
        self._log.append(LogEntry(time.time(), command, ok, detail))
        del self._log[:-MAX_LOG_ENTRIES]
        self.events.add("action_completed" if ok else "action_error", command=command,
                        detail=detail)

    @property
    def command_log(self) -> list[LogEntry]:
        return list(self._log)

    # ------------------------------------------------------------------ look
    async def look(self, scope: str | None = None, viewport: bool = True) -> dict[str, Any]:
        """Interactable elements as ``role:name[ref]`` strings plus the ops each allows."""
        self._check_state("look()", reading=True)
        if scope is not None and not isinstance(scope, str):
            raise SessionError(ErrorCode.INVALID_ARGS, "scope must be a CSS selector string")
        args = {"op": "look", "scope": scope, "viewport": bool(viewport)}
        try:
            try:
                result = await self.page.evaluate(look_script(), args)
            except Exception as exc:
                if "Execution context was destroyed" not in str(exc) \
                        and "navigat" not in str(exc):
                    raise
                await self._settle_navigation()  # the page was navigating: look at the new one
                result = await self.page.evaluate(look_script(), args)
        except Exception as exc:
            raise SessionError(ErrorCode.ACTION_FAILED,
                               f"look() failed: {_first_line(exc)}; wait a moment and call "
                               "look() again") from exc
        if "error" in result:
            raise SessionError(result["error"], result["message"])
        self._look = _LookState(
            id=result["id"], url=result["url"],
            roles={t.rsplit("[", 1)[1][:-1]: t.split(":", 1)[0] for t in result["tree"]},
            actions=result["actions"])
        self._record("look()" if scope is None else f"look({{scope: {scope!r}}})",
                     detail=f"{len(result['tree'])} elements")
        await self._sync_sidebar()
        return {"url": result["url"], "title": result["title"], "tree": result["tree"],
                "actions": result["actions"]}

    # ------------------------------------------------------------------ refs
    async def _resolve(self, ref: Any) -> tuple[ElementHandle, str]:
        if not isinstance(ref, str) or not ref:
            raise SessionError(ErrorCode.INVALID_ARGS,
                               "ref must be a string like 'e1' from the last look()")
        if self._look is None:
            raise SessionError(ErrorCode.STALE_REF,
                               f"ref {ref} is unknown: no look() yet; call look() first")
        if ref not in self._look.roles:
            if REF_RE.match(ref):
                raise SessionError(ErrorCode.STALE_REF,
                                   f"ref {ref} is stale, call look() to refresh")
            raise SessionError(ErrorCode.INVALID_ARGS,
                               f"{ref!r} is not a ref; refs look like 'e1' (call look())")
        try:
            handle = await self.page.evaluate_handle(
                look_script(), {"op": "resolve", "id": self._look.id, "ref": ref})
        except Exception as exc:
            raise SessionError(ErrorCode.STALE_REF,
                               f"ref {ref} is stale (the page is changing), call look() to "
                               "refresh") from exc
        element = handle.as_element()
        if element is None:
            status = await handle.json_value()
            await handle.dispose()
            reason = {
                "nolook": "the page navigated since the last look()",
                "mismatch": "another look() ran since",
                "detached": "the element was removed from the page",
            }.get(str(status), "it is not in the last look()")
            raise SessionError(ErrorCode.STALE_REF,
                               f"ref {ref} is stale ({reason}), call look() to refresh")
        # an element inside a same-origin iframe must be driven from its own frame's
        # context, or Playwright hit-tests it against the top document
        frame = await element.owner_frame()
        if frame is not None and frame != self.page.main_frame:
            inner = await frame.evaluate_handle(
                "(ref) => window.top[Symbol.for('trawl.look')].refs.get(ref)", ref)
            inner_el = inner.as_element()
            if inner_el is not None:
                await element.dispose()
                element = inner_el
        return element, self._look.roles[ref]

    async def _settle_navigation(self, timeout_ms: float | None = None) -> None:
        try:
            await self.page.wait_for_load_state(
                "load", timeout=self.nav_timeout_ms if timeout_ms is None else timeout_ms)
        except Exception as exc:
            log.debug("load state not reached: %s", exc)

    # ------------------------------------------------------------------ state
    def _check_state(self, call: str, reading: bool = False) -> None:
        if self.state is State.CLOSED:
            raise SessionError(ErrorCode.SESSION_CLOSED,
                               f"{call}: the session is closed; start it to open a new "
                               "browser (agent.start(), MCP session_start)")
        if self.state is State.PAUSED and not reading:
            raise SessionError(ErrorCode.PAUSED,
                               f"{call}: the session is paused and did nothing; resume it "
                               "first (agent.resume(), MCP session_resume); look, extract, "
                               "attribute, tabs and events still work")

    def status(self) -> dict[str, Any]:
        return {"state": self.state.value, "url": "" if self.state is State.CLOSED
                else self.page.url}

    async def _title(self) -> str:
        try:
            return await self.page.title()
        except Exception:
            return ""

    # ------------------------------------------------------------------ handoff
    @property
    def handoff_pending(self) -> str | None:
        """The message of the handoff waiting for a person, if any."""
        return self._handoff.message if self._handoff is not None else None

    @property
    def handoff_url(self) -> str | None:
        return self._handoff.url if self._handoff is not None else None

    def resume(self) -> bool:
        """Resume a pending handoff (from the sidebar, the resume page, MCP or code)."""
        if self._handoff is None or self._handoff.event.is_set():
            return False
        self._handoff.event.set()
        return True
