"""A reusable crawler tab: a page whose main-document responses pass a gate.

The gate sees each main-frame document response (status and headers) before Chromium reads
its body, through a CDP ``Fetch`` interception at the response stage. A response the gate
refuses (a PDF, a 5 GB archive) is aborted, so the browser neither renders nor downloads
it, and the server is asked only once. Only documents are intercepted; scripts, styles
and XHR flow untouched.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin

from playwright.async_api import CDPSession, Page

from trawl.config import DEFAULT_MAX_REDIRECTS
from trawl.errors import BlockedAddress
from trawl.net import NetPolicy, origin_of

REDIRECT_CODES = frozenset({301, 302, 303, 307, 308})
CLOSE_TIMEOUT_S = 5.0
"""A tab (or context) that does not close within this is given up on: its context is
closed instead, then the whole browser (see trawl.browser.pool)."""
BLANK_TIMEOUT_S = 5.0
"""Leaving a read page for about:blank (its scripts stop) must finish within this."""
STREAM_CHUNK_BYTES = 1 << 20
"""A body without Content-Length is read from Chromium in chunks of this size, counting."""
# Headers that described the body as it came over the wire; a body handed back to
# Chromium whole (see Tab._stream_body) is neither compressed nor chunked.
_WIRE_HEADERS = frozenset({"content-length", "content-encoding", "transfer-encoding",
                           "content-disposition"})


@dataclass
class DocumentResponse:
    """The main document's final response, as the gate saw it."""

    url: str
    status: int
    headers: dict[str, str] = field(default_factory=dict)
    refused: bool = False
    """True when the gate aborted it (the page was not loaded)."""
    received: int | None = None
    """Bytes of a body without Content-Length, counted as they arrived (None otherwise)."""
    too_large: bool = False
    """Aborted because more bytes arrived than the limit."""


Gate = Callable[[DocumentResponse], bool]
"""Returns True to let the browser load the document, False to abort it."""


