"""What a crawl tells the outside world as it runs: event types, and the contracts of the
workflow and activity that deliver them to a webhook.

Events are rows of the ``events`` table, written in the same transaction as what they
report (a page row, a handoff, the crawl's end), so none is lost and a retried activity
never writes one twice. A webhook (``CrawlSpec.webhook``) receives them in order, at least
once: each carries an ``id`` (a UUID) to drop repeats by; the HTTP API streams the same rows
as server-sent events. See docs/concepts/events.md for the payloads.
"""

# No `from __future__ import annotations`: Temporal's converter resolves these fields' types
# inside the workflow sandbox (see trawl.model._activities).
from dataclasses import dataclass, field
from enum import StrEnum


class EventType(StrEnum):
    """What happened (``events.type``)."""

    CRAWL_STARTED = "crawl_started"
    """The crawl was created (its row, with its seeds). Always the first event."""
    PAGE_STORED = "page_stored"
    """A page was stored with its content (``thin_content`` says when it is near-empty)."""
    PAGE_FAILED = "page_failed"
    """A page was recorded as failed, with its error class and message."""
    HANDOFF_OPENED = "handoff_opened"
    """A page waits for a person (login wall, CAPTCHA, a rule): send ``resume``."""
    HANDOFF_RESUMED = "handoff_resumed"
    """A person resumed a site that waited: its blocked URLs are retried."""
    CRAWL_FINISHED = "crawl_finished"
    """The crawl ended (completed or cancelled), with its counts. Always the last event."""


CRAWL_EVENT_TYPES = tuple(EventType)
"""Every crawl event type, in the order a crawl's life meets them."""


@dataclass
class EventsInput:
    """What an EventsWorkflow (one crawl's webhook delivery) starts or continues with."""

    crawl_id: str
    """Short crawl id."""
    webhook: str
    """The URL events are POSTed to."""
    types: list[str] = field(default_factory=list)
    """Only these event types (empty: all)."""
    after: int = 0
    """The seq (``events.id``) of the last event delivered or passed over, in delivery
    order (0: none yet); carried across continue-as-new."""
    delivered: int = 0
    """Events delivered so far (for the web UI)."""
    crawl_workflow_id: str = ""
    """The crawl's workflow: once it closed without a ``crawl_finished`` event (terminated),
    delivery ends when nothing is pending."""


@dataclass
class DeliverInput:
    """Input of ``deliver_events``: send what is pending after ``after``, waiting up to
    ``wait_s`` for something to send."""

    crawl_id: str
    """Short crawl id."""
    webhook: str
    """The URL events are POSTed to."""
    types: list[str]
    """Only these event types (empty: all)."""
    after: int
    """The seq of the last event delivered or passed over (0: none yet)."""
    wait_s: float
    """How long to wait for a new event when none is pending."""
    crawl_workflow_id: str = ""
    """The crawl's workflow (see EventsInput.crawl_workflow_id)."""


@dataclass
class DeliverOutput:
    """Output of ``deliver_events``."""

    after: int
    """The seq of the last event delivered (or passed over: of a type not asked for)."""
    delivered: int = 0
    """Events POSTed (and answered 2xx) by this call."""
    finished: bool = False
    """Nothing more will come: the crawl's ``crawl_finished`` event is delivered, or its
    workflow closed without one (terminated) and every event is delivered."""


@dataclass
class AbandonInput:
    """Input of ``abandon_events``: the webhook kept failing past its retries."""

    crawl_id: str
    """Short crawl id."""
    after: int
    """The seq of the last event delivered (every undelivered event of the crawl is marked)."""
    error: str
    """Why delivery stopped (the last attempt's error)."""
