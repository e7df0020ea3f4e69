"""Firecrawl's request bodies, and what they become in trawl: scrape options, a crawl spec,
document options, a webhook, and the JSON format as a model extraction.

Unknown fields are ignored (newer SDKs add fields; a 400 for them would break clients that
work against Firecrawl). Known fields whose value trawl cannot honour yet are refused with
:class:`Unsupported`, naming the field — but only values that ask for something: the SDKs
send defaults such as ``mobile: false`` or ``blockAds: true`` with every request, and those
are what trawl does anyway, or cost nothing to accept (docs/guides/firecrawl.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field

from trawl.api.http.firecrawl._errors import Unsupported
from trawl.config import DEFAULT_MAX_DEPTH, MAX_DELAY_S, get_settings
from trawl.crawler.firecrawl import WEBHOOK_EVENTS, DocumentOptions
from trawl.crawler.scrape import (
    FORBIDDEN_HEADERS,
    HEADER_NAME_RE,
    MAX_TIMEOUT_S,
    MAX_WAIT_MS,
    ScrapeOptions,
    options_from,
)
from trawl.errors import ConfigError
from trawl.extract import check_selectors
from trawl.model import CrawlSpec, check_model, parse_extract, parse_rules
from trawl.urls import check_patterns, validate_seed

LENIENT = ConfigDict(extra="ignore")
PLAIN_FORMATS = ("markdown", "html", "rawHtml", "links")
DEFAULT_CRAWL_LIMIT = 10_000
"""Firecrawl's default ``limit`` of a crawl (trawl's own default is lower)."""
MAX_CONCURRENCY = 64
MAX_BATCH_URLS = 1000
"""URLs per batch scrape at most: they are the crawl's start URLs, which travel in its
workflows' inputs (the SDKs send large lists in chunks of 100)."""
DEFAULT_JSON_PROMPT = ("Extract the data the JSON Schema describes from the page, every "
                       "field the page states.")
"""The prompt of a JSON format given a schema only (Firecrawl's prompt is optional too)."""
NO_MODEL = ("needs a model, and this server has none: start it with `trawl serve --model "
            "PROVIDER:NAME` (e.g. openai:gpt-4.1-mini, anthropic:claude-sonnet-4-5, "
            "ollama:qwen2.5:7b) or set TRAWL_MODEL, with the provider's key in the "
            "environment of the server and the workers (docs/models.md)")


class WebhookParams(BaseModel):
    """A webhook given as an object (a string is its ``url``)."""

    model_config = LENIENT

    url: str
    headers: dict[str, str] = Field(default_factory=dict)
    metadata: dict[str, Any] = Field(default_factory=dict)
    events: list[str] | None = None


class ScrapeParams(BaseModel):
    """Firecrawl's scrape options (v2 and v1; the fields of ``scrapeOptions`` too)."""

    model_config = LENIENT

    formats: list[str | dict[str, Any]] | None = None
    headers: dict[str, str] | None = None
    includeTags: list[str] | None = None
    excludeTags: list[str] | None = None
    onlyMainContent: bool = True
    timeout: int | None = Field(default=None, gt=0)
    waitFor: int = Field(default=0, ge=0)
    mobile: bool | None = None
    parsers: list[Any] | None = None
    actions: list[Any] | None = None
    location: dict[str, Any] | None = None
    skipTlsVerification: bool | None = None
    removeBase64Images: bool = True
    fastMode: bool | None = None
    blockAds: bool | None = None
    proxy: str | None = None
    maxAge: int | None = None
    minAge: int | None = None
    storeInCache: bool | None = None
    zeroDataRetention: bool | None = None
    jsonOptions: dict[str, Any] | None = None
    extract: dict[str, Any] | None = None
    changeTrackingOptions: dict[str, Any] | None = None
    redactPII: Any = None
    checkPromptInjection: bool | None = None
    threatProtection: Any = None
    profile: Any = None
    lockdown: bool | None = None
    useMock: str | None = None


class ScrapeRequest(ScrapeParams):
    url: str


class BatchRequest(ScrapeParams):
    urls: list[str]
    webhook: str | WebhookParams | None = None
    appendToId: str | None = None
    ignoreInvalidURLs: bool = True
    maxConcurrency: int | None = Field(default=None, gt=0)


