"""Loading a URL in Chromium: one request, gated before the body is read.

The main document's response headers are checked first (see :mod:`trawl.browser.tab`):
HTML under the size limit is loaded and rendered; anything else (a PDF, an archive, an
error status, a body over the limit) is aborted and recorded from its headers. What we
keep of a rendered page is the DOM after the load event, serialised.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from trawl.browser.pool import BrowserPool
from trawl.browser.tab import DocumentResponse
from trawl.crawl.fetch import HTML_TYPES, media_type
from trawl.crawl.walls import Wall
from trawl.errors import BodyTooLarge, ConnectError, FetchError, FetchTimeout, TooManyRedirects

# net:: error codes that mean the server could not be reached at all
CONNECT_ERRORS = ("ERR_CONNECTION_REFUSED", "ERR_NAME_NOT_RESOLVED", "ERR_CONNECTION_RESET",
                  "ERR_ADDRESS_UNREACHABLE", "ERR_CONNECTION_CLOSED", "ERR_EMPTY_RESPONSE",
                  "ERR_CONNECTION_TIMED_OUT", "ERR_INTERNET_DISCONNECTED")


@dataclass
class Loaded:
    """A URL's response, and its HTML when it was a page worth reading."""

    final_url: str
    status_code: int
    content_type: str | None
    content_length: int | None
    html: str | None
    """The document (rendered DOM in browser mode); None for non-HTML and error statuses."""
    fetch_ms: int
    render_ms: int | None = None
    render_mode: str | None = None
    """browser | http: how the HTML was obtained."""
    render_reason: str | None = None
    password_visible: bool | None = None
    """Browser mode: whether a password field is visible (None: not known)."""
    wall: Wall | None = None
    """Set when the page needs a person (see :mod:`trawl.crawl.walls`)."""
    screenshot: bytes | None = None
    """PNG of the page, taken only when it needs a person."""


WallCheck = Callable[[Loaded], Wall | None]

# The DOM as page.content() serialises it, plus whether a password field is visible: one
# CDP round trip for both.
SNAPSHOT_JS = """() => {
  let html = document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '';
  if (document.documentElement) html += document.documentElement.outerHTML;
  const visible = Array.from(document.querySelectorAll('input[type=password]')).some(e => {
    const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
  });
  return [html, visible];
}"""
SCREENSHOT_TIMEOUT_MS = 10_000


def _length(headers: dict[str, str]) -> int | None:
    value = headers.get("content-length", "")
    return int(value) if value.isdigit() else None


def _wanted(doc: DocumentResponse, max_bytes: int) -> bool:
    """Whether the browser should load this document (the gate of the tab)."""
    if doc.status >= 400:
        return False  # an error page: its status is all we keep
    ctype = media_type(doc.headers.get("content-type"))
    if ctype is not None and ctype not in HTML_TYPES:
        return False
    length = _length(doc.headers)
    return length is None or length <= max_bytes


def _error(exc: Exception, timeout_s: float) -> FetchError:
    message = str(exc).strip().splitlines()[0] if str(exc).strip() else repr(exc)
    if "ERR_TOO_MANY_REDIRECTS" in message:
        return TooManyRedirects("too many redirects (a redirect loop?)")
    if any(code in message for code in CONNECT_ERRORS):
        return ConnectError(f"cannot connect: {message}")
    if "Timeout" in type(exc).__name__ or "Timeout" in message:
        return FetchTimeout(f"page did not load within {timeout_s:.0f}s")
    return FetchError(f"browser failed to load the page: {message}")


async def load_in_browser(pool: BrowserPool, url: str, *, max_bytes: int,
                          timeout_s: float, profile: str = "",
                          storage_state: dict[str, Any] | None = None,
                          check: WallCheck | None = None) -> Loaded:
    """Load ``url`` in a pooled tab of ``profile``; FetchError when no usable response
    arrived. ``check`` runs before the tab is released; a page it flags is screenshotted."""
    started = time.monotonic()
    async with pool.tab(profile, storage_state) as tab:
        tab.expect(lambda doc: _wanted(doc, max_bytes))
        try:
            response = await tab.page.goto(url, wait_until="load", timeout=timeout_s * 1000)
        except Exception as exc:
            doc = tab.last_document
            if doc is None or not doc.refused:
                raise _error(exc, timeout_s) from exc
            length = _length(doc.headers)
            if doc.status < 400 and length is not None and length > max_bytes:
                raise BodyTooLarge(f"Content-Length {length} exceeds the {max_bytes}-byte "
                                   "limit") from exc
            refused = Loaded(doc.url, doc.status, media_type(doc.headers.get("content-type")),
                             length, None, int((time.monotonic() - started) * 1000))
            if check is not None:
                refused.wall = check(refused)  # nothing rendered: no screenshot
            return refused
        loaded_at = time.monotonic()
        if response is None:
            raise FetchError("the browser reported no response for the page")
        try:
            headers = await response.all_headers()
            html, password_visible = await tab.page.evaluate(SNAPSHOT_JS)
        except Exception as exc:  # e.g. a script navigated away while we read the page
            raise _error(exc, timeout_s) from exc
        done = time.monotonic()
        loaded = Loaded(
            final_url=response.url, status_code=response.status,
            content_type=media_type(headers.get("content-type")) or "text/html",
            content_length=_length(headers) or len(html.encode()), html=html,
            fetch_ms=int((loaded_at - started) * 1000), render_ms=int((done - started) * 1000),
            password_visible=bool(password_visible))
        if check is not None:
            loaded.wall = check(loaded)
            if loaded.wall is not None:
                try:
                    loaded.screenshot = await tab.page.screenshot(
                        type="png", timeout=SCREENSHOT_TIMEOUT_MS)
                except Exception:  # a handoff without a picture is still a handoff
                    loaded.screenshot = None
        return loaded
