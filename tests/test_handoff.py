"""Handoffs against real Temporal, Postgres and Chromium: a login wall resumed with a
logged-in storage state (stock `temporal workflow signal`, and `trawl resume`), a CAPTCHA
resumed as is, a second site finishing meanwhile, a worker kill -9 while a handoff waits."""

from __future__ import annotations

import asyncio
import contextlib
import json
import shlex
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.api.sdk.v1 import WorkflowMetadata
from temporalio.client import Client, WorkflowHandle

from tests.conftest import PYTHON, ROOT, scalar_rows, subprocess_env
from tests.crawlkit import new_crawl_id, run_crawl, worker_config
from tests.gensite import binary_tree_site
from tests.sitesrv import HtmlHandler, serve, serve_handler
from tests.test_durability import kill_group, start_worker
from trawl.model import CrawlInput, CrawlProgress, CrawlSpec, OpsHints, ResumeRequest, SiteProgress
from trawl.services._process import free_port, port_open, wait_until
from trawl.services.temporal import temporal_cli
from trawl.worker.main import crawl_worker
from trawl.workflows.crawl import CrawlWorkflow, site_workflow_id

SECRET = "s3cr3t-session-token"
WAIT_S = 90


@dataclass
class WallState:
    captcha_solved: bool = False
    hits: dict[str, int] = field(default_factory=dict)


PAGES = {
    "/": '<a href="/public.html">public</a> <a href="/private/">members</a>',
    "/public.html": "<p>Public page for everyone. " + "words " * 40 + "</p>",
    "/private/": '<p>Members area.</p><a href="/private/a.html">A</a> '
                 '<a href="/private/b.html">B</a>',
    "/private/a.html": "<p>Private page A: the secret recipe. " + "alpha " * 40 + "</p>",
    "/private/b.html": "<p>Private page B: more secrets. " + "beta " * 40 + "</p>",
}
LOGIN = ('<form method="post" action="/login"><input name="user">'
         '<input type="password" name="password"><button>Sign in</button></form>')
CAPTCHA = ('<p>Prove you are human.</p><div class="g-recaptcha" data-sitekey="x"></div>'
           '<script src="https://www.google.com/recaptcha/api.js" async></script>')


@contextlib.contextmanager
def wall_site() -> Iterator[tuple[str, WallState]]:
    state = WallState()

    class Handler(HtmlHandler):

        def do_GET(self) -> None:
            path = self.path.split("?", 1)[0]
            state.hits[path] = state.hits.get(path, 0) + 1
            logged_in = f"sid={SECRET}" in (self.headers.get("Cookie") or "")
            if path.startswith("/private/") and not logged_in:
                self._send(302, "", {"Location": f"/login?next={path}"})
            elif path == "/login":
                self._send(200, LOGIN)
            elif path == "/captcha.html":
                self._send(200, "<p>The content behind the challenge. " + "gamma " * 40
                           + "</p>" if state.captcha_solved else CAPTCHA)
            elif path in PAGES:
                self._send(200, PAGES[path])
            else:
                self._send(404, "not found")

    with serve_handler(Handler) as base:
        yield base, state


def logged_in_state() -> dict[str, Any]:
    return {"cookies": [{"name": "sid", "value": SECRET, "domain": "127.0.0.1", "path": "/",
                         "expires": -1, "httpOnly": True, "secure": False,
                         "sameSite": "Lax"}], "origins": []}


async def wait_for(probe: Any, what: str, timeout: float = WAIT_S) -> Any:
    for _ in range(int(timeout * 4)):
        value = await probe()
        if value:
            return value
        await asyncio.sleep(0.25)
    raise AssertionError(f"timed out waiting for {what}")


async def open_handoffs(engine: AsyncEngine, crawl_id: str) -> list[tuple]:
    return await scalar_rows(engine, "select url, reason, workflow_id, screenshot is not null "
                                     "from handoffs where crawl_id = :c and resolved_at is null",
                             c=crawl_id)


async def start(client: Client, task_queue: str, spec: CrawlSpec,
                crawl_id: str, ops: OpsHints | None = None) -> WorkflowHandle[Any, Any]:
    return await client.start_workflow(
        CrawlWorkflow.run, CrawlInput(crawl_id, spec.validated(), ops),
        id=f"crawl-test-{crawl_id}", task_queue=task_queue,
        execution_timeout=timedelta(minutes=5))


