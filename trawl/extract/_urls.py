"""URL helpers: base href, absolutising, http(s) filtering."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from urllib.parse import urldefrag, urlparse, urlsplit
from urllib.parse import urljoin as _urljoin

from lxml.html import HtmlElement

from trawl.urls import route_fragment


@lru_cache(maxsize=4096)
def urljoin(base: str, href: str) -> str:
    """``urllib.parse.urljoin(base, href)``, the common shapes (``_joined``) without it."""
    parts = _base_parts(base)
    if parts is not None:
        joined = _joined(parts, href)
        if joined is not None:
            return joined
    return _urljoin(base, href)


# A page's links are mostly relative paths ("../api/x.html", "x.html#_", "/docs/", "?p=2",
# "#_"), each resolved against the one base: urljoin parses the base again for each, and
# the reference too, a tenth of a page's extraction when the links are new (a crawl's next
# page). ``_joined`` resolves those shapes by urljoin's own steps (Python 3.11's, which
# tests/test_extract_speed122.py compares it with) against the base parsed once, and leaves
# every other shape to urljoin: a scheme or anything like one (any ":"), a network path
# ("//host"), a leading control or space, parameters (";") in the path, a base that is not
# http(s) with a plain ASCII host.


@lru_cache(maxsize=64)
def _base_parts(base: str) -> tuple[str, list[str], str, str] | None:
    """``base`` as ``_joined`` reads it: "scheme://netloc", its path's directories (the
    path split at "/" less its last segment, unless that is empty, as urljoin drops it),
    its path with its parameters (as a reference without a path keeps them, "/" first
    when there is a path), its query. None for a base ``_joined`` leaves to urljoin."""
    try:
        scheme, netloc, path, params, query, _ = urlparse(base)
    except ValueError:
        return None
    if scheme not in ("http", "https") or not netloc or not netloc.isascii() \
            or "[" in netloc or "]" in netloc:
        return None
    dirs = path.split("/")
    if dirs[-1] != "":
        del dirs[-1]
    here = f"{path};{params}" if params else path
    if here and here[:1] != "/":
        here = "/" + here
    return f"{scheme}://{netloc}", dirs, here, query


def _joined(parts: tuple[str, list[str], str, str], href: str) -> str | None:
    """``urljoin(base, href)`` for ``base``'s ``parts`` (``_base_parts``) and a relative
    reference of the common shapes, by urljoin's steps; None for another shape."""
    if not href or ":" in href or href[:2] == "//" or href[0] <= " ":
        return None
    prefix, dirs, here, base_query = parts
    rest, _, fragment = href.partition("#")
    path, _, query = rest.partition("?")
    if ";" in path:
        return None
    if not path:  # (a query or a fragment alone: the base's path, and its query if none)
        url = prefix + here
        query = query or base_query
    else:
        if path[:1] == "/":
            segments = path.split("/")
        else:
            segments = dirs + path.split("/")
            segments[1:-1] = filter(None, segments[1:-1])  # (urljoin drops empty segments)
        resolved: list[str] = []
        for segment in segments:
            if segment == "..":
                if resolved:
                    resolved.pop()
            elif segment != ".":
                resolved.append(segment)
        if segments[-1] in (".", ".."):
            resolved.append("")
        joined = "/".join(resolved) or "/"
        url = prefix + (joined if joined[:1] == "/" else "/" + joined)
    if query:
        url += "?" + query
    if fragment:
        url += "#" + fragment
    return url


_WS = str.maketrans("", "", "\t\n\r")


def _cleaned(href: str) -> str:
    """``href`` stripped, without its tabs and line breaks (what browsers drop from a URL).
    str.translate only when there is one: it costs ~0.9 us an href, the test ~0.05, and a
    page resolves hundreds of hrefs that have none."""
    href = href.strip()
    if "\n" in href or "\t" in href or "\r" in href:
        return href.translate(_WS)
    return href


_HTTP_PREFIXES = ("https://", "http://")


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
    href = _cleaned(href)
    if not href:
        return None
    if href.startswith(_HTTP_PREFIXES) and "/." not in href:
        return href  # already absolute (urljoin would only remove dot segments)
    try:
        return urljoin(base, href)
    except ValueError:
        return None


def http_url(base: str, href: str | None) -> str | None:
    """Absolute http(s) URL without fragment (a hash route's kept: see
    :func:`trawl.urls.route_fragment`), or None for anything else."""
    absolute = absolutize(base, href)
    if absolute is None:
        return None
    return _http_target(absolute)


@lru_cache(maxsize=8192)
def _http_target(absolute: str) -> str | None:
    """:func:`http_url` of an absolute URL. Cached: the pages of a site link to the same
    pages (its index, its modules), and the parse and the re-assembly of each cost more
    than the rest of a link."""
    target = _plain_target(absolute)
    if target is not None:
        fragment = absolute[len(target) + 1:]
    else:
        try:
            scheme = urlsplit(absolute).scheme.lower()
            if scheme not in ("http", "https"):
                return None
            target, fragment = urldefrag(absolute)
        except ValueError:
            return None
    route = route_fragment(fragment)
    return f"{target}#{route}" if route else target


