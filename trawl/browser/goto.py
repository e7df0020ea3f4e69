"""Navigation that survives being overtaken by the page's own navigation."""

from __future__ import annotations

import contextlib
from typing import Any

from playwright.async_api import Page

INTERRUPTED = "interrupted by another navigation"
"""Playwright's words for a goto overtaken by a navigation the page started itself."""


async def goto_settled(page: Page, url: str, *, timeout_ms: float,
                       settle_ms: float) -> Any:
    """``page.goto(url)`` (to the load event); when a navigation the page started itself (a
    reload after a cookie banner was accepted, an error page still committing) interrupts
    it, let that land (at most ``settle_ms``) and go again. Returns goto's response."""
    try:
        return await page.goto(url, wait_until="load", timeout=timeout_ms)
    except Exception as exc:
        if INTERRUPTED not in str(exc):
            raise
    with contextlib.suppress(Exception):  # the goto below reports what is wrong
        await page.wait_for_load_state("load", timeout=settle_ms)
    return await page.goto(url, wait_until="load", timeout=timeout_ms)
