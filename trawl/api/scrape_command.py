"""`trawl scrape URL`: one page to stdout or a file, without a crawl.

Starts no service (no Temporal, no Postgres, no worker): see :mod:`trawl.crawler.scrape`.
Flags are checked before anything is fetched; a failure is one line on stderr
(``error: ...``) and exit status 1, an HTTP error status included.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

if TYPE_CHECKING:
    from trawl.crawler.scrape import ScrapeOptions, ScrapeResult

OUTPUTS = ("markdown", "html", "text", "json", "links", "metadata", "screenshot")
"""What ``--format`` writes: one field of the result, or ``json`` (the whole result)."""
JSON_FORMATS = ("markdown", "html", "text", "links", "metadata")
"""The formats a ``--format json`` result holds (a screenshot only with -o, as a file)."""
EXIT_ERROR = 1

_err = Console(stderr=True, highlight=False, soft_wrap=True)


def _fail(message: str) -> typer.Exit:
    _err.print(f"[red]error:[/red] {message}", markup=True)
    return typer.Exit(EXIT_ERROR)


def _note(message: str) -> None:
    _err.print(f"note: {message}", markup=False)


def _check_output(path: Path) -> None:
    """One line and exit 1 unless ``-o`` names a file that can be written, before anything
    is fetched."""
    if not str(path).strip() or path.name in ("", ".", ".."):
        raise _fail(f"-o {str(path)!r}: give a file name")
    if path.is_dir():
        raise _fail(f"-o {path}: is a directory; give a file name")
    parent = path.parent
    if not parent.is_dir():
        raise _fail(f"-o {path}: {parent} is not an existing directory")
    if not os.access(parent, os.W_OK):
        raise _fail(f"-o {path}: {parent} is not writable")


def _write(path: Path, data: bytes) -> None:
    """Write ``path`` whole or not at all (a failed scrape leaves an existing file alone)."""
    directory = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=directory)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _output(result: ScrapeResult, fmt: str) -> bytes:
    """The bytes ``--format`` asks for, from a result that was read."""
    if fmt == "json":
        return (result.model_dump_json() + "\n").encode()
    if fmt == "screenshot":
        return result.screenshot or b""
    if fmt == "links":
        lines = [f"{link.url}\t{link.text}" for link in result.links or []]
        return ("\n".join(lines) + ("\n" if lines else "")).encode()
    if fmt == "metadata":
        return (json.dumps(result.metadata or {}, ensure_ascii=False, default=str)
                + "\n").encode()
    value = getattr(result, fmt) or ""
    return (value if value.endswith("\n") or not value else value + "\n").encode()


def register(app: typer.Typer) -> None:
    """Add ``trawl scrape`` to ``app``."""

    @app.command("scrape")
    def scrape(
        url: Annotated[str, typer.Argument(help="The page's URL (http or https).")],
        fmt: Annotated[str, typer.Option(
            "--format", "-f",
            help="markdown (default), html (as read: served, or the rendered DOM), text, "
                 "links (URL, tab, anchor text; one a line), metadata (JSON), json (the "
                 "whole result as one JSON object), screenshot (PNG; needs -o).")
        ] = "markdown",
        render: Annotated[str, typer.Option(
            help="auto: fetch over HTTP, render in Chromium only a page that needs it; "
                 "http: never a browser; browser: always Chromium.")] = "auto",
        content: Annotated[str, typer.Option(
            help="main: the page's main content; full: the whole body without navigation "
                 "chrome.")] = "main",
        output: Annotated[Path | None, typer.Option(
            "--output", "-o", help="Write to this file instead of stdout.")] = None,
        timeout: Annotated[float, typer.Option(
            help="Seconds the page may take to answer (and, rendered, to load).")] = 30.0,
        allow_private: Annotated[bool, typer.Option(
            "--allow-private",
            help="Also fetch internal addresses (loopback, private networks, cloud metadata) "
                 "other than the URL's own origin: a redirect or a subresource elsewhere. The "
                 "URL you give is fetched wherever it points.")
        ] = False,
        allow_host: Annotated[list[str] | None, typer.Option(
            help="A host name (with its subdomains) or CIDR allowed even at an internal "
                 "address (repeatable).")] = None,
        user_agent: Annotated[str | None, typer.Option(
            help="User-Agent to send (default: TRAWL_USER_AGENT, which names trawl).")
        ] = None,
        extract: Annotated[Path | None, typer.Option(
            "--extract", metavar="FILE",
            help="Structured data from the page: a YAML/JSON file with 'fields' (CSS or "
                 "XPath selectors) or 'schema' and 'prompt' (a model). Prints the data as "
                 "JSON (with --format json: in the result's 'data').")] = None,
        model: Annotated[str | None, typer.Option(
            metavar="PROVIDER:NAME",
            help="The model of a schema extraction (default TRAWL_MODEL).")] = None,
    ) -> None:
        """Scrape one page without a crawl: its markdown (or html, text, links, metadata,
        JSON, a screenshot) to stdout or a file. Starts no service."""
        from trawl.crawler.scrape import options_from
        from trawl.errors import TrawlError

        if fmt not in OUTPUTS:
            raise _fail(f"--format must be one of {', '.join(OUTPUTS)}, not {fmt!r}")
        if fmt == "screenshot" and output is None:
            raise _fail("--format screenshot writes a PNG: give a file with -o FILE "
                        "(it is not written to a terminal)")
        if output is not None:
            _check_output(output)
        formats = JSON_FORMATS if fmt == "json" else (fmt,)
        try:
            spec = _extract_spec(extract)
            opts = options_from(None, formats=formats, render=render, content=content,
                                timeout_s=timeout, allow_private=allow_private,
                                allow_hosts=allow_host or (), user_agent=user_agent,
                                extract=spec, model=model)
            if fmt == "screenshot" and opts.render == "http":
                raise _fail("--format screenshot needs the browser: use --render auto "
                            "or browser, not http")
            result = asyncio.run(_scrape(url, opts))
        except TrawlError as exc:
            raise _fail(str(exc)) from None
        except KeyboardInterrupt:
            raise typer.Exit(130) from None
        if result.wall:
            _note(f"the page may need a person (read as an anonymous visitor): {result.wall}")
        if result.thin_content:
            _note(f"thin content: {result.thin_reason}")
        if not result.ok:
            if fmt == "json":  # the facts of the answer, for scripts; still a failure
                _emit(_output(result, fmt), output)
            raise _fail(result.error_message or result.error_class or "not read")
        if fmt == "screenshot" and result.screenshot is None:
            raise _fail(f"no screenshot: {result.screenshot_missing}")
        _emit(_data(result) if extract is not None and fmt != "json"
              else _output(result, fmt), output)
        if output is not None:
            _note(f"wrote {output} ({result.final_url}, {result.render_mode}: "
                  f"{result.render_reason})")


def _extract_spec(path: Path | None) -> dict[str, Any] | None:
    if path is None:
        return None
    from trawl.model import load_extract_file

    return load_extract_file(path)


def _data(result: ScrapeResult) -> bytes:
    """``--extract`` without ``--format json``: the data is what was asked for (JSON);
    none is a failure with the reason."""
    if result.data is None:
        raise _fail(f"no data extracted: {result.data_error}")
    return (json.dumps(result.data, ensure_ascii=False) + "\n").encode()


async def _scrape(url: str, opts: ScrapeOptions) -> ScrapeResult:
    from trawl.crawler.scrape import Scraper

    async with Scraper() as scraper:
        return await scraper.scrape(url, opts)


def _emit(data: bytes, output: Path | None) -> None:
    if output is not None:
        try:
            _write(output, data)
        except OSError as exc:
            raise _fail(f"cannot write {output}: {exc.strerror or exc}") from None
        return
    try:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    except BrokenPipeError:  # `trawl scrape URL | head`: the reader has what it wanted
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def main(args: list[str]) -> None:
    """``trawl scrape ARGS`` on its own (see :mod:`trawl.api.entry`): the same command as
    the one registered on the full CLI, without importing the rest of it."""
    from trawl.api.invoke import invoke

    app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    register(app)
    code = 0
    try:
        code = invoke(app, args, "trawl scrape")
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if isinstance(exc.code, str):
            print(exc.code, file=sys.stderr)
    sys.stdout.flush()
    sys.stderr.flush()
    sys.exit(code)
