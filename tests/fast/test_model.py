"""trawl.model: its import boundary, and values that are stored and so must not drift."""

from __future__ import annotations

import ast
import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import trawl.errors
import trawl.model
from trawl.model import (
    CrawlStatus,
    ErrorClass,
    ExploreOutput,
    LiveStatus,
    PageOutcome,
    SiteInput,
    SiteState,
    UrlStatus,
)

FORBIDDEN = ("trawl.crawler", "trawl.store", "trawl.workflows", "trawl.activities",
             "trawl.worker", "trawl.api", "temporalio", "sqlalchemy", "playwright")


def test_the_model_imports_no_layer_above_it_nor_temporal() -> None:
    code = ("import sys, trawl.model; print('\\n'.join(sorted(sys.modules)))")
    loaded = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                            text=True).stdout.split()
    assert [m for m in loaded if m.startswith(FORBIDDEN)] == []


def test_every_public_name_is_exported() -> None:
    assert sorted(trawl.model.__all__) == sorted(
        n for n in vars(trawl.model) if not n.startswith("_") and n != "annotations")
    for name in trawl.model.__all__:
        assert getattr(trawl.model, name) is not None


def test_stored_strings_keep_their_values() -> None:
    assert [o.value for o in PageOutcome] == ["done", "failed", "redirected", "skipped",
                                              "handoff"]
    assert [s.value for s in UrlStatus] == ["queued", "claimed", "done", "failed",
                                            "redirected", "skipped", "blocked"]
    assert [s.value for s in CrawlStatus] == ["running", "completed", "cancelled", "failed"]
    assert [s.value for s in LiveStatus] == ["running", "paused", "handoff",
                                             "database_unreachable", "completed", "cancelled",
                                                 "start_failed"]
    # a member is its string, in comparisons and in JSON payloads
    assert PageOutcome.DONE == "done"
    assert json.dumps({"s": LiveStatus.DATABASE_UNREACHABLE}) == '{"s": "database_unreachable"}'


def test_the_error_classes_are_those_of_trawl_errors() -> None:
    classes = {cls.error_class for cls in vars(trawl.errors).values()
               if isinstance(cls, type) and issubclass(cls, trawl.errors.FetchError)}
    # internal_error: the explore itself kept failing; handoff_exhausted: a wall that stayed
    # after its handoffs (trawl.crawler.explore records both; neither is a fetch's error)
    assert classes | {"internal_error", "handoff_exhausted"} == {e.value for e in ErrorClass}


def test_the_contracts_are_dataclasses() -> None:
    # dataclasses (no pydantic): Temporal's default JSON converter round-trips them
    # (FoundLink is a named tuple: it crosses process boundaries pickled, never Temporal's)
    for name in trawl.model.__all__:
        obj = getattr(trawl.model, name)
        if isinstance(obj, type) and not issubclass(obj, (str, tuple)):
            assert dataclasses.is_dataclass(obj), name
    state = SiteState(done=3, pending=[])
    assert SiteInput("c", "https://x", trawl.model.CrawlSpec(["https://x/"]), state).state is state
    assert ExploreOutput("https://x/", PageOutcome.DONE).outcome == "done"


def test_every_field_has_a_docstring() -> None:
    missing = []
    for path in sorted(Path(trawl.model.__file__).parent.glob("_*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.ClassDef):
                continue
            body = node.body
            for i, stmt in enumerate(body):
                if not isinstance(stmt, (ast.AnnAssign, ast.Assign)):
                    continue
                after = body[i + 1] if i + 1 < len(body) else None
                if not (isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                        and isinstance(after.value.value, str)):
                    missing.append(f"{path.name}: {node.name}.{ast.unparse(stmt).split()[0]}")
    assert missing == []
