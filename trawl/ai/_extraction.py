"""Structured extraction of one page: ``extract_page`` (the one entry point).

Selectors (``fields``) read the page's HTML; a model (``schema`` + ``prompt``) reads its
markdown, in chunks of at most ``max_input_tokens`` (estimated at 4 characters a token;
heading-aware, :func:`trawl.extract.chunk_markdown`), at most ``max_chunks`` calls. Each
answer must be a JSON object valid against the schema: one that is not (not JSON, a
missing required field, a wrong type) goes back to the model with the validation errors,
``retries`` times; then the page's extraction is recorded failed with the last error.
With several chunks, each chunk's answer is checked against the schema without its
``required`` list, the answers are merged (lists concatenated in page order, the first
non-empty value of anything else kept) and the merged object is checked against the
whole schema. Nothing that did not validate is ever returned as data.

Used by the crawler (``trawl.crawler.explore``: ``pages.data``), by ``trawl.scrape`` and by
anything else that has a page: no Temporal, no database.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from trawl.ai._budget import CHARS_PER_TOKEN, MAX_OUTPUT_TOKENS, TokenBudget, budgeted
from trawl.ai._models import build_model, model_settings
from trawl.ai._selectors import select_fields
from trawl.ai._untrusted import RULE, untrusted
from trawl.ai._usage import TokenUse, report_tokens
from trawl.config import get_settings
from trawl.errors import ConfigError
from trawl.extract import chunk_markdown
from trawl.model import BUDGET_SPENT, ExtractSpec, parse_extract
from trawl.redact import redact_secrets

MAX_DATA_BYTES = 512 * 1024
"""A page's data as JSON at most: more is recorded as an error, not stored."""
INSTRUCTIONS = (
    "You extract structured data from one web page for a program. Answer with one JSON "
    "object that follows the given JSON Schema exactly. Use only facts stated in the page; "
    "when the page does not state a value, use null (or an empty list) rather than a "
    "guess. " + RULE)


@dataclass
class ExtractResult:
    """One page's extraction."""

    data: dict[str, Any] | None
    """The extracted object (valid against the schema, or the selectors' values); None
    when extraction failed (``error`` says why) or was not attempted."""
    error: str | None = None
    """Why there is no data (or what was wrong with it), one line; None on success."""
    tokens: int = 0
    """Model tokens spent on this page (every request, re-asks included)."""
    requests: int = 0
    """Model requests made."""
    chunks: int = 0
    """Chunks of the page's markdown the model read."""
    chunks_total: int = 0
    """Chunks the page's markdown came to (more than ``chunks``: the page was read in
    part, see ``max_chunks``)."""
    model: str | None = None
    """PROVIDER:NAME of the model, when one was used."""
    details: list[str] = field(default_factory=list)
    """Every validation problem met, for the person reading the error."""

    def notes(self) -> dict[str, Any]:
        """What goes in the page's metadata (``metadata.extract``)."""
        notes: dict[str, Any] = {}
        if self.model is not None:
            notes.update(model=self.model, tokens=self.tokens, requests=self.requests,
                         chunks=self.chunks, chunks_total=self.chunks_total)
        return notes


async def extract_page(spec: ExtractSpec | dict[str, Any], *, url: str,
                       markdown: str | None = None, html: str | None = None,
                       model: str | None = None, budget: TokenBudget | None = None
                       ) -> ExtractResult:
    """Extract ``spec`` from one page (its ``html`` for selectors, its ``markdown`` for a
    model). ``model``: PROVIDER:NAME (a schema extraction needs one); ``budget``: where
    each model request is paid for first (a crawl's ``--max-model-tokens``; see
    trawl.ai._budget). Never raises for the page's or the model's faults: they come back
    as ``error``."""
    raw = spec if isinstance(spec, dict) else None
    checked = parse_extract(spec) if isinstance(spec, dict) else spec
    if not checked.uses_model:
        if html is None:
            return ExtractResult(None, "selector fields read HTML; this page has none (a "
                                       "document, or nothing was read)")
        found = await asyncio.to_thread(select_fields, html, url, raw or _as_dict(checked))
        return ExtractResult(found.data, "; ".join(found.errors) or None)
    if model is None:
        return ExtractResult(None, "a schema extraction needs a model (--model or TRAWL_MODEL)")
    return await _ModelExtraction(checked, model, url, budget).run(markdown or "")


