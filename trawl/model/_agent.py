"""A durable browser agent run (``trawl agent run``): what it is asked, the contracts of its
workflow and activities (one input and one output dataclass each).

Small on purpose, like every contract here: the conversation and page content live in
Postgres (``agent_steps``); Temporal's history holds the tool calls and one-line summaries.
"""

# No `from __future__ import annotations` (see trawl.model._activities).
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from trawl.errors import ConfigError
from trawl.model._extract import check_model
from trawl.model._workflows import OpsHints
from trawl.urls import validate_seed

DEFAULT_AGENT_MAX_STEPS = 40
"""Model turns and tool calls a run may take (``--max-steps``)."""
DEFAULT_AGENT_MAX_TOKENS = 200_000
"""Model tokens a run may spend (``--max-tokens``)."""
MAX_AGENT_STEPS = 1_000
AGENT_TOOLS = ("look", "act", "go", "wait", "extract", "handoff", "done")
"""The tools a model calls: the browser session API's, plus handoff and done."""


class AgentStatus(StrEnum):
    """How a run stands or ended (``agent_runs.status``, ``AgentResult.status``)."""

    RUNNING = "running"
    """Taking steps."""
    HANDOFF = "handoff"
    """Waiting for a person (``trawl resume RUN``)."""
    COMPLETED = "completed"
    """The model called done with success."""
    GAVE_UP = "gave_up"
    """The model called done without success (its answer says why)."""
    STEP_BUDGET = "step_budget"
    """``--max-steps`` reached before done."""
    TOKEN_BUDGET = "token_budget"
    """``--max-tokens`` reached before done."""
    FAILED = "failed"
    """The model could not be asked (no key, a provider error after retries)."""
    CANCELLED = "cancelled"
    """Cancelled (``temporal workflow cancel``)."""


MAX_AGENT_TOKENS = 2**63 - 1
"""The largest token budget a run takes (``agent_runs.model_tokens`` is a Postgres bigint)."""


@dataclass
class AgentSpec:
    """What an agent run is asked to do."""

    __pydantic_config__: ClassVar[dict[str, Any]] = {"extra": "forbid",
                                                     "use_attribute_docstrings": True}
    """How pydantic validates it as ``POST /v1/agents``'s body."""

    task: str
    """What to do, in words (``trawl agent run "TASK"``)."""
    start_url: str
    """Where the browser starts (``--start URL``); its origin is reachable whatever its
    address when the operator named it (``named_by_operator``)."""
    model: str | None = None
    """PROVIDER:NAME (default ``TRAWL_MODEL``)."""
    max_steps: int = DEFAULT_AGENT_MAX_STEPS
    """Steps (model turns and tool calls) before the run ends as ``step_budget``."""
    max_tokens: int = DEFAULT_AGENT_MAX_TOKENS
    """Model tokens before the run ends as ``token_budget``."""
    allow_destructive: bool = False
    """Let the agent press destructive controls without a person's approval (off: such a
    press is refused and the agent must ask with handoff; a person's resume approves one)."""
    destructive_words: list[str] = field(default_factory=list)
    """Words that also make a control destructive."""
    allow_private: bool = False
    """Reach internal addresses beyond the start URL's origin."""
    allow_hosts: list[str] = field(default_factory=list)
    """Hosts or CIDRs allowed even at an internal address."""
    screenshots: bool = True
    """Keep a screenshot after each step that changed the page (``agent_steps.screenshot``)."""
    named_by_operator: bool = True
    """The operator named the start URL (``trawl agent run``, Python): its origin is
    reachable whatever its address. False for a run a program started (HTTP API, MCP: set
    by the server, whatever the request said): then the start URL passes the address guard
    like every other address (see SECURITY.md)."""

    def validated(self, default_model: str | None = None) -> "AgentSpec":
        if not isinstance(self.task, str) or not self.task.strip():
            raise ConfigError("give the agent a task: trawl agent run \"TASK\" --start URL")
        model = self.model or default_model
        if model is None:
            raise ConfigError("an agent needs a model: --model PROVIDER:NAME or TRAWL_MODEL")
        if not 1 <= self.max_steps <= MAX_AGENT_STEPS:
            raise ConfigError(f"--max-steps must be between 1 and {MAX_AGENT_STEPS}")
        if not 1 <= self.max_tokens <= MAX_AGENT_TOKENS:
            raise ConfigError(f"--max-tokens must be between 1 and {MAX_AGENT_TOKENS}")
        return AgentSpec(**{**self.__dict__, "task": self.task.strip(),
                            "start_url": validate_seed(self.start_url),
                            "model": check_model(model)})


@dataclass
class ToolCall:
    """One tool call a model turn asked for."""

    call_id: str
    """The model's id for it (its result answers this id)."""
    tool: str
    """One of :data:`AGENT_TOOLS` (or what the model made up: answered as an error)."""
    args: dict[str, Any] = field(default_factory=dict)
    """Its arguments."""


