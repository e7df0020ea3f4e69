"""`trawl agent run|show|list`: durable browser agent runs (trawl.api.agents)."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console

from trawl.model import DEFAULT_AGENT_MAX_STEPS, DEFAULT_AGENT_MAX_TOKENS

T = TypeVar("T")
FINAL = ("completed", "gave_up", "step_budget", "token_budget", "failed", "cancelled")
POLL_S = 1.0
_out = Console(highlight=False, soft_wrap=True)
_err = Console(stderr=True, highlight=False, soft_wrap=True)


def _run(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro``; a TrawlError is one line on stderr and exit status 1."""
    from trawl.errors import TrawlError

    try:
        return asyncio.run(coro)
    except TrawlError as exc:
        _err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(1) from None
    except KeyboardInterrupt:
        raise typer.Exit(130) from None


def register_runs(agent_app: typer.Typer) -> None:
    agent_app.command("run")(run_command)
    agent_app.command("show")(show_command)
    agent_app.command("list")(list_command)


def run_command(
    task: Annotated[str, typer.Argument(help="What the agent should do, in words.")],
    start: Annotated[str, typer.Option("--start", metavar="URL",
                                       help="Where the browser starts.")],
    model: Annotated[str | None, typer.Option(
        metavar="PROVIDER:NAME", help="openai:NAME, anthropic:NAME or ollama:NAME "
                                      "(default TRAWL_MODEL).")] = None,
    max_steps: Annotated[int, typer.Option(
        help="Model turns and tool calls before the run ends (step_budget).")
    ] = DEFAULT_AGENT_MAX_STEPS,
    max_tokens: Annotated[int, typer.Option(
        help="Model tokens before the run ends (token_budget).")
    ] = DEFAULT_AGENT_MAX_TOKENS,
    allow_destructive: Annotated[bool, typer.Option(
        "--allow-destructive", help="Let the agent press delete/buy/pay/... without "
                                    "asking a person first.")] = False,
    allow_host: Annotated[list[str] | None, typer.Option(
        "--allow-host", metavar="NAME_OR_CIDR",
        help="Let the browser reach this host (with its subdomains) or network even at an "
             "internal address, beyond the start URL's origin (repeatable; also "
             "TRAWL_ALLOW_HOSTS).")] = None,
    allow_private: Annotated[bool, typer.Option(
        "--allow-private", help="Let the browser reach internal addresses beyond the "
                                "start URL's origin.")] = False,
    detach: Annotated[bool, typer.Option(help="Start the run and return its id.")
                      ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Run a durable browser agent: a model calls look/act/go/wait/extract, asks a
    person with handoff (`trawl resume RUN`), finishes with done. Every step is stored
    (`trawl agent show RUN`)."""
    from trawl.api import agents
    from trawl.api.crawls import Trawl
    from trawl.net import check_host_entry

    async def go() -> dict[str, Any]:
        spec = agents.agent_spec(task, start, model=model, max_steps=max_steps,
                                 max_tokens=max_tokens,
                                 allow_destructive=allow_destructive,
                                 allow_private=allow_private,
                                 allow_hosts=[check_host_entry(h) for h in allow_host or ()])
        async with await Trawl.connect() as trawl:
            started = await agents.start_agent(trawl, spec)
            if not as_json:
                _out.print(f"agent run [bold]{started.run_id}[/bold] started "
                           f"(workflow {started.workflow_id})\n  web UI: {started.ui_url}"
                           f"\n  steps:  trawl agent show {started.run_id}")
            if detach:
                return started.as_dict()
            return await _follow(trawl, started.run_id, show=not as_json)

    final = _run(go())
    if as_json:
        print(json.dumps(final, default=str))
    elif not detach:
        _out.print(f"agent run {final['id']} {final['status']}: "
                   f"{(final.get('result') or {}).get('answer') or final.get('error') or ''}"
                   f"\n  {final['steps']} steps, {final['model_tokens']} model tokens")
    if not detach and final.get("status") not in ("completed",):
        raise typer.Exit(1)

def show_command(
    run_id: Annotated[str, typer.Argument(help="Agent run id or workflow id.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    screenshot: Annotated[int | None, typer.Option(
        metavar="SEQ", help="Write step SEQ's screenshot to --output.")] = None,
    output: Annotated[Path | None, typer.Option("--output", "-o")] = None,
) -> None:
    """A run's status and every step (tool, arguments, result, tokens)."""
    from trawl.api import agents
    from trawl.api.crawls import Trawl

    async def go() -> Any:
        async with await Trawl.connect(temporal=False) as trawl:
            if screenshot is not None:
                return await agents.screenshot(trawl, run_id, screenshot)
            return await agents.show(trawl, run_id)

    if screenshot is not None and output is None:
        _err.print("[red]error:[/red] --screenshot SEQ writes a PNG: give -o FILE")
        raise typer.Exit(1)
    found = _run(go())
    if screenshot is not None:
        if found is None:
            _err.print(f"[red]error:[/red] step {screenshot} has no screenshot")
            raise typer.Exit(1)
        assert output is not None
        output.write_bytes(found)
        return
    if as_json:
        print(json.dumps(found, default=str))
        return
    _print_run(found)

def list_command(limit: Annotated[int, typer.Option(help="How many, newest first.")] = 20
              ) -> None:
    """Agent runs, newest first."""
    from trawl.api import agents
    from trawl.api.crawls import Trawl

    async def go() -> list[dict[str, Any]]:
        async with await Trawl.connect(temporal=False) as trawl:
            return await agents.list_runs(trawl, limit)

    for row in _run(go()):
        _out.print(f"{row['id']}  {row['status']:<12} {row['steps']:>4} steps  "
                   f"{row['model_tokens']:>8} tokens  {row['task'][:60]}", markup=False)


async def _follow(trawl: Any, run_id: str, show: bool) -> dict[str, Any]:
    """Print each step as it is recorded until the run ends (Ctrl-C detaches)."""
    from trawl.api import agents

    printed = 0
    started = time.monotonic()
    while True:
        row = await agents.show(trawl, run_id)
        for step in row["steps"][printed:]:
            if show:
                _out.print(f"  {step['seq']:>3}. {step['kind']:<4} {step['summary'] or ''}",
                           markup=False)
        printed = len(row["steps"])
        if row["status"] in FINAL:
            return row
        if row["status"] == "handoff" and show and printed and sys.stderr.isatty():
            _err.print(f"waiting for a person: {row['handoff']} -- `trawl resume {run_id} "
                       "--note ...` when done", markup=False)
        await asyncio.sleep(POLL_S if time.monotonic() - started > 2 else 0.3)


def _print_run(row: dict[str, Any]) -> None:
    _out.print(f"agent run {row['id']}: {row['status']}", markup=False)
    for key in ("task", "start_url", "model", "steps", "model_tokens", "last_url", "handoff",
                "error", "result", "created_at", "finished_at"):
        if row.get(key) not in (None, ""):
            _out.print(f"  {key}: {row[key]}", markup=False)
    for step in row.get("steps", []):
        mark = "" if step["ok"] in (None, True) else " [failed]"
        _out.print(f"  {step['seq']:>3}. {step['kind']:<4} {step['summary'] or ''}{mark}",
                   markup=False)
