"""The Firecrawl API's pure parts (issue 31): what a request becomes in trawl (scope, depth,
formats, refusals naming the field, the SDKs' defaults accepted), what a page becomes as a
document, how ``POST /v1/scrape`` tells the two APIs apart, and the extraction options
behind includeTags/excludeTags. No servers: the SDKs against a real server are
tests/test_firecrawl.py."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from trawl.api.http.firecrawl._dispatch import is_firecrawl_body
from trawl.api.http.firecrawl._errors import Unsupported
from trawl.api.http.firecrawl._requests import (
    DEFAULT_JSON_PROMPT,
    BatchRequest,
    CrawlRequest,
    ScrapeRequest,
    batch_spec,
    crawl_spec,
    document_options,
    json_extraction,
    scrape_options,
)
from trawl.config import get_settings
from trawl.crawler.firecrawl import DocumentOptions, PageFacts, document
from trawl.errors import ConfigError
from trawl.extract import content_html, extract

pytestmark = pytest.mark.fast

SDK_DEFAULTS = {"onlyMainContent": True, "mobile": False, "removeBase64Images": True,
                "fastMode": False, "blockAds": True, "maxAge": 14400000,
                "storeInCache": True, "skipTlsVerification": True, "proxy": "auto",
                "parsers": ["pdf"], "origin": "python-sdk@4.55.0", "integration": "x"}
"""What firecrawl-py sends with every scrape that has options (and what it adds)."""


def test_the_sdks_defaults_and_unknown_fields_are_accepted() -> None:
    req = ScrapeRequest.model_validate({"url": "http://a.example/", "formats": ["markdown"],
                                        **SDK_DEFAULTS, "aNewFieldFromTheFuture": [1]})
    opts = document_options(req)
    assert opts.formats == ["markdown"] and opts.only_main_content
    options = scrape_options(req, opts)
    assert set(options.formats) == {"markdown", "metadata"} and options.render == "auto"


@pytest.mark.parametrize(("body", "field"), [
    ({"mobile": True}, "mobile"),
    ({"actions": [{"type": "wait", "milliseconds": 5}]}, "actions"),
    ({"location": {"country": "DE"}}, "location"),
    ({"proxy": "stealth"}, "proxy"),
    ({"minAge": 10}, "minAge"),
    ({"formats": ["summary"]}, "formats"),
    ({"formats": ["screenshot@fullPage"]}, "formats"),
    ({"formats": [{"type": "screenshot", "fullPage": True}]}, "formats"),
    ({"parsers": ["images"]}, "parsers"),
    ({"redactPII": True}, "redactPII"),
])
def test_what_trawl_cannot_do_is_refused_naming_the_field(body: dict[str, object],
                                                         field: str) -> None:
    with pytest.raises(Unsupported) as refused:
        document_options(ScrapeRequest.model_validate({"url": "http://a.example/", **body}))
    assert refused.value.field == field
    assert str(refused.value).startswith(f"{field}: not supported by trawl (yet)")


def test_bounds_name_firecrawls_fields() -> None:
    for body, field in (({"timeout": 10_000_000}, "timeout"), ({"waitFor": 90_000}, "waitFor"),
                        ({"includeTags": ["a[["]}, "includeTags"),
                        ({"headers": {"Host": "x"}}, "headers")):
        with pytest.raises(ConfigError, match=rf"^{field}"):
            document_options(ScrapeRequest.model_validate({"url": "http://a.example/",
                                                           **body}))


def test_a_crawl_request_becomes_a_crawl_spec() -> None:
    spec, opts = crawl_spec(CrawlRequest.model_validate({
        "url": "http://a.example/docs/", "limit": 30, "maxDiscoveryDepth": 2,
        "includePaths": ["^/docs/guide"], "excludePaths": [r"\.pdf$"],
        "allowSubdomains": True, "ignoreRobotsTxt": True, "delay": 2, "maxConcurrency": 3,
        "sitemap": "skip", "deduplicateSimilarURLs": True, "ignoreQueryParameters": False,
        "scrapeOptions": {**SDK_DEFAULTS, "formats": ["markdown", "rawHtml", "screenshot"],
                          "onlyMainContent": False, "excludeTags": ["nav"], "waitFor": 500,
                          "timeout": 20000}}))
    valid = spec.validated()
    assert (valid.max_pages, valid.max_depth, valid.allow_subdomains, valid.respect_robots,
            valid.delay_s, valid.concurrency, valid.sitemap) == (30, 2, True, False, 2, 3,
                                                                 "skip")
    # crawlEntireDomain false: only below the start URL's path
    assert valid.include == ["/docs/*"]
    assert valid.include_regex == ["^/docs/guide"] and valid.exclude_regex == [r"\.pdf$"]
    assert (valid.content, valid.exclude_tags, valid.page_timeout_s) == ("full", ["nav"], 20)
    assert valid.store == ["html", "screenshot"] and valid.render == "browser"
    assert valid.steps[0].match == ["*"] and valid.steps[0].steps[0].ms == 500
    assert opts.formats == ["markdown", "rawHtml", "screenshot"]
    scope = valid.scope()
    assert scope.contains("http://a.example/docs/guide/x")
    assert not scope.contains("http://a.example/docs/other")  # not included
    assert not scope.contains("http://a.example/docs/guide/x.pdf")  # excluded
    assert not scope.contains("http://a.example/blog/guide")  # above the start URL
    assert scope.contains("http://sub.a.example/docs/guide/y")


def test_crawl_scope_variants() -> None:
    whole, _ = crawl_spec(CrawlRequest(url="http://a.example/docs/", crawlEntireDomain=True))
    assert whole.validated().include == []
    root, _ = crawl_spec(CrawlRequest(url="http://a.example/"))
    assert root.validated().include == []
    # v1's maxDepth: path segments below the start URL's
    deep, _ = crawl_spec(CrawlRequest(url="http://a.example/docs/", maxDepth=1))
    scope = deep.validated().scope()
    assert scope.contains("http://a.example/docs/a/")
    assert not scope.contains("http://a.example/docs/a/b")
    full, _ = crawl_spec(CrawlRequest(url="http://a.example/", regexOnFullURL=True,
                                      includePaths=[r"\?page=\d$"]))
    scope = full.validated().scope()
    assert scope.contains("http://a.example/list?page=2")
    assert not scope.contains("http://a.example/list")
    for body, field in (({"allowExternalLinks": True}, "allowExternalLinks"),
                        ({"ignoreQueryParameters": True}, "ignoreQueryParameters"),
                        ({"prompt": "docs only"}, "prompt"),
                        ({"zeroDataRetention": True}, "zeroDataRetention"),
                        ({"scrapeOptions": {"headers": {"X": "y"}}}, "scrapeOptions.headers")):
        with pytest.raises(Unsupported) as refused:
            crawl_spec(CrawlRequest.model_validate({"url": "http://a.example/", **body}))
        assert refused.value.field == field
    with pytest.raises(ConfigError, match=r"^includePaths"):
        crawl_spec(CrawlRequest(url="http://a.example/", includePaths=["(open"]))


def test_a_batch_is_a_crawl_that_follows_nothing() -> None:
    spec, opts, invalid = batch_spec(BatchRequest.model_validate({
        "urls": ["http://a.example/x?b=2&a=1", "http://b.example/", "ftp://c/",
                 "http://a.example/x?a=1&b=2"], "formats": ["markdown", "links"]}))
    valid = spec.validated()
    assert valid.seeds == ["http://a.example/x?a=1&b=2", "http://b.example/"]
    assert (valid.max_depth, valid.sitemap, valid.follow_canonical,
            valid.respect_robots) == (0, "skip", False, False)
    assert invalid == ["ftp://c/"]
    # a document's sourceURL is the URL as the client wrote it
    assert opts.source_urls == {"http://a.example/x?a=1&b=2": "http://a.example/x?b=2&a=1"}
    with pytest.raises(ConfigError, match=r"^urls"):
        batch_spec(BatchRequest(urls=["ftp://c/"], ignoreInvalidURLs=False))


def test_documents() -> None:
    html = ('<html lang="en"><head><title>T</title><meta property="og:title" content="OG">'
            '<meta property="og:locale:alternate" content="de_DE"></head><body>'
            "<main><h1>Head</h1><p>Body text of the page, long enough to be content here."
            '</p><img src="data:image/png;base64,AAAA" alt="i"></main></body></html>')
    facts = PageFacts(source_url="http://a.example", url="http://a.example/", status_code=200,
                      content_type="text/html", title="T", description=None, language="en",
                      metadata={"og": {"title": "OG", "locale:alternate": "de_DE"},
                                "keywords": ["k1", "k2"], "published": "2024-01-01"},
                      markdown="# Head\n\n![i](data:image/png;base64,AAAA)\n",
                      raw_html=html, links=["http://a.example/x", "http://a.example/x"],
                      screenshot=b"\x89PNG", warnings=["thin content: why"])
    doc = document(facts, DocumentOptions(formats=["markdown", "html", "rawHtml", "links",
                                                   "screenshot"]))
    assert doc["markdown"] == "# Head\n\n![i](<Base64-Image-Removed>)\n"
    assert doc["html"].startswith("<h1>Head</h1>") and doc["rawHtml"] == html
    assert doc["links"] == ["http://a.example/x"]
    assert doc["screenshot"] == "data:image/png;base64,iVBORw=="
    assert doc["warning"] == "thin content: why"
    assert doc["metadata"] == {
        "title": "T", "language": "en", "keywords": "k1, k2", "publishedTime": "2024-01-01",
        "ogTitle": "OG", "ogLocaleAlternate": ["de_DE"], "sourceURL": "http://a.example",
        "url": "http://a.example/", "statusCode": 200, "contentType": "text/html"}
    # a document read as a PDF has no HTML, and says so rather than sending an empty one
    pdf = document(PageFacts(source_url="u", url="u", status_code=200,
                             content_type="application/pdf", title=None, description=None,
                             language=None, metadata={}, markdown="text"),
                   DocumentOptions(formats=["markdown", "html"]))
    assert "html" not in pdf and "no HTML" in pdf["warning"]


SCHEMA = {"type": "object", "properties": {"title": {"type": "string"}}}
MODEL = "openai:served-model"


@pytest.fixture
def served_model(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The server's model (``trawl serve --model`` sets TRAWL_MODEL for its process)."""
    monkeypatch.setenv("TRAWL_MODEL", MODEL)
    get_settings.cache_clear()
    yield MODEL
    monkeypatch.delenv("TRAWL_MODEL")
    get_settings.cache_clear()


