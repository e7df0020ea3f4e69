"""When a site says "not now": 429 Too Many Requests and 503 Service Unavailable.

``Retry-After`` (RFC 9110, section 10.2.3) is either a number of seconds or an HTTP-date.
Without it we back off exponentially: 1 s, 2 s, 4 s, ...
"""

from __future__ import annotations

from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

RETRY_STATUSES = frozenset({429, 503})
"""Statuses that mean "ask again later"; the page is retried in place."""
DEFAULT_BACKOFF_S = 1.0
"""First wait after a 429/503 without Retry-After; doubled on every further attempt."""
MAX_BACKOFF_S = 60.0


def parse_retry_after(value: str | None, now: datetime | None = None) -> float | None:
    """Seconds to wait from a Retry-After header value; None when absent or unreadable.

    A date in the past means "now" (0 s); negative numbers are not valid and give None.
    """
    if value is None:
        return None
    value = value.strip()
    if not value:
        return None
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:  # RFC 9110 dates are GMT; email.utils leaves some naive
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())


def backoff_s(attempt: int, base_s: float = DEFAULT_BACKOFF_S) -> float:
    """Wait before retry number ``attempt + 1`` when the site gave no Retry-After."""
    return min(MAX_BACKOFF_S, base_s * 2 ** max(0, attempt))
