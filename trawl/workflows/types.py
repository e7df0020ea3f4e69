"""Workflow inputs, outputs and carried state (one dataclass each)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

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
    ops: OpsHints | None = None
    """Where operators reach this crawl's Temporal (for the commands its details print)."""


@dataclass
class OpsHints:
    """How an operator reaches the Temporal server running a crawl: the printed `temporal`
    commands carry these, so they work as pasted (workflow code cannot read settings)."""

    address: str
    """host:port of the Temporal frontend."""
    namespace: str = "default"
    codec_endpoint: str | None = None
    """The codec server (trawl/worker/codec_server.py) the CLI seals session data through; None
    when the starter knew of none."""


@dataclass
class CrawlResult:
    crawl_id: str
    status: str
    pages_done: int
    pages_failed: int
    sites: int


@dataclass
class ResumeRequest:
    """Payload of the ``resume`` signal (every field optional; ``{}`` or nothing works).

    Session data is saved to the site's profile before the blocked URLs are retried; note
    that a signal's payload stays in the workflow's history (``trawl resume`` and
    ``trawl login`` therefore save the session to Postgres themselves and send only a note).
    """

    note: str | None = None
    """What the person did, kept with the handoff."""
    cookies: list[dict[str, Any]] | None = None
    """Playwright cookie dicts to merge into the site's session profile."""
    storage_state: dict[str, Any] | None = None
    """A Playwright storage state (``{"cookies": [...], "origins": [...]}``)."""
    resumed_by: str | None = None
    """Who resumed (the CLI sends the user name)."""


@dataclass
class SiteHandoff:
    """The open handoff of a site (at most one; more blocked URLs join it)."""

    url: str
    """The first URL that needed a person."""
    reason: str
    detail: str | None
    since: str
    """Workflow time it opened (ISO 8601)."""
    blocked: list[str] = field(default_factory=list)
    """Every URL waiting on it."""


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
    skipped: int = 0
    """URLs skipped by policy (robots.txt) when their turn came."""
    runs: int = 1
    """Workflow runs so far (1 + continue-as-new count)."""
    handoff: SiteHandoff | None = None
    """Open handoff: the site dispatches nothing until ``resume``."""
    paused: bool = False
    """Paused by the crawl's ``pause`` signal."""
    profile_version: int = 0
    """Version of the site's session profile explore activities use."""
    queued: int = 0
    """The site's queued URLs at the last claim (counted up to 10000)."""
    handoffs: int = 0
    """Handoffs met so far."""
    last_event: str = ""
    """Last resume/pause event, shown in the workflow's details."""
    started_at: float = 0.0
    """When the site's first run started (epoch seconds, workflow time): reports to the
    crawl thin out as the site runs longer (see workflows.monitor.report_interval_s)."""
    last_report_at: float = 0.0
    """When the last progress report went to the crawl (epoch seconds, workflow time)."""
    database_unreachable: str | None = None
    """Set when the database stayed unreachable past the outage budget: the site holds
    (its unexplored URLs back in ``pending``) until ``resume``."""


@dataclass
class SiteInput:
    crawl_id: str
    site: str
    spec: CrawlSpec
    state: SiteState = field(default_factory=SiteState)
    ops: OpsHints | None = None


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
    status: str = "running"
    """running | handoff | paused | completed."""
    queued: int = 0
    handoff: SiteHandoff | None = None
    last_event: str = ""


@dataclass
class SiteUpdate:
    """A SiteWorkflow's report to its crawl (signal ``site_update``), sent on status
    changes and every few pages."""

    site: str
    workflow_id: str
    status: str
    done: int
    failed: int
    redirected: int
    queued: int
    handoff: SiteHandoff | None = None


@dataclass
class CrawlProgress:
    """Answer of the CrawlWorkflow's ``progress`` query."""

    crawl_id: str
    status: str
    """running | handoff | paused | completed | cancelled."""
    paused: bool
    pages_done: int
    pages_failed: int
    redirected: int
    queued: int
    sites: list[SiteUpdate] = field(default_factory=list)
