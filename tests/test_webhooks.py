"""Webhooks and events (issue 18) against real servers on 127.0.0.1: a real crawl's events
reach a receiver signed (verified with the Standard Webhooks reference library), in order,
each once per id however often the receiver failed; they match the rows they report; a type
filter sends only what was asked; a worker killed in the middle of a delivery loses no
event (another worker delivers it again: at least once); and the sender refuses to follow a
redirect, to wait forever, or to reach an address the guard refuses."""

from __future__ import annotations

import asyncio
import json
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine
from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError
from temporalio.client import Client

from tests.conftest import SITES, scalar_rows
from tests.crawlkit import new_crawl_id, worker_config
from tests.gensite import binary_tree_site
from tests.sitesrv import serve, serve_handler
from tests.workerkit import kill_group, start_worker
from trawl.errors import ConfigError, WebhookError
from trawl.model import CrawlInput, CrawlSpec
from trawl.net import NetPolicy
from trawl.secrets import webhook_secret
from trawl.store import events as event_rows
from trawl.worker.main import crawl_worker
from trawl.workflows.crawl import CrawlWorkflow
from trawl.workflows.events import events_workflow_id

DELIVERY_DEADLINE_S = 120.0


@dataclass
class Receiver:
    """What a test webhook receiver saw, and how it answers."""

    fail_first: int = 0
    """Answer this many POSTs 503 first."""
    hold_nth: int | None = None
    """Do not answer the POST with this 0-based number until ``release`` is set."""
    posts: list[tuple[dict[str, str], bytes]] = field(default_factory=list)
    answered: list[int] = field(default_factory=list)
    """The status each POST got (in order; a held one that never answered: none)."""
    holding: threading.Event = field(default_factory=threading.Event)
    release: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def envelopes(self) -> list[dict[str, Any]]:
        """The events received, each once (first receipt), in the order received."""
        seen: dict[str, dict[str, Any]] = {}
        for headers, body in self.posts:
            seen.setdefault(headers["webhook-id"], json.loads(body))
        return list(seen.values())


@contextmanager
def receiver(state: Receiver) -> Iterator[str]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["content-length"]))
            with state.lock:
                number = len(state.posts)
                state.posts.append(({k.lower(): v for k, v in self.headers.items()}, body))
                status = 503 if number < state.fail_first else 204
            if number == state.hold_nth:
                state.holding.set()
                state.release.wait(120)
                return  # never answered: the sender's process is gone by now
            state.answered.append(status)
            self.send_response(status)
            self.send_header("content-length", "0")
            self.end_headers()

    with serve_handler(Handler) as base:
        yield base + "/hook"


async def wait_delivered(client: Client, crawl_workflow_id: str) -> int:
    handle = client.get_workflow_handle(events_workflow_id(crawl_workflow_id))
    return int(await asyncio.wait_for(handle.result(), DELIVERY_DEADLINE_S))


async def crawl_with_webhook(client: Client, temporal_address: str, database_url: str,
                             task_queue: str, spec: CrawlSpec) -> tuple[str, int]:
    """Run the crawl and its webhook delivery to their ends with an in-process worker."""
    crawl_id = new_crawl_id()
    workflow_id = f"crawl-test-{crawl_id}"
    async with crawl_worker(client, worker_config(temporal_address, database_url,
                                                  task_queue)) as worker, worker:
        await client.execute_workflow(CrawlWorkflow.run, CrawlInput(crawl_id, spec.validated()),
                                      id=workflow_id, task_queue=task_queue,
                                      execution_timeout=timedelta(minutes=5))
        delivered = await wait_delivered(client, workflow_id)
    return crawl_id, delivered