_UNSAFE = frozenset("\t\r\n")
"""What urlsplit drops from a URL before it reads it."""


def _plain_target(absolute: str) -> str | None:
    """``urldefrag(absolute)[0]`` for an http(s) URL that urlsplit reads as it is written and
    urldefrag gives back as it is less its fragment: the scheme in lower case, a plain ASCII
    host (no IPv6 brackets, which urlsplit checks), no character urlsplit drops, and before
    a fragment no parameters (";", which urlunparse writes back only when not empty) and no
    empty query (a "?" last, which it drops). None for another URL (urldefrag reads it)."""
    if absolute.startswith("https://"):
        start = 8
    elif absolute.startswith("http://"):
        start = 7
    else:
        return None
    end = len(absolute)
    for stop in "/?#":
        found = absolute.find(stop, start, end)
        if found >= 0:
            end = found
    netloc = absolute[start:end]
    if not netloc or not netloc.isascii() or "[" in netloc or "]" in netloc or \
            not _UNSAFE.isdisjoint(absolute):
        return None
    target, sharp, _ = absolute.partition("#")
    if sharp and (";" in target or target.endswith("?")):
        return None
    return target


# Resolving a reference never looks at its fragment (RFC 3986 5.2): urljoin, urlsplit and
# urldefrag split it off at the first "#" before anything else, and urljoin carries it over
# as is, at the end. So ``urljoin(base, "p#a")`` is ``urljoin(base, "p#_")`` with "_" replaced
# by "a", and once http_url has dropped it, ``p#a`` and ``p#b`` are one URL. A page links to
# many fragments of a few pages (all of its own headings, for one), so the per-page resolvers
# below resolve each target once and reuse it for every fragment. Two exceptions: absolutize's
# shortcut for absolute http(s) hrefs reads the fragment too (its "/." test), so those are
# keyed whole; and an empty fragment is kept apart (without a "#", urldefrag returns the URL
# as it is instead of re-assembling it).


def _fragment_key(cleaned: str) -> tuple[str, str]:
    """The key ``cleaned`` (a stripped href) resolves like, and its fragment when the key has
    a stand-in for it ("" when the key is ``cleaned`` itself)."""
    target, _, fragment = cleaned.partition("#")
    if fragment and not cleaned.startswith(_HTTP_PREFIXES):
        return target + "#_", fragment
    return cleaned, ""


def absolutizer(base: str) -> Callable[[str | None], str | None]:
    """``absolutize(base, href)`` as a function of ``href``, for the many hrefs of one page."""
    resolved: dict[str, str | None] = {}  # s -> absolutize(base, s), for hrefs and keys

    def resolve(href: str | None) -> str | None:
        if href is None:
            return None
        try:
            return resolved[href]
        except KeyError:
            pass
        key, fragment = _fragment_key(_cleaned(href))
        stem = resolved[key] if key in resolved else absolutize(base, key)
        resolved[key] = stem
        # stem ends with the stand-in "#_" when there is one
        url = resolved[href] = stem[:-1] + fragment if stem is not None and fragment else stem
        return url

    return resolve


def http_url_resolver(base: str) -> Callable[[str | None], str | None]:
    """``http_url(base, href)`` as a function of ``href``, for the many links of one page."""
    resolved: dict[str, str | None] = {}  # s -> http_url(base, s), for hrefs and keys

    def resolve(href: str | None) -> str | None:
        if href is None:
            return None
        try:
            return resolved[href]
        except KeyError:
            pass
        cleaned = _cleaned(href)  # as absolutize cleans it
        if route_fragment(cleaned.partition("#")[2]):  # a hash route: its own page
            url = resolved[href] = http_url(base, cleaned)
            return url
        key, _ = _fragment_key(cleaned)
        url = resolved[key] if key in resolved else http_url(base, key)
        resolved[href] = resolved[key] = url
        return url

    return resolve


def as_fragments(root: HtmlElement, url: str) -> None:
    """Write every link to the page itself by its file name (``index.html``,
    ``index.html#idx``: a DocBook section title linking to itself) as the fragment it is
    (``#``, ``#idx``), so that main-content selection reads it as a link to a place on the
    page, not a way elsewhere. The link resolves to the same address as before. Only for
    a page without a ``<base>`` (whose relative links resolve against the page)."""
    page = urldefrag(url)[0]
    name = urlsplit(page).path.rpartition("/")[2]
    if not name or urlsplit(page).query:
        return
    for a in root.iter("a"):
        href = a.get("href")
        if not href or href[0] == "#" or name not in href or "?" in href:
            continue
        path, _, fragment = href.partition("#")
        if path.rpartition("/")[2] == name and urljoin(page, path) == page:
            a.set("href", "#" + fragment)
