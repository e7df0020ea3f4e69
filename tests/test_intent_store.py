"""Storing what a crawl wants (issue 30), against the real Postgres: a page's extracted data
and its error land with its row and in its event (migration 0017's trawl_record_page), the
pages with data are counted for ``--goal-pages``, a goal-directed crawl's frontier is
claimed by priority, and model tokens are counted as spent."""

from __future__ import annotations

import json
import uuid

from sqlalchemy.ext.asyncio import AsyncEngine

from tests.conftest import scalar_rows
from tests.crawlkit import new_crawl_id
from trawl.model import SEED_PRIORITY, ClaimInput, CrawlSpec, FoundLink, PageRecord
from trawl.store import frontier

SITE = "http://intent.test"


async def _crawl(engine: AsyncEngine, urls: list[str], **spec: object) -> str:
    crawl_id = new_crawl_id()
    await frontier.create_crawl(engine, crawl_id, f"wf-{crawl_id}",
                                CrawlSpec(seeds=urls, **spec).validated())  # type: ignore[arg-type]
    return crawl_id


async def _claim(engine: AsyncEngine, crawl_id: str, n: int, **kw: object) -> list[str]:
    out = await frontier.claim(engine, ClaimInput(crawl_id, SITE, n, uuid.uuid4().hex,
                                                  max_pages=100, **kw))  # type: ignore[arg-type]
    return [job.url for job in out.jobs]


async def test_data_and_its_error_are_written_with_the_row_and_the_event(
        engine: AsyncEngine) -> None:
    urls = [SITE + "/ok", SITE + "/bad"]
    crawl_id = await _crawl(engine, urls,
                            extract={"fields": {"title": "h1"}})
    assert sorted(await _claim(engine, crawl_id, 2)) == sorted(urls)
    good = PageRecord(crawl_id=crawl_id, url=urls[0], site=SITE, depth=0, outcome="done",
                      markdown="# A", extracted=True, data={"title": "A", "n": [1, 2]},
                      model_tokens=42)
    bad = PageRecord(crawl_id=crawl_id, url=urls[1], site=SITE, depth=0, outcome="done",
                     markdown="# B", extracted=True,
                     data_error="the model's answer was not valid: token=hunter2 leaked")
    assert (await frontier.record_page(engine, good)).recorded
    assert (await frontier.record_page(engine, bad)).recorded
    rows = dict((r[0], r[1:]) for r in await scalar_rows(
        engine, "select url, data, data_error, model_tokens from pages where crawl_id = :c",
        c=crawl_id))
    assert rows[urls[0]] == ({"title": "A", "n": [1, 2]}, None, 42)
    assert rows[urls[1]][0] is None and rows[urls[1]][2] is None
    assert "hunter2" not in rows[urls[1]][1]  # redacted like any error
    events = dict(await scalar_rows(
        engine, "select subject, data from events where crawl_id = :c and type = 'page_stored'",
        c=crawl_id))
    assert events[urls[0]]["data"] == {"title": "A", "n": [1, 2]}
    assert events[urls[1]]["data"] is None
    assert events[urls[1]]["data_error"].startswith("the model's answer was not valid")
    (with_data,), = await scalar_rows(
        engine, "select pages_with_data from crawls where id = :c", c=crawl_id)
    assert with_data == 1  # the page with data, not the one whose extraction failed
    # a crawl without --extract: no data keys in the event, nothing counted
    plain_id = await _crawl(engine, [SITE + "/p"])
    await _claim(engine, plain_id, 1)
    await frontier.record_page(engine, PageRecord(crawl_id=plain_id, url=SITE + "/p",
                                                  site=SITE, depth=0, outcome="done"))
    (event,), = await scalar_rows(
        engine, "select data from events where crawl_id = :c and type = 'page_stored'",
        c=plain_id)
    assert "data" not in event


