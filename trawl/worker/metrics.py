"""The worker's Prometheus endpoint (``--metrics-port``): trawl's metrics and the Temporal
SDK's, on one port.

trawl's own metrics (:mod:`trawl.metrics`) count in prometheus_client's default registry as
the work happens. What is a level rather than an event (the running crawls' frontier, the
browser pool, the process tree's memory) is sampled here, on the worker's event loop, every
few seconds.

The Temporal SDK's worker metrics come through the SDK's ``MetricBuffer``, not its
``PrometheusConfig``: the latter serves them from an HTTP server of its own on a second port.
The buffer hands every update (a counter's increment, a gauge's value, a histogram's
observation) to Python, where :class:`TemporalMetrics` keeps their totals and exposes them
from the same registry, so one endpoint, one bind address and one scrape job cover both.
Their names are what the SDK's own exporter gives with ``counters_total_suffix``,
``unit_suffix`` and ``durations_as_seconds`` (Prometheus' conventions), e.g.
``temporal_request_total``, ``temporal_activity_execution_latency_seconds_bucket``. The
histogram buckets are TEMPORAL_BUCKETS_S (the SDK's exporter has its own per metric; the
buffer gives raw values).
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import logging
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from wsgiref.simple_server import WSGIServer

import psutil
from prometheus_client import REGISTRY, disable_created_metrics, start_http_server
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)
from prometheus_client.registry import Collector
from prometheus_client.utils import floatToGoString
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.runtime import (
    BUFFERED_METRIC_KIND_COUNTER,
    BUFFERED_METRIC_KIND_HISTOGRAM,
    BufferedMetricUpdate,
    MetricBuffer,
    MetricBufferDurationFormat,
    Runtime,
    TelemetryConfig,
)

from trawl import metrics
from trawl.ai import TOKEN_LISTENERS, TokenUse
from trawl.browser.pool import BrowserPool
from trawl.errors import ConfigError
from trawl.store.crawls import running_frontiers

log = logging.getLogger("trawl.worker.metrics")

TEMPORAL_BUFFER_SIZE = 100_000
"""Updates the SDK holds between two drains (the SDK drops updates beyond it, and logs it);
drained every SAMPLE_INTERVAL_S and at each scrape, far above what a worker makes in that
time."""
TEMPORAL_BUCKETS_S = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
                      30.0, 60.0, 300.0, 1800.0, 3600.0)
"""The Temporal SDK's latencies: a workflow task's milliseconds to a long poll's minute and a
workflow's hours."""
UNIT_SUFFIXES = {"s": "seconds", "ms": "milliseconds", "By": "bytes"}
"""The SDK's units as Prometheus name suffixes (as its exporter's ``unit_suffix`` does)."""
SAMPLE_INTERVAL_S = 2.0
"""Browser pool and SDK buffer: sampled this often."""
FRONTIER_INTERVAL_S = 10.0
"""The running crawls' frontier is read from Postgres this often (by each worker)."""
FRONTIER_TIMEOUT_S = 5.0
FRONTIER_CRAWLS_MAX = 200
"""At most this many running crawls (the newest) have frontier series: bounded cardinality."""
RSS_INTERVAL_S = 10.0


def count_model_tokens(use: TokenUse) -> None:
    """A model request's tokens (trawl.ai reports every one, re-asks included) as
    ``trawl_model_tokens_total``: provider and model from PROVIDER:NAME, kind input and
    output."""
    provider, _, model = use.model.partition(":")
    metrics.record_model_tokens(provider, model, "input", max(use.input_tokens, 0))
    metrics.record_model_tokens(provider, model, "output", max(use.output_tokens, 0))


def count_model_tokens_here() -> None:
    """Count this process's model tokens (once per process, however many workers it runs:
    the counters are the process's, served by whichever endpoint it has)."""
    if count_model_tokens not in TOKEN_LISTENERS:
        TOKEN_LISTENERS.append(count_model_tokens)


