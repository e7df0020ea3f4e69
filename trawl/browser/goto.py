"""Navigation that survives being overtaken by the page's own navigation."""

from __future__ import annotations

import contextlib
from typing import Any

from playwright.async_api import Page

INTERRUPTED = "interrupted by another navigation"
"""Playwright's words for a goto overtaken by a navigation the page started itself."""
GOTO_ATTEMPTS = 4
"""Gotos tried while the page's own navigation keeps overtaking them."""
SETTLE_PAUSE_MS = 100
"""After an overtaken goto, a pause (this, then twice this ...) before waiting for the load:
the page's navigation may not have committed yet, and until it has, the old document's
load state answers at once and the next goto is overtaken in turn."""


async def goto_settled(page: Page, url: str, *, timeout_ms: float,
                       settle_ms: float) -> Any:
    """``page.goto(url)`` (to the load event); when a navigation the page started itself (a
    reload after a cookie banner was accepted, an error page still committing) interrupts
    it, let that land (at most ``settle_ms``) and go again. Returns goto's response."""
    for attempt in range(GOTO_ATTEMPTS - 1):
        try:
            return await page.goto(url, wait_until="load", timeout=timeout_ms)
        except Exception as exc:
            if INTERRUPTED not in str(exc):
                raise
        with contextlib.suppress(Exception):  # the goto below reports what is wrong
            await page.wait_for_timeout(SETTLE_PAUSE_MS * 2 ** attempt)
            await page.wait_for_load_state("load", timeout=settle_ms)
    return await page.goto(url, wait_until="load", timeout=timeout_ms)
