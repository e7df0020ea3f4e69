"""Crawl operations shared by the CLI and the MCP server: start, status, list, cancel,
search and export. Everything here talks to Temporal and (through trawl.store) Postgres;
nothing prints.
"""

from __future__ import annotations

import asyncio
import json
import socket
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from temporalio.api.enums.v1 import TaskQueueType
from temporalio.api.taskqueue.v1 import TaskQueue
from temporalio.api.workflowservice.v1 import DescribeTaskQueueRequest
from temporalio.client import Client, WorkflowHandle, WorkflowQueryFailedError
from temporalio.service import RPCError

from trawl.api.callers import Callers
from trawl.config import Settings, get_settings
from trawl.errors import ConfigError, CrawlNotFound, TemporalError
from trawl.model import CrawlCounts, CrawlInput, CrawlSpec, EventType, OpsHints
from trawl.services.runtime import (
    Runtime,
    codec_endpoint,
    ensure_background_worker,
    ensure_runtime,
    workflow_ui_url,
)
from trawl.store import crawls as crawl_rows
from trawl.store import events as event_rows
from trawl.store import frontier
from trawl.store import pages as page_rows
from trawl.store.db import create_engine_async, upgrade_schema
from trawl.store.events import DeliveryState, StoredEvent
from trawl.worker.codec import CONFIGURED_HINT, connect_checked
from trawl.workflows.crawl import CrawlWorkflow

REACHABILITY_TIMEOUT_S = 5.0
QUERY_TIMEOUT_S = 5.0
"""How long status waits for a running crawl's workflow to answer a query."""
POLLER_FRESH_S = 90.0
"""A worker counts as polling when Temporal saw it poll this recently (a live worker's
long poll lasts up to about a minute; Temporal lists a gone worker for minutes)."""
LIVE_STATES = {"running": "running", "paused": "paused", "handoff": "waiting_for_person",
               "database_unreachable": "database_unreachable",
               "start_failed": "start_failed"}
"""A running crawl's status (CrawlWorkflow.progress) -> what `trawl status` says."""
NO_WORKER = "no_worker_polling"
CRAWL_ID_HEX = 10
DEFAULT_SEARCH_LIMIT = 10
EVENT_POLL_S = 0.5
"""How often a followed event stream looks for new events."""
EVENTS_PAGE = 200
"""Events read at a time."""
CLOSED_CHECK_POLLS = 10
"""A followed stream with nothing new checks every this many polls whether the crawl's
workflow closed without writing ``crawl_finished`` (it was terminated)."""
CRAWL_FINISHED = str(EventType.CRAWL_FINISHED)
PAGE_EVENTS = (str(EventType.PAGE_STORED), str(EventType.PAGE_FAILED))
CHANGE_KINDS = ("unchanged", "changed", "new")
"""``pages.change`` of a recrawl's pages, in the order status shows them."""


@dataclass
class Started:
    """A crawl just started: its ids, its page in the web UI and the SQL reading its pages."""

    crawl_id: str
    workflow_id: str
    ui_url: str
    sql_hint: str

    def as_dict(self) -> dict[str, Any]:
        """`trawl crawl --detach --json`'s object."""
        return {"crawl_id": self.crawl_id, "workflow_id": self.workflow_id,
                "ui_url": self.ui_url, "sql": self.sql_hint}


def intent_summary(row: crawl_rows.CrawlRecord) -> dict[str, Any]:
    """What ``--extract``, ``--max-model-tokens`` and ``--goal-pages`` came to (empty for a
    crawl without them)."""
    spec = row.spec
    ranked = spec.get("goal_rank") == "model"
    if spec.get("extract") is None and not ranked:
        return {}
    out: dict[str, Any] = {}
    if spec.get("extract") is not None:
        out.update(pages_with_data=row.pages_with_data, extraction_failed=row.data_failed)
    if ranked:
        out["goal_rank"] = "model"
    if spec.get("model") and (ranked or spec["extract"].get("schema") is not None):
        out["model_tokens"] = row.model_tokens
        budget = spec.get("max_model_tokens")
        if budget is not None:
            out["max_model_tokens"] = budget
            out["model_budget_refused"] = row.budget_refused
            out["model_budget_spent"] = row.budget_refused > 0 or row.model_tokens >= budget
    if spec.get("goal_pages") is not None:
        out["goal_met"] = row.goal_met_at is not None
    return out


