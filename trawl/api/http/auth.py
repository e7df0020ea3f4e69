"""The HTTP API's bearer token, and where `trawl serve` may listen.

The token is ``TRAWL_API_TOKEN`` (or a file given with ``--token-file``), else the one in
``<data dir>/api.token``, generated on first use (mode 0600, written whole and linked into
place, like the data key in :mod:`trawl.secrets`). Every request but the docs
(``/openapi.json``, ``/docs``) and ``/healthz`` must carry it as ``Authorization: Bearer
<token>``, compared in constant time.

Binding: loopback always; any other address only with a token set *explicitly*
(``TRAWL_API_TOKEN`` or ``--token-file``). A generated token sits in a file on the server's
machine where nobody else reads it, so it protects loopback from other local users and web
pages, but handing the API to a network should be a deliberate act with a token the
operator chose and distributed.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import socket
from dataclasses import dataclass
from pathlib import Path

from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from trawl.api.http.problems import problem_response
from trawl.config import Settings
from trawl.errors import ConfigError
from trawl.secrets import private_file

TOKEN_FILE_NAME = "api.token"
"""The generated token's file in the data directory."""
MIN_TOKEN_CHARS = 16
PUBLIC_PATHS = frozenset({"/healthz", "/openapi.json", "/docs", "/docs/oauth2-redirect",
                          "/redoc"})
"""Served without the token: they say what the API is, never what it holds."""


@dataclass(frozen=True)
class ApiToken:
    value: str
    source: str
    """Where it came from: TRAWL_API_TOKEN, the file given, or the generated file."""
    explicit: bool
    """Set by the operator (TRAWL_API_TOKEN or --token-file), not generated."""


def resolve_token(settings: Settings, token_file: Path | None = None) -> ApiToken:
    """The token `trawl serve` requires: ``token_file``'s, else ``TRAWL_API_TOKEN``, else the
    data directory's (generated on first use)."""
    if token_file is not None:
        try:
            value = token_file.read_text().strip()
        except OSError as exc:
            raise ConfigError(f"cannot read the token file {token_file}: "
                              f"{exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise ConfigError(f"the token file {token_file} is not text: it holds the "
                              "token on one line") from None
        return ApiToken(_checked(value, f"the token file {token_file}"), str(token_file), True)
    if settings.api_token is not None:
        value = settings.api_token.get_secret_value().strip()
        return ApiToken(_checked(value, "TRAWL_API_TOKEN"), "TRAWL_API_TOKEN", True)
    path = settings.data_dir / TOKEN_FILE_NAME
    return ApiToken(_token_file(path), str(path), False)


def _checked(value: str, source: str) -> str:
    if len(value) < MIN_TOKEN_CHARS or any(c.isspace() for c in value):
        raise ConfigError(f"{source} must be one word of at least {MIN_TOKEN_CHARS} "
                          "characters (e.g. `openssl rand -hex 32`)")
    return value


def _token_file(path: Path) -> str:
    return _checked(private_file(path, lambda: secrets.token_urlsafe(32)), str(path))


def is_loopback(host: str) -> bool:
    """True when every address ``host`` stands for is a loopback address."""
    name = host.strip("[]")
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(name, None)
    except OSError:
        return False
    return bool(infos) and all(ipaddress.ip_address(str(info[4][0]).split("%")[0]).is_loopback
                               for info in infos)


def check_bind(host: str, token: ApiToken) -> None:
    """ConfigError unless `trawl serve` may listen on ``host`` with ``token``."""
    if is_loopback(host) or token.explicit:
        return
    raise ConfigError(
        f"refusing to listen on {host} (beyond loopback) without a token set explicitly: "
        "set TRAWL_API_TOKEN (e.g. `openssl rand -hex 32`) or give --token-file, or listen "
        "on 127.0.0.1")


class BearerAuth:
    """ASGI middleware: HTTP requests outside :data:`PUBLIC_PATHS` need the bearer token
    (the MCP endpoint too); anything else gets a 401 problem."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.token = token.encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] in PUBLIC_PATHS:
            await self.app(scope, receive, send)
            return
        given = next((v for k, v in scope["headers"] if k == b"authorization"), b"")
        scheme, _, credentials = given.strip().partition(b" ")
        if scheme.lower() == b"bearer" and hmac.compare_digest(credentials.strip(), self.token):
            await self.app(scope, receive, send)
            return
        detail = ("missing bearer token: send 'Authorization: Bearer <token>' (TRAWL_API_TOKEN "
                  "or the data directory's api.token)" if not given
                  else "wrong bearer token")
        await _unauthorized(scope["path"], detail)(scope, receive, send)


def _unauthorized(path: str, detail: str) -> Response:
    """A 401 its client reads: Firecrawl's error object on Firecrawl's paths, a problem
    elsewhere (with Firecrawl's members too on ``POST /v1/scrape``, which both serve)."""
    from trawl.api.http.firecrawl import SHARED_PATH, error_response, is_firecrawl_path

    headers = {"WWW-Authenticate": "Bearer"}
    if is_firecrawl_path(path):
        return error_response(401, detail, headers=headers)
    extra = {"success": False, "error": detail} if path == SHARED_PATH else {}
    return problem_response(401, detail, headers=headers, **extra)
