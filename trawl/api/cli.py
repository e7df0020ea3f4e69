"""The `trawl` command line.

Every command reports failures as one line on stderr (``error: ...``) and a non-zero
exit status; tracebacks are for bugs, not for bad input.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Coroutine, Iterable, Iterator, Mapping
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from temporalio.service import RPCError

from trawl.api import agent_commands, handoff_commands
from trawl.api.crawls import CHANGE_KINDS, CrawlStatus, Trawl
from trawl.api.invoke import invoke
from trawl.api.scrape_command import register as register_scrape
from trawl.config import (
    DEFAULT_API_PORT,
    DEFAULT_CONCURRENCY,
    DEFAULT_DELAY_S,
    DEFAULT_MAX_CONCURRENT_ACTIVITIES,
    DEFAULT_MAX_DEPTH,
    DEFAULT_MAX_HOST_ERRORS,
    DEFAULT_MAX_LINKS_PER_PAGE,
    DEFAULT_MAX_PAGES,
    MAX_CONCURRENT_ACTIVITIES,
    MAX_PORT,
    Settings,
    get_settings,
    use_model,
)
from trawl.errors import ConfigError, SettingsError, TrawlError
from trawl.extract import DEFAULT_CHUNK_CHARS
from trawl.model import CRAWL_EVENT_TYPES, DEFAULT_RENDER_MODE, DEFAULT_SITEMAP_MODE, CrawlSpec
from trawl.policy import DEFAULT_MAX_URL_LENGTH
from trawl.redact import configure_logging

if TYPE_CHECKING:
    from trawl.worker.metrics import WorkerMetrics

app = typer.Typer(no_args_is_help=True, add_completion=True, pretty_exceptions_enable=False,
                  help="trawl: a durable knowledge-extraction crawler.")
db_app = typer.Typer(no_args_is_help=True, help="Database schema commands.")
app.add_typer(db_app, name="db")
agent_commands.register(app)

out = Console(highlight=False, soft_wrap=True)  # never break a URL across lines
err = Console(stderr=True, highlight=False)
T = TypeVar("T")
PROGRESS_POLL_S = 0.5
EXIT_ERROR = 1
EXIT_USAGE = 2
"""Bad settings (TRAWL_*), like click's bad options."""
EXIT_INTERRUPTED = 130
_verbosity = 0
"""-q: -1, default 0, -v: 1, -vv: 2 (see :func:`log_level`)."""
JsonOption = Annotated[bool, typer.Option(
    "--json", help="Machine-readable output: JSON (lists: one object per line).")]
MAX_ROWS = 1_000_000
"""The most rows `trawl list` / `trawl pages` print at once (--limit)."""
MAX_SEQ = 2**63 - 1
"""The largest event seq (a Postgres bigint)."""


def fail(message: str, code: int = EXIT_ERROR) -> typer.Exit:
    err.print(f"[red]error:[/red] {escape(message)}", soft_wrap=True)  # [x] in it is text
    return typer.Exit(code)


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
    except KeyboardInterrupt:
        raise typer.Exit(EXIT_INTERRUPTED) from None


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


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("trawl")
    except PackageNotFoundError:
        return "unknown (not installed)"


def _show_version(value: bool) -> None:
    if value:
        sys.stdout.write(f"trawl {_version()}\n")
        raise typer.Exit()


@app.callback()
def _main_options(
    version: Annotated[bool, typer.Option(
        "--version", callback=_show_version, is_eager=True,
        help="Print trawl's version and exit.")] = False,
    verbose: Annotated[int, typer.Option(
        "--verbose", "-v", count=True, help="More log output (-vv: debug).")] = 0,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help="Only errors on stderr (no progress bar, no logs).")] = False,
) -> None:
    """trawl: a durable knowledge-extraction crawler."""
    global _verbosity
    _verbosity = -1 if quiet else verbose
    if _verbosity:
        configure_logging(log_level())
    try:  # bad TRAWL_* settings: one line before any command starts anything
        get_settings()
    except SettingsError as exc:
        raise fail(str(exc), EXIT_USAGE) from None


# -- crawling ---------------------------------------------------------------------------

def _store_formats(value: str | None) -> list[str]:
    """``--store html,screenshot`` as a list; ConfigError for a given but empty one."""
    formats = [f.strip() for f in (value or "").split(",") if f.strip()]
    if value is not None and not formats:
        raise ConfigError(f"--store takes html and/or screenshot (comma-separated), not "
                          f"{value!r}")
    return formats


