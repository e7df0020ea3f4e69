"""The Firecrawl-compatible routes: v2 as the current SDKs call it, and v1 where the older
SDKs and loaders still call it (see the package doc for how they sit beside ``/v1``)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Security
from fastapi.responses import JSONResponse

from trawl.api.callers import Callers
from trawl.api.http.firecrawl._errors import FirecrawlRoute, Unsupported, error_response
from trawl.api.http.firecrawl._jobs import (
    MAX_PAGE_DOCS,
    active_jobs,
    cancel_job,
    job_errors,
    job_status,
    job_url,
    start_job,
)
from trawl.api.http.firecrawl._requests import (
    BatchRequest,
    CrawlRequest,
    MapRequest,
    ScrapeRequest,
    batch_spec,
    crawl_spec,
    document_options,
    scrape_options,
    webhook_of,
)
from trawl.api.http.routes import CallersDep, ScrapeBody, TrawlDep, bearer, scrape_page
from trawl.crawler.firecrawl import document, scrape_facts
from trawl.crawler.mapping import DEFAULT_MAP_BUDGET_S, map_site
from trawl.crawler.scrape import options_from

V1_SCRAPE_PATH = "/v1/scrape/firecrawl"
"""Where ``POST /v1/scrape`` goes when its body is Firecrawl's (see _dispatch)."""
ACTIVE_LIMIT = 1000
UNSUPPORTED_ENDPOINTS = ("search", "extract", "deep-research", "llmstxt")
"""Firecrawl v1 endpoints trawl does not serve (a clear 404; ``/v1/agent`` is trawl's)."""
Skip = Annotated[int, Query(ge=0, description="Documents to pass over (paging).")]
Limit = Annotated[int | None, Query(ge=1, le=MAX_PAGE_DOCS,
                                    description="Documents at most in this answer.")]

v2 = APIRouter(prefix="/v2", tags=["firecrawl"], route_class=FirecrawlRoute,
               dependencies=[Security(bearer)])
v1 = APIRouter(prefix="/v1", tags=["firecrawl"], route_class=FirecrawlRoute,
               dependencies=[Security(bearer)])


def _url(url: str) -> str:
    """Firecrawl takes a URL without a scheme as http."""
    url = url.strip()
    return url if "://" in url else f"http://{url}"


async def _scrape(req: ScrapeRequest, callers: Callers) -> JSONResponse:
    opts = document_options(req)
    result = await scrape_page(ScrapeBody(url=_url(req.url),
                                          options=scrape_options(req, opts)), callers)
    doc = await asyncio.to_thread(document, scrape_facts(result, req.url), opts)
    return JSONResponse({"success": True, "data": doc})


async def _crawl(trawl: TrawlDep, request: Request, req: CrawlRequest,
                 version: str, callers: Callers) -> JSONResponse:
    req.url = _url(req.url)
    spec, opts = crawl_spec(req)
    crawl_id = await start_job(trawl, spec, opts, webhook_of(req.webhook), callers,
                               kind="crawl", version=version)
    return JSONResponse({"success": True, "id": crawl_id,
                         "url": job_url(request, version, "crawl", crawl_id)})


async def _batch(trawl: TrawlDep, request: Request, req: BatchRequest,
                 version: str, callers: Callers) -> JSONResponse:
    req.urls = [_url(u) for u in req.urls]
    spec, opts, invalid = batch_spec(req)
    # a URL that does not answer is that URL's error, not the batch's
    crawl_id = await start_job(trawl, spec, opts, webhook_of(req.webhook), callers,
                               kind="batch_scrape", version=version, check_reachable=False)
    answer: dict[str, Any] = {"success": True, "id": crawl_id,
                              "url": job_url(request, version, "batch/scrape", crawl_id)}
    if req.ignoreInvalidURLs:
        answer["invalidURLs"] = invalid
    return JSONResponse(answer)


async def _map(req: MapRequest, callers: Callers) -> list[dict[str, Any]]:
    if req.location is not None:
        raise Unsupported("location", "trawl fetches from where it runs")
    url = _url(req.url)
    sitemap = req.sitemap or ("only" if req.sitemapOnly else
                              "skip" if req.ignoreSitemap else "include")
    options = options_from(None, formats=["links", "metadata"])
    page = None
    if sitemap != "only":
        page = await scrape_page(ScrapeBody(url=url, options=options), callers)
    found = await map_site(url, page, options, sitemap=sitemap,
                           include_subdomains=req.includeSubdomains,
                           ignore_query=req.ignoreQueryParameters, search=req.search,
                           limit=req.limit, budget_s=req.timeout / 1000 if req.timeout
                           else DEFAULT_MAP_BUDGET_S,
                           guard=callers.scrape_guard(options.allow_private,
                                                      options.allow_hosts))
    return [{k: v for k, v in (("url", link.url), ("title", link.title),
                               ("description", link.description)) if v is not None}
            for link in found.links]


