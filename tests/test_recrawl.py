"""Incremental recrawls: conditional requests, body hashes, copies of unchanged pages.

A local site serves pages with an ETag, with a Last-Modified only, and with no validator
at all. It is crawled, then changed (some pages edited, one removed, one added), then
recrawled: unchanged pages must be copied without being extracted again, changed ones
extracted anew with their previous version kept in the first crawl.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

import trawl.crawler.reading
import trawl.worker.main
from tests.conftest import scalar_rows
from tests.crawlkit import new_crawl_id, run_crawl
from tests.sitesrv import HtmlHandler, serve_handler
from trawl.api.crawls import Trawl
from trawl.config import get_settings
from trawl.errors import ConfigError, CrawlNotFound
from trawl.extract import extract
from trawl.model import CrawlSpec
from trawl.services.runtime import Runtime

OLD_DATE = "Wed, 21 Oct 2026 07:28:00 GMT"
NEW_DATE = "Thu, 22 Oct 2026 09:00:00 GMT"
LINKED = ("/etag-same.html", "/etag-changed.html", "/lm-same.html", "/lm-changed.html",
          "/plain-same.html", "/plain-changed.html", "/removed.html")
UNCHANGED = ("/", "/etag-same.html", "/lm-same.html", "/plain-same.html", "/orphan.html")
CHANGED = ("/etag-changed.html", "/lm-changed.html", "/plain-changed.html")
CONDITIONAL = {"/": "etag", "/etag-same.html": "etag", "/lm-same.html": "lm",
               "/orphan.html": "lm"}
"""Unchanged pages with a validator: the server must answer them 304."""


@dataclass
class Doc:
    body: str
    etag: str | None = None
    last_modified: str | None = None


@dataclass
class Served:
    """The site's pages (mutable between crawls) and every request it saw."""

    docs: dict[str, Doc] = field(default_factory=dict)
    log: list[tuple[str, str | None, str | None, int]] = field(default_factory=list)
    """(path, If-None-Match, If-Modified-Since, status answered)."""

    def answers(self, path: str) -> list[tuple[str | None, str | None, int]]:
        return [(inm, ims, status) for p, inm, ims, status in self.log if p == path]


def article(title: str, words: str, links: tuple[str, ...] = ()) -> str:
    anchors = "".join(f"<li><a href='{p}'>{p}</a></li>" for p in links)
    return (f"<main><h1>{title}</h1><p>{words} " + "with enough words to be content " * 3
            + f"</p><ul>{anchors}</ul></main>")


def first_version() -> dict[str, Doc]:
    return {
        "/": Doc(article("Index", "all pages", LINKED), etag='"idx-1"'),
        "/etag-same.html": Doc(article("Etag same", "stable etag page"), etag='"es-1"'),
        "/etag-changed.html": Doc(article("Etag changed", "first etag text"), etag='"ec-1"'),
        "/lm-same.html": Doc(article("LM same", "stable dated page"), last_modified=OLD_DATE),
        "/lm-changed.html": Doc(article("LM changed", "first dated text", ("/orphan.html",)),
                                last_modified=OLD_DATE),
        "/plain-same.html": Doc(article("Plain same", "stable plain page")),
        "/plain-changed.html": Doc(article("Plain changed", "first plain text")),
        "/removed.html": Doc(article("Removed", "soon gone")),
        "/orphan.html": Doc(article("Orphan", "only the old crawl links here"),
                            last_modified=OLD_DATE),
    }


def change_site(served: Served) -> None:
    """Edit three pages (one now links a new page, one no longer links the orphan),
    remove one, add one."""
    docs = served.docs
    docs["/etag-changed.html"] = Doc(article("Etag changed", "second etag text",
                                             ("/added.html",)), etag='"ec-2"')
    docs["/lm-changed.html"] = Doc(article("LM changed", "second dated text"),
                                   last_modified=NEW_DATE)
    docs["/plain-changed.html"] = Doc(article("Plain changed", "second plain text"))
    del docs["/removed.html"]
    docs["/added.html"] = Doc(article("Added", "brand new page"))


