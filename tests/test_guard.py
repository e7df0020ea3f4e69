"""The address guard (trawl.net): classes of addresses without traffic; on loopback, the
crawl's own start origin is allowed and another local service is refused unless allowed,
on every redirect hop and for the browser's subresources, in every render mode."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field

import httpx
import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

import trawl.net._policy as policy_module
from tests.crawlkit import run_crawl
from tests.sitesrv import HtmlHandler, serve_handler
from trawl.errors import BlockedAddress, ConfigError
from trawl.model import CrawlSpec
from trawl.net import GuardedTransport, NetPolicy, address_class

INTERNAL = {
    "127.0.0.1": "loopback", "127.9.9.9": "loopback", "::1": "loopback",
    "10.1.2.3": "private", "172.16.0.1": "private", "192.168.1.1": "private",
    "169.254.169.254": "link_local", "fe80::1": "link_local",
    "100.64.0.1": "cgnat", "100.127.255.254": "cgnat",
    "fc00::1": "unique_local", "fd12:3456::1": "unique_local",
    "224.0.0.1": "multicast", "ff02::1": "multicast",
    "0.0.0.0": "unspecified", "::": "unspecified",
    "::ffff:127.0.0.1": "loopback", "::ffff:169.254.169.254": "link_local",
    "::127.0.0.1": "loopback", "2002:7f00:1::": "loopback", "2002:a00:1::": "private",
    "64:ff9b::a9fe:a9fe": "link_local", "64:ff9b::7f00:1": "loopback",
}
PUBLIC = ("8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "93.184.216.34")


@pytest.mark.parametrize(("ip", "kind"), sorted(INTERNAL.items()))
def test_internal_addresses_are_classified(ip: str, kind: str) -> None:
    assert address_class(ip) == kind


@pytest.mark.parametrize("ip", PUBLIC)
def test_public_addresses_pass(ip: str) -> None:
    assert address_class(ip) is None


def test_policy_rules() -> None:
    policy = NetPolicy(allowed_origins=frozenset({"http://127.0.0.1:8000"}),
                       allow_hosts=("intranet.test", "10.9.0.0/16"), deny_hosts=("ads.test",))
    policy.check_address("http://127.0.0.1:8000/a", "127.0.0.1", "127.0.0.1")  # the seed's
    with pytest.raises(BlockedAddress, match="loopback"):
        policy.check_address("http://127.0.0.1:9000/", "127.0.0.1", "127.0.0.1")
    with pytest.raises(BlockedAddress, match="link-local"):
        policy.check_address("http://meta.test/", "meta.test", "169.254.169.254")
    policy.check_address("http://wiki.intranet.test/", "wiki.intranet.test", "10.0.0.5")
    policy.check_address("http://x.test/", "x.test", "10.9.3.4")  # in an allowed CIDR
    with pytest.raises(BlockedAddress):
        policy.check_address("http://x.test/", "x.test", "10.8.3.4")
    for url in ("file:///etc/passwd", "chrome://settings", "javascript:alert(1)",
                "ftp://a.test/", "http://cdn.ads.test/x"):
        with pytest.raises(BlockedAddress):
            policy.check_url(url)
    NetPolicy(allow_private=True).check_address("http://a.test/", "a.test", "10.0.0.1")


def test_spec_refuses_bad_guard_settings() -> None:
    with pytest.raises(ConfigError, match="host name or a CIDR"):
        CrawlSpec(seeds=["http://a.test/"], allow_hosts=["a b"]).validated()
    with pytest.raises(ConfigError, match="refused"):
        CrawlSpec(seeds=["http://ads.test/"], deny_hosts=["ads.test"]).validated()


@dataclass
class Internal:
    """A local service that must not be reached: counts every request it gets."""

    hits: list[str] = field(default_factory=list)
    host_headers: list[str] = field(default_factory=list)


@pytest.fixture
def internal() -> Iterator[tuple[str, Internal]]:
    seen = Internal()

    class Handler(HtmlHandler):
        def do_GET(self) -> None:
            seen.hits.append(self.path)
            seen.host_headers.append(self.headers.get("Host", ""))
            self._send(200, "<h1>Secret admin</h1><p>" + "internal words " * 40 + "</p>")

    with serve_handler(Handler) as base:
        yield base, seen


async def test_transport_connects_to_the_address_it_checked(
        internal: tuple[str, Internal], monkeypatch: pytest.MonkeyPatch) -> None:
    """A name is resolved once; the request goes to that address with the name kept as the
    Host header. A name whose answer is internal is refused before any connection."""
    base, seen = internal
    port = base.rsplit(":", 1)[1]
    answers = {"rebind.test": ["127.0.0.1"], "public.test": ["10.0.0.1"]}

    async def resolver(host: str) -> list[str]:
        return answers[host]

    monkeypatch.setattr(policy_module, "resolve", resolver)
    transport = GuardedTransport(NetPolicy(allow_hosts=("rebind.test",)))
    async with httpx.AsyncClient(transport=transport) as client:
        response = await client.get(f"http://rebind.test:{port}/pinned")
        assert response.status_code == 200
        assert seen.host_headers[-1] == f"rebind.test:{port}"  # sent to 127.0.0.1, by name
        assert str(response.url) == f"http://rebind.test:{port}/pinned"  # the name kept
        with pytest.raises(BlockedAddress, match="private"):
            await client.get(f"http://public.test:{port}/x")
    assert seen.hits == ["/pinned"]
    assert transport.refused == 1


@pytest.fixture
def start_site(internal: tuple[str, Internal]) -> Iterator[str]:
    """The crawl's own site: a page embedding the internal service, a redirect to it."""
    internal_base = internal[0].replace("127.0.0.1", "localhost")

    class Handler(HtmlHandler):
        def do_GET(self) -> None:
            if self.path == "/go":
                self.send_response(302)
                self.send_header("Location", internal_base + "/admin")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self._send(200, f'<h1>Home</h1><p>{"public words " * 40}</p>'
                            f'<img src="{internal_base}/pixel.png"><a href="/go">go</a>')

    with serve_handler(Handler) as base:
        yield base