# `trawl crawl` option -> (CrawlSpec field, value conversion); see _crawl_spec
_SPEC_OPTIONS: dict[str, tuple[str, Any]] = {
    "urls": ("seeds", list), "max_pages": ("max_pages", None), "max_depth": ("max_depth", None),
    "include": ("include", list), "exclude": ("exclude", list),
    "concurrency": ("concurrency", None), "same_site": ("allow_subdomains", lambda v: not v),
    "render": ("render", None), "ignore_robots": ("respect_robots", lambda v: not v),
    "sitemap": ("sitemap", None), "user_agent": ("user_agent", None),
    "max_url_length": ("max_url_length", None),
    "handoff_on": ("handoff_on", list), "render_browser": ("render_browser", list),
    "login_handoff": ("login_handoff", None),
    "delay": ("delay_s", None), "max_host_errors": ("max_host_errors", None),
    "max_links_per_page": ("max_links_per_page", None), "content": ("content", None),
    "allow_private": ("allow_private", None), "allow_host": ("allow_hosts", list),
    "deny_host": ("deny_hosts", list),
    "allow_destructive": ("allow_destructive", None),
    "destructive_word": ("destructive_words", list),
    "store": ("store", _store_formats),
    "chunk": ("chunk_chars", lambda v: DEFAULT_CHUNK_CHARS if v else None),
    "chunk_size": ("chunk_chars", None),  # after --chunk: a size given wins (and implies it)
    "webhook": ("webhook", None), "webhook_event": ("webhook_events", list),
    "extract": ("extract", lambda v: _load_extract(v)), "model": ("model", None),
    "max_model_tokens": ("max_model_tokens", None), "goal": ("goal", None),
    "goal_pages": ("goal_pages", None), "goal_rank": ("goal_rank", None),
}
_OPTIONAL = ("user_agent", "chunk_size", "webhook", "extract", "model", "max_model_tokens",
             "goal", "goal_pages", "goal_rank")
"""Options whose absence leaves the spec's field alone (None is not a value for them)."""


def _load_extract(path: Path) -> dict[str, Any]:
    from trawl.model import load_extract_file

    return load_extract_file(path)


def _crawl_spec(ctx: typer.Context, spec_file: Path | None, values: dict[str, Any]) -> CrawlSpec:
    """The spec file's fields, overridden by the options given explicitly on the command line
    (without a file, every option counts, defaults included)."""
    from trawl.crawler.specfile import build_spec, load_spec_file

    file_fields = load_spec_file(spec_file) if spec_file is not None else {}
    overrides: dict[str, Any] = {}
    for option, (name, convert) in _SPEC_OPTIONS.items():
        value = values[option]
        source = ctx.get_parameter_source(option)
        given = source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")
        if spec_file is not None and not given:
            continue
        if value is None and convert is list:
            value = []
        if option in _OPTIONAL and value is None:
            continue
        overrides[name] = convert(value) if convert is not None else value
    if spec_file is not None and not overrides.get("seeds"):
        overrides.pop("seeds", None)
    return build_spec(file_fields, overrides)