def not_modified(doc: Doc, if_none_match: str | None, if_modified_since: str | None) -> bool:
    """RFC 9110: If-None-Match decides when sent; else If-Modified-Since."""
    if if_none_match is not None:
        return doc.etag is not None and if_none_match == doc.etag
    return (doc.last_modified is not None and if_modified_since is not None
            and parsedate_to_datetime(if_modified_since)
            >= parsedate_to_datetime(doc.last_modified))


def handler_for(served: Served) -> type[HtmlHandler]:
    class Handler(HtmlHandler):
        def do_GET(self) -> None:
            path = self.path.split("?", 1)[0]
            inm = self.headers.get("If-None-Match")
            ims = self.headers.get("If-Modified-Since")
            doc = served.docs.get(path)
            status = 404 if doc is None else 304 if not_modified(doc, inm, ims) else 200
            served.log.append((path, inm, ims, status))
            if doc is None:
                self._send(404, "<h1>not found</h1>")
                return
            headers = {k: v for k, v in (("ETag", doc.etag),
                                         ("Last-Modified", doc.last_modified)) if v}
            if status == 304:
                self.send_response(304)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.end_headers()
                return
            self._send(200, doc.body, headers)
    return Handler


@pytest.fixture
def extracted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """URLs the in-process worker extracts (a thread pool instead of processes, so the
    counting wrapper is the one called)."""
    calls: list[str] = []

    def counting(html: str, url: str, content: str = "main", **selection: Any) -> Any:
        calls.append(url)
        return extract(html, url, content, **selection)

    async def no_processes(*_: Any) -> None:
        pass

    monkeypatch.setattr(trawl.worker.main, "extraction_pool", ThreadPoolExecutor)
    monkeypatch.setattr(trawl.worker.main, "start_processes", no_processes)
    monkeypatch.setattr(trawl.crawler.reading, "extract", counting)
    return calls


async def pages_of(engine: AsyncEngine, crawl_id: str) -> dict[str, dict[str, Any]]:
    async with engine.connect() as conn:
        rows = (await conn.execute(text(
            "select * from pages where crawl_id = :c"), {"c": crawl_id})).mappings().all()
    return {r["url"]: dict(r) for r in rows}


@contextlib.contextmanager
def site() -> Iterator[tuple[str, Served]]:
    served = Served(first_version())
    with serve_handler(handler_for(served)) as base:
        yield base, served