@dataclass
class AgentState:
    """What an AgentWorkflow carries (across continue-as-new)."""

    steps: int = 0
    """Steps recorded so far (the next one's seq is steps + 1)."""
    tokens: int = 0
    """Model tokens spent."""
    queue: str | None = None
    """The task queue of the worker holding the run's browser (None: none pinned yet)."""
    last_url: str | None = None
    """The browser's URL after the last tool call."""
    handoff: str | None = None
    """The message of the handoff waiting for a person."""
    approved: bool = False
    """A person resumed after a handoff: the next destructive press is approved."""
    last_summary: str = ""
    """The last step, in a line (the UI's details)."""
    runs: int = 1
    """Workflow runs (1 + continue-as-new count)."""


@dataclass
class AgentInput:
    """What an AgentWorkflow is started (and continued as new) with."""

    run_id: str
    """Short run id (the key of ``agent_runs``)."""
    spec: AgentSpec
    """The validated spec."""
    state: AgentState = field(default_factory=AgentState)
    """State carried across continue-as-new (fresh on the first run)."""
    ops: OpsHints | None = None
    """Where operators reach Temporal (for the commands the details print)."""


@dataclass
class AgentResult:
    """What an AgentWorkflow returns (and ``agent_runs`` keeps)."""

    run_id: str
    """Short run id."""
    status: str
    """An :class:`AgentStatus` value."""
    answer: str | None = None
    """What the model reported with done."""
    steps: int = 0
    """Steps recorded."""
    tokens: int = 0
    """Model tokens spent."""
    error: str | None = None
    """Why the run ended without success, one line."""


@dataclass
class AgentStartInput:
    run_id: str
    """Short run id."""
    workflow_id: str
    """The AgentWorkflow's id."""
    spec: AgentSpec
    """The validated spec."""


@dataclass
class TurnInput:
    """A model turn: the model reads the run's conversation (from Postgres) and answers."""

    run_id: str
    """Short run id."""
    seq: int
    """The step this turn is recorded as."""
    spec: AgentSpec
    """The run's spec (its model, its task)."""
    tokens_left: int
    """Tokens the run may still spend."""


@dataclass
class TurnOutput:
    calls: list[ToolCall] = field(default_factory=list)
    """The tool calls it asked for (empty: it answered in words only)."""
    tokens: int = 0
    """Tokens the turn spent."""
    text: str = ""
    """Its words (first line), if any."""


@dataclass
class ToolInput:
    """One tool call, run on the worker holding the run's browser."""

    run_id: str
    """Short run id."""
    seq: int
    """The step this call is recorded as."""
    spec: AgentSpec
    """The run's spec (its guards)."""
    call: ToolCall
    """The call to run."""
    last_url: str | None = None
    """Where to rebuild the browser when this worker does not hold it (a new worker)."""
    approved: bool = False
    """A person approved the next destructive press (a resume after a handoff)."""
    skipped: list[ToolCall] = field(default_factory=list)
    """Other calls of the same turn: answered as not run (one tool call per turn)."""


@dataclass
class ToolOutput:
    ok: bool
    """Whether the call succeeded (a refused or failed call is a result too)."""
    summary: str
    """What happened, one line."""
    url: str | None = None
    """The browser's URL after the call."""
    handoff: str | None = None
    """Set by handoff: the message for the person."""
    done: bool = False
    """Set by done."""
    success: bool = False
    """done's verdict."""
    answer: str | None = None
    """done's answer."""
    used_approval: bool = False
    """A confirmed destructive press used the person's approval."""


@dataclass
class NoteInput:
    """A step that is neither a turn nor a tool call: a budget reached, a person resumed,
    a reminder to the model; recorded, and (``to_model``) read by the model next turn."""

    run_id: str
    """Short run id."""
    seq: int
    """The step it is recorded as."""
    text: str
    """What it says."""
    to_model: bool = True
    """Whether the model reads it on its next turn."""


@dataclass
class AgentResumeInput:
    """A person resumed a run that waited on a handoff: recorded as a step the model reads,
    with the session data they brought applied to the run's browser."""

    run_id: str
    """Short run id."""
    seq: int
    """The step the resume is recorded as."""
    spec: AgentSpec
    """The run's spec."""
    last_url: str | None = None
    """Where to rebuild the browser when this worker does not hold it."""
    resumed_by: str = "signal"
    """Who resumed."""
    note: str | None = None
    """What the person did (the model reads it)."""
    cookies: list[dict[str, Any]] | None = None
    """Cookies to add to the run's browser (a signal from the UI)."""
    storage_state: dict[str, Any] | None = None
    """A storage state whose cookies join the run's browser."""


@dataclass
class AgentFinishInput:
    run_id: str
    """Short run id."""
    result: AgentResult
    """How the run ended."""


@dataclass
class PinOutput:
    """Which worker holds the run's browser from now on."""

    queue: str
    """That worker's own task queue."""
    worker: str
    """That worker's identity (host:pid)."""
