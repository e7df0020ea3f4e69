"""The tables beside a crawl's core (crawls, sites, frontier, pages, links): handoffs to a
person and session profiles, events, Firecrawl jobs, agent runs and their steps.

Part of :mod:`trawl.store.models`, which re-exports every class: import them from there.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    Uuid,
    func,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from trawl.store._base import Base


class Handoff(Base):
    """A page only a person can get past (login wall, CAPTCHA, 401/403, a spec rule).

    The site's workflow waits for the ``resume`` signal while a handoff is open.
    """

    __tablename__ = "handoffs"
    __table_args__ = (
        Index("uq_handoffs_open", "crawl_id", "url", unique=True,
              postgresql_where=text("resolved_at IS NULL")),
        Index("ix_handoffs_crawl", "crawl_id", "site"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    """Row id."""

    crawl_id: Mapped[str] = mapped_column(ForeignKey("crawls.id", ondelete="CASCADE"))
    """The crawl."""

    site: Mapped[str] = mapped_column(String(512))
    """Origin of the blocked URL."""

    url: Mapped[str] = mapped_column(Text)
    """Canonical URL that was blocked (``crawl_urls.status = 'blocked'`` while open)."""

    workflow_id: Mapped[str] = mapped_column(String(512))
    """The SiteWorkflow waiting on it: send ``resume`` to this id."""

    reason: Mapped[str] = mapped_column(String(32))
    """login | login_redirect | captcha | auth_401 | auth_403 | rule."""

    detail: Mapped[str | None] = mapped_column(Text)
    """What was seen, for the person (e.g. the login URL or the CAPTCHA kind)."""

    screenshot: Mapped[bytes | None] = mapped_column(LargeBinary)
    """PNG of the page as the crawler saw it (browser mode only)."""

    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    """When the crawl met it."""

    resolved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """When a resume (or a cancel) closed it; NULL while open."""

    resolved_by: Mapped[str | None] = mapped_column(String(255))
    """Who resumed it (``resumed_by`` of the signal, the CLI user, or ``cancel``)."""

    note: Mapped[str | None] = mapped_column(Text)
    """The note sent with ``resume``."""


class SessionProfile(Base):
    """A site's browser session (cookies + local storage), loaded into every new browser
    context for that site. Holds credentials: trawl never prints or logs it."""

    __tablename__ = "session_profiles"

    site: Mapped[str] = mapped_column(String(512), primary_key=True)
    """Origin, e.g. ``https://example.org`` (shared by all crawls of that site)."""

    storage_state: Mapped[dict[str, Any] | None] = mapped_column(JSONB, nullable=True)
    """Unused since migration 0009 (profiles written before it, until sealed there)."""

    sealed: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    """The Playwright storage state (``{"cookies": [...], "origins": [...]}``) as JSON,
    sealed with the data key (:mod:`trawl.secrets`), the site bound to it."""

    cookie_count: Mapped[int] = mapped_column(Integer, server_default="0")
    """How many cookies it holds (shown by `trawl profiles`; the values never are)."""

    version: Mapped[int] = mapped_column(Integer, server_default="1")
    """Bumped on every change; workers rebuild the site's browser context when it moves."""

    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    """When it was first saved."""

    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    """Last change."""


