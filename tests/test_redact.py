"""Secret values never reach logs, stored errors or handoff details."""

from __future__ import annotations

import io
import json
import logging

import pytest

from trawl.model import PageRecord
from trawl.redact import MASK, install_log_redaction, redact_secrets
from trawl.store.frontier import _payload

SECRET = "Zq9-secret-Value"

LEAKS = [
    f"Cookie: sid={SECRET}; theme=dark",
    f"set-cookie: session={SECRET}; Path=/; HttpOnly",
    f"headers={{'cookie': 'sid={SECRET}'}}",
    f"Authorization: Bearer {SECRET}",
    f'{{"authorization": "Basic {SECRET}"}}',
    f"https://bob:{SECRET}@intranet.example/x",
    f"https://example.org/cb?code_ok=1&token={SECRET}&page=2",
    f"user=bob&password={SECRET}",
    f'{{"name": "sid", "value": "{SECRET}", "domain": "example.org"}}',
    f"{{'name': 'sid', 'value': '{SECRET}'}}",
    f'{{"password": "{SECRET}"}}',
    f'{{"api_key": "{SECRET}", "x": 1}}',
    f"Cookie should have a valid value: sid={SECRET}",
]


@pytest.mark.parametrize("text", LEAKS)
def test_secret_values_are_masked(text: str) -> None:
    cleaned = redact_secrets(text)
    assert SECRET not in cleaned and MASK in cleaned


@pytest.mark.parametrize("text", [
    "GET https://example.org/docs/page?lang=en 200 in 31 ms",
    "timeout after 30.0 s on https://example.org/slow",
    "status_code=404 url=https://example.org/missing",
    "5 cookies stored for https://example.org",
])
def test_ordinary_messages_are_left_alone(text: str) -> None:
    assert redact_secrets(text) == text


def test_cookie_name_kept_value_masked() -> None:
    assert redact_secrets(f'{{"name": "sid", "value": "{SECRET}"}}') == \
        f'{{"name": "sid", "value": "{MASK}"}}'


def test_log_records_and_tracebacks_are_redacted() -> None:
    logger = logging.getLogger("test.redact")
    logger.propagate = False
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    logger.addHandler(handler)
    install_log_redaction(logger)
    try:
        logger.warning("context for %s failed: %s", "https://example.org",
                       {"cookies": [{"name": "sid", "value": SECRET}]})
        try:
            raise ValueError(f"bad cookie header Cookie: sid={SECRET}")
        except ValueError:
            logger.exception("resume failed")
    finally:
        logger.removeHandler(handler)
    out = stream.getvalue()
    assert "resume failed" in out and "ValueError" in out and "sid" in out
    assert SECRET not in out


def test_stored_error_message_is_redacted() -> None:
    rec = PageRecord(crawl_id="c", site="https://example.org", url="https://example.org/a",
                     depth=0, outcome="failed",
                     error_message=f"redirect loop via https://example.org/login?token={SECRET}")
    doc = json.loads(_payload(rec))
    assert SECRET not in doc["error_message"] and "redirect loop" in doc["error_message"]
