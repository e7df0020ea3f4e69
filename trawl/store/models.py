"""SQLAlchemy 2 models: the schema analysts query with SQL.

The schema itself is owned by the Alembic migrations in ``trawl/migrations/``; these models
mirror it for the application's queries. See docs/guides/sql.md for the schema.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Computed,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    SmallInteger,
    String,
    Text,
    UniqueConstraint,
    Uuid,
    func,
    text,
)
from sqlalchemy.dialects.postgresql import ARRAY, JSONB, REAL, TSVECTOR
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

# Cap on how much text feeds the full-text index: Postgres refuses a tsvector over 1 MB.
SEARCH_TEXT_LIMIT = 400_000
SEARCH_EXPRESSION = (
    "setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || "
    "setweight(to_tsvector('english'::regconfig, coalesce(headline, '')), 'A') || "
    "setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') || "
    f"setweight(to_tsvector('english'::regconfig, left(coalesce(text, ''), {SEARCH_TEXT_LIMIT})),"
    " 'C')"
)
CHUNK_SEARCH_EXPRESSION = f"to_tsvector('english'::regconfig, left(markdown, {SEARCH_TEXT_LIMIT}))"


class Base(DeclarativeBase):
    pass


class Crawl(Base):
    """One crawl job (one CrawlWorkflow)."""

    __tablename__ = "crawls"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    """Short crawl id, as printed by `trawl crawl` (e.g. ``3f9a2c1b7d``)."""

    workflow_id: Mapped[str] = mapped_column(String(255), unique=True)
    """Temporal workflow id of the crawl, readable (``crawl-<host>-<id>``)."""

    seeds: Mapped[list[str]] = mapped_column(JSONB)
    """Canonical start URLs."""

    spec: Mapped[dict[str, Any]] = mapped_column(JSONB)
    """The full crawl spec (limits, scope, render mode) as JSON."""

    status: Mapped[str] = mapped_column(String(32), server_default="running")
    """running | completed | cancelled | failed."""

    pages_claimed: Mapped[int] = mapped_column(Integer, server_default="0")
    """URLs handed to explore so far; enforces max_pages across sites and workers."""

    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    """When the crawl started."""

    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """When the crawl ended (any status but running)."""

    recrawl_of: Mapped[str | None] = mapped_column(
        ForeignKey("crawls.id", ondelete="SET NULL"))
    """For a recrawl (``trawl crawl --recrawl ID``): the crawl it revisits."""

    model_tokens: Mapped[int] = mapped_column(BigInteger, server_default="0")
    """Model tokens the crawl's extraction spent, counted as each request is made
    (``--max-model-tokens`` bounds it; migration 0017)."""

    pages_with_data: Mapped[int] = mapped_column(Integer, server_default="0")
    """Pages stored with extracted data (``--goal-pages`` stops the crawl at it)."""

    goal_met_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """When ``--goal-pages`` was reached: the crawl claimed nothing more."""


class CrawlCounter(Base):
    """One of a crawl's counters of the URLs its pages queued (migration 0018): the queue
    stops growing at the crawl's queue limit (trawl_record_page), which reads their sum.
    Pages recorded at once add to different counters (the shard is their URL's hash)."""

    __tablename__ = "crawl_counters"

    crawl_id: Mapped[str] = mapped_column(ForeignKey("crawls.id", ondelete="CASCADE"),
                                          primary_key=True)
    """The crawl."""

    shard: Mapped[int] = mapped_column(SmallInteger, primary_key=True)
    """0-31: the recorded page's URL hash, masked."""

    urls_queued: Mapped[int] = mapped_column(BigInteger, server_default="0")
    """URLs this shard's pages queued, less those given back (redirected, skipped)."""


class Site(Base):
    """One site (scheme://host[:port]) of a crawl: one SiteWorkflow."""

    __tablename__ = "sites"

    crawl_id: Mapped[str] = mapped_column(ForeignKey("crawls.id", ondelete="CASCADE"),
                                          primary_key=True)
    """The crawl."""

    site: Mapped[str] = mapped_column(String(512), primary_key=True)
    """Origin, e.g. ``https://docs.python.org``."""

    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    """When the first URL of this site entered the frontier."""

    next_fetch_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """Politeness: the earliest time the next request to this site may start (shared by
    every worker; NULL until a delay applies)."""

    delay_s: Mapped[float] = mapped_column(Float, server_default="0")
    """Seconds between requests to this site: the larger of the spec's delay and
    robots.txt's Crawl-delay."""

    consecutive_errors: Mapped[int] = mapped_column(Integer, server_default="0")
    """Errors in a row (connection errors, timeouts, 5xx, 429); a success resets it."""

    errors: Mapped[int] = mapped_column(Integer, server_default="0")
    """All such errors of this site in the crawl."""

    stopped_reason: Mapped[str | None] = mapped_column(Text)
    """Set when the crawl stopped asking this site (its error budget ran out); its
    remaining URLs are skipped with this reason."""


class CrawlUrl(Base):
    """The frontier: every URL a crawl has seen, keyed by its canonical form."""

    __tablename__ = "crawl_urls"
    __table_args__ = (
        Index("ix_crawl_urls_queue", "crawl_id", "site", "depth", "seq",
              postgresql_where=text("status = 'queued'")),
        # only the rows looked up by status (migration 0008): as a full index it stood in
        # for the primary key in look-ups by URL of a crawl the planner had no statistics for
        Index("ix_crawl_urls_status", "crawl_id", "status",
              postgresql_where=text("status IN ('claimed', 'blocked')")),
        Index("ix_crawl_urls_claim_token", "claim_token",
              postgresql_where=text("claim_token IS NOT NULL")),
        # a goal-directed crawl's claims, most relevant first (migration 0017)
        Index("ix_crawl_urls_priority", "crawl_id", "site", text("priority DESC"), "depth",
              "seq", postgresql_where=text("status = 'queued' AND priority IS NOT NULL")),
    )

    crawl_id: Mapped[str] = mapped_column(ForeignKey("crawls.id", ondelete="CASCADE"),
                                          primary_key=True)
    """The crawl."""

    url: Mapped[str] = mapped_column(Text, primary_key=True)
    """Canonical URL (the dedup key)."""

    seq: Mapped[int] = mapped_column(BigInteger, server_default=text("nextval('crawl_urls_seq')"))
    """Insertion order, for breadth-first claiming."""

    site: Mapped[str] = mapped_column(String(512))
    """Origin the URL belongs to."""

    depth: Mapped[int] = mapped_column(Integer)
    """Links followed from a start URL (start URLs are 0)."""

    status: Mapped[str] = mapped_column(String(16), server_default="queued")
    """queued | claimed | done | failed | redirected | skipped | blocked (waits on a
    handoff; queued again when a person resumes the site)."""

    found_on: Mapped[str | None] = mapped_column(Text)
    """Canonical URL of the page where it was first found (NULL for start URLs)."""

    claim_token: Mapped[str | None] = mapped_column(String(255))
    """Which claim took it; makes a retried claim return the same URLs."""

    attempts: Mapped[int] = mapped_column(Integer, server_default="0")
    """How many explore attempts recorded an outcome for it."""

    handoffs: Mapped[int] = mapped_column(Integer, server_default="0")
    """How many times it was handed to a person (a wall, a --handoff-on rule)."""

    redirect_to: Mapped[str | None] = mapped_column(Text)
    """Where it redirected to (status redirected)."""

    reason: Mapped[str | None] = mapped_column(Text)
    """Why it was skipped or failed."""

    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    """Last status change."""

    priority: Mapped[float | None] = mapped_column(REAL)
    """A goal-directed crawl's claim order (``--goal``; higher first, see trawl.ai's
    relevance); NULL for other crawls."""


class Page(Base):
    """One fetched URL: its content as markdown and text, metadata, or its error."""

    __tablename__ = "pages"
    __table_args__ = (
        UniqueConstraint("crawl_id", "url", name="uq_pages_crawl_url"),
        Index("ix_pages_search", "search", postgresql_using="gin"),
        Index("ix_pages_crawl", "crawl_id", "id"),
        Index("ix_pages_content_hash", "crawl_id", "content_hash", unique=True,
              postgresql_where=text("content_hash IS NOT NULL AND duplicate_of IS NULL")),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    """Row id."""

    crawl_id: Mapped[str] = mapped_column(ForeignKey("crawls.id", ondelete="CASCADE"))
    """The crawl."""

    url: Mapped[str] = mapped_column(Text)
    """Canonical URL requested; unique per crawl."""

    final_url: Mapped[str | None] = mapped_column(Text)
    """URL after redirects, as the server answered it."""

    site: Mapped[str] = mapped_column(String(512))
    """Origin of the page."""

    depth: Mapped[int] = mapped_column(Integer)
    """Link depth from a start URL."""

    status_code: Mapped[int | None] = mapped_column(Integer)
    """HTTP status (NULL when no response arrived)."""

    content_type: Mapped[str | None] = mapped_column(String(255))
    """Media type of the response, without parameters."""

    content_length: Mapped[int | None] = mapped_column(BigInteger)
    """Body size in bytes (from Content-Length, or as read)."""

    title: Mapped[str | None] = mapped_column(Text)
    """Document title."""

    description: Mapped[str | None] = mapped_column(Text)
    """Meta/Open Graph description."""

    language: Mapped[str | None] = mapped_column(String(64))
    """Declared language (``<html lang>``)."""

    canonical_url: Mapped[str | None] = mapped_column(Text)
    """The page's ``<link rel=canonical>``, absolute."""

    markdown: Mapped[str | None] = mapped_column(Text)
    """Main content as markdown (boilerplate removed)."""

    headline: Mapped[str | None] = mapped_column(Text)
    """The article's headline, lifted off the top of the main content (not in ``text``;
    ``markdown`` starts with it as ``# headline``)."""

    text: Mapped[str | None] = mapped_column(Text)
    """Main content as plain text, without the headline (feeds full-text search)."""

    content_hash: Mapped[str | None] = mapped_column(String(64))
    """SHA-256 of the markdown, to spot identical pages."""

    word_count: Mapped[int | None] = mapped_column(Integer)
    """Words in ``text``."""

    kept_ratio: Mapped[float | None] = mapped_column(REAL)
    """The share of the page's readable text (its body less navigation chrome and hidden
    elements) that the stored content keeps, 0..1 (NULL: no HTML page with text). Pages
    whose main content dropped much of their prose are also ``metadata.thin_content``."""

    meta: Mapped[dict[str, Any] | None] = mapped_column("metadata", JSONB)
    """Other metadata: author, dates, Open Graph, headings outline; a document's format
    (json, yaml, markdown, text, pdf) and what its reading noted (trawl.documents)."""

    render_mode: Mapped[str | None] = mapped_column(String(16))
    """How the page was obtained: browser | http | none (a body not read, or an error)."""

    render_reason: Mapped[str | None] = mapped_column(Text)
    """Why: the render mode asked for it, or --render auto's decision (static HTML,
    script-only body, app shell, noscript asks for JavaScript, spec rule ...); for a
    document "json document, read over HTTP" (auto, browser); for a body not read
    "not read: TYPE is not HTML nor a document format trawl reads"."""

    fetch_ms: Mapped[int | None] = mapped_column(Integer)
    """Time to fetch the response, in ms."""

    render_ms: Mapped[int | None] = mapped_column(Integer)
    """Time spent rendering in the browser, in ms."""

    error_class: Mapped[str | None] = mapped_column(String(64))
    """NULL on success; else e.g. http_404, timeout, connect_error, redirect_loop, too_large,
    unreadable_document (an encrypted or damaged PDF, a binary sent as text)."""

    error_message: Mapped[str | None] = mapped_column(Text)
    """Human-readable error detail."""

    fetched_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    """When it was fetched."""

    duplicate_of: Mapped[str | None] = mapped_column(Text)
    """Canonical URL of the page of this crawl with the same content (same
    ``content_hash``), stored there once; NULL for originals. A duplicate's markdown and
    text are NULL."""

    steps: Mapped[list[dict[str, Any]] | None] = mapped_column(JSONB)
    """Browser steps run on the page (cookie banner, spec steps), each with its outcome:
    ``{"step": ..., "ok": bool, "detail": ..., "count": n}``."""

    console_errors: Mapped[list[str] | None] = mapped_column(JSONB)
    """Errors the page's scripts raised or logged (browser mode)."""

    etag: Mapped[str | None] = mapped_column(Text)
    """The response's ETag, for conditional requests on a recrawl."""

    last_modified: Mapped[str | None] = mapped_column(Text)
    """The response's Last-Modified header, for conditional requests on a recrawl."""

    body_hash: Mapped[str | None] = mapped_column(String(64))
    """SHA-256 of the HTML or document as served (HTTP fetches): a recrawl that gets the
    same bytes marks the page unchanged without extracting it again."""

    change: Mapped[str | None] = mapped_column(String(16))
    """Recrawls only: new | changed | unchanged, against the crawl revisited."""

    previous_page_id: Mapped[int | None] = mapped_column(BigInteger)
    """Recrawls only: ``pages.id`` of this URL in the crawl revisited (its previous
    version, kept there)."""

    worker: Mapped[str | None] = mapped_column(String(255))
    """Identity of the worker that explored the page (``host:pid``)."""

    search: Mapped[Any] = mapped_column(TSVECTOR, Computed(SEARCH_EXPRESSION, persisted=True))
    """Full-text search vector over title and headline (A), description (B) and text (C)
    (migration 0012)."""

    raw_html: Mapped[bytes | None] = mapped_column(LargeBinary)
    """``--store html``: the HTML read (as served, decoded; or the browser's DOM), UTF-8,
    gzip-compressed (migration 0013)."""

    screenshot: Mapped[bytes | None] = mapped_column(LargeBinary)
    """``--store screenshot``: a PNG of the rendered page's viewport (browser-rendered
    pages; for others ``metadata.screenshot_missing`` says why there is none)."""

    data: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    """The page's extracted data (``--extract``): valid against the extract spec, or
    NULL (none asked, or extraction failed: ``data_error`` says why). Migration 0017."""

    data_error: Mapped[str | None] = mapped_column(Text)
    """Why the page has no data (or what was wrong with it), one line; NULL on success."""

    model_tokens: Mapped[int | None] = mapped_column(Integer)
    """Model tokens spent extracting the page's data (re-asks included)."""


class PageChunk(Base):
    """A heading-aware chunk of a page's markdown (``--chunk``), for retrieval."""

    __tablename__ = "chunks"
    __table_args__ = (
        UniqueConstraint("page_id", "ordinal", name="uq_chunks_page_ordinal"),
        Index("ix_chunks_crawl", "crawl_id", "page_id", "ordinal"),
        Index("ix_chunks_search", "search", postgresql_using="gin"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    """Row id."""

    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id", ondelete="CASCADE"))
    """The page (``pages.id``); its chunks go with it."""

    crawl_id: Mapped[str] = mapped_column(String(32),
                                          ForeignKey("crawls.id", ondelete="CASCADE"))
    """The crawl."""

    ordinal: Mapped[int] = mapped_column(Integer)
    """Its place in the page (0-based): the chunks in order are the page's markdown."""

    heading_path: Mapped[list[str]] = mapped_column(ARRAY(Text))
    """The headings it sits under, outermost first (empty before the first heading)."""

    markdown: Mapped[str] = mapped_column(Text)
    """The chunk's markdown."""

    char_count: Mapped[int] = mapped_column(Integer)
    """Characters of ``markdown``."""

    search: Mapped[Any] = mapped_column(TSVECTOR,
                                        Computed(CHUNK_SEARCH_EXPRESSION, persisted=True))
    """Full-text search vector over the chunk's markdown."""


class Link(Base):
    """A hyperlink found on a page."""

    __tablename__ = "links"
    # led by the target: led by crawl_id, the planner may take it for the primary key's
    # look-ups by page (see migration 0005)
    __table_args__ = (Index("ix_links_to", "to_url", "crawl_id"),)

    crawl_id: Mapped[str] = mapped_column(ForeignKey("crawls.id", ondelete="CASCADE"),
                                          primary_key=True)
    """The crawl."""

    from_url: Mapped[str] = mapped_column(Text, primary_key=True)
    """Canonical URL of the page the link is on (``pages.url``)."""

    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    """Order of the link on its page (0-based)."""

    to_url: Mapped[str] = mapped_column(Text)
    """Canonical target URL."""

    anchor_text: Mapped[str] = mapped_column(Text, server_default="")
    """The link's text."""

    internal: Mapped[bool] = mapped_column(Boolean)
    """True when the target is inside the crawl's scope."""

    rel: Mapped[str | None] = mapped_column(String(255))
    """The rel attribute (nofollow, ...)."""


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
