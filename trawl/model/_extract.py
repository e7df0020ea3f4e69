"""What a crawl extracts from each page: ``--extract FILE`` (``CrawlSpec.extract``).

Two kinds, one file format (YAML or JSON):

- **selectors** (no model): ``fields:`` maps names to CSS or XPath selectors with a type::

      fields:
        title: h1                                  # text of the first match
        price: {css: .price, type: number}         # the first number in it
        more: {css: a.more, type: url}             # its href, absolute
        image: {css: img, type: attribute, attribute: src}
        tags: {css: .tag, type: list}              # texts of every match
        plans:                                     # a list of items with their own fields
          css: .plan
          type: list
          fields: {name: h3, price: {css: .price, type: number, required: true}}
        version: {xpath: "//meta[@name='version']/@content"}

- **model**: ``schema:`` (a JSON Schema of an object) and ``prompt:``; the page's markdown
  goes to the model (``--model``) in chunks within ``max_input_tokens`` and the answer is
  checked against the schema (see :mod:`trawl.ai`).

Either may say ``match:`` (URL path globs): only those pages are extracted from.

Pure data and checks: the parsed spec is kept as a plain dict in ``CrawlSpec.extract`` (it
travels through Temporal and into ``crawls.spec`` unchanged); :func:`parse_extract`
checks it and gives the typed :class:`ExtractSpec` the extractors use.
"""

# No `from __future__ import annotations` (see trawl.model._activities).
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from trawl.errors import ConfigError

FIELD_TYPES = ("text", "number", "url", "attribute", "list", "html")
"""What a selector field yields: the match's text, the first number in it, its link
(``href``/``src``, absolute), one of its attributes, every match (texts, or items with
``fields``), its inner HTML."""
OUTPUT_MODES = ("tool", "prompted")
"""How a model returns its JSON: ``tool`` (a tool call whose arguments are the object; the
default, what OpenAI, Anthropic and Ollama's tool-capable models do best) or ``prompted``
(JSON in the text answer, for models without tool calling)."""
DEFAULT_MAX_INPUT_TOKENS = 6_000
"""Tokens of page markdown per model call (estimated at 4 characters a token)."""
DEFAULT_MAX_CHUNKS = 4
"""Model calls per page at most: a page longer than this many chunks is read in part, and
its metadata says so (``extract.chunks`` of ``extract.chunks_total``)."""
DEFAULT_MODEL_RETRIES = 2
"""Times an answer that is not valid JSON, or not valid against the schema, is sent back
to the model with the validation error before the page's extraction is recorded failed."""
MAX_INPUT_TOKENS = 200_000
MAX_CHUNKS = 64
MAX_RETRIES = 10
MAX_FIELDS = 200
MAX_DEPTH = 5
"""Nesting of list fields at most."""


@dataclass
class FieldSpec:
    """One selector field."""

    name: str
    """The key in the page's ``data``."""
    css: str | None = None
    """A CSS selector (relative to the item for nested fields)."""
    xpath: str | None = None
    """An XPath expression instead of ``css``; it may select attributes or text nodes."""
    type: str = "text"
    """One of :data:`FIELD_TYPES`."""
    attribute: str | None = None
    """The attribute read by type ``attribute`` (and by ``url``: default href, then src)."""
    required: bool = False
    """A page (or item) without it has no data: its extraction is recorded failed."""
    fields: list["FieldSpec"] = field(default_factory=list)
    """Type ``list``: the fields of each item (empty: a list of texts)."""


@dataclass
class ExtractSpec:
    """A checked ``--extract`` spec (see the module docstring)."""

    fields: list[FieldSpec] = field(default_factory=list)
    """Selector fields (selector extraction)."""
    schema: dict[str, Any] | None = None
    """JSON Schema of the object a model returns (model extraction)."""
    prompt: str | None = None
    """What to extract, for the model."""
    match: list[str] = field(default_factory=list)
    """URL path globs; empty: every page."""
    max_input_tokens: int = DEFAULT_MAX_INPUT_TOKENS
    """Page tokens per model call."""
    max_chunks: int = DEFAULT_MAX_CHUNKS
    """Model calls per page at most."""
    retries: int = DEFAULT_MODEL_RETRIES
    """Re-asks after an invalid answer."""
    output_mode: str = "tool"
    """One of :data:`OUTPUT_MODES`."""

    @property
    def uses_model(self) -> bool:
        return self.schema is not None


_FIELD_KEYS = {"css", "selector", "xpath", "type", "attribute", "required", "fields"}
_SPEC_KEYS = {"fields", "schema", "prompt", "match", "max_input_tokens", "max_chunks",
              "retries", "output_mode", "name", "description"}


