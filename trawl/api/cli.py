"""The `trawl` command line.

Every command reports failures as one line on stderr (``error: ...``) and a non-zero
exit status; tracebacks are for bugs, not for bad input.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from trawl import _loading
from trawl.api import agent_commands, handoff_commands, result_commands, service_commands
from trawl.api._cli_kit import (
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    MAX_ROWS,
    PROGRESS_POLL_S,
    JsonOption,
    err,
    exit_code,
    fail,
    interrupt_said,
    log_level,
    out,
    print_json,
    print_json_lines,
    print_table,
    run,
    say_interrupted,
    seeds_cell,
    set_verbosity,
    verbosity,
)
from trawl.api.crawls import CHANGE_KINDS, CrawlStatus, Trawl
from trawl.api.invoke import invoke
from trawl.api.scrape_command import register as register_scrape
from trawl.config import (
    DEFAULT_CONCURRENCY,
    DEFAULT_DELAY_S,
    DEFAULT_MAX_DEPTH,
    DEFAULT_MAX_HOST_ERRORS,
    DEFAULT_MAX_LINKS_PER_PAGE,
    DEFAULT_MAX_PAGES,
    get_settings,
)
from trawl.errors import ConfigError, SettingsError, TrawlError
from trawl.extract import DEFAULT_CHUNK_CHARS
from trawl.model import DEFAULT_RENDER_MODE, DEFAULT_SITEMAP_MODE, CrawlSpec
from trawl.policy import DEFAULT_MAX_URL_LENGTH
from trawl.redact import configure_logging

app = typer.Typer(no_args_is_help=True, add_completion=True, pretty_exceptions_enable=False,
                  help="trawl: a durable knowledge-extraction crawler.")
db_app = typer.Typer(no_args_is_help=True, help="Database schema commands.")
app.add_typer(db_app, name="db")
agent_commands.register(app)


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
    set_verbosity(-1 if quiet else verbose)
    if verbosity():
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
                  disable=not show or verbosity() < 0) as progress:
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


result_commands.register(app)
service_commands.register(app, db_app)
handoff_commands.register(app, run, out, err, print_table=print_table,
                          print_json_lines=print_json_lines)
register_scrape(app)  # `trawl scrape URL`: one page, no services


def main() -> None:
    code: int = 0
    _loading.loaded()  # Python's own handlers again
    try:
        code = invoke(app, None, "trawl")  # also under `python -m trawl.api`
    except KeyboardInterrupt:  # outside run(), e.g. while a command loads what it needs
        code = say_interrupted().exit_code
    except TrawlError as exc:  # raised outside run(), e.g. while reading settings
        err.print(f"[red]error:[/red] {escape(str(exc))}", soft_wrap=True)
        code = exit_code(exc)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if isinstance(exc.code, str):
            print(exc.code, file=sys.stderr)
    if code == EXIT_INTERRUPTED and not interrupt_said():  # typer's silent exit 130
        say_interrupted()
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