class CrawlRequest(BaseModel):
    """Firecrawl's crawl body (v2, and v1's names: maxDepth, ignoreSitemap,
    allowBackwardLinks)."""

    model_config = LENIENT

    url: str
    limit: int | None = Field(default=None, gt=0)
    includePaths: list[str] | None = None
    excludePaths: list[str] | None = None
    maxDiscoveryDepth: int | None = Field(default=None, ge=0)
    maxDepth: int | None = Field(default=None, ge=0)
    sitemap: Literal["include", "skip", "only"] | None = None
    ignoreSitemap: bool | None = None
    ignoreQueryParameters: bool | None = None
    deduplicateSimilarURLs: bool | None = None
    crawlEntireDomain: bool | None = None
    allowBackwardLinks: bool | None = None
    allowExternalLinks: bool | None = None
    allowSubdomains: bool | None = None
    ignoreRobotsTxt: bool | None = None
    robotsUserAgent: str | None = None
    regexOnFullURL: bool | None = None
    delay: float | None = Field(default=None, ge=0)
    maxConcurrency: int | None = Field(default=None, gt=0)
    webhook: str | WebhookParams | None = None
    scrapeOptions: ScrapeParams | None = None
    prompt: str | None = None
    zeroDataRetention: bool | None = None


class MapRequest(BaseModel):
    """Firecrawl's map body (v2, and v1's ignoreSitemap and sitemapOnly)."""

    model_config = LENIENT

    url: str
    search: str | None = None
    sitemap: Literal["include", "skip", "only"] | None = None
    ignoreSitemap: bool | None = None
    sitemapOnly: bool | None = None
    includeSubdomains: bool = True
    ignoreQueryParameters: bool = True
    limit: int = Field(default=5000, ge=1, le=100_000)
    timeout: int | None = Field(default=None, gt=0)
    location: dict[str, Any] | None = None


# -- formats and options ---------------------------------------------------------------------

def document_formats(formats: list[str | dict[str, Any]] | None, where: str) -> list[str]:
    """The document formats asked for (default: markdown); Unsupported for the others."""
    if formats is None:
        return ["markdown"]
    out: list[str] = []
    for item in formats:
        name = item if isinstance(item, str) else str(item.get("type"))
        if name in PLAIN_FORMATS:
            out.append(name)
        elif name == "screenshot":
            if isinstance(item, dict) and (item.get("fullPage") or item.get("viewport")):
                raise Unsupported(f"{where}formats", "a screenshot of the whole page or of "
                                  "another viewport; trawl screenshots the window it reads")
            out.append(name)
        elif name == "screenshot@fullPage":
            raise Unsupported(f"{where}formats", "screenshot@fullPage; trawl screenshots the "
                              "window it reads (ask for 'screenshot')")
        elif name in JSON_FORMATS:
            continue  # a model extraction: json_extraction
        else:
            raise Unsupported(f"{where}formats", f"{name!r}; trawl makes markdown, html, "
                              "rawHtml, links and screenshot")
    return list(dict.fromkeys(out))


JSON_FORMATS = ("json", "extract")
"""Formats a model fills: ``json`` (v2's ``{type: "json", schema, prompt}``, v1's ``"json"``
with ``jsonOptions``) and v1's older ``"extract"`` (with ``extract``)."""


@dataclass(frozen=True)
class JsonExtraction:
    """A JSON format asked for: what a model extracts from each page, with which model, and
    the document field that carries it."""

    field: str
    """``json`` (v2; v1's ``json`` format) or ``extract`` (v1's ``extract`` format), as
    Firecrawl names the document's field."""
    extract: dict[str, Any]
    """trawl's extract spec (``schema`` and ``prompt``; see trawl.model._extract)."""
    model: str
    """PROVIDER:NAME: the server's model (``trawl serve --model``, ``TRAWL_MODEL``)."""


