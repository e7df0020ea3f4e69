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
    RecoverSliceInput,
    ResolveInput,
    ResolveOutput,
    SliceInput,
    SliceOutput,
    StartCrawlInput,
    UrlJob,
    count_outcome,
)

RAISE = "raise"
"""A scripted explore that raises (a page whose explore keeps failing)."""
THIN = "thin"
"""A scripted explore that stores the page with thin content."""
GIVEN_UP = "given_up"
"""A scripted explore that gives the URL up after its handoffs (handoff_exhausted)."""
DATA = "data"
"""A scripted explore that stores the page with data (``--extract``)."""
DATA_FAILED = "data_failed"
"""A scripted explore that stores the page, its extraction failed (``--extract``)."""
BREAKS_SLICE = "breaks_slice"
"""A scripted explore that makes its whole slice fail (a worker that dies on the page);
explored alone, it is done."""


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
    starts: list[StartCrawlInput] = field(default_factory=list)
    start_failures: int = 0
    """The first this many start_crawl calls fail."""
    seeds: list[SliceInput] = field(default_factory=list)
    """Slices that read their site's sitemaps first."""
    sitemap_error: str | None = None
    """What reading any site's sitemaps ends with (None: they were read)."""
    slices: list[SliceInput] = field(default_factory=list)
    slice_max: int | None = None
    """A slice explores at most this many URLs (as if its time ran out; None: no limit)."""
    by_token: dict[str, list[UrlJob]] = field(default_factory=lambda: defaultdict(list))
    """URLs claimed by each slice and not yet explored."""
    recorded: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    """Pages done by each slice (the rows a failed slice is counted from)."""

    def _enqueue(self, job: UrlJob) -> None:
        """Insert-if-absent, as the real frontier."""
        self.seen.add(job.url)
        self.queued[site_of(job.url)].append(job)

    def _step(self, job: UrlJob, site: str) -> ExploreOutput:
        self.visits[job.url] += 1
        steps = self.script.get(job.url, [PageOutcome.DONE])
        what = steps[min(self.visits[job.url], len(steps)) - 1]
        if what == BREAKS_SLICE:  # alone, it is an ordinary page
            what = PageOutcome.DONE
        if what == RAISE:
            raise RuntimeError(f"explore of {job.url} broke")
        if what == THIN:  # stored, but far thinner than the page a reader sees
            return ExploreOutput(job.url, PageOutcome.DONE, status_code=200, thin_content=True)
        if what == DATA:
            return ExploreOutput(job.url, PageOutcome.DONE, status_code=200, has_data=True)
        if what == DATA_FAILED:
            return ExploreOutput(job.url, PageOutcome.DONE, status_code=200,
                                 data_error="price: required, not found")
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
        self.starts.append(inp)
        if len(self.starts) <= self.start_failures:
            raise RuntimeError("the start activity timed out")
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

    @activity.defn(name="explore_slice")
    async def explore_slice(self, inp: SliceInput) -> SliceOutput:
        """The real slice's contract: explore what it was given and what earlier slices
        left claimed, claim more (under its token) until the site runs dry, its budget is
        spent, a page needs a person, or the database is out."""
        self.slices.append(inp)
        out = SliceOutput()
        if inp.seed:
            self.seeds.append(inp)
            out.seeded, out.sitemap_error = True, self.sitemap_error
        todo = list(inp.jobs)
        for token in inp.reclaim:
            todo += self.by_token.pop(token, [])
        mine = self.by_token[inp.token]
        if activity.info().attempt > 1:  # what an earlier attempt claimed and left
            todo += [job for job in mine if job not in todo]
            out.done += self.recorded[inp.token]
            out.explored += self.recorded[inp.token]
        explored, limit = 0, self.slice_max
        while True:
            if not todo:
                if limit is not None and explored >= limit:
                    break
                self.claims.append(ClaimInput(inp.crawl_id, inp.site, inp.window, inp.token,
                                              inp.spec.max_pages))
                if not self.crawl_exists:
                    raise CrawlNotFound(f"no crawl {inp.crawl_id}")
                if len(self.claims) <= self.outage_claims:
                    out.held, out.database_unreachable = True, "the database was unreachable"
                    break
                take = inp.window if self.claim_max is None else self.claim_max
                queue = self.queued[inp.site]
                todo, queue[:] = queue[:take], queue[take:]
                mine += todo
                if not todo:
                    out.exhausted = True
                    break
            job = todo[0]
            if self.script.get(job.url, [None])[0] == BREAKS_SLICE:
                self.visits[job.url] += 1
                raise RuntimeError(f"the worker died on {job.url}")
            todo.pop(0)
            try:
                res = self._step(job, inp.site)
            except RuntimeError as exc:
                out.unexplored.append(job)
                out.errors.append(str(exc))
                continue
            finally:
                if job in mine:
                    mine.remove(job)
            explored += 1
            if res.outcome == PageOutcome.DONE:
                self.recorded[inp.token] += 1
            if res.outcome == PageOutcome.HANDOFF:
                out.handoffs.append(res)
                out.pending = todo
                for left in todo:
                    mine.remove(left)
                break
            out.explored += 1
            count_outcome(out, res)  # the real slice's rule
        out.queued = len(self.queued[inp.site])
        return out

    @activity.defn(name="recover_slice")
    async def recover_slice(self, inp: RecoverSliceInput) -> SliceOutput:
        out = SliceOutput(done=self.recorded.pop(inp.token, 0))
        out.unexplored = [job for token in [inp.token, *inp.reclaim]
                          for job in self.by_token.pop(token, [])]
        return out

    def all(self) -> list[Callable[..., Any]]:
        return [self.start_crawl, self.claim_urls, self.pending_sites, self.finish_crawl,
                self.resolve_handoff, self.record_failure, self.explore, self.explore_batch,
                self.explore_slice, self.recover_slice]
