"""Firecrawl's HTTP API, spoken by `trawl serve` beside trawl's own, so Firecrawl's SDKs
(``firecrawl-py``, ``@mendable/firecrawl-js``) and what is built on them (LangChain's
loader) work against trawl unchanged: scrape, crawl (status, paging, errors, cancel), map and batch
scrape, as v2 and as v1, behind the same bearer token. See docs/guides/firecrawl.md.

Where the two APIs meet (decided, and why):

- ``/v2/...`` is all Firecrawl's (trawl's own API is ``/v1``).
- Firecrawl's v1 paths are ``/v1/crawl``, ``/v1/batch/scrape``, ``/v1/map`` (and their
  ``/{id}`` forms); trawl's are ``/v1/crawls``, ``/v1/pages``..., so they do not clash and
  both are served as they are.
- ``POST /v1/scrape`` is both. trawl's body is ``{url, options}`` and refuses anything else;
  Firecrawl's is flat, and its SDKs always add ``origin``: a body with any other key is
  Firecrawl's (:mod:`._dispatch`). ``{url}`` alone stays trawl's (its answer shape).
- Any crawl can be read through the Firecrawl routes, and a crawl they started is an
  ordinary crawl for the rest of trawl (``trawl status``, SQL, the Temporal UI, resume).

Errors are Firecrawl's ``{success: false, error}`` objects (:mod:`._errors`); a 401 on these
paths too (:func:`is_firecrawl_path`).
"""

from __future__ import annotations

from fastapi import FastAPI

from trawl.api.http.firecrawl._dispatch import SHARED_PATH, V1ScrapeDispatch
from trawl.api.http.firecrawl._errors import error_response
from trawl.api.http.firecrawl._routes import UNSUPPORTED_ENDPOINTS, V1_SCRAPE_PATH, v1, v2

V1_PREFIXES = ("/v1/crawl/", "/v1/batch/", V1_SCRAPE_PATH,
               *(f"/v1/{name}" for name in UNSUPPORTED_ENDPOINTS))
V1_PATHS = frozenset({"/v1/crawl", "/v1/map"})


def is_firecrawl_path(path: str) -> bool:
    """A path only the Firecrawl API serves (``/v1/scrape``, shared, is not one)."""
    return path == "/v2" or path.startswith("/v2/") or path in V1_PATHS \
        or path.startswith(V1_PREFIXES)


def install(app: FastAPI) -> None:
    """Serve the Firecrawl routes on ``app`` (after trawl's own: those win a tie)."""
    app.include_router(v1)
    app.include_router(v2)
    app.add_middleware(V1ScrapeDispatch)


__all__ = ["SHARED_PATH", "error_response", "install", "is_firecrawl_path"]
