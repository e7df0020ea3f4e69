"""The address guard: what a crawl (or an agent) may fetch, checked on the address used.

A URL passes when its scheme is http(s), its host is not denied, and every address its
host resolves to is public — or internal but allowed: an origin the operator named (a
crawl's start URLs on the command line or in Python, the URL given to ``trawl scrape``),
a host or CIDR on the allow list, or everything internal with ``allow_private``. The check
runs on the resolved addresses, and the HTTP client then connects to the address that was
checked (see trawl.net._transport), so a name that resolves differently a moment later
(DNS rebinding) cannot slip through.

Who may widen what is SECURITY.md's rule: the operator's own commands name URLs that are
allowed wherever they point; programs calling trawl (the HTTP API, MCP, the agent
protocol) get exactly what the operator allowed when starting that server or agent
(``--allow-host``, ``--allow-private``, ``TRAWL_ALLOW_HOSTS``, ``TRAWL_ALLOW_PRIVATE``).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
from collections.abc import Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from trawl.config import get_settings, host_entry
from trawl.errors import BlockedAddress, ConfigError
from trawl.net._address import IPAddress, address_class

ALLOWED_SCHEMES = ("http", "https")
DEFAULT_PORTS = {"http": 80, "https": 443}
CRAWL_HINT = ("Internal addresses are fetched only for the crawl's own start URLs, hosts "
              "given with --allow-host, or with --allow-private")
"""How to allow a refused address, for a crawl (``{host}``: the host refused)."""


def origin_of(url: str) -> str:
    """scheme://host:port, with the default port made explicit."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    port = parts.port or DEFAULT_PORTS.get(scheme, 0)
    return f"{scheme}://{(parts.hostname or '').lower()}:{port}"


@dataclass(frozen=True)
class NetPolicy:
    """What may be fetched. Frozen and small: it travels with each request."""

    allowed_origins: frozenset[str] = frozenset()
    """Origins (scheme://host:port) allowed whatever their address: the start URLs'."""
    allow_private: bool = False
    """Every internal address allowed (``--allow-private``, ``TRAWL_ALLOW_PRIVATE``)."""
    allow_hosts: tuple[str, ...] = ()
    """Host names (and their subdomains) or CIDRs allowed even when internal."""
    deny_hosts: tuple[str, ...] = ()
    """Host names (and their subdomains) never fetched, whatever their address."""
    hint: str = field(default=CRAWL_HINT, compare=False)
    """How to allow a refused internal address, ending the refusal's message: it names the
    flags of the command that set this policy up (``{host}`` is the host refused)."""
    _networks: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = field(
        default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        networks = []
        for entry in self.allow_hosts:
            try:
                networks.append(ipaddress.ip_network(entry, strict=False))
            except ValueError:
                continue  # a host name
        object.__setattr__(self, "_networks", tuple(networks))

    def check_url(self, url: str) -> str:
        """Refuse a URL by its scheme and host name alone; returns its host."""
        parts = urlsplit(url)
        if parts.scheme.lower() not in ALLOWED_SCHEMES:
            raise BlockedAddress(f"{parts.scheme or 'no'} scheme refused: only http(s) "
                                 f"URLs are fetched ({url[:200]})")
        host = (parts.hostname or "").lower()
        if not host:
            raise BlockedAddress(f"no host in {url[:200]}")
        if _matches(host, self.deny_hosts):
            raise BlockedAddress(f"{host} is on the deny list")
        return host

    def check_address(self, url: str, host: str, ip: IPAddress | str) -> None:
        """Refuse ``ip`` (an address ``host`` resolved to) unless it is public or allowed."""
        why = address_class(ip)
        if why is None or self.allow_private or origin_of(url) in self.allowed_origins:
            return
        if _matches(host, self.allow_hosts):
            return
        address = ipaddress.ip_address(str(ip).strip("[]"))
        if any(address in net for net in self._networks if net.version == address.version):
            return
        raise BlockedAddress(f"{host} is a {why.replace('_', '-')} address ({ip}): refused. "
                             + self.hint.replace("{host}", host))

    def uncovered(self, allow_private: bool, allow_hosts: Sequence[str]) -> list[str]:
        """What of ``allow_private`` and ``allow_hosts`` (a request's own opening) this
        policy does not already allow: a program may narrow what its operator allowed,
        never widen it. Empty when all of it is covered."""
        if self.allow_private:
            return []
        beyond = ["allow_private"] if allow_private else []
        for entry in allow_hosts:
            try:
                wanted = ipaddress.ip_network(entry.strip(), strict=False)
            except ValueError:
                if not _matches(entry.strip().lower().rstrip("."), self.allow_hosts):
                    beyond.append(entry)
                continue
            if not any(wanted.version == net.version and wanted.subnet_of(net)  # type: ignore[arg-type]
                       for net in self._networks):
                beyond.append(entry)
        return beyond

    async def resolve_checked(self, url: str) -> tuple[str, list[str]]:
        """(host, its addresses), every one checked; BlockedAddress when one is refused."""
        host = self.check_url(url)
        addresses = await resolve(host)
        for ip in addresses:
            self.check_address(url, host, ip)
        return host, addresses


def operator_policy(*, allowed_origins: frozenset[str] = frozenset(),
                    allow_private: bool = False, allow_hosts: Sequence[str] = (),
                    deny_hosts: Sequence[str] = (), hint: str = CRAWL_HINT) -> NetPolicy:
    """A policy widened by what this process's operator allowed for everything it runs:
    ``TRAWL_ALLOW_PRIVATE`` and ``TRAWL_ALLOW_HOSTS``."""
    settings = get_settings()
    hosts = tuple(dict.fromkeys([*allow_hosts, *settings.allow_hosts]))
    return NetPolicy(allowed_origins=allowed_origins,
                     allow_private=allow_private or settings.allow_private,
                     allow_hosts=hosts, deny_hosts=tuple(deny_hosts), hint=hint)


def check_host_entry(entry: str, option: str = "--allow-host") -> str:
    """``entry`` (stripped) if it is a host name or a CIDR (what ``--allow-host`` takes),
    else ConfigError naming ``option``."""
    checked = host_entry(entry)
    if checked is None:
        raise ConfigError(f"{option} takes a host name or a CIDR (e.g. wiki.corp.example, "
                          f"10.20.0.0/16), not {entry!r}")
    return checked


def _matches(host: str, names: tuple[str, ...]) -> bool:
    return any(host == name.lower() or host.endswith("." + name.lower().lstrip("."))
               for name in names)


def is_ip_literal(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


async def resolve(host: str) -> list[str]:
    """The addresses ``host`` resolves to (itself when it is an address)."""
    if is_ip_literal(host):
        return [host.strip("[]")]
    try:
        infos = await asyncio.get_running_loop().getaddrinfo(host, None,
                                                             type=socket.SOCK_STREAM)
    except OSError:
        return []  # the connection attempt reports the failure to resolve
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


CURRENT_POLICY: ContextVar[NetPolicy | None] = ContextVar("trawl_net_policy", default=None)
"""The policy of the crawl the current task works for: requests made without one of their
own (robots.txt, sitemaps) are checked against it (see trawl.net._transport)."""


@contextlib.contextmanager
def use_policy(policy: NetPolicy) -> Iterator[NetPolicy]:
    token = CURRENT_POLICY.set(policy)
    try:
        yield policy
    finally:
        CURRENT_POLICY.reset(token)
