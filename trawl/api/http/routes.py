"""The HTTP API's routes (``/v1``): crawls, their pages and handoffs, agent runs.

Every route calls what the CLI calls (:class:`trawl.api.crawls.Trawl`,
:mod:`trawl.api.handoffs`); the crawl options are :class:`trawl.model.CrawlSpec` itself, as
the request body, checked by :meth:`CrawlSpec.validated` like every other way in.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import asdict
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Query, Request, Response, Security
from fastapi import Path as FastApiPath
from fastapi.responses import StreamingResponse
from fastapi.security import HTTPBearer
from pydantic import BaseModel, Field
from sqlalchemy.ext.asyncio import AsyncConnection
from sse_starlette import EventSourceResponse, ServerSentEvent

from trawl.api import agents, handoffs
from trawl.api.callers import Callers
from trawl.api.crawls import Trawl
from trawl.browser.session_ops import EVENT_TYPES as AGENT_EVENT_TYPES
from trawl.crawler.scrape import ScrapeOptions, Scraper, ScrapeResult, options_from
from trawl.errors import ConfigError, TrawlError
from trawl.model import CRAWL_EVENT_TYPES, AgentSpec, CrawlSpec
from trawl.store import events as event_rows
from trawl.store import sessions
from trawl.store.sessions import OpenHandoff

MAX_PAGE_SIZE = 500
MAX_BIGINT = 2**63 - 1
"""The largest id, seq or offset Postgres takes (a bigint): larger ones are a 422."""
DEFAULT_PAGE_SIZE = 50
MAX_LIST = 1000
AGENT_EVENT_POLL_S = 0.25
"""How often the agent event stream looks for new events."""
SSE_PING_S = 15
"""An idle event stream sends a comment this often, so proxies keep it open."""

# Documents the bearer scheme in the OpenAPI schema (the docs' "Authorize" button);
# the token itself is checked for every path by trawl.api.http.auth.BearerAuth.
bearer = HTTPBearer(auto_error=False, description="TRAWL_API_TOKEN, or the data directory's "
                                                  "api.token")
router = APIRouter(prefix="/v1", dependencies=[Security(bearer)])


def get_trawl(request: Request) -> Trawl:
    return request.app.state.trawl  # type: ignore[no-any-return]


TrawlDep = Annotated[Trawl, Depends(get_trawl)]


def get_callers(request: Request) -> Callers:
    """What the operator allowed this server's callers to reach (``trawl serve
    --allow-host/--allow-private``)."""
    return request.app.state.callers  # type: ignore[no-any-return]


CallersDep = Annotated[Callers, Depends(get_callers)]
HandoffId = Annotated[int, FastApiPath(ge=1, le=MAX_BIGINT, description="The handoff's id.")]


class Started(BaseModel):
    crawl_id: str
    workflow_id: str
    ui_url: str
    """The crawl in the Temporal web UI."""
    sql_hint: str
    """A `trawl sql` command reading the crawl's pages."""


class ResumeBody(BaseModel):
    """What a person brings to a handoff: a note, and optionally a session (cookies or a
    Playwright storage state) saved to the site's profile before the crawl goes on."""

    model_config = {"extra": "forbid", "use_attribute_docstrings": True}

    note: str | None = None
    """What you did (kept with the handoff)."""
    cookies: list[dict[str, Any]] | dict[str, Any] | None = None
    """Cookies (name, value, domain, path...) added to the site's session profile, or a
    storage state holding them."""
    storage_state: dict[str, Any] | None = None
    """A Playwright storage state (``{"cookies": [...], "origins": [...]}``) to use as the
    site's session profile."""


class CrawlResumeBody(ResumeBody):
    site: str | None = None
    """Only this site's handoff (default: every open handoff of the crawl)."""


class Resumed(BaseModel):
    crawl_id: str
    sites: list[str] = Field(description="Sites whose handoff was resumed (empty: the crawl "
                                         "was un-paused or released from a database hold).")
    session_saved: bool


# -- agent runs ----------------------------------------------------------------------------

