"""The contracts between workflows and activities: one input and one output per activity.

Kept small on purpose: they are recorded in workflow history, so page content never
appears here, only URLs and counts.
"""

# No `from __future__ import annotations`: Temporal's converter resolves these fields' types
# inside the workflow sandbox, where this module's globals are not at hand (the sandbox
# imports trawl.model, not its private modules), so annotations must be real types.
from dataclasses import dataclass, field
from typing import Any

from trawl.model._spec import CrawlSpec
from trawl.model._status import CrawlStatus, PageOutcome


@dataclass
class StartCrawlInput:
    """Input of ``start_crawl`` (its output: the sites to crawl, a list of str)."""

    crawl_id: str
    """Short crawl id."""
    workflow_id: str
    """The CrawlWorkflow's id."""
    spec: CrawlSpec
    """The validated spec."""
    sitemaps: bool = True
    """Read the seed sites' sitemaps here too (crawls started before seeding moved to
    each start site's first explore slice); False: the sites seed themselves."""


@dataclass
class UrlJob:
    """One URL to explore."""

    url: str
    """Canonical URL."""
    depth: int
    """Link depth."""
    handoffs: int = 0
    """Times it was handed to a person already (a resume sent it back)."""
    priority: float | None = None
    """A goal-directed crawl's claim priority (None: breadth first)."""


@dataclass
class ClaimInput:
    """Input of ``claim_urls``."""

    crawl_id: str
    """Short crawl id."""
    site: str
    """scheme://host[:port] of the site claiming."""
    limit: int
    """How many URLs to claim at most."""
    token: str
    """Unique per claim; a retried claim with the same token returns the same URLs."""
    max_pages: int
    """The crawl's page budget."""
    by_priority: bool = False
    """A goal-directed crawl: claim the most relevant URLs first (``crawl_urls.priority``)."""
    goal_pages: int | None = None
    """``--goal-pages``: claim nothing once this many pages have data (the goal is met)."""


@dataclass
class ClaimOutput:
    """Output of ``claim_urls``."""

    jobs: list[UrlJob] = field(default_factory=list)
    """The URLs claimed (empty: the site has nothing queued, or the budget is spent)."""
    budget_left: int = 0
    """Pages the crawl may still claim after this batch."""
    profile_version: int = 0
    """Version of the site's session profile (0: none stored)."""
    queued: int = 0
    """URLs of the site still queued after this claim (counted up to 10000)."""


@dataclass
class ExploreInput:
    """Input of ``explore`` (one URL)."""

    crawl_id: str
    """Short crawl id."""
    site: str
    """scheme://host[:port] of the URL's site."""
    job: UrlJob
    """The URL to explore."""
    spec: CrawlSpec
    """The crawl's validated spec."""
    workflow_id: str = ""
    """The SiteWorkflow's id (recorded with a handoff: where ``resume`` goes)."""
    profile_version: int = 0
    """Version of the site's session profile to use (0: none stored)."""
    spec_in_db: bool = False
    """``spec.seeds`` holds only this site's start URLs: the crawl's whole spec is read from
    its crawls row (see :class:`trawl.model.SiteInput`)."""


@dataclass
class ExploreOutput:
    """What happened to one URL: a summary, never the content."""

    url: str
    """The URL explored (canonical)."""
    outcome: PageOutcome
    """done | failed | redirected | skipped | handoff (blocked: waits for a person)."""
    status_code: int | None = None
    """The HTTP status the page answered with (None: no answer)."""
    error_class: str | None = None
    """Why it failed (an ErrorClass, or ``http_<status>``); None unless failed."""
    links_found: int = 0
    """Links the page holds (recorded)."""
    new_urls: int = 0
    """URLs this page added to the frontier."""
    new_sites: list[str] = field(default_factory=list)
    """Sites that got their first frontier URL from this page."""
    handoff_reason: str | None = None
    """Set with outcome ``handoff``: login | login_redirect | captcha | auth_401 | ..."""
    handoff_detail: str | None = None
    """With outcome ``handoff``: what was seen, in a few words."""
    data_error: str | None = None
    """``--extract``: why the page has no data (None: it has, or none was asked)."""
    has_data: bool = False
    """``--extract``: the page was stored with data."""
    thin_content: bool = False
    """Stored with far less text than a reader of the page sees, or only an app's shell
    (``metadata.thin_content`` says why): counted, so a near-empty crawl is seen."""