def parse_extract(raw: Any, where: str = "--extract") -> ExtractSpec:
    """The typed spec of ``raw`` (a parsed file or ``CrawlSpec.extract``); ConfigError
    naming what is wrong."""
    if not isinstance(raw, dict):
        raise ConfigError(f"{where}: expected a mapping with 'fields' (selectors) or "
                          f"'schema' and 'prompt' (a model), got {type(raw).__name__}")
    unknown = sorted(set(map(str, raw)) - _SPEC_KEYS)
    if unknown:
        raise ConfigError(f"{where}: unknown key(s) {', '.join(map(repr, unknown))} (known: "
                          f"{', '.join(sorted(_SPEC_KEYS))})")
    has_fields, has_schema = raw.get("fields") is not None, raw.get("schema") is not None
    if has_fields == has_schema:
        raise ConfigError(f"{where}: give either 'fields' (CSS/XPath selectors, no model) or "
                          "'schema' with 'prompt' (a model reads the page), not "
                          + ("both" if has_fields else "neither"))
    spec = ExtractSpec(match=_strings(raw.get("match", []), f"{where}: match"),
                       max_input_tokens=_int(raw, "max_input_tokens",
                                             DEFAULT_MAX_INPUT_TOKENS, 200, MAX_INPUT_TOKENS,
                                             where),
                       max_chunks=_int(raw, "max_chunks", DEFAULT_MAX_CHUNKS, 1, MAX_CHUNKS,
                                       where),
                       retries=_int(raw, "retries", DEFAULT_MODEL_RETRIES, 0, MAX_RETRIES,
                                    where),
                       output_mode=str(raw.get("output_mode", "tool")))
    if spec.output_mode not in OUTPUT_MODES:
        raise ConfigError(f"{where}: output_mode must be one of {', '.join(OUTPUT_MODES)}")
    if has_fields:
        spec.fields = _fields(raw["fields"], f"{where}: fields", 0)
        return spec
    schema = raw["schema"]
    if not isinstance(schema, dict) or schema.get("type", "object") != "object":
        raise ConfigError(f"{where}: schema must be a JSON Schema of an object "
                          "(type: object, with properties)")
    _check_schema(schema, where)
    prompt = raw.get("prompt")
    if not isinstance(prompt, str) or not prompt.strip():
        raise ConfigError(f"{where}: a schema needs a prompt: what to extract from each page")
    spec.schema = {"type": "object", **schema}
    spec.prompt = prompt.strip()
    return spec


def _check_schema(schema: dict[str, Any], where: str) -> None:
    """ConfigError unless ``schema`` is a valid JSON Schema (its own metaschema's)."""
    import jsonschema  # here: the model layer's dependency, not loaded by every import

    try:
        jsonschema.validators.validator_for(schema).check_schema(schema)
    except jsonschema.SchemaError as exc:
        path = "/".join(str(p) for p in exc.path)
        raise ConfigError(f"{where}: schema is not a valid JSON Schema"
                          f"{f' at {path}' if path else ''}: {exc.message}") from None


def _fields(raw: Any, where: str, depth: int) -> list[FieldSpec]:
    if depth > MAX_DEPTH:
        raise ConfigError(f"{where}: lists nest {MAX_DEPTH} deep at most")
    if not isinstance(raw, dict) or not raw:
        raise ConfigError(f"{where}: expected a mapping of field names to selectors, e.g. "
                          "{title: h1, price: {css: .price, type: number}}")
    if len(raw) > MAX_FIELDS:
        raise ConfigError(f"{where}: {MAX_FIELDS} fields at most")
    return [_field(str(name), value, f"{where}.{name}", depth) for name, value in raw.items()]


def _field(name: str, raw: Any, where: str, depth: int) -> FieldSpec:
    if not name.strip():
        raise ConfigError(f"{where}: a field needs a name")
    if isinstance(raw, str):
        raw = {"css": raw}
    if not isinstance(raw, dict):
        raise ConfigError(f"{where}: expected a selector or a mapping with css/xpath and type")
    unknown = sorted(set(map(str, raw)) - _FIELD_KEYS)
    if unknown:
        raise ConfigError(f"{where}: unknown key(s) {', '.join(map(repr, unknown))} "
                          f"(known: {', '.join(sorted(_FIELD_KEYS))})")
    css = raw.get("css", raw.get("selector"))
    xpath = raw.get("xpath")
    if (css is None) == (xpath is None):
        raise ConfigError(f"{where}: give one of css (or selector) and xpath")
    for label, sel in (("css", css), ("xpath", xpath)):
        if sel is not None and (not isinstance(sel, str) or not sel.strip()):
            raise ConfigError(f"{where}: {label} must be a non-empty string")
    kind = raw.get("type", "text")
    if kind not in FIELD_TYPES:
        raise ConfigError(f"{where}: type must be one of {', '.join(FIELD_TYPES)}, "
                          f"not {kind!r}")
    attribute = raw.get("attribute")
    if kind == "attribute" and (not isinstance(attribute, str) or not attribute.strip()):
        raise ConfigError(f"{where}: type attribute needs 'attribute: NAME'")
    required = raw.get("required", False)
    if not isinstance(required, bool):
        raise ConfigError(f"{where}: required is true or false")
    spec = FieldSpec(name=name, css=css, xpath=xpath, type=kind, attribute=attribute,
                     required=required)
    if raw.get("fields") is not None:
        if kind != "list":
            raise ConfigError(f"{where}: nested fields need type: list")
        spec.fields = _fields(raw["fields"], f"{where}.fields", depth + 1)
    _check_selector(spec, where)
    return spec