@router.post("/agents", status_code=201, tags=["agents"])
async def create_agent_run(spec: AgentSpec, trawl: TrawlDep, callers: CallersDep
                           ) -> dict[str, Any]:
    """Start a durable browser agent run: ``task`` and ``start_url`` (and optionally
    ``model``, ``max_steps``, ``max_tokens``...). Its steps: ``GET /v1/agents/{run_id}``.
    The start URL and every page the agent opens pass the address guard: internal
    addresses only where the operator allowed (`trawl serve --allow-host`,
    `--allow-private`); a request cannot open more (403)."""
    started = await agents.start_agent(trawl, spec, callers)
    return started.as_dict()


@router.get("/agents", tags=["agents"])
async def list_agent_runs(trawl: TrawlDep,
                          limit: Annotated[int, Query(ge=1, le=MAX_LIST)] = 50
                          ) -> list[dict[str, Any]]:
    """Agent runs, newest first."""
    return await agents.list_runs(trawl, limit)


@router.get("/agents/{run_id}", tags=["agents"])
async def get_agent_run(run_id: str, trawl: TrawlDep) -> dict[str, Any]:
    """A run's status, result and every step (tool, arguments, result summary, tokens,
    URL); a step's screenshot: ``GET /v1/agents/{run_id}/steps/{seq}/screenshot``."""
    try:
        return await agents.show(trawl, run_id)
    except TrawlError as exc:
        raise HTTPException(404, str(exc)) from None


@router.get("/agents/{run_id}/steps/{seq}/screenshot", tags=["agents"],
            response_class=Response, responses={200: {"content": {"image/png": {}}}})
async def get_agent_screenshot(run_id: str, seq: int, trawl: TrawlDep) -> Response:
    """The PNG taken after step ``seq`` (steps that changed the page)."""
    try:
        png = await agents.screenshot(trawl, run_id, seq)
    except TrawlError as exc:
        raise HTTPException(404, str(exc)) from None
    if png is None:
        raise HTTPException(404, f"step {seq} of {run_id} has no screenshot")
    return Response(png, media_type="image/png")


@router.post("/agents/{run_id}/resume", tags=["agents"])
async def resume_agent_run(run_id: str, body: ResumeBody, trawl: TrawlDep) -> dict[str, Any]:
    """A person is done with a run's handoff: it goes on (a resume also approves one
    destructive press the agent asked about); session data goes into its browser."""
    cookies, state = handoffs.check_session(body.cookies, body.storage_state)
    done = await agents.resume_agent(trawl, run_id, note=body.note, resumed_by="HTTP API",
                                     cookies=cookies, storage_state=state)
    return {"run_id": done, "resumed": True}


# -- crawls --------------------------------------------------------------------------------

async def start_crawl(trawl: Trawl, spec: CrawlSpec, callers: Callers, *,
                      check_reachable: bool = True,
                      with_crawl: Callable[[AsyncConnection, str], Awaitable[None]] | None
                      = None) -> Started:
    """Start a crawl a client of the HTTP API asked for: what ``POST /v1/crawls`` does, and
    the Firecrawl-compatible API's crawls and batch scrapes (``with_crawl``: see
    :meth:`Trawl.start`). Its start URLs and webhook pass the guard within ``callers``."""
    if spec.recrawl_of:
        raise ConfigError("recrawl_of: a recrawl is started with `trawl crawl --recrawl ID`, "
                          "not over HTTP (yet)")
    started = await trawl.start(spec, check_reachable=check_reachable, with_crawl=with_crawl,
                                callers=callers)
    return Started(**asdict(started))


@router.post("/crawls", status_code=201, response_model=Started, tags=["crawls"],
             responses={403: {"description": "A start URL or the webhook is at an internal "
                                             "address the server's operator did not allow."}})
async def create_crawl(spec: CrawlSpec, trawl: TrawlDep, callers: CallersDep) -> Started:
    """Start a crawl. The body is a crawl spec (the fields of `trawl crawl` and of spec
    files; only ``seeds`` is required); steps take their flat form, e.g.
    ``{"match": ["/list*"], "steps": [{"kind": "click_until_gone", "text": "More"}]}``.
    Start URLs, the webhook and the pages reached pass the address guard: internal
    addresses only where the operator allowed (`trawl serve --allow-host`,
    `--allow-private`); a request cannot open more (403)."""
    return await start_crawl(trawl, spec, callers)