def json_extraction(p: ScrapeParams, where: str = "") -> JsonExtraction | None:
    """The JSON format of a request as a model extraction (None: none asked for);
    ConfigError naming the field for what cannot be done, a server without a model
    included."""
    asked = [(item, item if isinstance(item, str) else str(item.get("type")))
             for item in p.formats or []]
    asked = [(item, name) for item, name in asked if name in JSON_FORMATS]
    options_of = {"json": ("jsonOptions", p.jsonOptions), "extract": ("extract", p.extract)}
    if not asked:
        for fmt, (key, value) in options_of.items():
            if value is not None:
                raise ConfigError(f"{where}{key}: given without the {fmt!r} format; ask for "
                                  f"both (formats: [\"{fmt}\"]) or neither")
        return None
    if len(asked) > 1:
        raise ConfigError(f"{where}formats: one JSON format at most ('json' or 'extract')")
    item, name = asked[0]
    key, given = options_of[name]
    if isinstance(item, dict) and (given is None or item.get("schema") is not None
                                   or item.get("prompt") is not None):
        options, field = item, f"{where}formats"  # v2: the format object holds them
    else:
        options, field = given or {}, f"{where}{key}"
    schema, prompt = options.get("schema"), options.get("prompt")
    if schema is None and not (isinstance(prompt, str) and prompt.strip()):
        raise ConfigError(f"{field}: the {name!r} format needs a schema, a prompt or both")
    if options.get("agent"):
        raise Unsupported(f"{field}.agent", "Firecrawl's FIRE-1 agent; trawl's browser "
                                            "agent is POST /v1/agents (`trawl agent run`)")
    if options.get("checkPromptInjection"):
        raise Unsupported(f"{field}.checkPromptInjection", "no such scan in trawl (page text "
                          "always reaches the model marked as untrusted data)")
    model = get_settings().model
    if model is None:
        raise ConfigError(f"{field}: the {name!r} format {NO_MODEL}")
    if schema is None:
        schema = {"type": "object"}  # a prompt alone: any object the model makes of it
    if not isinstance(schema, dict) or schema.get("type", "object") != "object":
        raise Unsupported(f"{field}.schema", "a schema of anything but a JSON object; trawl "
                          "extracts one object per page (put a list in one of its "
                          "properties)")
    text = prompt.strip() if isinstance(prompt, str) and prompt.strip() else \
        DEFAULT_JSON_PROMPT
    system = options.get("systemPrompt")
    if isinstance(system, str) and system.strip():
        text = f"{system.strip()}\n\n{text}"
    extract = {"schema": schema, "prompt": text}
    parse_extract(extract, field)  # a bad schema: ConfigError naming the field
    return JsonExtraction("extract" if name == "extract" else "json", extract,
                          check_model(model, "TRAWL_MODEL"))


def _refuse(p: ScrapeParams, where: str, *, crawl: bool) -> None:
    """Unsupported for the first option asking for what trawl cannot do."""
    checks: list[tuple[bool, str, str]] = [
        (bool(p.mobile), "mobile", "trawl renders pages as a desktop browser"),
        (bool(p.actions), "actions", "trawl's own steps (CrawlSpec.steps, POST /v1/crawls) "
                                     "do this; Firecrawl's action list is not mapped yet"),
        (p.location is not None, "location", "trawl fetches from where it runs"),
        (p.proxy in ("stealth", "enhanced"), "proxy", f"{p.proxy!r} proxies; trawl fetches "
                                                      "directly ('basic' or 'auto')"),
        (p.minAge is not None, "minAge", "trawl keeps no cache of scrapes: every page is "
                                         "fetched fresh"),
        (p.changeTrackingOptions is not None, "changeTrackingOptions",
         "change tracking; a recrawl (`trawl crawl --recrawl ID`) records what changed"),
        (bool(p.redactPII), "redactPII", "trawl does not redact page content"),
        (bool(p.checkPromptInjection), "checkPromptInjection", "no such scan in trawl"),
        (p.threatProtection is not None, "threatProtection", "no such policy in trawl"),
        (p.profile is not None, "profile", "trawl keeps one session profile per site, "
                                           "filled through handoffs"),
        (bool(p.lockdown), "lockdown", "trawl keeps no cache to answer from"),
        (p.useMock is not None, "useMock", "no mocks in trawl"),
        (crawl and bool(p.headers), "headers", "request headers for every page of a crawl; "
                                               "scrape accepts them"),
        (crawl and bool(p.zeroDataRetention), "zeroDataRetention",
         "a crawl's pages are kept in trawl's database; delete the crawl when done"),
    ]
    for refused, field, why in checks:
        if refused:
            raise Unsupported(f"{where}{field}", why)
    for parser in p.parsers or []:
        name = parser if isinstance(parser, str) else (
            parser.get("type") if isinstance(parser, dict) else None)
        if name != "pdf":
            raise Unsupported(f"{where}parsers", f"{name!r}; trawl reads PDFs (and JSON, "
                              "YAML, markdown, text) by itself")


