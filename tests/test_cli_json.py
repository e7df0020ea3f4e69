"""The `trawl` command line in scripts (issue 18): --json outputs, piped tables, --version,
-v/-q, shell completion, one-line errors for bad settings, bad flags checked before any
service starts, no browser, and Ctrl-C of a foreground worker. Real CLI processes against
the session's real Temporal and Postgres."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from tests.conftest import PYTHON, ROOT, SITES
from tests.sitesrv import serve
from tests.test_cli import assert_one_line_error, trawl
from tests.workerkit import kill_group, start_worker
from trawl.services._process import free_port
from trawl.store import sessions

STATUS_KEYS = {"crawl_id", "workflow_id", "status", "note", "seeds", "pages_done",
               "pages_failed", "queued", "in_progress", "redirected", "thin", "thin_partial",
               "given_up",
               "created_at", "finished_at", "ui_url", "finished", "workflow_status",
               "stopped_sites", "recrawl_of", "changes", "webhook"}


@pytest.fixture
def cli_env(temporal_address: str, database_url: str, reader_url: str,
            task_queue: str) -> dict[str, str]:
    """The session's services, and a narrow terminal width: piped output must not care."""
    env = os.environ.copy()
    env.update(TRAWL_TEMPORAL_ADDRESS=temporal_address, TRAWL_DATABASE_URL=database_url,
               TRAWL_TASK_QUEUE=task_queue, TRAWL_READER_DATABASE_URL=reader_url,
               PYTHONPATH=str(ROOT), COLUMNS="40")
    return env


