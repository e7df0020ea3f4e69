"""What programs calling trawl may reach: the opening an operator gives a server or agent.

The rule (SECURITY.md, "Who may reach what"): URLs the operator names on their own command
line or in Python (`trawl crawl`, `trawl scrape`, ``trawl.crawl``, ``trawl.scrape``) are
fetched wherever they point. A program calling trawl -- the HTTP API (`trawl serve`), MCP
(`trawl mcp`, and `/mcp` on `trawl serve`), the agent protocol (`trawl agent`) -- is not the
operator: the URLs it sends (start URLs, a scrape's URL, ``go()``, a webhook) pass the
address guard like any link found on a page, and reach internal addresses only where the
operator allowed that server or agent when starting it (``--allow-host NAME_OR_CIDR``,
``--allow-private``, ``TRAWL_ALLOW_HOSTS``, ``TRAWL_ALLOW_PRIVATE``). A request can close
hosts (a crawl's ``deny_hosts``), never open more: its own ``allow_private`` or an
``allow_hosts`` entry beyond the opening is refused.

:class:`Callers` is that opening, made once per server or agent from its flags; each
surface asks it before acting, so a refusal is an error of the request (``BlockedAddress``:
403 on the HTTP API, ``INVALID_ARGS`` over MCP, ``ACTION_FAILED`` over the agent protocol),
with the flags that would allow it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from trawl.errors import BlockedAddress
from trawl.model import AgentSpec, CrawlSpec
from trawl.net import NetPolicy, check_host_entry, operator_policy

SERVE = "trawl serve"
MCP = "trawl mcp"
AGENT = "trawl agent"


@dataclass(frozen=True)
class Callers:
    """The internal addresses a server's or an agent's callers may reach (besides public
    ones), as its operator allowed them."""

    command: str
    """The command serving the callers (`trawl serve`, `trawl mcp`, `trawl agent`): a
    refusal names its flags."""
    allow_private: bool = False
    """``--allow-private``: every internal address."""
    allow_hosts: tuple[str, ...] = ()
    """``--allow-host``: host names (with their subdomains) and CIDRs."""

    @classmethod
    def allowed(cls, command: str, *, allow_private: bool = False,
                allow_hosts: Sequence[str] | None = None) -> Callers:
        """From a command's flags; ConfigError on an ``--allow-host`` that is not a host name
        or a CIDR. ``TRAWL_ALLOW_PRIVATE`` / ``TRAWL_ALLOW_HOSTS`` join in :meth:`policy`."""
        hosts = tuple(dict.fromkeys(check_host_entry(h) for h in allow_hosts or ()))
        return cls(command, allow_private, hosts)

    @property
    def hint(self) -> str:
        """How the operator allows a refused host (``{host}``: that host)."""
        return (f"A program calling trawl reaches internal addresses only where the operator "
                f"allowed it: start `{self.command}` with --allow-host {{host}} (or "
                "--allow-private), or set TRAWL_ALLOW_HOSTS={host} (TRAWL_ALLOW_PRIVATE=1)")

    def policy(self) -> NetPolicy:
        """The guard for what the callers send: no origin of theirs is exempt."""
        return operator_policy(allow_private=self.allow_private, allow_hosts=self.allow_hosts,
                               hint=self.hint)

    def describe(self) -> str:
        """What the callers may reach, in a few words (`trawl serve` says it on start)."""
        policy = self.policy()
        if policy.allow_private:
            return "every address (--allow-private)"
        if policy.allow_hosts:
            return "public addresses and " + ", ".join(policy.allow_hosts)
        return ("public addresses only (internal ones need --allow-host NAME_OR_CIDR or "
                "--allow-private)")

    def confine(self, spec: CrawlSpec) -> CrawlSpec:
        """``spec`` as a crawl a program started: its start URLs and webhook are not the
        operator's (``named_by_operator`` false), and it may reach what this server's
        operator allowed (merged into the spec, so the worker, whatever its own settings,
        applies it). BlockedAddress when the request asks for more."""
        policy = self.policy()
        self._within(policy, spec.allow_private, spec.allow_hosts)
        hosts = list(dict.fromkeys([*policy.allow_hosts, *spec.allow_hosts]))
        return replace(spec, named_by_operator=False, allow_private=policy.allow_private,
                       allow_hosts=hosts)

    async def admit(self, spec: CrawlSpec) -> CrawlSpec:
        """:meth:`confine`, then its start URLs and webhook checked where they resolve now
        (before anything connects to them); BlockedAddress for the first refused."""
        confined = self.confine(spec)
        guard = replace(confined.net_policy(), hint=self.hint)
        await self.check(guard, confined.seeds, "start URL")
        if confined.webhook:
            await self.check(guard, [confined.webhook], "webhook")
        return confined

    async def admit_agent(self, spec: AgentSpec) -> AgentSpec:
        """An agent run a program asked for: like :meth:`admit`, its start URL is not the
        operator's and is checked now; it may reach what this server's operator allowed."""
        policy = self.policy()
        self._within(policy, spec.allow_private, spec.allow_hosts)
        hosts = list(dict.fromkeys([*policy.allow_hosts, *spec.allow_hosts]))
        confined = replace(spec, named_by_operator=False, allow_private=policy.allow_private,
                           allow_hosts=hosts)
        guard = operator_policy(allow_private=confined.allow_private,
                                allow_hosts=confined.allow_hosts, hint=self.hint)
        await self.check(guard, [confined.start_url], "start URL")
        return confined

    def scrape_guard(self, allow_private: bool, allow_hosts: Sequence[str]) -> NetPolicy:
        """The policy a program's scrape runs under; BlockedAddress when its options ask
        for more than the opening."""
        policy = self.policy()
        self._within(policy, allow_private, allow_hosts)
        return policy

    @staticmethod
    async def check(policy: NetPolicy, urls: Iterable[str], what: str) -> None:
        for url in urls:
            try:
                await policy.resolve_checked(url)
            except BlockedAddress as exc:
                raise BlockedAddress(f"{what} {url} refused: {exc}") from None

    def _within(self, policy: NetPolicy, allow_private: bool,
                allow_hosts: Sequence[str]) -> None:
        beyond = policy.uncovered(allow_private, allow_hosts)
        if beyond:
            shown = ", ".join("allow_private" if b == "allow_private" else f"allow_hosts {b}"
                              for b in beyond)
            raise BlockedAddress(
                f"{shown}: refused, a request cannot allow more than the operator of "
                f"`{self.command}` did. " + self.hint.replace("{host}", _example(beyond)))


def _example(beyond: Sequence[str]) -> str:
    hosts = [b for b in beyond if b != "allow_private"]
    return hosts[0] if hosts else "HOST"


__all__ = ["AGENT", "MCP", "SERVE", "Callers"]
