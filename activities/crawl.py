"""Crawl activities: thin Temporal wrappers around trawl.crawl and trawl.store."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from temporalio import activity

from trawl.crawl.explore import ExploreDeps, explore
from trawl.crawl.types import (
    ClaimInput,
    ClaimOutput,
    ExploreInput,
    ExploreOutput,
    FinishCrawlInput,
    PendingSitesInput,
    StartCrawlInput,
)
from trawl.store import frontier

HEARTBEAT_INTERVAL_S = 5.0


class CrawlActivities:
    """Activities sharing one worker's database engine, HTTP client and browser pool."""

    def __init__(self, deps: ExploreDeps) -> None:
        self._deps = deps

    @activity.defn(name="start_crawl")
    async def start_crawl(self, inp: StartCrawlInput) -> list[str]:
        return await frontier.create_crawl(self._deps.engine, inp.crawl_id, inp.workflow_id,
                                           inp.spec)

    @activity.defn(name="claim_urls")
    async def claim_urls(self, inp: ClaimInput) -> ClaimOutput:
        return await frontier.claim(self._deps.engine, inp)

    @activity.defn(name="pending_sites")
    async def pending_sites(self, inp: PendingSitesInput) -> list[str]:
        return await frontier.pending_sites(self._deps.engine, inp.crawl_id, inp.max_pages)

    @activity.defn(name="finish_crawl")
    async def finish_crawl(self, inp: FinishCrawlInput) -> None:
        if inp.status != "completed":
            await frontier.release_claims(self._deps.engine, inp.crawl_id)
        await frontier.finish_crawl(self._deps.engine, inp.crawl_id, inp.status)

    @activity.defn(name="explore")
    async def explore(self, inp: ExploreInput) -> ExploreOutput:
        stage = "starting"

        def note(new_stage: str) -> None:
            nonlocal stage
            stage = new_stage
            activity.heartbeat(stage)

        async def keep_beating() -> None:
            # a long render or a slow server must not look like a dead worker
            while True:
                await asyncio.sleep(HEARTBEAT_INTERVAL_S)
                activity.heartbeat(stage)

        beater = asyncio.create_task(keep_beating())
        try:
            return await explore(self._deps, inp, note)
        finally:
            beater.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await beater

    def all(self) -> list[Callable[..., Any]]:
        return [self.start_crawl, self.claim_urls, self.pending_sites, self.finish_crawl,
                self.explore]
