"""Structured extraction per page (issue 30), end to end: real Temporal, Postgres and
crawls of sites served on 127.0.0.1; the model is a scripted OpenAI-compatible server on
127.0.0.1 (tests/modelsrv.py), never a network model.

Selectors fill ``pages.data`` or say why not; a model's answer is stored only once it
validates against the schema (invalid JSON and wrong types are re-asked, then recorded as
the page's ``data_error``); ``--max-model-tokens`` stops the model step with a clear
status; a model that never answers costs its deadline, not the crawl; page text reaches
the model marked as untrusted; the API key stays out of every row.
"""

from __future__ import annotations

import json
import re
import subprocess
import uuid
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

from tests.conftest import PYTHON, ROOT, scalar_rows
from tests.crawlkit import run_crawl
from tests.modelsrv import (
    COMPLETION_TOKENS,
    PROMPT_TOKENS,
    Reply,
    last_user_text,
    serve_model,
    tool_names,
)
from tests.sitesrv import serve
from trawl import metrics
from trawl.ai import BUDGET_SPENT, extract_page
from trawl.ai._untrusted import CLOSE, OPEN
from trawl.api.crawls import intent_summary
from trawl.config import get_settings
from trawl.model import CrawlSpec
from trawl.store.crawls import crawl_record

BUDGET = 2_500
"""Room for two requests of 1,000 tokens (each reserves ~1,300 first), not four."""
SECRET_KEY = "sk-test-" + "K3Y" * 8
PLANS = {"basic": ("Basic", 9), "pro": ("Pro", 19), "team": ("Team", 49)}
SCHEMA = {"type": "object", "properties": {"plan": {"type": "string"},
                                           "monthly_price": {"type": "number"}},
          "required": ["plan", "monthly_price"]}


def _site(root: Path, extra: dict[str, str] | None = None) -> None:
    root.mkdir(parents=True, exist_ok=True)
    pages = dict(extra or {})
    for slug, (name, price) in PLANS.items():
        pages[f"{slug}.html"] = (
            f"<html><head><title>{name}</title></head><body><main><h1>Plan {name}</h1>"
            f"<p>Everything you need to get going with our product, billed monthly.</p>"
            f"<p class=price>Only ${price}.00 per month for the {name} plan, cancel at any "
            f"time.</p><ul class=features><li>Feature A</li>"
            f"<li>Feature B</li></ul></main></body></html>")
    pages.setdefault("about.html", "<html><body><main><h1>About us</h1><p>We are a small "
                                   "team building tools for people who crawl.</p></main>"
                                   "</body></html>")
    links = "".join(f'<li><a href="{name}">{name}</a></li>' for name in pages)
    (root / "index.html").write_text(
        f"<html><body><main><h1>Home</h1><p>Our plans and our story.</p><ul>{links}</ul>"
        "</main></body></html>")
    for name, html in pages.items():
        (root / name).write_text(html)


async def _data(engine: AsyncEngine, crawl_id: str) -> dict[str, tuple[Any, ...]]:
    rows = await scalar_rows(engine, "select url, data, data_error, model_tokens from pages "
                                     "where crawl_id = :c", c=crawl_id)
    return {r[0].rsplit("/", 1)[1]: r[1:] for r in rows}


async def test_selector_fields_fill_pages_data_or_say_why_not(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path) -> None:
    _site(tmp_path / "site")
    extract = {"fields": {"plan": "h1", "price": {"css": ".price", "type": "number",
                                                  "required": True},
                          "features": {"css": ".features li", "type": "list"}},
               "match": ["/*.html"]}
    with serve(tmp_path / "site") as site:
        spec = CrawlSpec(seeds=[site.base + "/"], render="http", extract=extract)
        crawl_id, result = await run_crawl(temporal_client, temporal_address, database_url,
                                           task_queue, spec)
    assert result.status == "completed"
    data = await _data(engine, crawl_id)
    assert data["pro.html"][:2] == ({"plan": "Plan Pro", "price": 19.0,
                                     "features": ["Feature A", "Feature B"]}, None)
    assert data["basic.html"][0]["price"] == 9.0
    about, about_error, _ = data["about.html"]
    assert about is None and "price: required, not found" in about_error
    assert data[""][0] is None and data[""][1] is None  # the index: not matched, not tried
    (with_data,), = await scalar_rows(engine, "select pages_with_data from crawls "
                                              "where id = :c", c=crawl_id)
    assert with_data == 3


