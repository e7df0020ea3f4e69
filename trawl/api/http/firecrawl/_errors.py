"""Errors as Firecrawl's clients read them: ``{"success": false, "error": "...", "code"?,
"details"?}`` (``application/json``), with the status codes their SDKs map to exceptions:
400 a bad request (and anything trawl cannot do yet, naming the field), 401 no or a wrong
token, 403 a refused address, 404 an unknown job, 408 a page that did not answer in time
(``code: SCRAPE_TIMEOUT``), 409 a job not in a state for it, 500 a page that could not be
read, 503 trawl's own services (Temporal, Postgres, the browser) unavailable.

Every route of the Firecrawl-compatible API is a :class:`FirecrawlRoute`: whatever its
handler raises — a request FastAPI could not parse, one of trawl's errors, a bug — becomes
such an answer; no traceback reaches a client (a bug's is logged).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException

from trawl.errors import (
    BlockedAddress,
    BrowserError,
    ConfigError,
    CrawlNotFound,
    FetchError,
    FetchTimeout,
    ServiceError,
    TrawlError,
)

log = logging.getLogger("trawl.api.http")

SCRAPE_TIMEOUT = "SCRAPE_TIMEOUT"
"""Firecrawl's code of a scrape that timed out (its SDKs raise their timeout error)."""


class Unsupported(ConfigError):
    """A Firecrawl field (or value) trawl cannot honour yet: answered 400, naming it."""

    def __init__(self, field: str, why: str) -> None:
        super().__init__(f"{field}: not supported by trawl (yet): {why}")
        self.field = field


class Conflict(TrawlError):
    """The job is not in a state for that (e.g. cancelling a crawl that completed): 409."""


def error_response(status: int, message: str, *, code: str | None = None,
                   details: Any = None, headers: dict[str, str] | None = None) -> JSONResponse:
    body: dict[str, Any] = {"success": False, "error": message}
    if code is not None:
        body["code"] = code
    if details is not None:
        body["details"] = details
    return JSONResponse(body, status_code=status, headers=headers)


def _validation(exc: RequestValidationError) -> JSONResponse:
    details = [{"loc": [str(p) for p in e.get("loc", ()) if p != "body"],
                "msg": e.get("msg"), "type": e.get("type")} for e in exc.errors()]
    message = "; ".join(f"{'.'.join(d['loc']) or 'body'}: {d['msg']}" for d in details)
    return error_response(400, message or "invalid request body", details=details)


STATUS_OF: tuple[tuple[type[TrawlError], int, str | None], ...] = (
    (CrawlNotFound, 404, None),
    (ConfigError, 400, None),
    (Conflict, 409, None),
    (FetchTimeout, 408, SCRAPE_TIMEOUT),
    (BlockedAddress, 403, "SCRAPE_BLOCKED_ADDRESS"),
    (FetchError, 500, "SCRAPE_FETCH_ERROR"),
    (BrowserError, 503, None),
    (ServiceError, 503, None),
    (TrawlError, 409, None),
)
"""trawl's errors -> (status, code), first match wins. A failed page is a 500, not a 502:
the Python SDK retries a POST answered 502, and a page that failed would fail again."""


def firecrawl_error(exc: Exception) -> JSONResponse:
    """The answer to ``exc`` raised by a Firecrawl route."""
    if isinstance(exc, RequestValidationError):
        return _validation(exc)
    if isinstance(exc, HTTPException):
        return error_response(exc.status_code, str(exc.detail),
                              headers=dict(exc.headers) if exc.headers else None)
    if isinstance(exc, TrawlError):
        status, code = next((s, c) for kind, s, c in STATUS_OF if isinstance(exc, kind))
        return error_response(status, str(exc), code=code)
    log.exception("Firecrawl API: unexpected error")
    return error_response(500, f"internal error ({type(exc).__name__}); the server's log "
                               "has the details")


class FirecrawlRoute(APIRoute):
    """A route whose failures are Firecrawl's error objects (see the module doc)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def answer(request: Request) -> Response:
            try:
                return await handler(request)
            except Exception as exc:
                return firecrawl_error(exc)

        return answer