@app.command()
def crawl(
    ctx: typer.Context,
    urls: Annotated[list[str] | None, typer.Argument(
        help="Start URL(s) (optional with --spec when the file lists seeds; none with "
             "--recrawl).")] = None,
    max_pages: Annotated[int, typer.Option(help="Stop after this many pages.")] = DEFAULT_MAX_PAGES,
    max_depth: Annotated[int, typer.Option(help="Follow links this deep.")] = DEFAULT_MAX_DEPTH,
    include: Annotated[list[str] | None, typer.Option(
        help="Only follow URL paths matching this glob (repeatable), e.g. '/docs/*'.")] = None,
    exclude: Annotated[list[str] | None, typer.Option(
        help="Never follow URL paths matching this glob (repeatable).")] = None,
    concurrency: Annotated[int, typer.Option(help="Pages at once per site.")] = DEFAULT_CONCURRENCY,
    same_site: Annotated[bool, typer.Option(
        "--same-site/--allow-subdomains",
        help="Stay on the start URLs' hosts (default), or also follow their subdomains.")] = True,
    render: Annotated[str, typer.Option(
        help="browser: render every page in Chromium; http: no browser; auto: fetch over "
             "HTTP and render only pages that need it (script-built, app shells).")
    ] = DEFAULT_RENDER_MODE,
    render_browser: Annotated[list[str] | None, typer.Option(
        help="With --render auto: URL path globs always rendered in Chromium "
             "(repeatable).")] = None,
    ignore_robots: Annotated[bool, typer.Option(
        "--ignore-robots", help="Do not obey robots.txt (it is obeyed by default).")] = False,
    sitemap: Annotated[str, typer.Option(
        help="include: sitemap URLs join the start URLs; only: crawl just those (no link "
             "following); skip: ignore sitemaps.")] = DEFAULT_SITEMAP_MODE,
    user_agent: Annotated[str | None, typer.Option(
        help="User-Agent to send and to match robots.txt with "
             "(default: TRAWL_USER_AGENT, which names trawl).")] = None,
    max_url_length: Annotated[int, typer.Option(
        help="Longer URLs are crawler traps: skipped.")] = DEFAULT_MAX_URL_LENGTH,
    delay: Annotated[float, typer.Option(
        help="Seconds between requests to one site, across all workers (robots.txt's "
             "Crawl-delay wins when larger).")] = DEFAULT_DELAY_S,
    max_host_errors: Annotated[int, typer.Option(
        help="Stop asking a site after this many errors in a row (connection errors, "
             "timeouts, 5xx, 429); its other URLs are skipped. 0: never.")
    ] = DEFAULT_MAX_HOST_ERRORS,
    max_links_per_page: Annotated[int, typer.Option(
        help="Links recorded and followed per page (the rest are counted, not stored).")
    ] = DEFAULT_MAX_LINKS_PER_PAGE,
    content: Annotated[str, typer.Option(
        help="What of each page is stored: main (its main content, default) or full (the "
             "whole body without navigation chrome: long reference pages).")] = "main",
    allow_private: Annotated[bool, typer.Option(
        "--allow-private",
        help="Also fetch internal addresses (loopback, private networks, cloud metadata) "
             "that pages lead to; only the start URLs' own origins are allowed otherwise.")
    ] = False,
    allow_host: Annotated[list[str] | None, typer.Option(
        help="A host name (with its subdomains) or CIDR allowed even at an internal "
             "address (repeatable).")] = None,
    deny_host: Annotated[list[str] | None, typer.Option(
        help="A host name (with its subdomains) never fetched (repeatable).")] = None,
    allow_destructive: Annotated[bool, typer.Option(
        "--allow-destructive",
        help="Let spec steps press destructive controls (delete, buy, pay, log out, "
             "unsubscribe, a form that POSTs); they are refused by default.")] = False,
    destructive_word: Annotated[list[str] | None, typer.Option(
        help="A word or phrase that also makes a control destructive (repeatable), "
             "e.g. 'archive'.")] = None,
    store: Annotated[str | None, typer.Option(
        help="Also keep, per page: html (the HTML read, gzip-compressed, pages.raw_html), "
             "screenshot (a PNG of the rendered page, pages.screenshot; browser-rendered "
             "pages only); comma-separated, e.g. html,screenshot.")] = None,
    chunk: Annotated[bool, typer.Option(
        "--chunk", help="Split each page's markdown into heading-aware chunks (the chunks "
                        f"table), about {DEFAULT_CHUNK_CHARS} characters each.")] = False,
    chunk_size: Annotated[int | None, typer.Option(
        help="Chunk size in characters (implies --chunk).")] = None,
    webhook: Annotated[str | None, typer.Option(
        metavar="URL",
        help="POST the crawl's events here as they happen (crawl_started, page_stored, "
             "page_failed, "
             "handoff_opened, handoff_resumed, crawl_finished), signed with the webhook "
             "secret (`trawl webhook-secret`), at least once each.")] = None,
    webhook_event: Annotated[list[str] | None, typer.Option(
        metavar="TYPE", help="Only this event type goes to the webhook (repeatable).")] = None,
    spec_file: Annotated[Path | None, typer.Option(
        "--spec", help="A crawl spec file (YAML or JSON) with any of these settings; "
                       "options given here override it.")] = None,
    handoff_on: Annotated[list[str] | None, typer.Option(
        help="Wait for a person on pages matching this URL glob, or 'text:SOME TEXT' on the "
             "page (repeatable); login walls and CAPTCHAs are detected anyway.")] = None,
    login_handoff: Annotated[bool, typer.Option(
        help="Wait for a person at a login form (a visible password field). "
             "--no-login-handoff stores such pages like any other (for public sites with a "
             "login box on every page).")] = True,
    detach: Annotated[bool, typer.Option(
        help="Start the crawl and return at once with its id.")] = False,
    as_json: JsonOption = False,
    extract: Annotated[Path | None, typer.Option(
        "--extract", metavar="FILE",
        help="Structured data per page (pages.data): a YAML/JSON file with 'fields' (CSS or "
             "XPath selectors, no model) or 'schema' and 'prompt' (a model reads each "
             "page; see docs/models.md).")] = None,
    model: Annotated[str | None, typer.Option(
        metavar="PROVIDER:NAME",
        help="The model of a schema extraction: openai:NAME (or any OpenAI-compatible "
             "server at OPENAI_BASE_URL), anthropic:NAME, ollama:NAME (default "
             "TRAWL_MODEL). Keys come from the workers' environment.")] = None,
    max_model_tokens: Annotated[int | None, typer.Option(
        help="Model tokens the crawl may spend; then pages are stored without data, and "
             "say why.")] = None,
    goal: Annotated[str | None, typer.Option(
        metavar="TEXT",
        help="What the crawl looks for: the most relevant links (their text, URL and "
             "page) are crawled first instead of breadth first.")] = None,
    goal_pages: Annotated[int | None, typer.Option(
        help="With --extract: stop once this many pages have data.")] = None,
    goal_rank: Annotated[str | None, typer.Option(
        metavar="lexical|model",
        help="With --goal: how links are ranked: lexical (default, no model) or model (the "
             "model ranks each page's links; lexical where it fails; its tokens count "
             "under --max-model-tokens).")] = None,
    recrawl: Annotated[str | None, typer.Option(
        "--recrawl", metavar="ID",
        help="Revisit a finished crawl (its start URLs and every page it stored, its "
             "settings unless given here) with conditional requests: unchanged pages are "
             "copied, not extracted again.")] = None,
) -> None:
    """Crawl one or more sites and store every page in Postgres."""
    values = dict(
            urls=urls, max_pages=max_pages, max_depth=max_depth, include=include,
            exclude=exclude, concurrency=concurrency, same_site=same_site, render=render,
            ignore_robots=ignore_robots, sitemap=sitemap, user_agent=user_agent,
            max_url_length=max_url_length, handoff_on=handoff_on,
            render_browser=render_browser, delay=delay, max_host_errors=max_host_errors,
            login_handoff=login_handoff, max_links_per_page=max_links_per_page,
            content=content,
            allow_private=allow_private, allow_host=allow_host, deny_host=deny_host,
            allow_destructive=allow_destructive, destructive_word=destructive_word,
            store=store, chunk=chunk, chunk_size=chunk_size, webhook=webhook,
            webhook_event=webhook_event, extract=extract, model=model,
            max_model_tokens=max_model_tokens, goal=goal, goal_pages=goal_pages,
            goal_rank=goal_rank)
    try:
        if recrawl is not None:
            run(_recrawl(recrawl, _recrawl_overrides(ctx, spec_file, values), detach, as_json))
            return
        # every flag checked before any service starts (or is even looked for)
        spec = _crawl_spec(ctx, spec_file, values).validated()
    except TrawlError as exc:
        raise fail(str(exc), exit_code(exc)) from None
    run(_crawl(spec, detach, as_json))


