"""Browser steps of a crawl spec: what to do on a page before it is read.

A spec's ``steps`` is a list of rules; each rule applies its steps, in order, to the pages
whose URL matches one of its globs (full URL or path, like ``render_browser``)::

    steps:
      - match: ["/catalog*"]
        steps:
          - click_until_gone: {role: button, name: Load more}
          - scroll_until_stable: {max: 10}
          - expand_all

The step kinds use the session API's vocabulary (:mod:`trawl.browser.session`):

- ``click``: an element by ``role`` (+ ``name``), ``selector`` (CSS or any Playwright
  selector) or ``text``; ``each: true`` clicks every visible match (up to ``max``).
- ``input``: fill ``value`` into a target.  ``press``: a ``key``, on a target or the page.
- ``wait``: ``ms`` milliseconds, or until a target is visible (``timeout_ms``).
- ``scroll``: a target into view, or the page ``to`` bottom | top | down | up.
- ``click_until_gone``: click a target ("Load more") until it is gone or disabled.
- ``scroll_until_stable``: scroll to the bottom until the page stops growing.
- ``expand_all``: open ``<details>``, click ``aria-expanded=false`` toggles and every tab
  of each ``role=tablist``, keeping all the panels' content in the page.

This module is the schema only (pure, safe in workflow code); :mod:`trawl.crawler.stepper`
runs the steps in a page. Every problem is a :class:`ConfigError` naming the step.
"""

# No `from __future__ import annotations` here: Temporal's converter resolves the fields'
# types inside the workflow sandbox, where this module's globals are not at hand, so the
# annotations must be real types rather than strings.
import dataclasses
import fnmatch
from dataclasses import dataclass, field
from typing import Any, ClassVar
from urllib.parse import urlsplit

from trawl.errors import ConfigError

STEP_KINDS = ("click", "input", "press", "wait", "scroll", "click_until_gone",
              "scroll_until_stable", "expand_all")
KIND_ALIASES = {"type": "input", "fill": "input"}
"""Other names people reach for (the session API says ``input``)."""
SCROLL_TO = ("bottom", "top", "down", "up")
TARGET_FIELDS = ("role", "selector", "text")

DEFAULT_ACTION_TIMEOUT_MS = 5_000
"""How long a click/input/press waits for its element (a step's, and the session API's
``act``)."""
DEFAULT_WAIT_TIMEOUT_MS = 10_000
"""How long ``wait`` waits for its target to appear (a step's, and the session API's)."""
DEFAULT_CLICK_MAX = 20
"""``click_until_gone`` (and ``click`` with ``each``) clicks at most this many times."""
DEFAULT_SCROLL_MAX = 20
"""``scroll_until_stable`` scrolls at most this many times."""
DEFAULT_EXPAND_MAX = 100
"""``expand_all`` clicks at most this many toggles and tabs."""
MAX_REPEAT = 500
MAX_WAIT_MS = 60_000

# fields each kind accepts besides ``kind`` (anything else is a mistake worth reporting)
_FIELDS: dict[str, frozenset[str]] = {
    "click": frozenset({"role", "name", "selector", "text", "each", "max", "timeout_ms"}),
    "input": frozenset({"role", "name", "selector", "text", "value", "timeout_ms"}),
    "press": frozenset({"role", "name", "selector", "text", "key", "timeout_ms"}),
    "wait": frozenset({"role", "name", "selector", "text", "ms", "timeout_ms"}),
    "scroll": frozenset({"role", "name", "selector", "text", "to", "timeout_ms"}),
    "click_until_gone": frozenset({"role", "name", "selector", "text", "max", "timeout_ms"}),
    "scroll_until_stable": frozenset({"selector", "max", "timeout_ms"}),
    "expand_all": frozenset({"max"}),
}
# ``- press: Enter``: which field a bare value fills, per kind
_SHORTHAND = {"click": "selector", "click_until_gone": "selector", "press": "key",
              "wait": "ms", "scroll": "to", "scroll_until_stable": "max", "expand_all": "max",
              "input": None}


