"""Crawls from Python: ``await trawl.crawl(url, **options)`` returns a :class:`CrawlHandle`.

The options are :class:`trawl.model.CrawlSpec`'s fields — the same ones `trawl crawl`'s
flags, spec files and the HTTP API's body set — checked by :meth:`CrawlSpec.validated`
before anything starts::

    import trawl

    async with await trawl.crawl("https://example.com/", max_pages=50, render="auto") as c:
        async for page in c.pages():          # each page as it is stored, until the end
            print(page["url"], page["title"], page["word_count"])
        status = await c.wait()               # the final CrawlStatus

The handle follows a running crawl through its events (:mod:`trawl.store.events`), so
``pages()`` yields each page once, in the order the crawl recorded them, and ends when the
crawl does. :func:`crawl_sync` and :class:`SyncCrawlHandle` are the same for synchronous
code: they run one event loop of their own in a background thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Coroutine, Iterator, Sequence
from concurrent.futures import Future
from dataclasses import asdict, fields
from types import TracebackType
from typing import Any, TypeVar

from temporalio.client import WorkflowFailureError

from trawl.api import handoffs
from trawl.api.crawls import CrawlStatus, Started, Trawl
from trawl.errors import ConfigError
from trawl.model import CrawlSpec

T = TypeVar("T")
STOP_TIMEOUT_S = 10.0
"""How long a sync handle's close waits for what still runs on its loop to wind down."""
_SPEC_FIELDS = frozenset(f.name for f in fields(CrawlSpec))


def crawl_spec(urls: str | Sequence[str], spec: CrawlSpec | None = None,
               **options: Any) -> CrawlSpec:
    """A validated CrawlSpec: ``spec``'s fields (or the defaults), ``options`` on top, the
    start URLs ``urls``. ConfigError on an unknown option or a bad value."""
    unknown = sorted(set(options) - _SPEC_FIELDS)
    if unknown:
        raise ConfigError(f"unknown crawl option(s): {', '.join(unknown)} (the options are "
                          f"CrawlSpec's fields: {', '.join(sorted(_SPEC_FIELDS - {'seeds'}))})")
    seeds = [urls] if isinstance(urls, str) else list(urls)
    base = asdict(spec) if spec is not None else {}
    base.pop("seeds", None)
    if spec is not None:
        base["steps"] = spec.steps
    return CrawlSpec(seeds=seeds, **{**base, **options}).validated()


async def crawl(urls: str | Sequence[str], *, spec: CrawlSpec | None = None,
                connection: Trawl | None = None, **options: Any) -> CrawlHandle:
    """Start a crawl of ``urls`` and return its handle at once (the crawl runs in the
    worker; embedded services start when none are configured, as for `trawl crawl`).

    ``options``: CrawlSpec fields, e.g. ``max_pages=100, render="http", include=["/docs/*"],
    webhook="https://..."``. ``connection``: a :class:`Trawl` to use (it stays open);
    without one the handle opens its own and closes it on :meth:`CrawlHandle.close`.
    """
    checked = crawl_spec(urls, spec, **options)  # before any service starts
    trawl = connection or await Trawl.connect()
    try:
        started = await trawl.start(checked)
    except BaseException:
        if connection is None:
            await trawl.close()
        raise
    return CrawlHandle(trawl, started, owns_connection=connection is None)


async def open_crawl(crawl_ref: str, *, connection: Trawl | None = None) -> CrawlHandle:
    """The handle of an existing crawl (its id or workflow id)."""
    trawl = connection or await Trawl.connect()
    try:
        crawl_id, workflow_id = await trawl.resolve(crawl_ref)
        status = await trawl.status(crawl_id)
    except BaseException:
        if connection is None:
            await trawl.close()
        raise
    return CrawlHandle(trawl, Started(crawl_id, workflow_id, status.ui_url, ""),
                       owns_connection=connection is None)


