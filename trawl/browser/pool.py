"""The worker's browser pool: one Chromium per worker process, reusable tabs per job.

Tabs share a browser context per session profile (cookies/storage of a site), because a
new context, or even a new page, per job costs more than loading the page itself. A tab
goes back to its context's idle list after a job. Contexts are replaced after
``context_pages`` pages and the whole browser after ``recycle_after`` pages (or if it
crashed), so a long crawl keeps worker memory flat; jobs on an old browser finish first.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import psutil
from playwright.async_api import Browser, BrowserContext, Playwright, async_playwright

from trawl import metrics
from trawl.browser.capture import CAPTURE_JS
from trawl.browser.launch import launch_chromium
from trawl.browser.tab import CLOSE_TIMEOUT_S, Tab
from trawl.config import DEFAULT_BROWSER_RECYCLE_PAGES

DEFAULT_CONTEXT_PAGES = 100
IDLE_BLANK_DELAY_S = 0.1
"""A read page's tab still idle after this goes to about:blank (its scripts stop)."""
ANONYMOUS = ""
CRAWL_SEPARATOR = "\t"
"""Between a crawl's id and the profile in a context key (``trawl.crawler.profiles``)."""


@dataclass
class _Context:
    context: BrowserContext
    pages: int = 0
    active: int = 0
    retired: bool = False
    idle_tabs: list[Tab] = field(default_factory=list)


@dataclass(eq=False)  # one browser: compared (and found in the pool's list) by identity
class _Generation:
    browser: Browser
    pids: set[int] = field(default_factory=set)
    """Chromium's browser process(es) of this generation: killed when closing hangs."""
    pages: int = 0
    active: int = 0
    retired: bool = False
    contexts: dict[str, _Context] = field(default_factory=dict)


@dataclass(frozen=True)
class PoolStats:
    """What a pool holds at one moment (the worker's metrics, trawl.metrics)."""

    browsers: int
    """Chromium instances open: the current one and retired ones finishing their pages."""
    contexts: int
    """Contexts taking new pages, in the open browsers."""
    tabs_in_use: int
    """Tabs loading or reading a page now (one per job holding the pool)."""
    tabs_idle: int
    """Tabs kept open for the next page."""


