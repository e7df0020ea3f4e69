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
import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin, urlsplit

from trawl.browser._session_act import ActingSession
from trawl.browser._session_core import (
    BROWSERS,
    DEFAULT_VIEWPORT,
    EXTRACT_FORMATS,
    REF_RE,
    ErrorCode,
    LogEntry,
    SessionError,
    _first_line,
    _Handoff,
    _is_timeout,
    _jsonable,
    launch_browser,
    look_script,
    sidebar_script,
)
from trawl.browser.goto import goto_settled
from trawl.browser.handoff import HandoffServer
from trawl.browser.session_ops import (
    State,
    Tabs,
)
from trawl.errors import BlockedAddress
from trawl.model import DEFAULT_WAIT_TIMEOUT_MS

if TYPE_CHECKING:
    from playwright.async_api import Page

log = logging.getLogger("trawl.browser.session")

__all__ = [
    "BROWSERS",
    "DEFAULT_VIEWPORT",
    "ErrorCode",
    "LogEntry",
    "Session",
    "SessionError",
    "launch_browser",
    "look_script",
    "sidebar_script",
]


class Session(ActingSession):
    """The agent-facing API over one Playwright page. All methods are coroutines."""

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

    # ------------------------------------------------------------------ pause / close / start
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