@pytest.mark.parametrize("mode", ["http", "browser"])
async def test_a_crawl_never_reaches_another_internal_service(
        mode: str, start_site: str, internal: tuple[str, Internal], temporal_client: Client,
        temporal_address: str, database_url: str, engine: AsyncEngine) -> None:
    _, seen = internal
    spec = CrawlSpec(seeds=[start_site + "/"], render=mode, max_pages=10, delay_s=0)
    crawl_id, result = await run_crawl(temporal_client, temporal_address, database_url,
                                       f"guard-{uuid.uuid4().hex[:8]}", spec)
    assert result.status == "completed"
    async with engine.connect() as conn:
        rows = dict((await conn.execute(text(
            "select url, error_class from pages where crawl_id = :c"), {"c": crawl_id})).all())
        meta = (await conn.execute(text(
            "select metadata->>'blocked_requests' from pages where crawl_id = :c and url = :u"),
            {"c": crawl_id, "u": start_site + "/"})).scalar_one()
    assert rows[start_site + "/"] is None  # the start page itself is stored
    assert rows[start_site + "/go"] == "blocked_address"  # the redirect hop was refused
    assert seen.hits == []  # the internal service never saw a request
    if mode == "browser":
        assert meta == "1"  # the <img> on localhost, refused and counted


async def test_an_allowed_host_is_fetched(
        start_site: str, internal: tuple[str, Internal], temporal_client: Client,
        temporal_address: str, database_url: str, engine: AsyncEngine) -> None:
    _, seen = internal
    spec = CrawlSpec(seeds=[start_site + "/"], render="http", max_pages=10, delay_s=0,
                     allow_hosts=["localhost"], allow_subdomains=False)
    crawl_id, result = await run_crawl(temporal_client, temporal_address, database_url,
                                       f"guard-{uuid.uuid4().hex[:8]}", spec)
    assert result.status == "completed"
    async with engine.connect() as conn:
        status = (await conn.execute(text(
            "select status from crawl_urls where crawl_id = :c and url = :u"),
            {"c": crawl_id, "u": start_site + "/go"})).scalar_one()
    assert status == "redirected"  # followed to localhost (then out of the crawl's scope)
    assert "/admin" in seen.hits  # reached, because --allow-host named it
