"""Chromium runs sandboxed whenever the OS allows: as a non-root user, trawl's launch
leaves the sandbox on (Chromium's own chrome://sandbox page says so); as root it cannot,
and trawl says so once in the log."""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.async_api import async_playwright

import trawl.browser.launch as launch
from trawl.config import get_settings
from trawl.errors import BrowserError

SYSTEM_CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
NOBODY = 65534
pytestmark = pytest.mark.skipif(
    SYSTEM_CHROMIUM is None or not shutil.which("setpriv") or os.geteuid() != 0,
    reason="needs root, setpriv and a system Chromium (to start it as another user)")


@pytest.fixture
def as_nobody(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Point trawl at a wrapper that starts Chromium as user nobody (this test runs as root
    and the interpreter lives where nobody cannot read, so only the browser changes user),
    and let trawl's launch see a non-root user."""
    home = Path(tempfile.mkdtemp(prefix="trawl-nobody-"))
    home.chmod(0o777)
    wrapper = home / "chromium-as-nobody"
    wrapper.write_text(
        "#!/bin/sh\n"
        'for a in "$@"; do case "$a" in --user-data-dir=*) '
        f'chown -R {NOBODY}:{NOBODY} "${{a#--user-data-dir=}}";; esac; done\n'
        f"exec setpriv --reuid={NOBODY} --regid={NOBODY} --clear-groups env HOME={home} "
        f'{SYSTEM_CHROMIUM} "$@"\n')
    wrapper.chmod(0o755)
    monkeypatch.setenv("TRAWL_BROWSER_PATH", str(wrapper))
    monkeypatch.setattr(launch, "running_as_root", lambda: False)
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()
    shutil.rmtree(home, ignore_errors=True)


async def sandbox_report() -> str:
    async with async_playwright() as pw:
        browser = await launch.launch_chromium(pw)
        try:
            page = await browser.new_page()
            await page.goto("chrome://sandbox")
            return await page.inner_text("body")
        finally:
            await browser.close()


async def test_non_root_runs_sandboxed(as_nobody: None) -> None:
    report = await sandbox_report()
    assert "You are adequately sandboxed" in report, report
    assert "Seccomp-BPF sandbox\tYes" in report


async def test_root_runs_unsandboxed_and_says_so_once(caplog: pytest.LogCaptureFixture,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(launch, "_warned", set())
    with caplog.at_level(logging.WARNING, logger="trawl.browser"):
        report = await sandbox_report()
        await sandbox_report()
    assert "You are NOT adequately sandboxed" in report
    warnings = [r for r in caplog.records if "running as root" in r.getMessage()]
    assert len(warnings) == 1


async def test_sandbox_required_as_root_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAWL_BROWSER_SANDBOX", "on")
    get_settings.cache_clear()
    try:
        with pytest.raises(BrowserError, match="non-root user"):
            await sandbox_report()
    finally:
        monkeypatch.delenv("TRAWL_BROWSER_SANDBOX")
        get_settings.cache_clear()
