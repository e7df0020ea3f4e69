"""The worker's browser pool keeps memory flat: contexts are replaced after a number of pages,
the whole Chromium after a number of pages, and a session profile never shares a context
with another. A real Chromium against a page served on 127.0.0.1."""

from __future__ import annotations

from tests.sitesrv import HtmlHandler, serve_handler
from trawl.browser.pool import BrowserPool


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