class CrawlHandle:
    """A crawl started (or opened) from Python. An async context manager: leaving it closes
    the connection the handle opened (the crawl goes on in the worker)."""

    def __init__(self, trawl: Trawl, started: Started, *, owns_connection: bool) -> None:
        self.trawl = trawl
        self.crawl_id = started.crawl_id
        """The crawl's short id (``pages.crawl_id``)."""
        self.workflow_id = started.workflow_id
        """Its CrawlWorkflow's id."""
        self.ui_url = started.ui_url
        """The crawl in the Temporal web UI."""
        self._owns_connection = owns_connection

    def __repr__(self) -> str:
        return f"<CrawlHandle {self.crawl_id}>"

    async def status(self) -> CrawlStatus:
        """State and counts now (what `trawl status` shows)."""
        return await self.trawl.status(self.crawl_id)

    async def wait(self, timeout_s: float | None = None) -> CrawlStatus:
        """Wait until the crawl's workflow closes (TimeoutError after ``timeout_s``), then
        its final status. A crawl that failed or was cancelled returns its status too:
        ``status().finished`` and ``workflow_status`` say how it ended."""
        handle = self.trawl.client.get_workflow_handle(self.workflow_id)
        # cancelled, terminated or failed: the status says which
        with contextlib.suppress(WorkflowFailureError):
            await asyncio.wait_for(handle.result(), timeout_s)
        return await self.status()

    async def pages(self, *, content: bool = True, follow: bool = True
                    ) -> AsyncIterator[dict[str, Any]]:
        """Each page the crawl records (stored or failed), once, in the order recorded: a
        dict of the page's columns (``url``, ``title``, ``markdown``, ``text``,
        ``status_code``, ``error_class``, ``metadata`` ... as `trawl export` writes them)
        with its ``id`` and ``links``. With ``follow`` (default) it waits for new pages
        until the crawl finishes; without, it ends with those recorded so far. Without
        ``content``, no ``markdown``/``text``."""
        async for page in self.trawl.followed_pages(self.crawl_id, content=content,
                                                    follow=follow):
            yield page

    async def events(self, *, types: Sequence[str] = (), after: int = 0,
                     follow: bool = True) -> AsyncIterator[dict[str, Any]]:
        """The crawl's events (the envelopes its webhook receives), from the first (or
        after the seq ``after``); with ``follow``, until ``crawl_finished``."""
        async for event in self.trawl.events(self.crawl_id, after=after, types=types,
                                             follow=follow):
            yield event.envelope()

    async def cancel(self) -> str:
        """Cancel the crawl (pages in flight finish); returns how its workflow ended."""
        return await self.trawl.cancel(self.crawl_id)

    async def pause(self) -> None:
        """Pause the crawl (pages in flight finish) until :meth:`resume`."""
        await handoffs.pause(self.trawl, self.crawl_id)

    async def resume(self, *, note: str | None = None,
                     cookies: list[dict[str, Any]] | None = None,
                     storage_state: dict[str, Any] | None = None) -> list[str]:
        """Resume the crawl: its open handoffs (after saving the session given, if any, to
        each waiting site's profile), else a pause. Returns the sites resumed."""
        checked_cookies, state = handoffs.check_session(cookies, storage_state)
        done = await handoffs.resume_with(self.trawl, self.crawl_id, note=note,
                                          cookies=checked_cookies, storage_state=state,
                                          site=None, resumed_by="Python API")
        return done.sites

    async def close(self) -> None:
        """Close the connection the handle opened (the crawl goes on)."""
        if self._owns_connection:
            await self.trawl.close()

    async def __aenter__(self) -> CrawlHandle:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.close()


# -- synchronous code ----------------------------------------------------------------------

class _LoopThread:
    """An event loop running in a daemon thread: the database engine and Temporal client of
    a handle belong to one loop, so every call of a sync handle runs on this one."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="trawl-sync",
                                        daemon=True)
        self._thread.start()

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        future: Future[T] = asyncio.run_coroutine_threadsafe(coro, self.loop)
        return future.result()

    def iterate(self, agen: AsyncIterator[T]) -> Iterator[T]:
        while True:
            try:
                yield self.run(anext(agen))  # type: ignore[arg-type]
            except StopAsyncIteration:
                return

    def stop(self) -> None:
        """Cancel what still runs on the loop (an iterator left half-way), close the async
        generators, stop the loop and its thread. Idempotent."""
        if self.loop.is_closed():
            return

        async def wind_down() -> None:
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await self.loop.shutdown_asyncgens()

        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(wind_down(), self.loop).result(STOP_TIMEOUT_S)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join()
        self.loop.close()


class SyncCrawlHandle:
    """:class:`CrawlHandle` for synchronous code: the same methods, blocking; ``pages()``
    and ``events()`` are plain iterators. A context manager (leaving it closes it)."""

    def __init__(self, runner: _LoopThread, handle: CrawlHandle) -> None:
        self._runner = runner
        self.handle = handle
        self.crawl_id = handle.crawl_id
        self.workflow_id = handle.workflow_id
        self.ui_url = handle.ui_url

    def __repr__(self) -> str:
        return f"<SyncCrawlHandle {self.crawl_id}>"

    def status(self) -> CrawlStatus:
        return self._runner.run(self.handle.status())

    def wait(self, timeout_s: float | None = None) -> CrawlStatus:
        return self._runner.run(self.handle.wait(timeout_s))

    def pages(self, *, content: bool = True, follow: bool = True
              ) -> Iterator[dict[str, Any]]:
        return self._runner.iterate(self.handle.pages(content=content, follow=follow))

    def events(self, *, types: Sequence[str] = (), after: int = 0,
               follow: bool = True) -> Iterator[dict[str, Any]]:
        return self._runner.iterate(self.handle.events(types=types, after=after,
                                                       follow=follow))

    def cancel(self) -> str:
        return self._runner.run(self.handle.cancel())

    def pause(self) -> None:
        self._runner.run(self.handle.pause())

    def resume(self, *, note: str | None = None, cookies: list[dict[str, Any]] | None = None,
               storage_state: dict[str, Any] | None = None) -> list[str]:
        return self._runner.run(self.handle.resume(note=note, cookies=cookies,
                                                   storage_state=storage_state))

    def close(self) -> None:
        """Close the connection the handle opened and its loop (a second call does
        nothing)."""
        if self._runner.loop.is_closed():
            return
        try:
            self._runner.run(self.handle.close())
        finally:
            self._runner.stop()

    def __enter__(self) -> SyncCrawlHandle:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def crawl_sync(urls: str | Sequence[str], *, spec: CrawlSpec | None = None,
               **options: Any) -> SyncCrawlHandle:
    """:func:`crawl` for synchronous code: the same arguments; returns a
    :class:`SyncCrawlHandle` (close it, or use it in a ``with`` block)."""
    checked = crawl_spec(urls, spec, **options)
    runner = _LoopThread()
    try:
        return SyncCrawlHandle(runner, runner.run(crawl(checked.seeds, spec=checked)))
    except BaseException:
        runner.stop()
        raise


def open_crawl_sync(crawl_ref: str) -> SyncCrawlHandle:
    """:func:`open_crawl` for synchronous code."""
    runner = _LoopThread()
    try:
        return SyncCrawlHandle(runner, runner.run(open_crawl(crawl_ref)))
    except BaseException:
        runner.stop()
        raise
