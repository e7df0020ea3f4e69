"""Running a typer app as the `trawl` executable: every failure is one line on stderr.

Click's own usage errors (a missing argument, ``--limit abc``, an unknown option or
command) are drawn by typer as a boxed panel under the usage text; here they are one line
like trawl's own errors, ``error: Invalid value for '--limit': ... (trawl list --help)``,
with click's exit status (2). Both executables' entry points use it: the full CLI
(:func:`trawl.api.cli.main`) and `trawl scrape` on its own (:mod:`trawl.api.scrape_command`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import typer

# typer vendors click; its exception classes live in typer._click (only BadParameter is
# re-exported), and typer raises those, not the click package's
from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError

EXIT_ABORTED = 1


def invoke(app: typer.Typer, args: Sequence[str] | None, prog_name: str) -> int:
    """Run ``app`` on ``args`` (None: ``sys.argv[1:]``) and return its exit status; a usage
    error is one line on stderr. Other exceptions propagate to the caller."""
    try:
        result = app(args=list(args) if args is not None else None, prog_name=prog_name,
                     standalone_mode=False)
    except NoArgsIsHelpError as exc:  # `trawl` alone: the help, as click shows it
        exc.show()
        return exc.exit_code
    except UsageError as exc:
        where = exc.ctx.command_path if exc.ctx is not None else prog_name
        _line(f"{exc.format_message()} (`{where} --help` shows the usage)")
        return exc.exit_code
    except ClickException as exc:
        _line(exc.format_message())
        return exc.exit_code
    except typer.Abort:
        _line("aborted")
        return EXIT_ABORTED
    return result if isinstance(result, int) else 0


def _line(message: str) -> None:
    sys.stderr.write("error: " + " ".join(message.split()) + "\n")
    sys.stderr.flush()


__all__ = ["invoke"]