@router.get("/crawls", tags=["crawls"])
async def list_crawls(trawl: TrawlDep, limit: Annotated[int, Query(ge=1, le=MAX_LIST)] = 50,
                      ) -> list[dict[str, Any]]:
    """Crawls, newest first: id, status, seeds, created_at, recrawl_of, and their URLs
    done, failed and waiting."""
    return await trawl.list_crawls(limit)


@router.get("/crawls/{crawl_id}", tags=["crawls"])
async def get_crawl(crawl_id: str, trawl: TrawlDep) -> dict[str, Any]:
    """A crawl's state and counts, as `trawl status` shows them (``crawl_id``: its id or its
    workflow id), with its spec."""
    status = await trawl.status(crawl_id)
    return {**status.as_dict(), "finished": status.finished, "spec": status.spec}


@router.post("/crawls/{crawl_id}/cancel", tags=["crawls"])
async def cancel_crawl(crawl_id: str, trawl: TrawlDep) -> dict[str, str]:
    """Cancel a crawl: pages in flight finish, claimed ones go back to the queue. Answers
    with the workflow's status once it closed (a closed crawl's as it is)."""
    crawl_id = (await trawl.resolve(crawl_id))[0]
    return {"crawl_id": crawl_id, "status": (await trawl.cancel(crawl_id)).lower()}


@router.post("/crawls/{crawl_id}/pause", tags=["crawls"])
async def pause_crawl(crawl_id: str, trawl: TrawlDep) -> dict[str, str]:
    """Pause a running crawl (pages in flight finish); ``POST .../resume`` carries on."""
    return {"crawl_id": await handoffs.pause(trawl, crawl_id), "status": "pausing"}


@router.post("/crawls/{crawl_id}/resume", response_model=Resumed, tags=["crawls", "handoffs"])
async def resume_crawl(crawl_id: str, trawl: TrawlDep, request: Request,
                       body: CrawlResumeBody | None = None) -> Resumed:
    """Resume a crawl: its open handoffs (every site's, or ``site``'s), after saving the
    session given to each site's profile; with no open handoff, a paused crawl or one held
    by a database outage."""
    body = body or CrawlResumeBody()
    return await _resume(trawl, crawl_id, body, body.site, request)


# -- pages ---------------------------------------------------------------------------------

@router.get("/crawls/{crawl_id}/pages", tags=["pages"])
async def crawl_pages(
    crawl_id: str, trawl: TrawlDep,
    q: Annotated[str | None, Query(description="Full-text search (web search syntax: "
                                               "words, \"a phrase\", -not, or).")] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE_SIZE)] = DEFAULT_PAGE_SIZE,
    offset: Annotated[int, Query(ge=0, le=MAX_BIGINT)] = 0,
    content: Annotated[bool, Query(description="Include each page's markdown.")] = False,
) -> dict[str, Any]:
    """A crawl's pages in the order stored, or those matching ``q``, best first; a page of
    ``limit`` rows after ``offset``. ``next_offset`` is where the next page starts (null:
    this was the last)."""
    crawl_id = (await trawl.resolve(crawl_id))[0]
    rows = await trawl.pages(crawl_id, search=q, limit=limit + 1, offset=offset,
                             content=content)
    more = len(rows) > limit
    return {"crawl_id": crawl_id, "q": q, "offset": offset, "limit": limit,
            "next_offset": offset + limit if more else None, "pages": rows[:limit]}


@router.get("/crawls/{crawl_id}/export", tags=["pages"],
            response_class=StreamingResponse,
            responses={200: {"content": {"application/x-ndjson": {}},
                             "description": "One JSON object per page (`trawl export`)."}})
async def export_crawl(crawl_id: str, trawl: TrawlDep) -> StreamingResponse:
    """Every page of a crawl as JSON lines, as `trawl export` writes them (streamed)."""
    crawl_id = (await trawl.resolve(crawl_id))[0]

    async def lines() -> AsyncIterator[bytes]:
        async for row in trawl.export_rows(crawl_id):
            yield (json.dumps(row, default=str, ensure_ascii=False) + "\n").encode()

    return StreamingResponse(lines(), media_type="application/x-ndjson")


# -- events --------------------------------------------------------------------------------

@router.get("/crawls/{crawl_id}/events", tags=["events"],
            response_class=EventSourceResponse,
            responses={200: {"content": {"text/event-stream": {}},
                             "description": "Server-sent events: `id` the event's seq, "
                                            "`event` its type, `data` its JSON envelope."}})
