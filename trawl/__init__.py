"""trawl: a durable knowledge-extraction crawler (Chromium + Temporal + Postgres).

The public names are listed in ``__all__`` and load on first use, so ``import trawl`` stays
cheap and imports neither Temporal nor a browser until a name that needs one is used::

    import trawl

    result = trawl.extract(html, url)              # pure: markdown, text, metadata, links
    page = await trawl.scrape(url, formats=["markdown", "links"])  # one page, no services
    async with await trawl.Trawl.connect() as t:   # crawls (starts embedded services)
        started = await t.start(trawl.CrawlSpec(start_urls=["https://example.com/"]))
        print(await t.status(started.crawl_id))

The package's layers, lowest first (ARCHITECTURE.md; checked by ``lint-imports``):
``config``/``errors`` → ``urls``, ``net``, ``policy``, ``services``, ``secrets`` → ``extract``,
``documents``, ``store`` → ``browser`` → ``crawl`` → ``activities`` → ``workflows`` →
``worker`` → ``api`` (the CLI, the agent protocol, MCP). Only the last four know Temporal.
"""

from __future__ import annotations

import importlib
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

try:
    __version__ = version("trawl")
except PackageNotFoundError:  # a checkout on sys.path, not installed
    __version__ = "0+unknown"

_PUBLIC = {
    # crawls
    "Trawl": "trawl.api.crawls",
    "Started": "trawl.api.crawls",
    "CrawlStatus": "trawl.api.crawls",
    "CrawlSpec": "trawl.model",
    "Settings": "trawl.config",
    "get_settings": "trawl.config",
    # extraction, without a crawl
    "extract": "trawl.extract",
    "Extraction": "trawl.extract",
    "Link": "trawl.extract",
    # one page, without a crawl (no Temporal, no database)
    "scrape": "trawl.crawl.scrape",
    "scrape_sync": "trawl.crawl.scrape",
    "Scraper": "trawl.crawl.scrape",
    "ScrapeOptions": "trawl.crawl.scrape",
    "ScrapeResult": "trawl.crawl.scrape",
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
}

__all__ = [  # a literal, for linters and readers; the same names as _PUBLIC (tested)
    "BlockedAddress",
    "BrowserError",
    "ConfigError",
    "CrawlNotFound",
    "CrawlSpec",
    "CrawlStatus",
    "DatabaseError",
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
    "TemporalError",
    "Trawl",
    "TrawlError",
    "__version__",
    "extract",
    "get_settings",
    "scrape",
    "scrape_sync",
]

if TYPE_CHECKING:  # for type checkers and editors; at run time names load on first use
    from trawl.api.crawls import CrawlStatus, Started, Trawl
    from trawl.config import Settings, get_settings
    from trawl.crawl.scrape import ScrapeOptions, Scraper, ScrapeResult, scrape, scrape_sync
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
    )
    from trawl.extract import Extraction, Link, extract
    from trawl.model import CrawlSpec


def __getattr__(name: str) -> Any:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'trawl' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # loaded once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
