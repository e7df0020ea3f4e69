"""The worker's Prometheus endpoint, scraped during and after real crawls.

One `trawl worker --metrics-port P` (a real Temporal dev server, Postgres, Chromium) runs
two crawls at once: one over HTTP whose page ``/hold`` does not finish until the test has
scraped the running crawl, and one in the browser with a browser recycled every few pages.
The counters must equal what the database holds, the histograms must have observed every
page, the frontier gauge must show the running crawl and go when it ends, and the Temporal
SDK's own worker metrics must be on the same endpoint. The Grafana dashboard is then checked
against the names that endpoint exposed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import socket
import subprocess
import threading
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import timedelta
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import Any

import psutil
import pytest
from prometheus_client import CollectorRegistry, generate_latest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

from tests.conftest import PYTHON, ROOT, scalar_rows, subprocess_env
from tests.gensite import binary_tree_site
from tests.metricskit import (
    Scrape,
    dashboard_queries,
    promql_metric_names,
    scrape,
    unknown_dashboard_names,
)
from tests.sitesrv import serve, serve_handler
from tests.workerkit import kill_group, wait_for_activity_pollers
from trawl import metrics
from trawl.model import ClaimInput, CrawlInput, CrawlSpec, PageRecord
from trawl.services._process import free_port
from trawl.store import frontier
from trawl.store.crawls import _FRONTIER, running_frontiers
from trawl.worker.metrics import FRONTIER_INTERVAL_S, SAMPLE_INTERVAL_S, TemporalMetrics
from trawl.workflows.crawl import CrawlWorkflow

DASHBOARD = ROOT / "deploy" / "grafana" / "dashboards" / "trawl.json"
HTTP_PAGES = 30
BROWSER_PAGES = 9
RECYCLE_AFTER = 3
"""The worker's browser is replaced every this many pages (TRAWL_BROWSER_RECYCLE_PAGES)."""
WAIT_S = 120.0
POLL_S = 0.5
HELD_PAGE_TIMEOUT_S = 180.0
"""The held page's own timeout: far beyond how long the test holds it."""
HELD_PADDING = 170
"""Seconds the held page can trickle its body (a space a second)."""


# --- one worker, two crawls ---------------------------------------------------------------


@dataclass
class Observed:
    port: int
    worker_pid: int
    worker_output: str
    http_crawl: str
    browser_crawl: str
    before: Scrape
    during: Scrape
    after: Scrape
    statuses: dict[str, str]
    """Each crawl's result status."""
    outcomes: dict[tuple[str, str], int]
    """(crawl id, frontier status) -> URLs, at the end."""
    listening: list[str]
    """The addresses the worker's metrics port listened on."""
    failures: list[tuple[str, str, str]]
    """Pages recorded failed: (url, error class, message); none expected."""


def _held_site(root: Path, hold: threading.Event) -> type[SimpleHTTPRequestHandler]:
    """A binary-tree site whose home page also links to /hold, which answers at once but
    sends its body a byte a second until ``hold`` is set (so no read of it times out)."""
    binary_tree_site(root, HTTP_PAGES)
    index = root / "index.html"
    index.write_text(index.read_text().replace("</main>", '<a href="/hold">held</a></main>'))
    head = b"<html><head><title>held</title></head><body><main><h1>Held</h1><p>"
    tail = b"This page answered once the test let it.</p></main></body></html>"

    class Handler(SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(root), **kwargs)

        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            if self.path != "/hold":
                return super().do_GET()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(head) + HELD_PADDING + len(tail)))
            self.end_headers()
            self.wfile.write(head)
            sent = 0
            while not hold.wait(1.0) and sent < HELD_PADDING:
                self.wfile.write(b" ")
                self.wfile.flush()
                sent += 1
            self.wfile.write(b" " * (HELD_PADDING - sent) + tail)
            return None
    return Handler


async def _until(what: str, check: Any, seen: list[Any]) -> Any:
    """``check()``'s first true answer within WAIT_S; else AssertionError with ``what`` and
    the last thing ``check`` put in ``seen``."""
    try:
        async with asyncio.timeout(WAIT_S):
            while True:
                found = await check()
                if found:
                    return found
                await asyncio.sleep(POLL_S)
    except TimeoutError:
        raise AssertionError(f"{what}; last seen: {seen[-1:]}") from None


