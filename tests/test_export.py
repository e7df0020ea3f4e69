"""`trawl export --format markdown` with hostile URLs: nothing written outside the target
directory, no over-long names, no overwrite, every page kept."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from tests.crawlkit import new_crawl_id
from trawl.api.export import MAX_SEGMENT_BYTES, markdown_path, write_jsonl, write_markdown
from trawl.errors import ConfigError
from trawl.model import ClaimInput, CrawlSpec, FoundLink, PageRecord
from trawl.store import frontier
from trawl.store.pages import export_rows

HOSTILE = [
    "http://h.example/../../../../tmp/evil",
    "http://h.example/a/./../../b",
    "http://h.example/%2e%2e/%2E%2E/x",
    "http://h.example/.hidden",
    "http://user:pw@h.example/secret-host",
    "http://h.example/" + "x" * 5000,
    "http://h.example/" + "/".join(["deep"] * 400),
    "http://h.example/page?" + "q=" + "y" * 3000,
    "http://h.example/a?b=c",
    "http://h.example/a_b=c",
    "http://h.example/dir/",
    "http://h.example/dir/index",
    "http://h.example/Case",
    "http://h.example/case",
    "http://h.example/file",
    "http://h.example/file.md/inside",
]


async def rows(urls: list[str]) -> AsyncIterator[dict[str, Any]]:
    for url in urls:
        yield {"url": url, "title": "t", "fetched_at": "2026-11-25", "markdown": f"# {url}\n"}


async def test_hostile_urls_stay_inside_and_all_are_kept(tmp_path: Path) -> None:
    out = tmp_path / "export"
    assert await write_markdown(rows(HOSTILE), out) == len(HOSTILE)
    written = [p for p in out.rglob("*") if p.is_file()]
    assert len(written) == len(HOSTILE)  # no page overwrote another
    assert all(p.resolve().is_relative_to(out.resolve()) for p in written)
    assert not any(p.name.startswith(".") for p in out.rglob("*"))
    for path in out.rglob("*"):
        assert len(path.name.encode()) <= MAX_SEGMENT_BYTES
        assert len(str(path.relative_to(out)).encode()) <= 1100
    urls = {p.read_text().split("\n")[1] for p in written}  # front matter: url first
    assert urls == {f'url: "{u}"' for u in HOSTILE}
    assert not (tmp_path / "tmp").exists() and not Path("/tmp/evil.md").exists()
    assert "pw" not in " ".join(str(p) for p in written)


@pytest.mark.parametrize("url", HOSTILE)
def test_names_are_relative_and_safe(url: str) -> None:
    path = markdown_path(url)
    assert not path.is_absolute() and ".." not in path.parts and "." not in path.parts
    assert all(len(part.encode()) <= MAX_SEGMENT_BYTES for part in path.parts)


async def test_never_overwrites(tmp_path: Path) -> None:
    out = tmp_path / "export"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    with pytest.raises(ConfigError, match="not an empty directory"):
        await write_markdown(rows(["http://h.example/a"]), out)
    assert (out / "notes.txt").read_text() == "mine"
    a_file = tmp_path / "file"
    a_file.write_text("x")
    with pytest.raises(ConfigError, match="not an empty directory"):
        await write_markdown(rows(["http://h.example/a"]), a_file)


async def test_a_file_where_a_directory_would_go_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("x")
    with pytest.raises(ConfigError, match="cannot write"):
        await write_markdown(rows(["http://h.example/a"]), blocker / "sub")


async def test_jsonl_carries_text_links_and_metadata(engine: AsyncEngine,
                                                      tmp_path: Path) -> None:
    """Each exported line holds the page's text, markdown, metadata and its links in page
    order as ``{"url", "text"}`` (a page without links: an empty list)."""
    site = "http://export.test"
    urls = [site + "/a", site + "/b"]
    crawl_id = new_crawl_id()
    await frontier.create_crawl(engine, crawl_id, f"wf-{crawl_id}",
                                CrawlSpec(seeds=urls).validated())
    await frontier.claim(engine, ClaimInput(crawl_id, site, 2, uuid.uuid4().hex, max_pages=9))
    first = PageRecord(crawl_id=crawl_id, url=urls[0], site=site, depth=0, outcome="done",
                       status_code=200, title="A", markdown="# A\n\nBody ü", text="Body ü",
                       content_hash="a" * 64, meta={"author": "Ann", "headings": ["A"]})
    first.links = [FoundLink(site + "/z", "Zed", True), FoundLink("http://o.test/", "", False),
                   FoundLink(site + "/b", "Bee \"quoted\"", True)]
    second = PageRecord(crawl_id=crawl_id, url=urls[1], site=site, depth=0, outcome="done",
                        status_code=200, markdown="B", text="B", content_hash="b" * 64)
    for rec in (first, second):
        assert (await frontier.record_page(engine, rec)).recorded
    out = tmp_path / "pages.jsonl"
    assert await write_jsonl(export_rows(engine, crawl_id), out) == 2
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [line["url"] for line in lines] == urls
    a, b = lines
    assert (a["text"], a["markdown"], a["title"]) == ("Body ü", "# A\n\nBody ü", "A")
    assert a["metadata"] == {"author": "Ann", "headings": ["A"]}
    assert a["links"] == [{"url": site + "/z", "text": "Zed"},
                          {"url": "http://o.test/", "text": ""},
                          {"url": site + "/b", "text": "Bee \"quoted\""}]
    assert b["links"] == [] and b["text"] == "B"
