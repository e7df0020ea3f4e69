"""The closed sets of strings a crawl records: page outcomes, frontier and crawl statuses,
the live status workflows report, and the fixed error classes.

Every value is stored (Postgres columns, search attributes, Temporal histories) exactly as
written here: a ``StrEnum`` member *is* its string, so comparisons with stored text and JSON
payloads written before these enums existed keep working. Never change a value; add one.
"""


from enum import StrEnum


class PageOutcome(StrEnum):
    """What happened to one URL's explore (``ExploreOutput.outcome``, ``PageRecord.outcome``)."""

    DONE = "done"
    """Stored with its content."""
    FAILED = "failed"
    """Stored as failed, with an error class and message."""
    REDIRECTED = "redirected"
    """Answered with a redirect; its target joins the frontier."""
    SKIPPED = "skipped"
    """Not fetched on purpose (robots.txt, a stopped site, a trap), with the reason."""
    HANDOFF = "handoff"
    """Blocked: it waits for a person (``resume`` retries it)."""


class UrlStatus(StrEnum):
    """A frontier URL's state (``crawl_urls.status``)."""

    QUEUED = "queued"
    """Waiting to be claimed."""
    CLAIMED = "claimed"
    """Claimed by a site workflow's batch; explored or released later."""
    DONE = "done"
    """Explored and stored with content."""
    FAILED = "failed"
    """Explored and recorded as failed."""
    REDIRECTED = "redirected"
    """Answered with a redirect (its target queued)."""
    SKIPPED = "skipped"
    """Not fetched on purpose, with the reason."""
    BLOCKED = "blocked"
    """Waiting on a handoff; ``resume`` queues it again."""


class CrawlStatus(StrEnum):
    """A crawl's recorded end (``crawls.status``, ``FinishCrawlInput.status``,
    ``CrawlResult.status``)."""

    RUNNING = "running"
    """Started, not ended."""
    COMPLETED = "completed"
    """Every URL it queued has an outcome."""
    CANCELLED = "cancelled"
    """Cancelled (``trawl cancel``); claimed URLs went back to the queue."""
    FAILED = "failed"
    """Ended by an error."""


class LiveStatus(StrEnum):
    """What a running crawl or site is doing, as its workflow reports it (progress query,
    ``site_update`` signal, the ``CrawlStatus`` search attribute)."""

    RUNNING = "running"
    """Exploring."""
    PAUSED = "paused"
    """Paused by the ``pause`` signal until ``resume``."""
    HANDOFF = "handoff"
    """A site waits for a person."""
    DATABASE_UNREACHABLE = "database_unreachable"
    """A database outage outlasted the budget: the site holds until ``resume``."""
    COMPLETED = "completed"
    """Nothing left to explore."""
    CANCELLED = "cancelled"
    """Crawls only."""
    START_FAILED = "start_failed"
    """Crawls only: the crawl could not start (its details say why); it tries again, and at
    once on ``resume``."""


class ErrorClass(StrEnum):
    """The fixed error classes of a failed page (``pages.error_class``). An HTTP error is
    recorded as ``http_<status>`` (:func:`http_error_class`), outside this set."""

    INTERNAL_ERROR = "internal_error"
    """The explore itself kept failing (recorded after its retries)."""
    FETCH_ERROR = "fetch_error"
    """Any other fetch failure (trawl.errors.FetchError)."""
    TIMEOUT = "timeout"
    """The page did not answer, load or settle in time."""
    CRASHED = "crashed"
    """The browser's renderer died on the page."""
    TOO_MANY_REDIRECTS = "too_many_redirects"
    """A redirect chain longer than the limit."""
    REDIRECT_LOOP = "redirect_loop"
    """A redirect chain that came back to a URL it passed."""
    TOO_LARGE = "too_large"
    """More bytes than the limit (declared or received)."""
    BLOCKED_ADDRESS = "blocked_address"
    """An internal address, or a refused scheme or host."""
    CONNECT_ERROR = "connect_error"
    """No connection to the server."""
    UNREADABLE_DOCUMENT = "unreadable_document"
    """A document that arrived but cannot be read."""
    HANDOFF_EXHAUSTED = "handoff_exhausted"
    """Still behind a login wall or CAPTCHA after the bounded number of handoffs: given up
    (recorded, the crawl goes on)."""


def http_error_class(status_code: int) -> str:
    """The error class of a page answered with HTTP error ``status_code``."""
    return f"http_{status_code}"
