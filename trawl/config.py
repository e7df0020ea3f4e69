"""One settings object for trawl, read from the environment (prefix ``TRAWL_``).

Every default lives here as a named constant so nothing else hard-codes a number.
Unset ``TRAWL_TEMPORAL_ADDRESS`` / ``TRAWL_DATABASE_URL`` mean "use the embedded
services" (a Temporal dev server and a Postgres started under ``TRAWL_DATA_DIR``).
"""

from __future__ import annotations

import ipaddress
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

import platformdirs
from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from trawl.errors import SettingsError

DEFAULT_TASK_QUEUE = "trawl"
DEFAULT_NAMESPACE = "default"
DEFAULT_TEMPORAL_PORT = 7233
DEFAULT_TEMPORAL_UI_PORT = 8233
DEFAULT_USER_AGENT = "trawl/0.1 (+https://github.com/trawl-crawler/trawl)"
DEFAULT_MAX_PAGES = 1000
DEFAULT_MAX_DEPTH = 20
DEFAULT_CONCURRENCY = 4
DEFAULT_PAGE_TIMEOUT_S = 30.0
DEFAULT_MAX_BODY_BYTES = 20 * 1024 * 1024
DEFAULT_MAX_REDIRECTS = 20
"""Redirects followed per URL, in both modes (Chromium's own limit is also 20); a longer
chain is recorded as too_many_redirects, a chain that returns to a URL as redirect_loop."""
DEFAULT_MAX_LINKS_PER_PAGE = 5_000
"""Links recorded (and followed) per page; the rest are counted in the page's metadata
(``links_dropped``). One page with 100,000 links must not cost the crawl 100,000 rows."""
QUEUE_MARGIN = 1_000
"""A crawl queues at most max_pages + this many URLs from its pages: more can never be
explored (URLs given back to the budget, redirects and skips, give their place back)."""
DEFAULT_BROWSER_RECYCLE_PAGES = 500
DEFAULT_MAX_CONCURRENT_ACTIVITIES = 32


def default_extract_processes() -> int:
    """One per core, at most 4.

    Extraction processes per worker. Extraction is the CPU-heaviest step when pages are
    fetched over HTTP; the processes start with the worker, before it takes work."""
    return max(1, min(4, os.cpu_count() or 1))


DEFAULT_EXTRACT_PROCESSES = default_extract_processes()
DEFAULT_EXTRACT_TIMEOUT_S = 60.0
"""How long reading one page's content may take (wall time, in an extraction process;
``TRAWL_EXTRACT_TIMEOUT_S``). Past it the page is read again whole (as ``--content full``:
no main-content rules, linear in the page) and flagged (``metadata["extraction_fault"]``
says the cause); should that overrun too, it is stored with no content, flagged likewise.
A rule that is slow on some hostile shape (a 20 MB page of a structure no rule was
measured on) costs one page a minute of a process, never the process for hours.
Extraction is linear: 28 MB of a manual take 12 s at a loaded machine's speed
(bench/huge_pages.py)."""
DEFAULT_DB_OUTAGE_BUDGET_S = 15 * 60.0
"""How long a worker waits out an unreachable database before the crawl holds (a page is
never recorded as failed because of an outage)."""
# politeness per site (see trawl.crawler.politeness)
DEFAULT_DELAY_S = 0.0
"""Seconds between requests to one site (robots.txt's Crawl-delay wins when larger)."""
MAX_DELAY_S = 600.0
MAX_CRAWL_DELAY_S = 60.0
"""A larger robots.txt Crawl-delay is honoured as this (a day-long delay would stall a
crawl); ``--delay`` can ask for more."""
DEFAULT_MAX_HOST_ERRORS = 20
"""Errors in a row (connection errors, timeouts, 5xx, 429) after which a site is stopped."""
DEFAULT_MAX_RETRY_AFTER_S = 120.0
"""The longest Retry-After honoured; a page asked to wait longer is recorded as failed."""
DEFAULT_RETRIES_429 = 3
"""Retries of a page answered 429 or 503 (after waiting Retry-After or a backoff)."""


