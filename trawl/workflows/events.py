"""EventsWorkflow: delivers one crawl's events to its webhook, in order, at least once.

Started by the CrawlWorkflow when the crawl has a webhook (``--webhook``), with its parent
close policy ABANDON: it outlives the crawl until the ``crawl_finished`` event is delivered.
The events themselves are rows (trawl.store.events), so the workflow carries only a cursor:
the last event delivered. Each round is one ``deliver_events`` activity (a long poll); it
continues as new every ROUNDS_PER_RUN rounds, so its history stays bounded however long the
crawl. When the webhook keeps refusing an event past WEBHOOK_RETRY's attempts, delivery
stops and the undelivered events' rows say why (``trawl status`` shows it); when the
database was what failed, it waits (DATABASE_WAIT) and tries again, however long.
"""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.exceptions import ActivityError, ApplicationError

from trawl.activities.policies import (
    DATABASE_ERRORS,
    STORE_ACTIVITY_TIMEOUT,
    STORE_RETRY,
    WEBHOOK_ACTIVITY_TIMEOUT,
    WEBHOOK_HEARTBEAT_TIMEOUT,
    WEBHOOK_RETRY,
    WEBHOOK_WAIT_S,
)

with workflow.unsafe.imports_passed_through():
    from trawl.activities.events import EventActivities
    from trawl.model import AbandonInput, DeliverInput, EventsInput

ROUNDS_PER_RUN = 200
"""deliver_events rounds per workflow run before it continues as new."""
DATABASE_WAIT = timedelta(minutes=1)
"""After deliver_events ran out of attempts because the database was unreachable (not the
webhook's fault), delivery waits this long and starts again with fresh attempts."""


def events_workflow_id(crawl_workflow_id: str) -> str:
    return f"{crawl_workflow_id}/events"


@workflow.defn
class EventsWorkflow:
    @workflow.init
    def __init__(self, inp: EventsInput) -> None:
        self._input = inp
        self._stopped: str | None = None
        self._waiting: str | None = None

    @workflow.run
    async def run(self, inp: EventsInput) -> int:
        """Deliver until ``crawl_finished`` is delivered (or delivery stops); returns the
        events delivered."""
        self._details()
        for _ in range(ROUNDS_PER_RUN):
            try:
                out = await workflow.execute_activity_method(
                    EventActivities.deliver_events,
                    DeliverInput(inp.crawl_id, inp.webhook, inp.types, inp.after,
                                 WEBHOOK_WAIT_S, inp.crawl_workflow_id),
                    start_to_close_timeout=WEBHOOK_ACTIVITY_TIMEOUT,
                    heartbeat_timeout=WEBHOOK_HEARTBEAT_TIMEOUT, retry_policy=WEBHOOK_RETRY,
                    summary=f"after event {inp.after}")
            except ActivityError as err:
                if isinstance(err.cause, ApplicationError) and err.cause.type in DATABASE_ERRORS:
                    # the webhook is not to blame: wait for the database, attempts afresh
                    self._waiting = str(err.cause)
                    self._details()
                    await workflow.sleep(DATABASE_WAIT)
                    self._waiting = None
                    continue
                self._stopped = str(err.cause or err)
                self._details()
                await workflow.execute_activity_method(
                    EventActivities.abandon_events,
                    AbandonInput(inp.crawl_id, inp.after, self._stopped),
                    start_to_close_timeout=STORE_ACTIVITY_TIMEOUT, retry_policy=STORE_RETRY)
                workflow.logger.warning("webhook delivery of crawl %s stopped: %s",
                                        inp.crawl_id, self._stopped)
                return inp.delivered
            inp.after = out.after
            inp.delivered += out.delivered
            self._details()
            if out.finished:
                return inp.delivered
            if workflow.info().is_continue_as_new_suggested():
                break
        workflow.continue_as_new(inp)

    def _details(self) -> None:
        inp = self._input
        lines = [f"## webhook of crawl {inp.crawl_id}",
                 f"**to** {inp.webhook} · **delivered** {inp.delivered} · **after event** "
                 f"{inp.after}"]
        if self._waiting:
            lines.append(f"### Waiting for the database\n{self._waiting}")
        if self._stopped:
            lines.append(f"### ⚠ Delivery stopped\n{self._stopped}")
        workflow.set_current_details("\n".join(lines))