def test_the_json_format_needs_the_servers_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TRAWL_MODEL", raising=False)
    get_settings.cache_clear()
    for body, field in (({"formats": [{"type": "json", "schema": SCHEMA}]}, "formats"),
                        ({"formats": ["json"], "jsonOptions": {"prompt": "t"}}, "jsonOptions"),
                        ({"formats": ["extract"], "extract": {"schema": SCHEMA}}, "extract")):
        with pytest.raises(ConfigError) as refused:
            document_options(ScrapeRequest.model_validate({"url": "http://a.example/",
                                                           **body}))
        message = str(refused.value)
        assert message.startswith(f"{field}: the ") and "trawl serve --model" in message
        assert "TRAWL_MODEL" in message
    with pytest.raises(ConfigError, match=r"^scrapeOptions\.formats: .*--model"):
        crawl_spec(CrawlRequest.model_validate({"url": "http://a.example/", "scrapeOptions": {
            "formats": [{"type": "json", "prompt": "the title"}]}}))


def test_the_json_format_is_a_model_extraction(served_model: str) -> None:
    v2 = ScrapeRequest.model_validate({"url": "http://a.example/", "formats": [
        "markdown", {"type": "json", "schema": SCHEMA, "prompt": "The title."}]})
    opts = document_options(v2)
    assert opts.formats == ["markdown"] and opts.json_field == "json"
    options = scrape_options(v2, opts)
    assert options.extract == {"schema": SCHEMA, "prompt": "The title."}
    assert options.model == served_model
    # v1: the json format with jsonOptions (systemPrompt before the prompt), or extract
    v1 = json_extraction(ScrapeRequest.model_validate({
        "url": "u", "formats": ["json"], "jsonOptions": {
            "schema": SCHEMA, "systemPrompt": "Be brief.", "prompt": "The title."}}))
    assert v1 is not None and v1.field == "json"
    assert v1.extract["prompt"] == "Be brief.\n\nThe title."
    old = json_extraction(ScrapeRequest.model_validate({
        "url": "u", "formats": ["markdown", "extract"], "extract": {"schema": SCHEMA}}))
    assert old is not None and old.field == "extract"
    assert old.extract == {"schema": SCHEMA, "prompt": DEFAULT_JSON_PROMPT}
    # a prompt alone: any object
    free = json_extraction(ScrapeRequest.model_validate({
        "url": "u", "formats": [{"type": "json", "prompt": "Everything about prices."}]}))
    assert free is not None and free.extract["schema"] == {"type": "object"}
    # crawls and batch scrapes extract every page into pages.data with the server's model
    spec, copts = crawl_spec(CrawlRequest.model_validate({
        "url": "http://a.example/", "scrapeOptions": {
            "formats": [{"type": "json", "schema": SCHEMA, "prompt": "p"}]}}))
    assert spec.validated().extract == {"schema": SCHEMA, "prompt": "p"}
    assert spec.validated().model == served_model and copts.json_field == "json"
    assert DocumentOptions.from_json(copts.to_json()).json_field == "json"  # kept with the job
    bspec, bopts, _ = batch_spec(BatchRequest.model_validate({
        "urls": ["http://a.example/"], "formats": ["extract"],
        "extract": {"prompt": "p", "schema": SCHEMA}}))
    assert bspec.validated().extract is not None and bopts.json_field == "extract"


