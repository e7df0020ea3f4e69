"""An httpx transport that checks every request's address and connects to what it checked.

Each request (every redirect hop is one) carries its crawl's NetPolicy in
``request.extensions["trawl_policy"]``; requests without one are checked against the
policy of the crawl the task works for (trawl.net.use_policy: robots.txt, sitemaps), else
the worker's default (internal addresses refused unless TRAWL_ALLOW_PRIVATE). The host is
resolved once, every address checked, and the request sent to the first address itself,
with the host name kept for the Host header and TLS (SNI and certificate checks): DNS
cannot answer differently between the check and the connection.

Connections are pooled per origin: the address connected to and the host name it was
checked and verified for. One pool of every origin a crawl of many sites talks to cost more
than the pages: httpcore's pool looks at each of its connections (a socket poll each) for
every request it takes and every response it closes, and a worker talking to 200 sites spent
a quarter of its CPU there. A connection made for one host name also never carries another
host's request on the same address (its TLS session was verified for its own name).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from typing import Any

import httpx

from trawl.errors import BlockedAddress
from trawl.net._policy import CURRENT_POLICY, NetPolicy, is_ip_literal

POLICY_EXTENSION = "trawl_policy"
ORIGIN_POOLS = 512
"""Origins whose connections a transport keeps (the least recently used pool is closed)."""
ORIGIN_CONNECTIONS = 64
"""Connections to one origin at most (a site's loads are bounded by its crawl's
``--concurrency``, at most 64; robots.txt and sitemaps come on top, rarely at once)."""
ORIGIN_KEEPALIVE = 8
"""Idle connections kept per origin (each expires after httpx's keep-alive expiry)."""


class GuardedTransport(httpx.AsyncBaseTransport):
    def __init__(self, default_policy: NetPolicy | None = None,
                 limits: httpx.Limits | None = None, **kwargs: Any) -> None:
        """``limits``: the connections of one origin (``max_connections`` at most
        ORIGIN_CONNECTIONS, ``max_keepalive_connections`` ORIGIN_KEEPALIVE); ``kwargs`` go
        to each origin's httpx.AsyncHTTPTransport."""
        self.default_policy = default_policy or NetPolicy()
        self.refused = 0
        """Requests refused by the guard (observability)."""
        limits = limits or httpx.Limits()
        self._limits = httpx.Limits(
            max_connections=min(limits.max_connections or ORIGIN_CONNECTIONS,
                                ORIGIN_CONNECTIONS),
            max_keepalive_connections=min(limits.max_keepalive_connections
                                          or ORIGIN_KEEPALIVE, ORIGIN_KEEPALIVE),
            keepalive_expiry=limits.keepalive_expiry)
        self._kwargs = kwargs
        self._pools: OrderedDict[tuple[str, str, int, str], httpx.AsyncHTTPTransport] = \
            OrderedDict()
        self._closing: set[asyncio.Task[None]] = set()

    def _pool(self, request: httpx.Request, host: str) -> httpx.AsyncHTTPTransport:
        url = request.url
        key = (url.scheme, url.host, url.port or 0, host)
        pool = self._pools.get(key)
        if pool is None:
            pool = self._pools[key] = httpx.AsyncHTTPTransport(limits=self._limits,
                                                               **self._kwargs)
            while len(self._pools) > ORIGIN_POOLS:
                _, old = self._pools.popitem(last=False)
                task = asyncio.ensure_future(old.aclose())  # in-flight requests finish
                self._closing.add(task)
                task.add_done_callback(self._closing.discard)
        else:
            self._pools.move_to_end(key)
        return pool

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        policy = (request.extensions.get(POLICY_EXTENSION) or CURRENT_POLICY.get()
                  or self.default_policy)
        url = str(request.url)
        try:
            host, addresses = await policy.resolve_checked(url)
        except BlockedAddress:
            self.refused += 1
            raise
        if addresses and not is_ip_literal(host):
            # a copy goes to the address; the request itself keeps its URL (httpx reports
            # it as the response's URL, and resolves redirects against it)
            request = httpx.Request(
                request.method, request.url.copy_with(host=addresses[0]),
                headers=request.headers, stream=request.stream,
                extensions={**request.extensions, "sni_hostname": host})
        return await self._pool(request, host).handle_async_request(request)

    async def aclose(self) -> None:
        pools, self._pools = list(self._pools.values()), OrderedDict()
        for pool in pools:
            with contextlib.suppress(Exception):
                await pool.aclose()
        for task in list(self._closing):
            with contextlib.suppress(Exception):
                await task