@dataclass
class CrawlStatus:
    """A crawl's state and counts, as `trawl status` shows them."""

    crawl_id: str
    workflow_id: str
    db_status: str
    workflow_status: str | None
    seeds: list[str]
    counts: CrawlCounts
    created_at: str
    finished_at: str | None
    ui_url: str
    spec: dict[str, Any] = field(default_factory=dict)
    recrawl_of: str | None = None
    """The crawl this one revisits (``trawl crawl --recrawl``)."""
    changes: dict[str, int] = field(default_factory=dict)
    """Recrawls: stored pages per change (unchanged, changed, new)."""
    stopped_sites: dict[str, str] = field(default_factory=dict)
    """Sites the crawl stopped asking (error budget spent) -> why."""
    state: str | None = None
    """What a running crawl is doing (see :data:`LIVE_STATES`); None once it closed."""
    note: str | None = None
    """What to do about ``state``, when something must be done."""
    thin: int = 0
    """Pages stored with far less text than a reader sees (``metadata ? 'thin_content'``)."""
    given_up: int = 0
    """URLs given up after the bounded number of handoffs (``handoff_exhausted``)."""
    webhook: DeliveryState | None = None
    """How delivery to the crawl's webhook stands (None: it has none)."""
    partial: int = 0
    """Of the thin pages, those whose main content dropped much of their prose (``metadata
    ->>'thin_content' like 'main content kept%'``): a crawl with ``--content full`` keeps
    their whole body."""
    intent: dict[str, Any] = field(default_factory=dict)
    """``--extract``/``--goal``: pages with data, extraction failures, model tokens (and
    the budget), whether the goal was met."""

    @property
    def finished(self) -> bool:
        return self.workflow_status not in (None, "RUNNING")

    def as_dict(self) -> dict[str, Any]:
        c = self.counts
        return {"crawl_id": self.crawl_id, "workflow_id": self.workflow_id,
                "status": self.state or self.workflow_status or self.db_status,
                **({"note": self.note} if self.note else {}), "seeds": self.seeds,
                "pages_done": c.done, "pages_failed": c.failed, "queued": c.queued,
                "in_progress": c.claimed, "redirected": c.redirected, "thin": self.thin,
                "thin_partial": self.partial, "given_up": self.given_up,
                "created_at": self.created_at, "finished_at": self.finished_at,
                "ui_url": self.ui_url,
                **({"webhook": self.webhook_line()} if self.webhook else {}),
                **self.intent,
                **({"stopped_sites": [f"{site}: {why}" for site, why
                                      in self.stopped_sites.items()]}
                   if self.stopped_sites else {}),
                **({"recrawl_of": self.recrawl_of,
                    **{c: self.changes.get(c, 0) for c in CHANGE_KINDS}}
                   if self.recrawl_of else {})}

    def webhook_line(self) -> str:
        """The webhook's delivery in a few words (`trawl status`)."""
        w = self.webhook
        if w is None:
            return "none"
        line = f"{self.spec.get('webhook')}: {w.delivered} delivered, {w.pending} pending"
        if w.abandoned:
            line += f", {w.abandoned} undelivered (delivery stopped)"
        if w.last_error:
            line += f"; last error: {w.last_error}"
        return line

    def webhook_dict(self) -> dict[str, Any] | None:
        if self.webhook is None:
            return None
        w = self.webhook
        return {"url": self.spec.get("webhook"), "delivered": w.delivered,
                "pending": w.pending, "abandoned": w.abandoned, "last_error": w.last_error}

    def as_json(self) -> dict[str, Any]:
        """`--json`'s object: :meth:`as_dict`'s keys, each always present (null or empty
        when it does not apply), stopped sites as {site: why}, recrawl changes as
        {unchanged, changed, new}, and whether the crawl's workflow has closed."""
        base = self.as_dict()
        for kind in CHANGE_KINDS:
            base.pop(kind, None)
        return {**base, "note": self.note, "finished": self.finished,
                "webhook": self.webhook_dict(),
                "workflow_status": self.workflow_status,
                "stopped_sites": dict(self.stopped_sites), "recrawl_of": self.recrawl_of,
                "changes": ({c: self.changes.get(c, 0) for c in CHANGE_KINDS}
                            if self.recrawl_of else None)}


