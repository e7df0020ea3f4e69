"""The `trawl` command line against real services: the happy path and every bad input."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from temporalio.client import Client

from tests.conftest import PYTHON, ROOT, SITES, subprocess_env
from tests.sitesrv import serve
from tests.workerkit import kill_group, start_worker

CLI_TIMEOUT_S = 180


def trawl(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PYTHON, "-m", "trawl.api", *args], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=CLI_TIMEOUT_S, check=False)


@pytest.fixture
def cli_env(temporal_address: str, database_url: str, reader_url: str,
            task_queue: str) -> dict[str, str]:
    return subprocess_env(temporal_address, database_url, TRAWL_TASK_QUEUE=task_queue,
                          TRAWL_READER_DATABASE_URL=reader_url, COLUMNS="200")


def assert_one_line_error(result: subprocess.CompletedProcess[str], pattern: str) -> None:
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert re.search(pattern, lines[0]), lines[0]


@pytest.mark.parametrize(("args", "pattern"), [
    (["crawl", "not a url"], r"invalid URL"),
    (["crawl", "docs.example.com"], r"absolute URL such as https://docs\.example\.com"),
    (["crawl", "ftp://example.org/pub"], r"unsupported URL scheme 'ftp'"),
    (["crawl", "http://127.0.0.1:1/"], r"cannot reach 127\.0\.0\.1:1"),
    (["crawl", "http://no-such-host.invalid/"], r"cannot resolve host 'no-such-host\.invalid'"),
    (["crawl", "http://127.0.0.1:1/", "--max-pages", "0"], r"--max-pages must be at least 1"),
    (["crawl", "http://127.0.0.1:1/", "--render", "magic"], r"--render must be one of"),
    (["status", "nosuchcrawl"], r"no crawl with id 'nosuchcrawl'"),
    (["crawl", "--recrawl", "nosuchcrawl"], r"no crawl with id 'nosuchcrawl'"),
    (["crawl", "http://127.0.0.1:1/", "--recrawl", "x"], r"--recrawl .*give no URLs"),
    (["pages", "nosuchcrawl"], r"no crawl with id 'nosuchcrawl'"),
    (["cancel", "nosuchcrawl"], r"no crawl with id 'nosuchcrawl'"),
    (["sql", "select * from no_such_table"], r'relation "no_such_table" does not exist'),
    (["sql", "delete from pages"], r"cannot execute DELETE in a read-only transaction"),
])
def test_bad_input_is_one_line_error(cli_env: dict[str, str], args: list[str],
                                     pattern: str) -> None:
    assert_one_line_error(trawl(cli_env, *args), pattern)


def test_a_failed_export_leaves_files_alone(cli_env: dict[str, str], tmp_path: Path) -> None:
    out = tmp_path / "pages.jsonl"
    out.write_text("the user's earlier export\n")
    assert_one_line_error(trawl(cli_env, "export", "nosuchcrawl", str(out)),
                          r"no crawl with id 'nosuchcrawl'")
    assert out.read_text() == "the user's earlier export\n"
    assert_one_line_error(trawl(cli_env, "export", "nosuchcrawl", str(tmp_path / "md"),
                                "--format", "markdown"), r"no crawl with id 'nosuchcrawl'")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pages.jsonl"]


def test_dead_services_are_one_line_errors(cli_env: dict[str, str]) -> None:
    env = dict(cli_env, TRAWL_TEMPORAL_ADDRESS="127.0.0.1:1")
    assert_one_line_error(trawl(env, "status", "x"), r"cannot reach Temporal at 127\.0\.0\.1:1")
    env = dict(cli_env, TRAWL_DATABASE_URL="postgresql://nobody@127.0.0.1:1/trawl")
    assert_one_line_error(trawl(env, "list"), r"cannot reach Postgres")


def test_crawl_then_every_reading_command(cli_env: dict[str, str], temporal_address: str,
                                          database_url: str, task_queue: str,
                                          tmp_path: Path) -> None:
    worker = start_worker(temporal_address, database_url, task_queue, tmp_path / "worker.log")
    try:
        with serve(SITES / "basic") as site:
            result = trawl(cli_env, "crawl", site.base + "/", "--max-pages", "4",
                           "--render", "http")
            assert result.returncode == 0, result.stderr
            crawl_id = re.search(r"crawl (\w+) started", result.stdout).group(1)  # type: ignore[union-attr]
            assert f"/namespaces/default/workflows/crawl-127.0.0.1-{crawl_id}" in result.stdout
            assert f"where crawl_id = '{crawl_id}'" in result.stdout
            assert "4 pages stored" in result.stdout or "pages stored" in result.stdout

            detached = trawl(cli_env, "crawl", site.base + "/a.html", "--detach",
                             "--max-pages", "2", "--render", "http")
            assert detached.returncode == 0, detached.stderr
            assert "trawl status" in detached.stdout

            # a recrawl: same start URLs and settings, every page asked for conditionally
            recrawled = trawl(cli_env, "crawl", "--recrawl", crawl_id)
            assert recrawled.returncode == 0, recrawled.stderr
            assert f"recrawl of {crawl_id}" in recrawled.stdout
            assert re.search(rf"against {crawl_id}: 4 unchanged, 0 changed, 0 new",
                             recrawled.stdout), recrawled.stdout
            recrawl_id = re.search(r"crawl (\w+) started", recrawled.stdout).group(1)  # type: ignore[union-attr]
    finally:
        kill_group(worker)

    status = trawl(cli_env, "status", crawl_id)
    assert status.returncode == 0 and "COMPLETED" in status.stdout and "pages_done" in status.stdout

    listing = trawl(cli_env, "list")
    assert crawl_id in listing.stdout
    assert f"(recrawl of {crawl_id})" in listing.stdout
    recrawl_status = trawl(cli_env, "status", recrawl_id)
    assert re.search(r"recrawl_of\s+" + crawl_id, recrawl_status.stdout), recrawl_status.stdout
    assert re.search(r"unchanged\s+4", recrawl_status.stdout), recrawl_status.stdout

    found = trawl(cli_env, "pages", crawl_id, "--search", "welcome")
    assert found.returncode == 0 and "Home" in found.stdout

    out = tmp_path / "pages.jsonl"
    exported = trawl(cli_env, "export", crawl_id, str(out), "--format", "jsonl")
    assert exported.returncode == 0, exported.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 4 and all("markdown" in r and "url" in r for r in rows)

    md_dir = tmp_path / "md"
    assert trawl(cli_env, "export", crawl_id, str(md_dir), "--format", "markdown").returncode == 0
    files = list(md_dir.rglob("*.md"))
    assert files and any("# Welcome" in f.read_text() for f in files)

    sql = trawl(cli_env, "sql", f"select count(*) as n from pages where crawl_id = '{crawl_id}'",
                "--json")
    assert sql.returncode == 0 and json.loads(sql.stdout.strip()) == {"n": 4}

    upgraded = trawl(cli_env, "db", "upgrade")
    assert upgraded.returncode == 0 and "schema at revision" in upgraded.stdout

    cancelled = trawl(cli_env, "cancel", crawl_id)
    assert cancelled.returncode == 0 and "completed" in cancelled.stdout


async def test_recrawl_of_a_running_crawl_is_refused(cli_env: dict[str, str],
                                                     temporal_client: Client) -> None:
    with serve(SITES / "basic") as site:  # no worker: the crawl stays running
        started = trawl(cli_env, "crawl", site.base + "/", "--detach", "--render", "http")
    assert started.returncode == 0, started.stderr
    crawl_id = re.search(r"crawl (\w+) started", started.stdout).group(1)  # type: ignore[union-attr]
    workflow_id = re.search(r"workflow (\S+)\)", started.stdout).group(1)  # type: ignore[union-attr]
    try:
        assert_one_line_error(trawl(cli_env, "crawl", "--recrawl", crawl_id),
                              rf"crawl {crawl_id} is still running; wait .* or cancel it")
    finally:
        await temporal_client.get_workflow_handle(workflow_id).terminate("test done")


async def test_tables_show_the_first_seed_and_a_count_json_keeps_all(
        cli_env: dict[str, str], temporal_client: Client) -> None:
    """A crawl of many sites: `trawl list` and `trawl status` print one short line for its
    seeds (the first, "+N more"), `--json` every one of them."""
    with serve(SITES / "basic") as site:  # no worker: the crawl stays queued
        seeds = [site.url(f"/section-{n}/") for n in range(60)]
        started = trawl(cli_env, "crawl", *seeds, "--detach", "--render", "http", "--json")
    assert started.returncode == 0, started.stderr
    crawl = json.loads(started.stdout)
    try:
        listing = trawl(cli_env, "list", "--limit", "5")
        [row] = [ln for ln in listing.stdout.splitlines() if ln.startswith(crawl["crawl_id"])]
        assert f"\t{seeds[0]} +59 more\t" in row, row
        assert len(row) < 200 and seeds[1] not in row

        status = trawl(cli_env, "status", crawl["crawl_id"])
        [line] = [ln for ln in status.stdout.splitlines() if ln.startswith("seeds")]
        assert line == f"seeds\t{seeds[0]} +59 more"

        as_json = [json.loads(ln) for ln in trawl(cli_env, "list", "--json").stdout.splitlines()]
        assert next(r for r in as_json if r["crawl_id"] == crawl["crawl_id"])["seeds"] == seeds
        assert json.loads(trawl(cli_env, "status", crawl["crawl_id"], "--json").stdout)[
            "seeds"] == seeds
    finally:
        await temporal_client.get_workflow_handle(crawl["workflow_id"]).terminate("test done")
