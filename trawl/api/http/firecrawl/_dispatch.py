"""``POST /v1/scrape`` is trawl's scrape and Firecrawl v1's: the body tells which.

trawl's body is ``{"url": ..., "options": {...}}`` and nothing else (its model refuses any
other field); Firecrawl's is flat (``formats``, ``onlyMainContent``...), and its SDKs always
send ``origin`` besides. So a JSON object with any key but ``url`` and ``options`` is
Firecrawl's, and goes to :data:`~trawl.api.http.firecrawl._routes.V1_SCRAPE_PATH`; the rest
(``{"url"}`` alone included, which both would read the same way) stays trawl's, whose
answer is a ``ScrapeResult``. A body that is not JSON stays trawl's too (a 422 problem).
"""

from __future__ import annotations

import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from trawl.api.http.firecrawl._routes import V1_SCRAPE_PATH

SHARED_PATH = "/v1/scrape"
TRAWL_KEYS = frozenset({"url", "options"})
MAX_PEEK_BYTES = 1024 * 1024
"""A larger body is trawl's to judge (no scrape body comes close)."""


def is_firecrawl_body(body: bytes) -> bool:
    """Whether a ``POST /v1/scrape`` body is Firecrawl's (see the module doc)."""
    try:
        data: Any = json.loads(body)
    except ValueError:
        return False
    return isinstance(data, dict) and bool(set(data) - TRAWL_KEYS)


class V1ScrapeDispatch:
    """ASGI middleware: a Firecrawl ``POST /v1/scrape`` goes to Firecrawl's v1 scrape."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" \
                or scope["path"] != SHARED_PATH:
            await self.app(scope, receive, send)
            return
        messages: list[Message] = []
        size = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            size += len(message.get("body", b""))
            if not message.get("more_body") or size > MAX_PEEK_BYTES:
                break
        body = b"".join(m.get("body", b"") for m in messages if m["type"] == "http.request")
        if size <= MAX_PEEK_BYTES and is_firecrawl_body(body):
            scope = {**scope, "path": V1_SCRAPE_PATH,
                     "raw_path": V1_SCRAPE_PATH.encode()}

        async def replay() -> Message:
            return messages.pop(0) if messages else await receive()

        await self.app(scope, replay, send)
