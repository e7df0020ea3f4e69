"""URL canonicalisation and crawl scope.

A canonical URL is the frontier's key: two URLs with the same key are one page. We
lowercase scheme and host, drop default ports and fragments, give an empty path a ``/``,
and treat ``/dir/index.html`` (and ``index.htm``) as ``/dir/``.

A fragment that is a route (``#/guide``, ``#!/page``: hash-routed apps show a different
document for each) is kept; an ordinary ``#section`` anchor is dropped, and so is the root
route ``#/``, which is the page itself.

The query loses tracking and session parameters (:data:`TRACKING_PARAMS`, ``utm_*``:
they name who sent the visitor, not what the page is) and keeps the rest sorted by name,
so ``?b=2&a=1`` and ``?a=1&b=2`` are one page. The sort is stable, so repeated names
(``?tag=x&tag=y``) keep their order, and values keep their exact encoding. A
``;jsessionid=...`` path parameter is dropped for the same reason as a session query.
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass, field
from functools import lru_cache
from urllib.parse import SplitResult, unquote_plus, urlsplit, urlunsplit

from trawl.errors import ConfigError

CRAWLABLE_SCHEMES = ("http", "https")
DEFAULT_PORTS = {"http": 80, "https": 443}
INDEX_FILES = ("index.html", "index.htm")
TRACKING_PREFIXES = ("utm_",)
TRACKING_PARAMS = frozenset({
    "fbclid", "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "msclkid", "yclid", "twclid",
    "ttclid", "igshid", "li_fat_id", "mc_cid", "mc_eid", "_ga", "_gl", "_hsenc", "_hsmi",
    "mkt_tok", "oly_anon_id", "oly_enc_id", "vero_id", "rb_clickid", "s_cid", "wickedid",
    "phpsessid", "jsessionid", "aspsessionid",
})
"""Query parameters (lowercased) that never change what a page is; ``utm_*`` too."""
_PATH_SESSION = (";jsessionid=", ";phpsessid=")
ROUTE_FRAGMENT_PREFIXES = ("/", "!/")
"""Fragments starting so are client-side routes (docsify, AngularJS, hash routers)."""


def route_fragment(fragment: str) -> str:
    """``fragment`` if it names a hash route other than the root one, else ''."""
    fragment = fragment.strip()
    if fragment.startswith(ROUTE_FRAGMENT_PREFIXES) and fragment.rstrip("/!") != "":
        return fragment
    return ""


def has_route_fragment(url: str) -> bool:
    return bool(route_fragment(url.partition("#")[2]))


def _is_tracking(name: str) -> bool:
    key = unquote_plus(name).strip().lower()
    return key in TRACKING_PARAMS or key.startswith(TRACKING_PREFIXES)


def canonical_query(query: str) -> str:
    """``query`` without tracking parameters and empty pieces, sorted by name (stable)."""
    if not query:
        return ""
    pieces = [p for p in query.split("&") if p and not _is_tracking(p.partition("=")[0])]
    return "&".join(sorted(pieces, key=lambda p: p.partition("=")[0]))


def _split(url: str) -> SplitResult:
    try:
        return urlsplit(url.strip())
    except ValueError as exc:
        raise ConfigError(f"invalid URL {url!r}: {exc}") from exc


@lru_cache(maxsize=4096)
def canonicalize(url: str) -> str:
    """The canonical form of an absolute http(s) URL (raises ConfigError otherwise)."""
    # cached: the same URLs (a site's navigation, a page's siblings) come back page after page
    parts = _split(url)
    scheme = parts.scheme.lower()
    if scheme not in CRAWLABLE_SCHEMES:
        raise ConfigError(f"unsupported URL scheme {parts.scheme or '(none)'!r} in {url!r}: "
                          "only http and https can be crawled")
    try:
        host = (parts.hostname or "").lower()
        port = parts.port
    except ValueError as exc:
        raise ConfigError(f"invalid URL {url!r}: {exc}") from exc
    if not host:
        raise ConfigError(f"invalid URL {url!r}: no host")
    if ":" in host:  # IPv6 literal
        host = f"[{host}]"
    netloc = host if port is None or port == DEFAULT_PORTS[scheme] else f"{host}:{port}"
    path = parts.path or "/"
    lowered = path.lower()
    for marker in _PATH_SESSION:
        at = lowered.find(marker)
        if at >= 0:
            path = path[:at] or "/"
            break
    head, _, last = path.rpartition("/")
    if last.lower() in INDEX_FILES:
        path = head + "/"
    return urlunsplit((scheme, netloc, path, canonical_query(parts.query),
                       route_fragment(parts.fragment)))


_HOST = re.compile(r"[\w.\-]+|\[?[0-9a-f:.]+\]?|[0-9a-f:.]+", re.IGNORECASE)
"""What a host of a URL trawl is given may hold: a name (letters, digits, dots, hyphens,
underscores), an IPv4 or an IPv6 address; no spaces, no quotes, nothing else."""


def validate_seed(url: str) -> str:
    """Check a user-given start URL and return its canonical form (ConfigError if bad)."""
    text = url.strip()
    if "://" not in text:
        raise ConfigError(f"invalid URL {url!r}: give an absolute URL such as https://{text}")
    return canonicalize(text)


_ORIGIN = re.compile(r"https?://([\w.\-]+|\[[0-9a-f:.]+\])(:\d{1,5})?/?", re.IGNORECASE)


def check_origin(value: str, option: str) -> str:
    """``value`` without a trailing slash if it is a site's origin (scheme://host[:port],
    what trawl calls a site), else ConfigError naming ``option``."""
    if not isinstance(value, str) or not _ORIGIN.fullmatch(value.strip()):
        raise ConfigError(f"{option} takes a site such as https://example.org or "
                          f"http://localhost:8233 (scheme, host, optional port; no path), "
                          f"not {value!r}")
    return value.strip().rstrip("/")


def check_webhook_url(url: str) -> str:
    """``url`` if it can take webhooks (an absolute http(s) URL with a host), else
    ConfigError naming the ``--webhook`` option."""
    wrong = ConfigError(f"--webhook must be an http(s) URL, not {url!r}")
    try:
        parts = urlsplit(url)
        host, _port = parts.hostname, parts.port  # a bad port raises here
    except ValueError:
        raise wrong from None
    if parts.scheme not in ("http", "https") or not host or not _HOST.fullmatch(host):
        raise wrong
    return url


@lru_cache(maxsize=4096)
def site_of(url: str) -> str:
    """The site a URL belongs to: scheme://host[:port] of its canonical form."""
    # cached like canonicalize: each of a page's links is asked about when it is screened
    # and again when it is stored
    parts = urlsplit(canonicalize(url))
    return f"{parts.scheme}://{parts.netloc}"


