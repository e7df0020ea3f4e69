"""What a crawl is asked to do: seeds, scope, limits, render mode.

A plain dataclass so it travels unchanged through Temporal's data converter and into the
``crawls.spec`` JSON column.
"""

# No `from __future__ import annotations`: Temporal's converter resolves these fields' types
# inside the workflow sandbox, where this module's globals are not at hand (the sandbox
# imports trawl.model, not its private modules), so annotations must be real types.
from dataclasses import asdict, dataclass, field, replace
from functools import lru_cache
from typing import Any, ClassVar

from trawl.config import (
    DEFAULT_CONCURRENCY,
    DEFAULT_DELAY_S,
    DEFAULT_MAX_BODY_BYTES,
    DEFAULT_MAX_DEPTH,
    DEFAULT_MAX_HOST_ERRORS,
    DEFAULT_MAX_LINKS_PER_PAGE,
    DEFAULT_MAX_PAGES,
    DEFAULT_MAX_RETRY_AFTER_S,
    DEFAULT_MODEL_TIMEOUT_S,
    DEFAULT_PAGE_TIMEOUT_S,
    DEFAULT_RETRIES_429,
    MAX_CRAWL_DELAY_S,
    MAX_DELAY_S,
    get_settings,
)
from trawl.errors import BlockedAddress, ConfigError
from trawl.extract import CONTENT_MODES, MAX_CHUNK_CHARS, MIN_CHUNK_CHARS, check_selectors
from trawl.model._events import CRAWL_EVENT_TYPES
from trawl.model._extract import (
    DEFAULT_MAX_CHUNKS,
    DEFAULT_MODEL_RETRIES,
    GOAL_RANK_RETRIES,
    GOAL_RANKS,
    check_model,
    parse_extract,
)
from trawl.model._steps import StepRule, parse_rules
from trawl.net import CRAWL_HINT, NetPolicy, check_host_entry, operator_policy, origin_of
from trawl.policy import DEFAULT_MAX_URL_LENGTH, MAX_SITEMAP_URLS
from trawl.urls import Scope, check_patterns, check_webhook_url, host_of, validate_seed

RENDER_MODES = ("browser", "http", "auto")
SITEMAP_MODES = ("include", "only", "skip")
STORE_FORMATS = ("html", "screenshot")
"""What ``--store`` keeps besides the markdown, text and links: ``html`` (the HTML read,
gzip-compressed, ``pages.raw_html``), ``screenshot`` (a PNG of the rendered page,
``pages.screenshot``; browser-rendered pages only)."""
"""include: sitemap URLs join the start URLs; only: crawl the sitemaps' URLs (and the start
URLs) without following links; skip: ignore sitemaps."""
DEFAULT_SITEMAP_MODE = "include"
MIN_URL_LENGTH = 64
DEFAULT_RENDER_MODE = "auto"
"""Fetch over HTTP, render in Chromium only what needs it: on the Python docs the markdown
matches browser mode on 529 of 530 pages (bench/render_modes.py) at a fraction of the cost."""
DEFAULT_ACTIVITIES_PER_RUN = 500
"""Explore activities a SiteWorkflow run executes before continuing as new."""
DEFAULT_HEARTBEAT_TIMEOUT_S = 10.0
"""An explore heartbeats every 2 s (trawl.activities.policies.HEARTBEAT_INTERVAL_S): a worker killed
mid-page is noticed after this long and its pages are retried elsewhere about a second
later (at most ~15 s in all, instead of a minute)."""
MAX_RETRIES_429 = 10
MAX_COUNT = 2**31 - 1
"""The largest count a crawl takes (pages, depth, lengths...): a Postgres integer."""
MAX_TOKENS = 2**63 - 1
"""The largest token budget a crawl takes (``crawls.model_tokens`` is a Postgres bigint)."""
PROGRAM_CRAWL_HINT = ("This crawl was started by a program (HTTP API, MCP): internal "
                      "addresses are fetched only where the operator allowed that server "
                      "(`trawl serve`/`trawl mcp` --allow-host {host} or --allow-private, or "
                      "TRAWL_ALLOW_HOSTS / TRAWL_ALLOW_PRIVATE)")
