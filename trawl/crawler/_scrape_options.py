"""What a scrape is asked for and what it returns: :class:`ScrapeOptions` (validated, with
Firecrawl's bounds), :class:`ScrapeResult` and :class:`ScrapedLink`, and
:func:`options_from`, which turns loose keyword arguments into options or one
:class:`~trawl.errors.ConfigError` naming every bad field.

The shapes live here and the scraping in :mod:`trawl.crawler.scrape`, which re-exports
every name: import them from there.
"""

from __future__ import annotations

import base64
import re
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_serializer,
    field_validator,
    model_validator,
)

from trawl.config import DEFAULT_MAX_BODY_BYTES, DEFAULT_PAGE_TIMEOUT_S, get_settings, host_entry
from trawl.errors import ConfigError
from trawl.extract import check_selectors
from trawl.model import check_model, parse_extract
from trawl.net import NetPolicy, operator_policy, origin_of

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
    "options_from",
]

Format = Literal["markdown", "html", "text", "links", "metadata", "screenshot"]
FORMATS: tuple[str, ...] = ("markdown", "html", "text", "links", "metadata", "screenshot")
"""What a scrape can return besides the response's facts (url, status, title...):
``markdown`` and ``text`` of the content, the page's ``html`` as read (served, or the
rendered DOM), its ``links``, its ``metadata``, a ``screenshot`` (PNG, needs the browser)."""
RenderMode = Literal["auto", "http", "browser"]
MAX_WAIT_MS = 60_000
"""The longest wait a scrape may ask for (Firecrawl's own bound on ``waitFor``)."""
HEADER_NAME_RE = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
"""A header name (RFC 9110 token)."""
FORBIDDEN_HEADERS = frozenset({"host", "content-length", "connection", "transfer-encoding"})
"""Headers a scrape's ``headers`` may not set: they belong to the connection."""
ContentMode = Literal["main", "full"]
MAX_TIMEOUT_S = 600.0
SCRAPE_HINT = ("Internal addresses other than the URL's own origin (you named it) are "
               "fetched only with --allow-host {host} or --allow-private (Python: "
               "allow_hosts=[...], allow_private=True)")
"""How to allow an address a scrape refused (a redirect or a subresource elsewhere)."""


