"""Every `trawl` command, given hostile arguments, fails the same way: one line on stderr
(``error: ...``), a non-zero exit status, no Python traceback.

The commands are read from the typer app itself, so a command added later is covered
without touching this file: each parameter gets hostile values by its name when this file
knows it (ids, URLs, paths in and out, enums, SQL...), else by its type (numbers, paths,
strings), the others keeping a valid value. The hostile values: missing and unwritable
paths, ``..`` paths, a directory where a file goes, unreadable spec and session files
(binary, wrong shape), unknown and malformed ids, bad URLs, negative and huge numbers, bad
enum values, empty strings, an unknown option, an extra argument.

Commands that need services share the session's real Temporal and Postgres (through
TRAWL_TEMPORAL_ADDRESS / TRAWL_DATABASE_URL), and ids name a real crawl, so that the
hostile value is what a command meets, not a missing crawl. The command lines run through
tests/cli_forker.py (the CLI imported once, one forked child per command line: the real
entry point, stdout and stderr in files); one of them is checked against a plain
subprocess.
"""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import typer.main
from temporalio.client import Client
from temporalio.service import RPCError

from tests.conftest import PYTHON, ROOT, SITES, subprocess_env
from tests.sitesrv import Site, serve
from trawl.api.cli import app
from trawl.services._process import free_port

pytestmark = pytest.mark.timeout(1200)

CASE_TIMEOUT_S = 90.0
"""A command that has not failed by then accepted its hostile argument and went on."""
PARALLEL = 4
"""Command lines run at once (they mostly wait on Postgres and Temporal)."""
HUGE = str(10**30)
IDS = ["nosuchcrawl", "", "../../etc/passwd", "x" * 3000, "'; drop table crawls; --",
       "crawl-\u00e9\u00e8-\U0001f600"]
URLS = ["", "not a url", "ftp://example.org/", "http://", "http://[::1", "http://exa mple.com/",
        "javascript:alert(1)", "http://no-such-host.invalid/"]
ENUMS = ["", "bogus"]
INTS = ["-1", HUGE]
FLOATS = ["-1", "1e400", "nan"]
OUT_PATHS = ["../../missing/../x.out", "/nonexistent-dir/x.out", "/proc/x.out", "{dir}",
             "{file}/x.out", ""]
IN_PATHS = ["/nonexistent/x.yaml", "../../missing/../x.yaml", "{dir}", "{empty}", "{binary}",
            "{not_yaml}", "{wrong_shape}", ""]
BY_NAME: dict[str, list[str]] = {
    "crawl_id": IDS, "recrawl": IDS,
    "urls": [*URLS, "http://127.0.0.1:1/"], "url": [*URLS, "http://127.0.0.1:1/"],
    # a webhook's host may resolve only where the workers run (a compose service name),
    # so an unresolvable one is not refused when the crawl starts
    "webhook": [u for u in URLS if u != "http://no-such-host.invalid/"],
    "out_path": OUT_PATHS, "output": OUT_PATHS, "log": OUT_PATHS,
    "spec_file": IN_PATHS, "cookies": IN_PATHS, "storage_state": IN_PATHS,
    "token_file": IN_PATHS,
    "render": ENUMS, "sitemap": ENUMS, "content": ENUMS, "fmt": ENUMS, "browser": ENUMS,
    "store": ENUMS, "event_type": ENUMS, "webhook_event": ENUMS,
    "include": [""], "exclude": [""], "render_browser": [""],
    "handoff_on": ["", "text:"], "user_agent": ["", "a\nb"],
    "allow_host": ["", "a b", "http://x/"], "deny_host": ["", "a b", "http://x/"],
    "destructive_word": ["", "a\nb"], "search": ["", "   "],
    "query": ["", "   ", "select 1; select 2", "\\dt", "delete from pages"],
    "site": ["", "not a site", "http://nosuch.example"],
    "host": ["", "999.1.1.1", "no-such-host.invalid"], "ui_origin": ["", "not an origin"],
}
"""Hostile values of the parameters this file knows by name."""
BY_TYPE: dict[str, list[str]] = {"int": INTS, "float": FLOATS, "Path": OUT_PATHS,
                                 "str": [""]}
"""Hostile values of any other parameter, by its type (a new command's new parameter)."""
NOT_HOSTILE = {("resume", "note"), ("login", "note")}
"""(command, parameter) whose values can all be valid (free text): not given hostile ones."""
BASE_OPTIONS: dict[str, list[str]] = {
    "crawl": ["--detach", "--render", "http"], "scrape": ["--render", "http"],
    "agent": ["--headless"],
}
"""Options every command line of a command carries (a crawl that accepted a hostile value
returns at once instead of following it), unless that option is the hostile one."""


