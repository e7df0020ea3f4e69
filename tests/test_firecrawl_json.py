"""Firecrawl's JSON format (issues 31 and 30) through the real firecrawl-py (its v2 client
and its bundled v1 client), against a real `trawl serve --model`, worker, Temporal and
Postgres; the model is a scripted OpenAI-compatible server on 127.0.0.1
(tests/modelsrv.py), never a network model.

What is checked: a scrape's ``json`` (v2's ``{type: "json", schema, prompt}``, a pydantic
model as the schema), v1's ``json`` (``jsonOptions``) and ``extract`` formats, a crawl and
a batch scrape whose every document carries its page's data (and ``pages.data`` holds it,
queryable with SQL), and that an answer which never validates is never a document's
``json``: its ``warning`` says why. A server without a model refuses the format (400,
naming the field): tests/test_firecrawl.py.
"""

from __future__ import annotations

import asyncio
import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from firecrawl import Firecrawl, V1FirecrawlApp
from firecrawl.v1.client import V1JsonConfig, V1ScrapeParams
from firecrawl.v2.types import JsonFormat, ScrapeOptions
from pydantic import BaseModel
from sqlalchemy.ext.asyncio import AsyncEngine

from tests.conftest import scalar_rows, subprocess_env
from tests.modelsrv import ModelServer, Reply, last_user_text, serve_model, tool_names
from tests.sitesrv import serve
from tests.test_http_api import api_server
from tests.workerkit import kill_group, start_worker
from trawl.ai._untrusted import OPEN

pytestmark = pytest.mark.timeout(600)

TOKEN = "fc-json-token-" + uuid.uuid4().hex
KEY = "sk-test-" + "J50N" * 6
MODEL = "openai:scripted-firecrawl"
PLANS = {"basic": ("Basic", 9), "pro": ("Pro", 19), "team": ("Team", 49)}
SCHEMA = {"type": "object", "properties": {"plan": {"type": "string"},
                                           "monthly_price": {"type": "number"}},
          "required": ["plan", "monthly_price"]}


class Plan(BaseModel):
    plan: str
    monthly_price: float


def plan_site(root: Path) -> None:
    """An index linking to one page per plan and to a page the model always answers
    wrongly."""
    root.mkdir(parents=True, exist_ok=True)
    pages = {f"{slug}.html": f"<h1>Plan {name}</h1><p>Only ${price}.00 per month for the "
                             f"{name} plan, cancel at any time, billed monthly.</p>"
             for slug, (name, price) in PLANS.items()}
    pages["broken.html"] = ("<h1>Plan Broken</h1><p>This page makes the scripted model "
                            "answer with the wrong type every single time.</p>")
    links = "".join(f'<li><a href="{name}">{name}</a></li>' for name in pages)
    pages["index.html"] = f"<h1>Plans</h1><p>Our plans, one page each.</p><ul>{links}</ul>"
    for name, body in pages.items():
        (root / name).write_text(f"<!doctype html><html lang=en><head><title>{name}</title>"
                                 f"</head><body><main>{body}</main></body></html>")


def plan_script(request: dict[str, Any]) -> Reply:
    """Reads the plan off the page text trawl sends (inside the untrusted element); on the
    'Broken' page a wrong type every time; on a page without a plan, nulls (which the
    schema refuses)."""
    page = last_user_text(request).split(OPEN, 1)[-1]
    tool = tool_names(request)[0]
    if "Plan Broken" in page:
        return Reply(tool=tool, arguments={"plan": "Broken", "monthly_price": "cheap"})
    name, price = re.search(r"Plan (\w+)", page), re.search(r"\$(\d+)", page)
    if name is None or price is None:
        return Reply(tool=tool, arguments={"plan": None, "monthly_price": None})
    return Reply(tool=tool, arguments={"plan": name.group(1),
                                       "monthly_price": float(price.group(1))})


@pytest.fixture(scope="module")
def model() -> Iterator[ModelServer]:
    with serve_model(plan_script) as server:
        yield server


@pytest.fixture(scope="module")
def queue() -> str:
    return f"fcj-{uuid.uuid4().hex[:10]}"


