"""Webhook delivery activities: thin Temporal wrappers around trawl.crawler.webhooks.

``deliver_events`` heartbeats the last event it delivered, so a retry — after a webhook
failure, or on another worker after this one died — starts right after it: an event is
delivered at least once, and seldom twice.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio import activity
from temporalio.client import WorkflowExecutionStatus
from temporalio.exceptions import ApplicationError

from trawl.activities.policies import DATABASE_UNAVAILABLE
from trawl.crawler.firecrawl import webhook_renderer
from trawl.crawler.webhooks import DEFAULT_DELIVERY_BUDGET_S, Render, WebhookSender, deliver
from trawl.model import AbandonInput, CrawlSpec, DeliverInput, DeliverOutput
from trawl.secrets import webhook_secret
from trawl.store import crawls, events
from trawl.store.outage import is_database_unavailable

log = logging.getLogger("trawl.webhooks")

TAIL_WAIT_S = 60.0
"""How long one call waits for the transactions older than a closed crawl to end."""
TAIL_POLL_S = 0.5


class EventActivities:
    """Activities delivering crawls' events, sharing one worker's database engine."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine

    @activity.defn(name="deliver_events")
    async def deliver_events(self, inp: DeliverInput) -> DeliverOutput:
        try:
            return await self._deliver_events(inp)
        except Exception as exc:
            if is_database_unavailable(exc):
                # not the webhook's fault: non-retryable here, so the workflow waits for the
                # database (and then starts afresh) instead of spending the webhook's attempts
                raise ApplicationError(f"the database is unreachable: {exc}",
                                       type=DATABASE_UNAVAILABLE, non_retryable=True) from exc
            raise

    async def _deliver_events(self, inp: DeliverInput) -> DeliverOutput:
        details = activity.info().heartbeat_details
        # where the last attempt got to (events go in (xid, seq) order: seqs do not compare)
        after = int(details[0]) if details else inp.after
        # the crawl's own address rules apply to its webhook too
        spec = CrawlSpec.from_json(await crawls.crawl_spec(self._engine, inp.crawl_id))
        spec.webhook = inp.webhook
        # a crawl a Firecrawl client started gets Firecrawl's payloads (its job row is
        # written with the crawl's, so it is there before the first event)
        render = await webhook_renderer(self._engine, inp.crawl_id)
        async with WebhookSender(inp.webhook, webhook_secret(), spec.webhook_policy()) as sender:
            out = await deliver(self._engine, sender, inp.crawl_id, after, inp.types,
                                inp.wait_s, progress=activity.heartbeat, render=render)
            if out.delivered or out.finished or not await self._closed_without_end(inp):
                return out
            return await self._deliver_the_rest(sender, inp, out.after, render)

    async def _closed_without_end(self, inp: DeliverInput) -> bool:
        """The crawl's workflow closed in a way that writes no crawl_finished (terminated,
        failed, timed out). A completed or cancelled crawl wrote it before closing: delivery
        waits for it, however long a transaction elsewhere keeps it from being read."""
        if not inp.crawl_workflow_id:
            return False
        handle = activity.client().get_workflow_handle(inp.crawl_workflow_id)
        status = (await handle.describe()).status
        return status not in (None, WorkflowExecutionStatus.RUNNING,
                              WorkflowExecutionStatus.COMPLETED,
                              WorkflowExecutionStatus.CANCELED,
                              WorkflowExecutionStatus.CONTINUED_AS_NEW)

    async def _deliver_the_rest(self, sender: WebhookSender, inp: DeliverInput,
                                after: int, render: Render | None) -> DeliverOutput:
        """A crawl that ended without crawl_finished: once every transaction that could have
        written its events has ended, deliver what is left; then delivery is done. Not done
        (the next round tries again) while one is still running or the budget runs out."""
        started = time.monotonic()
        horizon = await events.snapshot_horizon(self._engine)
        while not await events.ended_before(self._engine, horizon):
            if time.monotonic() - started > TAIL_WAIT_S:
                return DeliverOutput(after, 0)
            activity.heartbeat(after)
            await asyncio.sleep(TAIL_POLL_S)
        delivered = 0
        while time.monotonic() - started < DEFAULT_DELIVERY_BUDGET_S:
            out = await deliver(self._engine, sender, inp.crawl_id, after, inp.types, 0.0,
                                progress=activity.heartbeat, render=render)
            after, delivered = out.after, delivered + out.delivered
            if not out.delivered:
                return DeliverOutput(after, delivered, finished=True)
        return DeliverOutput(after, delivered)

    @activity.defn(name="abandon_events")
    async def abandon_events(self, inp: AbandonInput) -> int:
        count = await events.abandon(self._engine, inp.crawl_id, inp.error)
        log.warning("crawl %s: webhook delivery stopped (%s); %d event(s) undelivered",
                    inp.crawl_id, inp.error, count)
        return count

    def all(self) -> list[Callable[..., Any]]:
        return [self.deliver_events, self.abandon_events]
