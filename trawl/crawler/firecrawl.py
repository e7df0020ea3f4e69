"""Firecrawl's shapes of trawl's pages: documents, and webhook payloads.

The Firecrawl-compatible API (:mod:`trawl.api.http.firecrawl`) answers scrapes, crawl
statuses and batch scrapes with *documents* (``markdown``, ``html``, ``rawHtml``,
``links``, ``screenshot``, ``metadata``), and its jobs' webhooks receive Firecrawl's
events (``crawl.started``, ``crawl.page``, ``crawl.completed``, ``crawl.failed``, and
``batch_scrape.*``). Both are made here, from a scrape's result or a page's row, so a
document reads the same however it arrives.

A JSON format's data (``json``, or v1's ``extract``) is the page's extraction by trawl's model
layer: only data valid against the schema is ever a document's ``json``; a page whose
extraction failed (an answer invalid after the re-asks, the model unreachable, a token
budget spent) has no ``json`` and its ``warning`` says why.

Truth travels with them: a page stored thin, behind a wall, or without the screenshot or
HTML asked for says so in the document's ``warning``; an HTTP error status is a document
with its ``statusCode`` and ``metadata.error``; a failed page's ``crawl.page`` event has
``success: false`` and the cause.
"""

from __future__ import annotations

import asyncio
import base64
import re
from dataclasses import asdict, dataclass, field
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from trawl.crawler.scrape import ScrapeResult
from trawl.crawler.webhooks import Outgoing
from trawl.extract import content_html
from trawl.model import EventType
from trawl.store import firecrawl as rows
from trawl.store.events import StoredEvent

DOCUMENT_FORMATS = ("markdown", "html", "rawHtml", "links", "screenshot")
"""The formats a document can hold."""
BASE64_IMAGE_RE = re.compile(r"\(data:image/[^;)\s]+;base64,[^)\s]*\)")
BASE64_IMAGE_REMOVED = "(<Base64-Image-Removed>)"
"""What Firecrawl puts in place of an image inlined as base64 (``removeBase64Images``)."""
SIGNATURE_HEADER = "x-firecrawl-signature"
"""Firecrawl's webhook signature header: ``sha256=`` and the hex HMAC-SHA256 of the body."""
WEBHOOK_EVENTS = ("started", "page", "completed", "failed")
"""A Firecrawl webhook's ``events`` filter values."""
KINDS = ("crawl", "batch_scrape")
"""Job kinds: a crawl, or a batch scrape (a crawl of its URLs, following no links)."""


@dataclass
class DocumentOptions:
    """How a job's documents are made (stored with the job: ``firecrawl_jobs.options``)."""

    formats: list[str] = field(default_factory=lambda: ["markdown"])
    """Any of :data:`DOCUMENT_FORMATS`."""
    only_main_content: bool = True
    """The main content (False: the whole body without navigation chrome)."""
    include_tags: list[str] = field(default_factory=list)
    exclude_tags: list[str] = field(default_factory=list)
    remove_base64_images: bool = True
    """Inline base64 images in the markdown are replaced by a marker."""
    source_urls: dict[str, str] = field(default_factory=dict)
    """Canonical URL -> the URL as the client gave it (``metadata.sourceURL``)."""
    json_field: str | None = None
    """With a JSON format: the document field of the page's extracted data (``json``, or
    ``extract`` for v1's ``extract`` format)."""

    @property
    def content(self) -> str:
        return "main" if self.only_main_content else "full"

    def wants_html(self) -> bool:
        return "html" in self.formats or "rawHtml" in self.formats

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DocumentOptions:
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


@dataclass
class PageFacts:
    """What a document is made of, from a scrape's result or a page's row."""

    source_url: str
    url: str
    status_code: int | None
    content_type: str | None
    title: str | None
    description: str | None
    language: str | None
    metadata: dict[str, Any]
    markdown: str | None
    raw_html: str | None = None
    links: list[str] | None = None
    screenshot: bytes | None = None
    error: str | None = None
    """Why there is no content (an HTTP error status, a body trawl does not read)."""
    warnings: list[str] = field(default_factory=list)
    scrape_id: str | None = None
    data: dict[str, Any] | None = None
    """The page's extracted data (valid against the schema), when extracted."""
    data_error: str | None = None
    """Why there is no extracted data."""