async def crawl_events(
    crawl_id: str, trawl: TrawlDep, request: Request,
    after: Annotated[int | None, Query(ge=0, le=MAX_BIGINT,
                                       description="Only events after this seq (a "
                                                         "reconnecting client's "
                                                         "Last-Event-ID wins).")] = None,
    types: Annotated[list[str] | None, Query(alias="type", description=(
        "Only these event types (repeatable); crawl_finished always ends the stream."))]
    = None,
    follow: Annotated[bool, Query(description="Keep the stream open for new events until "
                                              "the crawl finishes.")] = True,
) -> Response:
    """A crawl's events as a server-sent event stream, oldest first, then new ones as they
    happen until ``crawl_finished``: the same envelopes its webhook receives. A client that
    reconnects with ``Last-Event-ID`` continues after that event; after ``crawl_finished``
    the answer is 204 (an EventSource stops reconnecting)."""
    unknown = [t for t in types or () if t not in CRAWL_EVENT_TYPES]
    if unknown:
        raise ConfigError(f"type takes {', '.join(CRAWL_EVENT_TYPES)}, not "
                          f"{', '.join(unknown)}")
    crawl_id = (await trawl.resolve(crawl_id))[0]
    start = _cursor(request, after)
    if start:  # checked before the stream starts: errors are problems, not a cut stream
        if not await event_rows.has_event(trawl.engine, crawl_id, start):
            raise ConfigError(f"crawl {crawl_id} has no event {start} (after / "
                              "Last-Event-ID must be one of its events' ids)")
        if start == await event_rows.finished_seq(trawl.engine, crawl_id):
            # nothing follows crawl_finished: 204 tells an EventSource to stop reconnecting
            return Response(status_code=204)

    async def stream() -> AsyncIterator[ServerSentEvent]:
        async for event in trawl.events(crawl_id, after=start, types=types or (),
                                        follow=follow):
            yield ServerSentEvent(data=json.dumps(event.envelope(), ensure_ascii=False),
                                  event=event.type, id=str(event.seq))

    return EventSourceResponse(stream(), ping=SSE_PING_S)


@router.get("/agent/events", tags=["events"], response_class=EventSourceResponse,
            responses={200: {"content": {"text/event-stream": {}},
                             "description": "Server-sent events: `id` the event's seq, "
                                            "`event` its type, `data` the event."}})
async def agent_events(
    request: Request,
    after: Annotated[int | None, Query(ge=0, le=MAX_BIGINT,
                                       description="Only events after this seq (a "
                                                         "reconnecting client's "
                                                         "Last-Event-ID wins).")] = None,
    types: Annotated[list[str] | None, Query(alias="type", description=(
        "Only these event types (repeatable)."))] = None,
    follow: Annotated[bool, Query(description="Keep the stream open for new events.")] = True,
) -> EventSourceResponse:
    """The browser events of the agent session the MCP tools at ``/mcp`` drive
    (page_navigation, page_load_complete, action_completed, action_error, browser_error):
    those it still holds (the last 500), then new ones as they happen. Empty until a tool
    opened the browser."""
    holder = request.app.state.agent_holder
    if holder is None:
        raise HTTPException(404, "no agent session here: `trawl serve` runs without MCP")
    unknown = [t for t in types or () if t not in AGENT_EVENT_TYPES]
    if unknown:
        raise ConfigError(f"type takes {', '.join(AGENT_EVENT_TYPES)}, not "
                          f"{', '.join(unknown)}")
    start = _cursor(request, after)

    async def stream() -> AsyncIterator[ServerSentEvent]:
        seq = start
        while True:
            session = holder.session
            events = session.events.since(seq, types or None)["events"] if session else []
            for event in events:
                seq = event["seq"]
                yield ServerSentEvent(data=json.dumps(event, ensure_ascii=False, default=str),
                                      event=event["type"], id=str(seq))
            if not follow:
                return
            await asyncio.sleep(AGENT_EVENT_POLL_S)

    return EventSourceResponse(stream(), ping=SSE_PING_S)


def _cursor(request: Request, after: int | None) -> int:
    """Where an event stream starts: the Last-Event-ID a reconnecting client sends, else
    ``after``; ConfigError for an id no event can have."""
    last = request.headers.get("last-event-id", "").strip()
    if not last:
        return after or 0
    if not last.isdigit() or int(last) > MAX_BIGINT:
        raise ConfigError(f"Last-Event-ID must be the id of an event (a seq), not {last[:40]!r}")
    return int(last)


