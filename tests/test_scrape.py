"""Scraping one page without a crawl (trawl.scrape, `trawl scrape`): sites on 127.0.0.1,
a real Chromium, no Temporal and no Postgres anywhere."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import re
import socket
import subprocess
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest
from pydantic import ValidationError

import trawl
from tests.conftest import PYTHON, ROOT, SITES
from tests.sitesrv import Rules, Site, serve, serve_handler
from trawl.crawler.scrape import ScrapeOptions, Scraper
from trawl.errors import (
    BlockedAddress,
    BodyTooLarge,
    BrowserError,
    ConfigError,
    FetchTimeout,
    RedirectLoop,
)

CLI_TIMEOUT_S = 120
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
FIVE_GB = 5 * 1024**3


def _json_page(path: str, base: str) -> tuple[str, bytes]:
    return "application/json", json.dumps(
        {"title": "Inventory", "items": [{"sku": "A-1", "name": "anchor bolt"}]}).encode()


def _refresh_to_self(path: str, base: str) -> tuple[str, bytes]:
    return "text/html", (f'<html><head><meta http-equiv="refresh" content="0; url={base}'
                         f'{path}"></head><body>moving</body></html>').encode()


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    rules = Rules(redirects={"/loop": "/loop2", "/loop2": "/loop", "/old": "/a.html"},
                  huge={"/huge.bin": FIVE_GB},
                  dynamic={"/data.json": _json_page, "/refresh-self": _refresh_to_self})
    with serve(SITES / "basic", rules) as served:
        yield served


class _HugeHtml(BaseHTTPRequestHandler):
    """Declares a 5 GB HTML body, then sends a few bytes at most: a scrape must refuse it
    from the header alone."""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(FIVE_GB))
        self.end_headers()
        with contextlib.suppress(OSError):
            self.wfile.write(b"<html><body>" + b"x" * 65536)


@pytest.fixture
def silent_port() -> Iterator[int]:
    """A port that accepts connections (the kernel's backlog) and never answers."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    try:
        yield sock.getsockname()[1]
    finally:
        sock.close()


# -- the Python API -----------------------------------------------------------------------

async def test_each_format_over_http(site: Site) -> None:
    page = await trawl.scrape(site.url("/"), render="http",
                              formats=["markdown", "html", "text", "links", "metadata"])
    assert page.ok and page.status_code == 200 and page.content_type == "text/html"
    assert page.url == page.final_url == site.url("/")
    assert page.title == "Home"
    assert page.render_mode == "http" and page.render_reason == "--render http"
    assert page.markdown is not None and page.markdown.startswith("# Welcome")
    assert "[page A](" + site.url("/a.html") + ")" in page.markdown
    assert page.text is not None and "Start here." in page.text and "](" not in page.text
    assert page.html is not None and "<title>Home</title>" in page.html
    assert page.links is not None
    by_url = {link.url: link for link in page.links}
    assert by_url[site.url("/a.html")].text == "page A" and by_url[site.url("/a.html")].internal
    assert not by_url["https://example.org/elsewhere"].internal
    assert page.metadata is not None and "language" in page.metadata
    assert page.word_count > 10 and page.screenshot is None and not page.thin_content
    # only what was asked for
    only = await trawl.scrape(site.url("/"), render="http", formats="text")
    assert only.text and only.markdown is None and only.html is None and only.links is None
    full = await trawl.scrape(site.url("/"), render="http", content="full")
    assert full.ok and full.word_count >= page.word_count


async def test_browser_render_and_screenshot(site: Site) -> None:
    async with Scraper() as scraper:
        page = await scraper.scrape(site.url("/"), render="browser",
                                    formats=["markdown", "html", "links", "screenshot"])
        assert page.ok and page.render_mode == "browser"
        assert page.render_reason == "--render browser"
        assert page.markdown is not None and page.markdown.startswith("# Welcome")
        assert page.screenshot is not None and page.screenshot.startswith(PNG_MAGIC)
        assert page.links is not None and len(page.links) >= 5
        # auto renders for a screenshot, says why; JSON carries the PNG as base64
        auto = await scraper.scrape(site.url("/a.html"), formats=["screenshot"])
        assert auto.render_mode == "browser" and auto.render_reason == "a screenshot was asked for"
        data = json.loads(auto.model_dump_json())
        assert base64.b64decode(data["screenshot"]).startswith(PNG_MAGIC)
        assert trawl.ScrapeResult.model_validate_json(auto.model_dump_json()).screenshot \
            == auto.screenshot
        # pages at once share the scraper's one Chromium
        many = await asyncio.gather(*(scraper.scrape(site.url(path), render="browser")
                                      for path in ("/", "/a.html", "/b/", "/new.html")))
        assert [p.render_mode for p in many] == ["browser"] * 4
        assert len({p.final_url for p in many}) == 4 and all(p.markdown for p in many)
        # no picture of a document: said so, not faked
        doc = await scraper.scrape(site.url("/data.json"), formats=["screenshot"])
        assert doc.screenshot is None and doc.screenshot_missing is not None
        assert "json document" in doc.screenshot_missing


async def test_auto_mode_renders_what_needs_a_browser() -> None:
    with serve(SITES / "jsapp") as app:
        async with Scraper() as scraper:
            rendered = await scraper.scrape(app.url("/"))
            served = await scraper.scrape(app.url("/"), render="http")
    assert rendered.render_mode == "browser"
    assert rendered.render_reason in ("script-only body (0 chars of text)", "app shell")
    assert rendered.word_count > served.word_count and not rendered.thin_content
    # read over HTTP, the app shell is flagged thin (as a crawl flags it), never silently empty
    assert served.render_mode == "http" and served.thin_content
    assert served.thin_reason is not None and "app shell" in served.thin_reason


async def test_a_static_page_in_auto_mode_stays_over_http(site: Site) -> None:
    page = await trawl.scrape(site.url("/"))
    assert page.render_mode == "http" and page.render_reason == "static HTML"


async def test_a_json_document(site: Site) -> None:
    for render in ("auto", "http", "browser"):
        page = await trawl.scrape(site.url("/data.json"), render=render,
                                  formats=["markdown", "text", "metadata"])
        assert page.ok and page.content_type == "application/json", render
        assert page.render_mode == "http"
        assert page.markdown is not None and "```json" in page.markdown
        assert "anchor bolt" in page.markdown and page.text and "anchor bolt" in page.text
        assert page.metadata is not None and page.metadata.get("format") == "json"


async def test_http_redirects_are_followed_and_a_status_is_a_result(site: Site) -> None:
    moved = await trawl.scrape(site.url("/old"), render="http")
    assert moved.url == site.url("/old") and moved.final_url == site.url("/a.html")
    assert moved.ok and moved.markdown
    missing = await trawl.scrape(site.url("/missing.html"), render="http")
    assert not missing.ok and missing.status_code == 404
    assert missing.error_class == "http_404" and missing.markdown is None


async def test_a_page_that_never_answers_times_out(site: Site, silent_port: int) -> None:
    url = f"http://127.0.0.1:{silent_port}/"
    async with Scraper() as scraper:
        await scraper.scrape(site.url("/"), render="browser")  # Chromium up
        for render in ("http", "browser"):
            started = time.monotonic()
            with pytest.raises(FetchTimeout) as caught:
                await scraper.scrape(url, render=render, timeout_s=2)
            elapsed = time.monotonic() - started
            # bounded by the timeout asked for (plus slack for a busy machine)
            assert 1.9 < elapsed < 12, (render, elapsed)
            assert caught.value.error_class == "timeout"
            # the cause: which URL, and that it did not answer in the time given
            cause = {"http": "no complete response within 2s",
                     "browser": "page did not load within 2s"}[render]
            assert str(caught.value) == f"{url}: {cause}"


async def test_redirect_loops(site: Site) -> None:
    for render in ("http", "browser"):
        with pytest.raises(RedirectLoop, match="redirect loop"):
            await trawl.scrape(site.url("/loop"), render=render, timeout_s=10)
    # a loop the page makes itself (meta refresh to itself) ends too
    with pytest.raises(RedirectLoop):
        await trawl.scrape(site.url("/refresh-self"), render="http")


async def test_five_gigabytes_are_refused_without_reading_them(site: Site) -> None:
    with serve_handler(_HugeHtml) as base:
        started = time.monotonic()
        with pytest.raises(BodyTooLarge) as caught:
            await trawl.scrape(base + "/big.html", render="http")
        assert caught.value.error_class == "too_large"
        assert f"Content-Length {FIVE_GB}" in str(caught.value)
        assert time.monotonic() - started < 5
    # a binary body is not read at all: a result saying so, in its header's time
    started = time.monotonic()
    binary = await trawl.scrape(site.url("/huge.bin"), render="http")
    assert time.monotonic() - started < 5
    assert binary.error_class == "not_read" and "application/octet-stream" in (
        binary.error_message or "")


async def test_the_url_named_is_fetched_other_private_addresses_are_refused(
        site: Site) -> None:
    """The operator named the URL: its origin is fetched wherever it points. A redirect to
    another internal origin (another port of loopback is another service) is refused."""
    for render in ("http", "browser"):
        assert (await trawl.scrape(site.url("/"), render=render)).ok
    elsewhere = Rules(redirects={"/away": site.url("/a.html")})
    with serve(SITES / "basic", elsewhere) as other:
        with pytest.raises(BlockedAddress, match=r"loopback address .*--allow-private"):
            await trawl.scrape(other.url("/away"), render="http")
        allowed = await trawl.scrape(other.url("/away"), render="http",
                                     allow_hosts=["127.0.0.1"])
        assert allowed.ok and allowed.final_url == site.url("/a.html")


async def test_bad_input_is_a_config_error(site: Site) -> None:
    with pytest.raises(ConfigError, match="absolute URL"):
        await trawl.scrape("example.com")
    with pytest.raises(ConfigError, match="unsupported URL scheme 'ftp'"):
        await trawl.scrape("ftp://example.org/pub")
    with pytest.raises(ConfigError, match="render: 'magic' is not one of"):
        await trawl.scrape(site.url("/"), render="magic")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="formats: 'pdf' is not one of"):
        await trawl.scrape(site.url("/"), formats=["pdf"])  # type: ignore[list-item]
    with pytest.raises(ConfigError, match="a screenshot needs the browser"):
        await trawl.scrape(site.url("/"), render="http", formats=["screenshot"])
    with pytest.raises(ConfigError, match="timeout_s: Input should be greater than 0"):
        await trawl.scrape(site.url("/"), timeout_s=0)
    with pytest.raises(ConfigError, match="unknown option 'colour'"):
        await Scraper().scrape(site.url("/"), colour="red")
    with pytest.raises(ValidationError):  # the model itself says it the pydantic way
        trawl.ScrapeOptions(timeout_s=0)