def _recrawl_overrides(ctx: typer.Context, spec_file: Path | None,
                       values: dict[str, Any]) -> dict[str, Any]:
    """What a recrawl changes in the spec of the crawl it revisits: the spec file's fields,
    then the options given explicitly (defaults never override the stored spec)."""
    from trawl.crawler.specfile import load_spec_file

    overrides = load_spec_file(spec_file) if spec_file is not None else {}
    for option, (name, convert) in _SPEC_OPTIONS.items():
        source = ctx.get_parameter_source(option)
        if source is None or source.name in ("DEFAULT", "DEFAULT_MAP"):
            continue
        value = [] if values[option] is None and convert is list else values[option]
        overrides[name] = convert(value) if convert is not None else value
    if overrides.get("seeds"):
        raise ConfigError("--recrawl revisits the start URLs and pages of the crawl it names: "
                          "give no URLs")
    overrides.pop("seeds", None)
    return overrides


async def _recrawl(crawl_ref: str, overrides: dict[str, Any], detach: bool,
                   as_json: bool) -> None:
    async with await Trawl.connect() as trawl:
        spec = await trawl.recrawl_spec(crawl_ref, overrides)
        await _check_browser(spec, trawl.runtime.embedded)
        await _start_and_follow(trawl, spec, detach, as_json)


async def _crawl(spec: CrawlSpec, detach: bool, as_json: bool) -> None:
    from trawl.api.crawls import assert_reachable

    # the start URLs answer and a browser is there, before any service starts
    await asyncio.gather(*(assert_reachable(s) for s in spec.seeds))
    await _check_browser(spec, get_settings().temporal_address is None)
    async with await Trawl.connect() as trawl:
        await _start_and_follow(trawl, spec, detach, as_json, check_reachable=False)


async def _check_browser(spec: CrawlSpec, local_worker: bool) -> None:
    """BrowserError (no browser: a crawl that renders every page could only fail) for
    ``--render browser`` when this machine's browser is the one that counts: the worker runs
    here (embedded services), or TRAWL_BROWSER_PATH names one."""
    if spec.render != "browser" or not (local_worker or get_settings().browser_path):
        return
    from trawl.browser.launch import check_browser

    await check_browser()


