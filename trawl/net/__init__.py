"""The address guard: which hosts and addresses trawl may fetch (see trawl.net._policy)."""

from trawl.net._address import address_class, embedded_ipv4
from trawl.net._policy import CURRENT_POLICY, NetPolicy, origin_of, resolve, use_policy
from trawl.net._transport import POLICY_EXTENSION, GuardedTransport

__all__ = ["CURRENT_POLICY", "POLICY_EXTENSION", "GuardedTransport", "NetPolicy",
           "address_class", "embedded_ipv4", "origin_of", "resolve", "use_policy"]