@pytest.mark.parametrize(("body", "field"), [
    ({"formats": [{"type": "json"}]}, "formats: the 'json' format needs a schema, a prompt"),
    ({"formats": ["json"]}, "jsonOptions: the 'json' format needs a schema, a prompt"),
    ({"jsonOptions": {"prompt": "p"}}, "jsonOptions: given without the 'json' format"),
    ({"extract": {"prompt": "p"}}, "extract: given without the 'extract' format"),
    ({"formats": ["json", "extract"], "jsonOptions": {"prompt": "p"},
      "extract": {"prompt": "p"}}, "formats: one JSON format at most"),
    ({"formats": [{"type": "json", "schema": {"type": "array"}}]},
     "formats.schema: not supported"),
    ({"formats": [{"type": "json", "schema": {"type": "object", "properties": 3}}]},
     "formats: schema is not a valid JSON Schema"),
    ({"formats": [{"type": "json", "prompt": "p", "agent": {"model": "FIRE-1"}}]},
     "formats.agent: not supported"),
    ({"formats": ["json"], "jsonOptions": {"prompt": "p", "checkPromptInjection": True}},
     "jsonOptions.checkPromptInjection: not supported"),
])
def test_json_format_errors_name_the_field(served_model: str, body: dict[str, object],
                                           field: str) -> None:
    with pytest.raises(ConfigError) as refused:
        document_options(ScrapeRequest.model_validate({"url": "http://a.example/", **body}))
    assert str(refused.value).startswith(field), str(refused.value)


