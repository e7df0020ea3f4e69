"""Running the HTTP API: connect, check the bind, serve with uvicorn until stopped."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import Callable
from pathlib import Path

import uvicorn

from trawl.api.callers import SERVE, Callers
from trawl.api.crawls import Trawl
from trawl.api.http.app import create_app
from trawl.api.http.auth import ApiToken, check_bind, resolve_token
from trawl.config import Settings

log = logging.getLogger("trawl.api.http")
LIFESPAN_END_S = 2.0
"""How long the app's shutdown (its lifespan's end: the MCP session manager) may take
after a second Ctrl-C (see ``Server``)."""


class Server(uvicorn.Server):
    """uvicorn's server, which ends the app's lifespan on a forced exit too. A Ctrl-C while
    a client holds a connection open waits for it ("CTRL+C to force quit"); a second one
    made uvicorn skip the app's shutdown, and the lifespan task left waiting was cancelled
    as the event loop closed: an asyncio CancelledError traceback under the command's
    "interrupted" line, and one more for each request still in flight."""

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        await super().shutdown(sockets)
        if not self.force_exit:
            return
        # (the requests still in flight are cancelled as the loop closes: asked to, by the
        # second Ctrl-C; uvicorn would log each as an "Exception in ASGI application")
        logging.getLogger("uvicorn.error").addFilter(_not_cancelled)
        ended = getattr(self.lifespan, "shutdown_event", None)
        if ended is not None and not ended.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.lifespan.shutdown(), LIFESPAN_END_S)


def _not_cancelled(record: logging.LogRecord) -> bool:
    """Whether ``record`` is no task's cancellation (logging filter)."""
    return not (record.exc_info and record.exc_info[0] is not None
                and issubclass(record.exc_info[0], asyncio.CancelledError))



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
        server = Server(config)
        shown = f"[{host}]" if ":" in host else host
        announce(f"trawl API on http://{shown}:{port}  (docs /docs, OpenAPI /openapi.json, "
                 f"MCP {'/mcp' if mcp else 'off'}, Firecrawl's API /v2 and /v1)")
        announce(f"  token: {token.source}"
                 + ("" if token.explicit else " (generated; readable by this user only)"))
        announce(f"  callers reach: {(callers or Callers(SERVE)).describe()}")
        await server.serve()
