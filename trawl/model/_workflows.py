"""Workflow inputs, outputs, signals, queries and carried state (one dataclass each)."""

# No `from __future__ import annotations`: Temporal's converter resolves these fields' types
# inside the workflow sandbox, where this module's globals are not at hand (the sandbox
# imports trawl.model, not its private modules), so annotations must be real types.
from dataclasses import dataclass, field
from typing import Any

from trawl.model._activities import ExploreOutput, SliceOutput, UrlJob
from trawl.model._spec import CrawlSpec
from trawl.model._status import CrawlStatus, ErrorClass, LiveStatus, PageOutcome


@dataclass
class OpsHints:
    """How an operator reaches the Temporal server running a crawl: the printed `temporal`
    commands carry these, so they work as pasted (workflow code cannot read settings)."""

    address: str
    """host:port of the Temporal frontend."""
    namespace: str = "default"
    """The Temporal namespace the crawl runs in."""
    codec_endpoint: str | None = None
    """The codec server (trawl/worker/codec_server.py) the CLI seals session data through; None
    when the starter knew of none."""


@dataclass
class CrawlInput:
    """What a CrawlWorkflow is started with."""

    crawl_id: str
    """Short crawl id (also the key of the crawls row)."""
    spec: CrawlSpec
    """Validated crawl spec."""
    ops: OpsHints | None = None
    """Where operators reach this crawl's Temporal (for the commands its details print)."""


@dataclass
class CrawlResult:
    """What a CrawlWorkflow returns."""

    crawl_id: str
    """Short crawl id."""
    status: CrawlStatus
    """How the crawl ended (completed)."""
    pages_done: int
    """Pages stored with content, over all sites."""
    pages_failed: int
    """Pages recorded as failed, over all sites."""
    sites: int
    """Sites crawled."""
    pages_thin: int = 0
    """Pages stored with thin content (``metadata.thin_content``), over all sites."""
    given_up: int = 0
    """URLs given up after the bounded number of handoffs (in ``pages_failed`` too)."""


RESUME_SIGNAL = "resume"
"""The signal CrawlWorkflow (un-pause; forwarded to its sites) and SiteWorkflow (retry
after a handoff) take: trawl's own resume (trawl.api.handoffs.send_resume) and the command
printed for the Temporal CLI and the web UI (trawl.workflows.monitor) name it from here."""


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
    """Why: login | login_redirect | captcha | auth_401 | ... (see trawl.crawler.walls)."""
    detail: str | None
    """What was seen, in a few words (None: the reason says it all)."""
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
    """Pages stored with content so far (every run)."""
    failed: int = 0
    """Pages recorded as failed so far."""
    redirected: int = 0
    """URLs answered with a redirect so far."""
    skipped: int = 0
    """URLs skipped by policy (robots.txt) when their turn came."""
    thin: int = 0
    """Pages stored with thin content (``metadata.thin_content``)."""
    given_up: int = 0
    """URLs given up after the bounded number of handoffs (``handoff_exhausted``, also
    counted in ``failed``)."""
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
    with_data: int = 0
    """``--extract``: pages stored with data."""
    data_failed: int = 0
    """``--extract``: pages whose extraction failed (``pages.data_error``)."""
    reclaim: list[str] = field(default_factory=list)
    """Claim tokens of slices that ended with URLs still claimed (cancelled, failed, held):
    the next slice explores those URLs first."""
    seeded: bool = False
    """The site's sitemaps were read (by its first slice), or it needs none."""


@dataclass
class SiteInput:
    """What a SiteWorkflow is started (and continued as new) with."""

    crawl_id: str
    """Short crawl id."""
    site: str
    """scheme://host[:port] of the site."""
    spec: CrawlSpec
    """The crawl's validated spec."""
    state: SiteState = field(default_factory=SiteState)
    """State carried across continue-as-new (fresh on the first run)."""
    ops: OpsHints | None = None
    """Where operators reach Temporal (for the commands the details print)."""
    seed: bool = False
    """A start URL's site whose sitemaps the crawl reads: the site does it first
    (its first explore slice does), concurrently with every other site."""
    spec_in_db: bool = False
    """``spec.seeds`` holds only this site's start URLs (a crawl of many sites would copy
    them all into every site's input and every activity's); activities read the whole
    spec from the crawls row."""
    sites: int = 1
    """How many sites the crawl started with: a site's progress reports to the crawl are
    spaced by it, so the crawl's history does not grow with sites x time."""