SITEMAP_DEPTH = 1
"""Sitemap URLs enter the frontier at this depth (one hop from the start URL)."""


@dataclass
class CrawlSpec:
    """A crawl request. Every CLI flag of `trawl crawl` maps to one field."""

    __pydantic_config__: ClassVar[dict[str, Any]] = {"extra": "forbid",
                                                     "use_attribute_docstrings": True}
    """How pydantic validates it as the HTTP API's request body (trawl.api.http): an unknown
    field is an error, and these docstrings describe the fields in the OpenAPI schema. A
    plain dict (a pydantic ConfigDict), so the model imports no pydantic."""

    seeds: list[str]
    """Start URLs (canonicalised by :meth:`validated`)."""

    max_pages: int = DEFAULT_MAX_PAGES
    """Stop claiming new URLs once this many have been fetched (across all sites)."""

    max_depth: int = DEFAULT_MAX_DEPTH
    """Do not follow links deeper than this from a start URL."""

    include: list[str] = field(default_factory=list)
    """Globs on the URL path; when given, only matching paths are followed."""

    exclude: list[str] = field(default_factory=list)
    """Globs on the URL path that are never followed."""

    include_regex: list[str] = field(default_factory=list)
    """Regular expressions searched in the URL path (the whole URL with
    ``regex_on_full_url``); when given, only URLs matching one are followed (and ``include``
    still applies). Firecrawl's ``includePaths``."""

    exclude_regex: list[str] = field(default_factory=list)
    """Regular expressions as ``include_regex``; URLs matching any are never followed.
    Firecrawl's ``excludePaths``."""

    regex_on_full_url: bool = False
    """``include_regex``/``exclude_regex`` are searched in the whole URL, not its path."""

    concurrency: int = DEFAULT_CONCURRENCY
    """Pages explored at once per site."""

    allow_subdomains: bool = False
    """Follow subdomains of the seed hosts (default: the seed hosts only)."""

    render: str = DEFAULT_RENDER_MODE
    """browser (Chromium renders every HTML page) | http (no browser) | auto (fetch over
    HTTP, render in Chromium only the pages that need it; see trawl.crawler.auto)."""

    render_browser: list[str] = field(default_factory=list)
    """auto mode: URL path globs that always go to the browser."""

    page_timeout_s: float = DEFAULT_PAGE_TIMEOUT_S
    """Give up on a page after this long (fetch and render each)."""

    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES
    """Larger HTML bodies (declared, or counted as they arrive) are recorded as too_large,
    not read."""

    max_links_per_page: int = DEFAULT_MAX_LINKS_PER_PAGE
    """Links recorded and followed per page, in page order; the rest are counted in the
    page's metadata as ``links_dropped``."""

    content: str = "main"
    """What of a page is stored: ``main`` (its main content) or ``full`` (the whole body
    without navigation chrome, for reference pages whose every section is content)."""

    include_tags: list[str] = field(default_factory=list)
    """CSS selectors: exactly the elements they match are a page's content (``content``
    then has no effect)."""

    exclude_tags: list[str] = field(default_factory=list)
    """CSS selectors: the elements they match are removed before a page's content is read."""

    activities_per_run: int = DEFAULT_ACTIVITIES_PER_RUN
    """Continue-as-new after this many explore activities in one workflow run."""

    heartbeat_timeout_s: float = DEFAULT_HEARTBEAT_TIMEOUT_S
    """How soon a page whose worker died is retried elsewhere."""

    respect_robots: bool = True
    """Obey robots.txt (``--ignore-robots`` turns it off): disallowed URLs are skipped."""

    user_agent: str | None = None
    """User-Agent for requests and robots.txt matching; None = the worker's
    (``TRAWL_USER_AGENT``, which names trawl)."""

    sitemap: str = DEFAULT_SITEMAP_MODE
    """include | only | skip: how sitemaps (from robots.txt and /sitemap.xml) seed the crawl."""

    max_sitemap_urls: int = MAX_SITEMAP_URLS
    """URLs taken from one site's sitemaps at most."""

    max_url_length: int = DEFAULT_MAX_URL_LENGTH
    """Longer URLs are crawler traps: recorded as skipped, never fetched."""

    follow_canonical: bool = True
    """Queue a page's in-scope ``<link rel=canonical>`` when it differs from the page's URL."""

    handoff_on: list[str] = field(default_factory=list)
    """Extra handoff rules: a URL glob (full URL or path), or ``text:SUBSTRING`` of the
    page. A matching page waits for a person (see :mod:`trawl.crawler.walls`)."""

    login_handoff: bool = True
    """Wait for a person at a login form (a visible password field) when the site has no
    session. Off (``--no-login-handoff``) for public sites that show a login box on every
    page: such pages are stored like any other (login redirects, 401s and CAPTCHAs still
    wait)."""

    steps: list[StepRule] = field(default_factory=list)
    """Browser steps (click, input, "load more", infinite scroll, expand all...) run on the
    pages whose URL matches a rule, before they are read; see :mod:`trawl.model._steps`.
    Needs --render browser or auto (auto renders the matching pages in the browser)."""

    dismiss_cookie_banners: bool = True
    """Browser mode: click a cookie banner's accept button before reading a page."""

    allow_destructive: bool = False
    """Let steps press destructive controls (delete, buy, pay, log out, unsubscribe, a
    form that POSTs...; ``--allow-destructive``). Off: such a control is not pressed and
    the step records why (see :mod:`trawl.browser.destructive`)."""

    destructive_words: list[str] = field(default_factory=list)
    """Words or phrases that also make a control destructive, besides the built-in list
    (``--destructive-word``, repeatable), e.g. ``archive`` or ``mark as read``."""

    delay_s: float = DEFAULT_DELAY_S
    """Seconds between requests to one site, across all workers. robots.txt's Crawl-delay
    wins when larger (and robots.txt is obeyed); see :mod:`trawl.crawler.politeness`."""

    max_host_errors: int = DEFAULT_MAX_HOST_ERRORS
    """Stop asking a site after this many errors in a row (connection errors, timeouts,
    5xx, 429); its remaining URLs are skipped with the reason. 0: never stop."""

    max_retry_after_s: float = DEFAULT_MAX_RETRY_AFTER_S
    """The longest Retry-After honoured on a 429/503; a longer one fails the page at once."""

    retries_429: int = DEFAULT_RETRIES_429
    """Retries of a page answered 429 or 503, each after Retry-After (or a 1, 2, 4 s ...
    backoff without one); after the last the page is recorded as failed."""

    allow_private: bool = False
    """Fetch internal addresses (loopback, private networks, link-local such as cloud
    metadata, CGNAT, unique-local) for any URL, not only the start URLs' origins
    (``--allow-private``; see SECURITY.md). Off: such requests are refused and recorded
    as ``blocked_address``."""

    allow_hosts: list[str] = field(default_factory=list)
    """Host names (with their subdomains) or CIDRs allowed even at an internal address
    (``--allow-host``, repeatable)."""

    named_by_operator: bool = True
    """Whether the start URLs and the webhook were named by the operator (`trawl crawl`,
    ``trawl.crawl``, a spec file): their origins are then fetched whatever their address.
    False for a crawl a program started (HTTP API, MCP): they pass the address guard like
    any link, within what the operator allowed that server (SECURITY.md). Set by the
    surface that starts the crawl; a request's own value is not used."""

    deny_hosts: list[str] = field(default_factory=list)
    """Host names (with their subdomains) never fetched (``--deny-host``, repeatable)."""

    store: list[str] = field(default_factory=list)
    """Extra formats kept per page (``--store html,screenshot``): any of
    :data:`STORE_FORMATS`. A page read over HTTP has no screenshot: its metadata says so
    (``screenshot_missing``)."""

    chunk_chars: int | None = None
    """Split each page's markdown into heading-aware chunks of about this many characters
    (``chunks`` table; ``--chunk``, ``--chunk-size N``); None: no chunks."""

    webhook: str | None = None
    """POST the crawl's events to this URL (``--webhook URL``): crawl_started, page_stored,
    page_failed, handoff_opened, handoff_resumed, crawl_finished, in order, at least once,
    signed per Standard Webhooks with the webhook secret (``TRAWL_WEBHOOK_SECRET``, else
    ``<data dir>/webhook.secret``); see docs/concepts/events.md."""

    webhook_events: list[str] = field(default_factory=list)
    """Only these event types go to the webhook (``--webhook-event``, repeatable); empty:
    all of them."""

    extract: dict[str, Any] | None = None
    """Structured data per page (``--extract FILE``): selector ``fields`` or a model's
    ``schema`` and ``prompt`` (see :mod:`trawl.model._extract`); the result is the page's
    ``data`` column, and what went wrong its ``data_error``."""

    model: str | None = None
    """PROVIDER:NAME of the model that reads pages for a ``schema`` extraction (``--model``;
    default ``TRAWL_MODEL``). Only the name: keys stay in the workers' environment."""

    max_model_tokens: int | None = None
    """Model tokens the whole crawl may spend (``--max-model-tokens``); once spent, pages
    are still stored but not sent to the model, their ``data_error`` says why, and the
    crawl's status shows it. None: no limit."""

    goal: str | None = None
    """What the crawl looks for (``--goal "TEXT"``): the frontier is claimed most relevant
    first (a lexical score of each link's text, URL and the page it is on) instead of
    breadth first."""

    goal_pages: int | None = None
    """With ``extract``: stop the crawl once this many pages have data (``--goal-pages``):
    the goal is met, and the crawl says so. None: crawl on."""

    goal_rank: str = "lexical"
    """With ``goal``: how the links found are scored (``--goal-rank``): ``lexical`` (no
    model) or ``model`` (the model, ``--model`` or ``TRAWL_MODEL``, ranks each page's links;
    the lexical score stays its fallback; its tokens count in the crawl's and under
    ``--max-model-tokens``)."""

    recrawl_of: str | None = None
    """Set by ``trawl crawl --recrawl ID``: the finished crawl this one revisits. Its pages
    seed the frontier and are fetched conditionally (see :mod:`trawl.crawler.recrawl`)."""

    def validated(self) -> "CrawlSpec":
        """A copy with canonical seeds; ConfigError on anything invalid."""
        if not self.seeds:
            raise ConfigError("give at least one start URL")
        seeds = list(dict.fromkeys(validate_seed(s) for s in self.seeds))
        self._check_limits()
        self._check_modes()
        self._check_hosts(seeds)
        self._check_webhook()
        model = self._check_extract()
        steps = parse_rules(self.steps)
        if steps and self.render == "http":
            raise ConfigError("steps need a browser: use --render browser or auto")
        copy = CrawlSpec(**asdict(self))
        copy.seeds = seeds
        copy.store = list(dict.fromkeys(self.store))
        copy.webhook_events = list(dict.fromkeys(self.webhook_events))
        copy.steps = steps  # asdict() turned the rules into plain dicts
        copy.model = model
        copy.goal = " ".join(self.goal.split()) if self.goal else None
        copy.destructive_words = list(dict.fromkeys(
            " ".join(w.lower().split()) for w in self.destructive_words))
        return copy

    def _check_counts(self) -> None:
        """ConfigError on a count that is no whole number or does not fit a Postgres
        integer (the frontier's and the pages' columns)."""
        for name, value in (("--max-pages", self.max_pages), ("--max-depth", self.max_depth),
                            ("--max-url-length", self.max_url_length),
                            ("--max-links-per-page", self.max_links_per_page),
                            ("--max-host-errors", self.max_host_errors),
                            ("activities_per_run", self.activities_per_run),
                            ("max_sitemap_urls", self.max_sitemap_urls),
                            ("max_body_bytes", self.max_body_bytes)):
            if not isinstance(value, int) or isinstance(value, bool) or value > MAX_COUNT:
                raise ConfigError(f"{name} must be a whole number up to {MAX_COUNT}, "
                                  f"not {value!r}")

    def _check_limits(self) -> None:
        """ConfigError on a number out of its range."""
        self._check_counts()
        if self.max_pages < 1:
            raise ConfigError("--max-pages must be at least 1")
        if self.max_depth < 0:
            raise ConfigError("--max-depth must be 0 or more")
        if self.max_body_bytes < 1:
            raise ConfigError("max_body_bytes must be at least 1")
        if not 0 < self.page_timeout_s <= MAX_DELAY_S or not 0 < self.heartbeat_timeout_s \
                <= MAX_DELAY_S:
            raise ConfigError(f"page_timeout_s and heartbeat_timeout_s must be between 0 and "
                              f"{MAX_DELAY_S:.0f} seconds")
        if not 1 <= self.concurrency <= 64:
            raise ConfigError("--concurrency must be between 1 and 64")
        if self.activities_per_run < 1:
            raise ConfigError("activities_per_run must be at least 1")
        if self.max_sitemap_urls < 0:
            raise ConfigError("max_sitemap_urls must be 0 or more")
        if self.max_url_length < MIN_URL_LENGTH:
            raise ConfigError(f"max_url_length must be at least {MIN_URL_LENGTH}")
        if not 0 <= self.delay_s <= MAX_DELAY_S:
            raise ConfigError(f"--delay must be between 0 and {MAX_DELAY_S:.0f} seconds")
        if self.max_links_per_page < 1:
            raise ConfigError("--max-links-per-page must be at least 1")
        if self.max_host_errors < 0:
            raise ConfigError("--max-host-errors must be 0 (no limit) or more")
        if not 0 <= self.max_retry_after_s <= MAX_DELAY_S:
            raise ConfigError(f"max_retry_after_s must be between 0 and {MAX_DELAY_S:.0f}")
        if not 0 <= self.retries_429 <= MAX_RETRIES_429:
            raise ConfigError(f"retries_429 must be between 0 and {MAX_RETRIES_429}")
        if self.chunk_chars is not None and not (
                MIN_CHUNK_CHARS <= self.chunk_chars <= MAX_CHUNK_CHARS):
            raise ConfigError(f"--chunk-size must be between {MIN_CHUNK_CHARS} and "
                              f"{MAX_CHUNK_CHARS} characters")

    def _check_extract(self) -> str | None:
        """ConfigError on a bad extract spec, model, token budget or goal; the model a
        schema extraction uses (``--model``, else ``TRAWL_MODEL``)."""
        model = self.model
        if self.extract is not None:
            extract = parse_extract(self.extract)
            if extract.uses_model:
                model = model or get_settings().model
                if model is None:
                    raise ConfigError("--extract with a schema needs a model: --model "
                                      "PROVIDER:NAME (e.g. ollama:qwen2.5:7b) or TRAWL_MODEL")
        if model is not None:
            model = check_model(model)
        if self.max_model_tokens is not None and not 1 <= self.max_model_tokens <= MAX_TOKENS:
            raise ConfigError(f"--max-model-tokens must be between 1 and {MAX_TOKENS}")
        if self.goal is not None and (not isinstance(self.goal, str) or not self.goal.strip()):
            raise ConfigError("--goal takes a few words saying what the crawl looks for")
        if self.goal_rank not in GOAL_RANKS:
            raise ConfigError(f"--goal-rank must be one of {', '.join(GOAL_RANKS)}")
        if self.goal_rank == "model":
            if self.goal is None:
                raise ConfigError("--goal-rank model needs --goal: what the links are ranked "
                                  "for")
            model = model or get_settings().model
            if model is None:
                raise ConfigError("--goal-rank model needs a model: --model PROVIDER:NAME "
                                  "(e.g. ollama:qwen2.5:7b) or TRAWL_MODEL")
            model = check_model(model)
        if self.goal_pages is not None:
            if self.extract is None:
                raise ConfigError("--goal-pages needs --extract: the goal is met when that "
                                  "many pages have data")
            if not 1 <= self.goal_pages <= MAX_COUNT:
                raise ConfigError(f"--goal-pages must be between 1 and {MAX_COUNT}")
        return model

    def _check_modes(self) -> None:
        """ConfigError on an unknown mode or a malformed user agent."""
        if self.render not in RENDER_MODES:
            raise ConfigError(f"--render must be one of {', '.join(RENDER_MODES)}")
        if self.sitemap not in SITEMAP_MODES:
            raise ConfigError(f"--sitemap must be one of {', '.join(SITEMAP_MODES)}")
        if self.content not in CONTENT_MODES:
            raise ConfigError(f"--content must be one of {', '.join(CONTENT_MODES)}, "
                              f"not {self.content!r}")
        check_selectors(self.include_tags, "include_tags")
        check_selectors(self.exclude_tags, "exclude_tags")
        check_patterns(self.include_regex, "include_regex")
        check_patterns(self.exclude_regex, "exclude_regex")
        unknown = [f for f in self.store if f not in STORE_FORMATS]
        if unknown:
            raise ConfigError(f"--store takes {' and/or '.join(STORE_FORMATS)} "
                              f"(comma-separated), not {', '.join(map(repr, unknown))}")
        if self.user_agent is not None and (not self.user_agent.strip() or any(
                c in self.user_agent for c in "\r\n")):
            raise ConfigError("--user-agent must be one non-empty line")

    def _check_hosts(self, seeds: list[str]) -> None:
        """ConfigError on a start URL the address guard refuses, or a bad host rule."""
        policy = self.net_policy()
        for seed in seeds:
            try:
                policy.check_url(seed)
            except BlockedAddress as exc:
                raise ConfigError(f"start URL refused: {exc}") from None
        for entry in self.allow_hosts:
            check_host_entry(entry, "--allow-host")
        for entry in self.deny_hosts:
            check_host_entry(entry, "--deny-host")
        for option, patterns in (("--include", self.include), ("--exclude", self.exclude),
                                 ("--render-browser", self.render_browser)):
            for pattern in patterns:
                if not isinstance(pattern, str) or not pattern.strip():
                    raise ConfigError(f"{option} takes a URL path glob such as '/docs/*', "
                                      f"not {pattern!r}")
        for rule in self.handoff_on:
            if not isinstance(rule, str) or not rule.strip() or (
                    rule.startswith("text:") and not rule[len("text:"):].strip()):
                raise ConfigError(f"--handoff-on takes a URL glob or 'text:SOME TEXT', "
                                  f"not {rule!r}")
        for word in self.destructive_words:
            if not isinstance(word, str) or not word.strip() or any(c in word for c in "\r\n"):
                raise ConfigError(f"--destructive-word takes a word or phrase, not {word!r}")

    def _check_webhook(self) -> None:
        """ConfigError on a webhook URL that is not http(s), that the address guard refuses,
        or an unknown event type."""
        unknown = [t for t in self.webhook_events if t not in CRAWL_EVENT_TYPES]
        if unknown:
            raise ConfigError(f"--webhook-event takes {', '.join(CRAWL_EVENT_TYPES)}, not "
                              f"{', '.join(map(repr, unknown))}")
        if self.webhook is None:
            if self.webhook_events:
                raise ConfigError("--webhook-event needs --webhook URL")
            return
        check_webhook_url(self.webhook)
        try:
            self.webhook_policy().check_url(self.webhook)
        except BlockedAddress as exc:
            raise ConfigError(f"--webhook refused: {exc}") from None

    def explore_timeout_s(self, in_flight: int) -> float:
        """How long one page's explore may take at most: its loads (fetch, render, retry
        of a conditional request), plus politeness waits — a slot behind the ``in_flight``
        other pages of the site at the largest delay that can apply, and each 429/503
        retry's Retry-After. A safety net only: a dead worker is noticed by heartbeats."""
        loads = self.page_timeout_s * 3 + 60
        delay = max(self.delay_s, MAX_CRAWL_DELAY_S if self.respect_robots else 0.0)
        slot = in_flight * delay
        return loads + slot + self.retries_429 * (self.max_retry_after_s
                                                  + self.page_timeout_s + slot) \
            + self._model_time_s()

    def _model_time_s(self) -> float:
        """The longest a page's model work may take: each chunk's extraction requests (the
        first and every re-ask) and the ranking of its links (``--goal-rank model``), at
        the model deadline (TRAWL_MODEL_TIMEOUT_S's default). 0 without a model: the
        activity timeouts of crawls without one are what they always were."""
        ranking = (GOAL_RANK_RETRIES + 1) * DEFAULT_MODEL_TIMEOUT_S + 5 \
            if self.goal_rank == "model" else 0.0
        if self.extract is None or self.extract.get("schema") is None:
            return ranking
        chunks = int(self.extract.get("max_chunks", DEFAULT_MAX_CHUNKS))
        retries = int(self.extract.get("retries", DEFAULT_MODEL_RETRIES))
        return chunks * ((retries + 1) * DEFAULT_MODEL_TIMEOUT_S + 5) + ranking

    def reads_sitemaps(self) -> bool:
        """Whether the start sites seed the frontier from their sitemaps."""
        return not (self.sitemap == "skip" or self.max_sitemap_urls == 0
                    or (self.sitemap == "include" and self.max_depth < SITEMAP_DEPTH))

    def net_policy(self) -> NetPolicy:
        """What this crawl may fetch: see trawl.net. The start URLs' origins are allowed
        whatever their address when the operator named them (:attr:`named_by_operator`)."""
        settings = get_settings()
        return _net_policy(tuple(self.seeds), self.named_by_operator,
                           self.allow_private or settings.allow_private,
                           tuple(self.allow_hosts), tuple(settings.allow_hosts),
                           tuple(self.deny_hosts))

    def webhook_policy(self) -> NetPolicy:
        """Where webhook deliveries may go: the webhook's own origin whatever its address
        when the operator named it; redirects are not followed."""
        origins = frozenset({origin_of(self.webhook)}
                            if self.webhook and self.named_by_operator else ())
        return replace(self.net_policy(), allowed_origins=origins)

    def scope(self) -> Scope:
        return _scope(tuple(self.seeds), self.allow_subdomains, tuple(self.include),
                      tuple(self.exclude), tuple(self.include_regex),
                      tuple(self.exclude_regex), self.regex_on_full_url)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "CrawlSpec":
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        if "steps" in known:  # stored as plain dicts (asdict)
            known["steps"] = parse_rules(known["steps"])
        return cls(**known)