class BrowserPool:
    """Hands out pages from a shared Chromium; see the module docstring."""

    def __init__(self, *, headless: bool = True,
                 recycle_after: int = DEFAULT_BROWSER_RECYCLE_PAGES,
                 context_pages: int = DEFAULT_CONTEXT_PAGES) -> None:
        self._headless = headless
        self._recycle_after = recycle_after
        self._context_pages = context_pages
        self._playwright: Playwright | None = None
        self._current: _Generation | None = None
        self._open: list[_Generation] = []
        """Every browser launched and not closed yet (the current one and retired ones)."""
        self._lock = asyncio.Lock()
        self.launches = 0
        """How many times a browser was launched (observability and tests)."""
        self._idle_tasks: set[asyncio.Task[None]] = set()

    async def _acquire(self, profile: str, storage_state: dict[str, Any] | None,
                       user_agent: str | None = None) -> tuple[_Generation, _Context]:
        async with self._lock:
            if self._playwright is None:
                self._playwright = await async_playwright().start()
            gen = self._current
            if gen is not None and (gen.pages >= self._recycle_after or gen.retired
                                    or not gen.browser.is_connected()):
                metrics.browser_recycled(
                    "pages" if gen.pages >= self._recycle_after
                    else "disconnected" if not gen.browser.is_connected() else "retired")
                gen.retired = True
                if gen.active == 0:
                    await self._close(gen)
                gen = None
            if gen is None:
                before = _browser_pids()
                gen = _Generation(await launch_chromium(self._playwright,
                                                        headless=self._headless))
                gen.pids = _browser_pids() - before
                self._current = gen
                self._open.append(gen)
                self.launches += 1
                metrics.browser_launched()
            # a crawl's own User-Agent gets its own context (it is a context option)
            key = profile if user_agent is None else f"{profile}\n{user_agent}"
            ctx = gen.contexts.get(key)
            if ctx is not None and ctx.pages >= self._context_pages:
                ctx.retired = True
                del gen.contexts[key]
                if ctx.active == 0:
                    await _quietly_close(ctx.context)
                ctx = None
            if ctx is None:
                ctx = _Context(await gen.browser.new_context(
                    storage_state=storage_state,  # type: ignore[arg-type]
                    accept_downloads=False, user_agent=user_agent))
                # every document notes its pushState URLs and errors (read with the DOM)
                await ctx.context.add_init_script(CAPTURE_JS)
                gen.contexts[key] = ctx
            gen.pages += 1
            gen.active += 1
            ctx.pages += 1
            ctx.active += 1
            return gen, ctx

    async def _release(self, gen: _Generation, ctx: _Context) -> None:
        ctx.active -= 1
        gen.active -= 1
        if ctx.retired and ctx.active == 0 and not await _quietly_close(ctx.context):
            gen.retired = True  # a context that will not close: the browser goes
        if gen.retired and gen.active == 0:
            await self._close(gen)

    async def _discard(self, gen: _Generation, ctx: _Context, tab: Tab) -> None:
        """Close a tab that failed or hung; if it will not close (a renderer stuck in a
        script), its context is retired (closed once its other tabs finish), and if that
        will not close either, the whole browser (see _release)."""
        if not await tab.close() or tab.crashed:
            ctx.retired = True
            async with self._lock:
                for key in [k for k, value in gen.contexts.items() if value is ctx]:
                    del gen.contexts[key]

    @contextlib.asynccontextmanager
    async def tab(self, profile: str = ANONYMOUS,
                  storage_state: dict[str, Any] | None = None,
                  user_agent: str | None = None) -> AsyncIterator[Tab]:
        """A reusable crawler tab in the context of ``profile``; see :mod:`trawl.browser.tab`.

        A tab that raised is closed rather than reused (its page may be in any state).
        """
        gen, ctx = await self._acquire(profile, storage_state, user_agent)
        tab: Tab | None = None
        healthy = False
        try:
            tab = ctx.idle_tabs.pop() if ctx.idle_tabs else await Tab.open(
                await ctx.context.new_page())
            yield tab
            healthy = not tab.crashed
        finally:
            if tab is not None:
                if healthy and not ctx.retired and not gen.retired \
                        and not tab.page.is_closed():
                    ctx.idle_tabs.append(tab)
                    self._blank_when_idle(ctx, tab)
                else:
                    await asyncio.shield(self._discard(gen, ctx, tab))
            await self._release(gen, ctx)

    def _blank_when_idle(self, ctx: _Context, tab: Tab) -> None:
        """The page was read: its scripts must stop (a beacon on a timer must not go on
        sending from an idle tab). A tab taken for the next page within IDLE_BLANK_DELAY_S
        leaves the page anyway; one still idle then goes to about:blank (and one that
        cannot is closed). Blanking every tab at once cost a navigation per page."""
        tab.idle_token += 1
        task = asyncio.ensure_future(self._blank_later(ctx, tab, tab.idle_token))
        self._idle_tasks.add(task)
        task.add_done_callback(self._idle_tasks.discard)

    async def _blank_later(self, ctx: _Context, tab: Tab, token: int) -> None:
        await asyncio.sleep(IDLE_BLANK_DELAY_S)
        if tab.idle_token != token or tab not in ctx.idle_tabs:
            return  # taken for another page meanwhile
        ctx.idle_tabs.remove(tab)
        if await tab.blank() and not ctx.retired and not tab.page.is_closed():
            ctx.idle_tabs.append(tab)
        else:
            await tab.close()

    async def forget_profile(self, profile: str) -> None:
        """Drop a profile's contexts, in every crawl (its session changed); running pages
        finish first."""
        async with self._lock:
            gen = self._current
            if gen is None:
                return
            for key in [k for k in gen.contexts
                        if k.split("\n", 1)[0].rpartition(CRAWL_SEPARATOR)[2] == profile]:
                ctx = gen.contexts.pop(key)
                ctx.retired = True
                if ctx.active == 0:
                    await _quietly_close(ctx.context)

    async def _close(self, gen: _Generation) -> None:
        self._open = [other for other in self._open if other is not gen]
        await _close_browser(gen)

    def stats(self) -> PoolStats:
        """The pool now (cheap: a few counters and lists; call it on the event loop)."""
        contexts = [ctx for gen in self._open for ctx in gen.contexts.values()]
        return PoolStats(browsers=len(self._open), contexts=len(contexts),
                         tabs_in_use=sum(gen.active for gen in self._open),
                         tabs_idle=sum(len(ctx.idle_tabs) for ctx in contexts))

    async def close(self) -> None:
        for task in list(self._idle_tasks):
            task.cancel()
        async with self._lock:
            if self._current is not None:
                await self._close(self._current)
                self._current = None
            if self._playwright is not None:
                with contextlib.suppress(Exception):
                    await self._playwright.stop()
                self._playwright = None


async def _quietly_close(thing: Browser | BrowserContext) -> bool:
    """Close within CLOSE_TIMEOUT_S; False when it hung."""
    try:
        async with asyncio.timeout(CLOSE_TIMEOUT_S):
            with contextlib.suppress(Exception):
                await thing.close()
        return True
    except TimeoutError:
        return False


async def _close_browser(gen: _Generation) -> None:
    """Close a generation's Chromium; kill its processes when closing hangs."""
    if not await _quietly_close(gen.browser):
        for pid in gen.pids:
            with contextlib.suppress(psutil.Error):
                psutil.Process(pid).kill()


def _browser_pids() -> set[int]:
    """Chromium browser processes (not its renderers or helpers) below this process."""
    pids: set[int] = set()
    try:
        children = psutil.Process().children(recursive=True)
    except psutil.Error:
        return pids
    for proc in children:
        with contextlib.suppress(psutil.Error):
            cmdline = proc.cmdline()
            if cmdline and "chrom" in cmdline[0].lower() \
                    and not any(arg.startswith("--type=") for arg in cmdline):
                pids.add(proc.pid)
    return pids
