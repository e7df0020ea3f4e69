"""Loading a URL in Chromium: one request, gated before the body is read.

The main document's response headers are checked first (see :mod:`trawl.browser.tab`):
HTML under the size limit is loaded and rendered; anything else (a PDF, an archive, an
error status, a body over the limit) is aborted and recorded from its headers. What we
keep of a rendered page is the DOM after the load event, serialised.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from trawl.browser.capture import (
    MAX_CONSOLE_ERRORS,
    MAX_ERROR_CHARS,
    MAX_PUSHED_URLS,
    QUIET_MS,
    SETTLE_BUDGET_MS,
    SETTLE_JS,
    SETTLE_POLL_MS,
    STATIC_QUIET_MS,
)
from trawl.browser.destructive import DestructiveGuard
from trawl.browser.goto import SETTLE_PAUSE_MS, goto_settled
from trawl.browser.pool import BrowserPool
from trawl.browser.scripts import Js, script
from trawl.browser.tab import DocumentResponse, Tab
from trawl.config import DEFAULT_MAX_REDIRECTS
from trawl.crawler.consent import DISMISS_JS
from trawl.crawler.fetch import HTML_TYPES, FetchResult, media_type
from trawl.crawler.stepper import run_steps
from trawl.crawler.walls import Wall
from trawl.errors import (
    BlockedAddress,
    BodyTooLarge,
    ConnectError,
    FetchError,
    FetchTimeout,
    PageCrashed,
    RedirectLoop,
    TooManyRedirects,
)
from trawl.model import Step
from trawl.net import NetPolicy
from trawl.policy import parse_retry_after

if TYPE_CHECKING:
    from trawl.crawler.reading import Reading

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
    etag: str | None = None
    """The response's ETag header (sent back as If-None-Match on a recrawl)."""
    last_modified: str | None = None
    """The response's Last-Modified header (sent back as If-Modified-Since on a recrawl)."""
    body_hash: str | None = None
    """SHA-256 of the HTML as served over HTTP (None in browser mode: no raw bytes)."""
    unchanged: bool = False
    """Recrawls: the server answered 304, or the same bytes as last time; not extracted."""
    password_visible: bool | None = None
    """Browser mode: whether a password field is visible (None: not known)."""
    wall: Wall | None = None
    """Set when the page needs a person (see :mod:`trawl.crawler.walls`)."""
    screenshot: bytes | None = None
    """PNG of the page, taken when it needs a person, or when asked (``--store
    screenshot``)."""
    screenshot_missing: str | None = None
    """Why a screenshot asked for was not taken (it failed)."""
    retry_after_s: float | None = None
    """Seconds the site's Retry-After header asks for (429/503 answers), if it sent one."""
    steps: list[dict[str, Any]] | None = None
    """Browser mode: the steps run on the page (cookie banner, spec steps), each with its
    outcome (see :mod:`trawl.crawler.stepper`); None when none ran."""
    console_errors: list[str] | None = None
    """Browser mode: errors the page's scripts logged or threw; None when there were none."""
    pushed_urls: list[str] = field(default_factory=list)
    """Browser mode: URLs the page's scripts routed to (history.pushState/replaceState)."""
    reading: Reading | None = None
    """Auto mode, read over HTTP: the page already read while deciding (not read again)."""
    blocked_requests: int = 0
    """Browser mode: the page's requests refused by the address guard (trawl.net)."""
    settle_ms: int = 0
    """Browser mode: how long the page was waited for after its load event (its fetches
    rendered, its content quiet; 0 for a page that was done at load)."""
    settle_timed_out: bool = False
    """Browser mode: the page was still loading or changing when the settle budget ran out
    (read as it was then)."""
    expanded: int = 0
    """Browser mode: collapsed sections (details, accordions) opened before the read."""
    seen_words: int | None = None
    """Browser mode: words of the rendered page's visible text (the thin-content check
    compares what was stored with it)."""
    document: FetchResult | None = None
    """A JSON, YAML, markdown, text or PDF response, its body read over HTTP (in every
    mode: the browser does not read those); explore reads it (see trawl.documents)."""


WallCheck = Callable[[Loaded], Wall | None]

