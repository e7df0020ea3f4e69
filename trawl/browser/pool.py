"""The worker's browser pool: one Chromium per worker process, a fresh context per job.

The browser is relaunched after ``recycle_after`` pages (or if it crashed) so a long crawl
keeps worker memory flat; jobs still running on the old browser finish first.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from playwright.async_api import Browser, Page, Playwright, async_playwright

from trawl.browser.launch import launch_chromium
from trawl.config import DEFAULT_BROWSER_RECYCLE_PAGES

BLOCKED_RESOURCE_TYPES = frozenset({"image", "media", "font"})
"""Not needed to read a page's text and links; skipping them makes rendering faster."""


@dataclass
class _Generation:
    browser: Browser
    pages: int = 0
    active: int = 0
    retired: bool = False


class BrowserPool:
    """Hands out pages, each in its own browser context, from a shared Chromium."""

    def __init__(self, *, headless: bool = True,
                 recycle_after: int = DEFAULT_BROWSER_RECYCLE_PAGES,
                 block_resources: bool = True) -> None:
        self._headless = headless
        self._recycle_after = recycle_after
        self._block_resources = block_resources
        self._playwright: Playwright | None = None
        self._current: _Generation | None = None
        self._lock = asyncio.Lock()
        self.launches = 0

    async def _generation(self) -> _Generation:
        async with self._lock:
            if self._playwright is None:
                self._playwright = await async_playwright().start()
            gen = self._current
            if gen is not None and (gen.pages >= self._recycle_after
                                    or not gen.browser.is_connected()):
                gen.retired = True
                if gen.active == 0:
                    await self._close_browser(gen.browser)
                gen = None
            if gen is None:
                gen = _Generation(await launch_chromium(self._playwright,
                                                        headless=self._headless))
                self._current = gen
                self.launches += 1
            gen.pages += 1
            gen.active += 1
            return gen

    async def _release(self, gen: _Generation) -> None:
        gen.active -= 1
        if gen.retired and gen.active == 0:
            await self._close_browser(gen.browser)

    @staticmethod
    async def _close_browser(browser: Browser) -> None:
        with contextlib.suppress(Exception):
            await browser.close()

    @contextlib.asynccontextmanager
    async def page(self, storage_state: dict[str, Any] | None = None) -> AsyncIterator[Page]:
        """A page in a new context (optionally with cookies/storage); closed afterwards."""
        gen = await self._generation()
        try:
            context = await gen.browser.new_context(storage_state=storage_state)  # type: ignore[arg-type]
            try:
                if self._block_resources:
                    await context.route("**/*", _block_heavy_resources)
                yield await context.new_page()
            finally:
                with contextlib.suppress(Exception):
                    await context.close()
        finally:
            await self._release(gen)

    async def close(self) -> None:
        async with self._lock:
            if self._current is not None:
                await self._close_browser(self._current.browser)
                self._current = None
            if self._playwright is not None:
                with contextlib.suppress(Exception):
                    await self._playwright.stop()
                self._playwright = None


async def _block_heavy_resources(route: Any) -> None:
    if route.request.resource_type in BLOCKED_RESOURCE_TYPES:
        await route.abort()
    else:
        await route.fallback()