class Tab:
    """A page plus its CDP session; reused for many navigations, one at a time."""

    def __init__(self, page: Page, cdp: CDPSession, main_frame_id: str) -> None:
        self.page = page
        self._cdp = cdp
        self._main_frame_id = main_frame_id
        self._gate: Gate | None = None
        self._max_bytes: int | None = None
        self.last_document: DocumentResponse | None = None
        self.redirects = 0
        self.chain: list[str] = []
        """URLs of the current navigation's redirect chain, in order."""
        self.redirect_error: str | None = None
        """redirect_loop | too_many_redirects when the gate stopped the chain."""
        self.crashed = False
        """The renderer died (out of memory, a crash): the tab is never reused."""
        self._policy: NetPolicy | None = None
        self._verdicts: dict[str, str | None] = {}
        self.blocked: str | None = None
        """Why the main document was refused by the address guard, if it was."""
        self.blocked_requests = 0
        """Requests of the current page refused by the address guard."""
        self._tasks: set[asyncio.Task[None]] = set()
        self.idle_token = 0
        """Bumped each time the tab goes idle (see BrowserPool._blank_when_idle)."""

    @classmethod
    async def open(cls, page: Page) -> Tab:
        cdp = await page.context.new_cdp_session(page)
        tree = await cdp.send("Page.getFrameTree")
        tab = cls(page, cdp, tree["frameTree"]["frame"]["id"])
        cdp.on("Fetch.requestPaused", tab._spawn_paused)
        await cdp.send("Fetch.enable", {"patterns": [
            # every request, before it is sent: the address guard (see _check_request)
            {"urlPattern": "*", "requestStage": "Request"},
            {"urlPattern": "*", "resourceType": "Document", "requestStage": "Response"}]})
        # a page that opens alerts or popups must not stall the crawl
        page.on("dialog", lambda dialog: asyncio.ensure_future(_dismiss(dialog)))
        page.on("popup", lambda popup: asyncio.ensure_future(_close(popup)))
        page.on("crash", lambda _: setattr(tab, "crashed", True))
        # a download (an attachment) is refused by the context; nothing to wait for
        return tab

    def _spawn_paused(self, event: dict[str, Any]) -> None:
        task = asyncio.ensure_future(self._on_paused(event))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def expect(self, gate: Gate, max_bytes: int | None = None,
               policy: NetPolicy | None = None) -> None:
        """Apply ``gate`` to the main-document responses of the next navigation; with
        ``max_bytes``, a body without Content-Length is counted as it arrives and aborted
        past the limit (``last_document.too_large``); with ``policy``, every request the
        page makes (the document, each redirect hop, subresources) is checked against it
        before it is sent (refused: ``blocked``, ``blocked_requests``)."""
        self._gate = gate
        self._max_bytes = max_bytes
        self._policy = policy
        self._verdicts = {}
        self.blocked = None
        self.blocked_requests = 0
        self.last_document = None
        self.redirects = 0
        self.chain = []
        self.redirect_error = None

    async def _on_paused(self, event: dict[str, Any]) -> None:
        if "responseStatusCode" not in event and "responseErrorReason" not in event:
            await self._check_request(event)
            return
        request_id = event["requestId"]
        allow: bool | None = True  # continue as received | fail | None: answered already
        try:
            if event.get("frameId") == self._main_frame_id and self._gate is not None:
                status = int(event.get("responseStatusCode") or 0)
                headers = {h["name"].lower(): h["value"]
                           for h in event.get("responseHeaders") or []}
                doc = DocumentResponse(url=event["request"]["url"], status=status,
                                       headers=headers)
                if status in REDIRECT_CODES and "location" in headers:
                    allow = self._redirect(doc.url, headers["location"])
                else:
                    allow = self._gate(doc)
                    doc.refused = not allow
                    self.last_document = doc
                    if allow and "attachment" in headers.get("content-disposition", "").lower():
                        # an HTML page sent as a download is read like any page (as over
                        # HTTP): without the header Chromium renders it instead of saving it
                        allow = await self._without_disposition(request_id, event)
                    if allow and self._max_bytes is not None \
                            and "content-length" not in headers and status < 300:
                        # answered here: read it counting bytes, then fulfilled or failed
                        try:
                            allow = None if await self._stream_body(request_id, event,
                                                                    doc) else False
                        except Exception:
                            allow = False
        finally:
            with contextlib.suppress(Exception):
                if allow is None:
                    pass
                elif allow:
                    await self._cdp.send("Fetch.continueResponse", {"requestId": request_id})
                else:
                    await self._cdp.send("Fetch.failRequest",
                                         {"requestId": request_id, "errorReason": "Aborted"})

    async def _check_request(self, event: dict[str, Any]) -> None:
        """A request about to be sent: refused (BlockedByClient) when the address guard
        says no; the verdict is kept per origin for the rest of the page."""
        request_id, url = event["requestId"], event["request"]["url"]
        verdict: str | None = None
        if self._policy is not None and url.startswith(("http:", "https:", "ws:", "wss:")):
            origin = origin_of(url)
            if origin in self._verdicts:
                verdict = self._verdicts[origin]
            else:
                try:
                    await self._policy.resolve_checked(url)
                except BlockedAddress as exc:
                    verdict = str(exc)
                self._verdicts[origin] = verdict
        with contextlib.suppress(Exception):
            if verdict is None:
                await self._cdp.send("Fetch.continueRequest", {"requestId": request_id})
                return
            self.blocked_requests += 1
            if event.get("resourceType") == "Document" \
                    and event.get("frameId") == self._main_frame_id:
                self.blocked = verdict
            await self._cdp.send("Fetch.failRequest", {"requestId": request_id,
                                                       "errorReason": "BlockedByClient"})

    def _redirect(self, url: str, location: str) -> bool:
        """Whether to follow one redirect hop (the same rule as trawl.crawler.fetch)."""
        if not self.chain:
            self.chain.append(url)
        target = urljoin(url, location)
        self.redirects += 1
        if target in self.chain:
            self.redirect_error = "redirect_loop"
        elif self.redirects > DEFAULT_MAX_REDIRECTS:
            self.redirect_error = "too_many_redirects"
        self.chain.append(target)
        return self.redirect_error is None

    async def _stream_body(self, request_id: str, event: dict[str, Any],
                           doc: DocumentResponse) -> bool:
        """Read a document body of unknown length through CDP, counting its bytes: past
        the limit the request is failed (``doc.too_large``); else Chromium is handed the
        body whole. True when the response was fulfilled here."""
        assert self._max_bytes is not None
        stream = (await self._cdp.send("Fetch.takeResponseBodyAsStream",
                                       {"requestId": request_id}))["stream"]
        chunks: list[bytes] = []
        received = 0
        try:
            while True:
                part = await self._cdp.send("IO.read", {"handle": stream,
                                                        "size": STREAM_CHUNK_BYTES})
                data = part.get("data", "")
                chunk = base64.b64decode(data) if part.get("base64Encoded") else data.encode()
                received += len(chunk)
                doc.received = received
                if received > self._max_bytes:
                    doc.refused = doc.too_large = True
                    return False
                chunks.append(chunk)
                if part.get("eof"):
                    break
        finally:
            with contextlib.suppress(Exception):
                await self._cdp.send("IO.close", {"handle": stream})
        headers = [h for h in event.get("responseHeaders") or []
                   if h["name"].lower() not in _WIRE_HEADERS]
        await self._cdp.send("Fetch.fulfillRequest", {
            "requestId": request_id, "responseCode": doc.status, "responseHeaders": headers,
            "body": base64.b64encode(b"".join(chunks)).decode("ascii")})
        return True

    async def _without_disposition(self, request_id: str, event: dict[str, Any]) -> bool | None:
        headers = [h for h in event.get("responseHeaders") or []
                   if h["name"].lower() != "content-disposition"]
        if self._max_bytes is not None and not any(
                h["name"].lower() == "content-length" for h in headers):
            return True  # streamed and fulfilled by _stream_body, which drops it too
        await self._cdp.send("Fetch.continueResponse", {
            "requestId": request_id, "responseCode": int(event["responseStatusCode"]),
            "responseHeaders": headers})
        return None

    async def blank(self) -> bool:
        """Leave the page for about:blank, so none of its scripts run once it was read
        (a beacon on a timer, a poller); False when the tab did not get there in time."""
        try:
            async with asyncio.timeout(BLANK_TIMEOUT_S):
                await self.page.goto("about:blank", wait_until="commit")
            return not self.crashed
        except Exception:
            return False

    async def close(self) -> bool:
        """Close the tab within CLOSE_TIMEOUT_S; False when it did not close (a renderer
        stuck in a script): the caller then closes its whole context."""
        for task in list(self._tasks):
            task.cancel()
        try:
            async with asyncio.timeout(CLOSE_TIMEOUT_S):
                with contextlib.suppress(Exception):
                    await self._cdp.detach()
                with contextlib.suppress(Exception):
                    await self.page.close(run_before_unload=False)
            return True
        except TimeoutError:
            return False


async def _dismiss(dialog: Any) -> None:
    """Alerts, confirms and prompts are dismissed; "leave this page?" is answered yes, so a
    beforeunload handler never keeps a tab on a page."""
    with contextlib.suppress(Exception):
        if dialog.type == "beforeunload":
            await dialog.accept()
        else:
            await dialog.dismiss()


async def _close(page: Page) -> None:
    with contextlib.suppress(Exception):
        await page.close()