def walk(command: Any, path: list[str]) -> Iterator[tuple[list[str], Any]]:
    subcommands = getattr(command, "commands", None)
    if subcommands:
        for name, sub in subcommands.items():
            yield from walk(sub, [*path, name])
    else:
        yield path, command


COMMANDS = list(walk(typer.main.get_command(app), []))


def _baseline(name: str, kind: str, values: dict[str, str]) -> str:
    """A valid value for a required parameter."""
    known = {"crawl_id": values["crawl_id"], "url": values["url"], "urls": values["url"],
             "out_path": values["out"], "query": "select 1", "site": "http://127.0.0.1:1"}
    return known.get(name, values["out"] if kind == "Path" else "x")


def _hostile(command: str, param: Any) -> list[str]:
    if getattr(param, "is_flag", False) or (command, param.name) in NOT_HOSTILE:
        return []
    return BY_NAME.get(param.name, BY_TYPE.get(param.bare_type().removeprefix("list[")
                                                .removesuffix("]"), [""]))


def _command_line(path: list[str], command: Any, hostile: Any, value: str,
                  values: dict[str, str]) -> list[str]:
    args = list(path)
    for param in command.params:
        if param.param_type_name != "argument":
            continue
        if param is hostile:
            args.append(value)
        elif param.required or (param.name == "urls" and getattr(hostile, "name", "")
                                != "recrawl"):  # a crawl's start URL, unless a recrawl's
            args.append(_baseline(param.name, param.bare_type(), values))
    base = BASE_OPTIONS.get(path[0], [])
    hostile_opt = hostile.opts[0] if hostile is not None and \
        hostile.param_type_name == "option" else None
    for i, token in enumerate(base):
        if token.startswith("--") and token != hostile_opt:
            args.append(token)
            if i + 1 < len(base) and not base[i + 1].startswith("--"):
                args.append(base[i + 1])
    if hostile_opt is not None:
        args += [hostile_opt, value]
    if path[0] in ("serve", "codec-server") and hostile_opt != "--port":
        args += ["--port", str(free_port())]
    return args


def build_cases(values: dict[str, str]) -> list[list[str]]:
    cases: list[list[str]] = [["no-such-command"]]
    for path, command in COMMANDS:
        cases.append([*_command_line(path, command, None, "", values), "--no-such-option"])
        if not any(p.param_type_name == "argument"
                   and (p.nargs == -1 or p.multiple or not p.required)
                   for p in command.params):
            cases.append([*_command_line(path, command, None, "", values), "extra-argument"])
        for param in command.params:
            for value in _hostile(path[0], param):
                cases.append(_command_line(path, command, param, _fill(value, values),
                                           values))
    return cases


def _fill(value: str, values: dict[str, str]) -> str:
    return value.format(**values) if value.startswith("{") else value


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    with serve(SITES / "basic") as s:
        yield s