@pytest.fixture(scope="module")
def api(temporal_address: str, database_url: str, queue: str, model: ModelServer,
        tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`trawl serve --model`: the key and endpoint in its environment (scrapes call the
    model in the server's process)."""
    env = subprocess_env(temporal_address, database_url, TRAWL_TASK_QUEUE=queue,
                         TRAWL_DATA_DIR=str(tmp_path_factory.mktemp("fcj-data")),
                         TRAWL_API_TOKEN=TOKEN, TRAWL_ALLOW_PRIVATE="1",
                         OPENAI_BASE_URL=model.base_url, OPENAI_API_KEY=KEY)
    env.pop("TRAWL_MODEL", None)
    with api_server(env, tmp_path_factory.mktemp("fcj-log") / "serve.log", "--no-mcp",
                    "--model", MODEL) as base:
        yield base


@pytest.fixture(scope="module")
def worker(temporal_address: str, database_url: str, queue: str, model: ModelServer,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A worker with the provider's key and endpoint (crawls call the model there; the
    crawl carries only the model's name)."""
    log = tmp_path_factory.mktemp("fcj-worker") / "worker.log"
    proc = start_worker(temporal_address, database_url, queue, log,
                        OPENAI_BASE_URL=model.base_url, OPENAI_API_KEY=KEY)
    try:
        yield log
    finally:
        kill_group(proc)


@pytest.fixture
def fc(api: str) -> Firecrawl:
    return Firecrawl(api_key=TOKEN, api_url=api)


def test_scrape_json_v2(fc: Firecrawl, model: ModelServer, tmp_path: Path) -> None:
    plan_site(tmp_path)
    with serve(tmp_path) as site:
        doc = fc.scrape(site.url("/pro.html"), formats=[
            "markdown", {"type": "json", "schema": SCHEMA, "prompt": "The plan and price."}])
        assert doc.json == {"plan": "Pro", "monthly_price": 19.0}
        assert doc.markdown is not None and "Plan Pro" in doc.markdown
        assert doc.warning is None and doc.metadata is not None
        assert doc.metadata.status_code == 200 and doc.metadata.error is None
        # the prompt and the schema reached the model; the key came from the environment
        sent = last_user_text(model.requests[-1])
        assert "The plan and price." in sent and '"monthly_price"' in sent
        assert model.headers[-1]["authorization"] == f"Bearer {KEY}"
        # a pydantic model as the schema (the SDK sends its JSON Schema); json only
        typed = fc.scrape(site.url("/team.html"), formats=[JsonFormat(
            type="json", schema=Plan, prompt="The plan.")])
        assert typed.json == {"plan": "Team", "monthly_price": 49.0}
        assert typed.markdown is None
        # an answer that never validates is no json: the warning says why
        asked = len(model.requests)
        broken = fc.scrape(site.url("/broken.html"), formats=[
            {"type": "json", "schema": SCHEMA, "prompt": "The plan."}])
        assert broken.json is None
        assert broken.warning is not None and broken.warning.startswith("no json: ")
        assert "not valid after" in broken.warning and "monthly_price" in broken.warning
        assert len(model.requests) - asked >= 2  # asked, and asked again
        assert broken.metadata is not None and broken.metadata.status_code == 200


async def test_crawl_and_batch_scrape_json(fc: Firecrawl, api: str, worker: Path,
                                           engine: AsyncEngine, tmp_path: Path) -> None:
    plan_site(tmp_path)
    json_format = JsonFormat(type="json", schema=SCHEMA, prompt="The plan and price.")
    with serve(tmp_path) as site:
        job = await asyncio.to_thread(
            fc.crawl, site.url("/"), limit=20, poll_interval=1, timeout=240,
            scrape_options=ScrapeOptions(formats=["markdown", json_format]))
        batch = await asyncio.to_thread(
            fc.batch_scrape, [site.url("/basic.html"), site.url("/broken.html")],
            formats=[json_format], poll_interval=1, wait_timeout=240)
    assert job.status == "completed" and len(job.data) == 5
    by_url = {d.metadata.source_url: d for d in job.data if d.metadata is not None}
    for slug, (name, price) in PLANS.items():
        doc = by_url[site.url(f"/{slug}.html")]
        assert doc.json == {"plan": name, "monthly_price": float(price)}, doc.warning
        assert doc.markdown and f"Plan {name}" in doc.markdown
    for page in ("/broken.html", "/"):  # invalid answers: no json, and why
        doc = by_url[site.url(page)]
        assert doc.json is None and doc.warning and doc.warning.startswith("no json: ")
    # an ordinary crawl: its data is in pages.data, queryable with SQL
    rows = await scalar_rows(engine, "select data->>'plan', (data->>'monthly_price')::float "
                                     "from pages where crawl_id = :c and data is not null "
                                     "order by 2", c=job.id)
    assert rows == [("Basic", 9.0), ("Pro", 19.0), ("Team", 49.0)]
    assert batch.status == "completed" and len(batch.data) == 2
    docs = {d.metadata.source_url: d for d in batch.data if d.metadata is not None}
    assert docs[site.url("/basic.html")].json == {"plan": "Basic", "monthly_price": 9.0}
    assert docs[site.url("/broken.html")].json is None
    assert "not valid after" in (docs[site.url("/broken.html")].warning or "")


async def test_v1_json_and_extract_formats(api: str, worker: Path, tmp_path: Path) -> None:
    app = V1FirecrawlApp(api_key=TOKEN, api_url=api)
    plan_site(tmp_path)
    with serve(tmp_path) as site:
        page = await asyncio.to_thread(app.scrape_url, site.url("/basic.html"),
                                       formats=["json"], json_options={
                                           "schema": SCHEMA, "prompt": "The plan."})
        assert page.json_field == {"plan": "Basic", "monthly_price": 9.0}
        assert page.extract is None
        old = await asyncio.to_thread(app.scrape_url, site.url("/pro.html"),
                                      formats=["markdown", "extract"],
                                      extract={"schema": SCHEMA})
        assert old.extract == {"plan": "Pro", "monthly_price": 19.0}
        assert old.json_field is None and old.markdown
        batch = await asyncio.to_thread(app.batch_scrape_urls, [
            site.url(f"/{slug}.html") for slug in PLANS], formats=["json"], poll_interval=1,
            json_options=V1JsonConfig(schema=SCHEMA, prompt="The plan."))
        # the v1 SDK's crawl drops jsonOptions from scrapeOptions (its V1ScrapeOptions has
        # no such field): the format alone is refused, naming what is missing
        with pytest.raises(requests.HTTPError, match=r"400.*scrapeOptions\.jsonOptions: "
                                                     r"the 'json' format needs a schema"):
            await asyncio.to_thread(app.crawl_url, site.url("/"), limit=20, poll_interval=1,
                                    scrape_options=V1ScrapeParams(
                                        formats=["json"], jsonOptions=V1JsonConfig(
                                            schema=SCHEMA, prompt="The plan.")))
    assert batch.status == "completed" and len(batch.data) == 3
    assert sorted(d.json_field["plan"] for d in batch.data if d.json_field) == [
        "Basic", "Pro", "Team"]