class Trawl:
    """A connection to trawl's Temporal and Postgres (embedded or configured)."""

    def __init__(self, settings: Settings, runtime: Runtime, client: Client | None,
                 engine: AsyncEngine) -> None:
        self.settings = settings
        self.runtime = runtime
        self._client = client
        self.engine = engine

    @classmethod
    async def connect(cls, settings: Settings | None = None, *, temporal: bool = True) -> Trawl:
        """Connect to Postgres, and to Temporal unless ``temporal`` is False (commands that
        only read the database): embedded services are started (or reused) only as used."""
        settings = settings or get_settings()
        runtime = await asyncio.to_thread(ensure_runtime, settings, temporal=temporal)
        await asyncio.to_thread(upgrade_schema, runtime.database_url)
        client = None
        if temporal:
            hint = (f"`trawl down`, then run this again (the embedded server's log: "
                    f"{settings.data_dir / 'logs' / 'temporal.log'})"
                    if runtime.embedded_temporal else CONFIGURED_HINT)
            client = await connect_temporal(runtime.temporal_address,
                                            settings.temporal_namespace, hint=hint)
        return cls(settings, runtime, client, create_engine_async(runtime.database_url, 2))

    async def close(self) -> None:
        await self.engine.dispose()

    async def __aenter__(self) -> Trawl:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def client(self) -> Client:
        if self._client is None:
            raise TemporalError("not connected to Temporal")
        return self._client

    # -- crawls -----------------------------------------------------------------------

    def ops_hints(self) -> OpsHints:
        """How an operator reaches this Temporal: the address, namespace and (for the
        embedded server, which has one) the codec server, for the commands trawl prints."""
        endpoint = self.settings.codec_endpoint
        if endpoint is None and self.runtime.embedded_temporal:
            endpoint = codec_endpoint(self.settings)
        return OpsHints(self.runtime.temporal_address, self.settings.temporal_namespace,
                        endpoint)

    async def start(self, spec: CrawlSpec, *, check_reachable: bool = True,
                    with_crawl: Callable[[AsyncConnection, str], Awaitable[None]] | None
                    = None, callers: Callers | None = None) -> Started:
        """Validate ``spec``, create the crawl's row and start its workflow.
        ``with_crawl(conn, crawl_id)`` writes rows that belong with the crawl in the
        transaction creating it (before its workflow, and so its webhook, starts).
        ``callers``: a program asked for it (HTTP API, MCP), so its start URLs and webhook
        pass the address guard within what the operator allowed that server
        (BlockedAddress otherwise, before anything connects to them); None: the operator
        named them (`trawl crawl`, Python)."""
        spec = spec.validated()
        if callers is not None:
            spec = await callers.admit(spec)
        if spec.recrawl_of:
            spec.recrawl_of = await self._revisitable(spec.recrawl_of)
        if check_reachable:
            await asyncio.gather(*(assert_reachable(s) for s in spec.seeds))
        crawl_id = uuid.uuid4().hex[:CRAWL_ID_HEX]
        host = (urlsplit(spec.seeds[0]).hostname or "site").replace(":", "-")
        workflow_id = f"crawl-{host}-{crawl_id}"
        if self.runtime.embedded:  # first: a worker of other settings refuses the crawl
            await asyncio.to_thread(ensure_background_worker, self.settings, self.runtime)
        await frontier.create_crawl(self.engine, crawl_id, workflow_id, spec,
                                    with_crawl=with_crawl)
        await self.client.start_workflow(
            CrawlWorkflow.run, CrawlInput(crawl_id, spec, self.ops_hints()), id=workflow_id,
            task_queue=self.settings.task_queue,
            static_summary=(f"recrawl of {spec.recrawl_of}" if spec.recrawl_of
                            else f"crawl of {', '.join(spec.seeds)}"),
            static_details=(f"**seeds**: {', '.join(spec.seeds)}  \n**max pages**: "
                            f"{spec.max_pages}, **max depth**: {spec.max_depth}, "
                            f"**render**: {spec.render}, **concurrency**: {spec.concurrency}"),
        )
        return Started(crawl_id, workflow_id, workflow_ui_url(self.settings, workflow_id),
                       f"trawl sql \"select url, title from pages where crawl_id = "
                       f"'{crawl_id}'\"")

    async def recrawl_spec(self, crawl_ref: str, overrides: dict[str, Any]) -> CrawlSpec:
        """The spec of a recrawl of ``crawl_ref``: that crawl's spec (seeds included) with
        ``overrides`` (CrawlSpec fields) on top. ConfigError while it still runs."""
        crawl_id = await self._revisitable(crawl_ref)
        if overrides.get("seeds"):
            raise ConfigError(f"a recrawl revisits the start URLs and pages of crawl "
                              f"{crawl_id}: give no start URLs")
        stored = await crawl_rows.crawl_spec(self.engine, crawl_id)
        fields = {k: v for k, v in overrides.items() if k not in ("seeds", "recrawl_of")}
        return replace(CrawlSpec.from_json(stored), **fields, recrawl_of=crawl_id)

    async def _revisitable(self, crawl_ref: str) -> str:
        """The id of a crawl a recrawl may revisit: it exists and no longer runs."""
        crawl_id, workflow_id = await self.resolve(crawl_ref)
        if self._client is not None:  # Temporal knows best (a terminated crawl's row lags)
            running = await self.workflow_status(workflow_id) == "RUNNING"
        else:
            running = await crawl_rows.crawl_status(self.engine, crawl_id) == "running"
        if running:
            raise ConfigError(f"crawl {crawl_id} is still running; wait for it to finish or "
                              f"cancel it (`trawl cancel {crawl_id}`), then recrawl it")
        return crawl_id

    async def resolve(self, crawl_ref: str) -> tuple[str, str]:
        """(crawl id, workflow id) for a crawl id or workflow id; CrawlNotFound otherwise."""
        found = await crawl_rows.find_crawl(self.engine, crawl_ref)
        if found is None:
            raise CrawlNotFound(f"no crawl with id {crawl_ref!r}; `trawl list` shows the crawls")
        return found.crawl_id, found.workflow_id

    async def workflow_status(self, workflow_id: str) -> str | None:
        if self._client is None:
            return None
        try:
            desc = await self.client.get_workflow_handle(workflow_id).describe()
        except RPCError:
            return None
        return desc.status.name if desc.status else None

    async def status(self, crawl_ref: str) -> CrawlStatus:
        crawl_id, workflow_id = await self.resolve(crawl_ref)
        row = await crawl_rows.crawl_record(self.engine, crawl_id)
        counts = await frontier.crawl_counts(self.engine, crawl_id)
        wf_status = await self.workflow_status(workflow_id)
        state, note = (await self.live_state(crawl_id, workflow_id)
                       if wf_status == "RUNNING" else (None, None))
        webhook = (await event_rows.delivery_state(self.engine, crawl_id,
                                                   row.spec.get("webhook_events") or ())
                   if row.spec.get("webhook") else None)
        return CrawlStatus(
            crawl_id, workflow_id, row.status, wf_status, row.seeds,
            counts, row.created_at.isoformat(timespec="seconds"),
            row.finished_at.isoformat(timespec="seconds") if row.finished_at else None,
            workflow_ui_url(self.settings, workflow_id), row.spec, row.recrawl_of, row.changes,
            row.stopped_sites, state, note, row.thin, row.given_up, webhook,
            partial=row.partial, intent=intent_summary(row))

    async def workers_polling(self) -> int:
        """Workers that polled the task queue (for workflows or activities) lately."""
        now = datetime.now(UTC)
        identities: set[str] = set()
        for kind in (TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
                     TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY):
            reply = await self.client.workflow_service.describe_task_queue(
                DescribeTaskQueueRequest(namespace=self.client.namespace,
                                         task_queue=TaskQueue(name=self.settings.task_queue),
                                         task_queue_type=kind))
            identities |= {p.identity for p in reply.pollers
                           if (now - p.last_access_time.ToDatetime(UTC)).total_seconds()
                           <= POLLER_FRESH_S}
        return len(identities)

    async def live_state(self, crawl_id: str, workflow_id: str) -> tuple[str, str | None]:
        """What a running crawl is doing, and what to do about it: running, paused,
        waiting_for_person, database_unreachable, or no_worker_polling (nothing runs it)."""
        if await self.workers_polling() == 0:
            how = ("the background worker is not running: `trawl up` runs one in the "
                   "foreground (the next `trawl crawl` starts it in the background)"
                   if self.runtime.embedded else
                   "start one with `trawl worker` (same TRAWL_TEMPORAL_ADDRESS, "
                   "TRAWL_DATABASE_URL and TRAWL_TASK_QUEUE)")
            return NO_WORKER, (f"no worker polls task queue {self.settings.task_queue!r}: "
                               f"the crawl waits, nothing is lost; {how}")
        try:
            progress = await asyncio.wait_for(
                self.client.get_workflow_handle(workflow_id).query(CrawlWorkflow.progress),
                QUERY_TIMEOUT_S)
        except (TimeoutError, RPCError, WorkflowQueryFailedError) as exc:
            return "running", f"the workflow did not answer ({type(exc).__name__})"
        state = LIVE_STATES.get(progress.status, progress.status)
        notes = {"paused": f"`trawl resume {crawl_id}` carries on",
                 "waiting_for_person": f"`trawl handoffs` shows what; fix it, then "
                                       f"`trawl resume {crawl_id}`",
                 "database_unreachable": f"the database was unreachable for longer than the "
                                         f"outage budget; start Postgres, then "
                                         f"`trawl resume {crawl_id}`",
                 "start_failed": f"the crawl could not start: {progress.start_error}"}
        return state, notes.get(state)

    async def list_crawls(self, limit: int = 50) -> list[dict[str, Any]]:
        return await crawl_rows.list_crawls(self.engine, limit)

    async def cancel(self, crawl_ref: str) -> str:
        _, workflow_id = await self.resolve(crawl_ref)
        handle: WorkflowHandle[Any, Any] = self.client.get_workflow_handle(workflow_id)
        status = await self.workflow_status(workflow_id)
        if status != "RUNNING":
            return status or "UNKNOWN"
        await handle.cancel()
        for _ in range(60):
            status = await self.workflow_status(workflow_id)
            if status != "RUNNING":
                break
            await asyncio.sleep(0.5)
        return status or "UNKNOWN"

    # -- pages ------------------------------------------------------------------------

    async def pages(self, crawl_ref: str | None, search: str | None = None,
                    limit: int = 50, *, offset: int = 0,
                    content: bool = False) -> list[dict[str, Any]]:
        """Stored pages (:func:`page_rows.list_pages`): ``limit`` after the first ``offset``,
        with their markdown when ``content``."""
        crawl_id = (await self.resolve(crawl_ref))[0] if crawl_ref is not None else None
        return await page_rows.list_pages(self.engine, crawl_id, search, limit,
                                          offset=offset, content=content)

    # -- events -----------------------------------------------------------------------

    async def events(self, crawl_ref: str, *, after: int = 0, types: Sequence[str] = (),
                     follow: bool = False, poll_s: float = EVENT_POLL_S
                     ) -> AsyncIterator[StoredEvent]:
        """The crawl's events after the one with seq ``after`` (0: from the first), in order;
        only of ``types`` when given. With ``follow``, new ones as they are written, until
        ``crawl_finished`` (sent even when not among ``types``: it ends the stream) or, for a
        crawl that ended without one (terminated), until what it wrote is all read.
        ConfigError when ``after`` is no event of the crawl."""
        crawl_id, workflow_id = await self.resolve(crawl_ref)
        if after and not await event_rows.has_event(self.engine, crawl_id, after):
            raise ConfigError(f"crawl {crawl_id} has no event {after}: give a seq of one of "
                              "its events (`trawl events` prints them)")
        if after and after == await event_rows.finished_seq(self.engine, crawl_id):
            return  # nothing comes after crawl_finished
        wanted = set(types)
        idle_polls = 0
        last_read = False
        while True:
            batch = await event_rows.events_after(self.engine, crawl_id, after, EVENTS_PAGE)
            for event in batch:
                after = event.seq
                if not wanted or event.type in wanted or event.type == CRAWL_FINISHED:
                    yield event
                if event.type == CRAWL_FINISHED:
                    return
            if len(batch) == EVENTS_PAGE:
                continue
            if not follow or last_read:
                return
            idle_polls = 0 if batch else idle_polls + 1
            if idle_polls and idle_polls % CLOSED_CHECK_POLLS == 0 and \
                    await self._ended_without_finish(crawl_id, workflow_id):
                # what its transactions wrote becomes readable once they all ended
                horizon = await event_rows.snapshot_horizon(self.engine)
                while not await event_rows.ended_before(self.engine, horizon):
                    await asyncio.sleep(poll_s)
                last_read = True
                continue
            await asyncio.sleep(poll_s)

    async def _ended_without_finish(self, crawl_id: str, workflow_id: str) -> bool:
        """The crawl's workflow closed in a way that writes no ``crawl_finished``
        (terminated, failed, timed out, or gone from Temporal while its row says running).
        A completed or cancelled crawl wrote it before closing: it is waited for."""
        status = await self.workflow_status(workflow_id)
        if status is None:
            return await crawl_rows.crawl_status(self.engine, crawl_id) == "running" \
                and self._client is not None
        return status not in ("RUNNING", "COMPLETED", "CANCELED", "CONTINUED_AS_NEW")

    async def followed_pages(self, crawl_ref: str, *, content: bool = True,
                             follow: bool = True) -> AsyncIterator[dict[str, Any]]:
        """The crawl's pages as they are recorded (stored or failed; :func:`page_rows.
        pages_by_id`'s rows), each once; with ``follow``, until the crawl finishes. Followed,
        each page as soon as its event arrives; else a few hundred rows per query."""
        batch: list[int] = []
        async for event in self.events(crawl_ref, types=PAGE_EVENTS, follow=follow):
            if event.type != CRAWL_FINISHED:
                batch.append(int(event.data["page_id"]))
            if follow or len(batch) >= EVENTS_PAGE:
                async for page in self._pages_of(batch, content):
                    yield page
                batch = []
        async for page in self._pages_of(batch, content):
            yield page

    async def _pages_of(self, page_ids: list[int], content: bool
                        ) -> AsyncIterator[dict[str, Any]]:
        rows = await page_rows.pages_by_id(self.engine, page_ids, content=content)
        for page_id in page_ids:
            if page_id in rows:
                yield rows[page_id]

    async def export_rows(self, crawl_ref: str) -> AsyncIterator[dict[str, Any]]:
        """The crawl's pages as `trawl export` writes them (:func:`page_rows.export_rows`)."""
        crawl_id, _ = await self.resolve(crawl_ref)
        async for row in page_rows.export_rows(self.engine, crawl_id):
            yield row


