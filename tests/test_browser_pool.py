"""The worker's browser pool keeps memory flat: contexts are replaced after a number of pages,
the whole Chromium after a number of pages, and a session profile never shares a context
with another. A real Chromium against a page served on 127.0.0.1."""

from __future__ import annotations

import logging
from typing import NoReturn

import pytest

import trawl.browser.pool
from tests.sitesrv import HtmlHandler, serve_handler
from trawl.browser.pool import BrowserPool
from trawl.errors import BrowserError


class _Page(HtmlHandler):
    def do_GET(self) -> None:
        self._send(200, "<main><h1>Pooled</h1><p>A page.</p></main>")


async def test_contexts_and_browsers_are_recycled_and_profiles_kept_apart() -> None:
    pool = BrowserPool(recycle_after=3, context_pages=2)
    browsers, contexts = [], []
    try:
        with serve_handler(_Page) as base:
            for i in range(7):
                async with pool.tab() as tab:
                    await tab.page.goto(f"{base}/{i}")
                    assert await tab.page.title() is not None
                    contexts.append(tab.page.context)
                    browsers.append(tab.page.context.browser)
            # pages 1-3 on the first browser, 4-6 on the second, 7 on a third
            assert pool.launches == 3
            assert [browsers.index(b) for b in browsers] == [0, 0, 0, 3, 3, 3, 6]
            assert not browsers[0].is_connected() and not browsers[3].is_connected()
            # within a browser, a context serves at most 2 pages
            assert [contexts.index(c) for c in contexts] == [0, 0, 2, 3, 3, 5, 6]
            assert all(not c.pages for c in contexts[:6])  # retired contexts were closed

            async with pool.tab("site-a") as a, pool.tab("site-b") as b:
                assert a.page.context is not b.page.context
                assert a.page.context is not contexts[6]
    finally:
        await pool.close()
    assert not browsers[6].is_connected()


async def test_a_warmed_pool_serves_its_first_page_from_the_browser_it_launched() -> None:
    pool = BrowserPool()
    try:
        await pool.warm()
        assert pool.launches == 1 and pool.stats().browsers == 1
        await pool.warm()  # already warm: nothing more
        with serve_handler(_Page) as base:
            async with pool.tab() as tab:
                await tab.page.goto(f"{base}/")
                assert "Pooled" in await tab.page.content()
        assert pool.launches == 1
    finally:
        await pool.close()
    assert pool.stats().browsers == 0


async def test_a_browser_that_cannot_start_ahead_fails_the_page_that_needs_it(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """Warming is a head start, not a requirement: its failure is logged, the pool stays
    lazy, and the first page that needs the browser gets the launch's own error."""
    async def cannot_launch(*_: object, **__: object) -> NoReturn:
        raise BrowserError("could not launch Chromium (test): no such file")

    monkeypatch.setattr(trawl.browser.pool, "launch_chromium", cannot_launch)
    pool = BrowserPool()
    try:
        with caplog.at_level(logging.INFO, logger="trawl.browser"):
            await pool.warm()
        assert "browser not started ahead: could not launch Chromium" in caplog.text
        assert pool.launches == 0 and pool.stats().browsers == 0
        with pytest.raises(BrowserError, match="no such file"):
            async with pool.tab():
                pass
    finally:
        await pool.close()