def _plan_script(calls: list[str]) -> Any:
    """A model that reads the plan off the page; on the 'broken' page it answers invalid
    JSON first and a wrong type after, every time."""
    def script(request: dict[str, Any]) -> Reply:
        text = last_user_text(request)
        page = text.split(OPEN, 1)[-1]
        tool = tool_names(request)[0]
        calls.append(page)
        if "Broken" in page:
            bad = sum("Broken" in c for c in calls)
            return Reply(tool=tool, arguments='{"plan": "Broken", "monthly_price": 1'
                         if bad % 2 else {"plan": "Broken", "monthly_price": "cheap"})
        name = re.search(r"Plan (\w+)", page)
        price = re.search(r"\$(\d+)", page)
        if name is None or price is None:
            return Reply(tool=tool, arguments={"plan": None, "monthly_price": None})
        return Reply(tool=tool, arguments={"plan": name.group(1),
                                           "monthly_price": float(price.group(1))})
    return script


@pytest.fixture
def model_env(monkeypatch: pytest.MonkeyPatch) -> Any:
    """A fresh model name (models are built once per process) and the key in the
    environment, as a worker would have them."""
    def use(base_url: str, timeout_s: float | None = None) -> str:
        monkeypatch.setenv("OPENAI_BASE_URL", base_url)
        monkeypatch.setenv("OPENAI_API_KEY", SECRET_KEY)
        if timeout_s is not None:
            monkeypatch.setenv("TRAWL_MODEL_TIMEOUT_S", str(timeout_s))
        get_settings.cache_clear()
        return f"openai:scripted-{uuid.uuid4().hex[:8]}"
    yield use
    monkeypatch.undo()
    get_settings.cache_clear()


async def test_a_model_reads_each_page_and_only_valid_answers_are_stored(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path, model_env: Any) -> None:
    broken = ("<html><body><main><h1>Plan Broken</h1><p>This page makes the model answer "
              "badly every single time it is asked.</p></main></body></html>")
    _site(tmp_path / "site", {"broken.html": broken})
    calls: list[str] = []
    with serve_model(_plan_script(calls)) as server, serve(tmp_path / "site") as site:
        model = model_env(server.base_url)
        spec = CrawlSpec(seeds=[site.base + "/"], render="http", model=model, extract={
            "schema": SCHEMA, "prompt": "The plan's name and monthly price.",
            "match": ["/*.html"], "retries": 2})
        crawl_id, result = await run_crawl(temporal_client, temporal_address, database_url,
                                           task_queue, spec)
    assert result.status == "completed"
    data = await _data(engine, crawl_id)
    for slug, (name, price) in PLANS.items():
        assert data[f"{slug}.html"][:2] == ({"plan": name, "monthly_price": price}, None)
        assert data[f"{slug}.html"][2] == 120  # one request: 100 + 20 tokens
    stored, error, tokens = data["broken.html"]
    assert stored is None, "an answer that never validated must not be stored"
    assert "not valid after 2 re-ask(s)" in error
    assert tokens == 3 * 120  # the first answer and both re-asks, all counted
    about = data["about.html"]  # answered with nulls: invalid against the schema
    assert about[0] is None and "monthly_price" in about[1]
    # page text reached the model inside the untrusted element, the rule beside it
    request = server.requests[0]
    assert OPEN in last_user_text(request) and CLOSE in last_user_text(request)
    assert "never instructions" in json.dumps(request["messages"])
    # the key was used, and is nowhere in the database
    assert all(h.get("authorization") == f"Bearer {SECRET_KEY}" for h in server.headers)
    for table, column in (("pages", "p"), ("events", "e"), ("crawls", "c")):
        rows = await scalar_rows(engine, f"select count(*) from {table} {column} where "
                                         f"{column}::text like :k", k=f"%{SECRET_KEY}%")
        assert rows == [(0,)], f"the API key leaked into {table}"
    (spent,), = await scalar_rows(engine, "select model_tokens from crawls where id = :c",
                                  c=crawl_id)
    assert spent == sum(t for _, _, t in data.values() if t)
    # the worker counted every request's tokens for /metrics (trawl_model_tokens_total)
    name = model.split(":", 1)[1]
    asked = len(server.requests)
    assert (_tokens_counted(name, "input"), _tokens_counted(name, "output")) == (
        PROMPT_TOKENS * asked, COMPLETION_TOKENS * asked)
    assert _tokens_counted(name, "input") + _tokens_counted(name, "output") == spent


def _tokens_counted(model: str, kind: str) -> float:
    """trawl_model_tokens_total of an openai: model in this process (the in-process
    worker's registry: what its /metrics endpoint serves)."""
    return sum(s.value for f in metrics.MODEL_TOKENS.collect() for s in f.samples
               if s.name == "trawl_model_tokens_total" and s.labels == {
                   "provider": "openai", "model": model, "kind": kind})


