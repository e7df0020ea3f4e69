"""robots.txt: fetch, parse (Protego) and cache per site.

What an answer from ``/robots.txt`` means (RFC 9309, section 2.3.1):

- 2xx: the rules in the body apply (the first :data:`MAX_ROBOTS_BYTES` are parsed, as the
  RFC allows; a body that is not text parses to no rules, i.e. allow all).
- 3xx: followed by the HTTP client (at most its redirect limit); the final answer counts.
- 4xx (401/403 too, and 429 excepted): "unavailable" -> everything is allowed.
- 429, 5xx, a timeout or a connection error: "unreachable" -> everything is disallowed,
  but only for :data:`UNREACHABLE_TTL_S`: the next URL of the site after that asks again.
  We chose the RFC's cautious reading (assume complete disallow) over "crawl anyway"; the
  pages met meanwhile are recorded as ``skipped`` with the reason, so a user sees why.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import httpx
from protego import Protego

from trawl.errors import BlockedAddress

ROBOTS_TTL_S = 3600.0
"""How long a fetched robots.txt is trusted (RFC 9309 asks for at most 24 hours)."""
UNREACHABLE_TTL_S = 120.0
"""How long an unreachable robots.txt (5xx, 429, network error) disallows the whole site."""
MAX_ROBOTS_BYTES = 512 * 1024
"""RFC 9309: parse at least the first 500 KiB; we read no more than this."""
ROBOTS_TIMEOUT_S = 15.0
CACHE_MAX_SITES = 10_000
"""Entries the per-worker cache keeps before forgetting the least recently used."""

_TOKEN_RE = re.compile(r"[A-Za-z0-9_-]+")


def robots_token(user_agent: str) -> str:
    """The product token robots.txt groups are matched against: ``trawl`` for
    ``trawl/0.1 (+https://...)``. A browser-like agent (``Mozilla/5.0 ...``) is matched as a
    whole, at token boundaries, by Protego."""
    match = _TOKEN_RE.match(user_agent.strip())
    if match is None or match.group(0).lower() == "mozilla":
        return user_agent
    return match.group(0)


VERDICTS_KEPT = 20_000
"""URLs whose robots.txt verdict a site's rules remember (then they start over)."""


@dataclass
class RobotsRules:
    """The robots.txt verdict for one site."""

    site: str
    """scheme://host[:port]."""
    state: str
    """parsed | unavailable (allow all) | unreachable (disallow all)."""
    detail: str = ""
    """Why, for people: e.g. ``HTTP 404`` or ``HTTP 503``."""
    parser: Protego | None = None
    fetched_at: float = 0.0
    _verdicts: dict[tuple[str, str], bool] = field(default_factory=dict, repr=False,
                                                   compare=False)
    """can_fetch's answers so far: a site's pages link to the same URLs over and over (its
    navigation), and each link is asked about on every page that has it."""

    @property
    def ttl_s(self) -> float:
        return UNREACHABLE_TTL_S if self.state == "unreachable" else ROBOTS_TTL_S

    def can_fetch(self, url: str, user_agent: str) -> bool:
        if self.state == "unreachable":
            return False
        if self.parser is None:
            return True
        key = (url, user_agent)
        verdict = self._verdicts.get(key)
        if verdict is None:
            if len(self._verdicts) >= VERDICTS_KEPT:
                self._verdicts.clear()
            verdict = self._verdicts[key] = bool(
                self.parser.can_fetch(url, robots_token(user_agent)))
        return verdict

    def reason(self, url: str, user_agent: str) -> str | None:
        """None when ``url`` may be fetched; otherwise the reason recorded for the skip."""
        if self.can_fetch(url, user_agent):
            return None
        if self.state == "unreachable":
            return f"robots.txt unreachable ({self.detail}): site treated as disallowed"
        return "robots.txt"

    def crawl_delay(self, user_agent: str) -> float | None:
        """Seconds between requests the site asks for (Crawl-delay), if any."""
        if self.parser is None:
            return None
        delay = self.parser.crawl_delay(robots_token(user_agent))
        return float(delay) if delay is not None else None

    @property
    def sitemaps(self) -> list[str]:
        """Sitemap URLs the file lists (absolute, as written)."""
        return list(self.parser.sitemaps) if self.parser is not None else []


def parse_robots(site: str, text: str, fetched_at: float = 0.0) -> RobotsRules:
    return RobotsRules(site, "parsed", "", Protego.parse(text), fetched_at)


def robots_url(site_or_url: str) -> str:
    parts = urlsplit(site_or_url)
    return f"{parts.scheme}://{parts.netloc}/robots.txt"


async def fetch_robots(http: httpx.AsyncClient, site: str, *, user_agent: str | None = None,
                       timeout_s: float = ROBOTS_TIMEOUT_S,
                       clock: Callable[[], float] = time.monotonic) -> RobotsRules:
    """GET ``site``/robots.txt and turn the answer into rules (never raises on HTTP)."""
    headers = {"User-Agent": user_agent} if user_agent else None
    now = clock()
    try:
        async with asyncio.timeout(timeout_s), \
                http.stream("GET", robots_url(site), headers=headers) as response:
            status = response.status_code
            if 200 <= status < 300:
                body = bytearray()
                async for chunk in response.aiter_bytes():
                    body += chunk
                    if len(body) >= MAX_ROBOTS_BYTES:
                        break
                text = bytes(body[:MAX_ROBOTS_BYTES]).decode("utf-8", errors="replace")
                return parse_robots(site, text, now)
    except BlockedAddress as exc:  # the site's pages are refused as well, each recorded
        return RobotsRules(site, "unavailable", str(exc), None, now)
    except (httpx.HTTPError, TimeoutError, OSError) as exc:
        return RobotsRules(site, "unreachable", type(exc).__name__, None, now)
    if status == 429 or status >= 500:
        return RobotsRules(site, "unreachable", f"HTTP {status}", None, now)
    return RobotsRules(site, "unavailable", f"HTTP {status}", None, now)


@dataclass
class RobotsCache:
    """robots.txt rules per site for one worker: one fetch per site at a time, with a TTL.

    Concurrent explores of one site wait on the same fetch instead of each asking.
    """

    ttl_s: float | None = None
    """Override every entry's TTL (tests); None = per state (see :class:`RobotsRules`)."""
    max_sites: int = CACHE_MAX_SITES
    clock: Callable[[], float] = time.monotonic
    fetches: int = 0
    """How many robots.txt requests this cache made (for tests and stats)."""
    _entries: OrderedDict[str, RobotsRules] = field(default_factory=OrderedDict)
    _locks: dict[str, asyncio.Lock] = field(default_factory=dict)

    def _fresh(self, site: str) -> RobotsRules | None:
        rules = self._entries.get(site)
        if rules is None:
            return None
        ttl = self.ttl_s if self.ttl_s is not None else rules.ttl_s
        if self.clock() - rules.fetched_at >= ttl:
            return None
        self._entries.move_to_end(site)
        return rules

    async def get(self, http: httpx.AsyncClient, site: str,
                  user_agent: str | None = None) -> RobotsRules:
        rules = self._fresh(site)
        if rules is not None:
            return rules
        lock = self._locks.setdefault(site, asyncio.Lock())
        async with lock:
            rules = self._fresh(site)  # fetched by whoever held the lock before us
            if rules is not None:
                return rules
            self.fetches += 1
            rules = await fetch_robots(http, site, user_agent=user_agent, clock=self.clock)
            self._entries[site] = rules
            self._entries.move_to_end(site)
            while len(self._entries) > self.max_sites:
                old, _ = self._entries.popitem(last=False)
                self._locks.pop(old, None)
            return rules
