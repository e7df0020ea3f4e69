"""`trawl agent` and `trawl mcp` commands (registered onto the main CLI app)."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from trawl.api._cli_kit import interrupt_bounded
from trawl.api.agent_runs_commands import register_runs

if TYPE_CHECKING:
    from trawl.api.callers import Callers

AllowHostOption = Annotated[list[str] | None, typer.Option(
    "--allow-host", metavar="NAME_OR_CIDR",
    help="Let callers reach this host (with its subdomains) or network even at an internal "
         "address, e.g. localhost or 10.20.0.0/16 (repeatable; also TRAWL_ALLOW_HOSTS).")]
AllowPrivateOption = Annotated[bool, typer.Option(
    "--allow-private",
    help="Let callers reach every internal address (loopback, private networks, cloud "
         "metadata; also TRAWL_ALLOW_PRIVATE=1). Prefer --allow-host.")]


def _has_display() -> bool:
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _check_webhook(url: str | None) -> None:
    """One line and exit 2 for a webhook URL that is not http(s), before a browser starts."""
    from trawl.errors import ConfigError
    from trawl.urls import check_webhook_url

    if url is not None:
        try:
            check_webhook_url(url)
        except ConfigError as exc:
            raise _usage_error(str(exc)) from None


def _usage_error(message: str) -> typer.Exit:
    print(f"error: {message}", file=sys.stderr)
    return typer.Exit(2)


def _check_browser(name: str) -> None:
    """One line and exit 2 for a --browser trawl does not know, before anything starts."""
    from trawl.browser.session import BROWSERS

    if name.lower() not in BROWSERS:
        raise _usage_error(f"--browser must be one of {', '.join(BROWSERS)}, not {name!r}")


def _log_file(path: str | None) -> str | None:
    """The --log file, opened once to be sure it can be written (the path as the kernel
    resolves it: ``a/../b`` only when ``a`` exists); one line and exit 2 otherwise."""
    if path is None:
        return None
    if not path.strip():
        raise _usage_error("--log takes a file to write the logs to")
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise _usage_error(f"cannot write the log file {path}: {exc.strerror or exc}") \
            from None
    return os.path.realpath(path)


def callers_of(command: str, allow_private: bool, allow_host: list[str] | None) -> Callers:
    """What ``command``'s callers may reach, from its flags; one line and exit 2 for an
    --allow-host that is not a host name or a CIDR."""
    from trawl.api.callers import Callers
    from trawl.errors import ConfigError

    try:
        return Callers.allowed(command, allow_private=allow_private, allow_hosts=allow_host)
    except ConfigError as exc:
        raise _usage_error(str(exc)) from None


def register(app: typer.Typer) -> None:
    """Add the agent-facing commands to ``app``."""
    agent_app = typer.Typer(no_args_is_help=False, add_completion=False)
    app.add_typer(agent_app, name="agent")
    register_runs(agent_app)

    @agent_app.callback(invoke_without_command=True)
    def agent(
        ctx: typer.Context,
        headless: bool = typer.Option(False, "--headless",
                                      help="Run the browser without a window."),
        sidebar: bool = typer.Option(False, "--sidebar",
                                     help="Show the command panel in the page (headed)."),
        browser: str = typer.Option("chromium", "--browser",
                                    help="chromium (default), chrome, firefox or webkit."),
        log: str | None = typer.Option(None, "--log", help="Write debug logs to this file."),
        webhook: str | None = typer.Option(
            None, "--webhook", metavar="URL",
            help="POST the session's browser events here (page_navigation, "
                 "page_load_complete, action_completed, action_error, browser_error), "
                 "signed like crawl webhooks (default: TRAWL_AGENT_WEBHOOK)."),
        allow_host: AllowHostOption = None,
        allow_private: AllowPrivateOption = False,
    ) -> None:
        """Drive a browser over stdio: one JSON request per line (the agent protocol).

        Send {"command":"eval","payload":"agent.look()"}; read
        {"command":"result","payload":{...}}. Close stdin to quit. go() opens public
        addresses; internal ones (localhost, private networks) only where --allow-host or
        --allow-private allows them. `trawl agent run TASK --start URL` runs a durable agent
        with a model instead (see its --help).
        """
        if ctx.invoked_subcommand is not None:
            return
        from trawl.api.callers import AGENT

        callers = callers_of(AGENT, allow_private, allow_host)
        log = _log_file(log)  # an unknown --browser is the protocol's first answer
        _check_webhook(webhook)
        if not headless and not _has_display():
            print("trawl agent: no display found; running headless (handoffs print a "
                  "Resume URL on stderr)", file=sys.stderr)
            headless = True
        from trawl.api.agent import main  # the browser session: after the flags are checked

        raise typer.Exit(main(headless=headless, sidebar=sidebar, browser=browser,
                              log_file=log, webhook=webhook, callers=callers))

    @app.command("mcp")
    def mcp(
        headed: bool = typer.Option(False, "--headed", help="Show the browser window."),
        sidebar: bool = typer.Option(False, "--sidebar",
                                     help="Show the command panel (implies --headed)."),
        browser: str = typer.Option("chromium", "--browser",
                                    help="chromium (default), chrome, firefox or webkit."),
        webhook: str | None = typer.Option(
            None, "--webhook", metavar="URL",
            help="POST the session's browser events here (default: TRAWL_AGENT_WEBHOOK)."),
        allow_host: AllowHostOption = None,
        allow_private: AllowPrivateOption = False,
    ) -> None:
        """Serve the browser session and crawl tools over MCP (stdio transport). go() and
        start_crawl reach public addresses; internal ones only where --allow-host or
        --allow-private allows them."""
        from trawl.api.callers import MCP

        callers = callers_of(MCP, allow_private, allow_host)
        _check_browser(browser)
        _check_webhook(webhook)
        from trawl.api.mcp_server import run  # the MCP SDK: after the flags are checked

        with interrupt_bounded("the MCP server"):
            run(headless=not (headed or sidebar), sidebar=sidebar, browser=browser,
                webhook=webhook, callers=callers)
