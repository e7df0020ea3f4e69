"""What an explore learned about one URL, as trawl.crawler hands it to trawl.store: the page
record, its links, and a page that waits for a person."""

# No `from __future__ import annotations` (see trawl.model._activities).
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from trawl.extract import Chunk
from trawl.model._status import PageOutcome

PARTIAL_CONTENT = "main content kept "
"""How ``metadata.thin_content`` starts on a page whose main-content selection dropped much of
its readable prose (``metadata->>'thin_content' like 'main content kept%'``): such pages are
worth a crawl with ``--content full``."""


class FoundLink(NamedTuple):
    """A link on a page, canonicalised, with whether the crawl follows it.

    A named tuple, not a dataclass: a page's links (hundreds on a docs page) come back from
    the extraction processes pickled, and tuples unpickle about three times faster."""

    url: str
    """Canonical URL the link points to."""
    anchor_text: str
    """The link's text."""
    internal: bool
    """In the crawl's scope (same site rules)."""
    rel: str | None = None
    """The link's ``rel`` attribute, if any."""


@dataclass
class PageRecord:
    """Everything explore learned about one URL, written in one transaction."""

    crawl_id: str
    """Short crawl id."""
    url: str
    """Canonical URL explored."""
    site: str
    """scheme://host[:port] of the URL's site."""
    depth: int
    """Link depth from a start URL."""
    outcome: PageOutcome
    """done | failed | redirected | skipped."""
    final_url: str | None = None
    """Where the page ended up (after redirects the browser or client followed)."""
    status_code: int | None = None
    """HTTP status of the answer."""
    content_type: str | None = None
    """Content-Type of the answer."""
    content_length: int | None = None
    """Bytes of the body."""
    title: str | None = None
    """The page's title."""
    headline: str | None = None
    """The article's headline, lifted off the top of its content (``pages.headline``;
    ``text`` is the body without it)."""
    description: str | None = None
    """The page's meta description."""
    language: str | None = None
    """The page's language (``<html lang>`` or detected)."""
    canonical_url: str | None = None
    """The page's ``<link rel=canonical>``."""
    markdown: str | None = None
    """The stored content as markdown."""
    text: str | None = None
    """The stored content as plain text (full-text search)."""
    content_hash: str | None = None
    """Hash of the content (duplicates share it)."""
    word_count: int | None = None
    """Words of the stored content."""
    kept_ratio: float | None = None
    """The share of the page's readable text the stored content keeps (``pages.kept_ratio``)."""
    meta: dict[str, Any] | None = None
    """Metadata (``pages.metadata``): thin_content, links_dropped, settle notes..."""
    render_mode: str | None = None
    """How the page was obtained: http | browser | none."""
    render_reason: str | None = None
    """Why that way (auto mode's decision)."""
    fetch_ms: int | None = None
    """Milliseconds of the HTTP fetch."""
    render_ms: int | None = None
    """Milliseconds of the browser render."""
    error_class: str | None = None
    """Why it failed (an ErrorClass, or ``http_<status>``)."""
    error_message: str | None = None
    """What failed, for a person (failed), or why it was skipped."""
    redirect_to: str | None = None
    """Canonical target of a redirect."""
    steps: list[dict[str, Any]] | None = None
    """Browser steps run on the page and their outcomes."""
    console_errors: list[str] | None = None
    """The page's console errors (browser mode)."""
    etag: str | None = None
    """ETag of the answer (recrawls send it back)."""
    last_modified: str | None = None
    """Last-Modified of the answer (recrawls send it back)."""
    body_hash: str | None = None
    """SHA-256 of the HTML as served (HTTP fetches only)."""
    change: str | None = None
    """Recrawls: new | changed | unchanged."""
    previous_page_id: int | None = None
    """Recrawls: the page of the crawl revisited."""
    worker: str | None = None
    """Which worker explored it."""
    links: list[FoundLink] = field(default_factory=list)
    """The page's links, in page order."""
    follow: list[str] = field(default_factory=list)
    """Canonical in-scope URLs to add to the frontier at depth + 1, in page order."""
    queue_limit: int | None = None
    """The crawl's queue stops growing at this many URLs queued by pages (None: no limit;
    a redirect's target is never cut)."""
    skipped: list[tuple[str, str]] = field(default_factory=list)
    """(canonical URL, reason) of links the crawl will not explore (traps, robots.txt)."""
    raw_html: bytes | None = None
    """``--store html``: the HTML read, UTF-8, gzip-compressed (``pages.raw_html``)."""
    screenshot: bytes | None = None
    """``--store screenshot``: a PNG of the rendered page (``pages.screenshot``)."""
    chunks: list[Chunk] = field(default_factory=list)
    """``--chunk``: the markdown's heading-aware chunks (``chunks`` rows), in order."""

    extracted: bool = False
    """The crawl extracts data (``--extract``) and this page's extraction ran: ``data``,
    ``data_error`` and ``model_tokens`` are written with its row."""
    data: dict[str, Any] | None = None
    """``--extract``: the page's data, valid against the spec (``pages.data``)."""
    data_error: str | None = None
    """``--extract``: why there is no data (``pages.data_error``)."""
    model_tokens: int | None = None
    """``--extract`` with a model: tokens spent on the page."""
    priorities: dict[str, float] = field(default_factory=dict)
    """``--goal``: the claim priority of each URL of ``follow`` (see trawl.ai)."""

    @property
    def stores_page(self) -> bool:
        """A ``pages`` row is written (done or failed)."""
        return self.outcome in (PageOutcome.DONE, PageOutcome.FAILED)


@dataclass
class BlockedPage:
    """A URL explore could not get past without a person (it opens a handoff)."""

    crawl_id: str
    """Short crawl id."""
    site: str
    """scheme://host[:port] of the URL's site."""
    url: str
    """The URL that waits."""
    workflow_id: str
    """The SiteWorkflow's id (where ``resume`` goes)."""
    reason: str
    """login | login_redirect | captcha | auth_401 | ... (see trawl.crawler.walls)."""
    detail: str | None = None
    """What was seen, in a few words."""
    screenshot: bytes | None = None
    """A PNG of the page, for the person."""