async def test_a_crawls_events_reach_its_webhook_signed_in_order_once_per_id(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str) -> None:
    state = Receiver(fail_first=2)
    with serve(SITES / "basic") as site, receiver(state) as hook:
        spec = CrawlSpec(seeds=[site.base + "/"], render="http", webhook=hook)
        crawl_id, delivered = await crawl_with_webhook(temporal_client, temporal_address,
                                                       database_url, task_queue, spec)

    signer = Webhook(webhook_secret())
    for headers, body in state.posts:
        assert signer.verify(body, headers)["id"] == headers["webhook-id"]
    headers, body = state.posts[-1]
    with pytest.raises(WebhookVerificationError):  # the check above can fail
        signer.verify(body.replace(b"completed", b"cancelled"), headers)

    got = state.envelopes()
    rows = await scalar_rows(engine, "select id, event_id::text, type, subject, delivered_at "
                                     "is not null, attempts, last_error from events where "
                                     "crawl_id = :c order by xid, id", c=crawl_id)
    # every event, in the order they are read: their transactions' order (trawl.store.events)
    assert [g["id"] for g in got] == [r[1] for r in rows]
    assert [g["seq"] for g in got] == [r[0] for r in rows]
    assert delivered == len(rows)
    assert all(r[4] and r[6] is None for r in rows)  # delivered, no error left
    assert rows[0][5] == 3  # 503, 503, then taken: the first event was retried, not skipped
    assert state.answered[:3] == [503, 503, 204]

    pages = await scalar_rows(engine, "select url, error_class from pages where crawl_id = :c",
                              c=crawl_id)
    stored = {g["data"]["url"] for g in got if g["type"] == "page_stored"}
    failed = {g["data"]["url"] for g in got if g["type"] == "page_failed"}
    assert stored == {u for u, e in pages if e is None} and stored
    assert failed == {u for u, e in pages if e is not None}
    assert len([g for g in got if g["type"] in ("page_stored", "page_failed")]) == len(pages)
    finished = got[-1]
    assert finished["type"] == "crawl_finished" and finished["crawl_id"] == crawl_id
    assert finished["data"]["status"] == "completed"
    assert finished["data"]["pages_done"] == len(stored)
    assert finished["data"]["pages_failed"] == len(failed)
    assert finished["data"]["not_explored"] == 0
    state_now = await event_rows.delivery_state(engine, crawl_id)
    assert (state_now.delivered, state_now.pending, state_now.abandoned) == (len(rows), 0, 0)


async def test_only_the_event_types_asked_for_are_sent(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str) -> None:
    state = Receiver()
    with serve(SITES / "basic") as site, receiver(state) as hook:
        spec = CrawlSpec(seeds=[site.base + "/"], render="http", webhook=hook,
                         webhook_events=["crawl_finished"])
        crawl_id, delivered = await crawl_with_webhook(temporal_client, temporal_address,
                                                       database_url, task_queue, spec)
    assert [g["type"] for g in state.envelopes()] == ["crawl_finished"]
    assert delivered == 1
    pages = await scalar_rows(engine, "select count(*) from events where crawl_id = :c "
                                      "and type = 'page_stored'", c=crawl_id)
    assert pages[0][0] > 0  # written (the event stream has them), not sent
    state_now = await event_rows.delivery_state(engine, crawl_id, ["crawl_finished"])
    assert (state_now.delivered, state_now.pending) == (1, 0)


@pytest.mark.slow
async def test_a_worker_killed_mid_delivery_loses_no_event(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path) -> None:
    """The delivering worker dies (SIGKILL) while the receiver holds a POST unanswered:
    another worker delivers that event again and every one after it."""
    binary_tree_site(tmp_path / "site", 12)
    state = Receiver(hold_nth=3)
    crawl_id = new_crawl_id()
    workflow_id = f"crawl-kill-hook-{crawl_id}"
    log = tmp_path / "worker.log"
    with serve(tmp_path / "site") as site, receiver(state) as hook:
        spec = CrawlSpec(seeds=[site.base + "/"], render="http", webhook=hook).validated()
        first = start_worker(temporal_address, database_url, task_queue, log)
        second = None
        try:
            await temporal_client.start_workflow(
                CrawlWorkflow.run, CrawlInput(crawl_id, spec), id=workflow_id,
                task_queue=task_queue, execution_timeout=timedelta(minutes=10))
            assert await asyncio.to_thread(state.holding.wait, 60), "no 4th delivery"
            kill_group(first)  # mid-POST: the event was sent, never answered
            state.release.set()
            killed_at = time.monotonic()
            second = start_worker(temporal_address, database_url, task_queue, log)
            delivered = await wait_delivered(temporal_client, workflow_id)
            recovered_s = time.monotonic() - killed_at
        finally:
            for proc in (first, second):
                if proc is not None and proc.poll() is None:
                    kill_group(proc, signal.SIGTERM)

    rows = await scalar_rows(engine, "select event_id::text, delivered_at is not null from "
                                     "events where crawl_id = :c order by xid, id", c=crawl_id)
    got = state.envelopes()
    assert [g["id"] for g in got] == [r[0] for r in rows]  # all of them, in order
    assert all(r[1] for r in rows)
    held_id = state.posts[3][0]["webhook-id"]
    assert sum(h["webhook-id"] == held_id for h, _ in state.posts) >= 2  # sent again
    assert got[-1]["type"] == "crawl_finished"
    assert delivered >= len(rows) - 4  # the new worker's count, from the held event on
    assert recovered_s < DELIVERY_DEADLINE_S


# -- the sender on its own ---------------------------------------------------------------

@dataclass
class Answering:
    status: int = 302
    delay_s: float = 0.0
    paths: list[str] = field(default_factory=list)


