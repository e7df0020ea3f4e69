"""The events table: written beside what it reports, read in order by the webhook delivery
and the HTTP API's event stream. See :mod:`trawl.model._events`.

``page_stored``/``page_failed`` are written by ``trawl_record_page`` (migration 0014), the
others here, each inside the transaction of the change it reports.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select, text, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from trawl.model import EventType
from trawl.store.models import Event

ABANDONED = "abandoned: "
"""``events.last_error`` prefix of events the webhook delivery gave up on."""


@dataclass
class StoredEvent:
    """One event as delivered and streamed (:meth:`envelope`)."""

    seq: int
    """``events.id``: the order (server-sent events' ``id``)."""
    event_id: uuid.UUID
    """The event's identity, the same in every delivery."""
    crawl_id: str
    type: str
    created_at: datetime
    data: dict[str, Any]

    def envelope(self) -> dict[str, Any]:
        """The JSON document a webhook receives and the event stream sends."""
        return {"id": str(self.event_id), "type": self.type, "crawl_id": self.crawl_id,
                "seq": self.seq, "created_at": self.created_at.isoformat(),
                "data": self.data}


@dataclass
class DeliveryState:
    """How a crawl's webhook delivery stands (``trawl status``)."""

    delivered: int
    pending: int
    abandoned: int
    last_error: str | None


async def add_event(conn: AsyncConnection, crawl_id: str, type_: EventType, subject: str,
                    data: dict[str, Any]) -> None:
    """Write one event in ``conn``'s transaction; nothing when it is written already."""
    await conn.execute(insert(Event).values(crawl_id=crawl_id, type=str(type_), subject=subject,
                                            data=data)
                       .on_conflict_do_nothing(constraint="uq_events_subject"))


_AFTER = text(
    "select e.id, e.event_id, e.crawl_id, e.type, e.created_at, e.data from events e "
    "where e.crawl_id = :c "
    "  and (cast(:after as bigint) = 0 or (e.xid, e.id) > ("
    "       select a.xid, a.id from events a where a.id = :after)) "
    "  and e.xid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint "
    "  and (cast(:types as text[]) is null or e.type = any(cast(:types as text[]))) "
    "order by e.xid, e.id limit :n")
"""Events after the one whose seq is ``:after``, in (xid, id) order, of transactions older
than every one still running. A sequence hands out ids in the order transactions ask, not
the order they commit: reading by id alone could move past an event whose transaction has
not committed yet, and that event would never be read. Every transaction older than the
snapshot's xmin has ended, so this prefix of the order never changes."""


async def events_after(engine: AsyncEngine, crawl_id: str, after: int, limit: int,
                       types: Sequence[str] = ()) -> list[StoredEvent]:
    """The crawl's events after the one with seq ``after`` (0: from the first), in the
    order they are delivered, ``limit`` at most; only of ``types`` when given."""
    async with engine.connect() as conn:
        rows = (await conn.execute(_AFTER, {"c": crawl_id, "after": after, "n": limit,
                                            "types": list(types) or None})).all()
    return [StoredEvent(*row) for row in rows]


async def mark_delivered(engine: AsyncEngine, seqs: Sequence[int]) -> None:
    if not seqs:
        return
    async with engine.begin() as conn:
        await conn.execute(update(Event).where(Event.id.in_(list(seqs)))
                           .values(delivered_at=func.now(), attempts=Event.attempts + 1,
                                   last_error=None))


async def note_failure(engine: AsyncEngine, seq: int, error: str) -> None:
    """A delivery of event ``seq`` failed with ``error`` (kept for `trawl status`)."""
    async with engine.begin() as conn:
        await conn.execute(update(Event).where(Event.id == seq)
                           .values(attempts=Event.attempts + 1, last_error=error[:1000]))


async def abandon(engine: AsyncEngine, crawl_id: str, error: str) -> int:
    """Delivery gave up: every undelivered event of the crawl says so (their rows stay,
    readable by SQL and the event stream). Returns how many."""
    async with engine.begin() as conn:
        result = await conn.execute(
            update(Event).where(Event.crawl_id == crawl_id, Event.delivered_at.is_(None))
            .values(last_error=(ABANDONED + error)[:1000]))
    return int(result.rowcount)


async def delivery_state(engine: AsyncEngine, crawl_id: str,
                         types: Sequence[str] = ()) -> DeliveryState:
    """Delivered, pending and abandoned counts of the crawl's events (of ``types`` when
    given), and the newest delivery error."""
    type_filter = "and type = any(:types)" if types else ""
    async with engine.connect() as conn:
        row = (await conn.execute(text(
            "select count(*) filter (where delivered_at is not null), "
            "count(*) filter (where delivered_at is null and coalesce(last_error, '') "
            "  not like :abandoned), "
            "count(*) filter (where delivered_at is null and last_error like :abandoned), "
            "(select last_error from events where crawl_id = :c and last_error is not null "
            f"  {type_filter} order by id desc limit 1) "
            f"from events where crawl_id = :c {type_filter}"),
            {"c": crawl_id, "abandoned": ABANDONED + "%", "types": list(types)})).one()
    return DeliveryState(int(row[0]), int(row[1]), int(row[2]), row[3])


async def snapshot_horizon(engine: AsyncEngine) -> int:
    """The id the next transaction to write will get: every event written so far is by a
    transaction below it (see :func:`ended_before`)."""
    async with engine.connect() as conn:
        return int((await conn.execute(text(
            "select pg_snapshot_xmax(pg_current_snapshot())::text::bigint"))).scalar_one())


async def ended_before(engine: AsyncEngine, horizon: int) -> bool:
    """Every transaction below ``horizon`` has ended: what they wrote is all readable by
    :func:`events_after`."""
    async with engine.connect() as conn:
        return bool((await conn.execute(text(
            "select pg_snapshot_xmin(pg_current_snapshot())::text::bigint >= :h"),
            {"h": horizon})).scalar_one())


async def finished_seq(engine: AsyncEngine, crawl_id: str) -> int | None:
    """The seq of the crawl's ``crawl_finished`` event (None: not written)."""
    async with engine.connect() as conn:
        seq = (await conn.execute(select(Event.id).where(
            Event.crawl_id == crawl_id,
            Event.type == str(EventType.CRAWL_FINISHED)))).scalar_one_or_none()
    return None if seq is None else int(seq)


async def has_event(engine: AsyncEngine, crawl_id: str, seq: int) -> bool:
    """Event ``seq`` exists and is the crawl's (a cursor must be one of its events)."""
    async with engine.connect() as conn:
        return (await conn.execute(select(Event.id).where(
            Event.crawl_id == crawl_id, Event.id == seq))).first() is not None
