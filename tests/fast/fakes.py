"""Fake crawl activities: the real activities' names and contracts (trawl.model), an
in-memory frontier instead of Postgres, and a script of what each URL's explore does."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from temporalio import activity
from temporalio.exceptions import ApplicationError

from trawl.activities.policies import DATABASE_UNREACHABLE
from trawl.errors import CrawlNotFound
from trawl.model import (
    ClaimInput,
    ClaimOutput,
    ErrorClass,
    ExploreBatchInput,
    ExploreBatchOutput,
    ExploreInput,
    ExploreOutput,
    FinishCrawlInput,
    PageOutcome,
    PendingSitesInput,
    RecordFailureInput,
    ResolveInput,
    ResolveOutput,
    StartCrawlInput,
    UrlJob,
)

RAISE = "raise"
"""A scripted explore that raises (a page whose explore keeps failing)."""
THIN = "thin"
"""A scripted explore that stores the page with thin content."""
GIVEN_UP = "given_up"
"""A scripted explore that gives the URL up after its handoffs (handoff_exhausted)."""


def site_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@dataclass
class FakeCrawl:
    """What the fake activities were asked, and the frontier they keep."""

    script: dict[str, list[str]] = field(default_factory=dict)
    """url -> what its explores do in turn: a PageOutcome value or RAISE (the last one
    repeats); a URL without a script is ``done``."""
    links: dict[str, list[str]] = field(default_factory=dict)
    """url -> URLs its page adds to the frontier."""
    claim_max: int | None = None
    """Claims return at most this many URLs (None: the limit asked)."""
    crawl_exists: bool = True
    """False: claim_urls raises CrawlNotFound (the crawls row is gone)."""
    outage_claims: int = 0
    """The first this many claims fail as a database outage that outlasted its budget."""
    queued: dict[str, list[UrlJob]] = field(default_factory=lambda: defaultdict(list))
    seen: set[str] = field(default_factory=set)
    """Every URL ever queued."""
    blocked: dict[str, list[UrlJob]] = field(default_factory=lambda: defaultdict(list))
    visits: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    claims: list[ClaimInput] = field(default_factory=list)
    finished: list[FinishCrawlInput] = field(default_factory=list)
    failures: list[RecordFailureInput] = field(default_factory=list)
    resolves: list[ResolveInput] = field(default_factory=list)

    def _enqueue(self, job: UrlJob) -> None:
        """Insert-if-absent, as the real frontier."""
        self.seen.add(job.url)
        self.queued[site_of(job.url)].append(job)

    def _step(self, job: UrlJob, site: str) -> ExploreOutput:
        self.visits[job.url] += 1
        steps = self.script.get(job.url, [PageOutcome.DONE])
        what = steps[min(self.visits[job.url], len(steps)) - 1]
        if what == RAISE:
            raise RuntimeError(f"explore of {job.url} broke")
        if what == THIN:  # stored, but far thinner than the page a reader sees
            return ExploreOutput(job.url, PageOutcome.DONE, status_code=200, thin_content=True)
        if what == GIVEN_UP:  # still behind its wall after the bounded handoffs
            return ExploreOutput(job.url, PageOutcome.FAILED, status_code=200,
                                 error_class=ErrorClass.HANDOFF_EXHAUSTED)
        outcome = PageOutcome(what)
        if outcome == PageOutcome.HANDOFF:
            self.blocked[site].append(job)
            return ExploreOutput(job.url, outcome, handoff_reason="login",
                                 handoff_detail="a login form")
        new = [u for u in self.links.get(job.url, []) if u not in self.seen]
        for url in new:
            self._enqueue(UrlJob(url, job.depth + 1))
        return ExploreOutput(job.url, outcome, status_code=200, new_urls=len(new))

    @activity.defn(name="start_crawl")
    async def start_crawl(self, inp: StartCrawlInput) -> list[str]:
        for seed in inp.spec.seeds:
            if seed not in self.seen:
                self._enqueue(UrlJob(seed, 0))
        return sorted(site_of(s) for s in inp.spec.seeds)

    @activity.defn(name="claim_urls")
    async def claim_urls(self, inp: ClaimInput) -> ClaimOutput:
        self.claims.append(inp)
        if not self.crawl_exists:
            raise CrawlNotFound(f"no crawl {inp.crawl_id}")
        if len(self.claims) <= self.outage_claims:
            raise ApplicationError("the database was unreachable for 900 s",
                                   type=DATABASE_UNREACHABLE, non_retryable=True)
        limit = inp.limit if self.claim_max is None else min(inp.limit, self.claim_max)
        queue = self.queued[inp.site]
        jobs, queue[:] = queue[:limit], queue[limit:]
        return ClaimOutput(jobs, budget_left=1000, queued=len(queue))

    @activity.defn(name="pending_sites")
    async def pending_sites(self, inp: PendingSitesInput) -> list[str]:
        return sorted(site for site, queue in self.queued.items() if queue)

    @activity.defn(name="finish_crawl")
    async def finish_crawl(self, inp: FinishCrawlInput) -> None:
        self.finished.append(inp)

    @activity.defn(name="resolve_handoff")
    async def resolve_handoff(self, inp: ResolveInput) -> ResolveOutput:
        self.resolves.append(inp)
        again, self.blocked[inp.site] = self.blocked[inp.site], []
        self.queued[inp.site] += again
        return ResolveOutput(requeued=len(again), closed=1, profile_version=0)

    @activity.defn(name="record_failure")
    async def record_failure(self, inp: RecordFailureInput) -> ExploreOutput:
        self.failures.append(inp)
        return ExploreOutput(inp.explore.job.url, PageOutcome.FAILED,
                             error_class="internal_error")

    @activity.defn(name="explore")
    async def explore(self, inp: ExploreInput) -> ExploreOutput:
        return self._step(inp.job, inp.site)

    @activity.defn(name="explore_batch")
    async def explore_batch(self, inp: ExploreBatchInput) -> ExploreBatchOutput:
        out = ExploreBatchOutput()
        for job in inp.jobs:
            try:
                out.outputs.append(self._step(job, inp.site))
            except RuntimeError as exc:
                out.unexplored.append(job)
                out.errors.append(str(exc))
        return out

    def all(self) -> list[Callable[..., Any]]:
        return [self.start_crawl, self.claim_urls, self.pending_sites, self.finish_crawl,
                self.resolve_handoff, self.record_failure, self.explore, self.explore_batch]
