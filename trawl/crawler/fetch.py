"""Fetching one URL over HTTP with hard limits (size, time, redirects).

The body is read only when it is HTML or a document trawl reads (JSON, YAML, markdown,
text, PDF: see :mod:`trawl.documents.formats`) and under the size limit: a 5 GB download
costs one request's headers. Errors become :class:`trawl.errors.FetchError` subclasses whose
``error_class`` is stored with the page.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections import OrderedDict
from collections.abc import AsyncIterator
from dataclasses import dataclass
from http.cookiejar import CookieJar, DefaultCookiePolicy
from urllib.parse import urljoin

import httpx

from trawl.config import DEFAULT_MAX_REDIRECTS
from trawl.documents.formats import FORMAT_TYPES, document_format
from trawl.errors import (
    BodyTooLarge,
    ConnectError,
    FetchError,
    FetchTimeout,
    RedirectLoop,
    TooManyRedirects,
)
from trawl.net import GuardedTransport, operator_policy

HTML_TYPES = ("text/html", "application/xhtml+xml")
SNIFF_BYTES = 512
META_SNIFF_BYTES = 4096
CHARSET_RE = re.compile(rb"charset\s*=\s*[\"']?([A-Za-z0-9_.:-]+)", re.IGNORECASE)
DEFAULT_COOKIE_JARS = 256
"""Crawls whose cookie jars a worker keeps (the least recently used is dropped)."""


@dataclass
class FetchResult:
    url: str
    """The URL requested."""
    final_url: str
    """The URL that answered, after redirects."""
    status_code: int
    content_type: str | None
    """Media type without parameters, lowercased."""
    headers: dict[str, str]
    body: bytes | None
    """The body, only for HTML and document responses (None otherwise)."""
    content_length: int | None
    elapsed_ms: int
    document: str | None = None
    """The format the body is a document of (json, yaml, markdown, text, pdf); None for
    HTML and for bodies not read."""

    @property
    def is_html(self) -> bool:
        return self.body is not None and self.document is None


def make_client(user_agent: str, timeout_s: float) -> httpx.AsyncClient:
    # pages' redirects are followed by _follow, hop by hop (it tells a loop from a long
    # chain); robots.txt and sitemaps use the client's own following
    # every request passes the address guard (trawl.net), on every hop; connections are
    # pooled per origin (trawl.net's transport says why)
    transport = GuardedTransport(operator_policy())
    return httpx.AsyncClient(
        # the client keeps no cookies: each crawl has its own jar (CrawlCookies), passed
        # to fetch(); robots.txt and sitemaps are fetched without any
        cookies=CookieJar(policy=DefaultCookiePolicy(allowed_domains=[])),
        follow_redirects=True,
        max_redirects=DEFAULT_MAX_REDIRECTS,
        timeout=httpx.Timeout(timeout_s),
        headers={"User-Agent": user_agent, "Accept": "text/html,application/xhtml+xml,*/*;q=0.8"},
        transport=transport,
    )


def media_type(header: str | None) -> str | None:
    if not header:
        return None
    return header.split(";", 1)[0].strip().lower() or None


def _looks_like_html(prefix: bytes) -> bool:
    head = prefix.lstrip()[:SNIFF_BYTES].lower()
    return head.startswith((b"<!doctype html", b"<html")) or b"<body" in head or b"<head" in head


async def _read_limited(response: httpx.Response, max_bytes: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    async for chunk in response.aiter_bytes():
        size += len(chunk)
        if size > max_bytes:
            raise BodyTooLarge(f"body larger than {max_bytes} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


class CrawlCookies:
    """One cookie jar per crawl, for the crawls a worker has seen lately (the oldest is
    dropped past ``limit``): cookies one crawl's pages set never go out with another's."""

    def __init__(self, limit: int = DEFAULT_COOKIE_JARS) -> None:
        self._jars: OrderedDict[str, httpx.Cookies] = OrderedDict()
        self._limit = limit

    def jar(self, crawl_id: str) -> httpx.Cookies:
        jar = self._jars.pop(crawl_id, None) or httpx.Cookies()
        self._jars[crawl_id] = jar
        while len(self._jars) > self._limit:
            self._jars.popitem(last=False)
        return jar


def _add_jar_cookies(request: httpx.Request, cookies: httpx.Cookies) -> None:
    """The jar's cookies for this request, after any the crawl sends itself (a session
    profile's): both go in one Cookie header."""
    own = request.headers.pop("cookie", None)
    cookies.set_cookie_header(request)
    from_jar = request.headers.pop("cookie", None)
    value = "; ".join(v for v in (own, from_jar) if v)
    if value:
        request.headers["cookie"] = value


@contextlib.asynccontextmanager
async def _follow(client: httpx.AsyncClient, url: str, headers: dict[str, str] | None,
                  cookies: httpx.Cookies | None = None) -> AsyncIterator[httpx.Response]:
    """The response at the end of ``url``'s redirect chain, streaming (body unread).

    A chain that comes back to a URL it passed raises RedirectLoop; one longer than
    DEFAULT_MAX_REDIRECTS raises TooManyRedirects (the browser's gate does the same)."""
    request = client.build_request("GET", url, headers=headers)
    seen = {str(request.url)}
    for _ in range(DEFAULT_MAX_REDIRECTS + 1):
        if cookies is not None:
            _add_jar_cookies(request, cookies)
        response = await client.send(request, stream=True, follow_redirects=False)
        if cookies is not None:
            cookies.extract_cookies(response)
        if not response.has_redirect_location:
            try:
                yield response
            finally:
                await response.aclose()
            return
        await response.aclose()
        next_request = response.next_request
        assert next_request is not None
        next_request.headers.pop("cookie", None)  # set again from the jar, for its host
        if headers:  # the crawl's own headers (cookies stay with the site they came from)
            for name, value in headers.items():
                if name.lower() != "cookie" or next_request.url.host == request.url.host:
                    next_request.headers.setdefault(name, value)
        target = str(next_request.url)
        if target in seen:
            raise RedirectLoop(f"redirect loop: {target} redirects back to itself "
                               f"after {len(seen)} hops")
        seen.add(target)
        request = next_request
    raise TooManyRedirects(f"more than {DEFAULT_MAX_REDIRECTS} redirects in a row "
                           f"(stopped at {request.url})")