def host_of(url: str) -> str:
    return (urlsplit(url).hostname or "").lower()


@dataclass(frozen=True)
class Scope:
    """Which URLs a crawl follows."""

    seed_hosts: tuple[str, ...]
    """Hosts of the start URLs."""

    allow_subdomains: bool = False
    """Also follow subdomains of the seed hosts."""

    include: tuple[str, ...] = ()
    """Globs on the URL path; when given, a path must match one of them."""

    exclude: tuple[str, ...] = field(default=())
    """Globs on the URL path; a path matching any of them is not followed."""

    include_patterns: tuple[str, ...] = ()
    """Regular expressions searched in the URL path (or the whole URL, with
    ``patterns_on_full_url``); when given, one of them must match (besides ``include``)."""

    exclude_patterns: tuple[str, ...] = ()
    """Regular expressions as ``include_patterns``; a URL matching any is not followed."""

    patterns_on_full_url: bool = False
    """The patterns are searched in the whole canonical URL, not its path."""

    _hosts: frozenset[str] = field(default=frozenset(), init=False, compare=False,
                                   repr=False)
    """``seed_hosts`` as a set: a crawl of 1,000 sites asks about each of a page's hundreds
    of links, and a scan of the tuple cost more than the rest of the page."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hosts", frozenset(self.seed_hosts))

    def host_in_scope(self, host: str) -> bool:
        host = host.lower()
        if host in self._hosts:
            return True
        if self.allow_subdomains:  # a subdomain of a seed host: one of its suffixes is one
            dot = host.find(".")
            while dot != -1:
                if host[dot + 1:] in self._hosts:
                    return True
                dot = host.find(".", dot + 1)
        return False

    def path_in_scope(self, path: str) -> bool:
        if self.include and not any(fnmatch.fnmatchcase(path, g) for g in self.include):
            return False
        return not any(fnmatch.fnmatchcase(path, g) for g in self.exclude)

    def patterns_allow(self, subject: str) -> bool:
        """Whether the regular expressions let ``subject`` (a path or a URL) in."""
        if self.include_patterns and not any(
                pattern(p).search(subject) for p in self.include_patterns):
            return False
        return not any(pattern(p).search(subject) for p in self.exclude_patterns)

    def contains(self, canonical_url: str) -> bool:
        parts = urlsplit(canonical_url)
        if parts.scheme not in CRAWLABLE_SCHEMES:
            return False
        if not (self.host_in_scope(parts.hostname or "") and self.path_in_scope(parts.path)):
            return False
        if not (self.include_patterns or self.exclude_patterns):
            return True
        return self.patterns_allow(canonical_url if self.patterns_on_full_url else parts.path)


MAX_PATTERN_CHARS = 1000
MAX_PATTERNS = 100


@lru_cache(maxsize=1024)
def pattern(text: str) -> re.Pattern[str]:
    """A scope pattern, compiled once (ConfigError when it is not a regular expression)."""
    try:
        return re.compile(text)
    except re.error as exc:
        raise ConfigError(f"{text!r} is not a regular expression ({exc})") from None


def check_patterns(patterns: list[str] | tuple[str, ...], name: str) -> None:
    """ConfigError (naming ``name``) unless every pattern compiles, within the bounds."""
    if len(patterns) > MAX_PATTERNS:
        raise ConfigError(f"{name}: at most {MAX_PATTERNS} patterns")
    for text in patterns:
        if not isinstance(text, str) or not text or len(text) > MAX_PATTERN_CHARS:
            raise ConfigError(f"{name}: {text!r} is not a regular expression of 1 to "
                              f"{MAX_PATTERN_CHARS} characters")
        try:
            pattern(text)
        except ConfigError as exc:
            raise ConfigError(f"{name}: {exc}") from None