async def _start_and_follow(trawl: Trawl, spec: CrawlSpec, detach: bool, as_json: bool,
                            check_reachable: bool = True) -> None:
    started = await trawl.start(spec, check_reachable=check_reachable)
    if as_json:
        if detach:
            print_json(started.as_dict())
            return
        final = await _follow(trawl, started.crawl_id, show=False)
        print_json(final.as_json())
        return
    out.print(f"crawl [bold]{started.crawl_id}[/bold] started "
              f"(workflow {started.workflow_id})")
    if spec.recrawl_of:
        out.print(f"  recrawl of {spec.recrawl_of}: unchanged pages are copied from it, "
                  "changed ones keep their previous version there")
    out.print(f"  web UI: {started.ui_url}")
    out.print(f"  query:  {started.sql_hint}")
    if detach:
        out.print(f"  follow: trawl status {started.crawl_id}")
        return
    final = await _follow(trawl, started.crawl_id)
    _print_summary(final)


async def _follow(trawl: Trawl, crawl_id: str, show: bool = True) -> CrawlStatus:
    """A progress bar until the crawl's workflow closes (Ctrl-C detaches, crawl goes on);
    without ``show`` (--json, -q) the same wait without the bar."""
    columns = (TextColumn("[bold]{task.description}"), BarColumn(),
               TextColumn("{task.completed}/{task.total} pages"),
               TextColumn("{task.fields[detail]}"), TimeElapsedColumn())
    started = time.monotonic()
    with Progress(*columns, console=err, transient=False,
                  disable=not show or _verbosity < 0) as progress:
        task = progress.add_task("crawling", total=None, detail="")
        try:
            while True:
                status = await trawl.status(crawl_id)
                c = status.counts
                finished = c.done + c.failed
                rate = finished / max(time.monotonic() - started, 1e-6)
                known = finished + c.queued + c.claimed
                total = min(known, int(status.spec.get("max_pages", known)) or known)
                detail = f"failed {c.failed} · queued {c.queued} · {rate:.1f} pages/s"
                if status.state not in (None, "running"):  # waiting: say on what
                    detail += f" · {status.state}: {status.note or ''}"
                progress.update(task, completed=finished, total=max(total, finished),
                                detail=detail)
                if status.finished:
                    return status
                await asyncio.sleep(PROGRESS_POLL_S)
        except (KeyboardInterrupt, asyncio.CancelledError):
            err.print(f"detached; the crawl goes on. `trawl status {crawl_id}` follows it, "
                      f"`trawl cancel {crawl_id}` stops it.")
            raise typer.Exit(0) from None


def _print_summary(status: CrawlStatus) -> None:
    c = status.counts
    out.print(f"crawl {status.crawl_id} {(status.workflow_status or status.db_status).lower()}: "
              f"{c.done} pages stored, {c.failed} failed, {c.redirected} redirects, "
              f"{c.queued} left in the queue")
    if status.thin:
        out.print(f"  {status.thin} page(s) stored with far less text than a reader sees "
                  "(thin_content): `trawl sql \"select url, metadata->>'thin_content' from "
                  f"pages where crawl_id = '{status.crawl_id}' and metadata ? 'thin_content'\"`")
    if status.partial:
        out.print(f"  {status.partial} of them kept less than half of the page's readable prose "
                  "(main content): crawl them again with --content full; their URLs: `trawl sql "
                  f"\"select url from pages where crawl_id = '{status.crawl_id}' and "
                  "metadata->>'thin_content' like 'main content kept%'\"`", markup=False)
    if status.given_up:
        out.print(f"  {status.given_up} URL(s) given up, still blocked after their handoffs "
                  "(handoff_exhausted): `trawl sql \"select url, error_message from pages where "
                  f"crawl_id = '{status.crawl_id}' and error_class = 'handoff_exhausted'\"`",
                  markup=False)
    if status.intent:
        out.print("  " + _intent_line(status.intent), markup=False)
    if status.webhook is not None and (status.webhook.pending or status.webhook.abandoned):
        out.print(f"  webhook {status.webhook_line()}", markup=False)
    if status.recrawl_of:
        out.print(f"  against {status.recrawl_of}: " + ", ".join(
            f"{status.changes.get(kind, 0)} {kind}" for kind in CHANGE_KINDS))


