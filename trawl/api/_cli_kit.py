"""What every `trawl` command shares: the consoles, exit codes, one-line failures, the
runner of a command's coroutine, the -v/-q verbosity and the JSON and table printers.

The command modules (:mod:`trawl.api.cli`, :mod:`trawl.api.service_commands`) import it;
it imports none of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import signal
import sys
import threading
from collections.abc import Coroutine, Iterable, Iterator, Mapping
from datetime import date, datetime
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from temporalio.service import RPCError

from trawl.errors import SettingsError, TrawlError

out = Console(highlight=False, soft_wrap=True)  # never break a URL across lines
err = Console(stderr=True, highlight=False)
T = TypeVar("T")
PROGRESS_POLL_S = 0.5
EXIT_ERROR = 1
EXIT_USAGE = 2
"""Bad settings (TRAWL_*), like click's bad options."""
EXIT_INTERRUPTED = 130
_interrupt_said = False
"""Whether a Ctrl-C was reported with a line (see :func:`say_interrupted`)."""
_verbosity = 0
"""-q: -1, default 0, -v: 1, -vv: 2 (see :func:`log_level`); set by the app's callback."""
JsonOption = Annotated[bool, typer.Option(
    "--json", help="Machine-readable output: JSON (lists: one object per line).")]
MAX_ROWS = 1_000_000
"""The most rows `trawl list` / `trawl pages` print at once (--limit)."""
MAX_SEQ = 2**63 - 1
"""The largest event seq (a Postgres bigint)."""


def fail(message: str, code: int = EXIT_ERROR) -> typer.Exit:
    err.print(f"[red]error:[/red] {escape(message)}", soft_wrap=True)  # [x] in it is text
    return typer.Exit(code)


def say_interrupted(line: str = "interrupted") -> typer.Exit:
    """One line for a Ctrl-C; returns the exit (130) to raise. The app's ``main`` says
    "interrupted" for an exit 130 nobody reported: typer makes a KeyboardInterrupt that
    leaves a command a silent exit 130 (`trawl serve` or `trawl mcp` interrupted while
    they load what they serve)."""
    global _interrupt_said
    _interrupt_said = True
    err.print(line, soft_wrap=True)
    return typer.Exit(EXIT_INTERRUPTED)


def interrupt_said() -> bool:
    return _interrupt_said


def exit_code(exc: TrawlError) -> int:
    return EXIT_USAGE if isinstance(exc, SettingsError) else EXIT_ERROR


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run a command's coroutine; expected failures become one-line errors."""
    try:
        return asyncio.run(coro)
    except TrawlError as exc:
        raise fail(str(exc), exit_code(exc)) from None
    except RPCError as exc:  # Temporal answered, but not as a ready server does
        raise fail(f"Temporal refused the request: {exc.message or exc.status}. Embedded "
                   "server: `trawl down`, then run this again; a server of your own: check "
                   "it and TRAWL_TEMPORAL_ADDRESS") from None
    except KeyboardInterrupt:  # typer made it a silent exit 130 (`trawl serve`, ...)
        raise say_interrupted() from None


INTERRUPT_GRACE_S = 5.0
"""How long a command interrupted by Ctrl-C may take to end (see :func:`interrupt_bounded`)."""


@contextlib.contextmanager
def interrupt_bounded(what: str, grace_s: float = INTERRUPT_GRACE_S) -> Iterator[None]:
    """A Ctrl-C meanwhile is Python's own (a KeyboardInterrupt, the command's cleanup), and
    arms a watchdog: if the process has not ended ``grace_s`` later, or at a second Ctrl-C,
    it ends with one line and exit 130. `trawl mcp` on a terminal never ended on Ctrl-C:
    the MCP SDK's stdio transport waits for its stdin reader, a thread blocked in read()
    until stdin closes (3 of 4 probes at 7-14 s; the 4th came while it still started)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    from trawl.worker.stopping import exit_now

    previous = signal.getsignal(signal.SIGINT)
    armed: list[threading.Timer] = []

    def force(line: str) -> None:
        sys.stderr.write(f"interrupted: {line}\n")
        sys.stderr.flush()
        exit_now(EXIT_INTERRUPTED)

    def on_sigint(signum: int, frame: Any) -> None:
        if armed:
            force(f"again: ended {what} without waiting for it to stop")
        watchdog = threading.Timer(grace_s, force, (
            f"{what} did not stop within {grace_s:g} s; ended it without waiting further",))
        watchdog.daemon = True
        armed.append(watchdog)
        watchdog.start()
        if callable(previous) and previous is not on_sigint:
            previous(signum, frame)
        else:
            raise KeyboardInterrupt

    signal.signal(signal.SIGINT, on_sigint)
    try:
        yield
    except KeyboardInterrupt:  # typer made it a silent exit 130
        raise say_interrupted(f"interrupted: {what} stopped") from None
    finally:
        with contextlib.suppress(ValueError, TypeError):
            signal.signal(signal.SIGINT, previous)


def log_level(default: int = logging.WARNING) -> int:
    """The log level -v/-q ask for (``default`` without either)."""
    if _verbosity < 0:
        return logging.ERROR
    return {0: default, 1: min(default, logging.INFO)}.get(_verbosity, logging.DEBUG)


def _json_default(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    return str(value)  # Decimal ranks, paths, UUIDs


def print_json(value: Any) -> None:
    """One JSON document on one line of stdout (plain: no colour, no wrapping)."""
    sys.stdout.write(json.dumps(value, default=_json_default, ensure_ascii=False) + "\n")


def print_json_lines(rows: Iterable[Mapping[str, Any]]) -> None:
    for row in rows:
        print_json(dict(row))


def print_table(table: Table) -> None:
    """A table on a terminal; piped or redirected, its rows as tab-separated lines (header
    first when it has one), never cut to a width."""
    if out.is_terminal:
        out.print(table)
        return
    lines = []
    if table.show_header:
        lines.append([str(column.header) for column in table.columns])
    cells = [[str(c) for c in column.cells] for column in table.columns]
    lines += [list(row) for row in zip(*cells, strict=True)]
    for line in lines:
        sys.stdout.write("\t".join(" ".join(c.split()) for c in line) + "\n")


def seeds_cell(seeds: list[str]) -> str:
    """A crawl's start URLs in a table cell: the first and how many more (a 200-site crawl
    is one readable line; ``--json`` lists them all)."""
    if len(seeds) <= 1:
        return seeds[0] if seeds else ""
    return f"{seeds[0]} +{len(seeds) - 1} more"


def set_verbosity(level: int) -> None:
    """Record -v/-q (-1 quiet, 0 default, 1 info, 2 debug) for :func:`log_level`."""
    global _verbosity
    _verbosity = level


def verbosity() -> int:
    """What -v/-q asked for (see :func:`set_verbosity`)."""
    return _verbosity