def scrape_facts(result: ScrapeResult, source_url: str) -> PageFacts:
    """The facts of a scrape (``source_url``: the URL as the client gave it)."""
    meta = dict(result.metadata or {})
    warnings = []
    if result.thin_content:
        warnings.append(f"thin content: {result.thin_reason}")
    if result.wall:
        warnings.append(f"what was read is what an anonymous visitor sees ({result.wall})")
    if result.screenshot_missing:
        warnings.append(f"no screenshot: {result.screenshot_missing}")
    return PageFacts(
        source_url=source_url, url=result.final_url, status_code=result.status_code,
        content_type=result.content_type, title=result.title,
        description=meta.get("description"), language=meta.get("language"), metadata=meta,
        markdown=result.markdown, raw_html=result.html,
        links=[link.url for link in result.links] if result.links is not None else None,
        screenshot=result.screenshot, error=result.error_message, warnings=warnings,
        data=result.data, data_error=result.data_error)


def row_facts(page: rows.PageRow, opts: DocumentOptions) -> PageFacts:
    """The facts of a crawl's page row."""
    meta = page.metadata or {}
    warnings = []
    if meta.get("thin_content"):
        warnings.append(f"thin content: {meta['thin_content']}")
    if meta.get("screenshot_missing") and "screenshot" in opts.formats:
        warnings.append(f"no screenshot: {meta['screenshot_missing']}")
    return PageFacts(
        source_url=opts.source_urls.get(page.url, page.url), url=page.final_url or page.url,
        status_code=page.status_code, content_type=page.content_type, title=page.title,
        description=page.description, language=page.language, metadata=meta,
        markdown=page.markdown, raw_html=page.raw_html, links=page.links,
        screenshot=page.screenshot,
        error=page.error_message if page.error_class else None, warnings=warnings,
        scrape_id=str(page.id), data=page.data, data_error=page.data_error)