class ScrapeOptions(BaseModel):
    """How to scrape one page (every field has a default; unknown names are refused)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    formats: tuple[Format, ...] = ("markdown",)
    """What to return: any of markdown, html, text, links, metadata, screenshot."""
    render: RenderMode = "auto"
    """auto: fetch over HTTP and render in Chromium only when the page needs it (a
    script-built page, an app shell, a hash route); http: never a browser; browser: always."""
    content: ContentMode = "main"
    """main: the page's main content; full: the whole body without navigation chrome."""
    timeout_s: float = Field(DEFAULT_PAGE_TIMEOUT_S, gt=0, le=MAX_TIMEOUT_S)
    """Give up on the page after this long (the fetch, and the browser load, each)."""
    max_bytes: int = Field(DEFAULT_MAX_BODY_BYTES, ge=1)
    """Bodies larger than this (declared or received) fail with ``too_large``, unread."""
    allow_private: bool = False
    """Reach internal addresses (loopback, private networks, cloud metadata) anywhere: a
    redirect or a subresource included. Off, the URL you name is fetched wherever it
    points and other internal addresses are refused with BlockedAddress
    (``TRAWL_ALLOW_PRIVATE=1`` allows them everywhere). Over the HTTP API only what the
    server's operator allowed (see SECURITY.md)."""
    allow_hosts: tuple[str, ...] = ()
    """Host names (with their subdomains) or CIDRs allowed even at an internal address."""
    user_agent: str | None = None
    """User-Agent to send; None: ``TRAWL_USER_AGENT`` (which names trawl)."""
    dismiss_cookie_banners: bool = True
    """Browser: click a cookie banner's accept button before reading the page."""
    wait_ms: int = Field(0, ge=0, le=MAX_WAIT_MS)
    """Browser: wait this long after the page loaded and settled, before reading it (in
    auto mode a wait renders the page in the browser)."""
    headers: dict[str, str] = Field(default_factory=dict)
    """Extra request headers, sent with the page's fetch and every request of its browser
    tab (not Host, Content-Length, Connection or Transfer-Encoding)."""
    include_tags: tuple[str, ...] = ()
    """CSS selectors: exactly the elements they match are the content (no main-content
    detection on top)."""
    exclude_tags: tuple[str, ...] = ()
    """CSS selectors: the elements they match are removed before the content is read."""

    @field_validator("include_tags", "exclude_tags")
    @classmethod
    def _selectors(cls, value: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        try:
            return tuple(check_selectors(value, str(info.field_name)))
        except ConfigError as exc:
            raise ValueError(str(exc)) from None

    @field_validator("headers")
    @classmethod
    def _headers(cls, value: dict[str, str]) -> dict[str, str]:
        for name, text in value.items():
            if not HEADER_NAME_RE.fullmatch(name) or any(c in text for c in "\r\n\0"):
                raise ValueError(f"{name!r}: not a header name and one-line value")
            if name.lower() in FORBIDDEN_HEADERS:
                raise ValueError(f"{name!r} is set by trawl, not by a request")
        return value
    extract: dict[str, Any] | None = None
    """Structured data from the page (``--extract FILE``'s content): selector ``fields``,
    or a model's ``schema`` and ``prompt`` (see trawl.model._extract); the result is
    ``data`` (or ``data_error``)."""
    model: str | None = None
    """PROVIDER:NAME of the model a ``schema`` extraction uses (default ``TRAWL_MODEL``)."""

    @model_validator(mode="after")
    def _check_extract(self) -> ScrapeOptions:
        if self.extract is not None:
            extract = parse_extract(self.extract)
            model = self.model or (get_settings().model if extract.uses_model else None)
            if extract.uses_model and model is None:
                raise ValueError("an extraction with a schema needs a model: --model "
                                 "PROVIDER:NAME or TRAWL_MODEL")
            if model is not None:
                object.__setattr__(self, "model", check_model(model))
        elif self.model is not None:
            check_model(self.model)
        return self

    @field_validator("allow_hosts")
    @classmethod
    def _host_entries(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        checked = tuple(host_entry(entry) for entry in value)
        if None in checked:
            bad = next(e for e, c in zip(value, checked, strict=True) if c is None)
            raise ValueError(f"{bad!r} is not a host name or a CIDR (--allow-host)")
        return tuple(c for c in checked if c is not None)

    @field_validator("user_agent")
    @classmethod
    def _one_line(cls, value: str | None) -> str | None:
        if value is not None and (not value.strip() or any(c in value for c in "\r\n")):
            raise ValueError("the User-Agent must be one non-empty line")
        return value

    def net_policy(self, named: str | None = None) -> NetPolicy:
        """What a scrape with these options may fetch: ``named`` (the URL the operator
        gave) at its origin whatever its address, and what the options allow."""
        return operator_policy(allowed_origins=frozenset({origin_of(named)} if named else ()),
                               allow_private=self.allow_private, allow_hosts=self.allow_hosts,
                               hint=SCRAPE_HINT)


class ScrapedLink(BaseModel):
    """One ``<a href>`` of the page: absolute, fragment removed."""

    url: str
    text: str
    rel: str | None = None
    internal: bool
    """Same host as the page (what a crawl of it would follow)."""


class ScrapeResult(BaseModel):
    """One page, scraped. The content fields hold what ``formats`` asked for (else None)."""

    url: str
    """The URL asked for (canonical form)."""
    final_url: str
    """The URL that answered, after redirects (HTTP ones, and the page's own)."""
    status_code: int
    content_type: str | None = None
    title: str | None = None
    word_count: int = 0
    markdown: str | None = None
    html: str | None = None
    text: str | None = None
    links: list[ScrapedLink] | None = None
    metadata: dict[str, Any] | None = None
    screenshot: bytes | None = None
    """PNG of the rendered page's viewport (base64 in JSON); None when not asked for or
    when nothing was rendered (a document, an error status: see ``screenshot_missing``)."""
    screenshot_missing: str | None = None
    """Why a screenshot asked for was not taken."""
    render_mode: Literal["http", "browser", "none"] = "none"
    """How the content was read: over HTTP, in Chromium, or not at all (an error status,
    a body trawl does not read)."""
    render_reason: str = ""
    kept_ratio: float | None = None
    """The share of the page's readable text (its body less navigation chrome and hidden
    elements) the content keeps; None for a document or a page without text."""
    thin_content: bool = False
    """The stored text is far less than what a reader sees (see ``thin_reason``)."""
    thin_reason: str | None = None
    wall: str | None = None
    """A login wall, a CAPTCHA or an auth error noticed on the page (``reason: detail``):
    what was read is what an anonymous visitor sees."""
    error_class: str | None = None
    """Set when the server answered with an error status (``http_404``...) or with a body
    trawl does not read (``not_read``); the content fields are then empty."""
    error_message: str | None = None
    elapsed_ms: int = 0
    data: dict[str, Any] | None = None
    """With ``extract``: the page's data (valid against the spec), else None."""
    data_error: str | None = None
    """With ``extract``: why there is no data."""
    model_tokens: int | None = None
    """With a model extraction: tokens it spent."""

    @field_serializer("screenshot", when_used="json")
    def _screenshot_base64(self, value: bytes | None) -> str | None:
        """Standard base64 (RFC 4648, padded) in JSON, what every decoder reads."""
        return None if value is None else base64.b64encode(value).decode("ascii")

    @field_validator("screenshot", mode="before")
    @classmethod
    def _screenshot_bytes(cls, value: Any) -> Any:
        return base64.b64decode(value, validate=True) if isinstance(value, str) else value

    @property
    def ok(self) -> bool:
        """Whether the page was read (no error status, a body trawl reads)."""
        return self.error_class is None


def options_from(options: ScrapeOptions | None, **fields: Any) -> ScrapeOptions:
    """``options`` with ``fields`` applied (None values left out); ConfigError when invalid."""
    given = {k: v for k, v in fields.items() if v is not None}
    for name in ("formats", "allow_hosts", "include_tags", "exclude_tags"):
        if isinstance(given.get(name), str):
            given[name] = (given[name],)
        elif name in given:
            given[name] = tuple(given[name])
    try:
        base = options.model_dump() if options is not None else {}
        return ScrapeOptions(**{**base, **given})
    except ValidationError as exc:
        raise ConfigError(_validation_message(exc)) from None
    except TypeError as exc:
        raise ConfigError(str(exc)) from None


def _validation_message(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors():
        where = ".".join(str(p) for p in error["loc"] if not isinstance(p, int)) or "options"
        if error["type"] == "literal_error":
            allowed = (error.get("ctx") or {}).get("expected", "")
            parts.append(f"{where}: {error['input']!r} is not one of {allowed}")
        elif error["type"] == "extra_forbidden":
            parts.append(f"unknown option {where!r}")
        else:
            parts.append(f"{where}: {error['msg']}")
    return "invalid scrape options: " + "; ".join(parts)