@pytest.fixture(scope="module")
async def observed(temporal_client: Client, temporal_address: str, database_url: str,
                   engine: AsyncEngine, tmp_path_factory: pytest.TempPathFactory
                   ) -> AsyncIterator[Observed]:
    tmp = tmp_path_factory.mktemp("metrics")
    task_queue = f"test-metrics-{uuid.uuid4().hex[:8]}"
    port = free_port()
    url = f"http://127.0.0.1:{port}/metrics"
    hold = threading.Event()
    log = tmp / "worker.log"
    env = subprocess_env(temporal_address, database_url, TRAWL_TASK_QUEUE=task_queue,
                         TRAWL_BROWSER_RECYCLE_PAGES=str(RECYCLE_AFTER))
    with open(log, "ab") as out:
        worker = subprocess.Popen([PYTHON, "-m", "trawl.api", "worker", "--metrics-port",
                                   str(port)], cwd=ROOT, env=env, stdout=out,
                                  stderr=subprocess.STDOUT, start_new_session=True)
    try:
        await wait_for_activity_pollers(temporal_client, task_queue, 1)
        before = await scrape(url)
        listening = [f"{c.laddr.ip}" for c in psutil.Process(worker.pid).net_connections("tcp")
                     if c.status == psutil.CONN_LISTEN and c.laddr.port == port]
        handler = _held_site(tmp / "http", hold)
        binary_tree_site(tmp / "browser", BROWSER_PAGES)
        with serve_handler(handler) as http_base, serve(tmp / "browser") as browser_site:
            ids = {"http": uuid.uuid4().hex[:10], "browser": uuid.uuid4().hex[:10]}
            specs = {"http": CrawlSpec(seeds=[http_base + "/"], render="http",
                                       concurrency=2, page_timeout_s=HELD_PAGE_TIMEOUT_S),
                     "browser": CrawlSpec(seeds=[browser_site.base + "/"], render="browser",
                                          concurrency=2)}
            handles = {kind: await temporal_client.start_workflow(
                CrawlWorkflow.run, CrawlInput(ids[kind], specs[kind].validated()),
                id=f"crawl-metrics-{ids[kind]}", task_queue=task_queue,
                execution_timeout=timedelta(minutes=10)) for kind in ids}

            async def running_crawl_seen() -> Scrape | None:
                """Pages of the HTTP crawl stored, and its frontier sampled with the held
                page in flight (the home page, which links to it, is stored before it is
                claimed)."""
                now = await scrape(url)
                stored = now.value("trawl_pages_total", outcome="done", render_mode="http")
                held = now.value("trawl_frontier_urls", crawl_id=ids["http"], status="claimed")
                seen.append({"stored": stored, "frontier": [
                    (lab, v) for n, lab, v in now.samples if n == "trawl_frontier_urls"]})
                return now if stored >= 1 and held >= 1 else None

            seen: list[Any] = []
            during = await _until("the running crawl's frontier gauge never showed the held "
                                  "page", running_crawl_seen, seen)
            # the held page keeps the crawl running: this scrape was taken during it
            assert await scalar_rows(engine, "select status from crawls where id = :c",
                                     c=ids["http"]) == [("running",)]
            hold.set()
            results = {kind: await asyncio.wait_for(handle.result(), WAIT_S)
                       for kind, handle in handles.items()}

        async def frontier_gone() -> Scrape | None:
            now = await scrape(url)
            seen.append([(lab, v) for n, lab, v in now.samples if n == "trawl_frontier_urls"])
            return None if any(now.has("trawl_frontier_urls", crawl_id=c)
                               for c in ids.values()) else now

        after = await _until("the ended crawls' frontier series stayed", frontier_gone, seen)
        rows = await scalar_rows(engine, "select crawl_id, status, count(*) from crawl_urls "
                                         "where crawl_id in (:a, :b) group by 1, 2",
                                 a=ids["http"], b=ids["browser"])
        failures = await scalar_rows(engine, "select url, error_class, error_message from "
                                             "pages where crawl_id in (:a, :b) and "
                                             "error_class is not null",
                                     a=ids["http"], b=ids["browser"])
    finally:
        hold.set()
        if worker.poll() is None:
            kill_group(worker, signal.SIGTERM, wait_s=60)
    yield Observed(port=port, worker_pid=worker.pid, worker_output=log.read_text(),
                   http_crawl=ids["http"], browser_crawl=ids["browser"], before=before,
                   during=during, after=after,
                   statuses={kind: str(r.status) for kind, r in results.items()},
                   outcomes={(c, s): n for c, s, n in rows}, listening=listening,
                   failures=failures)


