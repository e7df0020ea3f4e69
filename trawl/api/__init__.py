"""The surfaces: the `trawl` command line, the agent and MCP protocols, the `Trawl` client.

Loading the command line takes seconds on a busy machine; a Ctrl-C meanwhile ends the
`trawl` command with one line and exit status 130, not an import traceback (its ``main``
puts Python's own handler back once loaded).
"""

from __future__ import annotations

import os
import signal
import sys
import threading

EXIT_INTERRUPTED = 130


def _interrupted_while_loading(signum: int, frame: object) -> None:
    sys.stderr.write("interrupted\n")
    sys.stderr.flush()
    os._exit(EXIT_INTERRUPTED)


def quiet_interrupts_while_loading() -> None:
    """Until ``trawl.api.cli.main`` runs, Ctrl-C exits at once with one line (not for
    ``trawl scrape``, which never loads the rest of the command line).

    Also when the process started with SIGINT ignored, as a shell's background job does
    (``trawl worker &`` in a script, a CI job started so): ``main`` puts Python's handler
    back anyway, and a worker's own handler follows, so a SIGINT while loading was the only
    one lost, and the worker it should have stopped ran on."""
    if (sys.argv[1:2] != ["scrape"] and threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) in (signal.default_int_handler,
                                                    signal.SIG_IGN)):
        signal.signal(signal.SIGINT, _interrupted_while_loading)


if os.path.basename(sys.argv[0]) == "trawl":  # the console script, nothing importing us
    quiet_interrupts_while_loading()