@pytest.fixture
def embedded_env(tmp_path: Path) -> dict[str, str]:
    """No configured services: anything the CLI started would live under TRAWL_DATA_DIR
    (which does not exist yet) on free ports."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("TRAWL_") or k == "TRAWL_SECRET_KEY"}
    env.update(PYTHONPATH=str(ROOT), TRAWL_DATA_DIR=str(tmp_path / "data"),
               TRAWL_TEMPORAL_PORT=str(free_port()), TRAWL_TEMPORAL_UI_PORT=str(free_port()),
               TRAWL_CODEC_PORT=str(free_port()))
    return env


def json_lines(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines()]


def assert_nothing_started(env: dict[str, str]) -> None:
    assert not Path(env["TRAWL_DATA_DIR"]).exists(), sorted(
        p.name for p in Path(env["TRAWL_DATA_DIR"]).iterdir())


# -- no services needed ---------------------------------------------------------------------

def test_version_and_completion(embedded_env: dict[str, str]) -> None:
    shown = trawl(embedded_env, "--version")
    assert shown.returncode == 0 and shown.stdout == f"trawl {version('trawl')}\n"
    completion = trawl(embedded_env, "--show-completion", "bash")
    assert completion.returncode == 0, completion.stderr
    assert "_TRAWL_COMPLETE" in completion.stdout and "complete " in completion.stdout
    assert "--install-completion" in trawl(embedded_env, "--help").stdout
    assert_nothing_started(embedded_env)


@pytest.mark.parametrize(("variable", "value", "pattern"), [
    ("TRAWL_DATABASE_URL", "notaurl",
     r"TRAWL_DATABASE_URL='notaurl': must be a PostgreSQL URL"),
    ("TRAWL_TEMPORAL_PORT", "abc", r"TRAWL_TEMPORAL_PORT='abc': Input should be a valid integer"),
    ("TRAWL_TEMPORAL_PORT", "70000", r"TRAWL_TEMPORAL_PORT='70000': .*less than or equal"),
    ("TRAWL_TEMPORAL_ADDRESS", "http://localhost:7233",
     r"TRAWL_TEMPORAL_ADDRESS='http://localhost:7233': must be host:port"),
    ("TRAWL_EXTRACT_PROCESSES", "0", r"TRAWL_EXTRACT_PROCESSES='0'"),
    ("TRAWL_EXTRACT_TIMEOUT_S", "0", r"TRAWL_EXTRACT_TIMEOUT_S='0': .*greater than 0"),
    ("TRAWL_EXTRACT_TIMEOUT_S", "nan", r"TRAWL_EXTRACT_TIMEOUT_S='nan': .*finite number"),
    ("TRAWL_EXTRACT_TIMEOUT_S", "a minute", r"TRAWL_EXTRACT_TIMEOUT_S='a minute': .*number"),
    ("TRAWL_BROWSER_SANDBOX", "maybe", r"TRAWL_BROWSER_SANDBOX='maybe'"),
    ("TRAWL_METRICS_PORT", "70000", r"TRAWL_METRICS_PORT='70000': .*less than or equal"),
])
def test_bad_settings_are_one_line_and_exit_2(embedded_env: dict[str, str], variable: str,
                                              value: str, pattern: str) -> None:
    result = trawl(dict(embedded_env, **{variable: value}), "list")
    assert_one_line_error(result, "invalid setting " + pattern)
    assert result.returncode == 2
    assert_nothing_started(embedded_env)


@pytest.mark.parametrize("command", [["crawl", "http://127.0.0.1:1/"], ["worker"], ["up"],
                                     ["down"]])
def test_bad_settings_stop_every_command_before_it_starts(embedded_env: dict[str, str],
                                                          command: list[str]) -> None:
    env = dict(embedded_env, TRAWL_DATABASE_URL="notaurl", TRAWL_TEMPORAL_PORT="abc")
    result = trawl(env, *command)
    assert_one_line_error(result, r"invalid setting TRAWL_TEMPORAL_PORT='abc': .*; "
                                  r"TRAWL_DATABASE_URL='notaurl': must be a PostgreSQL URL")
    assert result.returncode == 2
    assert_nothing_started(embedded_env)


@pytest.mark.parametrize(("args", "pattern"), [
    (["--max-pages", "0"], r"--max-pages must be at least 1"),
    (["--render", "magic"], r"--render must be one of"),
    (["--sitemap", "never"], r"--sitemap"),
    (["--concurrency", "0"], r"--concurrency"),
    (["--webhook", "ftp://127.0.0.1/hook"], r"--webhook must be an http\(s\) URL"),
    (["--webhook-event", "crawl_finished"], r"--webhook-event needs --webhook URL"),
])
def test_bad_flags_are_refused_before_any_service_starts(embedded_env: dict[str, str],
                                                        args: list[str], pattern: str) -> None:
    with serve(SITES / "basic") as site:
        result = trawl(embedded_env, "crawl", site.base + "/", *args)
    assert_one_line_error(result, pattern)
    assert_nothing_started(embedded_env)


@pytest.mark.parametrize(("url", "pattern"), [
    ("not a url", r"invalid URL"),
    ("http://127.0.0.1:1/", r"cannot reach 127\.0\.0\.1:1"),
    ("http://no-such-host.invalid/", r"cannot resolve host"),
])
def test_bad_start_urls_are_refused_before_any_service_starts(embedded_env: dict[str, str],
                                                             url: str, pattern: str) -> None:
    assert_one_line_error(trawl(embedded_env, "crawl", url), pattern)
    assert_nothing_started(embedded_env)


def test_no_browser_is_an_error_not_an_empty_crawl(embedded_env: dict[str, str],
                                                   tmp_path: Path) -> None:
    env = dict(embedded_env, TRAWL_BROWSER_PATH=str(tmp_path / "no-chrome"),
               PATH=str(tmp_path / "empty-bin"))  # no chromium/google-chrome on PATH either
    with serve(SITES / "basic") as site:
        result = trawl(env, "crawl", site.base + "/", "--render", "browser", "--json")
        assert_one_line_error(result, r"TRAWL_BROWSER_PATH=.*no-chrome does not exist")
        assert result.stdout == ""
        assert_nothing_started(env)
        # http mode needs no browser: it gets past the check (and fails later on the dead
        # Temporal address, which shows it got that far)
        dead = dict(env, TRAWL_TEMPORAL_ADDRESS="127.0.0.1:1",
                    TRAWL_DATABASE_URL="postgresql://nobody@127.0.0.1:1/trawl")
        assert_one_line_error(trawl(dead, "crawl", site.base + "/", "--render", "http"),
                              r"cannot reach (Postgres|Temporal)")


# -- against the session's services --------------------------------------------------------

def test_verbose_and_quiet(cli_env: dict[str, str]) -> None:
    plain = trawl(cli_env, "list")
    verbose = trawl(cli_env, "-v", "list")
    quiet = trawl(cli_env, "-q", "list")
    assert plain.returncode == verbose.returncode == quiet.returncode == 0
    assert " INFO " in verbose.stderr  # the schema check logs at INFO
    assert " INFO " not in plain.stderr and quiet.stderr == ""


async def test_json_outputs_and_piped_tables(cli_env: dict[str, str], temporal_address: str,
                                             database_url: str, task_queue: str,
                                             engine: AsyncEngine, tmp_path: Path) -> None:
    worker = start_worker(temporal_address, database_url, task_queue, tmp_path / "worker.log")
    try:
        with serve(SITES / "basic") as site:
            crawled = trawl(cli_env, "crawl", site.base + "/", "--max-pages", "4",
                            "--render", "http", "--json")
            assert crawled.returncode == 0, crawled.stderr
            final = json.loads(crawled.stdout)  # one object, nothing else on stdout
            assert set(final) == STATUS_KEYS
            assert final["status"] == "COMPLETED" and final["finished"] is True
            assert final["pages_done"] + final["pages_failed"] == 4, json.dumps(final)
            assert final["pages_done"] >= 3 and final["in_progress"] == 0
            assert final["seeds"] == [site.base + "/"]
            assert final["stopped_sites"] == {} and final["changes"] is None
            assert "crawling" not in crawled.stderr  # no progress bar
            crawl_id = final["crawl_id"]

            detached = trawl(cli_env, "crawl", site.base + "/a.html", "--detach", "--json",
                             "--max-pages", "1", "--render", "http")
            assert detached.returncode == 0, detached.stderr
            started = json.loads(detached.stdout)
            assert set(started) == {"crawl_id", "workflow_id", "ui_url", "sql"}
            assert started["workflow_id"].endswith(started["crawl_id"])
            for _ in range(120):  # let it finish while the worker runs
                s = json.loads(trawl(cli_env, "status", started["crawl_id"], "--json").stdout)
                if s["finished"]:
                    break
                time.sleep(0.5)
            assert s["status"] == "COMPLETED", s
    finally:
        kill_group(worker)

    status = trawl(cli_env, "status", crawl_id, "--json")
    assert status.returncode == 0, status.stderr
    s = json.loads(status.stdout)
    assert set(s) == STATUS_KEYS and s["crawl_id"] == crawl_id
    assert {k: s[k] for k in ("pages_done", "pages_failed", "queued", "finished_at")} == {
        k: final[k] for k in ("pages_done", "pages_failed", "queued", "finished_at")}
    created = s["created_at"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", created), created

    listing = json_lines(trawl(cli_env, "list", "--json").stdout)
    assert {r["crawl_id"] for r in listing} >= {crawl_id, started["crawl_id"]}
    row = next(r for r in listing if r["crawl_id"] == crawl_id)
    assert set(row) == {"crawl_id", "status", "seeds", "recrawl_of", "pages_done",
                        "pages_failed", "waiting", "created_at"}
    assert row["pages_done"] == final["pages_done"] and row["status"] == "completed"
    assert row["created_at"].startswith(created[:19])

    page_rows = json_lines(trawl(cli_env, "pages", crawl_id, "--json").stdout)
    assert len(page_rows) == 4

    # its events: what a webhook would have received, one JSON object per line
    events = json_lines(trawl(cli_env, "events", crawl_id, "--json").stdout)
    assert [e["type"] for e in events][-1] == "crawl_finished"
    assert sorted(e["data"]["url"] for e in events if e["type"].startswith("page_")) == \
        sorted(r["url"] for r in page_rows)
    assert len({e["id"] for e in events}) == len(events)
    finished_line = trawl(cli_env, "events", crawl_id, "--type", "crawl_finished").stdout
    assert finished_line.split("\t")[2:] == ["crawl_finished", "completed\n"]
    assert trawl(cli_env, "events", crawl_id, "--after", str(events[-1]["seq"])).stdout == ""
    assert_one_line_error(trawl(cli_env, "events", crawl_id, "--type", "page_seen"),
                          r"--type takes crawl_started, page_stored")
    assert trawl(cli_env, "webhook-secret").stdout.strip() == cli_env["TRAWL_WEBHOOK_SECRET"]
    assert set(page_rows[0]) == {"id", "crawl_id", "url", "status_code", "title", "word_count",
                                 "error_class", "data", "data_error"}  # (--extract's)
    assert all(r["crawl_id"] == crawl_id and r["url"].startswith(site.base) for r in page_rows)
    found = json_lines(trawl(cli_env, "pages", crawl_id, "--search", "looping link",
                             "--json").stdout)
    assert [(r["url"], r["title"]) for r in found] == [(site.base + "/", "Home")]
    assert isinstance(found[0]["rank"], float)

    # piped tables: every row whole on one tab-separated line, at a 40-column "terminal"
    table = trawl(cli_env, "pages", crawl_id)
    lines = table.stdout.splitlines()
    assert lines[0].split("\t") == ["url", "status", "title", "words"]
    assert sorted(line.split("\t")[0] for line in lines[1:]) == sorted(
        r["url"] for r in page_rows)
    assert "…" not in table.stdout
    crawls_table = trawl(cli_env, "list").stdout
    assert any(line.split("\t")[:3] == [crawl_id, "completed", site.base + "/"]
               for line in crawls_table.splitlines()), crawls_table
    status_table = trawl(cli_env, "status", crawl_id).stdout
    assert f"ui_url\t{s['ui_url']}" in status_table.splitlines()

    # handoffs and profiles: one open handoff, one stored profile
    site_origin = site.base
    async with engine.begin() as conn:
        await conn.execute(text(
            "insert into handoffs (crawl_id, site, url, workflow_id, reason, detail) "
            "values (:c, :s, :u, :w, 'login', 'a password field')"),
            {"c": crawl_id, "s": site_origin, "u": site_origin + "/private.html",
             "w": s["workflow_id"] + "-site"})
    await sessions.save_profile(engine, site_origin, cookies=[
        {"name": "sid", "value": "secret-value", "domain": "127.0.0.1", "path": "/"}])
    try:
        open_handoffs = json_lines(trawl(cli_env, "handoffs", crawl_id, "--json").stdout)
        assert len(open_handoffs) == 1
        h = open_handoffs[0]
        assert h["url"] == site_origin + "/private.html" and h["reason"] == "login"
        assert h["commands"]["resume"] == f"trawl resume {crawl_id}"
        assert "temporal workflow signal" in h["commands"]["signal"]
        profiles = json_lines(trawl(cli_env, "profiles", "list", "--json").stdout)
        mine = [p for p in profiles if p["site"] == site_origin]
        assert len(mine) == 1 and mine[0]["cookies"] == 1
        assert set(mine[0]) == {"site", "version", "cookies", "updated_at"}
        assert "secret-value" not in json.dumps(profiles)
        assert trawl(cli_env, "handoffs", "--json").returncode == 0
    finally:
        async with engine.begin() as conn:
            await conn.execute(text("delete from handoffs where crawl_id = :c"),
                               {"c": crawl_id})
        await sessions.delete_profile(engine, site_origin)
    assert trawl(cli_env, "handoffs", crawl_id, "--json").stdout == ""


def _start_cli(env: dict[str, str], *args: str, sigint_ignored: bool = False
               ) -> subprocess.Popen[str]:
    """The CLI in a process group of its own (a Ctrl-C at a terminal signals the group);
    ``sigint_ignored``: started as a shell's background job is, with SIGINT ignored."""
    def ignore_sigint() -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)

    return subprocess.Popen([PYTHON, "-m", "trawl.api", *args], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True,
                            preexec_fn=ignore_sigint if sigint_ignored else None)