def _job_routes(router: APIRouter, version: str) -> None:
    """The routes of crawls and batch scrapes, the same in v1 and v2 but for the version in
    their URLs (``url``, ``next``)."""

    async def start_crawl_job(req: CrawlRequest, trawl: TrawlDep, request: Request,
                              callers: CallersDep) -> JSONResponse:
        """Start a crawl (an ordinary trawl crawl): ``{success, id, url}``."""
        return await _crawl(trawl, request, req, version, callers)

    async def start_batch_job(req: BatchRequest, trawl: TrawlDep, request: Request,
                              callers: CallersDep) -> JSONResponse:
        """Scrape a list of URLs (a crawl of them that follows no link): ``{success, id,
        url, invalidURLs}``."""
        return await _batch(trawl, request, req, version, callers)

    async def active(trawl: TrawlDep) -> dict[str, Any]:
        """The running crawls."""
        return await active_jobs(trawl, ACTIVE_LIMIT)

    router.add_api_route("/crawl", start_crawl_job, methods=["POST"], name=f"crawl_{version}")
    router.add_api_route("/crawl/active", active, methods=["GET"], name=f"active_{version}")
    router.add_api_route("/batch/scrape", start_batch_job, methods=["POST"],
                         name=f"batch_{version}")
    async def cancel(job_id: str, trawl: TrawlDep) -> dict[str, Any]:
        return await cancel_job(trawl, job_id)

    async def errors(job_id: str, trawl: TrawlDep) -> dict[str, Any]:
        return await job_errors(trawl, job_id)

    for path, what in (("crawl", "crawl"), ("batch/scrape", "batch scrape")):
        key = path.replace("/", "_")
        router.add_api_route(f"/{path}/{{job_id}}", _status_route(version, path),
                             methods=["GET"],
                             name=f"{key}_status_{version}",
                             description=f"A {what}'s status and documents, a page at a "
                                         "time (``next``).")
        router.add_api_route(f"/{path}/{{job_id}}", cancel, methods=["DELETE"],
                             name=f"{key}_cancel_{version}", description=f"Cancel a {what}.")
        router.add_api_route(f"/{path}/{{job_id}}/errors", errors, methods=["GET"],
                             name=f"{key}_errors_{version}",
                             description=f"A {what}'s failed pages, skipped URLs and the "
                                         "URLs robots.txt disallowed.")


def _status_route(version: str, path: str) -> Callable[..., Awaitable[JSONResponse]]:
    async def status(job_id: str, trawl: TrawlDep, request: Request, skip: Skip = 0,
                     limit: Limit = None) -> JSONResponse:
        return JSONResponse(await job_status(trawl, request, job_id, version, path, skip,
                                             limit))

    return status


# -- v2 ------------------------------------------------------------------------------------

@v2.post("/scrape")
async def scrape_v2(req: ScrapeRequest, callers: CallersDep) -> JSONResponse:
    """Scrape one page (no crawl, nothing stored): ``{success, data: document}``."""
    return await _scrape(req, callers)


@v2.post("/map")
async def map_v2(req: MapRequest, callers: CallersDep) -> dict[str, Any]:
    """A site's URLs from its start page and sitemaps: ``{success, links: [{url, ...}]}``."""
    return {"success": True, "links": await _map(req, callers)}


_job_routes(v2, "v2")


@v2.api_route("/{rest:path}", methods=["GET", "POST", "PUT", "PATCH", "DELETE"],
              include_in_schema=False)
async def elsewhere_v2(rest: str, request: Request) -> JSONResponse:
    return _no_such_endpoint(request)


# -- v1 ------------------------------------------------------------------------------------

@v1.post(V1_SCRAPE_PATH.removeprefix("/v1"), include_in_schema=False)
async def scrape_v1(req: ScrapeRequest, callers: CallersDep) -> JSONResponse:
    """Firecrawl v1's scrape (``POST /v1/scrape`` with a Firecrawl body)."""
    return await _scrape(req, callers)


@v1.post("/map")
async def map_v1(req: MapRequest, callers: CallersDep) -> dict[str, Any]:
    """Firecrawl v1's map: ``{success, links: [url, ...]}``."""
    return {"success": True, "links": [link["url"] for link in await _map(req, callers)]}


_job_routes(v1, "v1")


def _no_such_endpoint(request: Request) -> JSONResponse:
    return error_response(404, f"trawl's Firecrawl-compatible API has no {request.method} "
                               f"{request.url.path}: it serves scrape, crawl, map and batch "
                               "scrape (docs/guides/firecrawl.md)")


for _name in UNSUPPORTED_ENDPOINTS:
    v1.add_api_route(f"/{_name}", _no_such_endpoint, methods=["GET", "POST"],
                     include_in_schema=False)
    v1.add_api_route(f"/{_name}/{{rest:path}}", _no_such_endpoint, methods=["GET", "POST"],
                     include_in_schema=False)