def _check_selector(spec: FieldSpec, where: str) -> None:
    """ConfigError on a selector lxml cannot compile (caught when the crawl starts, not on
    every page)."""
    from lxml import etree

    try:
        if spec.css is not None:
            from lxml.cssselect import CSSSelector

            CSSSelector(spec.css)
        else:
            etree.XPath(spec.xpath)
    except ImportError as exc:
        raise ConfigError(f"{where}: CSS selectors need the cssselect package: {exc}") \
            from None
    except Exception as exc:  # cssselect's SelectorError, lxml's XPathSyntaxError
        raise ConfigError(f"{where}: bad {'css' if spec.css else 'xpath'} selector "
                          f"{spec.css or spec.xpath!r}: {exc}") from None


def _strings(value: Any, where: str) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ConfigError(f"{where}: expected a list of URL path globs")
    return list(value)


def _int(raw: dict[str, Any], key: str, default: int, low: int, high: int, where: str) -> int:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ConfigError(f"{where}: {key} must be an integer from {low} to {high}")
    return value


def read_config_file(path: str | Path, what: str) -> Any:
    """A YAML or JSON file (JSON by its .json suffix) parsed; ConfigError naming ``what``
    ("spec file", "extract file") when it cannot be read or parsed."""
    import yaml

    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot read {what} {str(file)!r}: {exc.strerror or exc}") \
            from None
    except UnicodeDecodeError:
        raise ConfigError(f"{what} {str(file)!r} is not UTF-8 text (YAML or JSON)") from None
    if not text.strip():
        raise ConfigError(f"{what} {str(file)!r} is empty: write it as YAML or JSON")
    try:
        return json.loads(text) if file.suffix.lower() == ".json" else yaml.safe_load(text)
    except (json.JSONDecodeError, yaml.YAMLError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ConfigError(f"{what} {str(file)!r} is not valid "
                          f"{'JSON' if file.suffix.lower() == '.json' else 'YAML'}: {first}") \
            from None


def load_extract_file(path: str | Path) -> dict[str, Any]:
    """An ``--extract`` file (YAML or JSON), checked; the dict ``CrawlSpec.extract`` keeps."""
    data = read_config_file(path, "extract file")
    parse_extract(data, f"extract file {str(Path(path))!r}")
    return dict(data)


BUDGET_SPENT = "model token budget spent"
"""``pages.data_error`` prefix of pages not sent to the model because ``--max-model-tokens``
was reached (the crawl goes on storing pages)."""
SEED_PRIORITY = 1000.0
"""A goal-directed crawl's start URLs come first whatever their text (see trawl.ai's
relevance, which scores every other URL from 0 to 4)."""
GOAL_RANKS = ("lexical", "model")
"""``--goal-rank``: how a goal-directed crawl scores the links it finds: ``lexical`` (the
default; no model) or ``model`` (a model ranks each page's links, the lexical score its
fallback; see trawl.ai._ranking)."""
GOAL_RANK_RETRIES = 1
"""Re-asks after a ranking that is not one score per link."""

MODEL_PROVIDERS = ("openai", "anthropic", "ollama")
"""``--model PROVIDER:NAME``: ``openai`` (OpenAI, or any OpenAI-compatible server at
``OPENAI_BASE_URL``: vLLM, llama.cpp, LM Studio), ``anthropic``, ``ollama`` (a local Ollama
at ``OLLAMA_BASE_URL``, default http://127.0.0.1:11434/v1)."""


def check_model(ref: Any, where: str = "--model") -> str:
    """``ref`` when it names a model as PROVIDER:NAME (ConfigError otherwise). Only the
    name travels (spec, history, rows): keys stay in the workers' environment."""
    if not isinstance(ref, str) or ":" not in ref:
        raise ConfigError(f"{where} takes PROVIDER:NAME, e.g. openai:gpt-4.1-mini, "
                          f"anthropic:claude-sonnet-4-5 or ollama:qwen2.5:7b; got {ref!r}")
    provider, _, name = ref.strip().partition(":")
    if provider not in MODEL_PROVIDERS:
        raise ConfigError(f"{where}: unknown provider {provider!r}; use one of "
                          f"{', '.join(MODEL_PROVIDERS)} (openai: also any OpenAI-compatible "
                          "server, with OPENAI_BASE_URL)")
    if not name.strip() or any(c.isspace() for c in name.strip()):
        raise ConfigError(f"{where}: give the model's name after {provider}:")
    return f"{provider}:{name.strip()}"
