"""Politeness per site: request spacing (--delay, Crawl-delay), 429/503 with Retry-After,
the error budget. Unit tests of the parts, then real crawls against local servers
(http render mode; one browser-mode 429)."""

from __future__ import annotations

import asyncio
import threading
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from itertools import pairwise

import httpx
import pytest
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

from tests.conftest import scalar_rows
from tests.crawlkit import run_crawl
from tests.sitesrv import HtmlHandler, serve_handler
from trawl.api.crawls import Trawl
from trawl.config import Settings
from trawl.crawler import politeness
from trawl.crawler.politeness import Politeness, site_delay
from trawl.crawler.specfile import spec_from_mapping
from trawl.errors import ConfigError
from trawl.model import CrawlSpec
from trawl.policy import RobotsCache, backoff_s, parse_retry_after, parse_robots
from trawl.store import frontier, hosts

GAP_TOLERANCE_S = 0.15
"""Requests may arrive this much closer than the delay (database round trips, sleep)."""

# -- Retry-After and backoff ---------------------------------------------------------------


def test_parse_retry_after() -> None:
    now = datetime(2026, 11, 22, 12, 0, 0, tzinfo=UTC)
    assert parse_retry_after("1") == 1.0
    assert parse_retry_after(" 120 ") == 120.0
    assert parse_retry_after("0") == 0.0
    assert parse_retry_after(format_datetime(now + timedelta(seconds=30), usegmt=True),
                             now) == pytest.approx(30.0)
    assert parse_retry_after("Sun, 22 Nov 2026 12:01:00 GMT", now) == pytest.approx(60.0)
    assert parse_retry_after("Sun, 22 Nov 2026 11:00:00 GMT", now) == 0.0  # in the past
    for bad in (None, "", "soon", "-5", "1.5e3", "Sun, 99 Foo 2026"):
        assert parse_retry_after(bad, now) is None, bad


def test_backoff_doubles_and_is_capped() -> None:
    assert [backoff_s(a) for a in range(4)] == [1.0, 2.0, 4.0, 8.0]
    assert backoff_s(50) == 60.0  # capped


def test_spec_fields_validated_and_read_from_files() -> None:
    base = ["http://example.org/"]
    assert CrawlSpec(seeds=base, delay_s=2.5).validated().delay_s == 2.5
    for bad in ({"delay_s": -1}, {"delay_s": 10_000}, {"max_host_errors": -1},
                {"retries_429": -1}, {"max_retry_after_s": -5}):
        with pytest.raises(ConfigError):
            CrawlSpec(seeds=base, **bad).validated()  # type: ignore[arg-type]
    assert spec_from_mapping({"delay": 2, "max-host-errors": 5}) == {
        "delay_s": 2.0, "max_host_errors": 5}
    # the explore activity's timeout leaves room for the waits politeness may impose
    slow = CrawlSpec(seeds=base, delay_s=300)
    assert slow.explore_timeout_s(8) > 8 * 300 > CrawlSpec(seeds=base).page_timeout_s * 3 + 60


async def test_crawl_delay_wins_when_larger() -> None:
    robots = RobotsCache()
    rules = parse_robots("http://x.test", "User-agent: *\nCrawl-delay: 2\n", time.monotonic())
    robots._entries["http://x.test"] = rules  # as if fetched
    http = httpx.AsyncClient(headers={"User-Agent": "trawl/0.1"})  # no request: cached

    async def delay(**kw: object) -> float:
        spec = CrawlSpec(seeds=["http://x.test/"], **kw)  # type: ignore[arg-type]
        return await site_delay(robots, http, spec, "http://x.test")

    assert await delay() == 2.0
    assert await delay(delay_s=3.0) == 3.0
    assert await delay(delay_s=1.0) == 2.0
    assert await delay(delay_s=1.0, respect_robots=False) == 1.0
    robots._entries["http://x.test"] = parse_robots(
        "http://x.test", "User-agent: *\nCrawl-delay: 86400\n", time.monotonic())
    assert await delay() == 60.0  # capped: MAX_CRAWL_DELAY_S
    assert robots.fetches == 0
    await http.aclose()


