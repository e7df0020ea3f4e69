"""`trawl agent` and `trawl mcp` commands (registered onto the main CLI app)."""

from __future__ import annotations

import os
import sys

import typer

from trawl.api.agent_runs_commands import register_runs


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
            print(f"error: {exc}", file=sys.stderr)
            raise typer.Exit(2) from None


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
    ) -> None:
        """Drive a browser over stdio: one JSON request per line (the agent protocol).

        Send {"command":"eval","payload":"agent.look()"}; read
        {"command":"result","payload":{...}}. Close stdin to quit. `trawl agent run TASK
        --start URL` runs a durable agent with a model instead (see its --help).
        """
        if ctx.invoked_subcommand is not None:
            return
        from trawl.api.agent import main

        if not headless and not _has_display():
            print("trawl agent: no display found; running headless (handoffs print a "
                  "Resume URL on stderr)", file=sys.stderr)
            headless = True
        _check_webhook(webhook)
        raise typer.Exit(main(headless=headless, sidebar=sidebar, browser=browser,
                              log_file=log, webhook=webhook))

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
    ) -> None:
        """Serve the browser session and crawl tools over MCP (stdio transport)."""
        from trawl.api.mcp_server import run

        _check_webhook(webhook)
        run(headless=not (headed or sidebar), sidebar=sidebar, browser=browser,
            webhook=webhook)