async def _fetch(client: httpx.AsyncClient, url: str, max_bytes: int,
                 headers: dict[str, str] | None = None,
                 cookies: httpx.Cookies | None = None) -> FetchResult:
    started = time.monotonic()
    async with _follow(client, url, headers, cookies) as response:
        ctype = media_type(response.headers.get("content-type"))
        declared = response.headers.get("content-length")
        length = int(declared) if declared and declared.isdigit() else None
        answered = dict(response.headers)
        final_url = str(response.url)
        body: bytes | None = None
        document = None if ctype in HTML_TYPES else document_format(ctype, final_url, answered)
        if ctype in HTML_TYPES or ctype is None or document is not None:
            if length is not None and length > max_bytes:
                raise BodyTooLarge(f"Content-Length {length} exceeds the {max_bytes}-byte limit")
            raw = await _read_limited(response, max_bytes)
            length = len(raw)
            if ctype is None and _looks_like_html(raw):
                document = None  # an HTML page named like a file (/notes.txt): HTML it is
            elif ctype is None:
                document = document_format(ctype, final_url, answered, raw[:SNIFF_BYTES])
            if ctype in HTML_TYPES or document is not None or _looks_like_html(raw):
                body = raw
                ctype = ctype or FORMAT_TYPES.get(document or "", "text/html")
        return FetchResult(
            url=url, final_url=final_url, status_code=response.status_code,
            content_type=ctype, headers=answered, body=body, content_length=length,
            elapsed_ms=int((time.monotonic() - started) * 1000), document=document,
        )


async def fetch(client: httpx.AsyncClient, url: str, *, max_bytes: int,
                timeout_s: float, headers: dict[str, str] | None = None,
                cookies: httpx.Cookies | None = None) -> FetchResult:
    """GET ``url``; raise a FetchError subclass on anything but an HTTP response.
    ``cookies``: the crawl's jar, sent and filled on every hop (None: no cookies kept)."""
    try:
        async with asyncio.timeout(timeout_s):
            return await _fetch(client, url, max_bytes, headers, cookies)
    except TimeoutError as exc:
        raise FetchTimeout(f"no complete response within {timeout_s:.0f}s") from exc
    except httpx.TimeoutException as exc:
        raise FetchTimeout(f"timed out: {type(exc).__name__}") from exc
    except (httpx.ConnectError, httpx.RemoteProtocolError) as exc:
        raise ConnectError(f"cannot connect: {exc}") from exc
    except httpx.HTTPError as exc:
        raise FetchError(f"{type(exc).__name__}: {exc}") from exc
    except (httpx.InvalidURL, httpx.UnsupportedProtocol) as exc:
        raise FetchError(f"invalid URL: {exc}") from exc


META_REFRESH_RE = re.compile(
    r"<meta\s[^>]*http-equiv\s*=\s*[\"']?refresh[\"']?[^>]*>", re.IGNORECASE)
_REFRESH_CONTENT_RE = re.compile(r"content\s*=\s*(\"[^\"]*\"|'[^']*'|[^\s>]+)", re.IGNORECASE)
_REFRESH_VALUE_RE = re.compile(r"^\s*(\d+)[^;,]*[;,]?\s*(?:url\s*=\s*)?[\"']?([^\"']*)",
                               re.IGNORECASE)
REFRESH_SNIFF_CHARS = 32_768


def refresh_target(html: str, headers: dict[str, str], base_url: str) -> str | None:
    """Where an immediate refresh (``<meta http-equiv=refresh content="0; url=...">`` or a
    ``Refresh: 0; url=...`` header) sends the reader, as an absolute URL; None when there
    is none, or it waits (a browser shows the page first, so it is read like any page).
    Chromium follows these before a crawler can read the page: over HTTP they are
    recorded as the redirects they are, so both modes store the same."""
    value = headers.get("refresh")
    if value is None:
        tag = META_REFRESH_RE.search(html[:REFRESH_SNIFF_CHARS])
        content = _REFRESH_CONTENT_RE.search(tag.group(0)) if tag else None
        value = content.group(1).strip("\"'") if content else None
    match = _REFRESH_VALUE_RE.match(value) if value else None
    if match is None or int(match.group(1)) != 0 or not match.group(2).strip():
        return None
    return urljoin(base_url, match.group(2).strip())


def decode_html(body: bytes, headers: dict[str, str]) -> str:
    """Bytes to text: the header's charset, else a <meta charset>, else UTF-8 (lenient)."""
    match = CHARSET_RE.search(headers.get("content-type", "").encode()) or CHARSET_RE.search(
        body[:META_SNIFF_BYTES])
    charset = match.group(1).decode("ascii") if match else "utf-8"
    try:
        return body.decode(charset, errors="replace")
    except LookupError:
        return body.decode("utf-8", errors="replace")
