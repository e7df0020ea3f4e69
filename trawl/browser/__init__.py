"""Finding and launching Chromium, a per-worker pool, and the agent Session."""

from trawl.browser.launch import find_browser_executable, find_system_browser, launch_chromium
from trawl.browser.session import ErrorCode, Session, SessionError, launch_browser

__all__ = ["ErrorCode", "Session", "SessionError", "find_browser_executable",
           "find_system_browser", "launch_browser", "launch_chromium"]