# -- the shared state in Postgres ------------------------------------------------------------


async def _new_site(engine: AsyncEngine) -> tuple[str, str]:
    crawl_id = uuid.uuid4().hex[:10]
    site = f"http://polite-{crawl_id}.test"
    spec = CrawlSpec(seeds=[site + "/"]).validated()
    await frontier.create_crawl(engine, crawl_id, f"wf-{crawl_id}", spec)
    return crawl_id, site


async def test_reserve_slot_spaces_requests(engine: AsyncEngine) -> None:
    crawl_id, site = await _new_site(engine)
    # each reservation starts where the previous one's delay ends. A wait is counted from
    # when the server answered, somewhere between the call and its return: the slot's time
    # lies in [before + wait, after + wait], and consecutive slots are 0.5 s apart however
    # long each round trip took (a busy machine stretches them)
    slots, waits = [], []
    for _ in range(4):
        before = time.monotonic()
        waits.append((await hosts.reserve_slot(engine, crawl_id, site, 0.5)).wait_s)
        slots.append((before + waits[-1], time.monotonic() + waits[-1]))
    assert waits[0] == pytest.approx(0.0, abs=0.1)  # a new site's first slot is now
    for (early0, late0), (early1, late1) in pairwise(slots):
        assert early1 - late0 <= 0.5 + 0.05 and late1 - early0 >= 0.5 - 0.05, slots
    # many at once (as many workers would): every slot distinct, still one per delay
    crawl_id, site = await _new_site(engine)
    started = time.monotonic()
    slots = await asyncio.gather(*(hosts.reserve_slot(engine, crawl_id, site, 0.2)
                                   for _ in range(10)))
    # each wait is counted from its own answer's moment, all within the gather's span: the
    # spacing of the waits is 0.2 s give or take that span (small on a quiet machine)
    spread = time.monotonic() - started
    ordered = sorted(s.wait_s for s in slots)
    assert [b - a for a, b in pairwise(ordered)] == pytest.approx([0.2] * 9,
                                                                  abs=0.05 + spread), spread
    rows = await scalar_rows(engine, "select delay_s from sites where crawl_id = :c",
                             c=crawl_id)
    assert rows == [(0.2,)]
    # a larger stored delay (another worker's Crawl-delay) wins over a smaller one asked
    # (ten slots of 0.2 s were taken from `started` on: this one is 2 s after it)
    wait = (await hosts.reserve_slot(engine, crawl_id, site, 0.0)).wait_s
    assert wait + (time.monotonic() - started) > 1.9


async def test_push_back_delays_every_later_slot(engine: AsyncEngine) -> None:
    crawl_id, site = await _new_site(engine)
    await hosts.push_back(engine, crawl_id, site, 5.0)
    await hosts.push_back(engine, crawl_id, site, 1.0)  # never moves the slot earlier
    assert (await hosts.reserve_slot(engine, crawl_id, site, 0.0)).wait_s == pytest.approx(
        5.0, abs=0.2)
    state = await hosts.host_state(engine, crawl_id, site)
    assert state.wait_s == pytest.approx(5.0, abs=0.2)


async def test_error_budget(engine: AsyncEngine) -> None:
    crawl_id, site = await _new_site(engine)

    async def outcome(error: bool, detail: str = "HTTP 500") -> hosts.HostState:
        return await hosts.record_outcome(engine, crawl_id, site, error=error, budget=3,
                                          detail=detail)

    assert (await outcome(True)).consecutive_errors == 1
    assert (await outcome(True)).consecutive_errors == 2
    state = await outcome(False)  # a success (a 404 too) ends the run
    assert (state.consecutive_errors, state.errors, state.stopped_reason) == (0, 2, None)
    await outcome(True)
    await outcome(True)
    state = await outcome(True, "connect_error: cannot connect")
    assert state.stopped_reason == "3 errors in a row (last: connect_error: cannot connect)"
    assert (await outcome(False)).stopped_reason == state.stopped_reason  # stays stopped
    slot = await hosts.reserve_slot(engine, crawl_id, site, 1.0)
    assert slot.stopped_reason == state.stopped_reason
    # no budget: never stops
    crawl_id, site = await _new_site(engine)
    for _ in range(10):
        state = await hosts.record_outcome(engine, crawl_id, site, error=True, budget=0,
                                           detail="HTTP 503")
    assert (state.consecutive_errors, state.stopped_reason) == (10, None)


