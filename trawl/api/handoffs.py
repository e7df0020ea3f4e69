"""Handoffs and crawl control for the CLI: list, resume, pause, login, session profiles.

Session data brought by a person is written to Postgres here and never put into a signal
(signal payloads stay in Temporal's history); nothing here prints or logs its values.
"""

from __future__ import annotations

import asyncio
import contextlib
import getpass
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from temporalio.service import RPCError

from trawl.api.crawls import Trawl
from trawl.errors import ConfigError, TrawlError
from trawl.model import RESUME_SIGNAL, CrawlProgress, OpsHints, ResumeRequest
from trawl.store import sessions
from trawl.store.sessions import OpenHandoff
from trawl.urls import check_origin
from trawl.workflows.monitor import signal_command
from trawl.workflows.site import DB_HOLD_STATUS

LOGIN_POLL_S = 1.0


@dataclass
class Resumed:
    crawl_id: str
    sites: list[str]
    """Sites whose handoff was resumed (empty: the crawl was only un-paused)."""
    session_saved: bool


def read_json_file(path: Path, what: str) -> Any:
    try:
        return json.loads(path.read_text())
    except OSError as exc:
        raise ConfigError(f"cannot read the {what} file {path}: {exc.strerror}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ConfigError(f"the {what} file {path} is not valid JSON: {exc}") from None


def load_session_files(cookies: Path | None,
                       storage_state: Path | None) -> tuple[list[Any] | None, Any]:
    return check_session(
        read_json_file(cookies, "cookies") if cookies is not None else None,
        read_json_file(storage_state, "storage state") if storage_state is not None else None,
        cookies_from=f"the cookies file {cookies}",
        state_from=f"the storage state file {storage_state}")


def check_session(cookies: Any, storage_state: Any, *, cookies_from: str = "cookies",
                  state_from: str = "storage_state") -> tuple[list[Any] | None, Any]:
    """Session data a person brings, checked: (the cookies as a list, the storage state);
    ``cookies`` may be a list of cookies or a storage state holding them. ConfigError
    naming ``cookies_from`` / ``state_from`` when either is malformed."""
    cookie_list = None
    if cookies is not None:
        cookie_list = cookies.get("cookies") if isinstance(cookies, dict) else cookies
        if not isinstance(cookie_list, list) or not all(
                isinstance(c, dict) and "name" in c and "value" in c for c in cookie_list):
            raise ConfigError(f"{cookies_from} must hold a JSON list of cookies "
                              "with name and value (or a storage state)")
    if storage_state is not None and (not isinstance(storage_state, dict) or not isinstance(
            storage_state.get("cookies", []), list)):
        raise ConfigError(f"{state_from} must be a JSON object "
                          'like {"cookies": [...], "origins": [...]}')
    return cookie_list, storage_state


def user() -> str:
    with contextlib.suppress(Exception):
        return f"{getpass.getuser()} (trawl CLI)"
    return "trawl CLI"


async def open_handoffs(trawl: Trawl, crawl_ref: str | None) -> list[OpenHandoff]:
    crawl_id = (await trawl.resolve(crawl_ref))[0] if crawl_ref is not None else None
    return await sessions.open_handoffs(trawl.engine, crawl_id)


async def crawl_progress(trawl: Trawl, workflow_id: str) -> CrawlProgress | None:
    try:
        return await trawl.client.get_workflow_handle(workflow_id).query(
            "progress", result_type=CrawlProgress)
    except RPCError:
        return None


async def send_resume(trawl: Trawl, workflow_id: str, *, note: str | None,
                      resumed_by: str) -> None:
    """Send ``resume`` to ``workflow_id`` (a crawl's or a site's workflow): every resume
    trawl sends goes through here. Only a note and who: session data never rides in a
    signal (its payload stays in the workflow's history); the caller saved it to the site's
    profile first."""
    await trawl.client.get_workflow_handle(workflow_id).signal(
        RESUME_SIGNAL, ResumeRequest(note=note, resumed_by=resumed_by))


async def resume(trawl: Trawl, crawl_ref: str, *, note: str | None = None,
                 cookies: Path | None = None, storage_state: Path | None = None,
                 site: str | None = None) -> Resumed:
    """`trawl resume`: :func:`resume_with` the session files given (if any); an agent
    run's id resumes that run (trawl.api.agents)."""
    cookie_list, state = load_session_files(cookies, storage_state)
    from trawl.api import agents

    if await agents.is_agent_run(trawl, crawl_ref):
        run_id = await agents.resume_agent(trawl, crawl_ref, note=note, resumed_by=user(),
                                           cookies=cookie_list, storage_state=state)
        return Resumed(run_id, ["agent run"], bool(cookie_list or state))
    return await resume_with(trawl, crawl_ref, note=note, cookies=cookie_list,
                             storage_state=state, site=site, resumed_by=user())


async def resume_with(trawl: Trawl, crawl_ref: str, *, note: str | None,
                      cookies: list[Any] | None, storage_state: Any, site: str | None,
                      resumed_by: str) -> Resumed:
    """Save the session given (if any; checked by :func:`check_session`) to the profile of
    every site of the crawl with an open handoff (or only ``site``'s) and resume those
    sites; with no open handoff, resume a crawl that is paused or held by a database
    outage. TrawlError when the crawl is not running or has nothing to resume."""
    if site is not None:
        site = check_origin(site, "--site")
    crawl_id, workflow_id = await trawl.resolve(crawl_ref)
    handoffs = [h for h in await sessions.open_handoffs(trawl.engine, crawl_id)
                if site is None or h.site == site]
    status = await trawl.workflow_status(workflow_id)
    if status != "RUNNING":
        raise TrawlError(f"crawl {crawl_id} is not running ({(status or 'unknown').lower()})")
    if not handoffs and site is not None:  # never the whole crawl for one site's resume
        raise TrawlError(f"crawl {crawl_id} has no open handoff for {site}; "
                         f"`trawl handoffs {crawl_id}` lists them")
    if not handoffs:
        progress = await crawl_progress(trawl, workflow_id)
        # a crawl held by a database outage resumes like a paused one
        if progress is None or not (progress.paused or progress.status == DB_HOLD_STATUS):
            raise TrawlError(f"crawl {crawl_id} has no open handoff and is not paused")
        await send_resume(trawl, workflow_id, note=note, resumed_by=resumed_by)
        return Resumed(crawl_id, [], False)
    saved = False
    by_site = {h.site: h.workflow_id for h in handoffs}
    for site_name, site_wf in sorted(by_site.items()):
        if storage_state is not None or cookies:
            await sessions.save_profile(trawl.engine, site_name, storage_state=storage_state,
                                        cookies=cookies)
            saved = True
        await send_resume(trawl, site_wf, note=note, resumed_by=resumed_by)
    return Resumed(crawl_id, sorted(by_site), saved)


async def pause(trawl: Trawl, crawl_ref: str) -> str:
    crawl_id, workflow_id = await trawl.resolve(crawl_ref)
    status = await trawl.workflow_status(workflow_id)
    if status != "RUNNING":
        raise TrawlError(f"crawl {crawl_id} is not running ({(status or 'unknown').lower()})")
    await trawl.client.get_workflow_handle(workflow_id).signal("pause")
    return crawl_id


def describe(h: OpenHandoff, ops: OpsHints | None = None) -> list[str]:
    return [f"{h.url}  [{h.reason}] since {h.created_at.isoformat(timespec='seconds')}",
            f"  what:    {h.detail or h.reason}",
            f"  desktop: trawl login {h.crawl_id}",
            f"  session: trawl resume {h.crawl_id} --storage-state state.json "
            "(or --cookies cookies.json)",
            f"  as is:   trawl resume {h.crawl_id} --note 'fixed on the server'",
            f"  stock:   {signal_command(h.workflow_id, ops)}",
            f"  workflow id: {h.workflow_id}"]


def as_json(h: OpenHandoff, ops: OpsHints | None = None) -> dict[str, Any]:
    """`trawl handoffs --json`'s object for one open handoff, with the commands that
    resume it."""
    return {"handoff_id": h.id, "crawl_id": h.crawl_id, "site": h.site, "url": h.url,
            "workflow_id": h.workflow_id, "reason": h.reason, "detail": h.detail,
            "created_at": h.created_at.isoformat(), "has_screenshot": h.has_screenshot,
            "commands": {"login": f"trawl login {h.crawl_id}",
                         "resume_with_session": f"trawl resume {h.crawl_id} --storage-state "
                                                "state.json",
                         "resume": f"trawl resume {h.crawl_id}",
                         "signal": signal_command(h.workflow_id, ops)}}


async def login(trawl: Trawl, crawl_ref: str, *, note: str | None,
                wait_for_enter: bool = True) -> Resumed:
    """Open a headed browser at the blocked URL with the site's profile; when the person
    closes it (or presses Enter), save its storage state and resume."""
    from playwright.async_api import async_playwright

    from trawl.browser.launch import launch_chromium

    crawl_id, _ = await trawl.resolve(crawl_ref)
    handoffs = await sessions.open_handoffs(trawl.engine, crawl_id)
    if not handoffs:
        raise TrawlError(f"crawl {crawl_id} has no open handoff")
    first = handoffs[0]
    _, profile = await sessions.load_profile(trawl.engine, first.site)
    async with async_playwright() as pw:
        browser = await launch_chromium(pw, headless=False)
        context = await browser.new_context(storage_state=profile)  # type: ignore[arg-type]
        page = await context.new_page()
        closed = asyncio.Event()
        page.on("close", lambda _: closed.set())
        browser.on("disconnected", lambda _: closed.set())
        await page.goto(first.url)
        state: dict[str, Any] | None = None
        waiters: list[asyncio.Future[Any]] = [asyncio.ensure_future(closed.wait())]
        if wait_for_enter:
            waiters.append(asyncio.ensure_future(asyncio.to_thread(sys.stdin.readline)))
        while not any(w.done() for w in waiters):
            with contextlib.suppress(Exception):
                state = dict(await context.storage_state())
            await asyncio.wait(waiters, timeout=LOGIN_POLL_S)
        with contextlib.suppress(Exception):
            state = dict(await context.storage_state())
        for w in waiters:
            w.cancel()
        with contextlib.suppress(Exception):
            await browser.close()
    if state is None:
        raise TrawlError("the browser closed before a session could be saved")
    by_site = {h.site: h.workflow_id for h in handoffs}
    who = user()
    for site_name, site_wf in sorted(by_site.items()):
        await sessions.save_profile(trawl.engine, site_name, storage_state=state)
        await send_resume(trawl, site_wf, note=note or "logged in with trawl login",
                          resumed_by=who)
    return Resumed(crawl_id, sorted(by_site), True)