MAX_EXPAND = 60
"""Collapsed sections opened per page by default (an endless tree is not walked)."""
# Open what a reader opens by clicking: closed <details>, and accordion toggles
# (aria-expanded=false buttons) in the page's content. Navigation, menus, tabs and forms
# are left alone, and so is a toggle whose words say it deletes, buys or logs out.
EXPAND_JS = script("trawl.crawler", "render_expand.js", MAX_EXPAND=MAX_EXPAND)
# a banner script that trips over an odd page must never cost the page itself
_DISMISS_SAFELY = script("trawl.crawler", "render_dismiss.js", DISMISS=Js(DISMISS_JS))
# Read the page in one CDP round trip: let it settle (what it fetches after its load event
# rendered, see trawl.browser.capture.SETTLE_JS; at once on a static page), open what a
# reader's click opens (closed <details>, collapsed accordions outside navigation, then
# settle again), dismiss a cookie banner when asked (a few querySelector calls when there
# is none), then the DOM as page.content() serialises it, whether a password field is
# visible, how many words a reader sees, and what the capture script noted (pushState
# URLs, errors; see trawl.browser.capture). timeOrigin tells whether steps left the document.
SNAPSHOT_JS = script("trawl.crawler", "render_snapshot.js", SETTLE=Js(SETTLE_JS),
                     EXPAND=Js(EXPAND_JS), DISMISS_SAFELY=Js(_DISMISS_SAFELY))
# Before spec steps: the document's identity, the page settled, and the cookie banner out
# of the way.
PREPARE_JS = script("trawl.crawler", "render_prepare.js", SETTLE=Js(SETTLE_JS),
                    DISMISS_SAFELY=Js(_DISMISS_SAFELY))
NAVIGATION_SIGNS = ("Execution context was destroyed", "because of a navigation")
"""Playwright's words for an evaluate cut short by the page going to another document."""
SCREENSHOT_TIMEOUT_MS = 10_000
READ_BUDGET_S = 15.0
"""A page's whole browser budget is its load timeout (twice with steps) plus this, for
reading the DOM, the wall check and a screenshot: a script that never returns (a
``while (true)`` after load) costs the page this, never the crawl."""
CLIENT_REDIRECT_CHECKS = 3
"""Looks (after 0.1, 0.2, 0.4 s) for the document a page navigated to by itself."""
CRASH_SIGNS = ("Target crashed", "Page crashed", "Target closed", "crashed")


def _too_large(chars: object, max_bytes: int) -> str:
    """Why a rendered page was not read: its DOM serialises to more characters than its
    crawl's ``max_body_bytes`` (each character at least a byte in UTF-8). The limit bounds
    what a worker holds of a page over HTTP; in the browser a small page's script can build
    a DOM of any size, and its serialisation would reach the worker, then an extraction
    process (about 30 times a page's size in memory) whole."""
    return (f"the rendered page is {chars} characters, more than the {max_bytes}-byte "
            "limit (max_body_bytes)")


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


def _error(exc: Exception, timeout_s: float, tab: Tab | None = None) -> FetchError:
    message = str(exc).strip().splitlines()[0] if str(exc).strip() else repr(exc)
    if tab is not None and tab.redirect_error == "redirect_loop":
        return RedirectLoop(f"redirect loop: {' -> '.join(tab.chain[-3:])}")
    if (tab is not None and tab.redirect_error == "too_many_redirects") \
            or "ERR_TOO_MANY_REDIRECTS" in message:
        return TooManyRedirects(f"more than {DEFAULT_MAX_REDIRECTS} redirects in a row")
    if (tab is not None and tab.crashed) or any(sign in message for sign in CRASH_SIGNS):
        return PageCrashed(f"the browser's renderer crashed on the page: {message}")
    if any(code in message for code in CONNECT_ERRORS):
        return ConnectError(f"cannot connect: {message}")
    if "Timeout" in type(exc).__name__ or "Timeout" in message:
        return FetchTimeout(f"page did not load within {timeout_s:.0f}s")
    return FetchError(f"browser failed to load the page: {message}")


def _other_page(now: str, requested: str) -> bool:
    """Whether the tab is on another page than the one requested (fragments aside)."""
    return now.split("#", 1)[0] != requested.split("#", 1)[0] and now != "about:blank"


def _navigated(exc: Exception) -> bool:
    """Whether reading the page failed because the tab moved to another document."""
    return any(sign in str(exc) for sign in NAVIGATION_SIGNS)


def settle_args(timeout_s: float) -> list[float | bool]:
    """SETTLE_JS's arguments: quiet time, poll interval, budget (at most half the page's
    load timeout), whether it follows an action, the quiet time of a page that is no app
    and loads nothing."""
    return [QUIET_MS, SETTLE_POLL_MS, min(SETTLE_BUDGET_MS, timeout_s * 500), False,
            STATIC_QUIET_MS]


