"""Spotting pages only a person can get past: login walls, CAPTCHAs, auth errors, rules.

Pure functions over what a load returned (status, URLs, HTML, and in browser mode whether
a password field is visible). :func:`detect` returns a :class:`Wall` or None.
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

LOGIN_PATH_RE = re.compile(
    r"/(log-?in|sign-?in|signon|auth(enticate)?|session/new|sso|accounts/login|users?/login)"
    r"(\.[a-z]+)?/?$", re.IGNORECASE)
PASSWORD_RE = re.compile(r"<input\b[^>]*\btype\s*=\s*[\"']?password\b", re.IGNORECASE)
HIDDEN_RE = re.compile(r"\bhidden\b|display\s*:\s*none", re.IGNORECASE)
# (kind, lowercase words one of which the page must contain for the pattern to be worth running: the
# patterns are slow on large pages, the substring test is not, and most pages have none)
CAPTCHA_MARKERS: tuple[tuple[str, tuple[bytes, ...], re.Pattern[str]], ...] = (
    ("reCAPTCHA", (b"recaptcha",),
     re.compile(r"class\s*=\s*[\"'][^\"']*\bg-recaptcha\b|google\.com/recaptcha"
                r"|recaptcha/api\.js|gstatic\.com/recaptcha", re.IGNORECASE)),
    ("hCaptcha", (b"captcha",),
     re.compile(r"class\s*=\s*[\"'][^\"']*\bh-captcha\b|hcaptcha\.com/1/api", re.IGNORECASE)),
    ("Turnstile", (b"turnstile",),
     re.compile(r"class\s*=\s*[\"'][^\"']*\bcf-turnstile\b"
                r"|challenges\.cloudflare\.com/turnstile", re.IGNORECASE)),
    ("challenge page", (b"just a moment", b"attention required", b"checking your browser",
                        b"verify you are human"),
     re.compile(r"<title>\s*(just a moment|attention required|"
                r"checking your browser|verify you are human)", re.IGNORECASE)),
    ("challenge page", (b"challenge", b"captcha"),
     re.compile(r"id\s*=\s*[\"'](challenge-form|cf-challenge-running|"
                r"challenge-running|px-captcha)[\"']", re.IGNORECASE)),
)
TEXT_RULE_PREFIX = "text:"


@dataclass
class Wall:
    reason: str
    """login | login_redirect | captcha | auth_401 | auth_403 | rule."""
    detail: str


def is_login_url(url: str) -> bool:
    return bool(LOGIN_PATH_RE.search(urlsplit(url).path))


def _ascii_lowered(html: str) -> bytes:
    # the markers are ASCII: lowering bytes is a fraction of str.lower() on a large page
    return html.encode("utf-8", "replace").lower()


def visible_password_in_html(html: str, lowered: bytes | None = None) -> bool:
    """A password input not marked hidden (HTML only: no CSS is evaluated)."""
    if b"password" not in (_ascii_lowered(html) if lowered is None else lowered):
        return False
    return any(not HIDDEN_RE.search(m.group(0) + html[m.end():m.end() + 200].split(">", 1)[0])
               for m in PASSWORD_RE.finditer(html))


def captcha_kind(html: str, lowered: bytes | None = None) -> str | None:
    lowered = _ascii_lowered(html) if lowered is None else lowered
    found: dict[bytes, bool] = {}  # a word scanned for once (a whole page per scan)
    # "recaptcha" holds "captcha": a page without the one (most pages) has not the other,
    # and a scan (~0.04 ms on a 130 KB page, nine of them per page) is saved
    if not _has(lowered, b"captcha", found):
        found[b"recaptcha"] = False
    for kind, words, pattern in CAPTCHA_MARKERS:
        if any(_has(lowered, word, found) for word in words) and pattern.search(html):
            return kind
    return None


def _has(lowered: bytes, word: bytes, found: dict[bytes, bool]) -> bool:
    """``word in lowered``, remembered in ``found``."""
    if word not in found:
        found[word] = word in lowered
    return found[word]


def rule_hit(rules: list[str], url: str, html: str | None) -> str | None:
    """The first ``--handoff-on`` rule that matches: a URL glob, or ``text:SUBSTRING``."""
    for rule in rules:
        if rule.startswith(TEXT_RULE_PREFIX):
            needle = rule[len(TEXT_RULE_PREFIX):].strip().lower()
            if needle and html is not None and needle in html.lower():
                return rule
        elif fnmatch.fnmatchcase(url, rule) or fnmatch.fnmatchcase(urlsplit(url).path, rule):
            return rule
    return None


def detect(*, url: str, final_url: str, status: int, html: str | None,
           password_visible: bool | None, has_session: bool,
           rules: list[str], login_forms: bool = True) -> Wall | None:
    """Whether this load needs a person.

    ``password_visible`` comes from the browser (None in http mode: judged from the HTML).
    A 403 counts only when the site has a stored session (it stopped working); a public
    site's forbidden directories must not stop a crawl.
    """
    hit = rule_hit(rules, url, html)
    if hit is not None:
        return Wall("rule", f"matched --handoff-on {hit!r}")
    if status == 401:
        return Wall("auth_401", "HTTP 401: the site wants credentials")
    if status == 403 and has_session:
        return Wall("auth_403", "HTTP 403 although a session is stored: it no longer works")
    if final_url != url and is_login_url(final_url) and not is_login_url(url):
        return Wall("login_redirect", f"redirected to the login page {final_url}")
    if html is None:
        return None
    lowered = _ascii_lowered(html)
    kind = captcha_kind(html, lowered)
    if kind is not None:
        return Wall("captcha", f"{kind} on the page")
    if not login_forms or is_login_url(url):
        # a site's own login page, reached by a link: a page like any other (a person is
        # needed where a login form stands in for content, or a page redirects to it)
        return None
    visible = (visible_password_in_html(html, lowered) if password_visible is None
               else password_visible)
    if visible:
        return Wall("login", "a login form (visible password field)"
                    + (" although a session is stored" if has_session else ""))
    return None
