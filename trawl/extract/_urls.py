"""URL helpers: base href, absolutising, http(s) filtering."""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import urldefrag, urlsplit
from urllib.parse import urljoin as _urljoin

from lxml.html import HtmlElement


@lru_cache(maxsize=4096)
def urljoin(base: str, href: str) -> str:
    return _urljoin(base, href)


_WS = str.maketrans("", "", "\t\n\r")


def base_url(root: HtmlElement, url: str) -> str:
    """The URL relative links resolve against: the first <base href>, else the page URL."""
    for base in root.iter("base"):
        href = (base.get("href") or "").strip()
        if href:
            try:
                return urljoin(url, href)
            except ValueError:
                return url
    return url


def absolutize(base: str, href: str | None) -> str | None:
    """Resolve ``href`` against ``base``; None if empty or unparsable."""
    if href is None:
        return None
    href = href.strip().translate(_WS)
    if not href:
        return None
    if href.startswith(("https://", "http://")) and "/." not in href:
        return href  # already absolute (urljoin would only remove dot segments)
    try:
        return urljoin(base, href)
    except ValueError:
        return None


def http_url(base: str, href: str | None) -> str | None:
    """Absolute http(s) URL without fragment, or None for anything else."""
    absolute = absolutize(base, href)
    if absolute is None:
        return None
    try:
        scheme = urlsplit(absolute).scheme.lower()
        if scheme not in ("http", "https"):
            return None
        return urldefrag(absolute)[0]
    except ValueError:
        return None
