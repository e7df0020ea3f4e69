"""Handoffs that always move forward (real Temporal, Postgres, Chromium): a public login
page is a page; a --handoff-on rule asks once and then reads the page; a wall that is
still there after resumes asks again with the reason and is given up after a bound."""

from __future__ import annotations

import asyncio

from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

from tests.conftest import scalar_rows
from tests.crawlkit import new_crawl_id, worker_config
from tests.test_handoff import (
    WAIT_S,
    open_handoffs,
    site_details,
    start,
    stored,
    wait_for,
    wall_site,
)
from trawl.crawler.explore import MAX_HANDOFFS_PER_URL
from trawl.model import CrawlSpec, ResumeRequest
from trawl.worker.main import crawl_worker


async def test_public_login_page_is_stored_not_handed_off(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str) -> None:
    crawl_id = new_crawl_id()
    with wall_site() as (base, _):
        spec = CrawlSpec(seeds=[base + "/login"], render="browser", concurrency=2,
                         max_pages=3)
        async with crawl_worker(temporal_client,
                                worker_config(temporal_address, database_url, task_queue)) \
                as worker, worker:
            handle = await start(temporal_client, task_queue, spec, crawl_id)
            outcome = await asyncio.wait_for(handle.result(), WAIT_S)
    assert outcome.status == "completed"
    assert base + "/login" in await stored(engine, crawl_id)
    assert await scalar_rows(engine, "select count(*) from handoffs where crawl_id = :c",
                             c=crawl_id) == [(0,)]


async def test_rule_handoff_asks_once_then_reads_the_page(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str) -> None:
    crawl_id = new_crawl_id()
    with wall_site() as (base, _):
        spec = CrawlSpec(seeds=[base + "/public.html"], render="browser", max_pages=3,
                         handoff_on=["/public.html"])
        async with crawl_worker(temporal_client,
                                worker_config(temporal_address, database_url, task_queue)) \
                as worker, worker:
            handle = await start(temporal_client, task_queue, spec, crawl_id)
            rows = await wait_for(lambda: open_handoffs(engine, crawl_id), "the rule's handoff")
            assert rows[0][1] == "rule"
            await temporal_client.get_workflow_handle(rows[0][2]).signal(
                "resume", ResumeRequest(note="looked at it"))
            outcome = await asyncio.wait_for(handle.result(), WAIT_S)
    assert outcome.status == "completed"
    assert "Public page for everyone" in (await stored(engine, crawl_id))[base + "/public.html"]
    assert await scalar_rows(engine, "select count(*) from handoffs where crawl_id = :c",
                             c=crawl_id) == [(1,)]


async def test_a_wall_that_stays_is_asked_again_then_given_up(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str) -> None:
    """/private/ redirects to the login page; each resume comes without a working session.
    The crawl asks again, saying it is still blocked, and after MAX_HANDOFFS_PER_URL gives
    the URL up (failed, handoff_exhausted) and completes."""
    crawl_id = new_crawl_id()
    with wall_site() as (base, _):
        spec = CrawlSpec(seeds=[base + "/private/"], render="browser", max_pages=5)
        async with crawl_worker(temporal_client,
                                worker_config(temporal_address, database_url, task_queue)) \
                as worker, worker:
            handle = await start(temporal_client, task_queue, spec, crawl_id)
            details = []
            for _ in range(MAX_HANDOFFS_PER_URL):
                rows = await wait_for(lambda: _open_detail(engine, crawl_id), "a handoff")
                details.append(rows[0][1])
                await temporal_client.get_workflow_handle(rows[0][0]).signal(
                    "resume", ResumeRequest(note="tried, no luck"))
                await wait_for(lambda: _all_closed(engine, crawl_id), "the resume")
            outcome = await asyncio.wait_for(handle.result(), WAIT_S)
            ui_details = await site_details(temporal_client, handle.id)
    assert "still blocked" not in details[0]
    assert all("still blocked after" in d for d in details[1:]), details
    failed = await scalar_rows(engine, "select url, error_class, error_message from pages "
                                       "where crawl_id = :c and error_class is not null",
                               c=crawl_id)
    assert [(u, e) for u, e, _ in failed] == [(base + "/private/", "handoff_exhausted")]
    assert "login_redirect" in failed[0][2]
    assert (outcome.pages_failed, outcome.given_up) == (1, 1)
    assert "**given up after handoffs** 1" in ui_details  # the crawl's, in the web UI
    from trawl.store.crawls import crawl_record  # what `trawl status` prints from
    record = await crawl_record(engine, crawl_id)
    assert (record.given_up, record.thin) == (1, 0)
    assert await scalar_rows(engine, "select status from crawl_urls where crawl_id = :c and "
                                     "url = :u", c=crawl_id, u=base + "/private/") \
        == [("failed",)]


