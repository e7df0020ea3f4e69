"""SQLAlchemy 2 models: the schema analysts query with SQL.

The schema itself is owned by the Alembic migrations in ``trawl/migrations/``; these models
mirror it for the application's queries. See docs/guides/sql.md for the schema. The crawl's
core tables are here; the tables beside it (handoffs, session profiles, events, Firecrawl
jobs, agent runs and steps) are in ``_side_models`` and re-exported.
"""

from __future__ import annotations

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
    func,
    text,
)
from sqlalchemy.dialects.postgresql import ARRAY, JSONB, REAL, TSVECTOR
from sqlalchemy.orm import Mapped, mapped_column

from trawl.store._base import Base
from trawl.store._side_models import (
    AgentRun,
    AgentStep,
    Event,
    FirecrawlJob,
    Handoff,
    SessionProfile,
)

__all__ = [
    "CHUNK_SEARCH_EXPRESSION",
    "SEARCH_EXPRESSION",
    "SEARCH_TEXT_LIMIT",
    "AgentRun",
    "AgentStep",
    "Base",
    "Crawl",
    "CrawlCounter",
    "CrawlUrl",
    "Event",
    "FirecrawlJob",
    "Handoff",
    "Link",
    "Page",
    "PageChunk",
    "SessionProfile",
    "Site",
]

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
