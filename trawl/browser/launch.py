"""Finding and launching Chromium.

Order: Playwright's own Chromium if it is installed; else ``TRAWL_BROWSER_PATH``; else
well-known install paths; else a PATH lookup. The launch flags keep Chromium quiet on
closed networks (no background networking, component updates or sync).
"""

from __future__ import annotations

import logging
import os
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trawl.config import get_settings
from trawl.errors import BrowserError

if TYPE_CHECKING:
    from playwright.async_api import Browser, BrowserType, Playwright

log = logging.getLogger("trawl.browser")

PATH_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome",
              "msedge", "microsoft-edge")
WELL_KNOWN_PATHS = (
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
    "/opt/google/chrome/chrome",
    "/snap/bin/chromium",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "C:/Program Files/Google/Chrome/Application/chrome.exe",
)
QUIET_FLAGS = (
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--no-first-run",
    "--disable-dev-shm-usage",
)
RENDERER_HEAP_MB = 1024
"""V8's heap limit per renderer: a page that allocates without end crashes its own tab
(recorded as ``crashed``) at this size instead of taking the machine's memory."""
INSTALL_HINT = (
    "no Chromium found. Install one: `playwright install chromium`, or your system's "
    "package (Debian/Ubuntu: `apt-get install chromium`), or point TRAWL_BROWSER_PATH at a "
    "Chrome/Chromium executable."
)


def _playwright_chromium_path(browser_type: BrowserType | None) -> str | None:
    if browser_type is None:
        return None
    try:
        path = browser_type.executable_path
    except Exception:
        return None
    return path if path and Path(path).exists() else None


def find_system_browser() -> str | None:
    """A system Chrome/Chromium: TRAWL_BROWSER_PATH, well-known paths, then PATH."""
    configured = get_settings().browser_path
    if configured:
        if Path(configured).exists():
            return configured
        raise BrowserError(f"TRAWL_BROWSER_PATH={configured} does not exist. {INSTALL_HINT}")
    for candidate in WELL_KNOWN_PATHS:
        if Path(candidate).exists():
            return candidate
    for name in PATH_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def find_browser_executable(browser_type: BrowserType | None = None) -> str | None:
    """Path to launch, or None to let Playwright use its own installed Chromium."""
    if get_settings().browser_path:
        return find_system_browser()
    if _playwright_chromium_path(browser_type):
        return None
    found = find_system_browser()
    if found is None:
        raise BrowserError(INSTALL_HINT)
    return found


async def check_browser() -> str:
    """The browser a worker here would launch (its path), or BrowserError saying how to
    install one: Playwright's Chromium is asked for its path without launching anything."""
    own = None
    if not get_settings().browser_path:  # a configured one wins (find_system_browser)
        from playwright.async_api import async_playwright

        try:
            async with async_playwright() as pw:
                own = _playwright_chromium_path(pw.chromium)
        except Exception:  # no Playwright driver: only a system browser can do
            own = None
    found = own or find_system_browser()
    if found is None:
        raise BrowserError(INSTALL_HINT)
    return found


SANDBOX_FAILURE_MARKERS = ("sandbox", "namespace", "zygote")
"""Words in Chromium's launch error when its sandbox cannot start on this OS."""
ROOT_WARNING = ("running as root: Chromium's sandbox cannot start, so pages run with "
                "--no-sandbox. Run trawl as a non-root user (the Docker image does).")


def launch_args() -> list[str]:
    return [*QUIET_FLAGS, f"--js-flags=--max-old-space-size={RENDERER_HEAP_MB}"]


def running_as_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def sandbox_wanted() -> bool:
    """Whether to launch Chromium sandboxed (TRAWL_BROWSER_SANDBOX; auto: unless root)."""
    mode = get_settings().browser_sandbox
    if mode == "off":
        return False
    if running_as_root():
        if mode == "on":
            raise BrowserError("TRAWL_BROWSER_SANDBOX=on, but Chromium's sandbox cannot start "
                               "as root: run trawl as a non-root user, or set it to auto.")
        _warn_once("root", ROOT_WARNING)
        return False
    return True


_warned: set[str] = set()


def _warn_once(key: str, message: str) -> None:
    if key not in _warned:
        _warned.add(key)
        log.warning(message)


async def launch_chromium(playwright: Playwright, *, headless: bool = True,
                          **kwargs: Any) -> Browser:
    """Launch Chromium with trawl's flags, sandboxed whenever the OS allows; a clear
    BrowserError if none can start."""
    chromium = playwright.chromium
    executable = find_browser_executable(chromium)
    extra = list(kwargs.pop("args", []))
    sandbox = sandbox_wanted()
    try:
        return await chromium.launch(headless=headless, executable_path=executable,
                                     args=launch_args() + extra, chromium_sandbox=sandbox,
                                     **kwargs)
    except Exception as exc:  # playwright raises its own Error type with a long log
        error = exc
    first_line = _first_line(error)
    if sandbox and get_settings().browser_sandbox == "auto" and any(
            marker in str(error).lower() for marker in SANDBOX_FAILURE_MARKERS):
        # The OS forbids the sandbox (no user namespaces, no setuid helper): say so, once,
        # and run without rather than not at all. TRAWL_BROWSER_SANDBOX=on refuses instead.
        _warn_once("unavailable", f"Chromium's sandbox cannot start here ({first_line}); "
                   "running with --no-sandbox. Enable unprivileged user namespaces, or set "
                   "TRAWL_BROWSER_SANDBOX=on to refuse to run unsandboxed.")
        try:
            return await chromium.launch(headless=headless, executable_path=executable,
                                         args=launch_args() + extra, chromium_sandbox=False,
                                         **kwargs)
        except Exception as exc:
            error, first_line = exc, _first_line(exc)
    raise BrowserError(
        f"could not launch Chromium ({executable or 'playwright bundled'}): {first_line}"
    ) from error


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else repr(exc)