async def _open_detail(engine: AsyncEngine, crawl_id: str) -> list[tuple]:
    return await scalar_rows(engine, "select workflow_id, coalesce(detail, '') from handoffs "
                                     "where crawl_id = :c and resolved_at is null", c=crawl_id)


async def _all_closed(engine: AsyncEngine, crawl_id: str) -> bool:
    rows = await scalar_rows(engine, "select count(*) from handoffs where crawl_id = :c and "
                                     "resolved_at is null", c=crawl_id)
    return rows == [(0,)]


def test_printed_signal_command_survives_a_shell() -> None:
    """The command the details print parses back, in a shell, to exactly its arguments:
    odd workflow ids, another namespace, the codec endpoint, the resume payload's fields."""
    import json
    import shlex

    from trawl.model import OpsHints
    from trawl.workflows.monitor import signal_command

    wf = "crawl-it's-x/https://host:8443 sp ace"
    args = shlex.split(signal_command(wf, OpsHints("10.0.0.5:7233", "crawls",
                                                   "http://127.0.0.1:8234")))
    assert args[:3] == ["temporal", "workflow", "signal"]
    flags = dict(zip(args[3::2], args[4::2], strict=True))
    assert flags["--address"] == "10.0.0.5:7233" and flags["--namespace"] == "crawls"
    assert flags["--codec-endpoint"] == "http://127.0.0.1:8234"
    assert flags["--workflow-id"] == wf and flags["--name"] == "resume"
    assert set(json.loads(flags["--input"])) == {"note", "cookies", "storage_state"}
    assert "--namespace" not in signal_command(wf, OpsHints("h:1"))


def test_ui_details_show_whole_commands_and_labelled_sites() -> None:
    """The UI details: the multiline command a person copies parses in bash to the same
    words as the one-line form; sites are a labelled list (no table: its columns ran
    together in the UI); the command sits in a fenced block, not in a list item."""
    from tests.test_handoff import _as_pasted
    from trawl.model import OpsHints, SiteHandoff, SiteUpdate
    from trawl.workflows.monitor import crawl_markdown, signal_command

    ops = OpsHints("127.0.0.1:7233", "default", "http://127.0.0.1:8234")
    wf = "crawl-abc/site-http://127.0.0.1:8000"
    multi = signal_command(wf, ops, multiline=True)
    assert multi.count("\n") >= 3  # one option group per line
    assert _as_pasted(multi) == _as_pasted(signal_command(wf, ops))
    handoff = SiteHandoff(url="http://127.0.0.1:8000/login", reason="login", detail="a form",
                          since="2026-11-25T10:00:00Z", blocked=["http://127.0.0.1:8000/login"])
    sites = [SiteUpdate("http://127.0.0.1:8000", wf, "handoff", 7, 1, 0, 3, handoff)]
    text = crawl_markdown("abc", "handoff", 7, 1, 3, 10.0, sites, ops)
    assert "|" not in text.split("###")[0]  # no table before the handoff section
    assert "- http://127.0.0.1:8000 — **handoff** · done 7 · failed 1 · queued 3" in text
    block = text.split("```sh\n", 1)[1].split("\n```", 1)[0]
    assert block == multi
    before = text.split("```sh\n", 1)[0].rstrip().splitlines()[-1]
    assert not before.startswith("- ")  # the fence is not inside a list item
