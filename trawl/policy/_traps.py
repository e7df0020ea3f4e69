"""Crawler traps: URLs that an infinite space of links can generate, recognised from the URL.

Each rule looks at one canonical URL only (pure, no state), so it costs nothing and
gives the same answer on every worker. The thresholds are chosen so that ordinary sites
never hit them, while the classic traps hit them within a few hops:

- **Length** over :data:`DEFAULT_MAX_URL_LENGTH` characters (2048: what browsers, CDNs
  and sitemaps.org treat as the practical limit; real page URLs are far shorter, while
  session ids appended again and again or links that keep nesting grow without end).
- **Repeated path segments**: one segment :data:`MAX_SEGMENT_REPEATS` (3) or more times,
  e.g. ``/a/b/a/b/a/b`` or ``/x/x/x/`` — what a relative link on a page that answers for any
  path under it produces (``href="x/"`` on ``/x/`` gives ``/x/x/``, then ``/x/x/x/`` ...).
  Two occurrences are common and fine (``/docs/v1/api/v1``); three almost never are.
- **Path depth** over :data:`MAX_PATH_SEGMENTS` (30) segments.
- **Query-parameter explosion**: more than :data:`MAX_QUERY_PARAMS` (12) parameters
  (faceted search combining filters), or one parameter repeated more than
  :data:`MAX_PARAM_REPEATS` (5) times (``?tag=a&tag=b&tag=c...``).
- **Calendars**: a date-like parameter (year, month, day, week, date, ...) whose value is
  out of range: ``month=13``, ``day=40``, a year before :data:`CALENDAR_MIN_YEAR` or more
  than :data:`CALENDAR_FUTURE_YEARS` years ahead (``?year=2187``), including dates written
  ``2187-05-01`` or ``218705``. "Next month" links stay in range only for a while; the
  rule cuts the chain once it leaves the calendar (or the plausible years). The depth
  limit bounds whatever these rules let through.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from functools import lru_cache
from urllib.parse import unquote_plus, urlsplit

DEFAULT_MAX_URL_LENGTH = 2048
MAX_SEGMENT_REPEATS = 3
MAX_PATH_SEGMENTS = 30
MAX_QUERY_PARAMS = 12
MAX_PARAM_REPEATS = 5
CALENDAR_MIN_YEAR = 1900
CALENDAR_FUTURE_YEARS = 5

_YEAR_NAMES = frozenset({"year", "yr", "jahr", "annee", "anno"})
_MONTH_NAMES = frozenset({"month", "mon", "monat", "mois", "mes"})
_DAY_NAMES = frozenset({"day", "dd", "tag", "jour", "dia"})
_WEEK_NAMES = frozenset({"week", "wk"})
_DATE_WORDS = ("date", "cal", "calendar", "year", "month", "day", "week", "from", "to",
               "start", "end", "since", "until", "period", "ym", "ymd")
_DATE_RE = re.compile(r"^(\d{4})(?:[-/.]?(\d{1,2})(?:[-/.]?(\d{1,2}))?)?(?:[T ].*)?$")


def _int(value: str) -> int | None:
    value = value.strip()
    if value.lstrip("-").isdigit() and len(value) <= 12:
        return int(value)
    return None


def _date_words(name: str) -> bool:
    parts = re.split(r"[^a-z]+", name)
    return any(p in _DATE_WORDS for p in parts if p) or name in _DATE_WORDS


def _bad_year(year: int, today: dt.date) -> bool:
    return year < CALENDAR_MIN_YEAR or year > today.year + CALENDAR_FUTURE_YEARS


def _calendar_reason(name: str, value: str, today: dt.date) -> str | None:
    key = name.lower().strip()
    number = _int(value)
    if number is not None:
        if key in _YEAR_NAMES and _bad_year(number, today):
            return f"calendar trap: {name}={value} is outside the plausible years"
        if key in _MONTH_NAMES and not 1 <= number <= 12:
            return f"calendar trap: {name}={value} is not a month"
        if key in _DAY_NAMES and not 1 <= number <= 31:
            return f"calendar trap: {name}={value} is not a day of the month"
        if key in _WEEK_NAMES and not 1 <= number <= 53:
            return f"calendar trap: {name}={value} is not a week of the year"
        # a bare number is a date only under a "date" name (start=1000 is an offset)
        if "date" not in key or len(value.strip()) not in (6, 8):
            return None
    elif not _date_words(key):
        return None
    match = _DATE_RE.match(value.strip())
    if match is None:
        return None
    year, month, day = (int(g) if g else None for g in match.groups())
    assert year is not None
    if _bad_year(year, today) or (month is not None and not 1 <= month <= 12) \
            or (day is not None and not 1 <= day <= 31):
        return f"calendar trap: {name}={value} is not a plausible date"
    return None


TRAP_VERDICTS_KEPT = 20_000
"""URLs whose trap verdict a process remembers (least recently asked forgotten first)."""


def trap_reason(url: str, *, max_url_length: int = DEFAULT_MAX_URL_LENGTH,
                today: dt.date | None = None) -> str | None:
    """Why ``url`` looks like a crawler trap, or None when it looks like a real page.

    ``url`` should be canonical (see :func:`trawl.urls.canonicalize`). ``today`` fixes
    the calendar rule's idea of the current year (tests). Answers are kept (a site's
    navigation links are asked about on every page).
    """
    return _trap_reason(url, max_url_length, today or dt.date.today())


@lru_cache(maxsize=TRAP_VERDICTS_KEPT)
def _trap_reason(url: str, max_url_length: int, today: dt.date) -> str | None:
    if len(url) > max_url_length:
        return f"URL longer than {max_url_length} characters"
    parts = urlsplit(url)
    segments = [s for s in parts.path.split("/") if s]
    if len(segments) > MAX_PATH_SEGMENTS:
        return f"path deeper than {MAX_PATH_SEGMENTS} segments"
    if segments:
        segment, count = Counter(segments).most_common(1)[0]
        if count >= MAX_SEGMENT_REPEATS:
            return f"path segment {segment!r} repeated {count} times"
    if not parts.query:
        return None
    pairs = [p.partition("=") for p in parts.query.split("&") if p]
    if len(pairs) > MAX_QUERY_PARAMS:
        return f"{len(pairs)} query parameters (more than {MAX_QUERY_PARAMS})"
    names = Counter(unquote_plus(name).lower() for name, _, _ in pairs)
    name, count = names.most_common(1)[0]
    if count > MAX_PARAM_REPEATS:
        return f"query parameter {name!r} repeated {count} times"
    for raw_name, _, raw_value in pairs:
        reason = _calendar_reason(unquote_plus(raw_name), unquote_plus(raw_value), today)
        if reason is not None:
            return reason
    return None