@dataclass
class Step:
    """One browser step (see the module docstring for the kinds)."""

    __pydantic_config__: ClassVar[dict[str, Any]] = {"extra": "forbid",
                                                     "use_attribute_docstrings": True}
    """As :class:`trawl.model.CrawlSpec`'s (the HTTP API validates steps in their flat,
    stored form: ``{"kind": "click", "text": "More"}``)."""

    kind: str
    """click | input | press | wait | scroll | click_until_gone | scroll_until_stable |
    expand_all."""
    role: str | None = None
    """Target by ARIA role (``button``, ``link``, ``tab``, ``textbox``...)."""
    name: str | None = None
    """With ``role``: the accessible name (case-insensitive substring)."""
    selector: str | None = None
    """Target by CSS (or any Playwright) selector; scroll_until_stable: the scrolling box."""
    text: str | None = None
    """Target by visible text (case-insensitive substring)."""
    value: str | None = None
    """input: the text to fill in."""
    key: str | None = None
    """press: a key name (``Enter``, ``Escape``, ``Control+A``...)."""
    ms: int | None = None
    """wait: milliseconds to wait (instead of a target)."""
    to: str | None = None
    """scroll without a target: bottom (default) | top | down | up."""
    each: bool = False
    """click: click every visible match, not just the first."""
    max: int | None = None
    """Repeats at most (click_until_gone, scroll_until_stable, click each, expand_all)."""
    timeout_ms: int | None = None
    """How long to wait for the target (or, when repeating, for the page to change)."""

    def target(self) -> str | None:
        """The target in a few words, as recorded with the page."""
        if self.role is not None:
            return f"{self.role} {self.name!r}" if self.name is not None else self.role
        if self.selector is not None:
            return f"selector {self.selector!r}"
        if self.text is not None:
            return f"text {self.text!r}"
        return None


@dataclass
class StepRule:
    """Steps for the pages whose URL matches one of ``match``."""

    __pydantic_config__: ClassVar[dict[str, Any]] = {"extra": "forbid",
                                                     "use_attribute_docstrings": True}
    """As :class:`trawl.model.CrawlSpec`'s (the HTTP API's request body)."""

    match: list[str]
    """URL globs, on the full URL or its path (``/products/*``, ``*://shop.*/list?*``)."""
    steps: list[Step] = field(default_factory=list)
    """Run in order, after the page's load event and cookie banner."""


def matching_glob(url: str, globs: list[str] | tuple[str, ...]) -> str | None:
    """The first glob that matches ``url`` (its path or the whole URL), or None."""
    path = urlsplit(url).path or "/"
    for glob in globs:
        if fnmatch.fnmatchcase(path, glob) or fnmatch.fnmatchcase(url, glob):
            return glob
    return None


def steps_for(url: str, rules: list[StepRule]) -> list[Step]:
    """The steps of every rule matching ``url``, in the rules' order."""
    return [s for rule in rules if matching_glob(url, rule.match) for s in rule.steps]


def step_globs(rules: list[StepRule]) -> list[str]:
    return [glob for rule in rules for glob in rule.match]


# -- parsing and checking ----------------------------------------------------------------

_STEP_FIELDS = {f.name for f in dataclasses.fields(Step)}


def _step_mapping(raw: Any, where: str) -> dict[str, Any]:
    """A step in any of its written forms as one flat mapping with ``kind``."""
    if isinstance(raw, Step):
        return dataclasses.asdict(raw)
    if isinstance(raw, str):  # - expand_all
        return {"kind": raw}
    if not isinstance(raw, dict) or not raw:
        raise ConfigError(f"{where}: expected a step like 'click: {{role: button, name: "
                          f"More}}', got {raw!r}")
    data = {str(k).strip().replace("-", "_"): v for k, v in raw.items()}
    if "kind" in data:  # flat form, as stored: {kind: click, selector: ...}
        return data
    if len(data) != 1:
        raise ConfigError(f"{where}: a step is one kind with its fields, e.g. 'click: "
                          f"{{text: More}}'; got several keys {sorted(data)}")
    ((kind, body),) = data.items()
    kind = KIND_ALIASES.get(kind, kind)
    if body is None:
        return {"kind": kind}
    if isinstance(body, dict):
        return {"kind": kind, **{str(k).strip().replace("-", "_"): v for k, v in body.items()}}
    short = _SHORTHAND.get(kind)
    if short is None:
        raise ConfigError(f"{where} ({kind}): give its fields as a mapping, e.g. "
                          f"'{kind}: {{selector: \"#q\", value: shoes}}'")
    return {"kind": kind, short: body}


def _check_type(where: str, name: str, value: Any) -> Any:
    if name in ("ms", "max", "timeout_ms"):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"{where}: {name!r} must be an integer, got {value!r}")
        return value
    if name == "each":
        if not isinstance(value, bool):
            raise ConfigError(f"{where}: 'each' must be true/false, got {value!r}")
        return value
    if name == "value" and isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)  # `value: 42` in YAML means the text "42"
    if not isinstance(value, str) or (name != "value" and not value.strip()):
        raise ConfigError(f"{where}: {name!r} must be non-empty text, got {value!r}")
    return value