def _camel(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[_:\-]", name) if part)


def metadata(facts: PageFacts) -> dict[str, Any]:
    """Firecrawl's ``metadata``: title, description, language, sourceURL, url, statusCode,
    contentType, error, the Open Graph fields (``ogTitle``...), keywords, dates."""
    meta = facts.metadata
    og: dict[str, Any] = {f"og{_camel(k)}": v for k, v in (meta.get("og") or {}).items()
                          if isinstance(v, str) and k}
    if "ogLocaleAlternate" in og:
        og["ogLocaleAlternate"] = [og["ogLocaleAlternate"]]
    keywords = meta.get("keywords")
    out: dict[str, Any] = {
        "title": facts.title, "description": facts.description, "language": facts.language,
        "keywords": ", ".join(keywords) if isinstance(keywords, list) and keywords else None,
        "author": meta.get("author"), "publishedTime": meta.get("published"),
        "modifiedTime": meta.get("modified"), **og,
        "ogSiteName": og.get("ogSiteName") or meta.get("site_name"),
        "ogImage": og.get("ogImage") or meta.get("image"),
        "sourceURL": facts.source_url, "url": facts.url, "statusCode": facts.status_code,
        "contentType": facts.content_type, "scrapeId": facts.scrape_id,
        "error": facts.error}
    return {k: v for k, v in out.items() if v is not None}


def document(facts: PageFacts, opts: DocumentOptions) -> dict[str, Any]:
    """A Firecrawl document with the formats ``opts`` asks for. CPU-bound (``html`` reads
    the page again): call it off the event loop."""
    doc: dict[str, Any] = {}
    warnings = list(facts.warnings)
    wanted = set(opts.formats)
    if "markdown" in wanted:
        markdown = facts.markdown or ""
        doc["markdown"] = (BASE64_IMAGE_RE.sub(BASE64_IMAGE_REMOVED, markdown)
                           if opts.remove_base64_images else markdown)
    if wanted & {"html", "rawHtml"}:
        if facts.raw_html is not None:
            if "rawHtml" in wanted:
                doc["rawHtml"] = facts.raw_html
            if "html" in wanted:
                doc["html"] = content_html(facts.raw_html, facts.url, opts.content,
                                           include_tags=opts.include_tags,
                                           exclude_tags=opts.exclude_tags)
        elif facts.error is None:
            warnings.append("no HTML: the page was read as a document "
                            f"({facts.content_type or 'not HTML'}), not as HTML")
    if "links" in wanted:
        doc["links"] = list(dict.fromkeys(facts.links or []))  # each once, in page order
    if "screenshot" in wanted and facts.screenshot is not None:
        doc["screenshot"] = "data:image/png;base64," + base64.b64encode(
            facts.screenshot).decode("ascii")
    if opts.json_field is not None and facts.error is None:
        if facts.data is not None:
            doc[opts.json_field] = facts.data
        else:  # never a made-up object: the reason instead
            warnings.append(f"no {opts.json_field}: " + (
                facts.data_error or "the page's data was not extracted"))
    doc["metadata"] = metadata(facts)
    if warnings:
        doc["warning"] = "; ".join(warnings)
    return doc


async def page_documents(pages: list[rows.PageRow], opts: DocumentOptions
                         ) -> list[dict[str, Any]]:
    """Documents of a crawl's page rows (made in a thread: ``html`` parses each page)."""
    return await asyncio.to_thread(lambda: [document(row_facts(p, opts), opts) for p in pages])


def is_document(page: rows.PageRow) -> bool:
    """Whether a page is listed as a document (content, or an HTTP error status)."""
    return page.error_class is None or page.error_class.startswith("http_")


class WebhookRenderer:
    """A Firecrawl job's events as Firecrawl's webhook payloads: ``{success, type, id,
    webhookId, data, metadata, error?, timestamp}``, type ``crawl.*`` (``batch_scrape.*``
    for a batch scrape). Events without a Firecrawl counterpart (handoffs) and those the
    webhook's ``events`` leaves out are passed over (None)."""

    def __init__(self, engine: AsyncEngine, job: rows.Job) -> None:
        self.engine = engine
        self.job = job
        self.opts = DocumentOptions.from_json(job.options)
        self.prefix = "batch_scrape" if job.kind == "batch_scrape" else "crawl"

    async def __call__(self, event: StoredEvent) -> Outgoing | None:
        kind, success, data, error = await self._content(event)
        if kind is None or (self.job.webhook_events and kind not in self.job.webhook_events):
            return None
        body: dict[str, Any] = {
            "success": success, "type": f"{self.prefix}.{kind}", "id": event.crawl_id,
            "webhookId": str(event.event_id), "data": data,
            "metadata": self.job.webhook_metadata or {},
            "timestamp": event.created_at.isoformat()}
        if error is not None:
            body["error"] = error
        return Outgoing(str(event.event_id), body, dict(self.job.webhook_headers),
                        SIGNATURE_HEADER)

    async def _content(self, event: StoredEvent
                       ) -> tuple[str | None, bool, list[dict[str, Any]], str | None]:
        """(kind, success, data, error) of an event; kind None: no Firecrawl counterpart."""
        if event.type == EventType.CRAWL_STARTED:
            return "started", True, [], None
        if event.type == EventType.CRAWL_FINISHED:
            status = str(event.data.get("status"))
            if status == "completed":
                return "completed", True, [], None
            return "failed", False, [], f"the {self.prefix.replace('_', ' ')} was {status}"
        if event.type not in (EventType.PAGE_STORED, EventType.PAGE_FAILED):
            return None, False, [], None
        page = await rows.page(self.engine, int(event.data["page_id"]),
                               html=self.opts.wants_html(),
                               screenshot="screenshot" in self.opts.formats)
        if page is None:  # the crawl was deleted meanwhile: nothing to tell
            return None, False, [], None
        if not is_document(page):
            return "page", False, [], f"{page.url}: {page.error_message or page.error_class}"
        return "page", True, await page_documents([page], self.opts), None


async def webhook_renderer(engine: AsyncEngine, crawl_id: str) -> WebhookRenderer | None:
    """The renderer of the crawl's webhook payloads when a Firecrawl client started it
    (None: trawl's own envelopes)."""
    job = await rows.find_job(engine, crawl_id)
    return None if job is None else WebhookRenderer(engine, job)
