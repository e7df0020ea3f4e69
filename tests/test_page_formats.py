"""--store html,screenshot and --chunk in a real crawl of a local site (issue 18): the HTML
read comes back out of pages.raw_html, the screenshot is a PNG of the page, the chunks are
the page's markdown in order under their headings; a page read over HTTP says it has no
screenshot. The write path's idempotency (a retried record never duplicates chunks) is
pinned down in test_record_page.py."""

from __future__ import annotations

import gzip
import json
import struct
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client

from tests.conftest import scalar_rows
from tests.crawlkit import run_crawl
from tests.sitesrv import serve
from trawl.api.export import write_jsonl
from trawl.crawler.explore import ExploreDeps, explore
from trawl.crawler.fetch import make_client
from trawl.model import CrawlSpec, ExploreInput, UrlJob
from trawl.store.pages import export_rows

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHUNK_CHARS = 300

INDEX = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Formats home</title></head>
<body><nav><a href="/">Home</a> <a href="/guide.html">Guide</a></nav>
<main><article>
<h1>Formats home</h1>
<p>The marker sentence of the home page is here. It says nothing else of note.</p>
<h2>Installing</h2>
<p>{long}</p>
<pre><code class="language-python">{code}</code></pre>
<h3>On Linux</h3>
<p>Use the package manager. Then run the program once to check it starts.</p>
<table><thead><tr><th>Option</th><th>Meaning</th></tr></thead>
<tbody>{rows}</tbody></table>
<h2>Using</h2>
<p>Read the <a href="/guide.html">guide</a> first. Ünïcödé survives.</p>
</article></main></body></html>
"""
GUIDE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Guide</title></head>
<body><main><h1>Guide</h1><p>The guide's only paragraph, short. Back
<a href="/">home</a>.</p></main></body></html>
"""


def _site(root: Path) -> Path:
    root.mkdir()
    long = " ".join(f"Sentence {i} of the long installing paragraph goes on a while."
                    for i in range(40))
    code = "\n".join(f"value_{i} = compute({i})  # keep. this line." for i in range(60))
    rows = "".join(f"<tr><td>--opt-{i}</td><td>does thing {i}.</td></tr>" for i in range(30))
    (root / "index.html").write_text(INDEX.format(long=long, code=code, rows=rows),
                                     encoding="utf-8")
    (root / "guide.html").write_text(GUIDE, encoding="utf-8")
    return root


def _squash(text: str) -> str:
    return "".join(text.split())


def _png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == PNG_SIGNATURE and png[12:16] == b"IHDR"
    width, height = struct.unpack(">II", png[16:24])
    return width, height


@pytest.mark.parametrize("render", ["browser", "http"])
async def test_store_html_screenshot_and_chunks(temporal_client: Client, temporal_address: str,
                                                database_url: str, engine: AsyncEngine,
                                                task_queue: str, tmp_path: Path,
                                                render: str) -> None:
    root = _site(tmp_path / "site")
    with serve(root) as site:
        b = site.base
        crawl_id, result = await run_crawl(
            temporal_client, temporal_address, database_url, task_queue,
            CrawlSpec(seeds=[b + "/"], render=render, store=["html", "screenshot"],
                      chunk_chars=CHUNK_CHARS))
    assert result.status == "completed" and result.pages_done == 2

    rows = {r[0]: r[1:] for r in await scalar_rows(
        engine, "select url, raw_html, screenshot, markdown, metadata, render_mode, id "
                "from pages where crawl_id = :c", c=crawl_id)}
    assert set(rows) == {b + "/", b + "/guide.html"}
    for url, (raw, shot, markdown, meta, mode, page_id) in rows.items():
        assert mode == render
        html = gzip.decompress(raw).decode("utf-8")
        served = (root / ("index.html" if url == b + "/" else "guide.html")).read_text("utf-8")
        if render == "http":
            assert html == served  # the body as served, decoded
        else:  # the browser's DOM: the same document, serialised by Chromium
            assert html.lstrip().lower().startswith(("<!doctype html>", "<html"))
            assert "Ünïcödé survives" in html or url != b + "/"
            assert "The guide's only paragraph" in html or url != b + "/guide.html"
            assert "marker sentence" in html or url != b + "/"
        if render == "browser":
            width, height = _png_size(shot)
            assert width > 100 and height > 100
            assert "screenshot_missing" not in meta
        else:
            assert shot is None
            assert meta["screenshot_missing"].startswith("not taken: the page was read over "
                                                         "HTTP")

        chunks = await scalar_rows(
            engine, "select ordinal, heading_path, markdown, char_count from chunks "
                    "where page_id = :p order by ordinal", p=page_id)
        assert [c[0] for c in chunks] == list(range(len(chunks)))
        assert _squash("".join(c[2] for c in chunks)) == _squash(markdown)  # all, in order
        assert all(c[3] == len(c[2]) for c in chunks)
        if url == b + "/":
            assert len(chunks) > 5
            code = [c for c in chunks if "value_0 = compute(0)" in c[2]]
            assert len(code) == 1 and "value_59 = compute(59)" in code[0][2]  # never split
            table = [c for c in chunks if "--opt-0" in c[2]]
            assert len(table) == 1 and "--opt-29" in table[0][2]
            assert table[0][1] == ["Formats home", "Installing", "On Linux"]
            long = [c for c in chunks if "Sentence 20 of" in c[2]]
            assert long[0][1] == ["Formats home", "Installing"]
            assert all(c[3] <= CHUNK_CHARS for c in chunks if c not in code + table)
        else:
            assert [c[1] for c in chunks] == [["Guide"]]

    # the JSON lines export: text, links and metadata of each page
    out = tmp_path / "pages.jsonl"
    assert await write_jsonl(export_rows(engine, crawl_id), out) == 2
    lines = {d["url"]: d for d in map(json.loads, out.read_text("utf-8").splitlines())}
    home = lines[b + "/"]
    assert "marker sentence" in home["text"] and home["metadata"] is not None
    assert {"url": b + "/guide.html", "text": "guide"} in home["links"]
    assert lines[b + "/guide.html"]["links"] == [{"url": b + "/", "text": "home"}]


