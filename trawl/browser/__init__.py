"""Finding and launching Chromium, a per-worker pool, and the agent Session."""

from trawl.browser.launch import find_browser_executable, find_system_browser, launch_chromium

__all__ = ["find_browser_executable", "find_system_browser", "launch_chromium"]