SPEC_CACHE_SIZE = 64
"""Scopes and net policies a process keeps, by the spec fields they are made of. Each page
asks for both several times; made from 1,000 seeds each time, they cost more than the
page's own reading."""


@lru_cache(maxsize=SPEC_CACHE_SIZE)
def _scope(seeds: tuple[str, ...], allow_subdomains: bool, include: tuple[str, ...],
           exclude: tuple[str, ...], include_patterns: tuple[str, ...],
           exclude_patterns: tuple[str, ...], patterns_on_full_url: bool) -> Scope:
    return Scope(seed_hosts=tuple(dict.fromkeys(host_of(s) for s in seeds)),
                 allow_subdomains=allow_subdomains, include=include, exclude=exclude,
                 include_patterns=include_patterns, exclude_patterns=exclude_patterns,
                 patterns_on_full_url=patterns_on_full_url)


@lru_cache(maxsize=SPEC_CACHE_SIZE)
def _net_policy(seeds: tuple[str, ...], named_by_operator: bool, allow_private: bool,
                allow_hosts: tuple[str, ...], operator_hosts: tuple[str, ...],
                deny_hosts: tuple[str, ...]) -> NetPolicy:
    """``operator_hosts`` (TRAWL_ALLOW_HOSTS, which operator_policy adds) only keys the
    cache: a policy made before the settings changed is not reused after."""
    named = frozenset(origin_of(seed) for seed in seeds) if named_by_operator else frozenset()
    return operator_policy(allowed_origins=named, allow_private=allow_private,
                           allow_hosts=allow_hosts, deny_hosts=deny_hosts,
                           hint=CRAWL_HINT if named_by_operator else PROGRAM_CRAWL_HINT)
