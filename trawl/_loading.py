"""The `trawl` command's first signal handlers: a Ctrl-C or a SIGTERM while the command
line loads ends it with one line (exit 130 / 143), not an import traceback or a silent
death by signal. Imported first thing by ``trawl/__init__.py`` (what the console script
imports first), so the window before them is the interpreter's own start; the command
line's ``main`` puts Python's own handlers back once loaded.

Imports only ``os``, ``sys`` (loaded with the interpreter) and ``signal`` (built in): it
runs before anything else.
"""

from __future__ import annotations

import os
import signal
import sys

EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143
"""128 + SIGTERM, as a shell reports a process a SIGTERM ended."""


def _interrupted_while_loading(signum: int, frame: object) -> None:
    sys.stderr.write("interrupted\n")
    sys.stderr.flush()
    os._exit(EXIT_INTERRUPTED)


def _terminated_while_loading(signum: int, frame: object) -> None:
    sys.stderr.write("terminated\n")
    sys.stderr.flush()
    os._exit(EXIT_TERMINATED)


def quiet_interrupts_while_loading() -> None:
    """Until ``trawl.api.cli.main`` runs, Ctrl-C exits at once with one line, and so does a
    SIGTERM (a service manager stopping a `trawl worker` that is still starting: it died by
    the signal, saying nothing). Not for ``trawl scrape``, which never loads the rest of
    the command line.

    Also when the process started with SIGINT ignored, as a shell's background job does
    (``trawl worker &`` in a script, a CI job started so): ``main`` puts Python's handler
    back anyway, and a worker's own handler follows, so a SIGINT while loading was the only
    one lost, and the worker it should have stopped ran on. A SIGTERM ignored at start stays
    ignored (whoever started it meant so)."""
    if sys.argv[1:2] == ["scrape"]:
        return
    try:  # (ValueError: not the main thread, which alone sets handlers)
        if signal.getsignal(signal.SIGINT) in (signal.default_int_handler, signal.SIG_IGN):
            signal.signal(signal.SIGINT, _interrupted_while_loading)
        if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
            signal.signal(signal.SIGTERM, _terminated_while_loading)
    except ValueError:
        pass


def loaded() -> None:
    """The command line is loaded: Python's own handlers again (``main`` handles a
    KeyboardInterrupt; a SIGTERM ends the process as before, unless a command sets its
    own)."""
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        if signal.getsignal(signal.SIGTERM) is _terminated_while_loading:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
    except ValueError:  # not the main thread
        pass


def console_script() -> bool:
    """Whether this process is the `trawl` console script (nothing else importing trawl).
    Not a process the worker spawned (its extraction processes: multiprocessing gives them
    its ``sys.argv`` and imports the script again): they leave signals to the worker, and
    a service manager's SIGTERM to them all printed "terminated" once for each."""
    return os.path.basename(sys.argv[0]) == "trawl" and \
        "--multiprocessing-fork" not in getattr(sys, "orig_argv", ())