async def site_details(client: Client, workflow_id: str) -> str:
    meta = await client.get_workflow_handle(workflow_id).query(
        "__temporal_workflow_metadata", result_type=WorkflowMetadata)
    return meta.current_details


async def stored(engine: AsyncEngine, crawl_id: str) -> dict[str, str]:
    return dict(await scalar_rows(engine, "select url, coalesce(text, '') from pages "
                                          "where crawl_id = :c and error_class is null",
                                  c=crawl_id))


@pytest.mark.parametrize("via", ["temporal-cli", "trawl-resume"])
async def test_login_wall_resumed_with_storage_state(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path, via: str) -> None:
    crawl_id = new_crawl_id()
    with wall_site() as (base, _), codec_server() as endpoint:
        spec = CrawlSpec(seeds=[base + "/"], render="browser", concurrency=2)
        cfg = worker_config(temporal_address, database_url, task_queue)
        ops = OpsHints(temporal_address, "default", endpoint)
        async with crawl_worker(temporal_client, cfg) as worker, worker:
            handle = await start(temporal_client, task_queue, spec, crawl_id, ops)
            rows = await wait_for(lambda: open_handoffs(engine, crawl_id), "a handoff")
            url, reason, site_wf, has_shot = rows[0]
            assert (url, reason, has_shot) == (base + "/private/", "login_redirect", True)
            assert site_wf == site_workflow_id(handle.id, base)
            blocked = await scalar_rows(engine, "select status from crawl_urls where "
                                                "crawl_id = :c and url = :u", c=crawl_id, u=url)
            assert blocked == [("blocked",)]

            # what operators see: details with the exact command, search attributes
            async def handoff_details() -> str | None:
                # the handoff row is written by the activity before the workflow sets its
                # details: poll until they show it
                text = await site_details(temporal_client, site_wf)
                return text if "login_redirect" in text else None

            details = await wait_for(handoff_details, "site details naming the handoff")
            command = _printed_command(details)
            assert f"--address {temporal_address}" in command
            assert f"--codec-endpoint {endpoint}" in command
            assert f"--workflow-id {site_wf}" in command
            progress: CrawlProgress = await wait_for(
                lambda: _handoff_progress(handle), "the crawl to report the handoff")
            assert progress.sites[0].handoff is not None
            assert "temporal workflow signal" in await site_details(temporal_client, handle.id)
            desc = await temporal_client.get_workflow_handle(site_wf).describe()
            assert desc.search_attributes.get("CrawlStatus") == ["handoff"]
            found = await wait_for(lambda: _listed(temporal_client, handle.id),
                                   "CrawlStatus=handoff in visibility")
            assert handle.id in found and site_wf in found

            if via == "temporal-cli":
                # the command the UI details print, as a person pastes it with the session
                # filled in; the stock CLI seals it through trawl's codec server
                args = _as_pasted(command)
                sent = json.loads(args[args.index("--input") + 1])
                assert set(sent) == {"note", "cookies", "storage_state"}
                args[args.index("--input") + 1] = json.dumps(
                    {**sent, "note": "logged in by hand", "storage_state": logged_in_state()})
                done = subprocess.run([temporal_cli(), *args[1:]], timeout=60,
                                      capture_output=True, text=True)
                assert done.returncode == 0, done.stderr
            else:
                env = subprocess_env(temporal_address, database_url,
                                     TRAWL_TASK_QUEUE=task_queue, COLUMNS="200")
                listing = _trawl(env, "handoffs", crawl_id)
                assert listing.returncode == 0, listing.stderr
                assert base + "/private/" in listing.stdout
                assert f"--address {temporal_address}" in listing.stdout
                assert "[login_redirect]" in listing.stdout  # printed, not taken for markup
                assert f"--workflow-id {shlex.quote(site_wf)}" in listing.stdout
                bad = _trawl(env, "resume", crawl_id, "--cookies", str(tmp_path / "none.json"))
                assert bad.returncode != 0 and "Traceback" not in bad.stderr
                assert "cannot read the cookies file" in bad.stderr
                state_file = tmp_path / "state.json"
                state_file.write_text(json.dumps(logged_in_state()))
                result = _trawl(env, "resume", crawl_id, "--storage-state", str(state_file),
                                "--note", "logged in by hand")
                assert result.returncode == 0, result.stderr
                assert SECRET not in result.stdout + result.stderr
            outcome = await asyncio.wait_for(handle.result(), WAIT_S)

    assert outcome.status == "completed"
    # the session's secret is nowhere in Temporal's history in clear (read without the key)
    plain = await Client.connect(temporal_address)
    for wf_id in (handle.id, site_wf):
        history = await plain.get_workflow_handle(wf_id).fetch_history()
        raw = b"".join(event.SerializeToString() for event in history.events)
        assert SECRET.encode() not in raw
        assert wf_id == handle.id or b"WorkflowExecutionSignaled" in raw or b"resume" in raw
    assert "sealed" in (await scalar_rows(
        engine, "select case when sealed is not null and storage_state is null then 'sealed' "
                "end from session_profiles where site = :s", s=base))[0]
    pages = await stored(engine, crawl_id)
    assert set(pages) == {base + "/", base + "/public.html", base + "/private/",
                          base + "/private/a.html", base + "/private/b.html"}
    assert "secret recipe" in pages[base + "/private/a.html"]
    rows = await scalar_rows(engine, "select note, resolved_by is not null from handoffs "
                                     "where crawl_id = :c", c=crawl_id)
    assert rows == [("logged in by hand", True)]
    profile = await scalar_rows(engine, "select version from session_profiles where site = :s",
                                s=base)
    assert profile == [(1,)]
    leftover = await scalar_rows(engine, "select count(*) from crawl_urls where crawl_id = :c "
                                         "and status <> 'done'", c=crawl_id)
    assert leftover == [(0,)]
    claimed = await scalar_rows(engine, "select pages_claimed from crawls where id = :c",
                                c=crawl_id)
    assert claimed == [(5,)]  # the blocked URL counted once