def _intent_line(intent: dict[str, Any]) -> str:
    """``--extract``'s outcome in a line: pages with data, failures, tokens, the goal."""
    parts = []
    if "pages_with_data" in intent:
        parts.append(f"data: {intent['pages_with_data']} page(s) with data, "
                     f"{intent['extraction_failed']} failed (pages.data_error)")
    if intent.get("goal_rank") == "model":
        parts.append("links ranked by the model (metadata->'goal_rank')")
    line = "; ".join(parts)
    if "model_tokens" in intent:
        line += f"; {intent['model_tokens']} model tokens"
        if "max_model_tokens" in intent:
            line += f" of {intent['max_model_tokens']}"
            if intent["model_budget_spent"]:
                line += " (budget spent: later pages were not sent to the model)"
    if "goal_met" in intent:
        line += "; goal met" if intent["goal_met"] else "; goal not met"
    return line


@app.command()
def status(crawl_id: Annotated[str, typer.Argument(help="Crawl id or workflow id.")],
           as_json: JsonOption = False) -> None:
    """Show a crawl's state and counts."""
    async def go() -> None:
        async with await Trawl.connect() as trawl:
            s = await trawl.status(crawl_id)
        if as_json:
            print_json(s.as_json())
            return
        table = Table(show_header=False, box=None)
        for key, value in s.as_dict().items():
            if key == "seeds":
                value = seeds_cell(value)
            table.add_row(key, ", ".join(value) if isinstance(value, list) else str(value))
        print_table(table)
    run(go())


@app.command("list")
def list_crawls(limit: Annotated[int, typer.Option(
        min=1, max=MAX_ROWS, help="How many, newest first.")] = 50,
                as_json: JsonOption = False) -> None:
    """List crawls, newest first."""
    async def go() -> None:
        async with await Trawl.connect(temporal=False) as trawl:
            rows = await trawl.list_crawls(limit)
        if as_json:
            print_json_lines({"crawl_id": r["id"], "status": r["status"], "seeds": r["seeds"],
                              "recrawl_of": r["recrawl_of"], "pages_done": r["done"],
                              "pages_failed": r["failed"], "waiting": r["waiting"],
                              "created_at": r["created_at"]} for r in rows)
            return
        if not rows:
            out.print("no crawls yet: `trawl crawl URL` starts one")
            return
        table = Table("id", "status", "seeds", "done", "failed", "waiting", "created")
        for r in rows:
            seeds = seeds_cell(r["seeds"]) + (f" (recrawl of {r['recrawl_of']})"
                                              if r["recrawl_of"] else "")
            table.add_row(r["id"], r["status"], seeds, str(r["done"]),
                          str(r["failed"]), str(r["waiting"]),
                          r["created_at"].isoformat(timespec="seconds"))
        print_table(table)
    run(go())


@app.command()
def cancel(crawl_id: Annotated[str, typer.Argument(help="Crawl id or workflow id.")]) -> None:
    """Cancel a running crawl (in-flight pages finish or are put back in the queue)."""
    async def go() -> None:
        async with await Trawl.connect() as trawl:
            final = await trawl.cancel(crawl_id)
        out.print(f"crawl {crawl_id}: {final.lower()}")
    run(go())


# -- reading results ----------------------------------------------------------------------

@app.command()
def pages(
    crawl_id: Annotated[str, typer.Argument(help="Crawl id or workflow id.")],
    search: Annotated[str | None, typer.Option(
        help="Full-text search (web search syntax).")] = None,
    limit: Annotated[int, typer.Option(min=1, max=MAX_ROWS,
                                       help="At most this many rows.")] = 50,
    as_json: JsonOption = False,
) -> None:
    """List a crawl's pages, or search them."""
    if search is not None and not search.strip():
        raise fail("--search needs words to look for (web search syntax: words, "
                   "\"a phrase\", -not, or)")
    async def go() -> None:
        async with await Trawl.connect(temporal=False) as trawl:
            rows = await trawl.pages(crawl_id, search=search, limit=limit)
        if as_json:
            print_json_lines({**r, **({"rank": float(r["rank"])} if search else {})}
                             for r in rows)
            return
        table = Table("url", "status", "title", "words", *(["rank"] if search else []))
        for r in rows:
            table.add_row(r["url"], str(r["status_code"] or r["error_class"] or ""),
                          r["title"] or "", str(r["word_count"] or ""),
                          *([f"{r['rank']:.3f}"] if search else []))
        print_table(table)
        if not rows:
            err.print("no pages match" if search else "no pages stored yet")
    run(go())