@dataclass
class SiteResult:
    """What a SiteWorkflow returns."""

    site: str
    """scheme://host[:port] of the site."""
    done: int
    """Pages stored with content."""
    failed: int
    """Pages recorded as failed."""
    redirected: int
    """URLs answered with a redirect."""
    runs: int
    """Workflow runs (1 + continue-as-new count)."""
    thin: int = 0
    """Pages stored with thin content."""
    given_up: int = 0
    """URLs given up after the bounded number of handoffs (in ``failed`` too)."""


@dataclass
class SiteProgress:
    """Answer of the SiteWorkflow's ``progress`` query."""

    site: str
    """scheme://host[:port] of the site."""
    done: int
    """Pages stored with content."""
    failed: int
    """Pages recorded as failed."""
    redirected: int
    """URLs answered with a redirect."""
    in_flight: int
    """URLs being explored now."""
    pending: int
    """URLs claimed, not yet dispatched."""
    runs: int
    """Workflow runs (1 + continue-as-new count)."""
    status: LiveStatus = LiveStatus.RUNNING
    """running | handoff | paused | database_unreachable | completed."""
    queued: int = 0
    """The site's queued URLs at the last claim (counted up to 10000)."""
    handoff: SiteHandoff | None = None
    """The open handoff, if any."""
    last_event: str = ""
    """Last resume/pause event."""


@dataclass
class SiteUpdate:
    """A SiteWorkflow's report to its crawl (signal ``site_update``), sent on status
    changes and every few pages."""

    site: str
    """scheme://host[:port] of the site."""
    workflow_id: str
    """The SiteWorkflow's id (where ``resume`` goes)."""
    status: LiveStatus
    """running | handoff | paused | database_unreachable | completed."""
    done: int
    """Pages stored with content."""
    failed: int
    """Pages recorded as failed."""
    redirected: int
    """URLs answered with a redirect."""
    queued: int
    """The site's queued URLs at its last claim."""
    handoff: SiteHandoff | None = None
    """The open handoff, if any."""
    thin: int = 0
    """Pages stored with thin content."""
    given_up: int = 0
    """URLs given up after the bounded number of handoffs (counted in ``failed`` too)."""


@dataclass
class CrawlProgress:
    """Answer of the CrawlWorkflow's ``progress`` query."""

    crawl_id: str
    """Short crawl id."""
    status: LiveStatus
    """running | handoff | paused | database_unreachable | completed | cancelled."""
    paused: bool
    """The crawl's ``pause`` signal holds it."""
    pages_done: int
    """Pages stored with content, over the sites' last reports."""
    pages_failed: int
    """Pages recorded as failed, over the sites' last reports."""
    redirected: int
    """URLs answered with a redirect."""
    queued: int
    """URLs queued, over the sites' last reports."""
    sites: list[SiteUpdate] = field(default_factory=list)
    """Each site's last report, by site."""
    pages_thin: int = 0
    """Pages stored with thin content, over the sites' last reports."""
    given_up: int = 0
    """URLs given up after handoffs, over the sites' last reports."""
    start_error: str | None = None
    """Why the crawl could not start (status ``start_failed``); None once it started."""


def count_outcome(counts: SliceOutput | SiteState, out: ExploreOutput) -> None:
    """Add one explored URL's outcome to ``counts``: one rule for the slice that explored
    it and the site that hears of it. A handoff counts nothing (the URL is explored again
    after ``resume``); a URL given up after its handoffs is failed and ``given_up``."""
    if out.outcome == PageOutcome.HANDOFF:
        return
    if out.outcome == PageOutcome.DONE:
        counts.done += 1
    elif out.outcome == PageOutcome.REDIRECTED:
        counts.redirected += 1
    elif out.outcome == PageOutcome.SKIPPED:
        counts.skipped += 1
    else:
        counts.failed += 1
        if out.error_class == ErrorClass.HANDOFF_EXHAUSTED:
            counts.given_up += 1
    if out.thin_content:
        counts.thin += 1
    if out.has_data:
        counts.with_data += 1
    elif out.data_error is not None:
        counts.data_failed += 1
