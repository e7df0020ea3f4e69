"""How a worker process stops on SIGINT (Ctrl-C) or SIGTERM, whenever one comes.

Before it polls (its schema upgrade, its Temporal connection, its extraction processes
starting: seconds on a busy machine), a signal cancels the start. While it polls, the
Temporal worker shuts down: activities are cancelled, the pollers stop, its resources are
closed. Either way, a watchdog thread armed by the first signal ends the process if it has
not ended ``grace_s`` later, as a second signal does at once, with one line that says so:
whatever the stop waits on (an activity that ignores its cancellation, a thread the event
loop's executor joins at exit, a process the extraction pool joins), a stop is bounded.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import threading
from collections.abc import Awaitable, Callable

STOP_GRACE_S = 15.0
"""How long a stopping worker may take before it is ended without waiting further: its
stop takes under 2 s on a machine at load 5 (its activities are cancelled at once); within
the supervisor's STOP_TIMEOUT_S, so that the worker's own line says what happened."""
EXIT_FORCED: dict[int, int] = {signal.SIGINT: 130, signal.SIGTERM: 143}
"""Exit status of a forced stop, by the first signal (128 + its number, as a shell says)."""
WORDS: dict[int, str] = {signal.SIGINT: "interrupted", signal.SIGTERM: "terminated"}


def exit_now(code: int) -> None:
    """The process ends here: multiprocessing's exit finalizers run first (the extraction
    pool's semaphores unlinked, or its resource tracker warns of leaked ones), nothing
    else is waited for; the extraction processes die with the worker."""
    mp_util = sys.modules.get("multiprocessing.util")
    if mp_util is not None:
        with contextlib.suppress(Exception):
            mp_util._run_finalizers(0)  # type: ignore[attr-defined]
    with contextlib.suppress(Exception):
        sys.stdout.flush()
    os._exit(code)


class Stopping:
    """The worker's SIGINT and SIGTERM handlers (see the module docstring).

    ``install`` from the coroutine whose start a signal cancels; ``polling`` once the
    worker polls (from then a signal sets ``stop`` instead); ``signals`` are those seen."""

    def __init__(self, grace_s: float = STOP_GRACE_S,
                 exit_now: Callable[[int], None] = exit_now) -> None:
        self.grace_s = grace_s
        self.signals: list[int] = []
        self.stop = asyncio.Event()
        self._exit_now = exit_now
        self._task: asyncio.Task[object] | None = None
        self._polling = False
        self._cancelled = False
        self._watchdog: threading.Timer | None = None

    def install(self, signals: tuple[int, ...] = (signal.SIGINT, signal.SIGTERM)) -> None:
        """Handle ``signals`` from now on; a signal before ``polling`` cancels the current
        task."""
        loop = asyncio.get_running_loop()
        self._task = asyncio.current_task()
        for sig in signals:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(sig, self.on_signal, sig)

    def polling(self) -> None:
        """The worker polls: a signal now stops it gracefully (or one came while it
        started, and it stops at once)."""
        self._polling = True
        if self.signals:
            self.stop.set()

    def on_signal(self, sig: int) -> None:
        self.signals.append(sig)
        if len(self.signals) > 1:
            self.force(f"{WORDS.get(sig, 'signalled')} again: ended the worker without "
                       "waiting for it to stop")
            return
        self._watchdog = threading.Timer(self.grace_s, self.force, (
            f"{self.word}: the worker did not stop within {self.grace_s:g} s; ended it "
            "without waiting further",))
        self._watchdog.daemon = True
        self._watchdog.start()
        if self._polling:
            self.stop.set()
        elif self._task is not None:
            self._cancelled = self._task.cancel()  # still starting: nothing to finish

    def cancelled_by_signal(self) -> bool:
        """Whether the CancelledError being handled is the one a signal sent (it is then
        taken back, and the coroutine returns the signal)."""
        if not self._cancelled or self._task is None:
            return False
        return self._task.uncancel() == 0

    def disarm(self) -> None:
        """No forced stop after all (a test's: a worker's ends with its process)."""
        if self._watchdog is not None:
            self._watchdog.cancel()

    def force(self, line: str) -> None:
        self.disarm()
        sys.stderr.write(line + "\n")
        with contextlib.suppress(Exception):
            sys.stderr.flush()
        self._exit_now(EXIT_FORCED.get(self.signals[0], 1) if self.signals else 1)

    @property
    def word(self) -> str:
        return WORDS.get(self.signals[0], "signalled") if self.signals else "stopped"

    @property
    def first(self) -> int | None:
        return self.signals[0] if self.signals else None


async def until_stopped(run: Callable[[Stopping], Awaitable[object]],
                        stopping: Stopping | None = None) -> int | None:
    """Install a :class:`Stopping` first (unless ``stopping``, installed, is given), then
    ``run(stopping)`` (which starts what it needs, then a worker with it); returns the
    signal that stopped it, None if it ended by itself."""
    if stopping is None:
        stopping = Stopping()
        stopping.install()
    try:
        await run(stopping)
    except asyncio.CancelledError:
        if not stopping.cancelled_by_signal():
            raise
    return stopping.first
