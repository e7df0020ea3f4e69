"""An httpx transport that checks every request's address and connects to what it checked.

Each request (every redirect hop is one) carries its crawl's NetPolicy in
``request.extensions["trawl_policy"]``; requests without one are checked against the
policy of the crawl the task works for (trawl.net.use_policy: robots.txt, sitemaps), else
the worker's default (internal addresses refused unless TRAWL_ALLOW_PRIVATE). The host is
resolved once, every address checked, and the request sent to the first address itself,
with the host name kept for the Host header and TLS (SNI and certificate checks): DNS
cannot answer differently between the check and the connection.
"""

from __future__ import annotations

from typing import Any

import httpx

from trawl.errors import BlockedAddress
from trawl.net._policy import CURRENT_POLICY, NetPolicy, is_ip_literal

POLICY_EXTENSION = "trawl_policy"


class GuardedTransport(httpx.AsyncHTTPTransport):
    def __init__(self, default_policy: NetPolicy | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.default_policy = default_policy or NetPolicy()
        self.refused = 0
        """Requests refused by the guard (observability)."""

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
        return await super().handle_async_request(request)