def parse_step(raw: Any, where: str = "step") -> Step:
    """A checked :class:`Step` from YAML/JSON data (or a Step); ConfigError if invalid."""
    data = _step_mapping(raw, where)
    kind = data.pop("kind")
    if not isinstance(kind, str):
        raise ConfigError(f"{where}: step kind must be text, got {kind!r}")
    kind = KIND_ALIASES.get(kind.strip(), kind.strip())
    if kind not in STEP_KINDS:
        raise ConfigError(f"{where}: unknown step kind {kind!r} "
                          f"(known: {', '.join(STEP_KINDS)})")
    where = f"{where} ({kind})"
    values: dict[str, Any] = {}
    for name, value in data.items():
        if value is None or (name == "each" and value is False):
            continue  # absent (stored specs spell out every field)
        if name not in _STEP_FIELDS:
            raise ConfigError(f"{where}: unknown field {name!r}")
        if name not in _FIELDS[kind]:
            raise ConfigError(f"{where}: {name!r} does not apply to {kind} "
                              f"(it takes: {', '.join(sorted(_FIELDS[kind]))})")
        values[name] = _check_type(where, name, value)
    step = Step(kind=kind, **values)
    _check_step(step, where)
    return step


def _check_step(step: Step, where: str) -> None:
    targets = [f for f in TARGET_FIELDS if getattr(step, f) is not None]
    if len(targets) > 1:
        raise ConfigError(f"{where}: give one target (role, selector or text), "
                          f"not {' and '.join(targets)}")
    if step.name is not None and step.role is None:
        raise ConfigError(f"{where}: 'name' needs a 'role' (e.g. role: button, name: More)")
    if step.kind in ("click", "input", "click_until_gone") and not targets:
        raise ConfigError(f"{where}: needs a target: role (with name), selector or text")
    if step.kind == "input" and step.value is None:
        raise ConfigError(f"{where}: needs a 'value' to fill in")
    if step.kind == "press" and step.key is None:
        raise ConfigError(f"{where}: needs a 'key' (e.g. Enter)")
    if step.kind == "wait" and (step.ms is None) == (not targets):
        raise ConfigError(f"{where}: give either 'ms' or a target to wait for "
                          "(role, selector or text)")
    if step.kind == "scroll" and step.to is not None:
        if targets:
            raise ConfigError(f"{where}: give either a target to scroll into view or 'to'")
        if step.to not in SCROLL_TO:
            raise ConfigError(f"{where}: 'to' must be one of {', '.join(SCROLL_TO)}")
    if step.ms is not None and not 0 <= step.ms <= MAX_WAIT_MS:
        raise ConfigError(f"{where}: 'ms' must be between 0 and {MAX_WAIT_MS}")
    if step.timeout_ms is not None and not 1 <= step.timeout_ms <= MAX_WAIT_MS:
        raise ConfigError(f"{where}: 'timeout_ms' must be between 1 and {MAX_WAIT_MS}")
    if step.max is not None and not 1 <= step.max <= MAX_REPEAT:
        raise ConfigError(f"{where}: 'max' must be between 1 and {MAX_REPEAT}")
    if step.kind == "click" and step.max is not None and not step.each:
        raise ConfigError(f"{where}: 'max' applies to click only with 'each: true'")


def parse_rule(raw: Any, where: str = "steps rule") -> StepRule:
    """A checked :class:`StepRule` from YAML/JSON data (or a StepRule)."""
    if isinstance(raw, StepRule):
        raw = dataclasses.asdict(raw)
    if not isinstance(raw, dict):
        raise ConfigError(f"{where}: expected a mapping with 'match' and 'steps', got {raw!r}")
    data = {str(k).strip().replace("-", "_"): v for k, v in raw.items()}
    unknown = sorted(set(data) - {"match", "steps"})
    if unknown:
        raise ConfigError(f"{where}: unknown field {unknown[0]!r} (a rule has 'match' "
                          "and 'steps')")
    match = data.get("match")
    if isinstance(match, str):
        match = [match]
    if not match or not isinstance(match, list) \
            or not all(isinstance(g, str) and g.strip() for g in match):
        raise ConfigError(f"{where}: 'match' must be a URL glob or a list of them "
                          "(e.g. '/products/*')")
    steps = data.get("steps")
    if not steps or not isinstance(steps, list):
        raise ConfigError(f"{where}: 'steps' must be a non-empty list of steps")
    return StepRule(match=[g.strip() for g in match],
                    steps=[parse_step(s, f"{where}, step {i}") for i, s in
                           enumerate(steps, 1)])


def parse_rules(raw: Any, where: str = "steps") -> list[StepRule]:
    """Checked rules from a spec's ``steps`` value (YAML/JSON data or StepRules)."""
    if raw is None:
        return []
    if isinstance(raw, dict | StepRule):
        raw = [raw]
    if not isinstance(raw, list):
        raise ConfigError(f"{where}: expected a list of rules with 'match' and 'steps'")
    return [parse_rule(r, f"{where} rule {i}") for i, r in enumerate(raw, 1)]
