"""trawl's exception hierarchy.

    TrawlError
    ├── ConfigError            bad settings or arguments (a bad URL, an unknown option)
    │   └── SettingsError      a TRAWL_* environment variable holds an unusable value
    ├── ServiceError           an embedded or remote service cannot be started or reached
    │   ├── DatabaseError      Postgres unreachable or failing
    │   │   └── DatabaseUnreachable  an outage outlasted the outage budget
    │   └── TemporalError      Temporal unreachable or failing
    ├── BrowserError           no browser found, or it cannot be launched
    ├── CrawlNotFound          no crawl with that id
    ├── SiteStopped            a site's error budget ran out: its URLs are skipped
    ├── WebhookError           a webhook did not take an event (no 2xx answer in time)
    └── FetchError             one page could not be fetched (recorded, crawl goes on)
        ├── FetchTimeout       the page did not answer, load or settle in time
        ├── PageCrashed        the browser's renderer died on the page (memory, a crash)
        ├── TooManyRedirects   a redirect chain longer than the limit
        ├── RedirectLoop       a redirect chain that comes back to a URL it passed
        ├── BodyTooLarge       more bytes than the limit (declared or received)
        ├── BlockedAddress     an internal address (or a refused scheme or host) not allowed
        ├── ConnectError
        └── UnreadableDocument a JSON, text or PDF document that arrived but cannot be read
                               (an encrypted or damaged PDF, a binary body sent as text)

Every error carries a message written for the person who must act on it.
"""

from __future__ import annotations


class TrawlError(Exception):
    """Base of every error trawl raises on purpose."""


class ConfigError(TrawlError):
    """A setting or argument is invalid."""


class SettingsError(ConfigError):
    """A ``TRAWL_*`` environment variable holds a value that cannot be used."""


class ServiceError(TrawlError):
    """A service trawl depends on cannot be started or reached."""


class DatabaseError(ServiceError):
    """Postgres is unreachable or refused an operation."""


class DatabaseUnreachable(DatabaseError):
    """Postgres stayed unreachable longer than the outage budget (or than the activity
    waiting for it may run). Not a page's failure: the crawl holds, nothing is recorded."""

    def __init__(self, message: str, *, budget_spent: bool = True) -> None:
        super().__init__(message)
        self.budget_spent = budget_spent
        """False when only the caller's own deadline ran out (it is tried again)."""


class TemporalError(ServiceError):
    """Temporal is unreachable or refused an operation."""


class BrowserError(TrawlError):
    """No usable browser, or it failed to launch."""


class CrawlNotFound(TrawlError):
    """No crawl has the given id."""


class SiteStopped(TrawlError):
    """The crawl stopped asking a site (too many errors in a row); the page is skipped."""


class WebhookError(TrawlError):
    """A webhook did not take an event: an answer other than 2xx, no answer in time, or an
    address the guard refuses. Delivery retries it with backoff."""


class FetchError(TrawlError):
    """A single page could not be fetched; the crawl records it and goes on."""

    error_class = "fetch_error"


class FetchTimeout(FetchError):
    error_class = "timeout"


class PageCrashed(FetchError):
    error_class = "crashed"


class TooManyRedirects(FetchError):
    error_class = "too_many_redirects"


class RedirectLoop(FetchError):
    error_class = "redirect_loop"


class BodyTooLarge(FetchError):
    error_class = "too_large"


class BlockedAddress(FetchError):
    """The URL's scheme, host or resolved address is not allowed (see trawl.net)."""

    error_class = "blocked_address"


class ConnectError(FetchError):
    error_class = "connect_error"


class UnreadableDocument(FetchError):
    """The response arrived whole but its content cannot be read (see trawl.documents):
    recorded as failed with the reason, never stored as an empty page."""

    error_class = "unreadable_document"
