"""Workflow code changes keep running crawls alive: recorded histories replay on today's code.

``fixtures/histories/site_explore_batches.json`` is a SiteWorkflow history written before
WIDE_PATCH (12 pages, concurrency 2: windows of 4 URLs, batches of 2).
``breadth_before_crawl.json`` and ``breadth_before_site.json`` are a CrawlWorkflow (two
sites, one with a sitemap) and one of its SiteWorkflows written before sites read their own
sitemaps and explored in slices (SITES_PATCH, SLICES_PATCH; plain payloads). A worker
restarted on new code replays such histories before it goes on; a change that schedules
other commands without a ``workflow.patched`` gate fails here with a non-determinism error.
"""

from __future__ import annotations

import json
from pathlib import Path

from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client, WorkflowHistory
from temporalio.worker import Replayer

from tests.crawlkit import run_crawl
from tests.gensite import binary_tree_site
from tests.sitesrv import serve
from trawl.model import CrawlSpec
from trawl.worker.codec import SealingCodec, data_converter
from trawl.workflows.crawl import CrawlWorkflow
from trawl.workflows.site import SiteWorkflow

HISTORIES = Path(__file__).parent / "fixtures" / "histories"


async def _batch_sizes(history: WorkflowHistory) -> list[int]:
    """URLs per explore activity scheduled in ``history`` (1 for a single explore); the
    payloads are sealed (trawl/worker/codec.py)."""
    codec = SealingCodec()
    sizes = []
    for event in history.events:
        if event.event_type != EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
            continue
        attrs = event.activity_task_scheduled_event_attributes
        if attrs.activity_type.name == "explore":
            sizes.append(1)
        elif attrs.activity_type.name == "explore_batch":
            (payload,) = await codec.decode([attrs.input.payloads[0]])
            sizes.append(len(json.loads(payload.data)["jobs"]))
    return sizes


async def test_a_history_from_before_wide_batches_replays() -> None:
    path = HISTORIES / "site_explore_batches.json"
    history = WorkflowHistory.from_json("site-explore-batches", path.read_text())
    assert max(await _batch_sizes(history)) == 2  # written with the old shape
    result = await Replayer(workflows=[SiteWorkflow]).replay_workflow(
        history, raise_on_replay_failure=False)
    assert result.replay_failure is None, result.replay_failure


async def test_histories_from_before_slices_replay() -> None:
    replayer = Replayer(workflows=[CrawlWorkflow, SiteWorkflow])
    for name, workflow_id in (("breadth_before_crawl", "crawl-rec"),
                              ("breadth_before_site", "crawl-rec/http-127.0.0.1-37473")):
        history = WorkflowHistory.from_json(workflow_id,
                                            (HISTORIES / f"{name}.json").read_text())
        kinds = {e.activity_task_scheduled_event_attributes.activity_type.name
                 for e in history.events
                 if e.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED}
        assert "explore_slice" not in kinds  # written the old way
        result = await replayer.replay_workflow(history, raise_on_replay_failure=False)
        assert result.replay_failure is None, (name, result.replay_failure)


async def test_a_new_crawl_explores_in_slices_and_replays(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path) -> None:
    binary_tree_site(tmp_path / "site", 40)
    with serve(tmp_path / "site") as site:
        spec = CrawlSpec(seeds=[site.base + "/"], concurrency=2, render="http")
        crawl_id, result = await run_crawl(temporal_client, temporal_address, database_url,
                                           task_queue, spec)
    assert result.pages_done == 40
    histories = [h async for h in temporal_client.list_workflows(
        f"WorkflowId STARTS_WITH 'crawl-test-{crawl_id}'").map_histories()]
    site_histories = [h for h in histories if "/" in h.workflow_id]
    assert len(site_histories) == 1
    assert await _batch_sizes(site_histories[0]) == []  # no explore batch: slices
    scheduled = [e.activity_task_scheduled_event_attributes.activity_type.name
                 for e in site_histories[0].events
                 if e.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED]
    # one slice read the site's sitemaps, then explored all 40 pages (a slice claims up
    # to SLICE_MAX_URLS in SLICE_SECONDS)
    assert scheduled == ["explore_slice"]
    replayer = Replayer(workflows=[CrawlWorkflow, SiteWorkflow],
                        data_converter=data_converter())
    for history in histories:
        replayed = await replayer.replay_workflow(history, raise_on_replay_failure=False)
        assert replayed.replay_failure is None, (history.workflow_id, replayed.replay_failure)