async def test_a_recrawls_unchanged_page_keeps_its_formats(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path) -> None:
    """A page a recrawl finds unchanged is copied, not read again: it keeps the HTML the
    crawl revisited stored, and is chunked when the recrawl asks for chunks."""
    root = _site(tmp_path / "site")
    with serve(root) as site:
        b = site.base
        old_id, _ = await run_crawl(
            temporal_client, temporal_address, database_url, task_queue,
            CrawlSpec(seeds=[b + "/"], render="http", store=["html"]))
        new_id, result = await run_crawl(
            temporal_client, temporal_address, database_url, task_queue,
            CrawlSpec(seeds=[b + "/"], render="http", store=["html"],
                      chunk_chars=CHUNK_CHARS, recrawl_of=old_id))
    assert result.status == "completed"
    assert await scalar_rows(engine, "select count(*) from chunks where crawl_id = :c",
                             c=old_id) == [(0,)]  # not asked for the first time
    rows = await scalar_rows(engine, "select url, change, raw_html, markdown, id from pages "
                                     "where crawl_id = :c order by url", c=new_id)
    assert [(r[0], r[1]) for r in rows] == [(b + "/", "unchanged"),
                                           (b + "/guide.html", "unchanged")]
    for url, _, raw, markdown, page_id in rows:
        name = "index.html" if url == b + "/" else "guide.html"
        assert gzip.decompress(raw).decode() == (root / name).read_text("utf-8")
        chunks = await scalar_rows(engine, "select markdown from chunks where page_id = :p "
                                           "order by ordinal", p=page_id)
        assert chunks and _squash("".join(c[0] for c in chunks)) == _squash(markdown)


async def test_a_retried_explore_writes_its_chunks_once(
        temporal_client: Client, temporal_address: str, database_url: str,
        engine: AsyncEngine, task_queue: str, tmp_path: Path) -> None:
    """The explore of a page run again (its activity retried: the URL claimed again, or
    an attempt that arrives after the page was recorded) leaves one set of chunks and one
    page row, the same as the first."""
    root = _site(tmp_path / "site")
    spec = CrawlSpec(seeds=[], render="http", store=["html"], chunk_chars=CHUNK_CHARS)
    with serve(root) as site:
        b = site.base
        spec.seeds = [b + "/"]
        spec = spec.validated()
        crawl_id, _ = await run_crawl(temporal_client, temporal_address, database_url,
                                      task_queue, spec)
        chunks_sql = ("select c.ordinal, c.heading_path, c.markdown from chunks c join pages p "
                      "on p.id = c.page_id where p.crawl_id = :c and p.url = :u "
                      "order by c.ordinal")
        first = await scalar_rows(engine, chunks_sql, c=crawl_id, u=b + "/")
        assert len(first) > 5
        http = make_client("trawl-test", 10.0)
        try:
            deps = ExploreDeps(engine=engine, http=http, pool=None)
            inp = ExploreInput(crawl_id=crawl_id, site=b, job=UrlJob(url=b + "/", depth=0),
                               spec=spec)
            late = await explore(deps, inp)  # recorded already: writes nothing
            assert late.outcome == "done"
            async with engine.begin() as conn:  # the activity retried with its claim
                await conn.execute(text("update crawl_urls set status = 'claimed' "
                                        "where crawl_id = :c and url = :u"),
                                   {"c": crawl_id, "u": b + "/"})
            again = await explore(deps, inp)
            assert again.outcome == "done"
        finally:
            await http.aclose()
    assert await scalar_rows(engine, chunks_sql, c=crawl_id, u=b + "/") == first
    assert await scalar_rows(engine, "select count(*) from pages where crawl_id = :c",
                             c=crawl_id) == [(2,)]
    assert await scalar_rows(engine, "select attempts from crawl_urls where crawl_id = :c "
                                     "and url = :u", c=crawl_id, u=b + "/") == [(2,)]