class Event(Base):
    """Something a crawl tells the outside world (see :mod:`trawl.model._events`), written
    in the same transaction as what it reports; delivered to the crawl's webhook in ``id``
    order and streamed by the HTTP API (``GET /v1/crawls/{id}/events``)."""

    __tablename__ = "events"
    __table_args__ = (
        UniqueConstraint("crawl_id", "type", "subject", name="uq_events_subject"),
        Index("ix_events_crawl", "crawl_id", "xid", "id"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    """The event's ``seq`` (the server-sent events' ``id``; ``Last-Event-ID`` resumes after
    it)."""

    xid: Mapped[int] = mapped_column(BigInteger,
                                     server_default=text("(pg_current_xact_id())::text::bigint"))
    """The writing transaction's id: events are read in (xid, id) order, only from
    transactions that ended (see trawl.store.events), so none is passed over."""

    event_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, unique=True, server_default=text("gen_random_uuid()"))
    """The event's identity for receivers: the same in every delivery of it (de-duplicate
    by it; the webhook's ``webhook-id`` header)."""

    crawl_id: Mapped[str] = mapped_column(ForeignKey("crawls.id", ondelete="CASCADE"))
    """The crawl."""

    type: Mapped[str] = mapped_column(String(32))
    """crawl_started | page_stored | page_failed | handoff_opened | handoff_resumed |
    crawl_finished."""

    subject: Mapped[str] = mapped_column(Text)
    """What it is about: the page's URL, the handoff's id, or '' (the crawl): one event per
    (crawl, type, subject), so a retried write adds none."""

    data: Mapped[dict[str, Any]] = mapped_column(JSONB)
    """The payload's ``data`` (see docs/concepts/events.md)."""

    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    """When it happened."""

    delivered_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """When the crawl's webhook answered 2xx to it (NULL: not delivered, or no webhook)."""

    attempts: Mapped[int] = mapped_column(Integer, server_default="0")
    """Webhook deliveries tried."""

    last_error: Mapped[str | None] = mapped_column(Text)
    """What the last failed delivery met (status or connection error)."""


class FirecrawlJob(Base):
    """A crawl or batch scrape started through the Firecrawl-compatible API (``POST
    /v2/crawl``, ``/v2/batch/scrape``, their v1 forms): what only that API needs beside the
    ordinary crawl (migration 0016)."""

    __tablename__ = "firecrawl_jobs"

    crawl_id: Mapped[str] = mapped_column(String(32),
                                          ForeignKey("crawls.id", ondelete="CASCADE"),
                                          primary_key=True)
    """The crawl (the job's id is the crawl's id)."""

    kind: Mapped[str] = mapped_column(String(16))
    """crawl | batch_scrape."""

    api_version: Mapped[str] = mapped_column(String(4))
    """v1 | v2: the API the job was started with (its status and ``next`` URLs)."""

    options: Mapped[dict[str, Any]] = mapped_column(JSONB)
    """How its documents are rendered: formats, onlyMainContent, removeBase64Images,
    includeTags, excludeTags (trawl.crawler.firecrawl.DocumentOptions)."""

    webhook_events: Mapped[list[str] | None] = mapped_column(JSONB)
    """Firecrawl event kinds the webhook wants (started, page, completed, failed)."""

    webhook_metadata: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    """Echoed in every webhook payload's ``metadata``."""

    webhook_headers: Mapped[bytes | None] = mapped_column(LargeBinary)
    """Headers sent with every webhook POST, sealed with the data key (trawl.secrets)."""

    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    """When the job was started."""


class AgentRun(Base):
    """One durable browser agent run (``trawl agent run``; one AgentWorkflow). Migration
    0017."""

    __tablename__ = "agent_runs"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    """Short run id."""

    workflow_id: Mapped[str] = mapped_column(String(255))
    """Temporal workflow id of the run (``agent-<id>``)."""

    task: Mapped[str] = mapped_column(Text)
    """What the agent was asked to do."""

    start_url: Mapped[str] = mapped_column(Text)
    """Where it started."""

    model: Mapped[str] = mapped_column(String(255))
    """PROVIDER:NAME of its model (never a key)."""

    spec: Mapped[dict[str, Any]] = mapped_column(JSONB)
    """The run's AgentSpec (budgets, guards) as JSON."""

    status: Mapped[str] = mapped_column(String(32), server_default="running")
    """running | handoff | completed | failed | step_budget | token_budget | cancelled."""

    result: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    """What the agent reported with ``done`` (its answer, whether it succeeded)."""

    error: Mapped[str | None] = mapped_column(Text)
    """Why the run ended without success, one line."""

    steps: Mapped[int] = mapped_column(Integer, server_default="0")
    """Steps recorded (model turns and tool calls)."""

    model_tokens: Mapped[int] = mapped_column(BigInteger, server_default="0")
    """Model tokens spent (``--max-tokens`` bounds it)."""

    last_url: Mapped[str | None] = mapped_column(Text)
    """The browser's URL after the last tool call: where a resumed run starts again."""

    handoff: Mapped[str | None] = mapped_column(Text)
    """The message of the handoff waiting for a person, if any."""

    storage_state: Mapped[bytes | None] = mapped_column(LargeBinary)
    """The browser's cookies and storage after the last tool call, sealed with the data
    key (trawl.secrets): a run moved to another worker rebuilds its session from it."""

    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    """When the run started."""

    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """When it ended."""


class AgentStep(Base):
    """One step of an agent run: a model turn or a tool call, in order."""

    __tablename__ = "agent_steps"
    __table_args__ = (UniqueConstraint("run_id", "seq", name="uq_agent_steps_run_seq"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    """Row id."""

    run_id: Mapped[str] = mapped_column(ForeignKey("agent_runs.id", ondelete="CASCADE"))
    """The run."""

    seq: Mapped[int] = mapped_column(Integer)
    """Its place in the run (1, 2, ...); a retried step writes the same row once."""

    kind: Mapped[str] = mapped_column(String(16))
    """turn (the model's answer) | tool (a tool call and its result) | note (a budget, a
    handoff resumed)."""

    tool: Mapped[str | None] = mapped_column(String(32))
    """look | act | go | wait | extract | handoff | done (tool steps)."""

    args: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    """The tool's arguments (a typed secret shown as ``***``)."""

    ok: Mapped[bool | None] = mapped_column(Boolean)
    """Whether the tool call succeeded (an error is a result the model reads)."""

    summary: Mapped[str | None] = mapped_column(Text)
    """What happened, one line, for people (the UI, ``trawl agent show``)."""

    messages: Mapped[list[dict[str, Any]] | None] = mapped_column(JSONB)
    """The conversation messages this step adds (pydantic-ai's JSON form): what the model
    reads on its next turn."""

    result: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    """The step's outcome as its activity returned it: a retried activity (a worker gone
    mid-step) finds it and returns it instead of doing the step again."""

    tokens: Mapped[int] = mapped_column(Integer, server_default="0")
    """Model tokens of a turn."""

    url: Mapped[str | None] = mapped_column(Text)
    """The browser's URL after the step."""

    screenshot: Mapped[bytes | None] = mapped_column(LargeBinary)
    """A PNG of the page after a tool step that changed it."""

    worker: Mapped[str | None] = mapped_column(String(255))
    """Which worker ran it."""

    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    """When it was recorded."""
