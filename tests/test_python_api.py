"""The Python API of crawls (issue 18): ``await trawl.crawl(url, **options)`` and its handle
against the session's real Temporal and Postgres — pages followed live (each once, until the
end), wait, events, a login wall resumed from Python, pause and cancel; options checked
before anything starts; and the documentation's examples, run as a user would run them."""

from __future__ import annotations

import asyncio
import subprocess
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

from tests.conftest import PYTHON, ROOT, scalar_rows, subprocess_env
from tests.crawlkit import worker_config
from tests.gensite import binary_tree_site
from tests.sitesrv import Rules, serve
from tests.test_handoff import logged_in_state, wall_site
from tests.test_scrape import doc_blocks
from tests.workerkit import kill_group, start_worker
from trawl.api.crawls import Trawl
from trawl.config import Settings
from trawl.errors import ConfigError
from trawl.worker.main import crawl_worker

pytestmark = pytest.mark.timeout(300)
WAIT_S = 120.0
DOC_PAGE, DOC_SECTION = "docs/guides/python-api.md", "## Crawls from Python"


@pytest.fixture
async def connection(temporal_address: str, database_url: str, task_queue: str,
                     tmp_path: Path, temporal_client: Client) -> AsyncIterator[Trawl]:
    """A Trawl on the session's services, and an in-process worker on its task queue."""
    settings = Settings(temporal_address=temporal_address, database_url=database_url,
                        task_queue=task_queue, data_dir=tmp_path / "data")
    async with (await Trawl.connect(settings) as trawl,
                crawl_worker(temporal_client, worker_config(temporal_address, database_url,
                                                            task_queue)) as worker, worker):
        yield trawl


async def test_pages_are_followed_live_each_once_until_the_end(connection: Trawl,
                                                               tmp_path: Path) -> None:
    import trawl

    paths = binary_tree_site(tmp_path / "site", 15)
    slow = Rules(slow={p if p != "/" else "/index.html": 0.15 for p in paths})
    with serve(tmp_path / "site", slow) as site:
        async with await trawl.crawl(site.url("/"), connection=connection, render="http",
                                     concurrency=2) as crawl:
            assert (await crawl.status()).finished is False  # followed while it runs
            urls = [p["url"] async for p in crawl.pages()]
            final = await asyncio.wait_for(crawl.wait(), WAIT_S)
            events = [e async for e in crawl.events(follow=False)]
    assert sorted(urls) == sorted(site.url(p) for p in paths)  # each page, once
    assert final.workflow_status == "COMPLETED" and final.counts.done == len(paths)
    assert events[-1]["type"] == "crawl_finished"
    assert [e["data"]["url"] for e in events if e["type"] == "page_stored"] == urls
    first = await connection.pages(crawl.crawl_id, limit=1, content=True)
    assert first[0]["markdown"]


async def test_options_are_checked_before_anything_starts() -> None:
    import trawl

    with pytest.raises(ConfigError, match=r"unknown crawl option.*max_page\b"):
        await trawl.crawl("http://127.0.0.1:9/", max_page=3)
    with pytest.raises(ConfigError, match="--render must be one of"):
        await trawl.crawl("http://127.0.0.1:9/", render="magic")
    with pytest.raises(ConfigError, match="--webhook must be an http"):
        trawl.crawl_sync("http://127.0.0.1:9/", webhook="ftp://x/")


async def test_a_login_wall_is_resumed_from_python(connection: Trawl) -> None:
    import trawl

    with wall_site() as (base, _):
        async with await trawl.crawl(base + "/", connection=connection, render="browser",
                                     concurrency=2) as crawl:
            for _ in range(int(WAIT_S / 0.5)):
                if (await crawl.status()).state == "waiting_for_person":
                    break
                await asyncio.sleep(0.5)
            else:
                raise AssertionError("the login wall did not hand off")
            assert await crawl.resume(note="logged in", storage_state=logged_in_state()) \
                == [base]
            final = await asyncio.wait_for(crawl.wait(), WAIT_S)
            kinds = [e["type"] async for e in crawl.events(follow=False)]
    assert final.workflow_status == "COMPLETED"
    assert kinds.index("handoff_opened") < kinds.index("handoff_resumed")
    found = await connection.pages(crawl.crawl_id, search="secret recipe")
    assert [p["url"] for p in found] == [base + "/private/a.html"]


async def test_pause_and_cancel(connection: Trawl, tmp_path: Path) -> None:
    import trawl

    paths = binary_tree_site(tmp_path / "site", 40)
    slow = Rules(slow={p if p != "/" else "/index.html": 0.5 for p in paths})
    with serve(tmp_path / "site", slow) as site:
        async with await trawl.crawl(site.url("/"), connection=connection, render="http",
                                     concurrency=1) as crawl:
            await crawl.pause()
            for _ in range(int(WAIT_S / 0.5)):
                if (await crawl.status()).state == "paused":
                    break
                await asyncio.sleep(0.5)
            else:
                raise AssertionError("the crawl did not pause")
            assert await crawl.cancel() == "CANCELED"
            final = await crawl.wait(WAIT_S)
            events = [e async for e in crawl.events()]  # follow: ends at crawl_finished
    assert final.finished and final.workflow_status == "CANCELED"
    assert final.counts.done < len(paths)
    assert events[-1]["type"] == "crawl_finished"
    assert events[-1]["data"]["status"] == "cancelled"


