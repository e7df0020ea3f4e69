"""Rendering a fetched HTML document in Chromium.

The document bytes come from the HTTP fetch and are handed to the browser for the main
navigation (so the server is asked once); scripts, styles and XHR load normally. What we
keep is the DOM after the load event, serialised.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any

from trawl.browser.pool import BrowserPool
from trawl.crawl.fetch import FetchResult
from trawl.errors import FetchError, FetchTimeout

# Headers that describe the original transfer, not the bytes we hand over.
HOP_HEADERS = frozenset({"content-length", "content-encoding", "transfer-encoding",
                         "connection", "keep-alive"})


@dataclass
class Rendered:
    html: str
    url: str
    """The page's URL after scripts ran (may differ after a JS redirect or pushState)."""
    elapsed_ms: int


async def render(pool: BrowserPool, fetched: FetchResult, *, timeout_s: float,
                 storage_state: dict[str, Any] | None = None) -> Rendered:
    assert fetched.body is not None, "only HTML responses are rendered"
    started = time.monotonic()
    headers = {k: v for k, v in fetched.headers.items() if k.lower() not in HOP_HEADERS}
    served = False

    async def serve_document(route: Any) -> None:
        nonlocal served
        request = route.request
        if not served and request.is_navigation_request():
            served = True
            await route.fulfill(status=fetched.status_code, headers=headers, body=fetched.body)
        else:
            await route.fallback()

    async with pool.page(storage_state=storage_state) as page:
        target = fetched.final_url
        # a regex route is matched inside Playwright; a Python predicate would intercept
        # every subresource request too
        await page.route(re.compile("^" + re.escape(target) + "$"), serve_document)
        try:
            await page.goto(target, wait_until="load", timeout=timeout_s * 1000)
            html = await page.content()
        except Exception as exc:
            message = str(exc).strip().splitlines()[0] if str(exc).strip() else repr(exc)
            if "Timeout" in type(exc).__name__ or "Timeout" in message:
                raise FetchTimeout(f"page did not load within {timeout_s:.0f}s") from exc
            raise FetchError(f"browser failed to render: {message}") from exc
        return Rendered(html=html, url=page.url,
                        elapsed_ms=int((time.monotonic() - started) * 1000))