# -- handoffs ------------------------------------------------------------------------------

def _handoff(h: OpenHandoff) -> dict[str, Any]:
    return {**asdict(h), "resume": f"POST /v1/handoffs/{h.id}/resume",
            "screenshot": f"/v1/handoffs/{h.id}/screenshot" if h.has_screenshot else None}


@router.get("/handoffs", tags=["handoffs"])
async def list_handoffs(trawl: TrawlDep, crawl_id: str | None = None) -> list[dict[str, Any]]:
    """Open handoffs (pages waiting for a person), of every crawl or of ``crawl_id``."""
    return [_handoff(h) for h in await handoffs.open_handoffs(trawl, crawl_id)]


@router.get("/crawls/{crawl_id}/handoffs", tags=["handoffs"])
async def crawl_handoffs(crawl_id: str, trawl: TrawlDep) -> list[dict[str, Any]]:
    """A crawl's open handoffs."""
    return [_handoff(h) for h in await handoffs.open_handoffs(trawl, crawl_id)]


@router.get("/handoffs/{handoff_id}/screenshot", tags=["handoffs"],
            response_class=Response, responses={200: {"content": {"image/png": {}}}})
async def handoff_screenshot(handoff_id: HandoffId, trawl: TrawlDep) -> Response:
    """The page as the crawler saw it when it handed off (PNG)."""
    shot = await sessions.screenshot(trawl.engine, handoff_id)
    if not shot:
        raise HTTPException(404, f"no screenshot for handoff {handoff_id}")
    return Response(shot, media_type="image/png")


@router.post("/handoffs/{handoff_id}/resume", response_model=Resumed, tags=["handoffs"])
async def resume_handoff(handoff_id: HandoffId, trawl: TrawlDep, request: Request,
                         body: ResumeBody | None = None) -> Resumed:
    """Resume one open handoff: its site's session profile gets the session given (if
    any), then the site's crawl goes on (every URL of that site waiting is retried)."""
    found = next((h for h in await handoffs.open_handoffs(trawl, None) if h.id == handoff_id),
                 None)
    if found is None:
        raise HTTPException(404, f"no open handoff with id {handoff_id}; "
                                 "GET /v1/handoffs lists them")
    return await _resume(trawl, found.crawl_id, body or ResumeBody(), found.site, request)


async def _resume(trawl: Trawl, crawl_ref: str, body: ResumeBody, site: str | None,
                  request: Request) -> Resumed:
    cookies, state = handoffs.check_session(body.cookies, body.storage_state)
    client = request.client.host if request.client else "unknown"
    done = await handoffs.resume_with(trawl, crawl_ref, note=body.note, cookies=cookies,
                                      storage_state=state, site=site,
                                      resumed_by=f"HTTP API client {client}")
    return Resumed(crawl_id=done.crawl_id, sites=done.sites, session_saved=done.session_saved)


class ScrapeBody(BaseModel):
    """One page to scrape without a crawl (``trawl.scrape``): no Temporal, no database."""

    model_config = {"extra": "forbid", "use_attribute_docstrings": True}

    url: str
    """The page's URL (http or https)."""
    options: ScrapeOptions | None = None
    """How to scrape it: formats, render mode, content, timeout... (ScrapeOptions; none:
    its defaults)."""


@router.post("/scrape", response_model=ScrapeResult, tags=["scrape"],
             responses={403: {"description": "The URL (or a redirect) is at an internal "
                                             "address the server's operator did not allow."}})
async def scrape_page(body: ScrapeBody, callers: CallersDep) -> ScrapeResult:
    """The page as ``trawl scrape`` reads it. A page that answered with an HTTP error is a
    result with ``error_class`` (200); one that could not be read at all is a problem: 403
    for an internal address the server's operator did not allow (`trawl serve
    --allow-host`, `--allow-private`), 502 with the cause (timeout, too large), 422 for a
    bad URL or option."""
    options = options_from(body.options)
    guard = callers.scrape_guard(options.allow_private, options.allow_hosts)
    async with Scraper() as scraper:
        return await scraper.scrape(body.url, options, guard=guard)