@dataclass
class ExploreBatchInput:
    """Several URLs of one site explored by one activity, concurrently (http and auto
    modes): one Temporal round trip and one copy of the spec for them all."""

    crawl_id: str
    """Short crawl id."""
    site: str
    """scheme://host[:port] of the URLs' site."""
    jobs: list[UrlJob]
    """The URLs to explore."""
    spec: CrawlSpec
    """The crawl's validated spec."""
    workflow_id: str = ""
    """The SiteWorkflow's id (recorded with a handoff: where ``resume`` goes)."""
    profile_version: int = 0
    """Version of the site's session profile to use (0: none stored)."""

    def single(self, job: UrlJob) -> ExploreInput:
        """The explore of one of the batch's URLs on its own."""
        return ExploreInput(self.crawl_id, self.site, job, self.spec, self.workflow_id,
                            self.profile_version)


@dataclass
class ExploreBatchOutput:
    """Output of ``explore_batch``."""

    outputs: list[ExploreOutput] = field(default_factory=list)
    """One per URL explored (or found recorded by an earlier attempt of the batch)."""
    unexplored: list[UrlJob] = field(default_factory=list)
    """URLs whose explore raised: the workflow explores each on its own again, with the
    single explore's retries and, failing those, a recorded failure."""
    errors: list[str] = field(default_factory=list)
    """What each unexplored URL's explore raised, in the same order."""
    held: list[UrlJob] = field(default_factory=list)
    """URLs not explored because the database stayed unreachable past the outage budget:
    not the pages' fault, so neither retried one by one nor failed; the site holds them."""
    database_unreachable: str | None = None
    """Why ``held`` is not empty (the outage's message), else None."""


@dataclass
class RecordFailureInput:
    """Input of ``record_failure`` (its output: an ExploreOutput, outcome ``failed``)."""

    explore: ExploreInput
    """The explore that exhausted its retries."""
    message: str
    """What the last attempt failed with."""


@dataclass
class PendingSitesInput:
    """Input of ``pending_sites`` (its output: sites with URLs still queued, a list of
    str)."""

    crawl_id: str
    """Short crawl id."""
    max_pages: int
    """The crawl's page budget (no site is pending once it is spent)."""
    goal_pages: int | None = None
    """``--goal-pages``: no site is pending once the goal is met."""


@dataclass
class FinishCrawlInput:
    """Input of ``finish_crawl`` (no output)."""

    crawl_id: str
    """Short crawl id."""
    status: CrawlStatus
    """completed | cancelled | failed."""


@dataclass
class CrawlCounts:
    """A crawl's frontier URLs by status (``crawl_urls.status``)."""

    queued: int = 0
    """Waiting to be claimed."""
    claimed: int = 0
    """Being explored."""
    done: int = 0
    """Stored with content."""
    failed: int = 0
    """Recorded as failed."""
    redirected: int = 0
    """Answered with a redirect."""
    skipped: int = 0
    """Skipped by policy."""

    @property
    def total(self) -> int:
        return (self.queued + self.claimed + self.done + self.failed + self.redirected
                + self.skipped)


@dataclass
class ResolveInput:
    """Input of ``resolve_handoff``: a person resumed a site that waited on a handoff."""

    crawl_id: str
    """Short crawl id."""
    site: str
    """scheme://host[:port] of the site resumed."""
    resumed_by: str
    """Who resumed (a user name, or ``signal``)."""
    note: str | None = None
    """What the person did, kept with the handoff."""
    cookies: list[dict[str, Any]] | None = None
    """Cookies to merge into the site's session profile (Playwright cookie dicts)."""
    storage_state: dict[str, Any] | None = None
    """A Playwright storage state replacing the site's session profile."""


@dataclass
class ResolveOutput:
    """Output of ``resolve_handoff``."""

    requeued: int
    """Blocked URLs queued again."""
    closed: int
    """Handoffs closed."""
    profile_version: int
    """The site's session profile version now (0: none)."""


