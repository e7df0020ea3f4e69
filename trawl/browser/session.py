"""The agent browser Session: look / act / go / wait / eval / extract / handoff.

One implementation with two users: LLM agents (``trawl agent``'s stdio protocol and
``trawl mcp``) and the crawler's explore activity. A Session wraps one Playwright async
``Page``::

    session = Session(page)                    # an existing page (the crawler's pool)
    async with Session.open(headless=True) as session:   # or its own browser
        await session.go("https://example.com/login")
        state = await session.look()           # {url, title, tree, actions}
        await session.act("e1", "input", "admin@test.com")

Refs (``e1``, ``e2``, ...) are handed out by look(): numbering starts at ``e1`` in each new
document and continues across looks within it, so only the last look's refs are live and an
older ref is a STALE_REF instead of silently reaching another element.

Every failure is a :class:`SessionError` with one of eight codes (STALE_REF, INVALID_ARGS,
ACTION_FAILED, TIMEOUT, EVAL_FAILED, CONFIRM_REQUIRED, PAUSED, SESSION_CLOSED) and a
message that tells the caller what to do next; the session stays usable after any of them.

Beyond look/act: act ops dblclick, rightclick, drag (value: the target ref) and upload
(value: paths under ``upload_root``); fill() (several fields at once, errors per field),
attribute(), back()/forward()/reload(), tabs (tab_list/tab_open/tab_switch/tab_close), the
lifecycle (pause/resume_session/close_browser/start) and event_list() (issue 18).

act() does not press a destructive control (delete, buy, pay, log out, unsubscribe, a form
that POSTs...; see :mod:`trawl.browser.destructive`) -- by a click, a double-click, Enter
or Space, a drop onto it, or an upload whose form submits on choosing the file -- unless
called with ``confirm=True``:
without it the call fails with CONFIRM_REQUIRED and nothing is done. A page an agent reads
can tell it to do anything; the confirmation is the agent's (and its user's) decision.
"""

from __future__ import annotations

import asyncio
import base64
import logging
import math
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin, urlsplit

from trawl.browser.destructive import (
    ControlFacts,
    DestructiveGuard,
    FormFacts,
    Verdict,
    key_activates,
    key_submits,
)
from trawl.browser.goto import goto_settled
from trawl.browser.handoff import HandoffServer
from trawl.browser.scripts import script
from trawl.browser.session_ops import (
    ATTRIBUTE_JS,
    AUTO_SUBMIT_JS,
    FILE_INPUT_JS,
    EventLog,
    State,
    Tabs,
    drag,
    upload_paths,
)
from trawl.errors import BlockedAddress, BrowserError, TrawlError
from trawl.model import DEFAULT_ACTION_TIMEOUT_MS, DEFAULT_WAIT_TIMEOUT_MS
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


