"""EventsWorkflow (webhook delivery) against fake activities on the time-skipping server:
it delivers until crawl_finished, carries its cursor across rounds and continue-as-new,
gives up after the retry policy's attempts and records why, and a crawl with a webhook
starts it and lets it outlive the crawl."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from temporalio import activity
from temporalio.client import WorkflowExecutionStatus
from temporalio.exceptions import ApplicationError
from temporalio.testing import WorkflowEnvironment
from temporalio.worker import Worker

from tests.fast.fakes import FakeCrawl
from trawl.activities.policies import DATABASE_UNAVAILABLE, WEBHOOK_MAX_ATTEMPTS
from trawl.model import (
    AbandonInput,
    CrawlInput,
    CrawlSpec,
    DeliverInput,
    DeliverOutput,
    EventsInput,
)
from trawl.workflows.crawl import CrawlWorkflow
from trawl.workflows.events import ROUNDS_PER_RUN, EventsWorkflow, events_workflow_id
from trawl.workflows.site import SiteWorkflow

DEADLINE_S = 30.0
HOOK = "http://127.0.0.1:9/hook"


@dataclass
class FakeDelivery:
    """deliver_events hands out ``per_round`` events a round up to ``total``, the last one
    crawl_finished; ``failing`` rounds raise first."""

    total: int = 5
    per_round: int = 2
    failing: int = 0
    database_down: int = 0
    """Rounds that fail first because the database is unreachable (before ``failing``)."""
    calls: list[DeliverInput] = field(default_factory=list)
    abandoned: list[AbandonInput] = field(default_factory=list)

    @activity.defn(name="deliver_events")
    async def deliver_events(self, inp: DeliverInput) -> DeliverOutput:
        self.calls.append(inp)
        if self.database_down:
            self.database_down -= 1
            raise ApplicationError("the database is unreachable: connection refused",
                                   type=DATABASE_UNAVAILABLE, non_retryable=True)
        if self.failing:
            self.failing -= 1
            raise ApplicationError(f"{inp.webhook} answered 503 Service Unavailable",
                                   type="WebhookError")
        upto = min(inp.after + self.per_round, self.total)
        return DeliverOutput(upto, upto - inp.after, finished=upto == self.total)

    @activity.defn(name="abandon_events")
    async def abandon_events(self, inp: AbandonInput) -> int:
        self.abandoned.append(inp)
        return self.total - inp.after

    def all(self) -> list[Callable[..., Any]]:
        return [self.deliver_events, self.abandon_events]


async def run_events(env: WorkflowEnvironment, queue: str, fake: FakeDelivery) -> int:
    async with Worker(env.client, task_queue=queue, workflows=[EventsWorkflow],
                      activities=fake.all()):
        return await asyncio.wait_for(env.client.execute_workflow(
            EventsWorkflow.run, EventsInput("c1", HOOK, ["page_stored"]),
            id=f"events-{queue}", task_queue=queue), DEADLINE_S)


async def test_delivers_in_rounds_until_the_crawl_finished_event(
        env: WorkflowEnvironment, queue: str) -> None:
    fake = FakeDelivery(total=5, per_round=2)
    assert await run_events(env, queue, fake) == 5
    assert [c.after for c in fake.calls] == [0, 2, 4]  # each round starts after the last
    assert all(c.types == ["page_stored"] and c.webhook == HOOK for c in fake.calls)
    assert fake.abandoned == []


async def test_a_webhook_down_for_a_while_is_retried_and_nothing_is_skipped(
        env: WorkflowEnvironment, queue: str) -> None:
    fake = FakeDelivery(total=3, per_round=3, failing=WEBHOOK_MAX_ATTEMPTS - 1)
    assert await run_events(env, queue, fake) == 3
    assert len(fake.calls) == WEBHOOK_MAX_ATTEMPTS
    assert {c.after for c in fake.calls} == {0}
    assert fake.abandoned == []


async def test_a_webhook_that_never_takes_an_event_stops_delivery_with_the_reason(
        env: WorkflowEnvironment, queue: str) -> None:
    fake = FakeDelivery(total=6, per_round=2, failing=10_000)
    assert await run_events(env, queue, fake) == 0
    assert len(fake.calls) == WEBHOOK_MAX_ATTEMPTS
    [abandon] = fake.abandoned
    assert abandon.crawl_id == "c1" and abandon.after == 0
    assert "answered 503" in abandon.error


async def test_a_database_outage_is_waited_out_not_blamed_on_the_webhook(
        env: WorkflowEnvironment, queue: str) -> None:
    """Longer than the webhook's attempts: delivery waits for the database and goes on;
    nothing is abandoned (the webhook never refused anything)."""
    fake = FakeDelivery(total=4, per_round=4, database_down=WEBHOOK_MAX_ATTEMPTS + 4)
    assert await run_events(env, queue, fake) == 4
    assert fake.abandoned == []
    assert len(fake.calls) == WEBHOOK_MAX_ATTEMPTS + 5  # one call a minute, then delivered


async def test_the_cursor_survives_continue_as_new(env: WorkflowEnvironment,
                                                   queue: str) -> None:
    rounds = ROUNDS_PER_RUN + 3
    fake = FakeDelivery(total=rounds, per_round=1)
    async with Worker(env.client, task_queue=queue, workflows=[EventsWorkflow],
                      activities=fake.all()):
        handle = await env.client.start_workflow(
            EventsWorkflow.run, EventsInput("c1", HOOK), id=f"events-{queue}",
            task_queue=queue)
        assert await asyncio.wait_for(handle.result(), DEADLINE_S * 2) == rounds
        first_run = env.client.get_workflow_handle(handle.id,
                                                   run_id=handle.first_execution_run_id)
        assert (await first_run.describe()).status == WorkflowExecutionStatus.CONTINUED_AS_NEW
    # no event delivered twice, none skipped across the new run
    assert [c.after for c in fake.calls] == list(range(rounds))


async def test_a_crawl_with_a_webhook_starts_its_delivery_which_outlives_it(
        env: WorkflowEnvironment, queue: str) -> None:
    crawl = FakeCrawl()
    delivery = FakeDelivery(total=4, per_round=4)
    async with Worker(env.client, task_queue=queue,
                      workflows=[CrawlWorkflow, SiteWorkflow, EventsWorkflow],
                      activities=[*crawl.all(), *delivery.all()]):
        spec = CrawlSpec(seeds=["https://docs.example/"], webhook=HOOK,
                         webhook_events=["crawl_finished"])
        crawl_handle = await env.client.start_workflow(
            CrawlWorkflow.run, CrawlInput("c1", spec), id=f"crawl-{queue}", task_queue=queue)
        await asyncio.wait_for(crawl_handle.result(), DEADLINE_S)
        events = env.client.get_workflow_handle(events_workflow_id(crawl_handle.id))
        assert await asyncio.wait_for(events.result(), DEADLINE_S) == 4
    assert delivery.calls[0].types == ["crawl_finished"]
    assert delivery.calls[0].crawl_id == "c1"


async def test_a_crawl_without_a_webhook_starts_no_delivery(
        env: WorkflowEnvironment, queue: str) -> None:
    crawl = FakeCrawl()
    delivery = FakeDelivery()
    async with Worker(env.client, task_queue=queue,
                      workflows=[CrawlWorkflow, SiteWorkflow, EventsWorkflow],
                      activities=[*crawl.all(), *delivery.all()]):
        handle = await env.client.start_workflow(
            CrawlWorkflow.run, CrawlInput("c1", CrawlSpec(seeds=["https://docs.example/"])),
            id=f"crawl-{queue}", task_queue=queue)
        await asyncio.wait_for(handle.result(), DEADLINE_S)
    assert delivery.calls == []