async def test_a_goal_directed_frontier_is_claimed_most_relevant_first(
        engine: AsyncEngine) -> None:
    seed = SITE + "/"
    crawl_id = await _crawl(engine, [seed], goal="pricing plans")
    (prio,), = await scalar_rows(engine, "select priority from crawl_urls where crawl_id = :c",
                                 c=crawl_id)
    assert prio == SEED_PRIORITY
    assert await _claim(engine, crawl_id, 1, by_priority=True) == [seed]
    found = {SITE + "/blog": 0.1, SITE + "/pricing": 3.5, SITE + "/about": 0.0,
             SITE + "/plans": 2.0}
    rec = PageRecord(crawl_id=crawl_id, url=seed, site=SITE, depth=0, outcome="done",
                     links=[FoundLink(u, "", True) for u in found], follow=list(found),
                     priorities=found)
    assert (await frontier.record_page(engine, rec)).new_urls == 4
    order = await _claim(engine, crawl_id, 2, by_priority=True)
    assert order == [SITE + "/pricing", SITE + "/plans"]
    assert await _claim(engine, crawl_id, 2, by_priority=True) == [SITE + "/blog",
                                                                    SITE + "/about"]


async def test_goal_pages_stop_claims_once_enough_pages_have_data(engine: AsyncEngine) -> None:
    urls = [SITE + f"/p{i}" for i in range(4)]
    crawl_id = await _crawl(engine, urls, extract={"fields": {"t": "h1"}}, goal_pages=1)
    first = await _claim(engine, crawl_id, 1, goal_pages=1)
    assert len(first) == 1
    await frontier.record_page(engine, PageRecord(
        crawl_id=crawl_id, url=first[0], site=SITE, depth=0, outcome="done", extracted=True,
        data={"t": "x"}))
    assert await _claim(engine, crawl_id, 3, goal_pages=1) == []
    assert await frontier.pending_sites(engine, crawl_id, 100, goal_pages=1) == []
    assert await frontier.pending_sites(engine, crawl_id, 100) == [SITE]
    (met,), = await scalar_rows(engine, "select goal_met_at is not null from crawls "
                                        "where id = :c", c=crawl_id)
    assert met


async def test_model_tokens_are_counted_as_spent(engine: AsyncEngine) -> None:
    crawl_id = await _crawl(engine, [SITE + "/"])
    await frontier.spend_model_tokens(engine, crawl_id, 100)
    await frontier.spend_model_tokens(engine, crawl_id, 23)
    await frontier.spend_model_tokens(engine, crawl_id, 0)
    assert await frontier.model_tokens_spent(engine, crawl_id) == 123
    assert json.dumps(await frontier.model_tokens_spent(engine, "nope")) == "0"


async def test_an_agent_step_is_written_once_and_read_back(engine: AsyncEngine) -> None:
    """A retried step (its worker died after writing it) finds it and changes nothing."""
    from trawl.model import AgentSpec
    from trawl.store import agents

    run_id = uuid.uuid4().hex[:10]
    spec = AgentSpec(task="t", start_url="http://intent.test/").validated("openai:m")
    await agents.create_run(engine, run_id, f"agent-{run_id}", spec)
    await agents.create_run(engine, run_id, f"agent-{run_id}", spec)  # a retry: no error
    rec = agents.StepRecord(seq=1, kind="turn", summary="asks for look()", tokens=50,
                            result={"calls": [], "tokens": 50, "text": ""})
    assert await agents.add_step(engine, run_id, rec, url="http://intent.test/a")
    assert not await agents.add_step(engine, run_id, rec, url="http://intent.test/b")
    found = await agents.step(engine, run_id, 1)
    assert found is not None and found.result == rec.result and found.summary == rec.summary
    row = await agents.run_row(engine, run_id)
    assert row is not None
    assert (row["steps"], row["model_tokens"], row["last_url"]) == (1, 50,
                                                                    "http://intent.test/a")
    await agents.save_storage_state(engine, run_id, {"cookies": [{"name": "sid",
                                                                 "value": "s3cret"}]})
    (sealed,), = await scalar_rows(engine, "select storage_state from agent_runs "
                                           "where id = :r", r=run_id)
    assert b"s3cret" not in bytes(sealed)  # sealed at rest
    assert (await agents.storage_state(engine, run_id))["cookies"][0]["value"] == "s3cret"