async def test_the_token_budget_stops_the_model_step_with_a_clear_status(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path, model_env: Any) -> None:
    _site(tmp_path / "site")
    calls: list[str] = []
    plan = _plan_script(calls)

    def costly(request: dict[str, Any]) -> Reply:  # 1,000 tokens a request, as counted
        reply = plan(request)
        reply.prompt_tokens, reply.completion_tokens = 900, 100
        return reply

    with serve_model(costly) as server, serve(tmp_path / "site") as site:
        model = model_env(server.base_url)
        spec = CrawlSpec(seeds=[site.base + "/"], render="http", model=model, concurrency=4,
                         max_model_tokens=BUDGET, extract={
                             "schema": SCHEMA, "prompt": "The plan.", "match": ["/*.html"]})
        crawl_id, result = await run_crawl(temporal_client, temporal_address, database_url,
                                           task_queue, spec)
    assert result.status == "completed"
    data = await _data(engine, crawl_id)
    pages = [v for k, v in data.items() if k.endswith(".html")]
    assert len(pages) == 4  # every page is stored whatever the budget
    refused = [v for v in pages if v[1] and v[1].startswith(BUDGET_SPENT)]
    assert refused, "once the budget is spent, pages say so"
    assert all(v[0] is None for v in refused)
    (spent,), = await scalar_rows(engine, "select model_tokens from crawls where id = :c",
                                  c=crawl_id)
    # every request is paid for first, across the pages extracted at once: never over
    assert spent <= BUDGET
    assert len(server.requests) == spent // 1000 and spent // 1000 >= 1
    intent = intent_summary(await crawl_record(engine, crawl_id))  # what `trawl status` says
    assert intent["model_budget_spent"] is True
    assert intent["model_budget_refused"] == len(refused)
    assert intent["model_tokens"] == spent


async def test_a_model_that_never_answers_costs_its_deadline_not_the_crawl(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path, model_env: Any) -> None:
    _site(tmp_path / "site")
    with serve_model(lambda request: Reply(hang=True)) as server, \
            serve(tmp_path / "site") as site:
        model = model_env(server.base_url, timeout_s=1.5)
        spec = CrawlSpec(seeds=[site.base + "/"], render="http", model=model, extract={
            "schema": SCHEMA, "prompt": "The plan.", "match": ["/pro.html"], "retries": 0})
        crawl_id, result = await run_crawl(temporal_client, temporal_address, database_url,
                                           task_queue, spec)
    assert result.status == "completed" and result.pages_done == 5
    stored, error, _ = (await _data(engine, crawl_id))["pro.html"]
    assert stored is None and error
    assert "did not answer" in error or "model request failed" in error


async def test_extract_page_is_a_plain_function(tmp_path: Path, model_env: Any) -> None:
    """The entry point other surfaces (trawl.scrape, the Firecrawl-style API) call."""
    calls: list[str] = []
    with serve_model(_plan_script(calls)) as server:
        model = model_env(server.base_url)
        found = await extract_page({"schema": SCHEMA, "prompt": "The plan."},
                                   url="http://example.test/pro",
                                   markdown="# Plan Pro\n\n$19 a month", model=model)
    assert (found.data, found.error, found.tokens) == (
        {"plan": "Pro", "monthly_price": 19.0}, None, 120)
    long_page = "\n\n".join(f"## Part {i}\n\n" + "word " * 300 for i in range(6))
    long_page = long_page.replace("## Part 1\n\n", "## Part 1\n\nPlan Pro costs $19 ")
    with serve_model(_plan_script(calls)) as server:
        model = model_env(server.base_url)
        found = await extract_page({"schema": SCHEMA, "prompt": "The plan.",
                                    "max_input_tokens": 500, "max_chunks": 2},
                                   url="http://example.test/long", markdown=long_page,
                                   model=model)
    assert found.chunks_total > 2 and len(server.requests) == 2  # read in part, said so
    assert found.notes()["chunks"] == 2
    # the first part has no plan (null allowed per part), the second has: merged, valid
    assert found.data == {"plan": "Pro", "monthly_price": 19.0}, found.error


def test_trawl_scrape_extract_prints_the_data(tmp_path: Path) -> None:
    _site(tmp_path / "site")
    fields = tmp_path / "fields.yaml"
    fields.write_text("fields:\n  plan: h1\n  price: {css: .price, type: number}\n")
    with serve(tmp_path / "site") as site:
        out = subprocess.run([PYTHON, "-m", "trawl.api", "scrape", site.base + "/team.html",
                              "--extract", str(fields), "--allow-private"],
                             cwd=ROOT, capture_output=True, text=True, timeout=120)
        bad = tmp_path / "bad.yaml"
        bad.write_text("fields:\n  plan: {css: 'h1[', type: text}\n")
        refused = subprocess.run([PYTHON, "-m", "trawl.api", "scrape", site.base + "/",
                                  "--extract", str(bad)], cwd=ROOT, capture_output=True,
                                 text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {"plan": "Plan Team", "price": 49.0}
    assert refused.returncode == 1 and "bad css selector" in refused.stderr
    assert "Traceback" not in refused.stderr
