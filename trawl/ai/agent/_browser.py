"""The browsers a worker holds for agent runs: one context (and Session) per run.

A run's tool calls all go to the worker that holds its browser (a task queue of that
worker's own; see trawl.activities.agent). When that worker is gone, another rebuilds the
run's browser from what Postgres kept: the last URL and the sealed storage state (cookies,
local storage). Every request the page makes passes the address guard (a route on the
context, checked per origin after DNS), not only the URLs the agent asks for.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from trawl.browser.destructive import DestructiveGuard
from trawl.browser.session import DEFAULT_VIEWPORT, Session
from trawl.config import get_settings
from trawl.errors import BlockedAddress
from trawl.model import AgentSpec
from trawl.net import NetPolicy, origin_of

log = logging.getLogger("trawl.ai.agent")

ACTION_TIMEOUT_MS = 10_000
NAV_TIMEOUT_MS = 30_000


def agent_policy(spec: AgentSpec) -> NetPolicy:
    """What a run's browser may reach: its start URL's origin whatever its address when the
    operator named it (a program's run: not even that); internal addresses elsewhere only
    as the spec or TRAWL_ALLOW_PRIVATE allow."""
    named = frozenset({origin_of(spec.start_url)}) if spec.named_by_operator else frozenset()
    return NetPolicy(allowed_origins=named,
                     allow_private=spec.allow_private or get_settings().allow_private,
                     allow_hosts=tuple(spec.allow_hosts))


@dataclass
class RunBrowser:
    """One run's browser: its context and the Session the tools drive."""

    context: Any
    session: Session
    blocked: list[str] = field(default_factory=list)
    """Requests the address guard refused (URL: why), newest last."""


class AgentBrowsers:
    """This worker's runs' browsers (one Chromium, a context per run)."""

    def __init__(self, headless: bool = True) -> None:
        self._headless = headless
        self._playwright: Any = None
        self._browser: Any = None
        self._runs: dict[str, RunBrowser] = {}
        self._lock = asyncio.Lock()

    def holds(self, run_id: str) -> bool:
        return run_id in self._runs

    async def get(self, run_id: str, spec: AgentSpec,
                  rebuild: Callable[[], Awaitable[tuple[str | None, dict[str, Any] | None]]]
                  ) -> tuple[RunBrowser, bool]:
        """The run's browser, and whether it was (re)built here: a new one starts from the
        last URL and storage state ``rebuild`` returns."""
        async with self._lock:
            held = self._runs.get(run_id)
            if held is not None and not held.session.page.is_closed():
                return held, False
            last_url, state = await rebuild()
            run = await self._open(spec, state)
            self._runs[run_id] = run
        target = last_url or spec.start_url
        with contextlib.suppress(Exception):  # a page that no longer loads: the model sees
            await run.session.go(target)
        return run, True

    async def _open(self, spec: AgentSpec, state: dict[str, Any] | None) -> RunBrowser:
        if self._browser is None or not self._browser.is_connected():
            from playwright.async_api import async_playwright

            from trawl.browser.launch import launch_chromium

            if self._playwright is None:
                self._playwright = await async_playwright().start()
            self._browser = await launch_chromium(self._playwright, headless=self._headless)
        context = await self._browser.new_context(storage_state=state,  # type: ignore[arg-type]
                                                  viewport=DEFAULT_VIEWPORT,
                                                  accept_downloads=False)
        policy = agent_policy(spec)
        run = RunBrowser(context, None)  # type: ignore[arg-type]
        await context.route("**/*", _guard(policy, run))
        page = await context.new_page()
        run.session = Session(page, action_timeout_ms=ACTION_TIMEOUT_MS,
                              nav_timeout_ms=NAV_TIMEOUT_MS, handoff_server=False,
                              policy=policy,
                              guard=DestructiveGuard(allow=spec.allow_destructive,
                                                     extra_words=tuple(spec.destructive_words)))
        return run

    async def release(self, run_id: str) -> None:
        run = self._runs.pop(run_id, None)
        if run is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(run.context.close(), 10)

    async def close(self) -> None:
        for run_id in list(self._runs):
            await self.release(run_id)
        with contextlib.suppress(Exception):
            if self._browser is not None:
                await self._browser.close()
        with contextlib.suppress(Exception):
            if self._playwright is not None:
                await self._playwright.stop()
        self._browser = self._playwright = None


def _guard(policy: NetPolicy, run: RunBrowser) -> Callable[[Any], Awaitable[None]]:
    verdicts: dict[str, str | None] = {}

    async def route(route: Any) -> None:
        url = route.request.url
        if not url.startswith(("http:", "https:", "ws:", "wss:")):
            await route.continue_()
            return
        origin = origin_of(url)
        if origin not in verdicts:
            try:
                await policy.resolve_checked(url)
                verdicts[origin] = None
            except BlockedAddress as exc:
                verdicts[origin] = str(exc)
        why = verdicts[origin]
        if why is None:
            await route.continue_()
            return
        run.blocked.append(f"{url}: {why}")
        del run.blocked[:-20]
        await route.abort("blockedbyclient")

    return route