@app.command()
def events(
    crawl_id: Annotated[str, typer.Argument(help="Crawl id or workflow id.")],
    follow: Annotated[bool, typer.Option(
        "--follow", "-f", help="Keep printing new events until the crawl finishes.")] = False,
    event_type: Annotated[list[str] | None, typer.Option(
        "--type", metavar="TYPE", help="Only this event type (repeatable): "
                                       f"{', '.join(CRAWL_EVENT_TYPES)}.")] = None,
    after: Annotated[int, typer.Option(min=0, max=MAX_SEQ,
                                       help="Only events after this seq.")] = 0,
    as_json: JsonOption = False,
) -> None:
    """A crawl's events (pages stored or failed, handoffs, its end), oldest first: what its
    webhook receives."""
    unknown = [t for t in event_type or () if t not in CRAWL_EVENT_TYPES]
    if unknown:
        raise fail(f"--type takes {', '.join(CRAWL_EVENT_TYPES)}, not {', '.join(unknown)}")

    async def go() -> None:
        async with await Trawl.connect(temporal=follow) as trawl:
            async for event in trawl.events(crawl_id, after=after, types=event_type or (),
                                            follow=follow):
                if as_json:
                    print_json(event.envelope())
                else:
                    data = event.data
                    what = data.get("url") or data.get("status") or " ".join(
                        data.get("seeds") or ())
                    extra = data.get("error_class") or data.get("reason") or ""
                    sys.stdout.write("\t".join(str(v) for v in (
                        event.seq, event.created_at.isoformat(timespec="seconds"),
                        event.type, what, extra)).rstrip("\t") + "\n")
                    sys.stdout.flush()
    run(go())


@app.command("webhook-secret")
def webhook_secret_command() -> None:
    """Print the secret crawl webhooks are signed with (Standard Webhooks; give it to the
    receiver to verify deliveries)."""
    from trawl.secrets import webhook_secret

    try:
        sys.stdout.write(webhook_secret() + "\n")
    except TrawlError as exc:
        raise fail(str(exc), exit_code(exc)) from None


@app.command()
def export(
    crawl_id: Annotated[str, typer.Argument(help="Crawl id or workflow id.")],
    out_path: Annotated[Path, typer.Argument(
        metavar="OUT", help="jsonl: a file ('-' for stdout); markdown: a directory.")],
    fmt: Annotated[str, typer.Option("--format", help="jsonl | markdown")] = "jsonl",
) -> None:
    """Export a crawl's pages as JSON lines or as a directory of markdown files."""
    from trawl.api.export import check_jsonl_target, check_markdown_target

    if fmt not in ("jsonl", "markdown"):
        raise fail(f"--format must be jsonl or markdown, not {fmt!r}")
    try:  # before any service starts
        (check_jsonl_target if fmt == "jsonl" else check_markdown_target)(out_path)
    except TrawlError as exc:
        raise fail(str(exc), exit_code(exc)) from None

    async def go() -> int:
        from trawl.api.export import write_jsonl, write_markdown

        async with await Trawl.connect(temporal=False) as trawl:
            rows = trawl.export_rows(crawl_id)
            if fmt == "jsonl":
                return await write_jsonl(rows, out_path)
            return await write_markdown(rows, out_path)
    count = run(go())
    err.print(f"exported {count} pages to {out_path}")


@app.command()
def sql(
    query: Annotated[str, typer.Argument(help="SQL to run against trawl's database.")],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per row.")] = False,
) -> None:
    """Run one read-only SQL statement against trawl's database (the schema: the docs' "SQL"
    page): select works; writes, DDL and COPY to programs or files are refused."""
    if not query.strip():
        raise fail("give one SQL statement, e.g. trawl sql \"select url, title from pages "
                   "limit 5\"")

    async def go() -> None:
        from trawl.api.sql import run_read_only
        from trawl.services.runtime import resolve_reader_url

        async with await Trawl.connect(temporal=False) as trawl:
            reader = await asyncio.to_thread(resolve_reader_url, trawl.settings)
            if reader is None:
                err.print("note: no read-only role (TRAWL_READER_DATABASE_URL): the statement "
                          "runs in a read-only transaction as the owner role")
            keys, rows = await run_read_only(reader or trawl.runtime.database_url, query)
        if as_json:
            for row in rows:
                out.print_json(json.dumps(dict(zip(keys, row, strict=True)), default=str),
                               indent=None)
            return
        table = Table(*keys)
        for row in rows:
            table.add_row(*("" if v is None else str(v) for v in row))
        print_table(table)
        err.print(f"{len(rows)} rows")
    run(go())


# -- services ----------------------------------------------------------------------------

MetricsPort = Annotated[int | None, typer.Option(
    min=1, max=65535, help="Serve Prometheus metrics on this port, on 127.0.0.1 unless "
    "--metrics-host says otherwise (default TRAWL_METRICS_PORT; unset: no endpoint).")]
MetricsHost = Annotated[str | None, typer.Option(
    help="Address the metrics endpoint binds (default TRAWL_METRICS_HOST, 127.0.0.1), e.g. "
    "0.0.0.0 for a Prometheus on another machine.")]


