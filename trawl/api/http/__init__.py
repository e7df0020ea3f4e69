"""`trawl serve`: the HTTP API (FastAPI) and the MCP tools over streamable HTTP.

:func:`create_app` builds the app on a :class:`trawl.api.crawls.Trawl`; :func:`serve` runs it
with uvicorn; :mod:`~trawl.api.http.auth` holds the token and bind rules.
"""

from __future__ import annotations

from trawl.api.http.app import create_app
from trawl.api.http.auth import ApiToken, check_bind, resolve_token
from trawl.api.http.serve import serve

__all__ = ["ApiToken", "check_bind", "create_app", "resolve_token", "serve"]
