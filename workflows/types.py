"""Workflow inputs, outputs and carried state (one dataclass each)."""

from __future__ import annotations

from dataclasses import dataclass, field

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from trawl.crawl.spec import CrawlSpec
    from trawl.crawl.types import UrlJob


@dataclass
class CrawlInput:
    crawl_id: str
    """Short crawl id (also the key of the crawls row)."""
    spec: CrawlSpec
    """Validated crawl spec."""


@dataclass
class CrawlResult:
    crawl_id: str
    status: str
    pages_done: int
    pages_failed: int
    sites: int


@dataclass
class SiteState:
    """Everything a SiteWorkflow carries across continue-as-new."""

    claim_seq: int = 0
    """Claims made so far (makes each claim token unique)."""
    pending: list[UrlJob] = field(default_factory=list)
    """Claimed URLs not yet dispatched."""
    done: int = 0
    failed: int = 0
    redirected: int = 0
    runs: int = 1
    """Workflow runs so far (1 + continue-as-new count)."""


@dataclass
class SiteInput:
    crawl_id: str
    site: str
    spec: CrawlSpec
    state: SiteState = field(default_factory=SiteState)


@dataclass
class SiteResult:
    site: str
    done: int
    failed: int
    redirected: int
    runs: int


@dataclass
class SiteProgress:
    site: str
    done: int
    failed: int
    redirected: int
    in_flight: int
    pending: int
    runs: int
