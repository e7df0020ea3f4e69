"""Which IP addresses a crawler must not reach unless told to: the address classes.

The stdlib's ``ipaddress`` knows most ranges; the forms that carry an IPv4 address inside
an IPv6 one (mapped ``::ffff:a.b.c.d``, compatible ``::a.b.c.d``, 6to4 ``2002::/16``,
NAT64 ``64:ff9b::/96``, Teredo) are unwrapped first, so ``::ffff:127.0.0.1`` is loopback
like ``127.0.0.1``.
"""

from __future__ import annotations

import ipaddress
from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network

IPAddress = IPv4Address | IPv6Address

CGNAT = IPv4Network("100.64.0.0/10")
NAT64 = IPv6Network("64:ff9b::/96")
NAT64_LOCAL = IPv6Network("64:ff9b:1::/48")
SIX_TO_FOUR = IPv6Network("2002::/16")
BENCHMARKING = IPv4Network("198.18.0.0/15")


def embedded_ipv4(ip: IPv6Address) -> IPv4Address | None:
    """The IPv4 address an IPv6 address stands for (mapped, compatible, 6to4, NAT64,
    Teredo's client), if any."""
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip.teredo is not None:
        return ip.teredo[1]
    packed = ip.packed
    if ip in NAT64 or ip in NAT64_LOCAL:
        return IPv4Address(packed[-4:])
    if packed[:12] == bytes(12) and packed[12:] not in (bytes(4), b"\0\0\0\1"):
        return IPv4Address(packed[-4:])  # IPv4-compatible ::a.b.c.d (deprecated)
    return None


def address_class(ip: IPAddress | str) -> str | None:
    """Why an address is internal (loopback, private, link_local, cgnat, unique_local,
    multicast, unspecified, reserved), or None for a public address."""
    if isinstance(ip, str):
        ip = ipaddress.ip_address(ip.strip("[]"))
    if isinstance(ip, IPv6Address):
        inner = embedded_ipv4(ip)
        if inner is not None:
            return address_class(inner)
        if ip in IPv6Network("fc00::/7"):
            return "unique_local"
    if ip.is_unspecified:
        return "unspecified"
    if ip.is_loopback:
        return "loopback"
    if ip.is_link_local:
        return "link_local"  # 169.254/16 (cloud metadata), fe80::/10
    if ip.is_multicast:
        return "multicast"
    if isinstance(ip, IPv4Address) and ip in CGNAT:
        return "cgnat"
    if isinstance(ip, IPv4Address) and ip in BENCHMARKING:
        return "reserved"
    if ip.is_private:
        return "private"  # RFC 1918, and the other non-global ranges the stdlib lists
    if ip.is_reserved or not ip.is_global:
        return "reserved"
    return None
