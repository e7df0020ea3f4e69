"""The Firecrawl API's pure parts (issue 31): what a request becomes in trawl (scope, depth,
formats, refusals naming the field, the SDKs' defaults accepted), what a page becomes as a
document, how ``POST /v1/scrape`` tells the two APIs apart, and the extraction options
behind includeTags/excludeTags. No servers: the SDKs against a real server are
tests/test_firecrawl.py."""

from __future__ import annotations

import pytest

from trawl.api.http.firecrawl._dispatch import is_firecrawl_body
from trawl.api.http.firecrawl._errors import Unsupported
from trawl.api.http.firecrawl._requests import (
    BatchRequest,
    CrawlRequest,
    ScrapeRequest,
    batch_spec,
    crawl_spec,
    document_options,
    scrape_options,
)
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
    ({"formats": [{"type": "json", "schema": {}}]}, "formats"),
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