def _count(observed: Observed, crawl_id: str, status: str) -> int:
    return observed.outcomes.get((crawl_id, status), 0)


# --- the tests ----------------------------------------------------------------------------


def test_both_crawls_completed(observed: Observed) -> None:
    assert observed.statuses == {"http": "completed", "browser": "completed"}
    assert observed.failures == []
    assert _count(observed, observed.http_crawl, "done") == HTTP_PAGES + 1  # and /hold
    assert _count(observed, observed.browser_crawl, "done") == BROWSER_PAGES


def test_the_endpoint_says_where_it_is_and_binds_loopback(observed: Observed) -> None:
    assert f"metrics: http://127.0.0.1:{observed.port}/metrics" in observed.worker_output
    assert observed.listening == ["127.0.0.1"]


def test_pages_stored_equal_what_the_crawls_stored(observed: Observed) -> None:
    after, during = observed.after, observed.during
    http_done = _count(observed, observed.http_crawl, "done")
    browser_done = _count(observed, observed.browser_crawl, "done")
    assert observed.before.value("trawl_pages_total") == 0
    # counted as they were stored: some during the crawl, the held one after it
    assert 1 <= during.value("trawl_pages_total", outcome="done", render_mode="http") \
        < http_done
    assert after.value("trawl_pages_total", outcome="done", render_mode="http") == http_done
    assert after.value("trawl_pages_total", outcome="done",
                       render_mode="browser") == browser_done
    # every URL recorded, by outcome, and nothing else: one count per row written
    for outcome in ("done", "failed", "redirected", "skipped"):
        assert after.value("trawl_pages_total", outcome=outcome) == sum(
            n for (_c, s), n in observed.outcomes.items() if s == outcome), outcome


def test_latency_histograms_observed_every_page(observed: Observed) -> None:
    after = observed.after
    http_done = _count(observed, observed.http_crawl, "done")
    browser_done = _count(observed, observed.browser_crawl, "done")
    assert after.value("trawl_fetch_seconds_count", render_mode="http") == http_done
    assert after.value("trawl_fetch_seconds_count", render_mode="browser") == browser_done
    assert after.value("trawl_render_seconds_count") == browser_done
    # one reading per stored page, in the extraction processes, timed in the worker
    assert after.value("trawl_extraction_seconds_count", format="html") == (http_done
                                                                          + browser_done)
    assert after.value("trawl_extraction_seconds_sum", format="html") > 0
    # the held page took seconds to answer: it sits above the lower buckets
    assert after.value("trawl_fetch_seconds_bucket", render_mode="http", le="+Inf") \
        > after.value("trawl_fetch_seconds_bucket", render_mode="http", le="0.5")


def test_frontier_gauge_while_running_and_gone_after(observed: Observed) -> None:
    during = observed.during
    crawl = observed.http_crawl
    for status in metrics.FRONTIER_STATUSES:
        assert during.has("trawl_frontier_urls", crawl_id=crawl, status=status), status
    # the held page is in flight (claimed) while the gauge is read
    assert during.value("trawl_frontier_urls", crawl_id=crawl, status="claimed") >= 1
    assert during.value("trawl_frontier_urls", crawl_id=crawl, status="blocked") == 0
    assert not observed.after.has("trawl_frontier_urls", crawl_id=crawl)
    assert not observed.after.has("trawl_frontier_urls", crawl_id=observed.browser_crawl)