async def _handoff_progress(handle: WorkflowHandle[Any, Any]) -> CrawlProgress | None:
    p: CrawlProgress = await handle.query("progress", result_type=CrawlProgress)
    return p if p.status == "handoff" else None


async def _listed(client: Client, crawl_wf: str) -> set[str]:
    ids = set()
    async for wf in client.list_workflows(
            f"CrawlStatus = 'handoff' AND WorkflowId STARTS_WITH '{crawl_wf}'"):
        ids.add(wf.id)
    return ids if len(ids) >= 2 else set()


def _printed_command(details: str) -> str:
    """The `temporal workflow signal` command in a handoff's markdown (its sh block)."""
    block = details.split("```sh\n", 1)[1].split("\n```", 1)[0]
    assert block.startswith("temporal workflow signal "), block
    return block


def _as_pasted(command: str) -> list[str]:
    """The words bash makes of ``command`` pasted at its prompt (line continuations, quotes)."""
    script = f"set -- {command}\nprintf '%s\\0' \"$@\""
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, check=True)
    return done.stdout.split("\0")[:-1]


@contextlib.contextmanager
def codec_server() -> Iterator[str]:
    port = free_port()
    proc = subprocess.Popen([PYTHON, "-m", "trawl.worker.codec_server", "--port", str(port)],
                            cwd=ROOT, start_new_session=True)
    try:
        wait_until(lambda: port_open("127.0.0.1", port), "codec server", proc=proc)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(10)


def _trawl(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PYTHON, "-m", "trawl.api", *args], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=120, check=False)