def test_a_documents_json_is_only_valid_data() -> None:
    facts = dict(source_url="u", url="u", status_code=200, content_type="text/html",
                 title=None, description=None, language=None, metadata={}, markdown="m")
    opts = DocumentOptions(formats=["markdown"], json_field="json")
    ok = document(PageFacts(**facts, data={"title": "T"}), opts)  # type: ignore[arg-type]
    assert ok["json"] == {"title": "T"} and "warning" not in ok
    failed = document(PageFacts(**facts, data_error="the model's answer was not valid after "
                                "2 re-ask(s)"), opts)  # type: ignore[arg-type]
    assert "json" not in failed and "extract" not in failed
    assert failed["warning"] == "no json: the model's answer was not valid after 2 re-ask(s)"
    assert "error" not in failed["metadata"]  # the page itself was read
    v1 = document(PageFacts(**facts, data={"a": 1}),  # type: ignore[arg-type]
                  DocumentOptions(formats=[], json_field="extract"))
    assert v1["extract"] == {"a": 1} and "json" not in v1 and "markdown" not in v1
    # a page that could not be read has no data to speak of: its error says it all
    gone = document(PageFacts(**{**facts, "status_code": 404, "markdown": None},  # type: ignore[arg-type]
                              error="HTTP 404"), opts)
    assert "json" not in gone and "warning" not in gone


def test_v1_scrape_bodies_are_told_apart() -> None:
    assert not is_firecrawl_body(b'{"url": "http://a/"}')
    assert not is_firecrawl_body(b'{"url": "http://a/", "options": {"render": "http"}}')
    assert not is_firecrawl_body(b"not json")
    assert not is_firecrawl_body(b'["url"]')
    assert is_firecrawl_body(b'{"url": "http://a/", "origin": "python-sdk@1"}')
    assert is_firecrawl_body(b'{"url": "http://a/", "formats": ["markdown"]}')


def test_include_and_exclude_tags() -> None:
    html = ("<html><body><nav>menu words here</nav><main><h1>Title</h1><p>Main text of the "
            'page with words enough.</p><div class="promo">Buy this now</div></main>'
            '<aside id="box"><p>Aside box</p></aside></body></html>')
    assert "Buy this" not in extract(html, "http://a/", exclude_tags=[".promo"]).markdown
    picked = extract(html, "http://a/", include_tags=["#box", "h1"])
    assert picked.markdown.strip() == "# Title\n\nAside box"
    assert "Main text" not in content_html(html, "http://a/", include_tags=["#box"])
