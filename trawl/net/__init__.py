"""The address guard: which hosts and addresses trawl may fetch (see trawl.net._policy)."""

from trawl.net._address import address_class, embedded_ipv4
from trawl.net._policy import (
    CRAWL_HINT,
    CURRENT_POLICY,
    NetPolicy,
    check_host_entry,
    operator_policy,
    origin_of,
    resolve,
    use_policy,
)
from trawl.net._transport import POLICY_EXTENSION, GuardedTransport

__all__ = ["CRAWL_HINT", "CURRENT_POLICY", "POLICY_EXTENSION", "GuardedTransport", "NetPolicy",
           "address_class", "check_host_entry", "embedded_ipv4", "operator_policy",
           "origin_of", "resolve", "use_policy"]
