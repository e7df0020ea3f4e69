"""Inputs and outputs of the crawl's steps (the activities pass these through as-is).

Kept small on purpose: they are recorded in workflow history, so page content never
appears here, only URLs and counts.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from trawl.crawl.spec import CrawlSpec


@dataclass
class StartCrawlInput:
    crawl_id: str
    """Short crawl id."""
    workflow_id: str
    """The CrawlWorkflow's id."""
    spec: CrawlSpec
    """The validated spec."""


@dataclass
class UrlJob:
    """One URL to explore."""

    url: str
    """Canonical URL."""
    depth: int
    """Link depth."""


@dataclass
class ClaimInput:
    crawl_id: str
    site: str
    limit: int
    """How many URLs to claim at most."""
    token: str
    """Unique per claim; a retried claim with the same token returns the same URLs."""
    max_pages: int
    """The crawl's page budget."""


@dataclass
class ClaimOutput:
    jobs: list[UrlJob] = field(default_factory=list)
    budget_left: int = 0
    """Pages the crawl may still claim after this batch."""


@dataclass
class ExploreInput:
    crawl_id: str
    site: str
    job: UrlJob
    spec: CrawlSpec


@dataclass
class ExploreOutput:
    """What happened to one URL: a summary, never the content."""

    url: str
    outcome: str
    """done | failed | redirected | skipped."""
    status_code: int | None = None
    error_class: str | None = None
    links_found: int = 0
    new_urls: int = 0
    """URLs this page added to the frontier."""
    new_sites: list[str] = field(default_factory=list)
    """Sites that got their first frontier URL from this page."""


@dataclass
class PendingSitesInput:
    crawl_id: str
    max_pages: int


@dataclass
class FinishCrawlInput:
    crawl_id: str
    status: str
    """completed | cancelled | failed."""


@dataclass
class CrawlCounts:
    queued: int = 0
    claimed: int = 0
    done: int = 0
    failed: int = 0
    redirected: int = 0
    skipped: int = 0

    @property
    def total(self) -> int:
        return (self.queued + self.claimed + self.done + self.failed + self.redirected
                + self.skipped)
