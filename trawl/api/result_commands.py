"""`trawl pages|events|export|sql|webhook-secret`: reading what crawls stored (registered
onto the main CLI app by :func:`register`)."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from trawl.api._cli_kit import (
    MAX_ROWS,
    MAX_SEQ,
    JsonOption,
    err,
    exit_code,
    fail,
    out,
    print_json,
    print_json_lines,
    print_table,
    run,
)
from trawl.api.crawls import Trawl
from trawl.errors import TrawlError
from trawl.model import CRAWL_EVENT_TYPES


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


def webhook_secret_command() -> None:
    """Print the secret crawl webhooks are signed with (Standard Webhooks; give it to the
    receiver to verify deliveries)."""
    from trawl.secrets import webhook_secret

    try:
        sys.stdout.write(webhook_secret() + "\n")
    except TrawlError as exc:
        raise fail(str(exc), exit_code(exc)) from None


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


def register(app: typer.Typer) -> None:
    """Add pages, events, webhook-secret, export and sql to ``app``."""
    app.command()(pages)
    app.command()(events)
    app.command("webhook-secret")(webhook_secret_command)
    app.command()(export)
    app.command()(sql)