@contextmanager
def answering(spec: Answering) -> Iterator[str]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_POST(self) -> None:
            spec.paths.append(self.path)
            self.rfile.read(int(self.headers["content-length"]))
            time.sleep(spec.delay_s)
            self.send_response(spec.status)
            self.send_header("location", "/elsewhere")
            self.send_header("content-length", "0")
            self.end_headers()

    with serve_handler(Handler) as base:
        yield base


def _event() -> event_rows.StoredEvent:
    import uuid
    from datetime import UTC, datetime

    return event_rows.StoredEvent(1, uuid.uuid4(), "c1", "page_stored", datetime.now(UTC),
                                  {"url": "http://127.0.0.1/"})


async def test_the_sender_follows_no_redirect_waits_bounded_and_passes_the_guard() -> None:
    from trawl.crawler.webhooks import WebhookSender

    secret = webhook_secret()
    moved = Answering(status=302)
    with answering(moved) as base:
        policy = CrawlSpec(seeds=["http://example.com/"], webhook=base + "/hook"
                           ).webhook_policy()
        async with WebhookSender(base + "/hook", secret, policy) as sender:
            with pytest.raises(WebhookError, match="answered 302"):
                await sender.send(_event())
    assert moved.paths == ["/hook"]  # /elsewhere never asked

    slow = Answering(status=200, delay_s=3)
    with answering(slow) as base:
        policy = CrawlSpec(seeds=["http://example.com/"], webhook=base + "/hook"
                           ).webhook_policy()
        async with WebhookSender(base + "/hook", secret, policy, timeout_s=0.5) as sender:
            started = time.monotonic()
            with pytest.raises(WebhookError, match="no answer"):
                await sender.send(_event())
            assert time.monotonic() - started < 2.5

    ok = Answering(status=200)
    with answering(ok) as base:
        # a policy that does not name the webhook: loopback is internal, refused
        async with WebhookSender(base + "/hook", secret, NetPolicy()) as sender:
            with pytest.raises(WebhookError, match="address guard"):
                await sender.send(_event())
    assert ok.paths == []


def test_webhook_settings_are_checked_before_anything_starts() -> None:
    site = "http://127.0.0.1:8000/"
    for bad, message in [
        (dict(webhook="ftp://127.0.0.1/hook"), "http\\(s\\) URL"),
        (dict(webhook="not a url"), "http\\(s\\) URL"),
        (dict(webhook="http://127.0.0.1:9/hook", webhook_events=["page_seen"]), "page_seen"),
        (dict(webhook_events=["crawl_finished"]), "needs --webhook"),
        (dict(webhook="http://hooks.internal.example/x", deny_hosts=["internal.example"]),
         "--webhook refused"),
    ]:
        with pytest.raises(ConfigError, match=message):
            CrawlSpec(seeds=[site], **bad).validated()  # type: ignore[arg-type]
    ok = CrawlSpec(seeds=[site], webhook="http://127.0.0.2:9/hook",
                   webhook_events=["page_stored", "page_stored"]).validated()
    assert ok.webhook_events == ["page_stored"]


async def test_an_event_whose_transaction_commits_late_is_not_passed_over(
        engine: AsyncEngine) -> None:
    """Ids come from a sequence in the order transactions ask, not the order they commit:
    a reader that moved past a later id must still get the earlier one once it commits."""
    from sqlalchemy import text

    from trawl.model import EventType
    from trawl.store.frontier import create_crawl

    crawl_id = new_crawl_id()
    await create_crawl(engine, crawl_id, f"crawl-order-{crawl_id}",
                       CrawlSpec(seeds=["http://127.0.0.1:9/"]).validated())
    async with engine.connect() as slow, engine.connect() as fast:
        slow_tx = await slow.begin()
        await event_rows.add_event(slow, crawl_id, EventType.PAGE_STORED, "early", {})
        async with fast.begin():
            await event_rows.add_event(fast, crawl_id, EventType.PAGE_STORED, "late", {})
        ids = dict(await scalar_rows(engine, "select subject, id from events where crawl_id "
                                              "= :c and type = 'page_stored'", c=crawl_id))
        assert list(ids) == ["late"]  # the early id is taken, its row not yet visible
        first_read = await event_rows.events_after(engine, crawl_id, 0, 100)
        cursor = first_read[-1].seq if first_read else 0
        await slow_tx.commit()
    second_read = await event_rows.events_after(engine, crawl_id, cursor, 100)
    got = [e.seq for e in first_read + second_read]
    all_ids = dict(await scalar_rows(engine, "select subject, id from events where "
                                              "crawl_id = :c", c=crawl_id))
    assert all_ids["early"] < all_ids["late"]  # the hazard is real: ids out of commit order
    assert sorted(got) == sorted(all_ids.values())  # and yet both are read, once each
    async with engine.begin() as conn:
        await conn.execute(text("delete from crawls where id = :c"), {"c": crawl_id})