class Session:
    """The agent-facing API over one Playwright page. All methods are coroutines."""

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
    @classmethod
    @asynccontextmanager
    async def open(cls, *, headless: bool = True, browser: str = "chromium",
                   sidebar: bool = False, viewport: dict[str, int] | None = None,
                   **session_kwargs: Any) -> AsyncIterator[Session]:
        """Launch a browser with one page and yield a Session on it; closes all on exit.
        The session owns that browser: close_browser() frees it and start() launches
        another."""
        from playwright.async_api import async_playwright

        async with async_playwright() as pw:
            async def launch() -> Page:
                brow = await launch_browser(pw, browser, headless=headless)
                try:
                    context = await brow.new_context(
                        viewport=viewport or DEFAULT_VIEWPORT)  # type: ignore[arg-type]
                    return await context.new_page()
                except BaseException:
                    with suppress(Exception):
                        await brow.close()
                    raise

            session = cls(await launch(), sidebar=sidebar, **session_kwargs)
            session._relaunch = launch
            try:
                if sidebar:
                    await session.enable_sidebar()
                yield session
            finally:
                await session.close()
                with suppress(Exception):  # the browser may already be gone
                    await session._close_owned_browser()

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

    # ------------------------------------------------------------------ act
    async def act(self, ref: str, op: str, value: Any = None, *,
                  confirm: bool = False) -> dict[str, Any]:
        """Perform ``op`` on the element ``ref``; ``{changed}`` tells if the URL or DOM changed.

        Pressing a destructive control (a click, or Enter/Space on it) needs
        ``confirm=True``; without it: CONFIRM_REQUIRED, and nothing is done."""
        self._secret = False
        self._check_state(f"act({ref!r}, {op!r})")
        if not isinstance(confirm, bool):
            raise SessionError(ErrorCode.INVALID_ARGS, "confirm must be true or false")
        try:
            result = await self._act(ref, op, value, confirm)
        except SessionError as exc:
            desc = self._act_desc(ref, op, value, confirm)
            self._record(desc, ok=False, detail=exc.code.value)
            await self._sync_sidebar()
            raise
        self._record(self._act_desc(ref, op, value, confirm),
                     detail="changed" if result["changed"] else "no change")
        await self._sync_sidebar()
        return result

    def _act_desc(self, ref: str, op: str, value: Any, confirm: bool = False) -> str:
        args = [repr(ref), repr(op)]
        if value is not None:
            args.append("'***'" if self._secret else repr(value))  # never show a password
        if confirm:
            args.append("{confirm: true}")
        return f"act({', '.join(args)})"

    async def _destructive(self, element: ElementHandle, op: str, value: Any) -> Verdict | None:
        """The guard's verdict when ``op`` presses the element (a click or double-click,
        Enter, Space), drops something on a control, or uploads into a form that
        submits as soon as a file is chosen."""
        if op in PRESSING_OPS:
            return await self.guard.check(element)
        if op == "press" and isinstance(value, str) and key_activates(value):
            return await self.guard.check(element, enter=key_submits(value))
        if op == "drag":  # dropping on a control ("Delete", a trash can) is judged as a click
            target, _role = await self._resolve(value)
            try:
                return await self.guard.check(target)
            finally:
                await target.dispose()
        if op == "upload":
            return await self._upload_verdict(element)
        return None

    async def _upload_verdict(self, element: ElementHandle) -> Verdict | None:
        """An upload is judged by the file input's own label and, when choosing the files
        submits its form (an inline onchange that submits), as that submission."""
        verdict = await self.guard.check(element)
        if verdict is not None:
            return verdict
        handle = await element.evaluate_handle(FILE_INPUT_JS)
        file_input = handle.as_element()
        if file_input is None:
            return None
        try:
            auto = await file_input.evaluate(AUTO_SUBMIT_JS)
        finally:
            await file_input.dispose()
        if not auto:
            return None
        facts = ControlFacts(tag="input", role="button", name=auto["name"], submits=True,
                             form=FormFacts(method=auto["method"]))
        verdict = self.guard.judge(facts)
        if verdict is None:
            return None
        return Verdict(verdict.label, f"choosing a file submits its form: {verdict.reason}")

    async def _act(self, ref: str, op: str, value: Any, confirm: bool = False
                   ) -> dict[str, Any]:
        element, role = await self._act_target(ref, op, value)
        if op == "input":
            with suppress(Exception):
                self._secret = bool(await element.evaluate("e => e.type === 'password'"))
        if not confirm:
            await self._refuse_destructive(element, ref, role, op, value)
        if self.sidebar:
            await self._sync_sidebar(highlight=element)
        page = self.page
        url_before = page.url
        opens_window = False
        if op == "click":
            with suppress(Exception):
                opens_window = bool(await element.evaluate(OPENS_NEW_WINDOW_JS))
        watch = _ActWatch(page)
        self._dialogs.clear()
        try:
            with suppress(Exception):
                await page.evaluate(look_script(), {"op": "watch", "el": element})
            await self._perform_reported(element, ref, role, op, value, watch)
            await asyncio.sleep(SETTLE_S)
            if opens_window:
                await watch.popup_opened(POPUP_WAIT_S)
            if watch.navigated:
                await self._settle_navigation()
        finally:
            watch.stop()
            with suppress(Exception):
                await element.dispose()
        changed = watch.navigated or page.url != url_before
        if not changed:
            try:
                changed = bool(await page.evaluate(look_script(), {"op": "unwatch"}))
            except Exception:
                changed = True  # the document went away mid-call: it changed
        result: dict[str, Any] = {"changed": changed}
        if watch.popups:
            await self._follow_popup(watch.popups[-1], result)
        if self._dialogs:
            result["dialog"] = self._dialogs[-1]
        return result

    async def _act_target(self, ref: str, op: str, value: Any) -> tuple[ElementHandle, str]:
        """The element ``ref`` names and its role, once ``op`` and ``value`` are known to
        apply to it (SessionError INVALID_ARGS otherwise)."""
        if not isinstance(op, str) or op not in ALL_OPS:
            raise SessionError(ErrorCode.INVALID_ARGS,
                               f"unknown op {op!r}; ops are {', '.join(ALL_OPS)}")
        element, role = await self._resolve(ref)
        assert self._look is not None
        allowed = list(self._look.actions.get(ref, [])) + [
            o for o in UNIVERSAL_OPS if o not in self._look.actions.get(ref, [])]
        if op == "upload":
            file_input = await self._file_input_of(element)
            if file_input is not None:
                allowed.append("upload")
                await file_input.dispose()
        if op not in allowed:
            raise SessionError(ErrorCode.INVALID_ARGS,
                               f"op {op!r} does not apply to {role} {ref}; "
                               f"use one of {', '.join(allowed)}")
        if op in ("input", "select", "press", "drag", "upload") and value is None:
            what = {"input": "the text to type", "select": "the option's value or label",
                    "press": "a key such as 'Enter'", "drag": "the ref to drop it on",
                    "upload": "a file path or a list of paths"}[op]
            raise SessionError(ErrorCode.INVALID_ARGS,
                               f"act({ref!r}, {op!r}) needs a value: {what}")
        if op == "drag" and (not isinstance(value, str) or value == ref):
            raise SessionError(ErrorCode.INVALID_ARGS,
                               "drag needs the ref of another element to drop it on: "
                               "act('e1', 'drag', 'e4')")
        if op == "upload":
            self._check_upload(value)
        return element, role

    def _check_upload(self, value: Any) -> list[str]:
        try:
            return upload_paths(value, self.upload_root)
        except ValueError as exc:
            raise SessionError(ErrorCode.INVALID_ARGS, str(exc)) from None

    async def _refuse_destructive(self, element: ElementHandle, ref: str, role: str,
                                  op: str, value: Any) -> None:
        """CONFIRM_REQUIRED when the action looks destructive (nothing is done)."""
        try:
            verdict = await self._destructive(element, op, value)
        except SessionError:
            raise
        except Exception as exc:  # not judged, not pressed
            raise SessionError(ErrorCode.ACTION_FAILED,
                               f"could not inspect {ref} before the {op}: "
                               f"{_first_line(exc)}; call look() and retry") from exc
        if verdict is not None:
            with suppress(Exception):
                await element.dispose()
            raise SessionError(
                ErrorCode.CONFIRM_REQUIRED,
                f"{role} {ref} {verdict.label!r} looks destructive ({verdict.reason}); "
                "nothing was done. Only if the user asked for exactly this, repeat it "
                f"with confirm true: act({ref!r}, {op!r}"
                + (f", {value!r}" if value is not None else "") + ", {confirm: true})")

    async def _perform_reported(self, element: ElementHandle, ref: str, role: str, op: str,
                                value: Any, watch: _ActWatch) -> None:
        """_perform, its failures in words (SessionError ACTION_FAILED); an action that
        navigated the page away under Playwright's feet is no failure."""
        try:
            await self._perform(element, role, op, value)
        except SessionError:
            raise
        except Exception as exc:
            if (watch.navigated and "Target" in str(exc)) or "context was destroyed" in str(exc):
                return  # the action navigated the page away under Playwright's feet
            if _is_timeout(exc):
                raise SessionError(
                    ErrorCode.ACTION_FAILED,
                    f"{op} on {ref} timed out after {self.action_timeout_ms} ms (the element "
                    "may be covered, disabled or moving); call look() and try another "
                    "element, or wait() first") from exc
            raise SessionError(
                ErrorCode.ACTION_FAILED,
                f"{op} on {ref} failed: {_first_line(exc)}; call look() and retry"
            ) from exc

    async def _follow_popup(self, new_page: Page, result: dict[str, Any]) -> None:
        """An action opened a popup: the session continues there."""
        self._attach(new_page)
        self._look = None
        with suppress(Exception):
            await new_page.wait_for_load_state("domcontentloaded",
                                               timeout=self.nav_timeout_ms)
        result["changed"] = True
        result["popup"] = new_page.url
        if self.sidebar:
            await self.enable_sidebar()

    async def _settle_navigation(self, timeout_ms: float | None = None) -> None:
        try:
            await self.page.wait_for_load_state(
                "load", timeout=self.nav_timeout_ms if timeout_ms is None else timeout_ms)
        except Exception as exc:
            log.debug("load state not reached: %s", exc)

    async def _file_input_of(self, el: ElementHandle) -> ElementHandle | None:
        handle = await el.evaluate_handle(FILE_INPUT_JS)
        found = handle.as_element()
        if found is None:
            await handle.dispose()
        return found

    async def _perform_pointer(self, el: ElementHandle, op: str, value: Any) -> None:
        """dblclick, rightclick, drag and upload."""
        t = self.action_timeout_ms
        if op == "dblclick":
            await el.dblclick(timeout=t)
        elif op == "rightclick":
            await el.click(button="right", timeout=t)
        elif op == "drag":
            target, _role = await self._resolve(value)
            try:
                await drag(self.page, el, target, t)
            finally:
                await target.dispose()
        elif op == "upload":
            file_input = await self._file_input_of(el)
            if file_input is None:
                raise SessionError(ErrorCode.INVALID_ARGS, "upload needs a file input "
                                   "(or its label)")
            try:
                await file_input.set_input_files(self._check_upload(value), timeout=t)
            finally:
                await file_input.dispose()

    async def _perform(self, el: ElementHandle, role: str, op: str, value: Any) -> None:
        t = self.action_timeout_ms
        if op in ("dblclick", "rightclick", "drag", "upload"):
            await self._perform_pointer(el, op, value)
        elif op == "click":
            await el.click(timeout=t)
        elif op == "input":
            text = value if isinstance(value, str) else _scalar_text(value, "input")
            if await el.evaluate("e => e.localName === 'select'"):
                await self._select(el, text)  # a native <select> combobox: pick the option
            elif role == "slider":
                await el.evaluate(
                    "(e, v) => { e.value = v; e.dispatchEvent(new Event('input', {bubbles: true}));"
                    " e.dispatchEvent(new Event('change', {bubbles: true})); }", text)
            else:
                await el.fill(text, timeout=t)
        elif op == "clear":
            await el.fill("", timeout=t)
        elif op == "focus":
            await el.focus()
        elif op == "check":
            await el.check(timeout=t)
        elif op == "uncheck":
            await el.uncheck(timeout=t)
        elif op == "select":
            await self._select(el, value)
        elif op == "press":
            await el.press(_scalar_text(value, "press"), timeout=t)
        elif op == "hover":
            await el.hover(timeout=t)
        elif op == "scroll":
            await self._scroll(el, value)

    async def _select(self, el: ElementHandle, value: Any) -> None:
        values = value if isinstance(value, list) else [value]
        if not all(isinstance(v, str | int | float) for v in values):
            raise SessionError(ErrorCode.INVALID_ARGS,
                               "select needs an option value or label (or a list of them)")
        wanted = [str(v) for v in values]
        is_native = await el.evaluate("e => e.localName === 'select'")
        if is_native:
            found = await el.evaluate(
                "(e, wanted) => wanted.map(w => Array.from(e.options).find(o => o.value === w"
                " || o.label.trim() === w || o.textContent.trim() === w)).map(o => o ? o.value"
                " : null)", wanted)
            missing = [w for w, f in zip(wanted, found, strict=True) if f is None]
            if missing:
                options = await el.evaluate(
                    "e => Array.from(e.options).map(o => o.label.trim() || o.value)")
                raise SessionError(ErrorCode.INVALID_ARGS,
                                   f"no option {missing[0]!r}; options are: "
                                   + ", ".join(repr(o) for o in options[:30]))
            await el.select_option(value=found, timeout=self.action_timeout_ms)
            return
        # an ARIA combobox/listbox: open it if needed, then click the option by its text
        option = await el.evaluate_handle(
            """(e, wanted) => {
                const scope = [e];
                const ids = (e.getAttribute('aria-controls') || e.getAttribute('aria-owns') || '')
                  .split(/\\s+/).filter(Boolean);
                for (const id of ids) {
                  const n = e.ownerDocument.getElementById(id);
                  if (n) scope.push(n);
                }
                for (const s of scope) {
                  for (const o of s.querySelectorAll('[role=option]')) {
                    const t = (o.getAttribute('aria-label') || o.textContent || '').trim();
                    if (t === wanted || o.getAttribute('data-value') === wanted) return o;
                  }
                }
                return null;
            }""", wanted[0])
        target = option.as_element()
        if target is None:
            await el.click(timeout=self.action_timeout_ms)
            await asyncio.sleep(SETTLE_S)
            raise SessionError(ErrorCode.ACTION_FAILED,
                               f"no option {wanted[0]!r} found (the list may have opened now); "
                               "call look() and click the option's ref")
        if not await target.is_visible():
            await el.click(timeout=self.action_timeout_ms)
        await target.click(timeout=self.action_timeout_ms)

    async def _scroll(self, el: ElementHandle, value: Any) -> None:
        if value in (None, "", "into_view", "into-view"):
            await el.scroll_into_view_if_needed(timeout=self.action_timeout_ms)
            return
        if value not in ("up", "down", "left", "right", "top", "bottom"):
            raise SessionError(ErrorCode.INVALID_ARGS,
                               "scroll takes no value (into view) or one of up, down, left, "
                               "right, top, bottom")
        await el.evaluate(
            """(e, dir) => {
                let t = e;
                const scrolls = (n) => n.scrollHeight > n.clientHeight + 1
                  || n.scrollWidth > n.clientWidth + 1;
                while (t && t !== document.body && t !== document.documentElement && !scrolls(t))
                  t = t.parentElement;
                const box = (!t || t === document.body || t === document.documentElement)
                  ? document.scrollingElement : t;
                const h = box === document.scrollingElement ? innerHeight : box.clientHeight;
                const w = box === document.scrollingElement ? innerWidth : box.clientWidth;
                const d = {up: [0, -0.8 * h], down: [0, 0.8 * h], left: [-0.8 * w, 0],
                           right: [0.8 * w, 0], top: [0, -box.scrollHeight],
                           bottom: [0, box.scrollHeight]}[dir];
                box.scrollBy(d[0], d[1]);
            }""", value)

    # ------------------------------------------------------------------ fill
    async def fill(self, fields: dict[str, Any], *, confirm: bool = False) -> dict[str, Any]:
        """Fill several fields of the last look() in one call: ``{ref: value}``. Text
        fields take text, checkboxes and switches true/false, selects an option (or a
        list), file inputs a path (or a list). Nothing is submitted. Each field's failure
        is reported under ``errors`` (its code and message) and the others are still
        filled; ``ok`` is true only when every field was."""
        self._check_state("fill()")
        if not isinstance(fields, dict) or not fields:
            raise SessionError(ErrorCode.INVALID_ARGS,
                               "fill() needs an object of ref: value, e.g. "
                               "fill({e1: 'Ada', e2: true, e3: 'Blue'})")
        filled: list[str] = []
        errors: dict[str, dict[str, str]] = {}
        changed = False
        for ref, value in fields.items():
            try:
                op, value = await self._fill_op(ref, value)
                result = await self.act(ref, op, value, confirm=confirm)
            except SessionError as exc:
                errors[ref] = exc.to_dict()
                continue
            filled.append(ref)
            changed = changed or bool(result["changed"])
        return {"ok": not errors, "filled": filled, "errors": errors, "changed": changed}

    async def _fill_op(self, ref: str, value: Any) -> tuple[str, Any]:
        """The op that puts ``value`` in the field ``ref`` names."""
        if self._look is None or ref not in self._look.roles:
            await self._resolve(ref)  # the same STALE_REF / INVALID_ARGS as act()
        assert self._look is not None
        ops = self._look.actions.get(ref, [])
        if isinstance(value, bool):
            return ("check" if value else "uncheck"), None
        if "select" in ops:
            return "select", value
        element, _role = await self._resolve(ref)
        try:
            file_input = await self._file_input_of(element)
        finally:
            await element.dispose()
        if file_input is not None:
            await file_input.dispose()
            return "upload", value
        return "input", value

    # ------------------------------------------------------------------ attribute
    async def attribute(self, ref: str, name: str) -> dict[str, Any]:
        """The attribute ``name`` of the element ``ref``: ``{value}`` (null when absent)."""
        self._check_state("attribute()", reading=True)
        if not isinstance(name, str) or not name.strip():
            raise SessionError(ErrorCode.INVALID_ARGS,
                               "attribute() needs an attribute name: attribute('e1', 'href')")
        element, _role = await self._resolve(ref)
        try:
            value = await element.evaluate(ATTRIBUTE_JS, name.strip())
        except Exception as exc:
            raise SessionError(ErrorCode.STALE_REF,
                               f"ref {ref} could not be read ({_first_line(exc)}); call look() "
                               "to refresh") from exc
        finally:
            with suppress(Exception):
                await element.dispose()
        self._record(f"attribute({ref!r}, {name!r})")
        return {"ref": ref, "name": name.strip(), "value": value}

    # ------------------------------------------------------------------ history
    async def back(self) -> dict[str, Any]:
        """The previous page of this tab's history; ACTION_FAILED when there is none."""
        return await self._history("back")

    async def forward(self) -> dict[str, Any]:
        """The next page of this tab's history (after back()); ACTION_FAILED when none."""
        return await self._history("forward")

    async def reload(self) -> dict[str, Any]:
        """Load the current page again."""
        return await self._history("reload")

    async def _history(self, which: str) -> dict[str, Any]:
        self._check_state(f"{which}()")
        page = self.page
        step = {"back": page.go_back, "forward": page.go_forward, "reload": page.reload}[which]
        url_before = page.url
        try:
            response = await step(wait_until="load", timeout=self.nav_timeout_ms)
        except Exception as exc:
            self._record(f"{which}()", ok=False)
            self._look = None
            code = ErrorCode.TIMEOUT if _is_timeout(exc) else ErrorCode.ACTION_FAILED
            raise SessionError(code, f"{which}() failed: {_first_line(exc)}; call look() to "
                               "see where the page is") from exc
        self._look = None
        if response is None and which != "reload" and page.url == url_before:
            # Playwright answers None both for "no such history entry" and for a
            # same-document step, which changes the URL
            self._record(f"{which}()", ok=False)
            raise SessionError(ErrorCode.ACTION_FAILED,
                               f"there is no page to go {which} to in this tab's history")
        self._record(f"{which}()", detail=page.url)
        await self._sync_sidebar()
        return {"url": page.url, "title": await self._title()}

    # ------------------------------------------------------------------ tabs
    async def tab_list(self) -> dict[str, Any]:
        """The open tabs: ``{tabs: [{id, url, title, active}], active}``."""
        self._check_state("tabs()", reading=True)
        tabs = []
        for tab_id, page in self.tabs.live(self.page):
            try:
                title = await page.title()
            except Exception:
                title = ""
            tabs.append({"id": tab_id, "url": page.url, "title": title,
                         "active": page is self.page})
        return {"tabs": tabs, "active": self.tabs.id_of(self.page)}

    async def tab_open(self, url: str | None = None) -> dict[str, Any]:
        """Open a new tab (on ``url``, which go() checks) and continue there."""
        self._check_state("tab_open()")
        if url is not None and (not isinstance(url, str) or not url.strip()):
            raise SessionError(ErrorCode.INVALID_ARGS, "tab_open() takes an optional URL")
        try:
            page = await self.page.context.new_page()
        except Exception as exc:
            raise SessionError(ErrorCode.ACTION_FAILED,
                               f"could not open a tab: {_first_line(exc)}") from exc
        previous = self.page
        self._attach(page)
        self._look = None
        self._record("tab_open()", detail=self.tabs.id_of(page))
        if url is not None:
            try:
                await self.go(url)
            except SessionError:
                with suppress(Exception):
                    await page.close()
                self._attach(previous)
                raise
        return {"id": self.tabs.id_of(page), "url": page.url, "title": await self._title()}

    async def tab_switch(self, tab_id: str) -> dict[str, Any]:
        """Continue in the tab ``tab_id`` (from tabs())."""
        self._check_state("tab_switch()")
        page = self._tab(tab_id)
        self._attach(page)
        self._look = None
        with suppress(Exception):
            await page.bring_to_front()
        self._record(f"tab_switch({tab_id!r})", detail=page.url)
        return {"id": tab_id, "url": page.url, "title": await self._title()}

    async def tab_close(self, tab_id: str | None = None) -> dict[str, Any]:
        """Close the tab ``tab_id`` (default: the active one); the session continues in
        the most recently opened remaining tab. The last tab cannot be closed (use
        close_browser())."""
        self._check_state("tab_close()")
        page = self.page if tab_id is None else self._tab(tab_id)
        closing = self.tabs.id_of(page)
        remaining = [(i, p) for i, p in self.tabs.live(self.page) if p is not page]
        if not remaining:
            raise SessionError(ErrorCode.INVALID_ARGS,
                               f"{closing} is the last tab; close the session instead")
        try:
            await page.close()
        except Exception as exc:
            raise SessionError(ErrorCode.ACTION_FAILED,
                               f"could not close {closing}: {_first_line(exc)}") from exc
        if page is self.page:
            self._attach(remaining[-1][1])
            self._look = None
        self._record(f"tab_close({closing!r})")
        return {"closed": closing, "active": self.tabs.id_of(self.page), "url": self.page.url}

    def _tab(self, tab_id: Any) -> Page:
        if not isinstance(tab_id, str):
            raise SessionError(ErrorCode.INVALID_ARGS, "a tab id is a string like 't2' "
                               "(from tabs())")
        page = self.tabs.find(self.page, tab_id)
        if page is None:
            ids = ", ".join(i for i, _ in self.tabs.live(self.page))
            raise SessionError(ErrorCode.INVALID_ARGS,
                               f"no tab {tab_id!r}; open tabs are {ids} (call tabs())")
        return page

    # ------------------------------------------------------------------ lifecycle
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

    async def pause(self) -> dict[str, Any]:
        """Stop acting until resume_session(): actions fail with PAUSED, reading works."""
        self._check_state("pause()", reading=True)
        self.state = State.PAUSED
        self._record("pause()")
        return self.status()

    async def resume_session(self) -> dict[str, Any]:
        """Undo pause(); INVALID_ARGS when the session is not paused."""
        self._check_state("resume()", reading=True)
        if self.state is not State.PAUSED:
            raise SessionError(ErrorCode.INVALID_ARGS, "the session is not paused")
        self.state = State.RUNNING
        self._record("resume()")
        return self.status()

    async def close_browser(self) -> dict[str, Any]:
        """Close the session's own browser (opened by open()); calls then fail with
        SESSION_CLOSED until start()."""
        if self._relaunch is None:
            raise SessionError(ErrorCode.INVALID_ARGS,
                               "this session runs on a page it does not own; its owner "
                               "closes the browser")
        if self.state is State.CLOSED:
            return self.status()
        self.state = State.CLOSED
        await self.close()
        await self._close_owned_browser()
        self._look = None
        self._record("close()")
        return self.status()

    async def _close_owned_browser(self) -> None:
        browser = self.page.context.browser
        if browser is not None:
            await browser.close()

    async def start(self) -> dict[str, Any]:
        """Launch a new browser after close_browser() (a running session is left as is)."""
        if self.state is not State.CLOSED:
            return self.status()
        if self._relaunch is None:
            raise SessionError(ErrorCode.INVALID_ARGS, "this session cannot start a browser")
        try:
            page = await self._relaunch()
        except Exception as exc:
            raise SessionError(ErrorCode.ACTION_FAILED,
                               f"the browser did not start: {_first_line(exc)}") from exc
        self._watched = []
        self.tabs = Tabs()
        self._sidebar_ready = False
        self._attach(page)
        self.state = State.RUNNING
        self._record("start()")
        if self.sidebar:
            await self.enable_sidebar()
        return self.status()

    def event_list(self, since: int = 0, types: list[str] | None = None) -> dict[str, Any]:
        """The session's events after ``since`` (a ``seq``): page_navigation,
        page_load_complete, action_completed, action_error, browser_error."""
        if isinstance(since, bool) or not isinstance(since, int) or since < 0:
            raise SessionError(ErrorCode.INVALID_ARGS, "since must be an event seq (an int)")
        return self.events.since(since, types)

    # ------------------------------------------------------------------ go / wait / eval
    async def go(self, url: str) -> dict[str, Any]:
        """Navigate to ``url`` (relative URLs resolve against the current page)."""
        self._check_state("go()")
        if not isinstance(url, str) or not url.strip():
            raise SessionError(ErrorCode.INVALID_ARGS, "go() needs a URL string")
        target = url.strip()
        if not urlsplit(target).scheme:
            current = self.page.url
            if current.startswith("http") and _looks_relative(target):
                target = urljoin(current, target)
            else:
                target = "https://" + target
        scheme = urlsplit(target).scheme.lower()
        if scheme not in ("http", "https"):
            self._record(f"go({url!r})", ok=False)
            raise SessionError(ErrorCode.INVALID_ARGS,
                               f"{scheme}: URLs are refused: go() opens http(s) URLs only")
        if self.policy is not None:
            try:
                await self.policy.resolve_checked(target)
            except BlockedAddress as exc:
                self._record(f"go({url!r})", ok=False)
                raise SessionError(ErrorCode.ACTION_FAILED,
                                   f"refused by the address guard: {exc}") from None
        try:
            # an earlier failed load's error page may still be committing
            await goto_settled(self.page, target, timeout_ms=self.nav_timeout_ms,
                               settle_ms=2_000)
        except Exception as exc:
            self._record(f"go({url!r})", ok=False)
            self._look = None
            await self._settle_navigation(2_000)
            if _is_timeout(exc):
                raise SessionError(ErrorCode.TIMEOUT,
                                   f"{target} did not load within {self.nav_timeout_ms} ms; "
                                   "call look() to see what did load, or go() again") from exc
            msg = _first_line(exc)
            if "invalid url" in msg.lower() or "Cannot navigate to invalid URL" in msg:
                raise SessionError(ErrorCode.INVALID_ARGS,
                                   f"{url!r} is not a valid URL; pass an absolute http(s) URL"
                                   ) from exc
            raise SessionError(ErrorCode.ACTION_FAILED,
                               f"could not open {target}: {msg}; check the URL and try again, "
                               "or handoff() if the site needs a person") from exc
        self._look = None
        self._record(f"go({url!r})", detail=self.page.url)
        if self.sidebar:
            await self._sync_sidebar()
        return {"url": self.page.url, "title": await self._title()}

    async def _title(self) -> str:
        try:
            return await self.page.title()
        except Exception:
            return ""

    async def wait(self, condition: str, timeout: float | None = None) -> dict[str, Any]:
        """Wait until ref ``condition`` is visible or JS expression ``condition`` is truthy."""
        self._check_state("wait()")
        if not isinstance(condition, str) or not condition.strip():
            raise SessionError(ErrorCode.INVALID_ARGS,
                               "wait() needs a ref like 'e3' or a JS expression string")
        if timeout is None:
            timeout_ms = float(DEFAULT_WAIT_TIMEOUT_MS)
        elif isinstance(timeout, bool) or not isinstance(timeout, int | float) or timeout < 0:
            raise SessionError(ErrorCode.INVALID_ARGS, "timeout must be milliseconds (a number)")
        else:
            timeout_ms = float(timeout)
        started = time.monotonic()
        self._record(f"wait({condition!r})")
        await self._sync_sidebar()
        cond = condition.strip()
        try:
            if REF_RE.match(cond):
                element, _role = await self._resolve(cond)
                await element.wait_for_element_state("visible", timeout=timeout_ms)
            else:
                await self.page.wait_for_function(cond, timeout=timeout_ms, polling=100)
        except SessionError:
            raise
        except Exception as exc:
            if _is_timeout(exc):
                raise SessionError(
                    ErrorCode.TIMEOUT,
                    f"wait({cond!r}) timed out after {int(timeout_ms)} ms; call look() to see "
                    "the page, then wait longer or try something else") from exc
            raise SessionError(
                ErrorCode.EVAL_FAILED,
                f"wait condition failed: {_first_line(exc)}; fix the expression") from exc
        return {"elapsed": int((time.monotonic() - started) * 1000)}

    async def eval(self, js: str) -> dict[str, Any]:
        """Run ``js`` in the page; ``{value}`` is its (JSON-safe) result."""
        self._check_state("eval()")
        if not isinstance(js, str) or not js.strip():
            raise SessionError(ErrorCode.INVALID_ARGS, "eval() needs a JavaScript string")
        self._record(f"eval({js[:60]!r})")
        try:
            value = await self.page.evaluate(js)
        except Exception as exc:
            raise SessionError(
                ErrorCode.EVAL_FAILED,
                f"JavaScript failed: {_first_line(exc)}; fix the script and retry") from exc
        await self._sync_sidebar()
        return {"value": _jsonable(value)}

    # ------------------------------------------------------------------ extract
    async def extract(self, format: str = "markdown", full_page: bool = False) -> dict[str, Any]:
        """The page as markdown | html | text | links | screenshot (base64 PNG)."""
        self._check_state("extract()", reading=True)
        if format not in EXTRACT_FORMATS:
            raise SessionError(ErrorCode.INVALID_ARGS,
                               f"unknown format {format!r}; use one of "
                               + ", ".join(EXTRACT_FORMATS))
        self._record(f"extract({format!r})")
        await self._sync_sidebar()
        url = self.page.url
        title = await self._title()
        try:
            if format == "screenshot":
                png = await self.page.screenshot(full_page=full_page, type="png",
                                                 timeout=self.nav_timeout_ms)
                return {"url": url, "title": title, "mime": "image/png",
                        "screenshot": base64.b64encode(png).decode("ascii")}
            html = await self.page.content()
        except Exception as exc:
            raise SessionError(ErrorCode.ACTION_FAILED,
                               f"could not read the page: {_first_line(exc)}; try again") from exc
        if format == "html":
            return {"url": url, "title": title, "html": html}
        try:
            from trawl.extract import extract as extract_html
        except ImportError as exc:
            raise SessionError(ErrorCode.ACTION_FAILED,
                               "the extraction module is not available in this build; use "
                               "extract('html') or extract('text') via eval()") from exc
        try:
            extraction = extract_html(html, url)
        except Exception as exc:
            raise SessionError(ErrorCode.ACTION_FAILED,
                               f"extraction failed: {_first_line(exc)}; try extract('html')"
                               ) from exc
        if format == "markdown":
            return {"url": url, "title": title, "markdown": extraction.markdown}
        if format == "text":
            return {"url": url, "title": title, "text": extraction.text}
        links = [{"url": link.url, "text": link.text, "rel": link.rel}
                 for link in extraction.links]
        return {"url": url, "title": title, "links": links}

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

    async def handoff(self, message: str = "Please take over, then press Resume",
                      timeout: float | None = None) -> dict[str, Any]:
        """Ask a person to intervene; blocks until they press Resume.

        The Resume button is in the sidebar (when shown) and on a local page whose URL is
        logged (and passed to ``handoff_notify``). ``timeout`` (ms) bounds the wait.
        """
        self._check_state("handoff()")
        if not isinstance(message, str):
            raise SessionError(ErrorCode.INVALID_ARGS, "handoff() needs a message string")
        if self._handoff is not None:
            raise SessionError(ErrorCode.INVALID_ARGS, "a handoff is already waiting")
        hand = _Handoff(message)
        self._handoff = hand
        loop = asyncio.get_running_loop()
        if self.handoff_server_enabled:
            if self._handoff_server is None:
                self._handoff_server = HandoffServer()
                self._handoff_server.start()
            hand.url = self._handoff_server.arm(
                message, lambda: loop.call_soon_threadsafe(self.resume))
        self._record(f"handoff({message!r})")
        notice = f"HANDOFF: {message}"
        if hand.url:
            notice += f" -- open {hand.url} and press Resume when done"
        log.warning(notice)
        if self.handoff_notify is not None:
            self.handoff_notify(message, hand.url or "")
        await self._sync_sidebar()
        waiter = asyncio.ensure_future(hand.event.wait())
        try:
            if self.sidebar:
                # re-show the alert after navigations the person makes while working
                while not hand.event.is_set():
                    done, _ = await asyncio.wait({waiter}, timeout=1.0)
                    if done:
                        break
                    if timeout is not None and (time.monotonic() - hand.started) * 1000 > timeout:
                        raise TimeoutError
                    await self._sync_sidebar()
            else:
                await asyncio.wait_for(waiter, None if timeout is None else timeout / 1000)
        except TimeoutError as exc:
            raise SessionError(ErrorCode.TIMEOUT,
                               f"nobody resumed the handoff within {int(timeout or 0)} ms; "
                               "call handoff() again or carry on") from exc
        finally:
            waiter.cancel()
            self._handoff = None
            if self._handoff_server is not None:
                self._handoff_server.disarm()
            self._look = None  # the person may have changed anything
            await self._sync_sidebar()
        elapsed = int((time.monotonic() - hand.started) * 1000)
        self._record("resumed", detail=f"{elapsed} ms")
        await self._sync_sidebar()
        return {"resumed": True, "elapsed": elapsed}


