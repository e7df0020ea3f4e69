"""Helpers for running real crawls in tests (in-process worker, fresh task queue)."""

from __future__ import annotations

import uuid
from datetime import timedelta

from temporalio.client import Client

from trawl.model import CrawlInput, CrawlResult, CrawlSpec
from trawl.worker.main import WorkerConfig, crawl_worker
from trawl.workflows.crawl import CrawlWorkflow

CRAWL_TIMEOUT = timedelta(minutes=10)


def new_crawl_id() -> str:
    return uuid.uuid4().hex[:10]


def worker_config(temporal_address: str, database_url: str, task_queue: str) -> WorkerConfig:
    return WorkerConfig(temporal_address=temporal_address, namespace="default",
                        task_queue=task_queue, database_url=database_url)


async def run_crawl(client: Client, temporal_address: str, database_url: str, task_queue: str,
                    spec: CrawlSpec, crawl_id: str | None = None) -> tuple[str, CrawlResult]:
    """Start a crawl and run an in-process worker until it finishes."""
    crawl_id = crawl_id or new_crawl_id()
    cfg = worker_config(temporal_address, database_url, task_queue)
    async with crawl_worker(client, cfg) as worker, worker:
        result = await client.execute_workflow(
            CrawlWorkflow.run, CrawlInput(crawl_id, spec.validated()),
            id=f"crawl-test-{crawl_id}", task_queue=task_queue,
            execution_timeout=CRAWL_TIMEOUT)
    return crawl_id, result
