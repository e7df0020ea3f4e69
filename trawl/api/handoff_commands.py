"""`trawl handoffs|resume|pause|login|profiles` (registered onto the main CLI app)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Coroutine, Iterable, Mapping
from pathlib import Path
from typing import Annotated, Any, NamedTuple

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from trawl.api import handoffs
from trawl.api.crawls import Trawl

Run = Callable[[Coroutine[Any, Any, Any]], Any]
"""The CLI's runner of a command's coroutine (trawl.api.cli.run)."""
PrintTable = Callable[[Table], None]
"""The CLI's table printer (trawl.api.cli.print_table: never cut when piped)."""
PrintJsonLines = Callable[[Iterable[Mapping[str, Any]]], None]
"""The CLI's JSON lines printer (trawl.api.cli.print_json_lines)."""
JsonOption = Annotated[bool, typer.Option(
    "--json", help="Machine-readable output: one JSON object per line.")]


def register(app: typer.Typer, run: Run, out: Console, err: Console, *,
             print_table: PrintTable | None = None,
             print_json_lines: PrintJsonLines | None = None) -> None:
    """Add handoffs, resume, pause, login and profiles to ``app``."""
    printers = _Printers(print_table or out.print, print_json_lines or _json_lines)
    _register_handoffs(app, run, out, printers)
    _register_control(app, run, out, err)
    profiles_app = typer.Typer(no_args_is_help=True,
                               help="Per-site session profiles (they hold credentials).")
    app.add_typer(profiles_app, name="profiles")
    _register_profiles(profiles_app, run, out, err, printers)


class _Printers(NamedTuple):
    table: PrintTable
    json_lines: PrintJsonLines


def _json_lines(rows: Iterable[Mapping[str, Any]]) -> None:
    for row in rows:
        print(json.dumps(dict(row), default=str))


def _register_handoffs(app: typer.Typer, run: Run, out: Console, printers: _Printers) -> None:
    @app.command("handoffs")
    def list_handoffs(crawl_id: Annotated[str | None, typer.Argument(
            help="Crawl id or workflow id (default: all crawls).")] = None,
            as_json: JsonOption = False) -> None:
        """List open handoffs (pages waiting for a person) and how to resume each."""
        async def go() -> None:
            async with await Trawl.connect(temporal=False) as trawl:
                rows = await handoffs.open_handoffs(trawl, crawl_id)
                ops = trawl.ops_hints()
            if as_json:
                printers.json_lines(handoffs.as_json(h, ops) for h in rows)
                return
            if not rows:
                out.print("no open handoffs")
                return
            for h in rows:
                out.print(f"crawl {h.crawl_id} · site {h.site}")
                for line in handoffs.describe(h, ops):
                    # printed whole (never wrapped or cut): the command is pasted as is
                    out.print(f"  {line}", soft_wrap=True, overflow="ignore", crop=False,
                              markup=False, highlight=False)
        run(go())


def _register_control(app: typer.Typer, run: Run, out: Console, err: Console) -> None:
    """resume, pause and login: they signal the crawl's workflows."""

    @app.command()
    def resume(
        crawl_id: Annotated[str, typer.Argument(help="Crawl id, agent run id or workflow id.")],
        note: Annotated[str | None, typer.Option(help="What you did (kept with the handoff).")
                        ] = None,
        cookies: Annotated[Path | None, typer.Option(
            help="JSON list of cookies to add to the site's session profile.")] = None,
        storage_state: Annotated[Path | None, typer.Option(
            help="Playwright storage state JSON to use as the site's session profile.")
        ] = None,
        site: Annotated[str | None, typer.Option(
            help="Only this site's handoff (default: every open handoff of the crawl).")
        ] = None,
    ) -> None:
        """Resume a crawl after a handoff (optionally with a session) or a pause."""
        async def go() -> None:
            async with await Trawl.connect() as trawl:
                done = await handoffs.resume(trawl, crawl_id, note=note, cookies=cookies,
                                             storage_state=storage_state, site=site)
            if done.sites == ["agent run"]:
                out.print(f"agent run {done.crawl_id} resumed"
                          + (" (session saved)" if done.session_saved else ""))
                return
            if not done.sites:
                out.print(f"crawl {done.crawl_id} resumed")
                return
            saved = " (session profile saved)" if done.session_saved else ""
            out.print(f"crawl {done.crawl_id}: resumed {', '.join(done.sites)}{saved}")
        run(go())

    @app.command()
    def pause(crawl_id: Annotated[str, typer.Argument(help="Crawl id or workflow id.")]
              ) -> None:
        """Pause a crawl (pages in flight finish); `trawl resume` carries on."""
        async def go() -> None:
            async with await Trawl.connect() as trawl:
                cid = await handoffs.pause(trawl, crawl_id)
            out.print(f"crawl {cid} paused; `trawl resume {cid}` carries on")
        run(go())

    @app.command()
    def login(
        crawl_id: Annotated[str, typer.Argument(help="Crawl id or workflow id.")],
        note: Annotated[str | None, typer.Option(help="Note kept with the handoff.")] = None,
    ) -> None:
        """Open a browser at the blocked page; log in, then close it (or press Enter):
        the session is saved to the site's profile and the crawl resumes."""
        if sys.platform.startswith("linux") and not (
                os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            err.print("[red]error:[/red] no display for a browser window; log in elsewhere "
                      "and use `trawl resume ID --storage-state FILE`")
            raise typer.Exit(1)

        async def go() -> None:
            async with await Trawl.connect() as trawl:
                err.print("log in in the browser window, then close it or press Enter here")
                done = await handoffs.login(trawl, crawl_id, note=note)
            out.print(f"crawl {done.crawl_id}: session saved, resumed {', '.join(done.sites)}")
        run(go())


def _register_profiles(profiles_app: typer.Typer, run: Run, out: Console,
                       err: Console, printers: _Printers) -> None:
    @profiles_app.command("list")
    def profiles_list(as_json: JsonOption = False) -> None:
        """Sites with a stored session (never the values)."""
        async def go() -> None:
            from trawl.store import sessions

            async with await Trawl.connect(temporal=False) as trawl:
                rows = await sessions.list_profiles(trawl.engine)
            if as_json:
                printers.json_lines(rows)
                return
            if not rows:
                out.print("no session profiles")
                return
            table = Table("site", "version", "cookies", "updated")
            for r in rows:
                table.add_row(r["site"], str(r["version"]), str(r["cookies"]),
                              r["updated_at"].isoformat(timespec="seconds"))
            printers.table(table)
        run(go())

    @profiles_app.command("delete")
    def profiles_delete(site: Annotated[str, typer.Argument(
            help="Origin, e.g. https://example.org")]) -> None:
        """Delete a site's stored session (cookies and storage)."""
        from trawl.errors import ConfigError
        from trawl.urls import check_origin

        try:
            origin = check_origin(site, "SITE")
        except ConfigError as exc:
            err.print(f"[red]error:[/red] {escape(str(exc))}", soft_wrap=True)
            raise typer.Exit(1) from None

        async def go() -> bool:
            from trawl.store import sessions

            async with await Trawl.connect(temporal=False) as trawl:
                return await sessions.delete_profile(trawl.engine, origin)
        if not run(go()):
            err.print(f"[red]error:[/red] no session profile for {site}")
            raise typer.Exit(1)
        out.print(f"deleted the session profile of {site}")


__all__ = ["register"]
