"""Running the HTTP API: connect, check the bind, serve with uvicorn until stopped."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import socket
from collections.abc import Callable, Iterator
from dataclasses import dataclass
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
STOP_GRACE_S = 10
"""How long a stopping server (a Ctrl-C, a SIGTERM) waits for the requests in flight
before it cancels them: a client holding a scrape of a page that never answers kept
`trawl serve` from stopping at all (uvicorn waits without a timeout unless told)."""
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143


@dataclass(frozen=True)
class Stop:
    """How a server stopped: the first signal (None: by itself) and how many requests
    were still in flight when its grace ended (cancelled)."""

    signal: int | None = None
    cut_off: int = 0
    grace_s: float = STOP_GRACE_S

    def said(self) -> tuple[str | None, int]:
        """The line `trawl serve` ends with and its exit status, as `trawl worker`'s: a
        Ctrl-C 130; a SIGTERM 0 (asked to stop), or 143 when requests had to be cut off."""
        if self.signal is None:
            return None, 0
        word = "terminated" if self.signal == signal.SIGTERM else "interrupted"
        line = f"{word}: the server stopped"
        if self.cut_off:
            line += (f"; {self.cut_off} request{'s' if self.cut_off > 1 else ''} still in "
                     f"flight after {self.grace_s:g} s, cancelled")
        if self.signal == signal.SIGTERM:
            return line, EXIT_TERMINATED if self.cut_off else 0
        return line, EXIT_INTERRUPTED


def server_config(app: object, host: str = "127.0.0.1", port: int = 0,
                  grace_s: int = STOP_GRACE_S) -> uvicorn.Config:
    """uvicorn's configuration of the API: quiet, and a stop bounded by ``grace_s``."""
    return uvicorn.Config(app, host=host, port=port,  # type: ignore[arg-type]
                          log_level="warning", access_log=False, lifespan="on",
                          timeout_graceful_shutdown=grace_s)


class Server(uvicorn.Server):
    """uvicorn's server, which ends the app's lifespan on a forced exit too. A Ctrl-C while
    a client holds a connection open waits for it ("CTRL+C to force quit"); a second one
    made uvicorn skip the app's shutdown, and the lifespan task left waiting was cancelled
    as the event loop closed: an asyncio CancelledError traceback under the command's
    "interrupted" line, and one more for each request still in flight.

    The wait is bounded (the config's ``timeout_graceful_shutdown``, see
    :func:`server_config`), and the signal that stopped it is kept in :attr:`stop` rather
    than raised again once it stopped (uvicorn's way: a SIGTERM then killed the process
    silently, exit -15), so that the command says how it stopped, as `trawl worker` does."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self._signals: list[int] = []
        self._cut_off = 0

    @property
    def stop(self) -> Stop:
        grace = self.config.timeout_graceful_shutdown
        return Stop(self._signals[0] if self._signals else None, self._cut_off,
                    STOP_GRACE_S if grace is None else grace)

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        with super().capture_signals():
            try:
                yield
            finally:  # (what uvicorn would raise again as it leaves)
                captured = getattr(self, "_captured_signals", [])
                self._signals += captured
                captured.clear()

    async def _wait_tasks_to_complete(self) -> None:
        try:
            await super()._wait_tasks_to_complete()
        except asyncio.CancelledError:  # the grace ended: uvicorn cancels what is left
            self._cut_off = len(self.server_state.tasks)
            # (uvicorn's own error line, and one "Exception in ASGI application" for each
            # request cancelled: the command's line says it)
            logging.getLogger("uvicorn.error").addFilter(_not_cut_off)
            raise

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


def _not_cut_off(record: logging.LogRecord) -> bool:
    """Whether ``record`` is neither uvicorn's line on the grace's end nor a cancelled
    request's (logging filter)."""
    return _not_cancelled(record) and "timeout graceful shutdown" not in record.getMessage()


def _not_cancelled(record: logging.LogRecord) -> bool:
    """Whether ``record`` is no task's cancellation (logging filter)."""
    return not (record.exc_info and record.exc_info[0] is not None
                and issubclass(record.exc_info[0], asyncio.CancelledError))



async def serve(settings: Settings, host: str, port: int, *, token_file: Path | None = None,
                mcp: bool = True, announce: Callable[[str], None] = print,
                callers: Callers | None = None) -> Stop:
    """Serve the API on ``host:port`` until interrupted; how it stopped (see :class:`Stop`).
    ConfigError (before connecting to anything) when ``host`` is beyond loopback without a
    token set explicitly.
    ``callers``: the internal addresses its callers may reach (see trawl.api.callers)."""
    token: ApiToken = resolve_token(settings, token_file)
    check_bind(host, token)
    async with await Trawl.connect(settings) as trawl:
        app = create_app(trawl, token.value, mcp=mcp, host=host, callers=callers)
        server = Server(server_config(app, host, port))
        shown = f"[{host}]" if ":" in host else host
        announce(f"trawl API on http://{shown}:{port}  (docs /docs, OpenAPI /openapi.json, "
                 f"MCP {'/mcp' if mcp else 'off'}, Firecrawl's API /v2 and /v1)")
        announce(f"  token: {token.source}"
                 + ("" if token.explicit else " (generated; readable by this user only)"))
        announce(f"  callers reach: {(callers or Callers(SERVE)).describe()}")
        await server.serve()
        return server.stop
