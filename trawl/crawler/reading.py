"""Reading a page off the event loop.

Everything a page costs in CPU after it arrives — auto mode's render decision (a parse),
extraction, canonicalising its links, hashing its markdown — happens in one call in the
worker's extraction processes. The worker's event loop only moves bytes: on cheap pages it is
the bottleneck otherwise, and a parse on it stalls every other page in flight.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import gc
import hashlib
import multiprocessing
import multiprocessing.synchronize
import multiprocessing.util
import os
import signal
import sys
import threading
import time
import weakref
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from lxml.html import HtmlElement

from trawl.config import DEFAULT_EXTRACT_TIMEOUT_S
from trawl.crawler.auto import RenderDecision, decide
from trawl.errors import ConfigError
from trawl.extract import EXTRACTION_FAULT, Extraction, extract, parse_html
from trawl.model import FoundLink
from trawl.urls import Scope, canonicalize

POOL_START_TIMEOUT_S = 120.0
"""How long a worker waits for its extraction processes to start before it gives up."""
_READY_PROBE_S = 0.1
STOP_JOIN_S = 2.0
"""How long a stopping worker waits for each killed extraction process to be gone."""
PR_SET_PDEATHSIG = 1
"""prctl(2) option: the signal this process gets when its parent ends."""
PARENT_WATCH_INTERVAL_S = 1.0
ORPHAN_EXIT_CODE = 70
EXTRACTION_GC_THRESHOLD = 10_000
"""Allocations (less deallocations) between young garbage collections in an extraction
process (Python's default: 700); see :func:`prepare_process`."""


@dataclass
class AutoRules:
    """What auto mode's decision needs besides the page (see :func:`trawl.crawler.auto.decide`)."""

    browser_globs: list[str] = field(default_factory=list)
    step_globs: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Selection:
    """What of a page is its content (see :func:`trawl.extract.extract`)."""

    content: str = "main"
    include_tags: tuple[str, ...] = ()
    exclude_tags: tuple[str, ...] = ()


@dataclass
class Reading:
    """A page read: the decision (auto mode), and unless it says "browser" the extraction."""

    decision: RenderDecision | None = None
    """Auto mode's decision on the fetched HTML; None when no decision was asked for."""
    extraction: Extraction | None = None
    """None when the decision sends the page to the browser (it is read again from there).
    Its ``links`` are empty: they travel once, as ``links`` (a reading crosses a process
    boundary, and unpickling a page's links twice cost the worker more than the rest of
    the page)."""
    links: list[FoundLink] = field(default_factory=list)
    """The extraction's links, canonical, with whether the crawl's scope contains them."""
    content_hash: str | None = None
    """SHA-256 of the markdown; None for an empty page (empty pages are not duplicates)."""


def found_links(extraction: Extraction, scope: Scope) -> list[FoundLink]:
    links: list[FoundLink] = []
    # url -> (canonical url, in scope), or None when it cannot be crawled: a page links to
    # one URL under several anchor texts (extraction dedupes by both)
    seen: dict[str, tuple[str, bool] | None] = {}
    for link in extraction.links:
        url = link.url
        if url in seen:
            found = seen[url]
        else:
            try:
                key = canonicalize(url)
            except ConfigError:
                found = None
            else:
                found = (key, scope.contains(key))
            seen[url] = found
        if found is not None:
            links.append(FoundLink(url=found[0], anchor_text=link.text, internal=found[1],
                                   rel=link.rel))
    return links


def read_page(html: str, url: str, scope: Scope, auto: AutoRules | None = None,
              shell_check: bool = False, selection: Selection | None = None,
              time_limit_s: float | None = DEFAULT_EXTRACT_TIMEOUT_S) -> Reading:
    """Decide (when ``auto`` is given) and, unless the page needs the browser, extract.
    ``shell_check`` (http mode): decide too, but extract whatever it says (a page that
    needed a browser is then flagged thin, see :mod:`trawl.crawler.thin`). ``selection``:
    main or full content, and the elements selected in or out (default: main).
    ``time_limit_s``: see :data:`trawl.config.DEFAULT_EXTRACT_TIMEOUT_S`, a worker's
    ``TRAWL_EXTRACT_TIMEOUT_S`` (None: no limit; only the main
    thread of a process can be interrupted, so a reading in another thread has none)."""
    selection = selection or Selection()
    decision = None
    document = parse_html(html)  # one parse for both
    if auto is not None:
        decision = decide(document, url, auto.browser_globs, auto.step_globs)
        if decision.browser:
            return Reading(decision)
    elif shell_check:
        decision = decide(document, url)
    held = [document]  # handed over: extraction lets the tree go before its markdown
    del document
    extraction = _bounded_extract(held, html, url, selection, time_limit_s)
    markdown = extraction.markdown
    digest = hashlib.sha256(markdown.encode()).hexdigest() if markdown.strip() else None
    links = found_links(extraction, scope)
    extraction.links = []
    return Reading(decision, extraction, links, digest)


class _TookTooLong(BaseException):
    """Raised by SIGALRM in a reading past its time limit: a BaseException, so that no
    ``except Exception`` of the extraction code takes it for a rule's fault."""


@contextlib.contextmanager
def _time_limit(seconds: float | None) -> Iterator[None]:
    """Raise ``_TookTooLong`` in this (the main) thread after ``seconds`` of wall time."""
    if seconds is None or threading.current_thread() is not threading.main_thread():
        yield
        return

    def _alarm(signum: int, frame: object) -> None:
        raise _TookTooLong

    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _bounded_extract(held: list[HtmlElement], html: str, url: str, selection: Selection,
                     time_limit_s: float | None) -> Extraction:
    """:func:`trawl.extract.extract` of the parsed document ``held`` (taken out of it, so
    that nothing here keeps its tree alive) within ``time_limit_s``; past it the page read
    again whole, within as long again, flagged with the cause; past that too, no content,
    flagged likewise (see :data:`trawl.config.DEFAULT_EXTRACT_TIMEOUT_S`)."""
    try:
        with _time_limit(time_limit_s):
            return extract(held.pop(), url, selection.content,
                           include_tags=selection.include_tags,
                           exclude_tags=selection.exclude_tags, source=html)
    except _TookTooLong:
        pass
    fault = f"reading the content took longer than {time_limit_s:g} s"
    if selection.content != "full" and not selection.include_tags:
        try:
            with _time_limit(time_limit_s):
                whole = extract(html, url, "full", exclude_tags=selection.exclude_tags)
        except _TookTooLong:
            fault += "; reading it whole took as long too"
        else:
            whole.metadata[EXTRACTION_FAULT] = (
                f"{fault}; stored the whole body less navigation chrome (as --content full)")
            return whole
    empty = extract("", url)
    empty.metadata[EXTRACTION_FAULT] = f"{fault}; nothing stored of the content"
    return empty


def stop_processes(pool: ProcessPoolExecutor, join_s: float = STOP_JOIN_S) -> None:
    """End the pool's processes now, without waiting for what they do: the worker stops,
    and extraction keeps nothing worth finishing (its activities are cancelled and retried).
    A process still starting when the worker stopped went on without it: with the worker's
    semaphores gone, it died on a FileNotFoundError traceback under the worker's last line
    (a Ctrl-C as the processes appeared)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    queues = [getattr(pool, name, None) for name in ("_call_queue", "_result_queue")]
    pool.shutdown(wait=False, cancel_futures=True)  # (which lets go of the queues)
    for process in processes:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            process.kill()
    for process in processes:
        with contextlib.suppress(OSError, ValueError, AttributeError, AssertionError):
            process.join(join_s)
    # and the pool's manager thread, which then closes its queues; then their semaphores,
    # before the worker exits
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is not None:
        with contextlib.suppress(RuntimeError):
            manager.join(join_s)
    _release_semaphores(queues)


def _release_semaphores(queues: list[object]) -> None:
    """Unlink the named semaphores of a pool's ``queues`` (their locks) now, in this thread.

    Each is unlinked and unregistered from multiprocessing's resource tracker by a finalizer
    that runs when the garbage collector frees it, in whatever thread collects then: in a
    worker, a thread of Temporal's core, which the interpreter does not wait for at exit. A
    worker whose exit came between that thread's unlink and its unregistering left the
    tracker warning of a "leaked semaphore" under its last line (3 of 9 Ctrl-C probes at
    load 8). Run here, the finalizers are done before the worker goes on to exit; the
    collector's later call finds them gone and does nothing. The semaphores stay usable by
    whoever still holds them (an unlinked name only frees the name)."""
    for queue in queues:
        for held in list(vars(queue).values()) if queue is not None else ():
            if not isinstance(held, multiprocessing.synchronize.SemLock):
                continue
            for ref in weakref.getweakrefs(held):
                finalizer = getattr(ref, "__callback__", None)
                if isinstance(finalizer, multiprocessing.util.Finalize):
                    finalizer()


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """SIGINT blocked in this thread meanwhile, so that the processes it spawns start with
    it blocked (a signal mask survives fork and exec) until :func:`prepare_process` ignores
    it. A Ctrl-C at a terminal signals the worker's whole process group: an extraction
    process that took it printed a KeyboardInterrupt traceback under the worker's one line
    (6 of 6 probes), and one still importing the worker's code died. The worker stops its
    processes itself. (Meanwhile a SIGINT to the worker goes to one of its other threads, or
    waits until the mask is restored: not lost.)"""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def prepare_process(parent: int | None = None) -> None:
    """Initializer of a worker's extraction processes. They die with their worker (see
    :func:`die_with_parent`; ``parent``: the worker's pid, given when it spawned them), and
    leave Ctrl-C to it (see :func:`interrupts_held`). What they will use is imported by now
    (this module), so move it out of the garbage collector's reach. Otherwise every full
    collection walks those objects again: ~2.4 ms per docs page, 0.25 ms frozen. And collect
    less often: extraction leaves no reference cycles (a page's tree is freed as it ends), yet
    a page allocates enough to start ~4 young collections and every 25th page an old one (0.3
    ms per docs page in all; 0.15 ms at EXTRACTION_GC_THRESHOLD)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # (and one sent while it started is dropped)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    die_with_parent(parent)
    gc.freeze()
    gc.set_threshold(EXTRACTION_GC_THRESHOLD, *gc.get_threshold()[1:])


def die_with_parent(parent: int | None = None) -> None:
    """End this process when the process that started it ends, however it ends: a worker
    killed with -9 runs no cleanup, and its extraction processes (hundreds of MiB each)
    would live on as orphans. On Linux the kernel sends SIGKILL (PR_SET_PDEATHSIG); a
    thread watching the parent's pid covers other systems, and the race where the parent
    died before the signal was armed. ``parent``: the pid of the process that started this
    one, known before it started (it may be gone before this runs: a worker stopped while
    its processes still import its code); default: this process's parent now."""
    parent = os.getppid() if parent is None else parent
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # died in the meantime
        os._exit(ORPHAN_EXIT_CODE)
    threading.Thread(target=_watch_parent, args=(parent,), name="parent-watch",
                     daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_WATCH_INTERVAL_S)
    os._exit(ORPHAN_EXIT_CODE)  # re-parented: the worker is gone


def _ready_pid() -> int:
    # held a moment, so a process that started first cannot answer for the others
    time.sleep(_READY_PROBE_S)
    return os.getpid()


def extraction_pool(processes: int) -> ProcessPoolExecutor:
    """The worker's extraction processes: spawned, not forked (the worker already runs
    threads: Temporal's core, Playwright's driver), initialised by :func:`prepare_process`.
    Start them with :func:`start_processes` from a thread that lives as long as the pool
    (the event loop's): PR_SET_PDEATHSIG follows the thread that spawned a process."""
    return ProcessPoolExecutor(max_workers=processes,
                               mp_context=multiprocessing.get_context("spawn"),
                               initializer=prepare_process, initargs=(os.getpid(),))


async def start_processes(pool: ProcessPoolExecutor, processes: int,
                          timeout_s: float = POOL_START_TIMEOUT_S) -> None:
    """Start all of the pool's processes now and wait until each answers.

    A process pool starts its processes on first use. Each one imports the worker's code
    (about a CPU-second), which would otherwise land on the first pages of the first crawl:
    they wait, and the CPU it takes is taken from those pages' extraction.
    """
    loop = asyncio.get_running_loop()
    seen: set[int] = set()
    try:
        async with asyncio.timeout(timeout_s):
            while len(seen) < processes:
                with interrupts_held():  # the submits spawn the processes
                    probes = [loop.run_in_executor(pool, _ready_pid) for _ in range(processes)]
                seen.update(await asyncio.gather(*probes))
    except TimeoutError:
        raise RuntimeError(f"only {len(seen)} of {processes} extraction processes started "
                           f"within {timeout_s:.0f} s") from None
