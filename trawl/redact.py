"""Keeping secret values out of logs, errors and the UI's details.

Cookie, token and password values reach trawl in session data, URLs (``user:pass@``,
``?token=``), headers and the messages of errors raised around them (a browser refusing a
cookie quotes it). :func:`redact_secrets` masks their values and keeps their names, so a
log still says *which* cookie or parameter was involved; :class:`RedactingFilter` applies
it to every log record of a process (installed by :func:`install_log_redaction`).

    >>> redact_secrets('Cookie: sid=abc123; theme=dark')
    'Cookie: [redacted]'
    >>> redact_secrets('https://bob:hunter2@example.org/x?token=T0K&page=2')
    'https://bob:[redacted]@example.org/x?token=[redacted]&page=2'
"""

from __future__ import annotations

import logging
import re
from typing import TextIO

MASK = "[redacted]"
SECRET_NAMES = ("password", "passwd", "pwd", "secret", "token", "access_token",
                "refresh_token", "id_token", "api_key", "apikey", "key", "auth", "session",
                "sessionid", "session_id", "sid", "csrf", "csrftoken", "xsrf", "jwt",
                "signature", "sig", "credential", "credentials", "client_secret")
"""Parameter and field names whose values are secrets, in URLs, forms and JSON."""

_NAMES = "|".join(sorted((re.escape(n) for n in SECRET_NAMES), key=len, reverse=True))
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    # headers that are secret whole: the cookie header lists many cookies
    (re.compile(r"(?im)^(\s*(?:set-)?cookie\s*:\s*).+$"), r"\1" + MASK),
    (re.compile(r"(?i)((?:set-)?cookie['\"]?\s*[:=]\s*)(['\"])(?:(?!\2).)+\2"),
     r"\1\2" + MASK + r"\2"),
    (re.compile(r"(?i)(authorization['\"]?\s*[:=]\s*['\"]?)(?:bearer|basic|token)?\s*"
                r"[A-Za-z0-9._~+/=-]+"), r"\1" + MASK),
    (re.compile(r"(?i)\b(bearer\s+)[A-Za-z0-9._~+/=-]{8,}"), r"\1" + MASK),
    # user:password@ in URLs
    (re.compile(r"(?i)(\b[a-z][a-z0-9+.-]*://[^/\s:@]+:)[^@\s/]+@"), r"\1" + MASK + "@"),
    # a cookie object's value: {"name": "sid", "value": "..."} (Playwright, CDP, JSON)
    (re.compile(r"""(?i)(['"]value['"]\s*:\s*)(['"])(?:\\.|(?!\2).)*\2"""),
     r"\1\2" + MASK + r"\2"),
    # name=value in query strings, forms and cookie strings; "name": "value" in JSON
    (re.compile(rf"(?i)(\b(?:{_NAMES})\s*=\s*)[^&;\s'\",]+"), r"\1" + MASK),
    (re.compile(rf"""(?i)(['"](?:{_NAMES})['"]\s*:\s*)(['"])(?:\\.|(?!\2).)*\2"""),
     r"\1\2" + MASK + r"\2"),
)


def redact_secrets(text: str) -> str:
    """``text`` with cookie, token and password values replaced by ``[redacted]``."""
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


class RedactingFilter(logging.Filter):
    """Redacts each record's final message (arguments merged) and its exception text."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact_secrets(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact_secrets(record.exc_text)
        return True


def install_log_redaction(logger: logging.Logger | None = None) -> None:
    """Put a :class:`RedactingFilter` on every handler of ``logger`` (default: the root
    logger; call after logging is configured). Filters on handlers see records from every
    logger that propagates to them, which filters on loggers do not."""
    target = logger or logging.getLogger()
    for handler in target.handlers:
        if not any(isinstance(f, RedactingFilter) for f in handler.filters):
            handler.addFilter(RedactingFilter())


LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def configure_logging(level: int = logging.INFO, stream: TextIO | None = None) -> None:
    """``logging.basicConfig`` for trawl's processes, with secrets redacted on every
    handler."""
    logging.basicConfig(level=level, format=LOG_FORMAT, stream=stream)
    install_log_redaction()
