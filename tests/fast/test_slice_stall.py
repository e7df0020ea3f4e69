"""A slice whose worker stalls (starved of CPU): its heartbeats stop for longer than half
their timeout, so the server may have timed the attempt out and started a retry that adopts
the slice's claimed pages. The slice must start no load after that (each would be fetched
twice: by it and by the retry), hand the pages it had not started back to the site, and end.

The frontier and the page's explore are fakes here (the slice's own logic is under test;
tests/test_slices.py runs slices against real Postgres, Temporal and sites)."""

from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace
from typing import Any

import pytest
from temporalio.testing import ActivityEnvironment

import trawl.activities.slices as slices
from trawl.activities.crawl import _Beating
from trawl.model import CrawlSpec, ExploreOutput, PageOutcome, SliceInput, UrlJob

SITE = "https://site.example"
PAGES = 40


class FakeFrontier:
    """One site's queued URLs; claims hand them out in order."""

    def __init__(self, n: int) -> None:
        self.queued = [UrlJob(url=f"{SITE}/p/{i}", depth=1) for i in range(n)]

    async def claim_more(self, _engine: Any, _crawl: str, _site: str, limit: int, _token: str,
                         _max_pages: int, **_: Any) -> tuple[list[UrlJob], int]:
        jobs, self.queued = self.queued[:limit], self.queued[limit:]
        return jobs, 1_000_000

    async def take_over(self, *_: Any) -> list[UrlJob]:
        return []

    async def claimed_under(self, *_: Any) -> list[UrlJob]:
        return []

    async def site_state(self, *_: Any) -> tuple[int, int]:
        return len(self.queued), 0


async def _db(work: Any, **_: Any) -> Any:
    return await work()


def _slice(stalled: Any, loads: list[str]) -> tuple[slices.Slice, Any]:
    """A slice, and a fake explore that counts the loads it starts (inside the gate)."""

    async def explore(_deps: Any, single: Any, _note: Any, gate: Any) -> ExploreOutput:
        async with gate:
            loads.append(single.job.url)
            await asyncio.sleep(0.01)
        return ExploreOutput(url=single.job.url, outcome=PageOutcome.DONE)

    inp = SliceInput("c1", SITE, CrawlSpec(seeds=[SITE + "/"]), "wf:1", window=16, loads=4,
                     max_seconds=30.0)
    spec = inp.spec
    return slices.Slice(SimpleNamespace(engine=None), _db, inp, spec, 1, lambda _s: None,
                        lambda _e: False, lambda _e: False, stalled), explore


@pytest.fixture
def frontier(monkeypatch: pytest.MonkeyPatch) -> FakeFrontier:
    fake = FakeFrontier(PAGES)
    monkeypatch.setattr(slices, "store", fake)
    return fake


async def test_a_slice_whose_heartbeats_stalled_starts_no_load_and_hands_its_pages_back(
        frontier: FakeFrontier, monkeypatch: pytest.MonkeyPatch) -> None:
    loads: list[str] = []
    stall = {"at": False}
    sl, explore = _slice(lambda: stall["at"], loads)

    async def stalling(*args: Any) -> ExploreOutput:
        out = await explore(*args)
        if len(loads) == 8:  # the worker stalls after eight loads
            stall["at"] = True
        return out

    monkeypatch.setattr(slices, "explore", stalling)
    out = await sl.run()
    assert 8 <= len(loads) < 12, loads  # at most the loads already entered finish
    assert len(set(loads)) == len(loads)
    pending = {job.url for job in out.pending}
    assert not pending & set(loads), "a page handed back was loaded"
    # every claimed page is either loaded (and counted) or handed back, none lost
    assert out.explored == len(loads) and out.done == len(loads)
    claimed = PAGES - len(frontier.queued)
    assert len(pending) + len(loads) == claimed
    assert not out.exhausted  # the site has more: its workflow runs another slice


async def test_a_slice_that_never_stalled_explores_every_page(
        frontier: FakeFrontier, monkeypatch: pytest.MonkeyPatch) -> None:
    loads: list[str] = []
    sl, explore = _slice(lambda: False, loads)
    monkeypatch.setattr(slices, "explore", explore)
    out = await sl.run()
    assert sorted(loads) == sorted(f"{SITE}/p/{i}" for i in range(PAGES))
    assert out.done == PAGES and not out.pending


async def test_heartbeats_further_apart_than_half_their_timeout_mark_the_attempt_stalled(
        ) -> None:
    async def beating(stall_s: float) -> tuple[bool, bool]:
        async with _Beating(stall_after=0.2) as beat:
            beat.note("loading")
            await asyncio.sleep(0.05)
            beat.note("recording")
            before = beat.is_stalled()
            time.sleep(stall_s)  # the event loop blocked: a starved worker
            seen_at_once = beat.is_stalled()  # before the next beat went out
            await asyncio.sleep(0.05)
            beat.note("loading")
            return before, seen_at_once and beat.is_stalled()

    env = ActivityEnvironment()
    assert await env.run(beating, 0.3) == (False, True)
    assert await env.run(beating, 0.0) == (False, False)