def test_ctrl_c_while_a_worker_loads_is_one_line_not_a_silent_exit(
        capsys: pytest.CaptureFixture[str]) -> None:
    # a Ctrl-C in the second `trawl worker` takes to import what it runs, before its
    # coroutine starts: typer made that an exit 130 with nothing said
    import typer

    from trawl.api.service_commands import _interrupt_said

    with pytest.raises(typer.Exit) as exited, _interrupt_said("the worker stopped"):
        raise KeyboardInterrupt
    assert exited.value.exit_code == 130
    assert capsys.readouterr().err.strip() == "interrupted: the worker stopped"


_SILENT_130 = """
import sys
import typer
from trawl.api import cli
from trawl.api._cli_kit import say_interrupted

@cli.app.command("silent-130")
def _silent() -> None:
    raise typer.Exit(130)  # (typer's own shape of a KeyboardInterrupt left unsaid)

@cli.app.command("said-130")
def _said() -> None:
    raise say_interrupted("interrupted: the thing stopped")

sys.argv = ["trawl", sys.argv[1]]
cli.main()
"""


@pytest.mark.parametrize(("command", "line"), [("silent-130", "interrupted"),
                                               ("said-130", "interrupted: the thing stopped")])
def test_an_exit_130_is_said_once(command: str, line: str) -> None:
    # cli.main's fallback: an exit 130 nobody reported (typer turns a KeyboardInterrupt
    # that leaves a command into a silent one) says "interrupted"; one a command reported
    # is not said twice
    done = subprocess.run([PYTHON, "-c", _SILENT_130, command], cwd=ROOT, text=True,
                          capture_output=True, timeout=60)
    assert done.returncode == 130, done.stderr
    assert done.stderr.strip() == line


def test_ctrl_c_of_a_worker_is_one_line_and_exit_130(cli_env: dict[str, str],
                                                     tmp_path: Path) -> None:
    proc = _start_cli(cli_env, "worker")
    assert proc.stderr is not None
    seen = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        seen.append(line)
        if "worker polling" in line or not line:
            break
    assert "worker polling" in seen[-1], "".join(seen)
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C: its extraction processes too
    _, rest = proc.communicate(timeout=60)
    assert proc.returncode == 130, rest
    assert "Traceback" not in rest and "leaked" not in rest, rest
    assert rest.splitlines()[-1] == "interrupted: the worker stopped"

    # interrupted while still loading or starting: one line too, also when it started with
    # SIGINT ignored (a shell's background job: that Ctrl-C was lost, the worker ran on)
    for ignored in (False, True):
        early = _start_cli(cli_env, "worker", sigint_ignored=ignored)
        time.sleep(1.5)
        os.killpg(early.pid, signal.SIGINT)
        _, stderr = early.communicate(timeout=30)
        assert early.returncode == 130 and "Traceback" not in stderr, stderr
        assert stderr.strip().splitlines()[-1].startswith("interrupted")
