"""Scraping one page without a crawl: no Temporal, no Postgres, no frontier.

``await scrape(url, formats=["markdown", "links"])`` loads one URL the way a crawl loads each
of its pages and returns what was read as a :class:`ScrapeResult`. The machinery is the
crawl's own, not a copy of it:

- the HTTP fetch with its limits (bytes, time, redirects hop by hop, a loop told from a long
  chain) of :func:`trawl.crawler.fetch.fetch`, every hop through the address guard of
  :mod:`trawl.net` (internal addresses refused unless allowed);
- the browser load of :func:`trawl.crawler.render.load_in_browser` (pooled Chromium, the
  response gated before its body is read, settle, expand, cookie banner), imported only
  when a page needs the browser, so an HTTP scrape never loads Playwright;
- auto mode's decision :func:`trawl.crawler.auto.decide` on the fetched HTML (the same call
  :func:`trawl.crawler.reading.read_page` makes in a crawl), the thin-content check of
  :mod:`trawl.crawler.thin`, the wall detection of :mod:`trawl.crawler.walls`;
- extraction by :func:`trawl.extract.extract`, documents (JSON, YAML, markdown, text, PDF)
  by :mod:`trawl.documents`.

What differs from a crawl, on purpose: one page has no site to learn about, so auto mode
renders only what the HTML itself says needs a browser (no per-site sampling); a
redirect made by the page (meta refresh, a script) is followed here instead of being
queued; an HTTP error status is a result (``error_class`` ``http_404``...), not an
exception, since the server did answer. Failures without an answer raise: a bad URL
:class:`~trawl.errors.ConfigError`; a timeout, a redirect loop, a body over the limit, an
unreachable host, a refused address :class:`~trawl.errors.FetchError` subclasses; no
usable Chromium :class:`~trawl.errors.BrowserError`.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import httpx

from trawl.config import (
    DEFAULT_MAX_LINKS_PER_PAGE,
    DEFAULT_MAX_REDIRECTS,
    DEFAULT_PAGE_TIMEOUT_S,
    get_settings,
)
from trawl.crawler._scrape_options import (
    FORBIDDEN_HEADERS,
    FORMATS,
    HEADER_NAME_RE,
    MAX_TIMEOUT_S,
    MAX_WAIT_MS,
    SCRAPE_HINT,
    ContentMode,
    Format,
    RenderMode,
    ScrapedLink,
    ScrapeOptions,
    ScrapeResult,
    options_from,
)
from trawl.crawler.auto import DOCUMENT_REASON, RenderDecision, decide
from trawl.crawler.fetch import FetchResult, decode_html, fetch, make_client, refresh_target
from trawl.crawler.thin import thin_reason
from trawl.crawler.walls import Wall, detect
from trawl.documents.formats import PDF, document_format, file_name, url_format
from trawl.documents.pdf import read_pdf
from trawl.documents.text import Document, read_text
from trawl.errors import (
    BlockedAddress,
    BrowserError,
    ConfigError,
    FetchError,
    RedirectLoop,
    TooManyRedirects,
)
from trawl.extract import EXTRACTION_FAULT, Completeness, Extraction, extract, parse_html
from trawl.model import Step
from trawl.net import NetPolicy, use_policy
from trawl.urls import canonicalize, host_of, validate_seed

if TYPE_CHECKING:
    from trawl.browser.pool import BrowserPool
    from trawl.crawler.render import Loaded

__all__ = [
    "FORBIDDEN_HEADERS",
    "FORMATS",
    "HEADER_NAME_RE",
    "MAX_TIMEOUT_S",
    "MAX_WAIT_MS",
    "SCRAPE_HINT",
    "ContentMode",
    "Format",
    "RenderMode",
    "ScrapeOptions",
    "ScrapeResult",
    "ScrapedLink",
    "Scraper",
    "options_from",
    "run_sync",
    "scrape",
    "scrape_sync",
]

WAIT_REASON = "a wait was asked for"
"""render_reason of a page auto mode rendered because the scrape asked for a wait."""
SCREENSHOT_REASON = "a screenshot was asked for"
"""render_reason of a page auto mode rendered because a screenshot needs the browser."""
_SCREENSHOT = "screenshot"
"""Wall reason the scrape's own check returns to have load_in_browser take a screenshot
(it takes one, before the tab is released, of a page its check flags); never reported."""


@dataclass
class _Page:
    """One URL loaded: its response, and what to read (HTML or a document's response)."""

    final_url: str
    status_code: int
    content_type: str | None
    html: str | None
    render_mode: str
    render_reason: str
    document: FetchResult | None = None
    redirect_to: str | None = None
    """A redirect made by the page itself (meta refresh, script): where it sends."""
    decision: RenderDecision | None = None
    """Auto and http modes: the decision made on the served HTML."""
    extraction: Extraction | None = None
    """Over HTTP: the extraction already made while deciding (the same parse)."""
    browser: Loaded | None = None
    """The browser's load, when the page was rendered."""
    wall: Wall | None = None


def _read_html(html: str, url: str, opts: ScrapeOptions, decide_first: bool,
               stop_for_browser: bool = False
               ) -> tuple[RenderDecision | None, Extraction | None]:
    """One parse for auto's decision and the extraction (as read_page does in a crawl);
    with ``stop_for_browser`` (auto mode), no extraction when the decision sends the page
    to the browser (it is read from there)."""
    document = parse_html(html)
    decision = decide(document, url) if decide_first else None
    if stop_for_browser and decision is not None and decision.browser:
        return decision, None
    return decision, extract(document, url, opts.content, include_tags=opts.include_tags,
                             exclude_tags=opts.exclude_tags, source=html)


class Scraper:
    """Scrapes pages one at a time or concurrently, sharing one HTTP client and, once a
    page needs it, one Chromium (launched on first use). ``async with Scraper() as s:``;
    :func:`scrape` makes one for a single call."""

    def __init__(self, *, headless: bool = True) -> None:
        self._headless = headless
        self._http: httpx.AsyncClient | None = None
        self._pool: BrowserPool | None = None

    async def __aenter__(self) -> Scraper:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()

    async def close(self) -> None:
        if self._http is not None:
            await self._http.aclose()
            self._http = None
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    def _client(self) -> httpx.AsyncClient:
        if self._http is None:
            self._http = make_client(get_settings().user_agent, DEFAULT_PAGE_TIMEOUT_S)
        return self._http

    async def scrape(self, url: str, options: ScrapeOptions | None = None, *,
                     guard: NetPolicy | None = None, **fields: Any) -> ScrapeResult:
        """Scrape ``url``; ``fields`` override ``options`` (see :class:`ScrapeOptions`).

        ``guard``: None when the operator named ``url`` (Python, `trawl scrape`): its origin
        is fetched wherever it points. A program's call (the HTTP API) passes the policy its
        operator allowed (trawl.api.callers) instead: ``url`` passes it like any other URL,
        and options asking for more than it allows are refused (BlockedAddress).
        """
        opts = options_from(options, **fields)
        target = validate_seed(url)
        if _SCREENSHOT in opts.formats and opts.render == "http":
            raise ConfigError("a screenshot needs the browser: use render 'auto' or "
                              "'browser', not 'http'")
        started = time.monotonic()
        if guard is None:
            policy = opts.net_policy(target)
        else:
            beyond = guard.uncovered(opts.allow_private, opts.allow_hosts)
            if beyond:
                raise BlockedAddress(
                    f"options {', '.join(beyond)}: refused, a request cannot allow more "
                    "than the operator did. " + guard.hint.replace("{host}", "HOST"))
            policy = guard
        policy.check_url(target)  # a refused scheme or a denied host, before any request
        with use_policy(policy):
            page = await self._follow(target, opts, policy)
            result = await self._result(target, page, opts)
        result.elapsed_ms = int((time.monotonic() - started) * 1000)
        return result

    async def _follow(self, url: str, opts: ScrapeOptions, policy: NetPolicy) -> _Page:
        """Load ``url``, following the redirects a page makes itself (a crawl queues them)."""
        seen = {url}
        current = url
        for _ in range(DEFAULT_MAX_REDIRECTS + 1):
            page = await self._load(current, opts, policy)
            if page.redirect_to is None:
                return page
            try:
                target = canonicalize(page.redirect_to)
            except ConfigError as exc:
                raise FetchError(f"{current} redirects to an invalid URL: {exc}") from None
            if target in seen:
                raise RedirectLoop(f"redirect loop: {target} is redirected to again "
                                   f"(by the page at {current})")
            seen.add(target)
            current = target
        raise TooManyRedirects(f"more than {DEFAULT_MAX_REDIRECTS} redirects in a row "
                               f"(stopped at {current})")

    async def _load(self, url: str, opts: ScrapeOptions, policy: NetPolicy) -> _Page:
        """One URL, as a crawl's loader does it (trawl.crawler._loader._Loader), minus the
        recrawl, session and sampling parts a single page has no use for."""
        screenshot = _SCREENSHOT in opts.formats
        browser_first = opts.render == "browser" or (
            opts.render == "auto" and (screenshot or opts.wait_ms > 0))
        reason = ("--render browser" if opts.render == "browser"
                  else SCREENSHOT_REASON if screenshot else WAIT_REASON)
        if browser_first and url_format(url) is None:
            page = await self._in_browser(url, opts, policy, reason)
            if not _refused_document(page, url):
                return page
            # JSON or a PDF at a URL that did not say so: the browser does not read
            # documents, so it is asked for again over HTTP
        try:
            headers = {**opts.headers,
                       **({"User-Agent": opts.user_agent} if opts.user_agent else {})}
            fetched = await fetch(self._client(), url, max_bytes=opts.max_bytes,
                                  timeout_s=opts.timeout_s, headers=headers or None)
        except FetchError as exc:
            raise _about(url, exc) from exc
        if fetched.document is not None and fetched.status_code < 400:
            why = ("--render http" if opts.render == "http"
                   else DOCUMENT_REASON.format(format=fetched.document))
            return _Page(fetched.final_url, fetched.status_code, fetched.content_type, None,
                         "http", why, document=fetched)
        if browser_first and fetched.is_html and fetched.status_code < 400:
            return await self._in_browser(url, opts, policy, reason)  # HTML named like a file
        html = None
        if fetched.is_html and fetched.body is not None and fetched.status_code < 400:
            html = decode_html(fetched.body, fetched.headers)
            moved = refresh_target(html, fetched.headers, fetched.final_url)
            if moved is not None:
                return _Page(fetched.final_url, fetched.status_code, fetched.content_type,
                             None, "http", "meta refresh", redirect_to=moved)
        page = _Page(fetched.final_url, fetched.status_code, fetched.content_type, html,
                     "http" if html is not None else "none", "--render http")
        page.wall = _detect(url, fetched.final_url, fetched.status_code, html, None)
        if html is None:
            return page
        # auto: decide on the served HTML (and read it, when it stays over HTTP); http:
        # decide too, to flag an app shell read over HTTP as thin (as a crawl does)
        decision, extraction = await asyncio.to_thread(
            _read_html, html, fetched.final_url, opts, True, opts.render == "auto")
        page.decision = decision
        if opts.render == "auto":
            assert decision is not None
            if decision.browser:
                return await self._in_browser(fetched.final_url, opts, policy,
                                              decision.reason)
            page.render_reason = decision.reason
        page.extraction = extraction
        return page

    async def _in_browser(self, url: str, opts: ScrapeOptions, policy: NetPolicy,
                          reason: str) -> _Page:
        from trawl.crawler.render import load_in_browser  # Playwright, only when rendering

        screenshot = _SCREENSHOT in opts.formats

        def check(loaded: Loaded) -> Wall | None:
            wall = _detect(url, loaded.final_url, loaded.status_code, loaded.html,
                           loaded.password_visible)
            if wall is None and screenshot and loaded.html is not None:
                return Wall(_SCREENSHOT, "")  # load_in_browser screenshots a flagged page
            return wall

        try:
            loaded = await load_in_browser(
                await self._browser_pool(), url, max_bytes=opts.max_bytes,
                timeout_s=opts.timeout_s, check=check, user_agent=opts.user_agent,
                dismiss_cookie_banners=opts.dismiss_cookie_banners, policy=policy,
                steps=[Step(kind="wait", ms=opts.wait_ms)] if opts.wait_ms else None,
                extra_headers=opts.headers or None)
        except FetchError as exc:
            raise _about(url, exc) from exc
        wall = loaded.wall if loaded.wall is None or loaded.wall.reason != _SCREENSHOT \
            else None
        page = _Page(loaded.final_url, loaded.status_code, loaded.content_type, loaded.html,
                     "browser" if loaded.html is not None else "none", reason, browser=loaded,
                     wall=wall)
        if loaded.html is None and loaded.status_code < 400 and \
                canonicalize(loaded.final_url) != canonicalize(url) and \
                document_format(loaded.content_type, loaded.final_url) is None:
            page.redirect_to = loaded.final_url  # the page went elsewhere by itself
        return page

    async def _browser_pool(self) -> BrowserPool:
        if self._pool is None:
            try:
                from trawl.browser.pool import BrowserPool
            except ImportError as exc:  # pragma: no cover - playwright is a dependency
                raise BrowserError(f"Playwright is not installed ({exc}): `pip install "
                                   "playwright`, or scrape with render 'http'") from None
            self._pool = BrowserPool(headless=self._headless)
        return self._pool

    async def _result(self, url: str, page: _Page, opts: ScrapeOptions) -> ScrapeResult:
        result = ScrapeResult(url=url, final_url=page.final_url, status_code=page.status_code,
                              content_type=page.content_type, render_mode="none",
                              render_reason=page.render_reason)
        if page.wall is not None:
            result.wall = f"{page.wall.reason}: {page.wall.detail}"
        _screenshot(result, page, opts)
        if page.status_code >= 400:
            result.error_class = f"http_{page.status_code}"
            result.error_message = f"HTTP {page.status_code} at {page.final_url}"
            return result
        if page.document is not None:
            doc = await _read_document(page.document)
            result.render_mode = "http"
            _fill(result, opts, title=doc.title, markdown=doc.markdown, text=doc.text,
                  words=doc.word_count, html=None, links=[], metadata=doc.metadata)
            await _extract_into(result, opts, doc.markdown, None)
            return result
        if page.html is None:
            result.error_class = "not_read"
            ctype = page.content_type or "a body without a media type"
            result.error_message = (f"not read: {ctype} is not HTML nor a document format "
                                    "trawl reads")
            return result
        result.render_mode = "browser" if page.browser is not None else "http"
        extraction = page.extraction
        if extraction is None:
            _, extraction = await asyncio.to_thread(_read_html, page.html, page.final_url,
                                                    opts, False)
        assert extraction is not None
        notes = _notes(page, extraction.word_count, extraction.completeness,
                       extraction.metadata.get(EXTRACTION_FAULT))
        result.thin_reason = notes.pop("thin_content", None)
        result.thin_content = result.thin_reason is not None
        if extraction.completeness is not None:
            result.kept_ratio = extraction.completeness.ratio
        links = [ScrapedLink(url=link.url, text=link.text, rel=link.rel,
                             internal=host_of(link.url) == host_of(page.final_url))
                 for link in extraction.links]
        metadata = {"description": extraction.description, "language": extraction.language,
                    "canonical_url": extraction.canonical_url, **extraction.metadata, **notes}
        if len(links) > DEFAULT_MAX_LINKS_PER_PAGE:  # the rest counted, as in a crawl
            metadata["links_dropped"] = len(links) - DEFAULT_MAX_LINKS_PER_PAGE
            links = links[:DEFAULT_MAX_LINKS_PER_PAGE]
        _fill(result, opts, title=extraction.title, markdown=extraction.markdown,
              text=extraction.full_text, words=extraction.word_count, html=page.html,
              links=links, metadata=metadata)
        await _extract_into(result, opts, extraction.markdown, page.html)
        return result


async def _extract_into(result: ScrapeResult, opts: ScrapeOptions, markdown: str,
                        html: str | None) -> None:
    """``opts.extract``: the page's data (trawl.ai.extract_page) into ``result``."""
    if opts.extract is None:
        return
    from trawl.ai import extract_page

    found = await extract_page(opts.extract, url=result.final_url, markdown=markdown,
                               html=html, model=opts.model)
    result.data, result.data_error = found.data, found.error
    result.model_tokens = found.tokens if found.model is not None else None


def _fill(result: ScrapeResult, opts: ScrapeOptions, *, title: str | None, markdown: str,
          text: str, words: int, html: str | None, links: list[ScrapedLink],
          metadata: dict[str, Any]) -> None:
    result.title, result.word_count = title, words
    wanted = set(opts.formats)
    result.markdown = markdown if "markdown" in wanted else None
    result.text = text if "text" in wanted else None
    result.html = html if "html" in wanted else None
    result.links = links if "links" in wanted else None
    result.metadata = metadata if "metadata" in wanted else None


def _screenshot(result: ScrapeResult, page: _Page, opts: ScrapeOptions) -> None:
    if _SCREENSHOT not in opts.formats:
        return
    shot = page.browser.screenshot if page.browser is not None else None
    if shot is not None:
        result.screenshot = shot
    elif page.document is not None:
        result.screenshot_missing = (f"a {page.document.document} document is read over "
                                     "HTTP, not rendered")
    elif page.status_code >= 400:
        result.screenshot_missing = f"HTTP {page.status_code}: the browser did not render it"
    else:
        result.screenshot_missing = (f"{page.content_type or 'the response'} was not "
                                     "rendered" if page.html is None
                                     else "the browser could not take it")


def _notes(page: _Page, stored_words: int,
           completeness: Completeness | None = None,
           fault: str | None = None) -> dict[str, Any]:
    """What the browser did, and whether the page came out thin (a crawl's page metadata)."""
    notes: dict[str, Any] = {}
    loaded = page.browser
    shell = page.decision.reason if page.decision is not None and page.decision.browser \
        and page.browser is None else None
    if loaded is not None:
        if loaded.blocked_requests:
            notes["blocked_requests"] = loaded.blocked_requests
        if loaded.settle_ms:
            notes["settle_ms"] = loaded.settle_ms
        if loaded.settle_timed_out:
            notes["settle_timed_out"] = True
        if loaded.expanded:
            notes["expanded"] = loaded.expanded
        if loaded.console_errors:
            notes["console_errors"] = loaded.console_errors
    thin = thin_reason(stored_words=stored_words,
                       seen_words=loaded.seen_words if loaded is not None else None,
                       settle_timed_out=bool(loaded is not None and loaded.settle_timed_out),
                       shell=shell, completeness=completeness, fault=fault)
    if thin is not None:
        notes["thin_content"] = thin
    return notes


def _about(url: str, exc: FetchError) -> FetchError:
    """The same error, saying which URL (a refused address says how to allow it: see
    :data:`SCRAPE_HINT`)."""
    return type(exc)(f"{url}: {exc}")


def _detect(url: str, final_url: str, status: int, html: str | None,
            password_visible: bool | None) -> Wall | None:
    try:
        final = canonicalize(final_url)
    except ConfigError:
        final = final_url
    return detect(url=url, final_url=final, status=status, html=html,
                  password_visible=password_visible, has_session=False, rules=[])


def _refused_document(page: _Page, url: str) -> bool:
    """Whether the browser refused a document trawl reads (JSON, a PDF...) at ``url``."""
    return (page.html is None and page.status_code < 400 and page.redirect_to is None
            and document_format(page.content_type, page.final_url) is not None)


async def _read_document(fetched: FetchResult) -> Document:
    """A document's text (UnreadableDocument when it cannot be read): a PDF in a capped
    reader process of its own, text formats in a thread."""
    assert fetched.body is not None and fetched.document is not None
    try:
        if fetched.document == PDF:
            return await read_pdf(fetched.body, file_name(fetched.final_url, fetched.headers))
        return await asyncio.to_thread(read_text, fetched.body, fetched.document,
                                       fetched.headers, fetched.final_url)
    except FetchError as exc:
        raise _about(fetched.final_url, exc) from exc


async def scrape(url: str, *, formats: Sequence[Format] | Format | None = None,
                 render: RenderMode | None = None, content: ContentMode | None = None,
                 timeout_s: float | None = None, max_bytes: int | None = None,
                 allow_private: bool | None = None, allow_hosts: Sequence[str] | None = None,
                 user_agent: str | None = None, dismiss_cookie_banners: bool | None = None,
                 extract: dict[str, Any] | None = None, model: str | None = None,
                 options: ScrapeOptions | None = None) -> ScrapeResult:
    """Scrape one page without a crawl (no Temporal, no database); see the module doc.

    Keyword arguments override ``options`` (a :class:`ScrapeOptions`); a Chromium is
    launched only when the page is rendered, and closed before this returns. To scrape
    many pages, share one with ``async with Scraper() as s: await s.scrape(url)``.
    """
    opts = options_from(options, formats=formats, render=render, content=content,
                        timeout_s=timeout_s, max_bytes=max_bytes, allow_private=allow_private,
                        allow_hosts=allow_hosts, user_agent=user_agent,
                        dismiss_cookie_banners=dismiss_cookie_banners, extract=extract,
                        model=model)
    async with Scraper() as scraper:
        return await scraper.scrape(url, opts)


T = TypeVar("T")


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` to completion from synchronous code; inside a running event loop (a
    notebook) it runs on a loop of its own in another thread."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    box: dict[str, Any] = {}

    def runner() -> None:
        try:
            box["value"] = asyncio.run(coro)
        except BaseException as exc:
            box["error"] = exc

    thread = threading.Thread(target=runner, name="trawl-scrape", daemon=True)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box["value"]  # type: ignore[no-any-return]


def scrape_sync(url: str, *, formats: Sequence[Format] | Format | None = None,
                render: RenderMode | None = None, content: ContentMode | None = None,
                timeout_s: float | None = None, max_bytes: int | None = None,
                allow_private: bool | None = None, allow_hosts: Sequence[str] | None = None,
                user_agent: str | None = None, dismiss_cookie_banners: bool | None = None,
                extract: dict[str, Any] | None = None, model: str | None = None,
                options: ScrapeOptions | None = None) -> ScrapeResult:
    """:func:`scrape` for synchronous code: the same arguments, the same result (inside a
    running event loop, it runs on a loop of its own in another thread)."""
    return run_sync(scrape(url, formats=formats, render=render, content=content,
                           timeout_s=timeout_s, max_bytes=max_bytes,
                           allow_private=allow_private, allow_hosts=allow_hosts,
                           user_agent=user_agent,
                           dismiss_cookie_banners=dismiss_cookie_banners, extract=extract,
                           model=model, options=options))
