"""A reusable crawler tab: a page whose main-document responses pass a gate.

The gate sees each main-frame document response (status and headers) before Chromium reads
its body, through a CDP ``Fetch`` interception at the response stage. A response the gate
refuses (a PDF, a 5 GB archive) is aborted, so the browser neither renders nor downloads
it, and the server is asked only once. Only documents are intercepted; scripts, styles
and XHR flow untouched.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from playwright.async_api import CDPSession, Page

REDIRECT_CODES = frozenset({301, 302, 303, 307, 308})


@dataclass
class DocumentResponse:
    """The main document's final response, as the gate saw it."""

    url: str
    status: int
    headers: dict[str, str] = field(default_factory=dict)
    refused: bool = False
    """True when the gate aborted it (the page was not loaded)."""


Gate = Callable[[DocumentResponse], bool]
"""Returns True to let the browser load the document, False to abort it."""


class Tab:
    """A page plus its CDP session; reused for many navigations, one at a time."""

    def __init__(self, page: Page, cdp: CDPSession, main_frame_id: str) -> None:
        self.page = page
        self._cdp = cdp
        self._main_frame_id = main_frame_id
        self._gate: Gate | None = None
        self.last_document: DocumentResponse | None = None
        self.redirects = 0

    @classmethod
    async def open(cls, page: Page) -> Tab:
        cdp = await page.context.new_cdp_session(page)
        tree = await cdp.send("Page.getFrameTree")
        tab = cls(page, cdp, tree["frameTree"]["frame"]["id"])
        cdp.on("Fetch.requestPaused",
               lambda event: asyncio.ensure_future(tab._on_paused(event)))
        await cdp.send("Fetch.enable", {"patterns": [
            {"urlPattern": "*", "resourceType": "Document", "requestStage": "Response"}]})
        # a page that opens alerts or popups must not stall the crawl
        page.on("dialog", lambda dialog: asyncio.ensure_future(_dismiss(dialog)))
        page.on("popup", lambda popup: asyncio.ensure_future(_close(popup)))
        return tab

    def expect(self, gate: Gate) -> None:
        """Apply ``gate`` to the main-document responses of the next navigation."""
        self._gate = gate
        self.last_document = None
        self.redirects = 0

    async def _on_paused(self, event: dict[str, Any]) -> None:
        request_id = event["requestId"]
        allow = True
        try:
            if event.get("frameId") == self._main_frame_id and self._gate is not None:
                status = int(event.get("responseStatusCode") or 0)
                headers = {h["name"].lower(): h["value"]
                           for h in event.get("responseHeaders") or []}
                doc = DocumentResponse(url=event["request"]["url"], status=status,
                                       headers=headers)
                if status in REDIRECT_CODES and "location" in headers:
                    self.redirects += 1
                else:
                    allow = self._gate(doc)
                    doc.refused = not allow
                    self.last_document = doc
        finally:
            with contextlib.suppress(Exception):
                if allow:
                    await self._cdp.send("Fetch.continueResponse", {"requestId": request_id})
                else:
                    await self._cdp.send("Fetch.failRequest",
                                         {"requestId": request_id, "errorReason": "Aborted"})

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self._cdp.detach()
        with contextlib.suppress(Exception):
            await self.page.close()


async def _dismiss(dialog: Any) -> None:
    with contextlib.suppress(Exception):
        await dialog.dismiss()


async def _close(page: Page) -> None:
    with contextlib.suppress(Exception):
        await page.close()