def _as_dict(spec: ExtractSpec) -> dict[str, Any]:
    """A typed spec back as the dict select_fields takes (it crosses a process boundary)."""
    def one(f: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"type": f.type, "required": f.required}
        out["css" if f.css is not None else "xpath"] = f.css if f.css is not None else f.xpath
        if f.attribute:
            out["attribute"] = f.attribute
        if f.fields:
            out["fields"] = {c.name: one(c) for c in f.fields}
        return out
    return {"fields": {f.name: one(f) for f in spec.fields}}


class _ModelExtraction:
    def __init__(self, spec: ExtractSpec, model: str, url: str,
                 budget: TokenBudget | None) -> None:
        assert spec.schema is not None and spec.prompt is not None
        self.spec, self.model_ref, self.url = spec, model, url
        self.budget = budget
        self.result = ExtractResult(None, model=model)

    async def run(self, markdown: str) -> ExtractResult:
        result = self.result
        if not markdown.strip():
            result.error = "the page has no text to extract from"
            return result
        try:
            model: Any = build_model(self.model_ref)
        except ConfigError as exc:
            result.error = str(exc)
            return result
        if self.budget is not None:
            model = budgeted(model, self.budget)
        chunks = model_chunks(markdown, self.spec.max_input_tokens * CHARS_PER_TOKEN)
        result.chunks_total = len(chunks)
        parts: list[dict[str, Any]] = []
        for text in chunks[:self.spec.max_chunks]:
            whole = len(chunks) == 1
            answer = await self._ask(model, text, whole, len(parts) + 1, len(chunks))
            if answer is None:
                return result
            parts.append(answer)
        data = parts[0] if len(parts) == 1 else _merge(parts, self.spec.schema or {})
        problems = _problems(data, self.spec.schema or {})
        if problems:  # the merged object misses what no chunk had
            result.error = "the page's answers, merged, do not validate: " + problems[0]
            result.details += problems
            return result
        size = len(json.dumps(data))
        if size > MAX_DATA_BYTES:
            result.error = f"the extracted data is {size} bytes, over {MAX_DATA_BYTES}"
            return result
        result.data = data
        return result

    async def _ask(self, model: Any, text: str, whole: bool, n: int,
                   of: int) -> dict[str, Any] | None:
        """One chunk's answer, validated; None (``result.error`` set) when there is none."""
        from pydantic_ai import Agent, ModelRetry, PromptedOutput, StructuredDict, ToolOutput
        from pydantic_ai.exceptions import (
            ModelAPIError,
            UnexpectedModelBehavior,
            UsageLimitExceeded,
        )
        from pydantic_ai.usage import RunUsage, UsageLimits

        spec, result = self.spec, self.result
        schema: dict[str, Any] = dict(spec.schema or {})
        if not whole:
            schema = _without_required(schema)
        output = StructuredDict(schema, name="extracted_data",
                                description="The data extracted from the page")
        agent: Agent[None, dict[str, Any]] = Agent(
            model, instructions=INSTRUCTIONS,
            output_type=PromptedOutput(output) if spec.output_mode == "prompted"
            else ToolOutput(output), retries=spec.retries)

        last: list[str] = []

        @agent.output_validator
        def _check(data: dict[str, Any]) -> dict[str, Any]:
            problems = _problems(data, schema)
            last[:] = problems
            if problems:
                result.details += problems
                raise ModelRetry("The JSON does not validate against the schema: "
                                 + "; ".join(problems[:5]))
            return data

        where = "the page" if of == 1 else f"part {n} of {of} of the page"
        prompt = (f"{spec.prompt}\n\nJSON Schema of the answer:\n{json.dumps(schema)}\n\n"
                  f"URL: {self.url}\nThe text of {where} (markdown):\n{untrusted(text)}")
        usage = RunUsage()
        timeout = get_settings().model_timeout_s * (spec.retries + 1) + 5
        try:
            async with asyncio.timeout(timeout):
                run = await agent.run(prompt, usage=usage,
                                      model_settings=model_settings(
                                          max_tokens=MAX_OUTPUT_TOKENS),
                                      usage_limits=UsageLimits(
                                          request_limit=spec.retries + 2))
            return run.output
        except UsageLimitExceeded:
            result.error = (f"{BUDGET_SPENT}: the crawl's model token budget could not pay "
                            f"for a request reading {where}; not sent to the model")
        except UnexpectedModelBehavior as exc:
            why = f": {'; '.join(last[:3])}" if last else ""
            result.error = (f"the model's answer for {where} was not valid after "
                            f"{spec.retries} re-ask(s) ({_line(exc)}){why}")
        except ModelAPIError as exc:
            result.error = f"model request failed: {_line(exc)}"
        except TimeoutError:
            result.error = f"the model did not answer within {timeout:.0f} s"
        finally:
            self._count(usage)
        return None

    def _count(self, usage: Any) -> None:
        result = self.result
        spent = int(usage.input_tokens or 0) + int(usage.output_tokens or 0)
        result.tokens += spent
        result.requests += int(usage.requests or 0)
        if usage.requests:
            report_tokens(TokenUse(self.model_ref, "extract", int(usage.input_tokens or 0),
                                   int(usage.output_tokens or 0), int(usage.requests)))
        result.chunks += 1