@dataclass
class SliceInput:
    """Input of ``explore_slice``: one site's pages explored by one activity that keeps its
    window of URLs full from the frontier itself (it claims as pages finish), until the site
    has nothing queued or the slice's budget is spent. One Temporal round trip serves
    hundreds of pages, however narrow the site's frontier at any moment."""

    crawl_id: str
    """Short crawl id."""
    site: str
    """scheme://host[:port] of the site."""
    spec: CrawlSpec
    """The crawl's spec (only this site's seeds when ``spec_in_db``)."""
    token: str
    """The slice's claim token: every URL it claims carries it, so a retried attempt finds
    the URLs an earlier one claimed and did not record."""
    jobs: list[UrlJob] = field(default_factory=list)
    """URLs claimed already (held by an outage, or left when a handoff stopped a slice):
    explored first."""
    reclaim: list[str] = field(default_factory=list)
    """Tokens of slices that ended with URLs still claimed (cancelled for a pause, failed):
    those URLs are explored first."""
    window: int = 1
    """URLs in flight at most (explored, extracted and recorded at once)."""
    loads: int = 1
    """Page loads at once: the slice's share of the site's ``--concurrency``."""
    max_urls: int = 1000
    """The slice claims no more than this many URLs."""
    max_seconds: float = 10.0
    """The slice claims nothing more after this long (pages in flight then finish)."""
    workflow_id: str = ""
    """The SiteWorkflow's id (recorded with a handoff: where ``resume`` goes)."""
    profile_version: int = 0
    """Version of the site's session profile to use (0: none stored)."""
    spec_in_db: bool = False
    """Read the crawl's whole spec from its crawls row (``spec`` carries this site's seeds)."""
    seed: bool = False
    """First read the site's sitemaps (robots.txt's ``Sitemap:`` lines, ``/sitemap.xml``) and
    queue their URLs: a start site's first slice, when the crawl reads sitemaps."""


@dataclass
class SliceOutput:
    """Output of ``explore_slice``: counts and what the site must act on, never per-page
    content (a slice may explore a thousand pages)."""

    explored: int = 0
    """URLs recorded (by this slice or an earlier attempt of it)."""
    done: int = 0
    """Pages stored with content."""
    failed: int = 0
    """Pages recorded as failed."""
    redirected: int = 0
    """URLs answered with a redirect."""
    skipped: int = 0
    """URLs skipped by policy when their turn came."""
    thin: int = 0
    """Pages stored with thin content."""
    given_up: int = 0
    """URLs given up after the bounded number of handoffs (in ``failed`` too)."""
    with_data: int = 0
    """``--extract``: pages stored with data."""
    data_failed: int = 0
    """``--extract``: pages whose extraction failed (``pages.data_error``)."""
    handoffs: list[ExploreOutput] = field(default_factory=list)
    """Pages that need a person (outcome ``handoff``): the site waits for ``resume``."""
    unexplored: list[UrlJob] = field(default_factory=list)
    """URLs whose explore raised: the workflow explores each on its own, with the single
    explore's retries and, failing those, a recorded failure."""
    errors: list[str] = field(default_factory=list)
    """What each unexplored URL's explore raised, in the same order."""
    pending: list[UrlJob] = field(default_factory=list)
    """URLs claimed but not started when a handoff or an outage stopped the slice."""
    held: bool = False
    """The database stayed unreachable past the outage budget: the site holds (``pending``
    goes back to the front of its queue) until ``resume``."""
    database_unreachable: str | None = None
    """Why the slice was held."""
    exhausted: bool = False
    """The site had nothing left to claim when the slice ended (else its budget ran out,
    or it stopped for a handoff or an outage)."""
    queued: int = 0
    """URLs of the site still queued at the end (counted up to 10000)."""
    profile_version: int = 0
    """The site's session profile version the slice used."""
    seeded: bool = False
    """The slice read the site's sitemaps (``seed``), well or not."""
    sitemap_urls: int = 0
    """Sitemap URLs it queued."""
    sitemap_error: str | None = None
    """Why the sitemaps could not be read (the site is crawled from its start URL)."""


@dataclass
class RecoverSliceInput:
    """Input of ``recover_slice`` (its output: a SliceOutput): a slice failed for good; what
    it recorded is counted, the handoffs it opened reported, and the URLs it left claimed
    come back as ``unexplored``, to be explored one by one."""

    crawl_id: str
    """Short crawl id."""
    site: str
    """scheme://host[:port] of the site."""
    token: str
    """The failed slice's claim token."""
    reclaim: list[str] = field(default_factory=list)
    """The tokens it was to take over (their URLs may still be claimed under them)."""
