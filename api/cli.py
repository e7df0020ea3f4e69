"""The `trawl` command line."""

from __future__ import annotations

import typer

from api import agent_commands

app = typer.Typer(no_args_is_help=True, add_completion=False,
                  help="trawl: a durable knowledge-extraction crawler.")
agent_commands.register(app)


def main() -> None:
    app()