async def connect_temporal(address: str, namespace: str, *,
                           hint: str = CONFIGURED_HINT) -> Client:
    """A client of trawl's Temporal, once it answers (TemporalError otherwise)."""
    return await connect_checked(address, namespace, hint=hint)


async def assert_reachable(url: str) -> None:
    """ConfigError unless the URL's host resolves and accepts a TCP connection."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        _, writer = await asyncio.wait_for(asyncio.open_connection(host, port),
                                           REACHABILITY_TIMEOUT_S)
    except socket.gaierror as exc:
        raise ConfigError(f"cannot resolve host {host!r} of {url}: {exc.strerror}") from exc
    except (OSError, TimeoutError) as exc:
        reason = getattr(exc, "strerror", None) or "timed out"
        raise ConfigError(f"cannot reach {host}:{port} for {url}: {reason}") from exc
    writer.close()


# -- plain functions for the MCP server ---------------------------------------------------

async def start_crawl(urls: list[str], callers: Callers, max_pages: int | None = None,
                      max_depth: int | None = None, extract: dict[str, Any] | None = None,
                      model: str | None = None, max_model_tokens: int | None = None,
                      goal: str | None = None, goal_pages: int | None = None,
                      goal_rank: str = "lexical") -> dict[str, Any]:
    """A crawl a program asked for (MCP's start_crawl): its URLs are checked against
    ``callers`` before any service starts, and again by :meth:`Trawl.start`."""
    spec = CrawlSpec(seeds=urls, extract=extract, model=model,
                     max_model_tokens=max_model_tokens, goal=goal, goal_pages=goal_pages,
                     goal_rank=goal_rank)
    if max_pages is not None:
        spec.max_pages = max_pages
    if max_depth is not None:
        spec.max_depth = max_depth
    spec = await callers.admit(spec.validated())
    async with await Trawl.connect() as trawl:
        started = await trawl.start(spec, callers=callers)
    return {"crawl_id": started.crawl_id, "workflow_id": started.workflow_id,
            "ui_url": started.ui_url, "sql": started.sql_hint}


async def crawl_status(crawl_id: str) -> dict[str, Any]:
    async with await Trawl.connect() as trawl:
        return (await trawl.status(crawl_id)).as_dict()


async def start_agent_run(task: str, start_url: str, callers: Callers,
                          **options: Any) -> dict[str, Any]:
    """An agent run a program asked for (MCP's start_agent): its start URL passes the
    guard within ``callers``."""
    from trawl.api import agents

    async with await Trawl.connect() as trawl:
        started = await agents.start_agent(trawl, agents.agent_spec(task, start_url,
                                                                    **options), callers)
    return started.as_dict()


async def agent_run_status(run_id: str) -> dict[str, Any]:
    from trawl.api import agents

    async with await Trawl.connect(temporal=False) as trawl:
        found = await agents.show(trawl, run_id)
    return json.loads(json.dumps(found, default=str))


async def search_pages(query: str, crawl_id: str | None = None,
                       limit: int = DEFAULT_SEARCH_LIMIT) -> list[dict[str, Any]]:
    async with await Trawl.connect(temporal=False) as trawl:
        rows = await trawl.pages(crawl_id, search=query, limit=limit)
    return [{k: (float(v) if k == "rank" else v) for k, v in row.items()} for row in rows]
