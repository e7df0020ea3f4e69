"""The surfaces: the `trawl` command line, the agent and MCP protocols, the `Trawl` client.

Loading the command line takes seconds on a busy machine; a Ctrl-C meanwhile ends the
`trawl` command with one line and exit status 130, not an import traceback, and a SIGTERM
with one line and 143 (:mod:`trawl._loading`, set first by ``trawl/__init__.py``; its
``main`` puts Python's own handlers back once loaded).
"""

from __future__ import annotations

from trawl._loading import EXIT_INTERRUPTED, quiet_interrupts_while_loading

__all__ = ["EXIT_INTERRUPTED", "quiet_interrupts_while_loading"]
