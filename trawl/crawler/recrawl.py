"""Recrawl decisions at explore time: conditional requests, and "nothing changed".

A recrawl (``spec.recrawl_of`` set) revisits every page of an earlier crawl. A page that
was fetched successfully then is asked for with that response's validators
(``If-None-Match``, ``If-Modified-Since``) over HTTP — in browser mode too, before any
rendering. A 304, or a 200 with exactly the HTML bytes served last time, means the page
is unchanged: explore copies its previous row (content and links) instead of rendering
and extracting it again. Anything else is loaded and extracted as usual, and the store
compares the result with the previous version.
"""

from __future__ import annotations

import hashlib

from trawl.crawler.fetch import FetchResult
from trawl.crawler.render import Loaded
from trawl.store.recrawl import PreviousPage
from trawl.urls import canonicalize

NOT_MODIFIED = 304


def body_hash(body: bytes) -> str:
    """SHA-256 of a response body, as stored in ``pages.body_hash``."""
    return hashlib.sha256(body).hexdigest()


def revalidates(prev: PreviousPage | None) -> bool:
    """Whether the URL's previous version is worth a conditional request."""
    return prev is not None and prev.ok


def conditional_headers(prev: PreviousPage | None) -> dict[str, str]:
    """The validators of the previous response, as request headers."""
    if prev is None or not prev.ok:
        return {}
    headers: dict[str, str] = {}
    if prev.etag:
        headers["If-None-Match"] = prev.etag
    if prev.last_modified:
        headers["If-Modified-Since"] = prev.last_modified
    return headers


def record_validators(loaded: Loaded, fetched: FetchResult) -> Loaded:
    """Keep the HTTP response's validators and body hash on ``loaded`` (which may come
    from the browser afterwards: its own headers win, the raw body's hash is HTTP's)."""
    loaded.etag = loaded.etag or fetched.headers.get("etag")
    loaded.last_modified = loaded.last_modified or fetched.headers.get("last-modified")
    if fetched.body is not None and fetched.status_code < 300:
        loaded.body_hash = body_hash(fetched.body)
    return loaded


def is_unchanged(prev: PreviousPage | None, fetched: FetchResult, url: str) -> bool:
    """A 304, or the same HTML bytes as the previous version, at the same URL."""
    if not revalidates(prev) or canonicalize(fetched.final_url) != url:
        return False
    assert prev is not None
    if fetched.status_code == NOT_MODIFIED:
        return True
    return (fetched.status_code < 300 and fetched.body is not None
            and prev.body_hash is not None and body_hash(fetched.body) == prev.body_hash)


def unchanged_load(fetched: FetchResult) -> Loaded:
    """What explore records of an unchanged page's response (the rest is copied)."""
    loaded = Loaded(fetched.final_url, fetched.status_code, fetched.content_type,
                    fetched.content_length, None, fetched.elapsed_ms, unchanged=True)
    return record_validators(loaded, fetched)