_FILE_EXTENSIONS = {"html", "htm", "php", "asp", "aspx", "jsp", "cgi", "md", "txt", "pdf",
                    "xml", "json", "shtml", "xhtml"}


def _looks_relative(target: str) -> bool:
    """'settings.html', '../a', '/x', '?q' are paths; 'example.com/x' is a host."""
    if target.startswith(("/", ".", "?", "#")):
        return True
    first = re.split(r"[/?#]", target, maxsplit=1)[0]
    if "." not in first or ":" in first:
        return "." not in first and ":" not in first and first.lower() != "localhost"
    return first.rsplit(".", 1)[1].lower() in _FILE_EXTENSIONS


def _scalar_text(value: Any, op: str) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise SessionError(ErrorCode.INVALID_ARGS, f"{op} needs a string value")
    return str(value)


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


class _ActWatch:
    """What an action did to its page while it ran: navigated the main frame, opened
    popups (listeners removed by ``stop``)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.navigated = False
        self.popups: list[Page] = []
        self._popup = asyncio.Event()
        page.on("framenavigated", self._on_nav)
        page.on("request", self._on_request)
        page.on("popup", self._on_popup)

    def _on_nav(self, frame: Any) -> None:
        if frame == self.page.main_frame:
            self.navigated = True

    def _on_request(self, request: Any) -> None:
        try:
            if request.is_navigation_request() and request.frame == self.page.main_frame:
                self.navigated = True
        except Exception:
            pass

    def _on_popup(self, popup: Page) -> None:
        self.popups.append(popup)
        self._popup.set()

    async def popup_opened(self, timeout_s: float) -> None:
        """Wait until a popup has opened, at most ``timeout_s`` (none may come: a blocked
        window.open, a handler that prevented the default)."""
        with suppress(TimeoutError):
            await asyncio.wait_for(self._popup.wait(), timeout_s)

    def stop(self) -> None:
        self.page.remove_listener("framenavigated", self._on_nav)
        self.page.remove_listener("request", self._on_request)
        self.page.remove_listener("popup", self._on_popup)
