"""Brief 122's speed-ups give the answers the slower reads gave (the output oracle,
bench/extract_equivalence.py, checks whole pages; these check the helpers on the shapes
where the two paths could part)."""

from __future__ import annotations

import random
from collections.abc import Callable
from urllib.parse import urldefrag, urlsplit
from urllib.parse import urljoin as stdlib_urljoin

import pytest

from trawl.extract import _urls
from trawl.extract._urls import (
    _HTTP_PREFIXES,
    _base_parts,
    _cleaned,
    _http_target,
    _joined,
    http_url_resolver,
)
from trawl.urls import route_fragment

BASES = [
    "https://x.test/docs/lib/page.html", "https://x.test/docs/lib/", "https://x.test",
    "https://x.test/", "http://x.test/a/b/c", "https://x.test/a//b/c.html",
    "https://x.test/a/b/page.html?q=1&r=2", "https://x.test/a/b/?q", "https://x.test/a/b/#top",
    "https://x.test/a;v=1/b;p", "https://x.test/a/b;p?q#f", "https://x.test/a/b;",
    "https://x.test/;p", "https://x.test/./a/../b/", "https://x.test/..", "https://x.test/a/..",
    "HTTPS://X.TEST/A/b.html", "https://user:pw@x.test:8443/a/b", "https://x.test?q",
    "https://x.test#f", "https://x.test/%7Euser/a b/", "https://[::1]/a/b",
    "https://bücher.test/a/b", "https://a\uff0fb/c/", "ftp://x.test/a/b", "file:///a/b",
    "x.test/a/b", "",
    "https://x.test/a/b/c/d/e/f/",
]
HREFS = [
    "page.html", "./page.html", "../page.html", "../../../../../../../x", "..", ".", "./",
    "../", "a/./b/../c", "a//b", "a///b/", "/abs", "/abs//x", "/../x", "/./x", "/a/b/..",
    "//other.test/x", "//", "/", "?", "?q=2", "?q=a/../b", "#", "#_", "#frag", "#/route",
    "page.html#_", "page.html#", "page.html?", "page.html?#", "page.html?x=1#_", "?#_",
    "a;p", "a;p/b", ";p", "..;p", "a/b;", "mailto:x@y.test", "javascript:void(0)",
    "https://y.test/a/./b", "HTTP://Y.TEST", "a:b", "a.b:c/d", "1:2", "./a:b", "?a:b",
    "#a:b", "x y", "%2e%2e/x", ".../x", "...", "a/..", "a/.", "a/...", " x", "\x01x",
    "x\x7f", "é/ü", "\u00a0x", "a?b?c#d#e", "a#b?c", "~/x", "\\x\\y", "[x]", "a[1]/b",
]


def outcome(join: Callable[[str, str], str], base: str, href: str) -> object:
    """What ``join`` gives, or the error it raises (a base urlsplit refuses)."""
    try:
        return join(base, href)
    except ValueError as exc:
        return type(exc)


def test_joined_is_urljoin_on_odd_shapes() -> None:
    for base in BASES:
        parts = _base_parts(base)
        for href in HREFS:
            want = outcome(stdlib_urljoin, base, href)
            assert outcome(_urls.urljoin, base, href) == want, (base, href)
            if parts is not None:
                got = _joined(parts, href)
                assert got is None or got == want, (base, href)


def test_joined_is_urljoin_on_random_references() -> None:
    rng = random.Random(122)
    alphabet = ["a", "b", ".", "..", "/", "//", "?", "#", ";", ":", "=", "%", " ", "_"]
    for _ in range(20_000):
        base = rng.choice(BASES)
        href = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 9)))
        assert outcome(_urls.urljoin, base, href) == outcome(stdlib_urljoin, base, href), \
            (base, href)


def test_joined_takes_the_common_shapes() -> None:
    # the fast path is taken where it should be (else it speeds nothing up)
    parts = _base_parts("https://x.test/docs/lib/page.html")
    assert parts is not None
    for href in ("page.html", "../api/x.html#_", "/docs/", "?p=2", "#_", "a/b/"):
        assert _joined(parts, href) is not None, href
    for href in ("mailto:x@y.test", "//cdn.test/x", "a;p", " x"):
        assert _joined(parts, href) is None, href
    assert _base_parts("ftp://x.test/a") is None and _base_parts("https://[::1]/") is None


def slow_http_url(base: str, href: str) -> str | None:
    """``http_url`` as it read before brief 122, by the standard library's urljoin."""
    cleaned = _cleaned(href)
    if not cleaned:
        return None
    if cleaned.startswith(_HTTP_PREFIXES) and "/." not in cleaned:
        return slow_http_target(cleaned)
    try:
        return slow_http_target(stdlib_urljoin(base, cleaned))
    except ValueError:
        return None


@pytest.mark.parametrize("base", BASES)
def test_the_resolver_is_the_slow_http_url(base: str) -> None:
    resolve = http_url_resolver(base)
    for href in HREFS + [h + "#x" for h in HREFS] + ["#!/r", "p#/r/s", "p#/", "\tp\n"]:
        assert resolve(href) == slow_http_url(base, href), (base, href)


def slow_http_target(absolute: str) -> str | None:
    """``_http_target`` as it read before brief 122: urlsplit and urldefrag."""
    try:
        if urlsplit(absolute).scheme.lower() not in ("http", "https"):
            return None
        target, fragment = urldefrag(absolute)
    except ValueError:
        return None
    route = route_fragment(fragment)
    return f"{target}#{route}" if route else target


ABSOLUTE = [
    "https://x.test/a/b", "https://x.test", "https://x.test/", "http://x.test/a?q=1#f",
    "https://x.test/a?#f", "https://x.test/a?", "https://x.test/a#", "https://x.test/a;p#f",
    "https://x.test/a;#f", "https://x.test/a;p", "https://x.test/a;", "https://x.test/a;b/c#f",
    "https://x.test/#/route", "https://x.test/#!/r", "https://x.test/#/", "https://x.test#f",
    "https://x.test?q#f", "https:///a", "https://", "https://[::1]/a#f", "https://[::1/a",
    "https://x]/a", "https://bücher.test/a#f", "https://x.test/ä#f", "https://x.te\tst/a",
    "https://x.test/a\n#f", "HTTPS://X.TEST/a#f", "http:/x.test/a", "ftp://x.test/a#f",
    "https://u:p@x.test:99/a?b?c#d#e", "https://x.test/a?b?#f", "https://x.test//a//b#f",
    "https://x.test/a b#f g", "https://x.test/%7E#%7E", "mailto:a@b.test", "",
    "https://a\uff0fb/c", "https://a\uff03b/c#f",  # (NFKC makes a "/", a "#" of them)
]


def test_plain_target_is_urldefrag_on_odd_urls() -> None:
    for absolute in ABSOLUTE:
        assert _http_target.__wrapped__(absolute) == slow_http_target(absolute), absolute
    rng = random.Random(1221)
    alphabet = ["a", "/", "?", "#", ";", ":", "[", "]", "@", " ", "\t", "é", "!", "%"]
    for _ in range(20_000):
        absolute = rng.choice(["https://", "http://", "https://x.test"]) + "".join(
            rng.choice(alphabet) for _ in range(rng.randint(0, 10)))
        assert _http_target.__wrapped__(absolute) == slow_http_target(absolute), absolute