async def test_captcha_two_sites_pause_and_resume_as_is(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path) -> None:
    """A CAPTCHA stops one site; the other finishes meanwhile; the whole crawl is paused
    and resumed (no session data): the CAPTCHA page is retried as is."""
    crawl_id = new_crawl_id()
    binary_tree_site(tmp_path / "other", 12)
    with wall_site() as (base, wall), serve(tmp_path / "other") as other:
        spec = CrawlSpec(seeds=[base + "/captcha.html", other.base + "/"], render="http",
                         concurrency=2)
        cfg = worker_config(temporal_address, database_url, task_queue)
        async with crawl_worker(temporal_client, cfg) as worker, worker:
            handle = await start(temporal_client, task_queue, spec, crawl_id)
            rows = await wait_for(lambda: open_handoffs(engine, crawl_id), "a handoff")
            assert [(r[0], r[1]) for r in rows] == [(base + "/captcha.html", "captcha")]
            other_wf = site_workflow_id(handle.id, other.base)

            async def other_done() -> bool:
                desc = await temporal_client.get_workflow_handle(other_wf).describe()
                return desc.status is not None and desc.status.name == "COMPLETED"
            await wait_for(other_done, "the other site to finish")
            assert len(await stored(engine, crawl_id)) == 12
            site_wf = rows[0][2]
            assert (await temporal_client.get_workflow_handle(site_wf).query(
                "progress", result_type=SiteProgress)).status == "handoff"

            await handle.signal("pause")
            progress = await handle.query("progress", result_type=CrawlProgress)
            assert progress.paused
            await asyncio.sleep(1)
            assert await open_handoffs(engine, crawl_id)  # still waiting
            wall.captcha_solved = True  # the person fixed it server-side
            await handle.signal("resume", ResumeRequest(note="solved it"))
            outcome = await asyncio.wait_for(handle.result(), WAIT_S)

    assert outcome.status == "completed"
    pages = await stored(engine, crawl_id)
    assert "content behind the challenge" in pages[base + "/captcha.html"]
    assert wall.hits["/captcha.html"] == 2
    assert await open_handoffs(engine, crawl_id) == []


@pytest.mark.slow
async def test_kill_9_while_a_handoff_waits(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path) -> None:
    crawl_id = new_crawl_id()
    log = tmp_path / "worker.log"
    with wall_site() as (base, wall):
        spec = CrawlSpec(seeds=[base + "/captcha.html"], render="http", heartbeat_timeout_s=5)
        first = start_worker(temporal_address, database_url, task_queue, log)
        second = None
        try:
            handle = await start(temporal_client, task_queue, spec, crawl_id)
            rows = await wait_for(lambda: open_handoffs(engine, crawl_id), "a handoff")
            site_wf = rows[0][2]
            await asyncio.sleep(1)
            kill_group(first)
            second = start_worker(temporal_address, database_url, task_queue, log)
            assert await open_handoffs(engine, crawl_id) == rows
            progress = await temporal_client.get_workflow_handle(site_wf).query(
                "progress", result_type=SiteProgress)
            assert progress.status == "handoff"
            assert progress.handoff is not None
            assert progress.handoff.url == base + "/captcha.html"
            wall.captcha_solved = True
            await temporal_client.get_workflow_handle(site_wf).signal(
                "resume", ResumeRequest(note="after the crash"))
            outcome = await asyncio.wait_for(handle.result(), WAIT_S)
        finally:
            for proc in (first, second):
                if proc is not None and proc.poll() is None:
                    kill_group(proc, 15)
    assert outcome.status == "completed"
    assert base + "/captcha.html" in await stored(engine, crawl_id)
    assert wall.hits["/captcha.html"] == 2


@pytest.mark.parametrize("render", ["http", "browser"])
async def test_no_login_handoff_stores_pages_with_a_login_box(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, render: str) -> None:
    """A public site with a login box on every page: with login_handoff off the crawl
    stores every page and opens no handoff (by default the first page would wait)."""

    class Handler(HtmlHandler):
        def do_GET(self) -> None:
            pages = {"/": '<p>Forum home.</p><a href="/t/1">topic</a>',
                     "/t/1": "<p>A topic everyone may read. " + "delta " * 30 + "</p>"}
            path = self.path.split("?", 1)[0]
            if path in pages:
                self._send(200, f"<aside>{LOGIN}</aside><main>{pages[path]}</main>")
            else:
                self._send(404, "not found")

    with serve_handler(Handler) as base:
        crawl_id, result = await run_crawl(
            temporal_client, temporal_address, database_url, task_queue,
            CrawlSpec(seeds=[base + "/"], render=render, login_handoff=False, sitemap="skip"))
    assert result.status == "completed"
    pages = await scalar_rows(engine, "select url from pages where crawl_id = :c and "
                                      "error_class is null order by url", c=crawl_id)
    assert pages == [(base + "/",), (base + "/t/1",)]
    assert await open_handoffs(engine, crawl_id) == []