@app.command()
def worker(
    max_concurrent_activities: Annotated[int, typer.Option(
        min=1, max=MAX_CONCURRENT_ACTIVITIES,
        help="Explore activities this worker runs at once.")] = DEFAULT_MAX_CONCURRENT_ACTIVITIES,
    metrics_port: MetricsPort = None,
    metrics_host: MetricsHost = None,
) -> None:
    """Run a worker (for real deployments; `trawl crawl` starts one itself when embedded)."""
    _check_listen_host(metrics_host, "--metrics-host")
    from trawl.services.runtime import ensure_runtime
    from trawl.worker.main import WorkerConfig, run_worker

    settings = get_settings()
    configure_logging(log_level(logging.INFO))

    async def go() -> int | None:
        with _metrics_endpoint(settings, metrics_port, metrics_host) as metrics:
            runtime = await asyncio.to_thread(ensure_runtime, settings)
            cfg = WorkerConfig.from_settings(settings, runtime.temporal_address,
                                             runtime.database_url)
            cfg.max_concurrent_activities = max_concurrent_activities
            err.print(f"worker: Temporal {cfg.temporal_address}, task queue {cfg.task_queue}")
            if metrics is not None:
                err.print(f"metrics: {metrics.url}")
            return await run_worker(cfg, metrics=metrics)
    _run_foreground(go(), "the worker stopped")


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


@app.command()
def up(metrics_port: MetricsPort = None, metrics_host: MetricsHost = None) -> None:
    """Run the embedded services and a worker in the foreground; Ctrl-C stops the worker."""
    _check_listen_host(metrics_host, "--metrics-host")
    from trawl.services.runtime import claim_worker, ensure_runtime, release_worker
    from trawl.store.db import libpq_url, upgrade_schema
    from trawl.worker.main import WorkerConfig, run_worker

    settings = get_settings()
    configure_logging(log_level(logging.INFO))

    async def go() -> int | None:
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
                    upgrade=False, metrics=metrics)
        finally:
            if runtime.embedded:
                await asyncio.to_thread(release_worker, settings)
    _run_foreground(go(), "the worker stopped; the services go on (`trawl down` stops them)")


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


def _run_foreground(coro: Coroutine[Any, Any, int | None], stopped: str) -> None:
    """`trawl worker` and `trawl up`: Ctrl-C (at start too) is one line and exit 130."""
    try:
        sig = run(coro)
    except typer.Exit as exc:
        if exc.exit_code != EXIT_INTERRUPTED:
            raise
        sig = signal.SIGINT
    if sig == signal.SIGINT:
        err.print(f"interrupted: {stopped}", soft_wrap=True)
        raise typer.Exit(EXIT_INTERRUPTED)


@app.command("codec-server")
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


@app.command()
def down() -> None:
    """Stop the data dir's embedded services and worker, and wait until each is gone."""
    from trawl.services.runtime import stop_stack

    results = stop_stack(get_settings())
    for result in results:
        out.print(result.line, markup=False, highlight=False)
    if not all(r.ok for r in results):
        raise typer.Exit(EXIT_ERROR)


@db_app.command("upgrade")
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


@app.command()
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
    run(serve_api(get_settings(), host, port, token_file=token_file, mcp=mcp,
                  announce=lambda line: err.print(line, markup=False, highlight=False),
                  callers=callers))


handoff_commands.register(app, run, out, err, print_table=print_table,
                          print_json_lines=print_json_lines)
register_scrape(app)  # `trawl scrape URL`: one page, no services


def main() -> None:
    code: int = 0
    if threading.current_thread() is threading.main_thread():  # loaded: Python's own again
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        code = invoke(app, None, "trawl")  # also under `python -m trawl.api`
    except KeyboardInterrupt:  # outside run(), e.g. while a command loads what it needs
        err.print("interrupted")
        code = EXIT_INTERRUPTED
    except TrawlError as exc:  # raised outside run(), e.g. while reading settings
        err.print(f"[red]error:[/red] {escape(str(exc))}", soft_wrap=True)
        code = exit_code(exc)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if isinstance(exc.code, str):
            print(exc.code, file=sys.stderr)
    # Skip interpreter teardown: the Temporal client's Rust threads can abort a finalizing
    # interpreter ("PyGILState_Release: thread state must be current", temporalio/sdk-python
    # issue 300), turning a clean exit into a crash. Every command has closed what it opened.
    # multiprocessing's exit finalizers still run (the worker's process pools' semaphores
    # unlinked), or its resource tracker warns of "leaked semaphore objects"; its children
    # are not waited for (extraction processes die with their parent).
    mp_util = sys.modules.get("multiprocessing.util")
    if mp_util is not None:
        with contextlib.suppress(Exception):
            mp_util._run_finalizers(0)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
