"""Loading a URL in Chromium: one request, gated before the body is read.

The main document's response headers are checked first (see :mod:`trawl.browser.tab`):
HTML under the size limit is loaded and rendered; anything else (a PDF, an archive, an
error status, a body over the limit) is aborted and recorded from its headers. What we
keep of a rendered page is the DOM after the load event, serialised.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from trawl.browser.pool import BrowserPool
from trawl.browser.tab import DocumentResponse
from trawl.crawl.fetch import HTML_TYPES, media_type
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
                          timeout_s: float) -> Loaded:
    """Load ``url`` in a pooled tab; FetchError when no usable response arrived."""
    started = time.monotonic()
    async with pool.tab() as tab:
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
            return Loaded(doc.url, doc.status, media_type(doc.headers.get("content-type")),
                          length, None, int((time.monotonic() - started) * 1000))
        loaded_at = time.monotonic()
        if response is None:
            raise FetchError("the browser reported no response for the page")
        headers = await response.all_headers()
        html = await tab.page.content()
        done = time.monotonic()
        return Loaded(
            final_url=response.url, status_code=response.status,
            content_type=media_type(headers.get("content-type")) or "text/html",
            content_length=_length(headers) or len(html.encode()), html=html,
            fetch_ms=int((loaded_at - started) * 1000), render_ms=int((done - started) * 1000))