DEFAULT_CODEC_PORT = 8234
"""The codec server's port, next to the embedded web UI's."""
DEFAULT_API_PORT = 8235
DEFAULT_MODEL_TIMEOUT_S = 120.0
"""One model request's deadline: a server that never answers costs this, never the crawl."""
"""`trawl serve`'s port (the HTTP API), next to the codec server's."""
DEFAULT_METRICS_HOST = "127.0.0.1"
"""Where a worker's metrics endpoint listens unless told otherwise: this machine only."""
MAX_PORT = 65535
MAX_CONCURRENT_ACTIVITIES = 1024
"""The most activities one worker runs at once (``--max-concurrent-activities``)."""
_POSTGRES_URL = re.compile(r"^postgresql(\+[a-z0-9_]+)?://", re.I)
_HOST_PORT = re.compile(r"^(\[[0-9a-f:.]+\]|[^\s:/\[\]]+):(\d{1,5})$", re.I)
_HTTP_URL = re.compile(r"^https?://[^\s/]+", re.I)


def default_data_dir() -> Path:
    """The user data directory: `~/.local/share/trawl` on Linux (platformdirs)."""
    return Path(platformdirs.user_data_dir("trawl", appauthor=False))


class Settings(BaseSettings):
    """Process-wide settings; construct through :func:`get_settings`."""

    # the attribute docstrings are the fields' descriptions: the docs' settings table is
    # generated from them (scripts/docs_hooks.py)
    model_config = SettingsConfigDict(env_prefix="TRAWL_", extra="ignore",
                                      use_attribute_docstrings=True)

    data_dir: Path = Field(default_factory=default_data_dir)
    """Where the embedded services keep their files (Temporal DB, Postgres data, logs)."""

    temporal_address: str | None = None
    """host:port of a Temporal frontend; unset means the embedded dev server."""

    temporal_namespace: str = DEFAULT_NAMESPACE
    """Temporal namespace for crawl workflows."""

    temporal_port: int = Field(default=DEFAULT_TEMPORAL_PORT, ge=1, le=MAX_PORT)
    """Port of the embedded Temporal dev server's frontend."""

    temporal_ui_port: int = Field(default=DEFAULT_TEMPORAL_UI_PORT, ge=1, le=MAX_PORT)
    """Port of the embedded Temporal web UI."""

    codec_port: int = Field(default=DEFAULT_CODEC_PORT, ge=1, le=MAX_PORT)
    """Port of the codec server through which the embedded web UI reads sealed payloads
    (``TRAWL_CODEC_PORT``; see SECURITY.md)."""

    codec_endpoint: str | None = None
    """With a Temporal server of your own: the URL where operators' ``temporal`` CLI and web
    UI reach a ``trawl codec-server`` (``TRAWL_CODEC_ENDPOINT``, e.g.
    ``http://codec.internal:8234``); the printed resume commands name it. The embedded
    server's is known without it."""

    temporal_ui_url: str | None = None
    """Base URL of the Temporal web UI, for links; derived from the UI port when unset."""

    database_url: str | None = None
    """SQLAlchemy URL of trawl's Postgres; unset means the embedded Postgres."""

    reader_database_url: str | None = None
    """SQLAlchemy URL of a read-only role on trawl's Postgres, for `trawl sql`
    (``TRAWL_READER_DATABASE_URL``); the embedded Postgres has one (``trawl_reader``)."""

    task_queue: str = DEFAULT_TASK_QUEUE
    """Temporal task queue that workers poll and crawls are started on."""

    browser_path: str | None = None
    """Chromium/Chrome executable to use when Playwright's own browser is absent."""

    user_agent: str = DEFAULT_USER_AGENT
    """User-Agent header for HTTP fetches (the browser keeps its own unless overridden)."""

    agent_upload_dir: Path | None = None
    """The directory an agent's uploads (``act(ref, 'upload', path)``) may come from
    (``TRAWL_AGENT_UPLOAD_DIR``; default: the working directory of ``trawl agent`` /
    ``trawl mcp``). A page can ask an agent for any file; this bounds what it can get."""

    allow_private: bool = False
    """Let everything this process runs reach internal addresses (loopback, private
    networks, cloud metadata): crawls, scrapes, and the programs calling its HTTP API, MCP
    server or agent (``TRAWL_ALLOW_PRIVATE``; per command ``--allow-private``). Off by
    default; the URLs an operator names on the command line are allowed anyway (see
    SECURITY.md)."""

    allow_hosts: Annotated[list[str], NoDecode] = Field(default_factory=list)
    """Host names (with their subdomains) or CIDRs that everything this process runs may
    reach even at an internal address (``TRAWL_ALLOW_HOSTS``, comma-separated, e.g.
    ``wiki.corp.example,10.20.0.0/16``; per command ``--allow-host``)."""

    secret_key: SecretStr | None = None
    """The data key sealing session data in Temporal payloads and in Postgres (base64 of 32
    bytes, ``TRAWL_SECRET_KEY``); unset means ``<data dir>/secret.key``, made on first use
    with mode 0600. Every worker and CLI of one deployment needs the same key."""

    api_token: SecretStr | None = None
    """The bearer token of the HTTP API (``trawl serve``; ``TRAWL_API_TOKEN``). Unset: a
    token generated into ``<data dir>/api.token`` (mode 0600), and `trawl serve` listens on
    loopback only."""

    webhook_secret: SecretStr | None = None
    """The secret crawl webhooks are signed with (Standard Webhooks: ``whsec_`` and base64;
    ``TRAWL_WEBHOOK_SECRET``). Unset: derived from ``TRAWL_SECRET_KEY`` when that is set
    (so a deployment's workers sign alike), else generated into
    ``<data dir>/webhook.secret`` (mode 0600). `trawl webhook-secret` prints it."""

    model: str | None = None
    """The model of model extraction and agent runs when none is given (``TRAWL_MODEL``,
    PROVIDER:NAME, e.g. ``ollama:qwen2.5:7b``). Keys (``OPENAI_API_KEY``,
    ``ANTHROPIC_API_KEY``) and endpoints (``OPENAI_BASE_URL``, ``OLLAMA_BASE_URL``) are read
    by the workers from their own environment, never sent with a crawl."""

    model_timeout_s: float = Field(default=DEFAULT_MODEL_TIMEOUT_S, gt=0)
    """Seconds one model request may take (``TRAWL_MODEL_TIMEOUT_S``)."""

    agent_webhook: str | None = None
    """POST every agent session's browser events (page_navigation, page_load_complete,
    action_completed, action_error, browser_error) here (``TRAWL_AGENT_WEBHOOK``; `trawl
    agent`/`trawl mcp` take ``--webhook``), signed like a crawl's webhook."""

    browser_sandbox: Literal["auto", "on", "off"] = "auto"
    """Chromium's sandbox (``TRAWL_BROWSER_SANDBOX``): ``auto`` runs it whenever the OS
    allows (not as root), ``on`` requires it, ``off`` never runs it (not recommended)."""

    browser_recycle_pages: int = DEFAULT_BROWSER_RECYCLE_PAGES
    """Relaunch the worker's browser after this many pages to keep memory flat."""

    extract_processes: int = Field(default_factory=default_extract_processes, ge=1, le=64)
    """Processes extracting markdown in each worker (``TRAWL_EXTRACT_PROCESSES``)."""

    extract_timeout_s: float = Field(default=DEFAULT_EXTRACT_TIMEOUT_S, gt=0,
                                     allow_inf_nan=False)
    """Seconds reading one page's content may take in a worker's extraction process
    (``TRAWL_EXTRACT_TIMEOUT_S``). Past it the page is read again whole (as ``--content
    full``), within as long again, and flagged in ``metadata.extraction_fault``; past that
    too it is stored without content, flagged. Raise it on a slow machine or for huge pages."""

    max_concurrent_activities: int = Field(default=DEFAULT_MAX_CONCURRENT_ACTIVITIES, ge=1,
                                           le=MAX_CONCURRENT_ACTIVITIES)
    """Activities (explores, claims ...) one worker runs at once
    (``TRAWL_MAX_CONCURRENT_ACTIVITIES``); more workers share the rest."""

    db_outage_budget_s: float = Field(default=DEFAULT_DB_OUTAGE_BUDGET_S, gt=0)
    """Seconds a database outage is waited out (``TRAWL_DB_OUTAGE_BUDGET_S``); after it,
    the crawl holds with status ``database_unreachable`` until ``trawl resume``."""

    metrics_port: int | None = Field(default=None, ge=1, le=MAX_PORT)
    """Serve the worker's Prometheus metrics on this port (``TRAWL_METRICS_PORT``; `trawl
    worker --metrics-port`); unset: no endpoint. See docs/operations/metrics.md."""

    metrics_host: str = DEFAULT_METRICS_HOST
    """The address the metrics endpoint binds (``TRAWL_METRICS_HOST``): loopback unless set,
    e.g. ``0.0.0.0`` in a container that Prometheus scrapes from another."""

    @field_validator("allow_hosts", mode="before")
    @classmethod
    def _host_list(cls, value: Any) -> list[str]:
        entries = value.split(",") if isinstance(value, str) else list(value or [])
        hosts = []
        for entry in entries:
            if isinstance(entry, str) and not entry.strip():
                continue
            checked = host_entry(entry)
            if checked is None:
                raise ValueError(f"{entry!r} is not a host name or a CIDR (comma-separated, "
                                 "e.g. wiki.corp.example,10.20.0.0/16)")
            hosts.append(checked)
        return hosts

    @field_validator("model", mode="before")
    @classmethod
    def _no_empty_model(cls, value: Any) -> Any:
        """``TRAWL_MODEL=`` (set empty, e.g. to override an inherited one) is no model."""
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("database_url", "reader_database_url")
    @classmethod
    def _postgres_url(cls, value: str | None) -> str | None:
        if value is not None and not _POSTGRES_URL.match(value):
            raise ValueError("must be a PostgreSQL URL such as "
                             "postgresql://user:password@host:5432/trawl")
        return value

    @field_validator("temporal_address")
    @classmethod
    def _host_port(cls, value: str | None) -> str | None:
        if value is None:
            return None
        found = _HOST_PORT.match(value)
        if not found or not 1 <= int(found.group(2)) <= MAX_PORT:
            raise ValueError("must be host:port, such as localhost:7233")
        return value

    @field_validator("temporal_ui_url", "codec_endpoint")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is not None and not _HTTP_URL.match(value):
            raise ValueError("must be an http(s) URL such as http://localhost:8233")
        return value

    @property
    def ui_base_url(self) -> str:
        return self.temporal_ui_url or f"http://localhost:{self.temporal_ui_port}"


