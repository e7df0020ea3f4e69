"""Settling before the read (trawl.browser.settle.js) against pages served on 127.0.0.1 in a
real Chromium: a static page is read at once; a page whose own scripts touch it after its
load event (nothing loading) only until those touches are STATIC_QUIET_MS old; a page that
fetches after its load event until what it fetched is rendered."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator

import pytest

from tests.sitesrv import HtmlHandler, serve_handler
from trawl.browser.capture import QUIET_MS
from trawl.browser.pool import BrowserPool
from trawl.crawler.render import Loaded, load_in_browser
from trawl.net import NetPolicy, origin_of

TEXT = "<p>" + "Plain words a reader reads on a page that is served as it is. " * 8 + "</p>"
PAGES = {
    "/static": f"<main><h1>Static</h1>{TEXT}</main>",
    # a ready handler's touch after the load event (what jQuery's $(fn) does): nothing loads
    "/touched": f"""<main><h1>Touched</h1>{TEXT}</main><script>
        addEventListener('load', () => setTimeout(() => {{
          const b = document.createElement('span'); b.textContent = 'copybutton';
          document.querySelector('main').append(b);
        }}, 20));</script>""",
    # at its load event the page fetches, and renders what came back
    "/fetches": f"""<main><h1>Fetches</h1>{TEXT}<div id=late></div></main><script>
        addEventListener('load', async () => {{
          const r = await fetch('/data');
          document.getElementById('late').textContent = await r.text();
        }});</script>""",
    # touched after load, then (no request pending at first) a fetch starts later
    "/touched-then-fetches": f"""<main><h1>Then fetches</h1>{TEXT}<div id=late></div></main>
        <script>addEventListener('load', () => {{
          setTimeout(() => document.querySelector('h1').append(' (ready)'), 5);
          setTimeout(async () => {{
            const r = await fetch('/data');
            document.getElementById('late').textContent = await r.text();
          }}, 30);
        }});</script>""",
}


class _Site(HtmlHandler):
    def do_GET(self) -> None:
        if self.path == "/data":
            time.sleep(0.2)
            self._send(200, "fetched after load")
        else:
            self._send(200, PAGES[self.path]) if self.path in PAGES else self._send(404, "")


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with serve_handler(_Site) as url:
        yield url


@pytest.fixture
async def pool() -> AsyncIterator[BrowserPool]:
    pool = BrowserPool()
    try:
        yield pool
    finally:
        await pool.close()


async def _load(pool: BrowserPool, base: str, path: str) -> Loaded:
    policy = NetPolicy(allowed_origins=frozenset({origin_of(base)}))
    return await load_in_browser(pool, base + path, max_bytes=1_000_000, timeout_s=20,
                                 policy=policy)


async def test_a_static_page_is_read_at_once(pool: BrowserPool, base: str) -> None:
    loaded = await _load(pool, base, "/static")
    assert loaded.settle_ms == 0 and not loaded.settle_timed_out


async def test_a_page_touched_by_its_own_scripts_is_read_once_they_are_done(
        pool: BrowserPool, base: str) -> None:
    loaded = await _load(pool, base, "/touched")
    assert loaded.html is not None and "copybutton" in loaded.html
    assert loaded.settle_ms < QUIET_MS / 2  # not a whole quiet period


@pytest.mark.parametrize("path", ["/fetches", "/touched-then-fetches"])
async def test_what_a_page_fetches_after_load_is_rendered_before_the_read(
        pool: BrowserPool, base: str, path: str) -> None:
    loaded = await _load(pool, base, path)
    assert loaded.html is not None and "fetched after load" in loaded.html
    assert not loaded.settle_timed_out
