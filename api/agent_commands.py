"""`trawl agent` and `trawl mcp` commands (registered onto the main CLI app)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the agent-facing commands to ``app``."""