async def test_no_browser_is_a_clear_error(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAWL_BROWSER_PATH", "/nonexistent/chromium")
    trawl.get_settings.cache_clear()
    try:
        with pytest.raises(BrowserError, match="Install one"):
            await trawl.scrape(site.url("/"), render="browser")
        # over HTTP no browser is needed at all
        assert (await trawl.scrape(site.url("/"), render="http")).ok
    finally:
        monkeypatch.delenv("TRAWL_BROWSER_PATH")
        trawl.get_settings.cache_clear()


def test_scrape_sync_outside_and_inside_an_event_loop(site: Site) -> None:
    page = trawl.scrape_sync(site.url("/"), render="http")
    assert page.title == "Home"

    async def inside() -> str | None:  # a notebook's situation: a loop is running
        return trawl.scrape_sync(site.url("/a.html"), render="http").title

    assert asyncio.run(inside())
    options = ScrapeOptions(render="http", formats=("links",), allow_private=True)
    assert trawl.scrape_sync(site.url("/"), options=options).links


def test_an_http_scrape_loads_no_temporal_database_nor_browser(site: Site,
                                                               tmp_path: Path) -> None:
    probe = ("import sys, trawl\n"
             f"page = trawl.scrape_sync({site.url('/')!r}, render='http', allow_private=True)\n"
             "assert page.ok, page\n"
             "print(sorted(m for m in ('temporalio', 'playwright', 'sqlalchemy', 'psycopg') "
             "if m in sys.modules))")
    ran = subprocess.run([PYTHON, "-c", probe], env=_env(tmp_path), capture_output=True,
                         text=True, timeout=CLI_TIMEOUT_S, check=False)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "[]"


# -- the command line ---------------------------------------------------------------------

def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """No services to reach: a data dir of its own, Temporal and Postgres at dead ports.
    `trawl scrape` must never look at them."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRAWL_")}
    env.update(PYTHONPATH=str(ROOT), TRAWL_DATA_DIR=str(tmp_path / "data"),
               TRAWL_TEMPORAL_ADDRESS="127.0.0.1:1",
               TRAWL_DATABASE_URL="postgresql://nobody@127.0.0.1:1/trawl", **extra)
    return env


def cli(env: dict[str, str], *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([PYTHON, "-m", "trawl.api", "scrape", *args], cwd=cwd, env=env,
                          capture_output=True, timeout=CLI_TIMEOUT_S, check=False)


def one_line_error(result: subprocess.CompletedProcess[bytes], pattern: str) -> None:
    stderr = result.stderr.decode()
    assert result.returncode == 1, (result.returncode, stderr)
    assert "Traceback" not in stderr
    errors = [line for line in stderr.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1, stderr
    assert re.search(pattern, errors[0]), errors[0]


def test_cli_formats(site: Site, tmp_path: Path) -> None:
    env = _env(tmp_path)
    url = site.url("/")
    md = cli(env, url, "--render", "http")
    assert md.returncode == 0, md.stderr
    assert md.stdout.decode().startswith("# Welcome") and md.stderr == b""
    links = cli(env, url, "-f", "links").stdout.decode().splitlines()
    assert f"{site.url('/a.html')}\tpage A" in links
    text = cli(env, url, "-f", "text").stdout.decode()
    assert "Start here." in text and "](" not in text
    html = cli(env, url, "-f", "html").stdout.decode()
    assert "<title>Home</title>" in html
    meta = json.loads(cli(env, url, "-f", "metadata").stdout)
    assert "language" in meta
    whole = json.loads(cli(env, url, "-f", "json").stdout)
    assert whole["status_code"] == 200 and whole["title"] == "Home"
    assert whole["markdown"].startswith("# Welcome") and whole["links"] and whole["html"]
    assert whole["render_mode"] == "http" and whole["error_class"] is None
    out = tmp_path / "page.md"
    wrote = cli(env, url, "-o", str(out))
    assert wrote.returncode == 0 and wrote.stdout == b""
    assert out.read_text().startswith("# Welcome")
    # a browser for the screenshot; PNG to the file
    png = tmp_path / "page.png"
    shot = cli(env, url, "-f", "screenshot", "-o", str(png))
    assert shot.returncode == 0, shot.stderr
    assert png.read_bytes().startswith(PNG_MAGIC)
    # nothing was started or written under the data dir: no Temporal, no Postgres
    assert not (tmp_path / "data").exists()
    # the full command line lists it too
    listed = subprocess.run([PYTHON, "-m", "trawl.api", "--help"], cwd=ROOT, env=env,
                            capture_output=True, timeout=CLI_TIMEOUT_S, check=True)
    assert re.search(rb"scrape\s+Scrape one page without a crawl", listed.stdout)


def test_cli_failures_are_one_line_and_non_zero(site: Site, tmp_path: Path,
                                                silent_port: int) -> None:
    env = _env(tmp_path)
    url = site.url("/")
    one_line_error(cli(env, "not a url"), r"invalid URL 'not a url'")
    one_line_error(cli(env, url, "-f", "pdf"), r"--format must be one of markdown, html")
    one_line_error(cli(env, url, "--render", "magic"), r"render: 'magic' is not one of")
    one_line_error(cli(env, url, "-f", "screenshot"), r"give a file with -o FILE")
    one_line_error(cli(env, url, "-f", "screenshot", "--render", "http", "-o", "x.png"),
                   r"needs the browser")
    one_line_error(cli(env, site.url("/missing.html")),
                   r"HTTP 404 at .*/missing\.html")
    one_line_error(cli(env, site.url("/loop")), r"redirect loop")
    started = time.monotonic()
    one_line_error(cli(env, f"http://127.0.0.1:{silent_port}/",
                       "--timeout", "1"), r"no complete response within 1s")
    assert time.monotonic() - started < 30
    no_browser = _env(tmp_path, TRAWL_BROWSER_PATH="/nonexistent/chromium")
    one_line_error(cli(no_browser, url, "--render", "browser"),
                   r"does not exist\. no Chromium found\. Install one")
    # a failed scrape leaves an existing file alone
    out = tmp_path / "keep.md"
    out.write_text("earlier\n")
    one_line_error(cli(env, site.url("/missing.html"), "-o", str(out)),
                   r"HTTP 404")
    assert out.read_text() == "earlier\n"
    assert not (tmp_path / "data").exists()


# -- the documentation's examples, run -----------------------------------------------------

DOC_PAGE = "docs/guides/scrape.md"


def doc_blocks(page: str, section: str | None = None) -> list[tuple[str, str]]:
    """(language, code) of each fenced block of a documentation page (``docs/...``), or of
    its section titled ``section`` (a ``## `` heading, up to the next one)."""
    text = (ROOT / page).read_text()
    if section is not None:
        start = text.index(section + "\n")
        end = text.find("\n## ", start + len(section))
        text = text[start:end if end != -1 else len(text)]
    return [(m.group(1), m.group(2))
            for m in re.finditer(r"^```(\w+)\n(.*?)^```$", text, re.MULTILINE | re.DOTALL)]


def test_doc_examples_run(site: Site, tmp_path: Path) -> None:
    blocks = doc_blocks(DOC_PAGE)
    assert [lang for lang, _ in blocks] == ["bash", "python", "python"]
    # the examples name https://example.com; here it is the test site (on loopback, allowed
    # for these runs only), so they run offline and their output can be checked
    env = _env(tmp_path, TRAWL_ALLOW_PRIVATE="1",
               PATH=f"{Path(PYTHON).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    work = tmp_path / "work"
    work.mkdir()
    outputs = []
    for lang, code in blocks:
        code = code.replace("https://example.com/", site.url("/"))
        assert "example.com" not in code
        if lang == "bash":
            command = ["bash", "-euo", "pipefail", "-c", code]
        else:
            command = [PYTHON, "-c", code]
        ran = subprocess.run(command, cwd=work, env=env, capture_output=True,
                             timeout=CLI_TIMEOUT_S, check=False)
        assert ran.returncode == 0, (code, ran.stderr.decode())
        outputs.append(ran.stdout.decode())
    cli_out, sync_out, async_out = outputs
    assert "# Welcome" in cli_out and f"{site.url('/a.html')}\tpage A" in cli_out
    assert json.loads((work / "page.json").read_text())["title"] == "Home"
    assert (work / "page.png").read_bytes().startswith(PNG_MAGIC)
    assert sync_out.startswith("200 Home http static HTML\n# Welcome")
    assert f"{site.url('/a.html')} page A True" in sync_out
    assert f"{site.url('/')} True None" in async_out
    assert f"{site.url('/missing')} False http_404 0" in async_out