def _label(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


@dataclass
class _Series:
    """One Temporal metric's totals, per label set."""

    name: str
    kind: int
    doc: str
    labels: dict[str, None] = field(default_factory=dict)
    """Every label name seen, in order (label sets of one metric differ: a missing label
    is exposed empty, which Prometheus reads as absent)."""
    values: dict[tuple[tuple[str, str], ...], float] = field(default_factory=dict)
    """Counters: the total; gauges: the last value."""
    buckets: dict[tuple[tuple[str, str], ...], list[int]] = field(default_factory=dict)
    """Histograms: observations per bucket (not cumulative), the last one +Inf."""
    sums: dict[tuple[tuple[str, str], ...], float] = field(default_factory=dict)

    def apply(self, key: tuple[tuple[str, str], ...], value: float) -> None:
        if self.kind == BUFFERED_METRIC_KIND_COUNTER:
            self.values[key] = self.values.get(key, 0) + value
        elif self.kind == BUFFERED_METRIC_KIND_HISTOGRAM:
            counts = self.buckets.setdefault(key, [0] * (len(TEMPORAL_BUCKETS_S) + 1))
            counts[bisect.bisect_left(TEMPORAL_BUCKETS_S, value)] += 1
            self.sums[key] = self.sums.get(key, 0.0) + value
        else:
            self.values[key] = value

    def family(self) -> Metric:
        names = list(self.labels)

        def values_of(key: tuple[tuple[str, str], ...]) -> list[str]:
            found = dict(key)
            return [found.get(name, "") for name in names]

        if self.kind == BUFFERED_METRIC_KIND_HISTOGRAM:
            hist = HistogramMetricFamily(self.name, self.doc, labels=names)
            for key, counts in self.buckets.items():
                running, cumulative = 0, []
                for bound, count in zip([*TEMPORAL_BUCKETS_S, float("inf")], counts,
                                        strict=True):
                    running += count
                    cumulative.append((floatToGoString(bound), running))
                hist.add_metric(values_of(key), cumulative, self.sums[key])
            return hist
        cls = (CounterMetricFamily if self.kind == BUFFERED_METRIC_KIND_COUNTER
               else GaugeMetricFamily)
        family = cls(self.name, self.doc, labels=names)
        for key, value in self.values.items():
            family.add_metric(values_of(key), value)
        return family


class TemporalMetrics(Collector):
    """The Temporal SDK's metrics, from a MetricBuffer, as a prometheus_client collector.

    :attr:`runtime` is the Temporal runtime the worker's client must use. Drained on the
    event loop (:meth:`drain`) and by the scrape's thread (:meth:`collect`), under a lock.
    """

    def __init__(self) -> None:
        self._buffer = MetricBuffer(TEMPORAL_BUFFER_SIZE, MetricBufferDurationFormat.SECONDS)
        self.runtime = Runtime(telemetry=TelemetryConfig(metrics=self._buffer))
        self._series: dict[str, _Series] = {}
        self._lock = threading.Lock()

    def drain(self) -> None:
        with self._lock:
            self.apply(self._buffer.retrieve_updates())

    def apply(self, updates: Any) -> None:
        """Fold SDK updates (BufferedMetricUpdate) into the totals (lock held)."""
        for update in updates:
            self._apply_one(update)

    def _apply_one(self, update: BufferedMetricUpdate) -> None:
        metric = update.metric
        series = self._series.get(metric.name)
        if series is None:
            name = metric.name
            suffix = UNIT_SUFFIXES.get(metric.unit or "")
            if suffix and not name.endswith(f"_{suffix}"):
                name = f"{name}_{suffix}"
            series = self._series[metric.name] = _Series(name, metric.kind,
                                                         metric.description or metric.name)
        key = tuple(sorted((str(k), _label(v)) for k, v in update.attributes.items()))
        for label, _value in key:
            series.labels.setdefault(label, None)
        series.apply(key, update.value)

    def describe(self) -> list[Metric]:
        return []  # names unknown until the SDK reports them (all temporal_*: no clash)

    def collect(self) -> Iterator[Metric]:
        self.drain()
        with self._lock:
            families = [series.family() for series in self._series.values()]
        yield from families


def bind_address(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


class WorkerMetrics:
    """The endpoint and its samplers; :meth:`start` binds, :meth:`sample` runs beside the
    worker, :meth:`close` unbinds."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.temporal = TemporalMetrics()
        self._server: WSGIServer | None = None
        self._thread: threading.Thread | None = None
        self._frontier_failing = False

    @property
    def url(self) -> str:
        return f"http://{bind_address(self.host, self.port)}/metrics"

    def start(self) -> WorkerMetrics:
        """Serve the default registry (trawl's metrics, the process' own) and the SDK's;
        ConfigError when the address cannot be bound (in use, not this machine's)."""
        # no `<counter>_created` series: they double the series and Prometheus ignores them
        disable_created_metrics()
        REGISTRY.register(self.temporal)
        try:
            self._server, self._thread = start_http_server(self.port, self.host, REGISTRY)
        except OSError as exc:
            REGISTRY.unregister(self.temporal)
            raise ConfigError(f"cannot serve metrics on {bind_address(self.host, self.port)}: "
                              f"{exc.strerror or exc} (--metrics-port/TRAWL_METRICS_PORT, "
                              "--metrics-host/TRAWL_METRICS_HOST)") from None
        log.info("metrics on %s", self.url)
        return self

    def close(self) -> None:
        with contextlib.suppress(KeyError):
            REGISTRY.unregister(self.temporal)
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._thread is not None:
            self._thread.join(timeout=5)

    async def sample(self, engine: AsyncEngine, pool: BrowserPool | None) -> None:
        """Sample the levels until cancelled (the worker's lifetime)."""
        next_frontier = next_rss = 0.0
        failed = False
        try:
            while True:
                now = time.monotonic()
                try:
                    self.temporal.drain()
                    if pool is not None:
                        stats = pool.stats()
                        metrics.set_browser_pool(stats.browsers, stats.contexts,
                                                 stats.tabs_in_use, stats.tabs_idle)
                    if now >= next_frontier:
                        next_frontier = now + FRONTIER_INTERVAL_S
                        await self._sample_frontier(engine)
                    if now >= next_rss:
                        next_rss = now + RSS_INTERVAL_S
                        metrics.set_worker_tree_rss(await asyncio.to_thread(tree_rss))
                except Exception:  # a sampler's bug must not stop the others, nor the worker
                    if not failed:
                        log.exception("metrics: sampling failed (logged once)")
                    failed = True
                await asyncio.sleep(SAMPLE_INTERVAL_S)
        finally:
            metrics.clear_frontier()

    async def _sample_frontier(self, engine: AsyncEngine) -> None:
        try:
            depths = await running_frontiers(engine, FRONTIER_CRAWLS_MAX, FRONTIER_TIMEOUT_S)
        except Exception as exc:  # the database's outage is the activities' to report
            if not self._frontier_failing:
                log.warning("metrics: cannot read the frontier (%s); its series are "
                            "withdrawn until it can", type(exc).__name__)
            self._frontier_failing = True
            metrics.clear_frontier()
            return
        self._frontier_failing = False
        metrics.set_frontier(depths)


def serve_metrics(host: str, port: int | None) -> WorkerMetrics | None:
    """The metrics endpoint, bound (ConfigError when it cannot be), or None when ``port``
    is None (off)."""
    return None if port is None else WorkerMetrics(host, port).start()


def tree_rss() -> int:
    """Resident bytes of this process and every process below it."""
    me = psutil.Process()
    total = me.memory_info().rss
    for child in me.children(recursive=True):
        with contextlib.suppress(psutil.Error):
            total += child.memory_info().rss
    return total