def test_doc_examples_run(temporal_address: str, database_url: str, task_queue: str,
                          tmp_path: Path) -> None:
    blocks = doc_blocks(DOC_PAGE, DOC_SECTION)
    assert [lang for lang, _ in blocks] == ["python", "python"]
    paths = binary_tree_site(tmp_path / "site", 6)
    env = subprocess_env(temporal_address, database_url, TRAWL_TASK_QUEUE=task_queue,
                         TRAWL_DATA_DIR=str(tmp_path / "data"))
    worker = start_worker(temporal_address, database_url, task_queue, tmp_path / "w.log")
    outputs = []
    try:
        with serve(tmp_path / "site") as site:
            for _, code in blocks:
                code = code.replace("https://example.com/", site.url("/"))
                assert "example.com" not in code
                ran = subprocess.run([PYTHON, "-c", code], cwd=ROOT, env=env,
                                     capture_output=True, text=True, timeout=WAIT_S,
                                     check=False)
                assert ran.returncode == 0, (code, ran.stderr)
                outputs.append(ran.stdout)
    finally:
        kill_group(worker)
    async_out, sync_out = outputs
    lines = async_out.splitlines()
    assert lines[0].startswith("started ")
    assert sorted(line.split()[0] for line in lines[1:-1]) == sorted(site.url(p)
                                                                     for p in paths)
    assert lines[-1] == f"COMPLETED {len(paths)} pages"
    sync_lines = sync_out.splitlines()
    assert len(sync_lines) == len(paths) + 1
    assert all(int(line.split()[1]) > 0 for line in sync_lines[:-1])  # markdown stored
    assert sync_lines[-1] == f"{len(paths)} pages stored"


def test_sync_handle_left_half_way_and_closed_twice(temporal_address: str, database_url: str,
                                                    task_queue: str, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A script that stops reading pages half-way and closes the handle twice (``close()``
    inside ``with``) ends cleanly: the loop thread winds down, nothing raises."""
    import threading

    import trawl
    from trawl.config import get_settings

    for name, value in (("TRAWL_TEMPORAL_ADDRESS", temporal_address),
                        ("TRAWL_DATABASE_URL", database_url), ("TRAWL_TASK_QUEUE", task_queue),
                        ("TRAWL_DATA_DIR", str(tmp_path / "data"))):
        monkeypatch.setenv(name, value)
    get_settings.cache_clear()
    paths = binary_tree_site(tmp_path / "site", 8)
    worker = start_worker(temporal_address, database_url, task_queue, tmp_path / "w.log")
    try:
        with serve(tmp_path / "site") as site, \
                trawl.crawl_sync(site.url("/"), render="http") as crawl:
            first = next(iter(crawl.pages(content=False)))  # then stop reading
            final = crawl.wait(WAIT_S)
            crawl.close()
    finally:
        kill_group(worker)
        get_settings.cache_clear()
    assert first["url"].startswith(site.base)
    assert final.workflow_status == "COMPLETED" and final.counts.done == len(paths)
    assert not [t for t in threading.enumerate() if t.name == "trawl-sync"]


async def test_a_cancelled_crawl_records_nothing_after_crawl_finished(
        connection: Trawl, engine: AsyncEngine, tmp_path: Path) -> None:
    """Cancelled while pages are being explored (four at a time, 1.5 s each): the crawl gives
    its claimed URLs back before it writes crawl_finished, and a page is recorded only
    while claimed, so the explores still running record nothing after it: crawl_finished
    is the crawl's last event and its counts are the rows'."""
    import trawl

    paths = binary_tree_site(tmp_path / "site", 60)
    slow = Rules(slow={p if p != "/" else "/index.html": 1.5 for p in paths})
    with serve(tmp_path / "site", slow) as site:
        async with await trawl.crawl(site.url("/"), connection=connection, render="http",
                                     concurrency=4) as crawl:
            for _ in range(int(WAIT_S / 0.2)):
                if (await crawl.status()).counts.done >= 4:
                    break
                await asyncio.sleep(0.2)
            assert await crawl.cancel() == "CANCELED"
            await asyncio.sleep(6)  # explores that outlived their site would record by now
    rows = await scalar_rows(engine, "select type, data from events where crawl_id = :c "
                                     "order by xid, id", c=crawl.crawl_id)
    kinds = [kind for kind, _ in rows]
    assert kinds[-1] == "crawl_finished", kinds[-5:]
    finished = rows[-1][1]
    done = await scalar_rows(engine, "select count(*) from pages where crawl_id = :c and "
                                     "error_class is null", c=crawl.crawl_id)
    assert finished["status"] == "cancelled" and finished["pages_done"] == done[0][0]
    assert 4 <= done[0][0] < len(paths)
    late = await scalar_rows(engine, "select count(*) from pages p, crawls c where "
                                     "p.crawl_id = c.id and c.id = :c and "
                                     "p.fetched_at > c.finished_at", c=crawl.crawl_id)
    assert late == [(0,)]
