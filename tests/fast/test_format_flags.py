"""`trawl crawl --store ... --chunk / --chunk-size N` set CrawlSpec.store and chunk_chars;
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
