"""`trawl crawl --store ... --chunk / --chunk-size N` set CrawlSpec.store and chunk_chars,
--extract/--goal/--model its intent fields (also from a spec file);
bad values are one clear ConfigError from CrawlSpec.validated."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from typer.testing import CliRunner

from trawl.api import cli
from trawl.errors import ConfigError
from trawl.extract import DEFAULT_CHUNK_CHARS
from trawl.model import CrawlSpec

SEED = "http://127.0.0.1:9/"


def _spec(*args: str) -> CrawlSpec:
    seen: dict[str, Any] = {}

    async def fake(spec: CrawlSpec, *_: Any) -> None:
        seen["spec"] = spec

    with mock.patch.object(cli, "_crawl", fake):
        result = CliRunner().invoke(cli.app, ["crawl", SEED, *args])
    assert result.exit_code == 0, result.output
    spec: CrawlSpec = seen["spec"]
    return spec


@pytest.mark.parametrize(("args", "store", "chunk"), [
    ((), [], None),
    (("--store", "html,screenshot"), ["html", "screenshot"], None),
    (("--store", " screenshot , ", "--chunk"), ["screenshot"], DEFAULT_CHUNK_CHARS),
    (("--chunk-size", "800"), [], 800),
    (("--chunk", "--chunk-size", "500"), [], 500),
])
def test_flags_map_to_spec_fields(args: tuple[str, ...], store: list[str],
                                  chunk: int | None) -> None:
    spec = _spec(*args)
    assert (spec.store, spec.chunk_chars) == (store, chunk)
    assert spec.validated().store == store


@pytest.mark.parametrize("args", [("--store", "html,pdf"), ("--chunk-size", "10")])
def test_bad_flags_are_one_line_before_anything_starts(args: tuple[str, ...]) -> None:
    async def never(*_: Any) -> None:
        raise AssertionError("the crawl was started")

    with mock.patch.object(cli, "_crawl", never):
        result = CliRunner().invoke(cli.app, ["crawl", SEED, *args])
    assert result.exit_code != 0
    assert "error:" in result.output and ("--store" in result.output
                                          or "--chunk-size" in result.output)


@pytest.mark.parametrize(("fields", "message"), [
    ({"store": ["pdf"]}, "--store takes html and/or screenshot"),
    ({"store": ["html", "HTML"]}, "not 'HTML'"),
    ({"chunk_chars": 99}, "--chunk-size must be between 100 and 100000"),
    ({"chunk_chars": 100_001}, "--chunk-size must be between"),
])
def test_bad_values_are_refused(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        CrawlSpec(seeds=[SEED], **fields).validated()


def test_spec_round_trips_through_json() -> None:
    spec = CrawlSpec(seeds=[SEED], store=["html", "html"], chunk_chars=1500).validated()
    assert spec.store == ["html"]
    again = CrawlSpec.from_json(spec.to_json())
    assert (again.store, again.chunk_chars) == (["html"], 1500)


def test_extract_and_goal_from_flags_and_from_a_spec_file(tmp_path: Any) -> None:
    """Issue 30: ``--extract FILE`` (YAML or JSON), ``--goal``, ``--goal-pages``,
    ``--max-model-tokens`` set the spec, and a spec file carries the same fields."""
    fields = tmp_path / "fields.yaml"
    fields.write_text("fields:\n  plan: h1\n  price: {css: .price, type: number}\n")
    spec = _spec("--extract", str(fields), "--goal", "pricing plans", "--goal-pages", "3")
    assert spec.extract == {"fields": {"plan": "h1",
                                       "price": {"css": ".price", "type": "number"}}}
    assert (spec.goal, spec.goal_pages) == ("pricing plans", 3)
    schema = tmp_path / "schema.json"
    schema.write_text('{"schema": {"type": "object"}, "prompt": "The plan."}')
    spec = _spec("--extract", str(schema), "--model", "openai:m", "--max-model-tokens", "900")
    assert spec.extract == {"schema": {"type": "object"}, "prompt": "The plan."}
    assert (spec.model, spec.max_model_tokens) == ("openai:m", 900)
    spec_file = tmp_path / "crawl.yaml"
    spec_file.write_text(f"seeds: [{SEED}]\ngoal: pricing\nextract:\n  fields: {{plan: h1}}\n")
    seen: dict[str, Any] = {}

    async def fake(spec: CrawlSpec, *_: Any) -> None:
        seen["spec"] = spec

    with mock.patch.object(cli, "_crawl", fake):
        result = CliRunner().invoke(cli.app, ["crawl", "--spec", str(spec_file)])
    assert result.exit_code == 0, result.output
    assert seen["spec"].extract == {"fields": {"plan": "h1"}} and seen["spec"].goal == "pricing"


def test_a_bad_extract_file_is_one_line(tmp_path: Any) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("fields:\n  plan: {css: 'h1[', type: text}\n")

    async def never(*_: Any) -> None:
        raise AssertionError("the crawl was started")

    with mock.patch.object(cli, "_crawl", never):
        result = CliRunner().invoke(cli.app, ["crawl", SEED, "--extract", str(bad)])
    assert result.exit_code != 0 and "bad css selector" in result.output
