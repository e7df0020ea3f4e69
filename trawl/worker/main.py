"""The worker process: registers the workflows and activities, owns the browser pool.

Run any number of them (`trawl worker`) on any machines pointed at the same Temporal and
Postgres; they share crawls through the task queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass

from temporalio.client import Client
from temporalio.worker import Worker

from trawl.activities.agent import AgentActivities, AgentToolActivities
from trawl.activities.crawl import CrawlActivities
from trawl.activities.events import EventActivities
from trawl.activities.policies import HEARTBEAT_SEND_INTERVAL
from trawl.ai.agent import AgentBrowsers
from trawl.browser.pool import BrowserPool
from trawl.config import (
    DEFAULT_BROWSER_RECYCLE_PAGES,
    DEFAULT_DB_OUTAGE_BUDGET_S,
    DEFAULT_EXTRACT_PROCESSES,
    DEFAULT_EXTRACT_TIMEOUT_S,
    DEFAULT_MAX_CONCURRENT_ACTIVITIES,
    DEFAULT_METRICS_HOST,
    DEFAULT_PAGE_TIMEOUT_S,
    DEFAULT_USER_AGENT,
    Settings,
)
from trawl.crawler.explore import ExploreDeps
from trawl.crawler.fetch import make_client
from trawl.crawler.reading import extraction_pool, start_processes, stop_processes
from trawl.store.db import create_engine_async, upgrade_schema
from trawl.worker.codec import connect_checked
from trawl.worker.metrics import WorkerMetrics, count_model_tokens_here, serve_metrics
from trawl.worker.stopping import Stopping
from trawl.workflows.agent import AgentWorkflow
from trawl.workflows.crawl import CrawlWorkflow
from trawl.workflows.events import EventsWorkflow
from trawl.workflows.site import SiteWorkflow

log = logging.getLogger("trawl.worker")

WORKFLOWS = [CrawlWorkflow, SiteWorkflow, EventsWorkflow, AgentWorkflow]
WORKER_POOL_SIZE = 16
"""Database connections a worker keeps open (as many again opened for a burst, then closed).
Explore slices record pages and claim URLs from many sites at once; with 10 kept, bursts
opened and closed connections all the time (a connection costs the worker and Postgres a
login each)."""


@dataclass
class WorkerConfig:
    temporal_address: str
    namespace: str
    task_queue: str
    database_url: str
    max_concurrent_activities: int = DEFAULT_MAX_CONCURRENT_ACTIVITIES
    browser_recycle_pages: int = DEFAULT_BROWSER_RECYCLE_PAGES
    extract_processes: int = DEFAULT_EXTRACT_PROCESSES
    extract_timeout_s: float = DEFAULT_EXTRACT_TIMEOUT_S
    """How long one page's reading may take in an extraction process (see
    :data:`trawl.config.DEFAULT_EXTRACT_TIMEOUT_S`)."""
    user_agent: str = DEFAULT_USER_AGENT
    db_outage_budget_s: float = DEFAULT_DB_OUTAGE_BUDGET_S
    metrics_port: int | None = None
    """Serve Prometheus metrics on this port (None: no endpoint; trawl.worker.metrics)."""
    metrics_host: str = DEFAULT_METRICS_HOST

    @classmethod
    def from_settings(cls, settings: Settings, temporal_address: str,
                      database_url: str) -> WorkerConfig:
        return cls(temporal_address, settings.temporal_namespace, settings.task_queue,
                   database_url, browser_recycle_pages=settings.browser_recycle_pages,
                   extract_processes=settings.extract_processes,
                   extract_timeout_s=settings.extract_timeout_s,
                   user_agent=settings.user_agent,
                   max_concurrent_activities=settings.max_concurrent_activities,
                   db_outage_budget_s=settings.db_outage_budget_s,
                   metrics_port=settings.metrics_port, metrics_host=settings.metrics_host)


@contextlib.asynccontextmanager
async def crawl_worker(client: Client, cfg: WorkerConfig,
                       metrics: WorkerMetrics | None = None) -> AsyncIterator[Worker]:
    """A configured, not-yet-running Worker plus the resources its activities use (and,
    with ``metrics``, their sampling for the metrics endpoint)."""
    engine = create_engine_async(cfg.database_url, WORKER_POOL_SIZE, pre_ping=False)
    pool = BrowserPool(recycle_after=cfg.browser_recycle_pages)
    http = make_client(cfg.user_agent, DEFAULT_PAGE_TIMEOUT_S)
    extractor = extraction_pool(cfg.extract_processes)
    deps = ExploreDeps(engine=engine, http=http, pool=pool, extractor=extractor,
                       extract_timeout_s=cfg.extract_timeout_s)
    activities = CrawlActivities(deps, cfg.db_outage_budget_s)
    # agent runs: their tool calls come to this worker's own queue while it holds their
    # browser (trawl.activities.agent; the Temporal samples' worker-specific task queues)
    browsers = AgentBrowsers()
    own_queue = f"{cfg.task_queue}-agent-{uuid.uuid4().hex[:12]}"
    agent_tools = AgentToolActivities(engine, browsers, deps.worker_id)
    sampler = None if metrics is None else asyncio.create_task(metrics.sample(engine, pool))
    count_model_tokens_here()  # extraction and agent turns: trawl_model_tokens_total
    try:
        await start_processes(extractor, cfg.extract_processes)
        pinned = Worker(client, task_queue=own_queue, activities=agent_tools.all(),
                        max_concurrent_activities=cfg.max_concurrent_activities,
                        max_heartbeat_throttle_interval=HEARTBEAT_SEND_INTERVAL)
        async with pinned:
            yield Worker(client, task_queue=cfg.task_queue, workflows=WORKFLOWS,
                         activities=[*activities.all(), *EventActivities(engine).all(),
                                     *AgentActivities(engine, own_queue,
                                                      deps.worker_id).all()],
                         max_concurrent_activities=cfg.max_concurrent_activities,
                         # heartbeats reach the server with margin to their timeout
                         max_heartbeat_throttle_interval=HEARTBEAT_SEND_INTERVAL,
                         # an activity scheduled by a workflow task goes back through the
                         # task queue to whichever worker has a free slot. Eager execution
                         # hands it to the worker that ran the workflow task, and the
                         # workflow is sticky to one worker: a second worker then took 0
                         # of 2,500 pages
                         disable_eager_activity_execution=True)
    finally:
        if sampler is not None:
            sampler.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sampler
        await http.aclose()
        await browsers.close()
        await pool.close()
        stop_processes(extractor)
        await engine.dispose()


async def run_worker(cfg: WorkerConfig, *, upgrade: bool = True,
                     metrics: WorkerMetrics | None = None,
                     stopping: Stopping | None = None) -> int | None:
    """Run until SIGINT/SIGTERM, then stop and return the signal that stopped it (see
    :mod:`trawl.worker.stopping`: a stop at any moment is bounded). ``metrics``: an
    endpoint already bound (the CLI binds it first, to say where it is); else one is bound
    here when ``cfg.metrics_port`` asks for it. ``stopping``: the signal handlers the
    caller installed before what it does first (else they are installed here)."""
    if stopping is None:
        stopping = Stopping()
        stopping.install()
    try:
        metrics = metrics or serve_metrics(cfg.metrics_host, cfg.metrics_port)
        try:
            await _run_worker(cfg, upgrade, metrics, stopping)
        finally:
            if metrics is not None:
                metrics.close()
    except asyncio.CancelledError:
        if not stopping.cancelled_by_signal():
            raise
    return stopping.first


async def _run_worker(cfg: WorkerConfig, upgrade: bool, metrics: WorkerMetrics | None,
                      stopping: Stopping) -> None:
    if upgrade:
        await asyncio.to_thread(upgrade_schema, cfg.database_url)
    # with metrics, the client (and so the worker) reports to the SDK runtime whose
    # metrics the endpoint serves
    runtime = None if metrics is None else metrics.temporal.runtime
    client = await connect_checked(cfg.temporal_address, namespace=cfg.namespace,
                                   runtime=runtime)
    async with crawl_worker(client, cfg, metrics) as worker, worker:
        log.info("worker polling %s on %s", cfg.task_queue, cfg.temporal_address)
        stopping.polling()
        await stopping.stop.wait()