async def test_workers_learn_of_a_stop(engine: AsyncEngine) -> None:
    crawl_id, site = await _new_site(engine)
    a, b = Politeness(), Politeness(ttl_s=0.0)  # b: its view is always stale
    assert await b.stopped(engine, crawl_id, site) is None
    for _ in range(2):
        await a.record(engine, crawl_id, site, error=True, budget=2, detail="HTTP 502")
    reason = "2 errors in a row (last: HTTP 502)"
    assert await a.wait_turn(engine, crawl_id, site, 0.0, lambda _: None) == reason
    assert await b.stopped(engine, crawl_id, site) == reason


async def test_hot_path_skips_the_database(engine: AsyncEngine,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    crawl_id, site = await _new_site(engine)
    calls: dict[str, int] = {}

    def counted(name: str) -> None:
        real = getattr(hosts, name)

        async def wrapper(*args: object, **kwargs: object) -> object:
            calls[name] = calls.get(name, 0) + 1
            return await real(*args, **kwargs)
        monkeypatch.setattr(hosts, name, wrapper)

    for name in ("host_state", "reserve_slot", "record_outcome", "push_back"):
        counted(name)
    polite = Politeness()
    beats: list[str] = []

    async def page(error: bool = False, delay: float = 0.0) -> None:
        assert await polite.wait_turn(engine, crawl_id, site, delay, beats.append) is None
        await polite.record(engine, crawl_id, site, error=error, budget=5, detail="HTTP 500")

    for _ in range(5):
        await page()
    assert calls == {"host_state": 1}  # one read per STATE_TTL_S, nothing else
    await page(error=True)
    assert calls["record_outcome"] == 1
    await page()  # troubled: reserves a slot, and resets the run on success
    assert (calls.get("reserve_slot"), calls["record_outcome"]) == (1, 2)
    await page()
    await page()
    assert (calls.get("reserve_slot"), calls["record_outcome"]) == (1, 2)
    await page(delay=0.01)  # a delay always reserves
    assert calls.get("reserve_slot") == 2
    await polite.push_back(engine, crawl_id, site, 0.3)
    started = time.monotonic()
    await page()  # waits for the push back, heartbeating
    assert time.monotonic() - started >= 0.25
    assert politeness.WAITING in beats


# -- real crawls ---------------------------------------------------------------------------

Answer = tuple[int, str, dict[str, str]] | None
"""(status, body, headers); None closes the connection without answering."""


class Server:
    """A test site whose every answer is decided by ``answer(path, n)`` (n: the n-th request
    of that path); records when each request arrived."""

    def __init__(self, answer: Callable[[str, int], Answer], robots: str | None = None) -> None:
        self.hits: list[tuple[str, float]] = []
        lock = threading.Lock()
        server = self

        class Handler(HtmlHandler):
            def do_GET(self) -> None:
                arrived = time.monotonic()
                with lock:
                    server.hits.append((self.path, arrived))
                    n = server.count(self.path)
                if self.path == "/robots.txt":
                    body = (robots or "").encode()
                    self.send_response(200 if robots is not None else 404)
                    self.send_header("Content-Type", "text/plain")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                result = answer(self.path, n)
                if result is None:
                    self.close_connection = True  # no response at all
                    return
                self._send(*result)

        self.handler = Handler

    def count(self, path: str) -> int:
        return sum(1 for p, _ in self.hits if p == path)

    def times(self, path: str | None = None) -> list[float]:
        return sorted(t for p, t in self.hits
                      if (p == path if path else p not in ("/robots.txt", "/favicon.ico")))


def gaps(times: list[float]) -> list[float]:
    return [b - a for a, b in pairwise(times)]


def links(*paths: str) -> str:
    return "<main><h1>Index</h1>" + " ".join(f"<a href='{p}'>{p}</a>" for p in paths) + "</main>"


def page(path: str) -> tuple[int, str, dict[str, str]]:
    return 200, f"<main><h1>Page {path}</h1><p>Some text for {path}.</p></main>", {}


async def _urls(engine: AsyncEngine, crawl_id: str) -> dict[str, tuple[str, str | None]]:
    return {r[0]: (r[1], r[2]) for r in await scalar_rows(
        engine, "select url, status, reason from crawl_urls where crawl_id = :c", c=crawl_id)}


async def _pages(engine: AsyncEngine, crawl_id: str) -> dict[str, tuple]:
    return {r[0]: r[1:] for r in await scalar_rows(
        engine, "select url, status_code, error_class, error_message from pages "
                "where crawl_id = :c", c=crawl_id)}


@pytest.mark.parametrize(("crawl_delay", "spec_delay", "expected"),
                         [(1.0, 0.0, 1.0), (0.5, 1.5, 1.5)])
async def test_requests_spaced_by_crawl_delay_or_delay(
        temporal_client: Client, temporal_address: str, database_url: str, engine: AsyncEngine,
        task_queue: str, crawl_delay: float, spec_delay: float, expected: float) -> None:
    paths = ("/a", "/b", "/c")

    def answer(path: str, _: int) -> Answer:
        return (200, links(*paths), {}) if path == "/" else page(path)

    server = Server(answer, robots=f"User-agent: *\nCrawl-delay: {crawl_delay}\n")
    with serve_handler(server.handler) as base:
        crawl_id, result = await run_crawl(
            temporal_client, temporal_address, database_url, task_queue,
            CrawlSpec(seeds=[base + "/"], render="http", sitemap="skip", concurrency=4,
                      delay_s=spec_delay))
    assert result.status == "completed"
    urls = await _urls(engine, crawl_id)
    assert {u: s for u, (s, _) in urls.items()} == {base + p: "done" for p in ("/", *paths)}
    times = server.times()
    assert len(times) == 4
    assert min(gaps(times)) >= expected - GAP_TOLERANCE_S, gaps(times)
    assert await scalar_rows(engine, "select delay_s from sites where crawl_id = :c",
                             c=crawl_id) == [(expected,)]


async def test_429_and_503_retried_after_retry_after(
        temporal_client: Client, temporal_address: str, database_url: str, engine: AsyncEngine,
        task_queue: str) -> None:
    busy = "<main><h1>Slow down</h1></main>"

    def answer(path: str, n: int) -> Answer:
        if path == "/":
            return 200, links("/flaky", "/down", "/later", "/blip"), {}
        if path == "/flaky" and n <= 2:
            return 429, busy, {"Retry-After": "1"}
        if path == "/down":
            return 503, busy, {"Retry-After": "1"}
        if path == "/later":
            return 429, busy, {"Retry-After": "3600"}
        if path == "/blip" and n == 1:
            return 503, busy, {}  # no Retry-After: backoff, 1 s first
        return page(path)

    server = Server(answer)
    with serve_handler(server.handler) as b:
        crawl_id, result = await run_crawl(
            temporal_client, temporal_address, database_url, task_queue,
            CrawlSpec(seeds=[b + "/"], render="http", sitemap="skip", retries_429=2))
    assert result.status == "completed"
    urls = await _urls(engine, crawl_id)
    pages = await _pages(engine, crawl_id)

    # 429, 429, 200: stored as done; every attempt waited Retry-After
    assert urls[b + "/flaky"][0] == "done" and pages[b + "/flaky"][:2] == (200, None)
    assert server.count("/flaky") == 3
    assert min(gaps(server.times("/flaky"))) >= 1 - GAP_TOLERANCE_S

    # 503 forever: failed after the retries (1 + 2 attempts), each after Retry-After
    assert urls[b + "/down"][0] == "failed"
    status, error_class, message = pages[b + "/down"]
    assert (status, error_class) == (503, "http_503")
    assert "gave up after 3 attempts" in message
    assert server.count("/down") == 3
    assert min(gaps(server.times("/down"))) >= 1 - GAP_TOLERANCE_S

    # Retry-After longer than we wait: failed at once, saying why
    status, error_class, message = pages[b + "/later"]
    assert (status, error_class) == (429, "http_429")
    assert "Retry-After was 3600 s" in message
    assert server.count("/later") == 1

    # 503 without Retry-After: backoff
    assert urls[b + "/blip"][0] == "done" and server.count("/blip") == 2
    assert min(gaps(server.times("/blip"))) >= backoff_s(0) - GAP_TOLERANCE_S


async def test_dying_host_stops_after_error_budget(
        temporal_client: Client, temporal_address: str, database_url: str, engine: AsyncEngine,
        task_queue: str) -> None:
    paths = [f"/p{i}" for i in range(30)]
    served = {"ok": 0, "errors": 0}
    lock = threading.Lock()

    def answer(path: str, _: int) -> Answer:
        if path == "/":
            return 200, links(*paths), {}
        with lock:
            if served["ok"] < 2:
                served["ok"] += 1
                return page(path)
            served["errors"] += 1
            dead = served["errors"] % 2 == 0
        return None if dead else (500, "<main><h1>Internal error</h1></main>", {})

    server = Server(answer)
    concurrency = 2
    with serve_handler(server.handler) as b:
        crawl_id, result = await run_crawl(
            temporal_client, temporal_address, database_url, task_queue,
            CrawlSpec(seeds=[b + "/"], render="http", sitemap="skip", concurrency=concurrency,
                      max_host_errors=3))
    assert result.status == "completed"
    urls = await _urls(engine, crawl_id)
    pages = await _pages(engine, crawl_id)
    asked = sum(server.count(p) for p in paths)
    # 2 fine pages, 3 errors, and at most the loads already under way when the budget ran out
    assert 5 <= asked <= 5 + concurrency - 1, asked
    skipped = {u: r for u, (s, r) in urls.items() if s == "skipped"}
    assert len(skipped) == len(paths) - asked
    for reason in skipped.values():
        assert reason is not None
        assert reason.startswith("site stopped: 3 errors in a row (last: "), reason
    # connection errors and 5xx both count
    assert {"http_500", "connect_error"} <= {p[1] for p in pages.values()}
    ((reason, errors, in_a_row),) = await scalar_rows(
        engine, "select stopped_reason, errors, consecutive_errors from sites "
                "where crawl_id = :c", c=crawl_id)
    assert reason.startswith("3 errors in a row") and errors >= 3 and in_a_row >= 3
    # and `trawl status` says so
    settings = Settings(temporal_address=temporal_address, database_url=database_url)
    async with await Trawl.connect(settings) as trawl:
        shown = (await trawl.status(crawl_id)).as_dict()["stopped_sites"]
    assert shown == [f"{b}: {reason}"]


async def test_429_in_the_browser(temporal_client: Client, temporal_address: str,
                                  database_url: str, engine: AsyncEngine,
                                  task_queue: str) -> None:
    def answer(path: str, n: int) -> Answer:
        if path == "/" and n == 1:
            return 429, "<main><h1>Slow down</h1></main>", {"Retry-After": "1"}
        return page(path)

    server = Server(answer)
    with serve_handler(server.handler) as b:
        crawl_id, result = await run_crawl(
            temporal_client, temporal_address, database_url, task_queue,
            CrawlSpec(seeds=[b + "/"], render="browser", sitemap="skip"))
    assert result.status == "completed"
    assert (await _urls(engine, crawl_id))[b + "/"][0] == "done"
    assert (await _pages(engine, crawl_id))[b + "/"][:2] == (200, None)
    assert server.count("/") == 2
    assert min(gaps(server.times("/"))) >= 1 - GAP_TOLERANCE_S