def model_chunks(markdown: str, size: int) -> list[str]:
    """``markdown`` in pieces of at most about ``size`` characters for a model: the
    heading-aware chunks of :func:`trawl.extract.chunk_markdown`, packed together while
    they fit (a heading alone is never a model call of its own)."""
    if len(markdown) <= size:
        return [markdown]
    packed: list[str] = []
    for chunk in chunk_markdown(markdown, max(size * 9 // 10, 100)):  # room for a heading
        if packed and len(packed[-1]) + 2 + len(chunk.markdown) <= size:
            packed[-1] += "\n\n" + chunk.markdown
        else:
            head = f"(section: {' > '.join(chunk.headings)})\n\n" if chunk.headings else ""
            packed.append(head + chunk.markdown)
    return packed


def _problems(data: Any, schema: dict[str, Any]) -> list[str]:
    """Why ``data`` is not valid against ``schema`` (empty: it is)."""
    import jsonschema

    validator = jsonschema.validators.validator_for(schema)(schema)
    problems = []
    for error in sorted(validator.iter_errors(data), key=lambda e: list(e.path)):
        path = "/".join(str(p) for p in error.absolute_path) or "(the object)"
        problems.append(f"{path}: {error.message}"[:300])
    return problems


def _without_required(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema of one chunk's answer: nothing required and every top-level property
    may be null (another chunk may hold it; the merged answer is checked whole)."""
    out = {k: v for k, v in schema.items() if k != "required"}
    if isinstance(out.get("properties"), dict):
        out["properties"] = {name: {"anyOf": [prop, {"type": "null"}]}
                             for name, prop in out["properties"].items()}
    return out


def _merge(parts: list[dict[str, Any]], schema: dict[str, Any]) -> dict[str, Any]:
    """Chunks' answers as one object: lists concatenated in order, else the first
    non-empty value."""
    merged: dict[str, Any] = {}
    for part in parts:
        for key, value in part.items():
            if value is None:
                merged.setdefault(key, None)
            elif isinstance(value, list):
                merged[key] = [*merged.get(key, []), *value] \
                    if isinstance(merged.get(key), list) else list(value)
            elif merged.get(key) in (None, "", {}) and value not in (None, ""):
                merged[key] = value
            else:
                merged.setdefault(key, value)
    return merged


def _line(exc: BaseException) -> str:
    text = redact_secrets(str(exc).strip())  # a provider's error may quote a header
    return (text.splitlines()[0] if text else type(exc).__name__)[:300]
