"""Running the HTTP API: connect, check the bind, serve with uvicorn until stopped."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import uvicorn

from trawl.api.callers import SERVE, Callers
from trawl.api.crawls import Trawl
from trawl.api.http.app import create_app
from trawl.api.http.auth import ApiToken, check_bind, resolve_token
from trawl.config import Settings

log = logging.getLogger("trawl.api.http")


async def serve(settings: Settings, host: str, port: int, *, token_file: Path | None = None,
                mcp: bool = True, announce: Callable[[str], None] = print,
                callers: Callers | None = None) -> None:
    """Serve the API on ``host:port`` until interrupted. ConfigError (before connecting to
    anything) when ``host`` is beyond loopback without a token set explicitly.
    ``callers``: the internal addresses its callers may reach (see trawl.api.callers)."""
    token: ApiToken = resolve_token(settings, token_file)
    check_bind(host, token)
    async with await Trawl.connect(settings) as trawl:
        app = create_app(trawl, token.value, mcp=mcp, host=host, callers=callers)
        config = uvicorn.Config(app, host=host, port=port, log_level="warning",
                                access_log=False, lifespan="on")
        server = uvicorn.Server(config)
        shown = f"[{host}]" if ":" in host else host
        announce(f"trawl API on http://{shown}:{port}  (docs /docs, OpenAPI /openapi.json, "
                 f"MCP {'/mcp' if mcp else 'off'}, Firecrawl's API /v2 and /v1)")
        announce(f"  token: {token.source}"
                 + ("" if token.explicit else " (generated; readable by this user only)"))
        announce(f"  callers reach: {(callers or Callers(SERVE)).describe()}")
        await server.serve()
