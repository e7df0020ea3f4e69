"""Errors as JSON problem objects (RFC 9457): ``{"type", "title", "status", "detail"}``,
served as ``application/problem+json``, with trawl's own message as the detail."""

from __future__ import annotations

from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from trawl.errors import (
    BlockedAddress,
    BrowserError,
    ConfigError,
    CrawlNotFound,
    FetchError,
    ServiceError,
    TrawlError,
)

PROBLEM_JSON = "application/problem+json"
STATUS_OF: tuple[tuple[type[TrawlError], int], ...] = (
    (CrawlNotFound, 404),
    (ConfigError, 422),
    (ServiceError, 503),  # Temporal or Postgres unreachable
    (BrowserError, 503),  # no browser on the server for a scrape that needs one
    (BlockedAddress, 403),  # an address the operator did not allow this server's callers
    (FetchError, 502),  # the page a scrape asked for failed (timeout, too large...)
    (TrawlError, 409),  # the crawl is not in a state to do that (not running, not paused...)
)
"""trawl's errors -> HTTP status, first match wins."""


def problem_response(status: int, detail: str, *, headers: Mapping[str, str] | None = None,
                     **extra: Any) -> JSONResponse:
    body = {"type": "about:blank", "title": HTTPStatus(status).phrase, "status": status,
            "detail": detail, **extra}
    return JSONResponse(jsonable_encoder(body), status_code=status, headers=headers,
                        media_type=PROBLEM_JSON)


def status_of(exc: TrawlError) -> int:
    return next(code for kind, code in STATUS_OF if isinstance(exc, kind))


def install(app: FastAPI) -> None:
    """Answer trawl's errors, bad requests and HTTP errors with problem objects."""

    async def trawl_error(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, TrawlError)
        return problem_response(status_of(exc), str(exc))

    async def invalid(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        errors = [{"loc": list(e.get("loc", ())), "msg": e.get("msg"), "type": e.get("type")}
                  for e in exc.errors()]
        detail = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}"
                           for e in errors) or "invalid request"
        return problem_response(422, detail, errors=errors)

    async def http_error(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, HTTPException)
        return problem_response(exc.status_code, str(exc.detail), headers=exc.headers)

    app.add_exception_handler(TrawlError, trawl_error)
    app.add_exception_handler(RequestValidationError, invalid)
    app.add_exception_handler(HTTPException, http_error)
