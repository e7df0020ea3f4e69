"""Webhook delivery activities: thin Temporal wrappers around trawl.crawler.webhooks.

``deliver_events`` heartbeats the last event it delivered, so a retry — after a webhook
failure, or on another worker after this one died — starts right after it: an event is
delivered at least once, and seldom twice.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio import activity
from temporalio.client import WorkflowExecutionStatus
from temporalio.exceptions import ApplicationError

from trawl.activities.policies import DATABASE_UNAVAILABLE
from trawl.crawler.webhooks import WebhookSender, deliver
from trawl.model import AbandonInput, CrawlSpec, DeliverInput, DeliverOutput
from trawl.secrets import webhook_secret
from trawl.store import crawls, events
from trawl.store.outage import is_database_unavailable

log = logging.getLogger("trawl.webhooks")


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
                # not the webhook's fault: the workflow waits for the database instead of
                # counting this against the webhook's attempts
                raise ApplicationError(f"the database is unreachable: {exc}",
                                       type=DATABASE_UNAVAILABLE) from exc
            raise

    async def _deliver_events(self, inp: DeliverInput) -> DeliverOutput:
        details = activity.info().heartbeat_details
        after = max(inp.after, int(details[0])) if details else inp.after
        # the crawl's own address rules apply to its webhook too
        spec = CrawlSpec.from_json(await crawls.crawl_spec(self._engine, inp.crawl_id))
        spec.webhook = inp.webhook
        async with WebhookSender(inp.webhook, webhook_secret(), spec.webhook_policy()) as sender:
            out = await deliver(self._engine, sender, inp.crawl_id, after, inp.types,
                                inp.wait_s, progress=activity.heartbeat)
            if out.delivered or out.finished or not await self._crawl_closed(inp):
                return out
            # the crawl closed without crawl_finished (terminated): what it wrote before is
            # all there will be; deliver the last of it, then delivery is done
            last = await deliver(self._engine, sender, inp.crawl_id, out.after, inp.types,
                                 0.0, progress=activity.heartbeat)
            return DeliverOutput(last.after, last.delivered, finished=True)

    async def _crawl_closed(self, inp: DeliverInput) -> bool:
        if not inp.crawl_workflow_id:
            return False
        handle = activity.client().get_workflow_handle(inp.crawl_workflow_id)
        status = (await handle.describe()).status
        return status is not None and status != WorkflowExecutionStatus.RUNNING

    @activity.defn(name="abandon_events")
    async def abandon_events(self, inp: AbandonInput) -> int:
        count = await events.abandon(self._engine, inp.crawl_id, inp.error)
        log.warning("crawl %s: webhook delivery stopped (%s); %d event(s) undelivered",
                    inp.crawl_id, inp.error, count)
        return count

    def all(self) -> list[Callable[..., Any]]:
        return [self.deliver_events, self.abandon_events]
