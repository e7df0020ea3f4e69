"""`trawl worker|up|down|serve|codec-server|db upgrade`: the long-running and service
commands (registered onto the main CLI app by :func:`register`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from trawl.api import agent_commands
from trawl.api._cli_kit import (
    EXIT_ERROR,
    EXIT_INTERRUPTED,
    err,
    fail,
    log_level,
    out,
    run,
    say_interrupted,
)
from trawl.config import (
    DEFAULT_API_PORT,
    DEFAULT_MAX_CONCURRENT_ACTIVITIES,
    MAX_CONCURRENT_ACTIVITIES,
    MAX_PORT,
    Settings,
    get_settings,
    use_model,
)
from trawl.errors import TrawlError
from trawl.redact import configure_logging

if TYPE_CHECKING:
    from trawl.worker.metrics import WorkerMetrics


MetricsPort = Annotated[int | None, typer.Option(
    min=1, max=65535, help="Serve Prometheus metrics on this port, on 127.0.0.1 unless "
    "--metrics-host says otherwise (default TRAWL_METRICS_PORT; unset: no endpoint).")]
MetricsHost = Annotated[str | None, typer.Option(
    help="Address the metrics endpoint binds (default TRAWL_METRICS_HOST, 127.0.0.1), e.g. "
    "0.0.0.0 for a Prometheus on another machine.")]


def worker(
    max_concurrent_activities: Annotated[int, typer.Option(
        min=1, max=MAX_CONCURRENT_ACTIVITIES,
        help="Explore activities this worker runs at once.")] = DEFAULT_MAX_CONCURRENT_ACTIVITIES,
    metrics_port: MetricsPort = None,
    metrics_host: MetricsHost = None,
) -> None:
    """Run a worker (for real deployments; `trawl crawl` starts one itself when embedded)."""
    _check_listen_host(metrics_host, "--metrics-host")
    with _interrupt_said("the worker stopped"):
        from trawl.services.runtime import ensure_runtime
        from trawl.worker.main import WorkerConfig, run_worker
        from trawl.worker.stopping import Stopping, until_stopped

        settings = get_settings()
        configure_logging(log_level(logging.INFO))

    async def go(stopping: Stopping) -> int | None:
        with _metrics_endpoint(settings, metrics_port, metrics_host) as metrics:
            runtime = await asyncio.to_thread(ensure_runtime, settings)
            cfg = WorkerConfig.from_settings(settings, runtime.temporal_address,
                                             runtime.database_url)
            cfg.max_concurrent_activities = max_concurrent_activities
            err.print(f"worker: Temporal {cfg.temporal_address}, task queue {cfg.task_queue}")
            if metrics is not None:
                err.print(f"metrics: {metrics.url}")
            return await run_worker(cfg, metrics=metrics, stopping=stopping)
    _run_foreground(until_stopped(go), "the worker stopped")


@contextlib.contextmanager
def _metrics_endpoint(settings: Settings, port: int | None,
                      host: str | None) -> Iterator[WorkerMetrics | None]:
    """The worker's metrics endpoint, bound (a port in use is one line, before the worker
    starts), or None when off."""
    from trawl.worker.metrics import serve_metrics

    metrics = serve_metrics(host or settings.metrics_host, port or settings.metrics_port)
    try:
        yield metrics
    finally:
        if metrics is not None:
            metrics.close()


def up(metrics_port: MetricsPort = None, metrics_host: MetricsHost = None) -> None:
    """Run the embedded services and a worker in the foreground; Ctrl-C stops the worker."""
    _check_listen_host(metrics_host, "--metrics-host")
    with _interrupt_said("the worker stopped; the services go on (`trawl down` stops them)"):
        from trawl.services.runtime import claim_worker, ensure_runtime, release_worker
        from trawl.store.db import libpq_url, upgrade_schema
        from trawl.worker.main import WorkerConfig, run_worker
        from trawl.worker.stopping import Stopping, until_stopped

        settings = get_settings()
        configure_logging(log_level(logging.INFO))

    async def go(stopping: Stopping) -> int | None:
        runtime = await asyncio.to_thread(ensure_runtime, settings)
        claimed = runtime.embedded and await asyncio.to_thread(claim_worker, settings, runtime)
        try:
            await asyncio.to_thread(upgrade_schema, runtime.database_url)
            if claimed:  # (which also freed its metrics port, if it had one)
                err.print("stopped the background worker; this process takes over")
            with _metrics_endpoint(settings, metrics_port, metrics_host) as metrics:
                out.print(f"Temporal:  {runtime.temporal_address}  "
                          f"(web UI {settings.ui_base_url})")
                out.print(f"Postgres:  psql '{libpq_url(runtime.database_url)}'")
                out.print(f"data dir:  {settings.data_dir}")
                if metrics is not None:
                    out.print(f"metrics:   {metrics.url}  "
                              "(Prometheus; docs/operations/metrics.md)")
                out.print("worker running; Ctrl-C stops it (`trawl down` stops the services)")
                return await run_worker(WorkerConfig.from_settings(
                    settings, runtime.temporal_address, runtime.database_url),
                    upgrade=False, metrics=metrics, stopping=stopping)
        finally:
            if runtime.embedded:
                await asyncio.to_thread(release_worker, settings)
    _run_foreground(until_stopped(go),
                    "the worker stopped; the services go on (`trawl down` stops them)")


def _check_listen_host(host: str | None, option: str = "--host") -> None:
    """One line and exit 1 unless ``host`` (None: not given) is an address this machine
    can listen on (a name that resolves, an IP address), checked before anything starts."""
    import socket

    if host is None:
        return
    if not host.strip():
        raise fail(f"{option} takes an address to listen on, such as 127.0.0.1 or 0.0.0.0")
    try:
        socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise fail(f"{option} {host!r} is no address to listen on: "
                   f"{getattr(exc, 'strerror', None) or exc}") from None


@contextlib.contextmanager
def _interrupt_said(stopped: str) -> Iterator[None]:
    """A Ctrl-C while `trawl worker` or `trawl up` loads what it runs (its imports, its
    settings: before ``_run_foreground``) is the same one line and exit 130: typer turns an
    uncaught KeyboardInterrupt into a silent exit 130."""
    try:
        yield
    except KeyboardInterrupt:
        raise say_interrupted(f"interrupted: {stopped}") from None


def _run_foreground(coro: Coroutine[Any, Any, int | None], stopped: str) -> None:
    """`trawl worker` and `trawl up`: Ctrl-C (at start too) is one line and exit 130, a
    SIGTERM one line and exit 0; a stop that hangs is ended by trawl.worker.stopping."""
    sig = run(coro)  # (a Ctrl-C before its handlers: run() says "interrupted")
    if sig == signal.SIGINT:
        raise say_interrupted(f"interrupted: {stopped}")
    if sig == signal.SIGTERM:  # asked to stop (a service manager): done, exit 0
        err.print(f"terminated: {stopped}", soft_wrap=True)


def codec_server(
    port: Annotated[int | None, typer.Option(
        min=1, max=MAX_PORT, help="Port on 127.0.0.1 (default TRAWL_CODEC_PORT, 8234).")] = None,
    ui_origin: Annotated[list[str] | None, typer.Option(
        help="Origin of the web UI that may call it (repeatable); default the embedded UI's."
    )] = None,
) -> None:
    """Serve the codec endpoint through which the Temporal web UI and CLI read trawl's sealed
    payloads (`trawl up` runs one for the embedded UI; see SECURITY.md)."""
    from trawl.urls import check_origin
    from trawl.worker.codec_server import main as serve

    try:
        origins = [check_origin(origin, "--ui-origin") for origin in ui_origin or []]
    except TrawlError as exc:
        raise fail(str(exc)) from None
    argv = ["--port", str(port or get_settings().codec_port)]
    for origin in origins:
        argv += ["--ui-origin", origin]
    serve(argv)


def down() -> None:
    """Stop the data dir's embedded services and worker, and wait until each is gone."""
    from trawl.services.runtime import stop_stack

    results = stop_stack(get_settings())
    for result in results:
        out.print(result.line, markup=False, highlight=False)
    if not all(r.ok for r in results):
        raise typer.Exit(EXIT_ERROR)