async def _read(tab: Tab, url: str, steps: list[Step], dismiss: bool,
                timeout_s: float, guard: DestructiveGuard | None = None,
                expand: bool = True, max_chars: int | None = None
                ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Run ``steps`` (if any), then read the page: (snapshot, step records). A DOM that
    serialises to more than ``max_chars`` characters is not read (``html`` None; see
    :func:`_too_large`).

    When a step (a link clicked, a form sent) or the page itself (a reload after its
    cookie banner was accepted) took the tab to another document, that is recorded and
    the URL is loaded once more and read without the steps: the page is kept.
    """
    page, log = tab.page, []
    origin = None
    snap: dict[str, Any] | None = None
    expand = expand and not steps  # a page's own steps decide what is opened
    try:
        if steps:
            origin, banner = await page.evaluate(PREPARE_JS,
                                                 [dismiss, settle_args(timeout_s)])
            log += [banner] if banner else []
            log += await run_steps(page, steps, timeout_s, guard)
        snap = await page.evaluate(SNAPSHOT_JS, [dismiss, expand, settle_args(timeout_s),
                                                    max_chars])
    except Exception as exc:
        if not (_navigated(exc) or origin is not None):
            raise _error(exc, timeout_s, tab) from exc
    if snap is None and not steps:
        # the page went to another document by itself (a meta refresh, location.replace):
        # a redirect made by the page, recorded like one (as trawl.crawler.fetch.refresh_target
        # does over HTTP), not read
        for attempt in range(CLIENT_REDIRECT_CHECKS):  # until the new document commits
            with contextlib.suppress(Exception):
                await page.wait_for_timeout(SETTLE_PAUSE_MS * 2 ** attempt)
                await page.wait_for_load_state("load", timeout=timeout_s * 1000)
            if _other_page(page.url, url):
                return {"client_redirect": page.url}, log
    if snap is None or (steps and snap["origin"] != origin):
        why = "a step left the page" if steps else "the page navigated while it was read"
        log.append({"step": "reload", "target": None, "ok": False,
                    "detail": f"{why} (for {page.url}); it was loaded again and read "
                              "without steps"})
        try:
            # the page's own navigation (a reload after its banner was accepted) may still
            # be in flight
            await goto_settled(page, url, timeout_ms=timeout_s * 1000,
                               settle_ms=timeout_s * 1000)
            snap = await page.evaluate(SNAPSHOT_JS, [dismiss, expand, settle_args(timeout_s),
                                                     max_chars])
        except Exception as exc:
            raise _error(exc, timeout_s, tab) from exc
    if snap["banner"]:
        log.append(snap["banner"])
    return snap, log


async def load_in_browser(pool: BrowserPool, url: str, *, max_bytes: int,
                          timeout_s: float, profile: str = "",
                          storage_state: dict[str, Any] | None = None,
                          check: WallCheck | None = None, steps: list[Step] | None = None,
                          dismiss_cookie_banners: bool = True,
                          user_agent: str | None = None,
                          policy: NetPolicy | None = None,
                          guard: DestructiveGuard | None = None,
                          screenshot: bool = False,
                          extra_headers: dict[str, str] | None = None) -> Loaded:
    """Load ``url`` in a pooled tab of ``profile``; FetchError when no usable response
    arrived. ``check`` runs before the tab is released; a page it flags is screenshotted,
    and so is every page read when ``screenshot``.
    ``steps`` run after the load event (within another ``timeout_s``), before the read;
    ``guard`` judges the controls they press (default: destructive ones are refused).
    ``extra_headers`` go with every request of the tab while it loads this page."""
    budget = timeout_s * (2 if steps else 1) + READ_BUDGET_S
    async with pool.tab(profile, storage_state, user_agent) as tab:
        if extra_headers:
            await tab.page.set_extra_http_headers(extra_headers)
        try:
            async with asyncio.timeout(budget):
                loaded = await _load(tab, url, max_bytes=max_bytes, timeout_s=timeout_s,
                                     check=check, steps=steps or [],
                                     dismiss_cookie_banners=dismiss_cookie_banners,
                                     policy=policy, guard=guard)
                if screenshot and loaded.html is not None and loaded.screenshot is None:
                    await _screenshot(tab, loaded)
                loaded.blocked_requests = tab.blocked_requests
                return loaded
        except TimeoutError as exc:  # the tab is torn down by the pool (it raised)
            raise FetchTimeout(f"the page was not loaded and read within {budget:.0f}s "
                               "(a script that never returns?)") from exc
        finally:
            if extra_headers:  # the tab is reused: the next page must not send them
                try:
                    await tab.page.set_extra_http_headers({})
                except Exception:  # then it is not reused: the pool closes it
                    tab.crashed = True


async def _screenshot(tab: Tab, loaded: Loaded) -> None:
    """A PNG of the page's viewport as read, or why there is none."""
    try:
        loaded.screenshot = await tab.page.screenshot(type="png",
                                                      timeout=SCREENSHOT_TIMEOUT_MS)
    except Exception as exc:  # the page is stored all the same, saying so
        message = str(exc).strip().splitlines()[0] if str(exc).strip() else repr(exc)
        loaded.screenshot_missing = f"the screenshot failed: {message[:200]}"


async def _load(tab: Tab, url: str, *, max_bytes: int, timeout_s: float,
                check: WallCheck | None, steps: list[Step],
                dismiss_cookie_banners: bool, policy: NetPolicy | None,
                guard: DestructiveGuard | None = None) -> Loaded:
    started = time.monotonic()
    if "#" in url and tab.page.url.split("#", 1)[0] == url.split("#", 1)[0]:
        # another hash route of the document the tab still shows: a goto would only change
        # the fragment (no load, no response); start from a fresh document instead
        await tab.page.goto("about:blank")
    tab.expect(lambda doc: _wanted(doc, max_bytes), max_bytes, policy)
    try:
        response = await tab.page.goto(url, wait_until="load", timeout=timeout_s * 1000)
    except Exception as exc:
        if tab.blocked is not None:  # the page or a redirect hop: an address not allowed
            raise BlockedAddress(tab.blocked) from exc
        doc = tab.last_document
        if tab.redirect_error is not None or doc is None or not doc.refused:
            raise _error(exc, timeout_s, tab) from exc
        if doc.too_large:
            raise BodyTooLarge(f"more than {max_bytes} bytes received (no Content-Length)"
                               ) from exc
        length = _length(doc.headers)
        if doc.status < 400 and length is not None and length > max_bytes:
            raise BodyTooLarge(f"Content-Length {length} exceeds the {max_bytes}-byte "
                               "limit") from exc
        refused = Loaded(doc.url, doc.status, media_type(doc.headers.get("content-type")),
                         length, None, int((time.monotonic() - started) * 1000))
        refused.retry_after_s = parse_retry_after(doc.headers.get("retry-after"))
        if check is not None:
            refused.wall = check(refused)  # nothing rendered: no screenshot
        return refused
    loaded_at = time.monotonic()
    if response is None:
        raise FetchError("the browser reported no response for the page")
    # what Chromium reported with the response, without another round trip to it (only
    # cookie headers are missing, and none of those is read here)
    headers = response.headers
    snap, log = await _read(tab, url, steps, dismiss_cookie_banners, timeout_s, guard,
                            max_chars=max_bytes)
    if "client_redirect" in snap:
        moved = Loaded(snap["client_redirect"], response.status, "text/html", None, None,
                       int((loaded_at - started) * 1000))
        moved.steps = log or None
        return moved
    html, password_visible = snap["html"], snap["password"]
    if html is None:
        raise BodyTooLarge(_too_large(snap.get("htmlChars"), max_bytes))
    done = time.monotonic()
    # the response's URL has no fragment: a hash route asked for is the document read (what
    # the app does to the fragment later, e.g. deep links of sections it opened, is not)
    requested, _, fragment = url.partition("#")
    final_url = response.url
    if fragment and response.url.split("#", 1)[0] == requested:
        final_url = f"{requested}#{fragment}"
    loaded = Loaded(
        final_url=final_url, status_code=response.status,
        content_type=media_type(headers.get("content-type")) or "text/html",
        content_length=_length(headers) or len(html.encode()), html=html,
        fetch_ms=int((loaded_at - started) * 1000), render_ms=int((done - started) * 1000),
        password_visible=bool(password_visible))
    loaded.etag, loaded.last_modified = headers.get("etag"), headers.get("last-modified")
    loaded.steps = log or None
    loaded.console_errors = [str(e)[:MAX_ERROR_CHARS]
                             for e in snap["errors"][:MAX_CONSOLE_ERRORS]] or None
    loaded.pushed_urls = [str(u) for u in snap["pushed"][:MAX_PUSHED_URLS]]
    settled = snap.get("settled") or {}
    loaded.settle_ms = int(settled.get("ms") or 0)
    loaded.settle_timed_out = bool(settled.get("timedOut"))
    loaded.expanded, loaded.seen_words = int(snap.get("expanded") or 0), snap.get("seen")
    if check is not None:
        loaded.wall = check(loaded)
        if loaded.wall is not None:
            try:
                loaded.screenshot = await tab.page.screenshot(
                    type="png", timeout=SCREENSHOT_TIMEOUT_MS)
            except Exception:  # a handoff without a picture is still a handoff
                loaded.screenshot = None
    return loaded