def _check(p: ScrapeParams, where: str) -> None:
    """ConfigError naming the Firecrawl field for a value out of trawl's bounds."""
    if p.timeout is not None and p.timeout > MAX_TIMEOUT_S * 1000:
        raise ConfigError(f"{where}timeout: at most {int(MAX_TIMEOUT_S * 1000)} ms")
    if p.waitFor > MAX_WAIT_MS:
        raise ConfigError(f"{where}waitFor: at most {MAX_WAIT_MS} ms")
    check_selectors(p.includeTags or [], f"{where}includeTags")
    check_selectors(p.excludeTags or [], f"{where}excludeTags")
    for name, value in (p.headers or {}).items():
        if not HEADER_NAME_RE.fullmatch(name) or any(c in value for c in "\r\n\0") \
                or name.lower() in FORBIDDEN_HEADERS:
            raise ConfigError(f"{where}headers: {name!r} cannot be sent")


def document_options(p: ScrapeParams, where: str = "", *, crawl: bool = False
                     ) -> DocumentOptions:
    """What the documents hold; Unsupported/ConfigError for what cannot be done."""
    formats = document_formats(p.formats, where)
    _refuse(p, where, crawl=crawl)
    _check(p, where)
    asked = json_extraction(p, where)
    return DocumentOptions(formats=formats, only_main_content=p.onlyMainContent,
                           include_tags=list(p.includeTags or []),
                           exclude_tags=list(p.excludeTags or []),
                           remove_base64_images=p.removeBase64Images,
                           json_field=asked.field if asked is not None else None)


def scrape_options(p: ScrapeParams, opts: DocumentOptions) -> ScrapeOptions:
    """trawl's scrape options reading what ``opts`` needs (``p`` checked by
    :func:`document_options`)."""
    formats = ["markdown", "metadata"]
    if opts.wants_html():
        formats.append("html")
    formats += [f for f in ("links", "screenshot") if f in opts.formats]
    asked = json_extraction(p)
    return options_from(None, formats=formats, content=opts.content,
                        timeout_s=p.timeout / 1000 if p.timeout else None,
                        wait_ms=p.waitFor, headers=p.headers or {},
                        include_tags=opts.include_tags, exclude_tags=opts.exclude_tags,
                        extract=asked.extract if asked is not None else None,
                        model=asked.model if asked is not None else None)


# -- crawls and batch scrapes ----------------------------------------------------------------

def _glob_escape(text: str) -> str:
    return "".join(f"[{c}]" if c in "*?[" else c for c in text)


def webhook_of(webhook: str | WebhookParams | None) -> WebhookParams | None:
    if webhook is None:
        return None
    hook = WebhookParams(url=webhook) if isinstance(webhook, str) else webhook
    unknown = [e for e in hook.events or [] if e not in WEBHOOK_EVENTS]
    if unknown:
        raise ConfigError(f"webhook.events takes {', '.join(WEBHOOK_EVENTS)}, not "
                          f"{', '.join(map(repr, unknown))}")
    for name, value in hook.headers.items():
        if not HEADER_NAME_RE.fullmatch(name) or any(c in value for c in "\r\n\0") \
                or name.lower() in FORBIDDEN_HEADERS:
            raise ConfigError(f"webhook.headers: {name!r} cannot be sent")
    return hook


def _depth_rule(seed: str, max_depth: int, full_url: bool) -> str:
    """v1's ``maxDepth`` (path segments below the start URL's) as an exclude pattern."""
    below = max_depth + len([s for s in urlsplit(seed).path.split("/") if s])
    segments = f"(?:/+[^/?#]+){{{below + 1}}}"
    return f"^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]+{segments}" if full_url else f"^{segments}"


def _read_pages_for(spec: CrawlSpec, params: ScrapeParams, opts: DocumentOptions,
                    where: str) -> None:
    """Have the crawl read its pages as the documents need: the content selected, the HTML
    and screenshots kept, a wait on every page, the timeout, the JSON format's model
    extraction (into ``pages.data``)."""
    asked = json_extraction(params, where)
    if asked is not None:
        spec.extract, spec.model = asked.extract, asked.model
    spec.content, spec.include_tags, spec.exclude_tags = (
        opts.content, list(opts.include_tags), list(opts.exclude_tags))
    spec.store = [f for f, wanted in (("html", opts.wants_html()),
                                      ("screenshot", "screenshot" in opts.formats)) if wanted]
    if params.waitFor:
        spec.steps = parse_rules([{"match": ["*"], "steps": [{"kind": "wait",
                                                              "ms": params.waitFor}]}])
    # a screenshot of every page needs every page rendered
    spec.render = "browser" if "screenshot" in opts.formats else "auto"
    if params.timeout:
        spec.page_timeout_s = params.timeout / 1000