def db_upgrade() -> None:
    """Bring the database schema up to date."""
    from trawl.services.runtime import resolve_database_url
    from trawl.store.db import redact, upgrade_schema

    async def go() -> None:
        settings = get_settings()
        url = await asyncio.to_thread(resolve_database_url, settings)
        revision = await asyncio.to_thread(upgrade_schema, url)
        out.print(f"schema at revision {revision} ({redact(url)})")
    run(go())


def serve(
    host: Annotated[str, typer.Option(
        help="Address to listen on; beyond loopback only with TRAWL_API_TOKEN or "
             "--token-file.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=MAX_PORT,
                                      help="Port to listen on.")] = DEFAULT_API_PORT,
    token_file: Annotated[Path | None, typer.Option(
        help="Read the bearer token from this file (instead of TRAWL_API_TOKEN or the "
             "generated <data dir>/api.token).")] = None,
    mcp: Annotated[bool, typer.Option(
        help="Also serve the MCP tools over streamable HTTP at /mcp.")] = True,
    allow_host: agent_commands.AllowHostOption = None,
    allow_private: agent_commands.AllowPrivateOption = False,
    model: Annotated[str | None, typer.Option(
        metavar="PROVIDER:NAME",
        help="The model of requests that extract with a schema and name none: Firecrawl's "
             "JSON format, schema extractions of /v1/scrape and /v1/crawls (default "
             "TRAWL_MODEL). Its key comes from this server's environment for scrapes, the "
             "workers' for crawls.")] = None,
) -> None:
    """Serve the HTTP API (FastAPI, OpenAPI docs at /docs) and the MCP tools at /mcp,
    behind a bearer token; see the docs' "HTTP API" page. Its callers' crawls, scrapes
    and browser reach public addresses; internal ones only where --allow-host or
    --allow-private allows them (SECURITY.md)."""
    from trawl.api.callers import SERVE
    from trawl.api.http import serve as serve_api
    from trawl.model import check_model

    use_model(check_model(model) if model is not None else None)
    callers = agent_commands.callers_of(SERVE, allow_private, allow_host)
    _check_listen_host(host)
    configure_logging()
    stop = run(serve_api(get_settings(), host, port, token_file=token_file, mcp=mcp,
                         announce=lambda line: err.print(line, markup=False, highlight=False),
                         callers=callers))
    line, code = stop.said()
    if code == EXIT_INTERRUPTED and line:
        raise say_interrupted(line)
    if line:
        err.print(line, soft_wrap=True)
    if code:
        raise typer.Exit(code)


def register(app: typer.Typer, db_app: typer.Typer) -> None:
    """Add worker, up, down, serve, codec-server and db upgrade to ``app``."""
    app.command()(worker)
    app.command()(up)
    app.command("codec-server")(codec_server)
    app.command()(down)
    db_app.command("upgrade")(db_upgrade)
    app.command()(serve)
