"""Delivering a crawl's events to its webhook: one POST of JSON per event, in order,
signed per Standard Webhooks (https://www.standardwebhooks.com).

Each POST's body is the event's envelope (:meth:`trawl.store.events.StoredEvent.envelope`),
with the headers ``webhook-id`` (the event's UUID, the same on every retry: de-duplicate by
it), ``webhook-timestamp`` and ``webhook-signature`` (``v1,`` and the base64 HMAC-SHA256 of
``id.timestamp.body`` under the webhook secret, :func:`trawl.secrets.webhook_secret`).
Receivers verify with any Standard Webhooks library, e.g. in Python
``standardwebhooks.Webhook(secret).verify(body, headers)``. A crawl a Firecrawl client
started gets Firecrawl's payloads instead of the envelope (a ``render`` function,
:mod:`trawl.crawler.firecrawl`), signed besides in ``X-Firecrawl-Signature``.

A 2xx answer delivers an event. Anything else — another status, no answer within
DEFAULT_WEBHOOK_TIMEOUT_S, a refused address — is a :class:`WebhookError`: the event's row
records it and the caller (the ``deliver_events`` activity) retries with backoff, from that
event on. Redirects are not followed (point the webhook at its final URL). The request
passes the address guard: the webhook's own origin is allowed (the user named it), nothing
else internal unless the crawl allows it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from types import TracebackType
from typing import Any

import httpx
from sqlalchemy.ext.asyncio import AsyncEngine
from standardwebhooks import Webhook

from trawl.config import get_settings
from trawl.errors import BlockedAddress, WebhookError
from trawl.model import DeliverOutput, EventType
from trawl.net import GuardedTransport, NetPolicy, origin_of
from trawl.store.events import StoredEvent, events_after, mark_delivered, note_failure
from trawl.urls import check_webhook_url

log = logging.getLogger("trawl.webhooks")

DEFAULT_WEBHOOK_TIMEOUT_S = 10.0
"""How long one POST may take (connect to last byte of the answer)."""
POLL_INTERVAL_S = 0.5
"""How often delivery looks for new events while it waits."""
EVENTS_PER_READ = 100
"""Events read from the database at a time."""
DEFAULT_DELIVERY_BUDGET_S = 120.0
"""One delivery call returns after this long at most (its activity's history stays small
and its timeout bounded however many events wait)."""


@dataclass
class Outgoing:
    """One POST: a message id, its JSON body and extra headers (a webhook in another format
    than trawl's envelope, e.g. Firecrawl's: :mod:`trawl.crawler.firecrawl`)."""

    msg_id: str
    """The Standard Webhooks ``webhook-id`` (the same in every delivery of the event)."""
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)
    """Sent as well (the receiver's own, e.g. its credentials); trawl's headers win."""
    hmac_header: str | None = None
    """Also sign the body in this header: ``sha256=`` and the hex HMAC-SHA256 of the body
    under the webhook secret (Firecrawl's ``X-Firecrawl-Signature``)."""


Render = Callable[[StoredEvent], Awaitable[Outgoing | None]]
"""An event as the webhook wants it, or None to pass it over."""


class WebhookSender:
    """POSTs signed events to one URL (an async context manager: it holds a connection
    pool)."""

    def __init__(self, url: str, secret: str, policy: NetPolicy,
                 timeout_s: float = DEFAULT_WEBHOOK_TIMEOUT_S) -> None:
        self.url = url
        self._secret = secret
        self._signer = Webhook(secret)
        self._client = httpx.AsyncClient(
            transport=GuardedTransport(default_policy=policy), follow_redirects=False,
            timeout=timeout_s, headers={"user-agent": get_settings().user_agent})

    async def __aenter__(self) -> WebhookSender:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        await self._client.aclose()

    async def send(self, event: StoredEvent) -> None:
        """POST ``event``; WebhookError unless it was answered 2xx."""
        await self.send_envelope(str(event.event_id), event.envelope())

    async def send_envelope(self, msg_id: str, envelope: dict[str, Any]) -> None:
        """POST ``envelope`` as the message ``msg_id``; WebhookError unless answered 2xx."""
        await self.send_outgoing(Outgoing(msg_id, envelope))

    async def send_outgoing(self, out: Outgoing) -> None:
        """POST ``out``, signed; WebhookError unless it was answered 2xx."""
        msg_id = out.msg_id
        body = json.dumps(out.body, separators=(",", ":"), default=str)
        now = datetime.now(UTC)
        headers = {k.lower(): v for k, v in out.headers.items()}
        headers.update({"content-type": "application/json", "webhook-id": msg_id,
                        "webhook-timestamp": str(int(now.timestamp())),
                        "webhook-signature": self._signer.sign(msg_id, now, body)})
        if out.hmac_header:
            digest = hmac.new(self._secret.encode(), body.encode(), hashlib.sha256)
            headers[out.hmac_header.lower()] = "sha256=" + digest.hexdigest()
        try:
            response = await self._client.post(self.url, content=body.encode(),
                                               headers=headers)
        except BlockedAddress as exc:
            raise WebhookError(f"webhook refused by the address guard: {exc}") from None
        except httpx.TimeoutException:
            raise WebhookError(f"no answer from {self.url} within "
                               f"{self._client.timeout.read}s") from None
        except httpx.HTTPError as exc:
            raise WebhookError(f"cannot reach {self.url}: {exc!r}") from None
        if not 200 <= response.status_code < 300:
            raise WebhookError(f"{self.url} answered {response.status_code} "
                               f"{response.reason_phrase}")


async def deliver(engine: AsyncEngine, sender: WebhookSender, crawl_id: str, after: int,
                  types: Sequence[str], wait_s: float,
                  budget_s: float = DEFAULT_DELIVERY_BUDGET_S,
                  progress: Callable[[int], None] = lambda _seq: None,
                  render: Render | None = None) -> DeliverOutput:
    """Send the crawl's events after ``after`` (only ``types``, when given; the others are
    passed over), in order, until none is pending — waiting up to ``wait_s`` for one when
    there is none at first —, the ``crawl_finished`` event is sent, or ``budget_s`` is
    spent.

    ``progress(seq)`` is called after each event is delivered or passed over (the activity
    heartbeats it, so a retry starts after it). ``render`` makes each event's POST (None
    from it: passed over); without it, the POST is trawl's envelope. An event the webhook
    does not take gets the error in its row; when it was the first this call tried,
    WebhookError, else the call returns what it delivered before it (the next call starts
    with that event).
    """
    started = time.monotonic()
    delivered = 0
    while time.monotonic() - started < budget_s:
        events = await events_after(engine, crawl_id, after, EVENTS_PER_READ)
        if not events:
            if delivered or time.monotonic() - started >= wait_s:
                break
            progress(after)
            await asyncio.sleep(POLL_INTERVAL_S)
            continue
        for event in events:
            out = None
            if not types or event.type in types:
                out = await render(event) if render is not None else \
                    Outgoing(str(event.event_id), event.envelope())
            if out is not None:
                try:
                    await sender.send_outgoing(out)
                except WebhookError as exc:
                    await note_failure(engine, event.seq, str(exc))
                    if not delivered:
                        raise
                    return DeliverOutput(after, delivered)
                await mark_delivered(engine, [event.seq])
                delivered += 1
            after = event.seq
            progress(after)
            if event.type == EventType.CRAWL_FINISHED:
                return DeliverOutput(after, delivered, finished=True)
            if time.monotonic() - started >= budget_s:  # a slow receiver: the rest next call
                return DeliverOutput(after, delivered)
    return DeliverOutput(after, delivered)


SESSION_RETRY_DELAYS_S = (1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0, 30.0)
"""Waits between attempts at one agent-session event; after the last it is dropped (logged
and counted): a session is not durable, and a dead receiver must not hold it up."""
SESSION_DRAIN_S = 5.0
"""At close, how long queued events may still take to go out."""


class SessionWebhook:
    """Posts one agent session's browser events (page_navigation, page_load_complete,
    action_completed, action_error, browser_error) to a webhook, in order, from a task of
    its own, each retried with backoff (SESSION_RETRY_DELAYS_S).

    Add it to the session's ``events.listeners``. Unlike a crawl's events, a session's live
    in its process only: those still queued when it exits (after SESSION_DRAIN_S) are lost,
    and the log says how many. The envelope: ``{"id", "type", "session_id", "seq",
    "created_at", "data"}``, signed like a crawl's.
    """

    def __init__(self, sender: WebhookSender, session_id: str) -> None:
        self.sender = sender
        self.session_id = session_id
        self.delivered = 0
        self.dropped = 0
        self._queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._closed = False

    def __call__(self, event: dict[str, Any]) -> None:
        if self._closed:  # the session's teardown: the sender is gone
            return
        self._queue.put_nowait(event)
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    def envelope(self, event: dict[str, Any]) -> dict[str, Any]:
        data = {k: v for k, v in event.items() if k not in ("seq", "type", "at")}
        return {"id": str(uuid.uuid4()), "type": event["type"], "session_id": self.session_id,
                "seq": event["seq"],
                "created_at": datetime.fromtimestamp(event["at"], UTC).isoformat(),
                "data": data}

    async def _run(self) -> None:
        while True:
            event = await self._queue.get()
            envelope = self.envelope(event)
            for delay in (*SESSION_RETRY_DELAYS_S, None):
                try:
                    await self.sender.send_envelope(envelope["id"], envelope)
                    self.delivered += 1
                    break
                except Exception as exc:  # anything: the task must live on for the next
                    if delay is None:
                        self.dropped += 1
                        log.warning("agent session %s: event %s (%s) dropped after %d "
                                    "attempts: %s", self.session_id, event["seq"],
                                    event["type"], len(SESSION_RETRY_DELAYS_S) + 1, exc)
                        break
                    await asyncio.sleep(delay)
            self._queue.task_done()

    async def aclose(self, drain_s: float = SESSION_DRAIN_S) -> None:
        """Send what is queued (for up to ``drain_s``), then stop and close the sender."""
        self._closed = True
        try:
            if self._task is not None:
                try:
                    await asyncio.wait_for(self._queue.join(), drain_s)
                except TimeoutError:
                    log.warning("agent session %s: %d event(s) not delivered at close",
                                self.session_id, self._queue.qsize() + 1)
                self._task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._task
        finally:
            await self.sender.__aexit__(None, None, None)


def session_webhook(url: str, policy: NetPolicy, secret: str) -> SessionWebhook:
    """A SessionWebhook posting to ``url`` (its own origin allowed besides ``policy``'s);
    ConfigError when ``url`` is not an http(s) URL."""
    check_webhook_url(url)
    allowed = replace(policy, allowed_origins=policy.allowed_origins | {origin_of(url)})
    return SessionWebhook(WebhookSender(url, secret, allowed), uuid.uuid4().hex[:12])
