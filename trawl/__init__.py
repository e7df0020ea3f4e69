"""trawl: a durable knowledge-extraction crawler (Chromium + Temporal + Postgres).

The public names are listed in ``__all__`` and load on first use, so ``import trawl`` stays
cheap and imports neither Temporal nor a browser until a name that needs one is used::

    import trawl

    result = trawl.extract(html, url)              # pure: markdown, text, metadata, links
    page = await trawl.scrape(url, formats=["markdown", "links"])  # one page, no services
    async with await trawl.crawl("https://example.com/", max_pages=50) as c:  # a crawl
        async for page in c.pages():               # each page as it is stored
            print(page["url"], page["title"])
        print(await c.wait())                      # its final status

The package's layers, lowest first (ARCHITECTURE.md; checked by ``lint-imports``):
``config``/``errors`` → ``urls``, ``net``, ``policy``, ``services``, ``secrets`` → ``extract``,
``documents``, ``store`` → ``browser`` → ``crawler`` → ``activities`` → ``workflows`` →
``worker`` → ``api`` (the CLI, the agent protocol, MCP). Only the last four know Temporal.
"""

from __future__ import annotations

from trawl import _loading

if _loading.console_script():  # first: a Ctrl-C while the rest loads is one line
    _loading.quiet_interrupts_while_loading()

import importlib
import sys
import types
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

try:
    __version__ = version("trawl")
except PackageNotFoundError:  # a checkout on sys.path, not installed
    __version__ = "0+unknown"

_PUBLIC = {
    # crawls: start one and follow it (trawl.api.handle), or the lower-level connection
    "crawl": "trawl.api.handle",
    "crawl_sync": "trawl.api.handle",
    "open_crawl": "trawl.api.handle",
    "open_crawl_sync": "trawl.api.handle",
    "CrawlHandle": "trawl.api.handle",
    "SyncCrawlHandle": "trawl.api.handle",
    "EventType": "trawl.model",
    "Trawl": "trawl.api.crawls",
    "Started": "trawl.api.crawls",
    "CrawlStatus": "trawl.api.crawls",
    "CrawlSpec": "trawl.model",
    # knowledge by intent: structured data of one page, durable browser agent runs
    "extract_page": "trawl.ai",
    "agent_run": "trawl.api.agents",
    "AgentSpec": "trawl.model",
    "Settings": "trawl.config",
    "get_settings": "trawl.config",
    # extraction, without a crawl
    "extract": "trawl.extract",
    "Extraction": "trawl.extract",
    "Link": "trawl.extract",
    # one page, without a crawl (no Temporal, no database)
    "scrape": "trawl.crawler.scrape",
    "scrape_sync": "trawl.crawler.scrape",
    "Scraper": "trawl.crawler.scrape",
    "ScrapeOptions": "trawl.crawler.scrape",
    "ScrapeResult": "trawl.crawler.scrape",
    # errors (see trawl.errors for the hierarchy)
    "TrawlError": "trawl.errors",
    "ConfigError": "trawl.errors",
    "ServiceError": "trawl.errors",
    "SettingsError": "trawl.errors",
    "DatabaseError": "trawl.errors",
    "TemporalError": "trawl.errors",
    "BrowserError": "trawl.errors",
    "CrawlNotFound": "trawl.errors",
    "FetchError": "trawl.errors",
    "FetchTimeout": "trawl.errors",
    "BlockedAddress": "trawl.errors",
    "WebhookError": "trawl.errors",
}

__all__ = [  # a literal, for linters and readers; the same names as _PUBLIC (tested)
    "AgentSpec",
    "BlockedAddress",
    "BrowserError",
    "ConfigError",
    "CrawlHandle",
    "CrawlNotFound",
    "CrawlSpec",
    "CrawlStatus",
    "DatabaseError",
    "EventType",
    "Extraction",
    "FetchError",
    "FetchTimeout",
    "Link",
    "ScrapeOptions",
    "ScrapeResult",
    "Scraper",
    "ServiceError",
    "Settings",
    "SettingsError",
    "Started",
    "SyncCrawlHandle",
    "TemporalError",
    "Trawl",
    "TrawlError",
    "WebhookError",
    "__version__",
    "agent_run",
    "crawl",
    "crawl_sync",
    "extract",
    "extract_page",
    "get_settings",
    "open_crawl",
    "open_crawl_sync",
    "scrape",
    "scrape_sync",
]

if TYPE_CHECKING:  # for type checkers and editors; at run time names load on first use
    from trawl.api.crawls import CrawlStatus, Started, Trawl
    from trawl.api.handle import (
        CrawlHandle,
        SyncCrawlHandle,
        crawl,
        crawl_sync,
        open_crawl,
        open_crawl_sync,
    )
    from trawl.config import Settings, get_settings
    from trawl.crawler.scrape import ScrapeOptions, Scraper, ScrapeResult, scrape, scrape_sync
    from trawl.errors import (
        BlockedAddress,
        BrowserError,
        ConfigError,
        CrawlNotFound,
        DatabaseError,
        FetchError,
        FetchTimeout,
        ServiceError,
        SettingsError,
        TemporalError,
        TrawlError,
        WebhookError,
    )
    from trawl.extract import Extraction, Link, extract
    from trawl.model import CrawlSpec, EventType


class _Package(types.ModuleType):
    """``trawl`` itself. Importing the sub-package ``trawl.extract`` (which the crawler does)
    makes Python set the attribute ``extract`` of ``trawl`` to that package, which would hide
    the public function ``trawl.extract``; such an assignment is dropped here, so the name
    always means the function. The package stays importable as ``trawl.extract``."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, types.ModuleType) and _PUBLIC.get(name) == f"{__name__}.{name}":
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


def __getattr__(name: str) -> Any:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'trawl' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # loaded once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
