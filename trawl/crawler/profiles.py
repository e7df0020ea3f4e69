"""A worker's view of per-site session profiles (cookies + storage for logged-in crawls).

Explore activities carry the version of their site's profile (the site workflow learns it
when it claims URLs), so a worker loads a profile from Postgres once per version, and the
browser pool keeps one context per (crawl, site, version): a new session after a handoff gets a
fresh context, the old one is dropped. Values are never logged.
"""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy.ext.asyncio import AsyncEngine

from trawl.browser.pool import ANONYMOUS, CRAWL_SEPARATOR, BrowserPool
from trawl.store.sessions import load_profile


def site_profile(site: str, version: int) -> str:
    """A site's profile version as the pool names it (version 0: anonymous)."""
    return f"{site}#{version}" if version else ANONYMOUS


def profile_key(crawl_id: str, site: str, version: int) -> str:
    """The browser pool's context key: one per crawl and profile version, so one crawl's
    cookies (set by the pages it read) never reach another crawl's requests."""
    return f"{crawl_id}{CRAWL_SEPARATOR}{site_profile(site, version)}"


class ProfileCache:
    def __init__(self) -> None:
        self._loaded: dict[str, tuple[int, dict[str, Any] | None]] = {}
        self._lock = asyncio.Lock()

    async def get(self, engine: AsyncEngine, pool: BrowserPool | None, site: str,
                  version: int) -> dict[str, Any] | None:
        """The storage state of ``site`` at ``version`` (None for version 0 or no profile)."""
        if version == 0:
            return None
        hit = self._loaded.get(site)
        if hit is not None and hit[0] == version:
            return hit[1]
        async with self._lock:
            hit = self._loaded.get(site)
            if hit is not None and hit[0] == version:
                return hit[1]
            _, state = await load_profile(engine, site)
            self._loaded[site] = (version, state)
        if hit is not None and pool is not None and hit[0] < version:
            await pool.forget_profile(site_profile(site, hit[0]))
        return state


def _domain_matches(host: str, domain: str) -> bool:
    domain = domain.lstrip(".").lower()
    return host == domain or host.endswith("." + domain)


def cookie_header(state: dict[str, Any] | None, url: str) -> dict[str, str] | None:
    """A ``Cookie`` header for ``url`` from a storage state (http mode has no browser)."""
    if not state:
        return None
    parts = urlsplit(url)
    host, path = (parts.hostname or "").lower(), parts.path or "/"
    pairs = [f"{c['name']}={c['value']}" for c in state.get("cookies", [])
             if "name" in c and "value" in c
             and _domain_matches(host, str(c.get("domain", host)))
             and path.startswith(str(c.get("path") or "/"))
             and not (c.get("secure") and parts.scheme != "https")]
    return {"Cookie": "; ".join(pairs)} if pairs else None