@pytest.mark.parametrize("render", ["http", "browser"])
async def test_recrawl_unchanged_changed_new_removed(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, extracted: list[str], render: str) -> None:
    with site() as (b, served):
        spec = CrawlSpec(seeds=[b + "/"], render=render, concurrency=3)
        old_id, result = await run_crawl(temporal_client, temporal_address, database_url,
                                         task_queue, spec)
        assert result.status == "completed"
        old = await pages_of(engine, old_id)
        assert set(old) == {b + p for p in ("/", *LINKED, "/orphan.html")}
        if render == "http":  # validators and body hashes are kept on every crawl
            assert old[b + "/etag-same.html"]["etag"] == '"es-1"'
            assert old[b + "/lm-same.html"]["last_modified"] == OLD_DATE
            assert all(len(p["body_hash"]) == 64 for p in old.values())
        else:  # the browser's response headers give the validators, no raw body
            assert old[b + "/etag-same.html"]["etag"] == '"es-1"'
            assert all(p["body_hash"] is None for p in old.values())
        assert all(p["change"] is None and p["previous_page_id"] is None
                   for p in old.values())

        change_site(served)
        served.log.clear()
        extracted.clear()
        new_id, result = await run_crawl(
            temporal_client, temporal_address, database_url, task_queue,
            CrawlSpec(seeds=[b + "/"], render=render, concurrency=3, recrawl_of=old_id))
        assert result.status == "completed"

    assert await scalar_rows(engine, "select recrawl_of from crawls where id = :c",
                             c=new_id) == [(old_id,)]
    new = await pages_of(engine, new_id)
    assert set(new) == {b + p for p in ("/", *LINKED, "/orphan.html", "/added.html")}

    # validators sent back: a 304 and nothing else; never rendered or extracted again
    for path, kind in CONDITIONAL.items():
        inm, ims, status = served.answers(path)[-1]
        assert status == 304, path
        if kind == "etag":
            assert inm == served.docs[path].etag, path
        else:
            assert ims == served.docs[path].last_modified, path
        assert len(served.answers(path)) == 1, path  # no browser load after the 304
    not_extracted = {b + p for p in CONDITIONAL}
    if render == "http":  # same bytes as last time: also not extracted (body hash)
        not_extracted.add(b + "/plain-same.html")
        assert served.answers("/plain-same.html") == [(None, None, 200)]
    assert not_extracted.isdisjoint(extracted)
    assert {b + p for p in (*CHANGED, "/added.html")} <= set(extracted)

    for path in UNCHANGED:
        page, before = new[b + path], old[b + path]
        assert page["change"] == "unchanged", path
        assert page["previous_page_id"] == before["id"], path
        assert page["fetched_at"] > before["fetched_at"], path
        for column in ("markdown", "text", "title", "content_hash", "status_code",
                       "word_count", "render_mode", "depth"):
            assert page[column] == before[column], (path, column)
        assert page["error_class"] is None
    assert new[b + "/orphan.html"]["depth"] == 2  # seeded from the old crawl, same depth

    # copied rows keep their links, and what they link to is crawled
    links = {r[0] for r in await scalar_rows(
        engine, "select to_url from links where crawl_id = :c and from_url = :u",
        c=new_id, u=b + "/")}
    assert links == {b + p for p in LINKED}

    for path in CHANGED:
        page, before = new[b + path], old[b + path]
        assert page["change"] == "changed", path
        assert page["previous_page_id"] == before["id"], path
        assert "second" in page["markdown"] and "first" in before["markdown"], path
        assert page["render_mode"] == render, path  # extracted anew, rendered as asked
    # the previous versions stay as they were, in the first crawl
    assert await pages_of(engine, old_id) == old
    assert new[b + "/etag-changed.html"]["etag"] == '"ec-2"'
    assert new[b + "/lm-changed.html"]["last_modified"] == NEW_DATE

    added = new[b + "/added.html"]
    assert (added["change"], added["previous_page_id"]) == ("new", None)
    assert "brand new page" in added["markdown"]
    removed = new[b + "/removed.html"]
    assert (removed["error_class"], removed["change"]) == ("http_404", "changed")
    assert removed["previous_page_id"] == old[b + "/removed.html"]["id"]


async def test_recrawl_spec_from_the_crawl_revisited(engine: AsyncEngine) -> None:
    """The facade: a recrawl takes the old crawl's spec, with only the given fields changed;
    unknown and running crawls are refused."""
    from trawl.store import frontier

    trawl_api = Trawl(get_settings(), Runtime("", "", "", False, False), None, engine)
    old_id = new_crawl_id()
    spec = CrawlSpec(seeds=["http://recrawl.test/"], render="http", max_pages=7,
                     exclude=["/blog/*"]).validated()
    await frontier.create_crawl(engine, old_id, f"crawl-test-{old_id}", spec)
    with pytest.raises(ConfigError, match=f"crawl {old_id} is still running"):
        await trawl_api.recrawl_spec(old_id, {})
    await frontier.finish_crawl(engine, old_id, "completed")

    again = await trawl_api.recrawl_spec(old_id, {"max_pages": 3})
    assert again.seeds == ["http://recrawl.test/"] and again.recrawl_of == old_id
    assert (again.render, again.max_pages, again.exclude) == ("http", 3, ["/blog/*"])
    with pytest.raises(ConfigError, match="give no start URLs"):
        await trawl_api.recrawl_spec(old_id, {"seeds": ["http://other.test/"]})
    with pytest.raises(CrawlNotFound, match="no crawl with id 'nosuchcrawl'"):
        await trawl_api.recrawl_spec("nosuchcrawl", {})