def test_browser_pool_metrics(observed: Observed) -> None:
    after = observed.after
    launches = after.value("trawl_browser_launches_total")
    recycles = after.value("trawl_browser_recycles_total")
    # every launch after the first replaced a browser: BROWSER_PAGES pages, RECYCLE_AFTER each
    assert launches >= -(-BROWSER_PAGES // RECYCLE_AFTER)
    assert launches == recycles + 1
    assert after.value("trawl_browser_recycles_total", reason="pages") >= 1
    # idle now: the current browser open, no tab in use
    assert after.value("trawl_browser_pool_browsers") == 1
    assert after.value("trawl_browser_pool_tabs", state="in_use") == 0
    assert after.has("trawl_browser_pool_tabs", state="idle")
    assert after.has("trawl_browser_pool_contexts")
    assert after.value("trawl_worker_tree_rss_bytes") > after.value(
        "process_resident_memory_bytes") > 0


def test_temporal_sdk_metrics_on_the_same_endpoint(observed: Observed) -> None:
    before, after = observed.before, observed.after
    # the worker polls before any crawl: its slots and pollers are reported already
    assert before.has("temporal_worker_task_slots_available", worker_type="ActivityWorker")
    assert before.has("temporal_num_pollers")
    # the crawls' activities and workflows went through this worker
    assert after.value("temporal_activity_execution_latency_seconds_count",
                       activity_type="explore_slice") >= 1
    assert after.value("temporal_activity_execution_latency_seconds_bucket",
                       activity_type="explore_slice", le="+Inf") == after.value(
        "temporal_activity_execution_latency_seconds_count", activity_type="explore_slice")
    assert after.value("temporal_workflow_completed_total",
                       workflow_type="CrawlWorkflow") >= 2
    assert after.value("temporal_request_total") > before.value("temporal_request_total")


def test_dashboard_uses_only_exposed_metric_names(observed: Observed) -> None:
    dashboard = json.loads(DASHBOARD.read_text())
    queries = dashboard_queries(dashboard)
    assert len(queries) >= 20
    used = set().union(*(promql_metric_names(q) for q in queries))
    # every kind of metric the worker serves has a panel
    for name in ("trawl_pages_total", "trawl_fetch_seconds_bucket",
                 "trawl_render_seconds_bucket", "trawl_extraction_seconds_bucket",
                 "trawl_frontier_urls", "trawl_browser_pool_tabs",
                 "trawl_browser_recycles_total", "trawl_model_tokens_total",
                 "temporal_activity_schedule_to_start_latency_seconds_bucket"):
        assert name in used, name
    assert unknown_dashboard_names(dashboard, observed.after.exposed_names()) == {}


def test_dashboard_check_catches_a_wrong_name(observed: Observed) -> None:
    dashboard = json.loads(DASHBOARD.read_text())
    dashboard["panels"].append({"type": "timeseries", "targets": [
        {"expr": 'sum by (outcome) (rate(trawl_page_total{instance=~"$instance"}'
                 '[$__rate_interval]))'}]})
    dashboard["templating"]["list"].append(
        {"type": "query", "query": {"query": "label_values(trawl_frontier, crawl_id)"}})
    unknown = unknown_dashboard_names(dashboard, observed.after.exposed_names())
    assert set().union(*unknown.values()) == {"trawl_page_total", "trawl_frontier"}


# --- no worker needed ---------------------------------------------------------------------


def test_promql_names() -> None:
    assert promql_metric_names(
        'histogram_quantile(0.95, sum by (le, render_mode) (rate(trawl_fetch_seconds_bucket'
        '{instance=~"$instance", x="a{b}"}[$__rate_interval])))') == {
        "trawl_fetch_seconds_bucket"}
    assert promql_metric_names(
        "sum(rate(a_sum[5m])) / on (job) group_left sum(rate(b_count[5m] offset 1h)) > 1e3"
    ) == {"a_sum", "b_count"}
    assert promql_metric_names("max by (crawl_id) (trawl_frontier_urls) and bool up") == {
        "trawl_frontier_urls", "up"}


def test_record_model_tokens() -> None:
    def tokens() -> float:
        return sum(s.value for f in metrics.MODEL_TOKENS.collect() for s in f.samples
                   if s.name == "trawl_model_tokens_total"
                   and s.labels == {"provider": "scripted", "model": "m-1", "kind": "input"})

    start = tokens()
    metrics.record_model_tokens("scripted", "m-1", "input", 120)
    metrics.record_model_tokens("scripted", "m-1", "input", 0)
    metrics.record_model_tokens("scripted", "m-1", "output", 7)
    assert tokens() == start + 120
    with pytest.raises(ValueError, match="negative"):
        metrics.record_model_tokens("scripted", "m-1", "input", -1)
    assert tokens() == start + 120


@dataclass
class _FakeMetric:
    name: str
    kind: int
    unit: str | None = None
    description: str | None = None


@dataclass
class _FakeUpdate:
    metric: _FakeMetric
    value: float
    attributes: dict[str, Any]


def test_temporal_bridge_folds_updates() -> None:
    """Counters add up, gauges keep the last value, histograms bucket their observations;
    one metric's label sets may differ (a missing label is exposed empty)."""
    bridge = TemporalMetrics()
    requests = _FakeMetric("temporal_request", 0, description="requests")
    slots = _FakeMetric("temporal_worker_task_slots_used", 1)
    latency = _FakeMetric("temporal_activity_execution_latency", 2, unit="s")
    bridge.apply([
        _FakeUpdate(requests, 2, {"operation": "Poll", "namespace": "default"}),
        _FakeUpdate(requests, 3, {"operation": "Poll", "namespace": "default"}),
        _FakeUpdate(requests, 1, {"operation": "Start", "task_queue": "q", "eager": True}),
        _FakeUpdate(slots, 4, {"worker_type": "ActivityWorker"}),
        _FakeUpdate(slots, 1, {"worker_type": "ActivityWorker"}),
        _FakeUpdate(latency, 0.02, {"activity_type": "explore"}),
        _FakeUpdate(latency, 3.0, {"activity_type": "explore"}),
        _FakeUpdate(latency, 7200.0, {"activity_type": "explore"}),
    ])
    registry = CollectorRegistry()
    registry.register(bridge)
    got = Scrape.parse(generate_latest(registry).decode())
    assert got.value("temporal_request_total", operation="Poll", task_queue="") == 5
    assert got.value("temporal_request_total", operation="Start", task_queue="q",
                     eager="true") == 1
    assert got.value("temporal_worker_task_slots_used", worker_type="ActivityWorker") == 1
    hist = "temporal_activity_execution_latency_seconds"
    assert got.value(f"{hist}_count") == 3
    assert got.value(f"{hist}_sum") == pytest.approx(7203.02)
    assert got.value(f"{hist}_bucket", le="0.025") == 1
    assert got.value(f"{hist}_bucket", le="5.0") == 2
    assert got.value(f"{hist}_bucket", le="3600.0") == 2
    assert got.value(f"{hist}_bucket", le="+Inf") == 3


def test_set_frontier_keeps_only_the_crawls_given() -> None:
    metrics.set_frontier({"c-one": {"queued": 5, "claimed": 2}, "c-two": {"blocked": 1}})
    metrics.set_frontier({"c-two": {"blocked": 1}})
    series = {(s.labels["crawl_id"], s.labels["status"]): s.value
              for f in metrics.FRONTIER_URLS.collect() for s in f.samples}
    assert {k: v for k, v in series.items() if k[0].startswith("c-")} == {
        ("c-two", "queued"): 0, ("c-two", "claimed"): 0, ("c-two", "blocked"): 1}
    metrics.clear_frontier()
    assert not [s for f in metrics.FRONTIER_URLS.collect() for s in f.samples]


def _busy_port() -> tuple[socket.socket, int]:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen()
    return sock, sock.getsockname()[1]


def test_a_metrics_port_in_use_is_one_line(tmp_path: Path) -> None:
    """`trawl worker --metrics-port` and the supervised worker (TRAWL_METRICS_PORT): a port
    that cannot be bound stops the worker with one line saying so, before it starts."""
    sock, port = _busy_port()
    env = subprocess_env("127.0.0.1:1", "postgresql://nobody@127.0.0.1:1/none",
                         TRAWL_DATA_DIR=str(tmp_path))
    with contextlib.closing(sock):
        cli = subprocess.run([PYTHON, "-m", "trawl.api", "worker", "--metrics-port", str(port)],
                             env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
        module = subprocess.run([PYTHON, "-m", "trawl.worker"], cwd=ROOT, capture_output=True,
                                text=True, timeout=120,
                                env={**env, "TRAWL_METRICS_PORT": str(port)})
    for run in (cli, module):
        assert run.returncode != 0
        assert f"cannot serve metrics on 127.0.0.1:{port}" in run.stderr, run.stderr
        assert "Traceback" not in run.stderr, run.stderr
    assert len(cli.stderr.strip().splitlines()) == 1, cli.stderr


async def test_frontier_counts_read_the_partial_indexes(engine: AsyncEngine) -> None:
    """The frontier gauge's counts are answered from the index holding each state, not by
    reading a crawl's every row (a 1M-URL crawl is sampled every FRONTIER_INTERVAL_S)."""
    crawl_id = uuid.uuid4().hex[:10]
    site = "http://frontier.example"
    await frontier.create_crawl(engine, crawl_id, f"wf-{crawl_id}",
                                CrawlSpec(seeds=[site + "/"]).validated())
    async with engine.begin() as conn:
        await conn.execute(text(
            "INSERT INTO crawl_urls (crawl_id, url, site, depth, status) "
            "SELECT :c, :s || '/p' || i, :s, 1, "
            "  (array['done', 'done', 'done', 'queued', 'claimed', 'blocked'])[i % 6 + 1] "
            "FROM generate_series(1, 6000) AS i"), {"c": crawl_id, "s": site})
    async with engine.connect() as conn:
        await conn.execute(text("COMMIT"))
        await conn.execute(text("ANALYZE crawl_urls"))
        plan = "\n".join((await conn.execute(text("EXPLAIN " + str(_FRONTIER)),
                                             {"n": 200})).scalars().all())
    assert plan.count("ix_crawl_urls_queue") == 1, plan
    assert plan.count("ix_crawl_urls_status") == 2, plan
    assert "Seq Scan on crawl_urls" not in plan, plan
    depths = await running_frontiers(engine, 200, 5.0)
    # (and the seed, queued by create_crawl)
    assert depths[crawl_id] == {"queued": 1001, "claimed": 1000, "blocked": 1000}
    async with engine.begin() as conn:
        await conn.execute(text("UPDATE crawls SET status = 'completed' WHERE id = :c"),
                           {"c": crawl_id})
    assert crawl_id not in await running_frontiers(engine, 200, 5.0)


def test_sampling_intervals_fit_a_scrape() -> None:
    """Prometheus scrapes every 15 s by default: a sample is never older than that."""
    assert SAMPLE_INTERVAL_S < FRONTIER_INTERVAL_S <= 15


def _pages_counted(**labels: str) -> float:
    return sum(s.value for f in metrics.PAGES.collect() for s in f.samples
               if s.name == "trawl_pages_total" and s.labels == labels)


async def test_a_repeated_attempt_counts_nothing(engine: AsyncEngine) -> None:
    """A page is counted when its row is written: an attempt that finds the URL recorded
    already (a retried activity) writes nothing and counts nothing."""
    crawl_id = uuid.uuid4().hex[:10]
    url = "http://counted.example/"
    await frontier.create_crawl(engine, crawl_id, f"wf-{crawl_id}",
                                CrawlSpec(seeds=[url]).validated())
    claimed = await frontier.claim(engine, ClaimInput(crawl_id, "http://counted.example", 1,
                                                      uuid.uuid4().hex, max_pages=10))
    assert [job.url for job in claimed.jobs] == [url]
    labels = {"outcome": "failed", "error_class": "http_599", "render_mode": "http"}
    before = _pages_counted(**labels)
    rec = PageRecord(crawl_id=crawl_id, url=url, site="http://counted.example", depth=0,
                     outcome="failed", error_class="http_599", error_message="HTTP 599",
                     render_mode="http", status_code=599, fetch_ms=5)
    assert (await frontier.record_page(engine, rec)).recorded
    assert not (await frontier.record_page(engine, rec)).recorded
    assert _pages_counted(**labels) == before + 1


async def test_an_unreadable_frontier_withdraws_its_series(
        engine: AsyncEngine, caplog: pytest.LogCaptureFixture) -> None:
    """Postgres gone: the frontier gauge says nothing rather than its last values, the
    worker says why once, and the series come back with the database."""
    from trawl.store.db import create_engine_async
    from trawl.worker.metrics import WorkerMetrics

    metrics.set_frontier({"c-stale": {"queued": 7}})
    nowhere = create_engine_async(f"postgresql+psycopg://nobody@127.0.0.1:{free_port()}/none")
    sampler = WorkerMetrics("127.0.0.1", free_port())  # (not started: no port bound)
    crawl_id = uuid.uuid4().hex[:10]
    await frontier.create_crawl(engine, crawl_id, f"wf-{crawl_id}",
                                CrawlSpec(seeds=["http://back.example/"]).validated())
    try:
        for _ in range(2):
            await sampler._sample_frontier(nowhere)
        assert not [s for f in metrics.FRONTIER_URLS.collect() for s in f.samples]
        await sampler._sample_frontier(engine)
    finally:
        await nowhere.dispose()
        sampler.close()
        async with engine.begin() as conn:
            await conn.execute(text("UPDATE crawls SET status = 'completed' WHERE id = :c"),
                               {"c": crawl_id})
    warnings = [r for r in caplog.records if "cannot read the frontier" in r.getMessage()]
    assert len(warnings) == 1
    series = {(s.labels["crawl_id"], s.labels["status"]): s.value
              for f in metrics.FRONTIER_URLS.collect() for s in f.samples}
    assert series[(crawl_id, "queued")] == 1
    assert ("c-stale", "queued") not in series
    metrics.clear_frontier()
