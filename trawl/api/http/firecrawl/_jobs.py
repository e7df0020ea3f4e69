"""Firecrawl's crawl and batch scrape jobs over trawl's crawls: starting one, its status
with its documents a page at a time, its errors, cancelling it.

A job is an ordinary crawl (:func:`trawl.api.http.routes.start_crawl`, the same way in as
``POST /v1/crawls``), started with its ``firecrawl_jobs`` row written in the transaction
that creates it. Any crawl can be read this way, one a Firecrawl client did not start too
(its documents then hold markdown).

Paging: ``GET .../{id}?skip=N&limit=M`` answers up to M documents (default 100, fewer
when they would pass 10 MiB) in the order stored, and ``next`` — the same URL with the next
``skip`` — only when more documents are stored already. A running job's client polls the
status again (as the SDKs do) rather than following a ``next`` that would come back empty:
the JavaScript SDK follows ``next`` until there is none.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import Request

from trawl.api.callers import Callers
from trawl.api.crawls import CrawlStatus, Trawl
from trawl.api.http.firecrawl._errors import Conflict
from trawl.api.http.firecrawl._requests import WebhookParams
from trawl.api.http.routes import start_crawl
from trawl.crawler.firecrawl import DocumentOptions, page_documents
from trawl.model import CrawlSpec
from trawl.store import firecrawl as rows

DEFAULT_PAGE_DOCS = 100
"""Documents per status answer (Firecrawl's own page size)."""
SCREENSHOT_PAGE_DOCS = 10
"""... when they carry screenshots (each a base64 PNG)."""
MAX_PAGE_DOCS = 1000
PAGE_BYTES = 10 * 1024 * 1024
"""A status answer's documents stop short of this many bytes of JSON (one at least)."""
NEVER_EXPIRES = "9999-12-31T23:59:59.000Z"
"""``expiresAt``: trawl keeps a crawl's pages until the crawl is deleted (the v1 SDK
requires a date)."""
TEAM = "trawl"
"""``teamId`` of the active crawls (trawl has no teams)."""


async def start_job(trawl: Trawl, spec: CrawlSpec, opts: DocumentOptions,
                    webhook: WebhookParams | None, callers: Callers, *, kind: str,
                    version: str, check_reachable: bool = True) -> str:
    """Start the crawl of a Firecrawl job; returns its id (the crawl's). Its URLs and
    webhook pass the guard within ``callers``, as ``POST /v1/crawls``' do."""
    if webhook is not None:
        spec.webhook = webhook.url
    job = rows.Job("", kind, version, opts.to_json(),
                   webhook.events if webhook is not None else None,
                   webhook.metadata if webhook is not None else None,
                   dict(webhook.headers) if webhook is not None else {})
    started = await start_crawl(trawl, spec, callers, check_reachable=check_reachable,
                                with_crawl=rows.job_writer(job))
    return started.crawl_id


def job_url(request: Request, version: str, path: str, crawl_id: str) -> str:
    """The job's status URL on this server (as the client reached it)."""
    return f"{str(request.base_url).rstrip('/')}/{version}/{path}/{crawl_id}"


def _state(status: CrawlStatus) -> tuple[str, str | None]:
    """Firecrawl's status of a crawl (scraping, completed, failed, cancelled), and what the
    client should know besides (a crawl waiting for a person, no worker...)."""
    workflow = status.workflow_status
    if workflow in ("RUNNING", "CONTINUED_AS_NEW"):
        if status.state in (None, "running"):
            return "scraping", None
        return "scraping", f"the crawl is {status.state}" + (
            f": {status.note}" if status.note else "")
    if workflow == "COMPLETED":
        return "completed", None
    if workflow == "CANCELED":
        return "cancelled", None
    if workflow is not None:  # TERMINATED, FAILED, TIMED_OUT
        return "failed", f"the crawl's workflow ended {workflow.lower()}"
    recorded = {"completed": "completed", "cancelled": "cancelled", "failed": "failed"}
    if status.db_status in recorded:
        return recorded[status.db_status], None
    return "scraping", ("Temporal does not know the crawl's workflow "
                        f"({status.workflow_id}): is this the Temporal it ran on?")


async def job_status(trawl: Trawl, request: Request, crawl_ref: str, version: str,
                     path: str, skip: int, limit: int | None) -> dict[str, Any]:
    """The status answer: status, completed, total, the documents after ``skip``, and
    ``next`` when more are stored already."""
    status = await trawl.status(crawl_ref)
    crawl_id = status.crawl_id
    job = await rows.find_job(trawl.engine, crawl_id)
    opts = DocumentOptions.from_json(job.options) if job is not None else DocumentOptions()
    size = limit or (SCREENSHOT_PAGE_DOCS if "screenshot" in opts.formats
                     else DEFAULT_PAGE_DOCS)
    pages = await rows.documents(trawl.engine, crawl_id, skip, size + 1,
                                 html=opts.wants_html(),
                                 screenshot="screenshot" in opts.formats)
    more = len(pages) > size
    docs = await page_documents(pages[:size], opts)
    kept: list[dict[str, Any]] = []
    used = 0
    for doc in docs:
        cost = len(json.dumps(doc, default=str))
        if kept and used + cost > PAGE_BYTES:
            more = True
            break
        kept.append(doc)
        used += cost
    state, warning = _state(status)
    counts = status.counts
    answer: dict[str, Any] = {
        "success": True, "status": state, "completed": counts.done + counts.failed,
        "total": counts.done + counts.failed + counts.queued + counts.claimed,
        "creditsUsed": 0, "expiresAt": NEVER_EXPIRES, "data": kept}
    if more:
        after = f"?skip={skip + len(kept)}" + (f"&limit={limit}" if limit else "")
        answer["next"] = job_url(request, version, path, crawl_id) + after
    if warning:
        answer["warning"] = warning
    return answer


async def job_errors(trawl: Trawl, crawl_ref: str) -> dict[str, Any]:
    """The job's failed pages and skipped URLs, and the URLs robots.txt kept it from."""
    crawl_id, _ = await trawl.resolve(crawl_ref)
    failed, robots = await rows.failures(trawl.engine, crawl_id)
    errors = []
    for f in failed:
        error: dict[str, Any] = {"id": f.id, "url": f.url, "code": f.code, "error": f.error}
        if f.timestamp is not None:
            error["timestamp"] = f.timestamp.isoformat()
        errors.append(error)
    return {"errors": errors, "robotsBlocked": robots}


async def cancel_job(trawl: Trawl, crawl_ref: str) -> dict[str, Any]:
    """Cancel the job's crawl: ``cancelled`` once it closed, ``cancelling`` while pages in
    flight finish; Conflict (409) when it had ended otherwise."""
    crawl_id, _ = await trawl.resolve(crawl_ref)
    status = await trawl.cancel(crawl_id)
    if status == "CANCELED":
        return {"success": True, "status": "cancelled"}
    if status == "RUNNING":  # asked; it closes once the pages in flight are done
        return {"success": True, "status": "cancelling"}
    raise Conflict(f"crawl {crawl_id} already ended ({status.lower()}): nothing to cancel")


async def active_jobs(trawl: Trawl, limit: int) -> dict[str, Any]:
    """The running crawls (of the newest ``limit``)."""
    crawls = [c for c in await trawl.list_crawls(limit) if c.get("status") == "running"]
    return {"success": True, "crawls": [
        {"id": c["id"], "teamId": TEAM, "url": (c.get("seeds") or [None])[0], "options": {}}
        for c in crawls]}