@pytest.fixture(scope="module")
def env(temporal_address: str, database_url: str, reader_url: str,
        tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    data = tmp_path_factory.mktemp("hostile-data")
    # commands run three levels down a temporary directory: a `..` path that a command
    # (wrongly) normalises before the kernel sees it still lands inside it
    cwd = tmp_path_factory.mktemp("hostile-cwd") / "a" / "b" / "c"
    cwd.mkdir(parents=True)
    return subprocess_env(temporal_address, database_url, HOSTILE_CWD=str(cwd),
                          TRAWL_TASK_QUEUE=f"hostile-{uuid.uuid4().hex[:10]}",
                          TRAWL_READER_DATABASE_URL=reader_url, TRAWL_DATA_DIR=str(data),
                          TRAWL_API_TOKEN="hostile-token-" + uuid.uuid4().hex,
                          COLUMNS="200", DISPLAY="")


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    root = tmp_path_factory.mktemp("hostile-files")
    (root / "dir").mkdir()
    (root / "file").write_text("a file, not a directory\n")
    (root / "empty.yaml").write_text("")
    (root / "binary.yaml").write_bytes(bytes(range(256)) * 8)
    (root / "not.yaml").write_text("seeds: [unclosed\n  - : :\n")
    (root / "shape.yaml").write_text("- a list\n- where a mapping goes\n")
    return {"dir": str(root / "dir"), "file": str(root / "file"),
            "empty": str(root / "empty.yaml"), "binary": str(root / "binary.yaml"),
            "not_yaml": str(root / "not.yaml"), "wrong_shape": str(root / "shape.yaml"),
            "out": str(root / "out.jsonl")}


def run_forked(env: dict[str, str], cases: list[list[str]]) -> list[dict[str, Any]]:
    payload = json.dumps([{"args": args, "timeout": CASE_TIMEOUT_S} for args in cases])
    done = subprocess.run([PYTHON, str(ROOT / "tests" / "cli_forker.py"), str(PARALLEL)],
                          input=payload,
                          cwd=env["HOSTILE_CWD"], env=env, capture_output=True, text=True,
                          timeout=CASE_TIMEOUT_S * 4 + 2 * len(cases), check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def problem(result: dict[str, Any]) -> str | None:
    """What is wrong with how a command failed, or None."""
    if result["timed_out"]:
        return f"still running after {CASE_TIMEOUT_S:.0f}s: the hostile value was accepted"
    if result["code"] == 0:
        return "exit status 0: the hostile value was accepted"
    if "Traceback" in result["stderr"] or "Traceback" in result["stdout"]:
        return "a traceback:\n" + result["stderr"][-1500:]
    lines = [line for line in result["stderr"].splitlines() if line.strip()]
    if len(lines) != 1 or not lines[0].startswith("error: "):
        return f"not one error line ({len(lines)} lines): {result['stderr'][-800:]!r}"
    return None


@pytest.fixture(scope="module")
async def crawl_id(env: dict[str, str], site: Site, temporal_client: Client
                   ) -> Any:
    """A real crawl (no worker runs it: it stays queued), so ids name something."""
    started = subprocess.run([PYTHON, "-m", "trawl.api", "crawl", site.url("/"), "--detach",
                              "--json", "--render", "http"], cwd=env["HOSTILE_CWD"], env=env,
                             capture_output=True, text=True, timeout=180, check=False)
    assert started.returncode == 0, started.stderr
    crawl = json.loads(started.stdout)
    yield crawl["crawl_id"]
    # a command that (wrongly) ran a worker on this task queue may have finished it
    with contextlib.suppress(RPCError):
        await temporal_client.get_workflow_handle(crawl["workflow_id"]).terminate("test done")


def test_every_command_fails_hostile_input_in_one_line(
        env: dict[str, str], site: Site, files: dict[str, str], crawl_id: str) -> None:
    values = {**files, "crawl_id": crawl_id, "url": site.url("/")}
    cases = build_cases(values)
    covered = {" ".join(args[:2]) for args in cases}
    for path, _ in COMMANDS:  # every command of the app is among the cases
        assert any(c.startswith(" ".join(path)) for c in covered), path
    results = run_forked(env, cases)
    slowest = sorted(results, key=lambda r: -r["elapsed_s"])[:8]
    print("slowest:", *(f"{r['elapsed_s']}s {' '.join(r['args'])[:100]}" for r in slowest),
          sep="\n  ")
    failures = [f"trawl {' '.join(map(repr, r['args']))}\n    {why}"
                for r in results if (why := problem(r)) is not None]
    assert not failures, f"{len(failures)} of {len(results)} command lines:\n" + \
        "\n".join(failures)


def test_the_forked_run_is_the_real_one(env: dict[str, str], files: dict[str, str],
                                        crawl_id: str) -> None:
    """The export of the issue's report, run both ways: the same exit status and stderr."""
    args = ["export", crawl_id, "../../missing/../x.jsonl"]
    [forked] = run_forked(env, [args])
    real = subprocess.run([PYTHON, "-m", "trawl.api", *args], cwd=env["HOSTILE_CWD"], env=env,
                          capture_output=True, text=True, timeout=180, check=False)
    assert (forked["code"], forked["stderr"]) == (real.returncode, real.stderr)
    assert problem(forked) is None, forked
    assert re.match(r"error: cannot write \.\./\.\./missing/\.\./x\.jsonl", real.stderr)


def test_bad_settings_are_one_line(env: dict[str, str]) -> None:
    for name, value in (("TRAWL_ALLOW_HOSTS", "a b,10.0.0.0/8"),
                        ("TRAWL_ALLOW_PRIVATE", "maybe")):
        [result] = run_forked({**env, name: value}, [["list"]])
        assert problem(result) is None, result
        assert name in result["stderr"]
