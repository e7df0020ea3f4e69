"""The HTTP API's app: FastAPI (routes in :mod:`trawl.api.http.routes`, OpenAPI at
``/openapi.json``, docs at ``/docs``), the MCP tools over streamable HTTP at ``/mcp`` (the
server :func:`trawl.api.mcp_server.build_server` builds for stdio: the same tools), and the
bearer token in front of both."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any

from fastapi import FastAPI

from trawl.api.callers import SERVE, Callers
from trawl.api.crawls import Trawl
from trawl.api.http import firecrawl, problems
from trawl.api.http.auth import BearerAuth, is_loopback
from trawl.api.http.routes import router

MCP_PATH = "/mcp"
DESCRIPTION = """\
trawl's crawls over HTTP: start, follow, pause, resume and cancel crawls, read and search
their pages, and answer handoffs (pages waiting for a person). Every path but `/healthz`
and the docs needs `Authorization: Bearer <token>` (`TRAWL_API_TOKEN`, or the token
`trawl serve` generated into the data directory's `api.token`). Errors are problem objects
(`application/problem+json`) whose `detail` says what to do. The MCP tools of `trawl mcp`
are served at `/mcp` (streamable HTTP), behind the same token. Firecrawl's API (`/v2/scrape`,
`/v2/crawl`, `/v2/map`, `/v2/batch/scrape` and their v1 forms) is served too, so Firecrawl's
SDKs and loaders work unchanged (docs/guides/firecrawl.md)."""


def create_app(trawl: Trawl, token: str, *, mcp: bool = True,
               host: str = "127.0.0.1", callers: Callers | None = None) -> FastAPI:
    """The API on ``trawl``'s connection; requests need ``token``. ``host`` is where it will
    listen (the MCP endpoint checks Host/Origin headers against it when on loopback).
    ``callers``: the internal addresses the operator allowed its callers (default: the
    environment's only), the same for the REST routes and the MCP tools."""
    callers = callers or Callers(SERVE)
    mcp_server: Any = None
    if mcp:
        from trawl.api.mcp_server import build_server

        mcp_server = build_server(callers=callers)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        async with AsyncExitStack() as stack:
            if mcp_server is not None:
                await stack.enter_async_context(mcp_server.session_manager.run())
            yield

    from trawl import __version__

    app = FastAPI(title="trawl", version=__version__, description=DESCRIPTION,
                  lifespan=lifespan)
    app.state.trawl = trawl
    app.state.callers = callers
    app.state.agent_holder = getattr(mcp_server, "holder", None)
    problems.install(app)
    app.include_router(router)
    firecrawl.install(app)  # after trawl's own routes; its middleware inside the token's

    @app.get("/healthz", tags=["meta"])
    async def healthz() -> dict[str, bool]:
        """Up (no token needed; says nothing about Temporal or Postgres)."""
        return {"ok": True}

    if mcp_server is not None:
        _mount_mcp(app, mcp_server, host)
    app.add_middleware(BearerAuth, token=token)
    return app


def _mount_mcp(app: FastAPI, server: Any, host: str) -> None:
    """The MCP server's streamable-HTTP route, added to ``app`` (its session manager runs
    in ``app``'s lifespan)."""
    from mcp.server.transport_security import TransportSecuritySettings

    # On loopback the SDK checks Host and Origin (DNS rebinding); beyond loopback the
    # bearer token (required there, and set explicitly) is what keeps callers out.
    security = None if is_loopback(host) else TransportSecuritySettings(
        enable_dns_rebinding_protection=False)
    mcp_app = server.streamable_http_app(streamable_http_path=MCP_PATH,
                                         transport_security=security,
                                         host="127.0.0.1" if is_loopback(host) else host)
    app.router.routes.extend(mcp_app.routes)