def crawl_spec(req: CrawlRequest) -> tuple[CrawlSpec, DocumentOptions]:
    """The crawl a Firecrawl crawl request asks for, and how its documents are made."""
    refused = [(bool(req.allowExternalLinks), "allowExternalLinks",
                "a crawl stays on its start host (and subdomains with allowSubdomains)"),
               (bool(req.ignoreQueryParameters), "ignoreQueryParameters",
                "trawl keeps the query (without tracking parameters) in a page's URL"),
               (req.robotsUserAgent is not None, "robotsUserAgent",
                "robots.txt is read for trawl's own user agent"),
               (req.prompt is not None, "prompt", "crawl options from a prompt need "
                                                  "trawl's model layer"),
               (bool(req.zeroDataRetention), "zeroDataRetention",
                "a crawl's pages are kept in trawl's database; delete the crawl when done")]
    for no, field, why in refused:
        if no:
            raise Unsupported(field, why)
    if req.maxConcurrency is not None and req.maxConcurrency > MAX_CONCURRENCY:
        raise ConfigError(f"maxConcurrency: at most {MAX_CONCURRENCY}")
    if req.delay is not None and req.delay > MAX_DELAY_S:
        raise ConfigError(f"delay: at most {MAX_DELAY_S:.0f} seconds")
    params = req.scrapeOptions or ScrapeParams()
    opts = document_options(params, "scrapeOptions.", crawl=True)
    check_patterns(req.includePaths or [], "includePaths")
    check_patterns(req.excludePaths or [], "excludePaths")
    seed = validate_seed(req.url)
    full_url = bool(req.regexOnFullURL)
    exclude = list(req.excludePaths or [])
    if req.maxDepth is not None:
        exclude.append(_depth_rule(seed, req.maxDepth, full_url))
    path = urlsplit(seed).path or "/"
    whole_site = bool(req.crawlEntireDomain or req.allowBackwardLinks) or path == "/"
    sitemap = req.sitemap or ("skip" if req.ignoreSitemap else "include")
    spec = CrawlSpec(
        seeds=[req.url], max_pages=req.limit or DEFAULT_CRAWL_LIMIT,
        max_depth=req.maxDiscoveryDepth if req.maxDiscoveryDepth is not None
        else DEFAULT_MAX_DEPTH,
        include=[] if whole_site else [_glob_escape(path) + "*"],
        include_regex=list(req.includePaths or []), exclude_regex=exclude,
        regex_on_full_url=full_url, allow_subdomains=bool(req.allowSubdomains),
        respect_robots=not req.ignoreRobotsTxt, sitemap=sitemap)
    _read_pages_for(spec, params, opts, "scrapeOptions.")
    if req.delay is not None:
        spec.delay_s = req.delay
    if req.maxConcurrency is not None:
        spec.concurrency = req.maxConcurrency
    opts.source_urls = {seed: req.url} if seed != req.url else {}
    return spec, opts


def batch_spec(req: BatchRequest) -> tuple[CrawlSpec, DocumentOptions, list[str]]:
    """A batch scrape as a crawl of its URLs that follows no link, how its documents are
    made, and the URLs refused as invalid (with ``ignoreInvalidURLs``; else ConfigError)."""
    if req.appendToId is not None:
        raise Unsupported("appendToId", "a batch scrape's URLs are fixed when it starts")
    if len(req.urls) > MAX_BATCH_URLS:
        raise ConfigError(f"urls: at most {MAX_BATCH_URLS} per batch scrape (send more in "
                          "several)")
    if req.maxConcurrency is not None and req.maxConcurrency > MAX_CONCURRENCY:
        raise ConfigError(f"maxConcurrency: at most {MAX_CONCURRENCY}")
    opts = document_options(req, crawl=True)
    seeds: dict[str, str] = {}
    invalid = []
    for url in req.urls:
        try:
            seeds.setdefault(validate_seed(url), url)
        except ConfigError as exc:
            if not req.ignoreInvalidURLs:
                raise ConfigError(f"urls: {exc}") from None
            invalid.append(url)
    if not seeds:
        raise ConfigError("urls: no valid URL to scrape")
    spec = CrawlSpec(
        seeds=list(seeds), max_depth=0, sitemap="skip", follow_canonical=False,
        # the client named each URL, as in a scrape (which reads no robots.txt)
        respect_robots=False,
        # each URL once, and the redirects it may take
        max_pages=len(seeds) * 2)
    _read_pages_for(spec, req, opts, "")
    if req.maxConcurrency is not None:
        spec.concurrency = req.maxConcurrency
    opts.source_urls = {k: v for k, v in seeds.items() if k != v}
    return spec, opts, invalid
