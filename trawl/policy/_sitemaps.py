"""Sitemaps: parse ``<urlset>`` and ``<sitemapindex>`` files (plain or gzip) with hard bounds.

:func:`parse_sitemap` is pure (bytes in, URLs out). :func:`collect_sitemap_urls` follows
index files breadth first and stops at whichever bound comes first: :data:`MAX_SITEMAP_URLS`
page URLs, :data:`MAX_SITEMAP_FILES` files read, :data:`MAX_SITEMAP_BYTES` bytes per file
(after decompression, so a gzip bomb costs no more than a big plain file). A sitemap that
fails (HTTP error, bad XML) is noted in ``errors`` and skipped; it never fails a crawl.
"""

from __future__ import annotations

import asyncio
import time
import zlib
from dataclasses import dataclass, field
from urllib.parse import urljoin

import httpx
from lxml import etree

from trawl.errors import BlockedAddress

MAX_SITEMAP_URLS = 50_000
"""Page URLs taken from a site's sitemaps at most (the sitemaps.org limit of one file)."""
MAX_SITEMAP_FILES = 50
"""Sitemap files (index and urlset) read per site at most."""
MAX_SITEMAP_BYTES = 50 * 1024 * 1024
"""Bytes per sitemap file after decompression (the sitemaps.org limit is 50 MB)."""
SITEMAP_TIMEOUT_S = 30.0
GZIP_MAGIC = b"\x1f\x8b"


class SitemapError(ValueError):
    """A sitemap file that cannot be read."""


@dataclass
class SitemapDoc:
    """What one sitemap file lists."""

    urls: list[str] = field(default_factory=list)
    """Page URLs (``<urlset><url><loc>``, or lines of a plain-text sitemap)."""
    sitemaps: list[str] = field(default_factory=list)
    """Nested sitemap files (``<sitemapindex><sitemap><loc>``)."""


@dataclass
class SitemapResult:
    urls: list[str] = field(default_factory=list)
    files_read: int = 0
    errors: list[str] = field(default_factory=list)
    truncated: bool = False
    """A bound was reached: more URLs or files were listed than taken."""
    found_in: dict[str, str] = field(default_factory=dict)
    """Page URL -> the sitemap file that listed it first."""


def _gunzip(body: bytes, max_bytes: int) -> bytes:
    decomp = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        out = decomp.decompress(body, max_bytes + 1)
    except zlib.error as exc:
        raise SitemapError(f"bad gzip data: {exc}") from exc
    if len(out) > max_bytes:
        raise SitemapError(f"larger than {max_bytes} bytes once decompressed")
    return out


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1].lower() if isinstance(tag, str) else ""


def parse_sitemap(body: bytes, base_url: str = "", *, max_bytes: int = MAX_SITEMAP_BYTES,
                  max_urls: int = MAX_SITEMAP_URLS) -> SitemapDoc:
    """Parse one sitemap file: XML urlset or sitemapindex, gzip or not, or plain text.

    Namespaces are ignored (sites get them wrong); ``<loc>`` values are resolved against
    ``base_url`` and only http(s) URLs are kept. Raises :class:`SitemapError`.
    """
    if body.startswith(GZIP_MAGIC):
        body = _gunzip(body, max_bytes)
    if len(body) > max_bytes:
        raise SitemapError(f"larger than {max_bytes} bytes")
    doc = SitemapDoc()
    head = body.lstrip()[:1]
    if head != b"<":  # a plain-text sitemap: one URL per line
        for line in body.decode("utf-8", errors="replace").splitlines():
            line = line.strip()
            if line.startswith(("http://", "https://")) and len(doc.urls) < max_urls:
                doc.urls.append(line)
        return doc
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False,
                             recover=True, remove_comments=True)
    try:
        root = etree.fromstring(body, parser)
    except etree.XMLSyntaxError as exc:
        raise SitemapError(f"not XML: {exc}") from exc
    if root is None:
        raise SitemapError("empty or unreadable XML")
    kind = _local(root.tag)
    if kind not in ("urlset", "sitemapindex"):
        raise SitemapError(f"not a sitemap (root element <{kind}>)")
    target = doc.urls if kind == "urlset" else doc.sitemaps
    for entry in root:
        if len(target) >= max_urls:
            break
        for child in entry:
            if _local(child.tag) == "loc" and child.text:
                url = urljoin(base_url, child.text.strip())
                if url.startswith(("http://", "https://")):
                    target.append(url)
                break
    return doc


async def _read(http: httpx.AsyncClient, url: str, max_bytes: int, timeout_s: float,
                headers: dict[str, str] | None) -> bytes:
    async with asyncio.timeout(timeout_s), \
            http.stream("GET", url, headers=headers) as response:
        if response.status_code >= 400:
            raise SitemapError(f"HTTP {response.status_code}")
        body = bytearray()
        async for chunk in response.aiter_bytes():
            body += chunk
            if len(body) > max_bytes:
                raise SitemapError(f"larger than {max_bytes} bytes")
        return bytes(body)


async def collect_sitemap_urls(http: httpx.AsyncClient, roots: list[str], *,
                               max_urls: int = MAX_SITEMAP_URLS,
                               max_files: int = MAX_SITEMAP_FILES,
                               max_bytes: int = MAX_SITEMAP_BYTES,
                               timeout_s: float = SITEMAP_TIMEOUT_S,
                               budget_s: float | None = None,
                               headers: dict[str, str] | None = None) -> SitemapResult:
    """Read ``roots`` and the index files they name, breadth first, within the bounds.

    ``budget_s`` bounds the whole walk: when it runs out, the URLs read so far are returned
    (``truncated``).
    """
    result = SitemapResult()
    deadline = None if budget_s is None else time.monotonic() + budget_s
    queue = list(dict.fromkeys(roots))
    seen_files = set(queue)
    seen_urls: set[str] = set()
    while queue:
        if result.files_read >= max_files:
            result.truncated = True
            break
        left = timeout_s if deadline is None else min(timeout_s, deadline - time.monotonic())
        if left <= 0:
            result.truncated = True
            break
        url = queue.pop(0)
        result.files_read += 1
        try:
            body = await _read(http, url, max_bytes, left, headers)
            doc = parse_sitemap(body, url, max_bytes=max_bytes,
                                max_urls=max_urls - len(result.urls) + 1)  # +1: know there was more
        except (SitemapError, BlockedAddress, httpx.HTTPError, TimeoutError, OSError) as exc:
            result.errors.append(f"{url}: {exc or type(exc).__name__}")
            continue
        for nested in doc.sitemaps:
            if nested not in seen_files:
                seen_files.add(nested)
                queue.append(nested)
        for page in doc.urls:
            if page in seen_urls:
                continue
            if len(result.urls) >= max_urls:
                result.truncated = True
                break
            seen_urls.add(page)
            result.urls.append(page)
            result.found_in[page] = url
        if len(result.urls) >= max_urls:
            result.truncated = result.truncated or bool(queue)
            break
    return result