def host_entry(entry: Any) -> str | None:
    """``entry`` stripped if it is what ``--allow-host`` / ``TRAWL_ALLOW_HOSTS`` take (a host
    name, an IP address or a CIDR), else None."""
    value = entry.strip() if isinstance(entry, str) else ""
    if value and not value.startswith("-") and not any(c in value for c in " /\\:@?#,"):
        return value.lower().rstrip(".") or None
    try:
        return str(ipaddress.ip_network(value, strict=False))
    except ValueError:
        return None


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The settings; SettingsError (one line naming each bad variable) when the environment
    holds a value that cannot be used."""
    try:
        return Settings()
    except ValidationError as exc:
        raise SettingsError(describe_invalid(exc)) from None


def use_data_dir(path: str | None) -> None:
    """A process's ``--data-dir`` option (the embedded services' own command lines name
    their data dir): it becomes TRAWL_DATA_DIR for this process, before settings are read."""
    if path:
        os.environ["TRAWL_DATA_DIR"] = path
        get_settings.cache_clear()


def use_model(ref: str | None) -> None:
    """A server's ``--model`` (checked by the caller): it becomes TRAWL_MODEL for this
    process, the model of every request through it that extracts with a schema and names
    none."""
    if ref:
        os.environ["TRAWL_MODEL"] = ref
        get_settings.cache_clear()


def describe_invalid(exc: ValidationError) -> str:
    """One line for a settings ValidationError: each variable, its value and what is wrong
    (never a secret's value)."""
    problems = []
    for error in exc.errors():
        field = str(error["loc"][0]) if error["loc"] else "?"
        name = f"TRAWL_{field.upper()}"
        value = os.environ.get(name, error.get("input"))
        shown = "(hidden)" if field == "secret_key" else repr(value)
        reason = str(error["msg"]).removeprefix("Value error, ")
        problems.append(f"{name}={shown}: {reason}")
    return "invalid setting " + "; ".join(problems)