async def test_delivery_of_a_terminated_crawl_ends_when_nothing_is_pending(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path) -> None:
    """A crawl terminated by an operator writes no crawl_finished: its delivery must not
    wait for one forever. It sends what was written and ends."""
    from tests.sitesrv import Rules

    paths = binary_tree_site(tmp_path / "site", 30)
    slow = Rules(slow={p if p != "/" else "/index.html": 0.5 for p in paths})
    state = Receiver()
    crawl_id = new_crawl_id()
    workflow_id = f"crawl-term-{crawl_id}"
    with serve(tmp_path / "site", slow) as site, receiver(state) as hook:
        spec = CrawlSpec(seeds=[site.base + "/"], render="http", concurrency=1,
                         webhook=hook).validated()
        async with crawl_worker(temporal_client, worker_config(
                temporal_address, database_url, task_queue)) as worker, worker:
            handle = await temporal_client.start_workflow(
                CrawlWorkflow.run, CrawlInput(crawl_id, spec), id=workflow_id,
                task_queue=task_queue, execution_timeout=timedelta(minutes=5))
            for _ in range(200):
                if len(state.envelopes()) >= 2:
                    break
                await asyncio.sleep(0.1)
            await handle.terminate("an operator stopped it")
            started = time.monotonic()
            await wait_delivered(temporal_client, workflow_id)
            ended_s = time.monotonic() - started
    kinds = [g["type"] for g in state.envelopes()]
    assert kinds and "crawl_finished" not in kinds
    assert ended_s < DELIVERY_DEADLINE_S


async def test_an_unreachable_database_is_not_the_webhooks_fault() -> None:
    """deliver_events says "database unavailable" (the workflow then waits, attempts afresh)
    rather than failing like a webhook that refused: a dead database must not use up the
    webhook's attempts and abandon its events."""
    from temporalio.exceptions import ApplicationError
    from temporalio.testing import ActivityEnvironment

    from trawl.activities.events import EventActivities
    from trawl.activities.policies import DATABASE_UNAVAILABLE
    from trawl.model import DeliverInput
    from trawl.services._process import free_port
    from trawl.store.db import create_engine_async

    dead = create_engine_async(f"postgresql+psycopg://trawl@127.0.0.1:{free_port()}/trawl")
    try:
        with pytest.raises(ApplicationError) as raised:
            await ActivityEnvironment().run(
                EventActivities(dead).deliver_events,
                DeliverInput("c1", "http://127.0.0.1:9/hook", [], 0, 0.0))
    finally:
        await dead.dispose()
    assert raised.value.type == DATABASE_UNAVAILABLE and raised.value.non_retryable
    assert "database is unreachable" in str(raised.value)


async def test_a_transaction_left_open_elsewhere_delays_events_but_loses_none(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str) -> None:
    """Events are read only once every older transaction has ended. A transaction left open
    elsewhere while a crawl runs to its end holds them back; delivery must wait for it (the
    crawl wrote crawl_finished), not take the silence for the end and stop."""
    from sqlalchemy import text

    state = Receiver()
    crawl_id = new_crawl_id()
    workflow_id = f"crawl-held-{crawl_id}"
    async with engine.connect() as held:
        open_tx = await held.begin()
        await held.execute(text("select pg_current_xact_id()"))  # it holds an xid now
        with serve(SITES / "basic") as site, receiver(state) as hook:
            spec = CrawlSpec(seeds=[site.base + "/"], render="http", webhook=hook).validated()
            async with crawl_worker(temporal_client, worker_config(
                    temporal_address, database_url, task_queue)) as worker, worker:
                await temporal_client.execute_workflow(
                    CrawlWorkflow.run, CrawlInput(crawl_id, spec), id=workflow_id,
                    task_queue=task_queue, execution_timeout=timedelta(minutes=5))
                events = temporal_client.get_workflow_handle(events_workflow_id(workflow_id))
                # a long poll (20 s) and the closed-crawl check, with nothing readable
                await asyncio.sleep(25)
                assert (await events.describe()).status.name == "RUNNING"
                assert state.posts == []
                await open_tx.commit()
                delivered = await wait_delivered(temporal_client, workflow_id)
    kinds = [g["type"] for g in state.envelopes()]
    assert kinds[-1] == "crawl_finished" and "page_stored" in kinds
    rows = await scalar_rows(engine, "select count(*) from events where crawl_id = :c",
                             c=crawl_id)
    assert delivered == rows[0][0] == len(kinds)
