"""trawl.extract: structure, boilerplate removal, metadata, links, robustness."""

from __future__ import annotations

import gc
import json
import re
from pathlib import Path

import pytest

from trawl.extract import Extraction, Link, extract, full_markdown

URL = "https://example.com/blog/post.html"

PARA = (
    "This paragraph carries the real content of the article, with enough words, commas, "
    "and sentences to look like prose. It goes on for a while, so that the scorer sees it."
)


def page(body: str, head: str = "<title>Test page</title>", lang: str = "en") -> str:
    return f"<!doctype html><html lang='{lang}'><head>{head}</head><body>{body}</body></html>"


def article(inner: str) -> str:
    """A page with site chrome around an <article> holding ``inner`` plus two paragraphs."""
    return page(
        "<header class='site-header'><a href='/'>Home</a> <a href='/about'>About us</a></header>"
        "<nav><ul><li><a href='/a'>Section A</a></li><li><a href='/b'>Section B</a></li></ul>"
        "</nav>"
        f"<main><article><p>{PARA}</p>{inner}<p>{PARA} Second.</p></article></main>"
        "<aside class='sidebar'><h3>Popular</h3><ul><li><a href='/p1'>Popular one</a></li>"
        "</ul></aside>"
        "<footer><p>Copyright 2024 Example Corp. All rights reserved.</p></footer>"
    )


# -- structure -----------------------------------------------------------------------------


def test_headings_become_atx():
    e = extract(
        article("<h2>Second level</h2><p>Text under.</p><h3>Third <em>level</em></h3>"), URL
    )
    assert "## Second level" in e.markdown
    assert "### Third *level*" in e.markdown
    assert {"level": 2, "text": "Second level"} in e.metadata["headings"]
    assert {"level": 3, "text": "Third level"} in e.metadata["headings"]


def test_nested_lists():
    e = extract(
        article(
            "<ul><li>apple<ul><li>green</li><li>red</li></ul></li><li>pear</li></ul>"
            "<ol start='3'><li>third</li><li>fourth</li></ol>"
        ),
        URL,
    )
    assert re.search(r"^- apple\n  - green\n  - red\n- pear$", e.markdown, re.M), e.markdown
    assert "3. third\n4. fourth" in e.markdown


def test_table_with_header():
    e = extract(
        article(
            "<table><thead><tr><th>Name</th><th>Value</th></tr></thead>"
            "<tbody><tr><td>alpha</td><td>1 | 2</td></tr><tr><td>beta</td><td>"
            "<p>multi</p><p>line</p></td></tr></tbody></table>"
        ),
        URL,
    )
    assert "| Name | Value |\n| --- | --- |\n| alpha | 1 \\| 2 |\n| beta | multi line |" in (
        e.markdown
    ), e.markdown


def test_table_without_header():
    e = extract(article("<table><tr><td>a1</td><td>b1</td></tr><tr><td>a2</td><td>b2</td></tr>"
                        "</table>"), URL)
    # GFM tables need a header row: the first row is it
    assert "| a1 | b1 |\n| --- | --- |\n| a2 | b2 |" in e.markdown, e.markdown


def test_table_colspan_pads_row():
    e = extract(article("<table><tr><th>A</th><th>B</th><th>C</th></tr>"
                        "<tr><td colspan='2'>wide</td><td>c</td></tr></table>"), URL)
    assert "| wide | | c |" in e.markdown, e.markdown


def test_sphinx_code_block_with_language():
    e = extract(
        article(
            '<div class="highlight-python3 notranslate"><div class="highlight"><pre>'
            '<span class="k">def</span> <span class="nf">f</span>():\n    return 1\n'
            "</pre></div></div>"
        ),
        URL,
    )
    assert "```python\ndef f():\n    return 1\n```" in e.markdown, e.markdown


def test_code_block_language_from_code_class_and_backticks_inside():
    e = extract(article('<pre><code class="language-js">let a = "```";\n</code></pre>'), URL)
    assert '````javascript\nlet a = "```";\n````' in e.markdown, e.markdown
    e = extract(article("<pre>plain text block</pre>"), URL)
    assert "```\nplain text block\n```" in e.markdown


def test_highlighted_code_keeps_every_token():
    # each token is a <span>: those reading like an ad label or carrying a boilerplate-ish
    # class are code, not page chrome (the Python docs' re.search(..., advertisement) lost
    # its argument before code blocks were read as text)
    code = ('<div class="highlight"><pre><span class="n">mo</span> = <span class="n">search'
            '</span>(<span class="s">"x"</span>, <span class="n">advertisement</span>)\n'
            '<span class="n">related</span> = <span class="nav menu">ads</span>\n</pre></div>')
    e = extract(article(code), URL)
    assert '```\nmo = search("x", advertisement)\nrelated = ads\n```' in e.markdown, e.markdown
    assert 'mo = search("x", advertisement)\nrelated = ads' in e.text
    # a block holding more than formatting (a link) keeps its elements
    e = extract(article('<pre><span>see </span><a href="/doc">the docs</a></pre>'), URL)
    assert "see the docs" in e.markdown
    assert any(link.url == "https://example.com/doc" for link in e.links)


def test_definition_list():
    e = extract(article("<dl><dt>Term</dt><dd>The definition of the term.</dd></dl>"), URL)
    # a bold term, its definition a paragraph: Pandoc's ":   " lines are code to CommonMark
    assert "**Term**\n\nThe definition of the term." in e.markdown, e.markdown


def test_emphasis_and_inline_code():
    e = extract(article("<p>Some <strong>bold</strong>, <em>italic</em> and <code>x = 1</code>."
                        "</p>"), URL)
    assert "Some **bold**, *italic* and `x = 1`." in e.markdown


def test_links_absolute_in_markdown_and_text_has_no_targets():
    e = extract(article("<p>See <a href='../other.html'>the other page</a> now.</p>"), URL)
    assert "[the other page](https://example.com/other.html)" in e.markdown
    assert "See the other page now." in e.text
    assert "https://" not in e.text


def test_image_alt_and_absolute_src():
    e = extract(article("<p><img src='/img/cat.png' alt='A grey cat'></p>"), URL)
    assert "![A grey cat](https://example.com/img/cat.png)" in e.markdown


def test_permalink_markers_dropped():
    e = extract(article('<h2>Topic<a class="headerlink" href="#topic">¶</a></h2>'), URL)
    assert "## Topic\n" in e.markdown
    assert "¶" not in e.markdown


# -- boilerplate ---------------------------------------------------------------------------


def test_boilerplate_removed():
    html = page(
        "<div id='cookie-banner'><p>We use cookies to improve your experience, accept them "
        "all, please, or manage your choices in the settings.</p><button>Accept</button></div>"
        "<header><a href='/'>Home</a><a href='/news'>News</a></header>"
        "<nav class='menu'><a href='/x'>Menu entry</a></nav>"
        f"<div class='content'><h1>The headline</h1><p>{PARA}</p><p>{PARA} Two.</p>"
        "<div class='share-buttons'><a href='https://twitter.com/x'>Share on Twitter</a></div>"
        f"<p>{PARA} Three.</p></div>"
        "<aside><p>Sidebar text that is not part of the article at all.</p></aside>"
        "<div class='advertisement'><p>Buy our product, it is great.</p></div>"
        "<footer><p>Footer text, contact us, privacy policy.</p></footer>"
    )
    e = extract(html, URL)
    for junk in ("cookies", "Menu entry", "Share on Twitter", "Sidebar text", "Buy our product",
                 "Footer text", "Home"):
        assert junk not in e.markdown, junk
        assert junk not in e.text, junk
    assert e.text.count("real content of the article") == 3
    assert e.markdown.startswith("# The headline\n")
    # links of the whole page are still reported
    urls = [link.url for link in e.links]
    assert "https://example.com/x" in urls and "https://twitter.com/x" in urls


def test_related_link_paragraphs_dropped():
    e = extract(article("<p><a href='/other-story'>READ MORE: another story</a></p>"), URL)
    assert "another story" not in e.text
    assert e.word_count > 40


# -- metadata ------------------------------------------------------------------------------


def test_metadata_fields():
    head = (
        "<title>  The   Title </title>"
        "<meta name='description' content='A short description.'>"
        "<meta property='og:title' content='OG title'>"
        "<meta property='og:type' content='article'>"
        "<meta property='article:modified_time' content='2024-02-02T10:00:00Z'>"
        "<meta http-equiv='content-language' content='de'>"
        "<link rel='canonical' href='/canonical/path'>"
        "<script type='application/ld+json'>{\"@context\": \"https://schema.org\", \"@graph\": "
        "[{\"@type\": \"NewsArticle\", \"headline\": \"H\", \"datePublished\": \"2024-01-01\", "
        "\"author\": [{\"@type\": \"Person\", \"name\": \"Ada Lovelace\"}]}]}</script>"
    )
    e = extract(page(f"<article><p>{PARA}</p></article>", head=head, lang="fr-CA"), URL)
    assert e.title == "The Title"
    assert e.description == "A short description."
    assert e.language == "fr-CA"
    assert e.canonical_url == "https://example.com/canonical/path"
    assert e.metadata["author"] == "Ada Lovelace"
    assert e.metadata["published"] == "2024-01-01"
    assert e.metadata["modified"] == "2024-02-02T10:00:00Z"
    assert e.metadata["og"] == {"title": "OG title", "type": "article"}
    json.dumps(e.metadata)  # JSON-serialisable


def test_metadata_fallbacks_meta_author_time_and_content_language():
    head = (
        "<meta name='author' content='Grace Hopper'>"
        "<meta http-equiv='Content-Language' content='de'>"
    )
    html = (f"<html><head>{head}</head><body><article><h1>Only heading</h1>"
            f"<time datetime='2023-05-06'>May 6</time><p>{PARA}</p></article></body></html>")
    e = extract(html, URL)
    assert e.title == "Only heading"
    assert e.language == "de"
    assert e.metadata["author"] == "Grace Hopper"
    assert e.metadata["published"] == "2023-05-06"
    assert e.description is None and e.canonical_url is None


# -- links ---------------------------------------------------------------------------------


def test_links_base_href_fragments_schemes_dedup():
    html = page(
        "<a href='a.html#frag'>A</a>"
        "<a href='a.html'>A</a>"
        "<a href='a.html'>Other text</a>"
        "<a href='#top'>Top</a>"
        "<a href='mailto:x@example.com'>Mail</a>"
        "<a href='javascript:void(0)'>JS</a>"
        "<a href='tel:123'>Tel</a>"
        "<a href='https://other.org/x' rel='nofollow'><img src='i.png' alt='Logo'></a>"
        "<a href='/icon' aria-label='Settings'></a>"
        "<a>no href</a>",
        head="<base href='https://cdn.example.net/docs/'>",
    )
    e = extract(html, URL)
    assert e.links == [
        Link("https://cdn.example.net/docs/a.html", "A"),
        Link("https://cdn.example.net/docs/a.html", "Other text"),
        Link("https://cdn.example.net/docs/", "Top"),
        Link("https://other.org/x", "Logo", "nofollow"),
        Link("https://cdn.example.net/icon", "Settings"),
    ]


# -- robustness ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "html",
    [
        "",
        "   ",
        "\x00\x01\x02\xff\xfe garbage \x00",
        "<html><head><title>t</title></head></html>",
        "<p>unclosed <b>bold <i>both",
        "<?xml version='1.0' encoding='utf-8'?><html><body><p>xml decl</p></body></html>",
        "<frameset><frame src='a.html'></frameset>",
        "plain text with no markup at all",
        "<div>" * 5000 + "deep" + "</div>" * 5000,
        "<table>" * 300 + "x",
    ],
)
def test_never_raises(html):
    e = extract(html, URL)
    assert isinstance(e, Extraction)
    assert isinstance(e.markdown, str) and isinstance(e.text, str)
    assert e.word_count == len(re.findall(r"\w+", e.text))
    json.dumps(e.metadata)
    assert isinstance(full_markdown(html, URL), str)


def test_bad_types_do_not_raise():
    e = extract(None, None)  # type: ignore[arg-type]
    assert e.text == "" and e.links == []
    e = extract(b"<p>bytes are fine too, really they are.</p>", URL)  # type: ignore[arg-type]
    assert "bytes are fine" in e.text


def test_text_of_plain_and_deep_pages():
    assert "plain text" in extract("plain text with no markup at all", URL).text
    # deeper than the flattening limit (and than markdownify's recursion could bear)
    deep = "<div><p>" + "<span>" * 400 + "deep text" + "</span>" * 400 + "</p></div>"
    e = extract(page(deep), URL)
    assert "deep text" in e.text and "deep text" in e.markdown


def test_big_page_is_whole():
    """A page of 1 MB and more (1,100 sections, each a heading, a paragraph and a list of 20
    links, in ``main``) is kept whole: every section's heading, paragraph and items. Its
    extraction's time is a figure, not a test: ``bench/huge_pages.py --shape sections``."""
    body = "".join(f"<section><h2>Part {i}</h2><p>{PARA}</p><ul>" + "".join(
        f"<li><a href='/p{i}/{j}'>item {j}</a></li>" for j in range(20)) + "</ul></section>"
        for i in range(1100))
    html = page(f"<main>{body}</main>")
    assert len(html) > 1_000_000
    e = extract(html, URL)
    assert len(e.links) == 22000
    assert all(f"Part {i}\n" in e.text for i in range(1100))
    assert e.text.count(PARA) == 1100
    assert (e.text + "\n").count("item 19\n") == 1100
    assert e.word_count == 1100 * (2 + len(PARA.split()) + 2 * 20)


@pytest.mark.parametrize("html", [
    article("<h2>Part</h2><pre>code</pre><table><tr><td>cell</td></tr></table>"),
    "<p>a fragment, no html or body</p>",
])
def test_extraction_leaves_no_reference_cycles(html):
    """A page's tree is freed as soon as extraction ends: nothing waits for the garbage
    collector (with it, memory per page in flight would pile up between its runs)."""
    gc.collect()
    gc.disable()
    try:
        assert extract(html, URL).markdown
        assert full_markdown(html, URL)
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_full_markdown_keeps_everything():
    md = full_markdown(article(""), URL)
    assert "Section A" in md and "Copyright 2024" in md and "real content" in md


# -- real pages: the Python docs (Sphinx) ----------------------------------------------------

DOCS = Path("/usr/share/doc/python3.11/html")
BOILERPLATE = ("Table of Contents", "Previous topic", "Next topic", "This Page", "Report a Bug",
               "Show Source", "Navigation", "Quick search", "©", "Copyright", "¶")


@pytest.mark.skipif(not DOCS.is_dir(), reason="Python docs not installed")
@pytest.mark.parametrize(
    ("path", "heading", "snippet"),
    [
        ("library/asyncio-eventloop.html", "# Event Loop", "loop.run_until_complete("),
        ("library/stdtypes.html", "# Built-in Types", "| Operation | Result |"),
        ("tutorial/introduction.html", "# 3. An Informal Introduction to Python",
         "```python\n>>> 2 + 2\n4\n"),
    ],
)
def test_python_docs_page(path, heading, snippet):
    html = (DOCS / path).read_text("utf-8")
    e = extract(html, f"https://docs.python.org/3/{path}")
    assert e.markdown.startswith(heading + "\n"), e.markdown[:200]
    assert snippet in e.markdown
    for junk in BOILERPLATE:
        assert junk not in e.markdown, junk
    assert e.markdown.count("```python") >= 5
    assert e.language == "en"
    assert e.title and e.title.endswith("documentation")
    assert any(link.url.startswith("https://docs.python.org/3/") for link in e.links)
    assert e.word_count > 1000
    assert "](https://docs.python.org/3/" in e.markdown  # links made absolute


def test_content_full_keeps_every_section_and_drops_chrome() -> None:
    """--content full: a long reference page whose sections are all content is stored
    whole; the site's navigation, sidebar, header and footer are not."""
    sections = "".join(
        f"<section><h2>Function {i}</h2><p>{'Parameter explanation words. ' * (3 + 20 * (i == 0))}"
        f"</p></section>" for i in range(6))
    html = (f"<html><head><title>Ref</title></head><body><header><a href='/'>Site</a> "
            f"<a href='/docs'>Docs</a></header><nav><a href='/a'>A</a> <a href='/b'>B</a></nav>"
            f"<main><article><header><h1>Reference</h1></header>{sections}</article></main>"
            f"<aside>Sponsored by nobody in particular</aside><footer>Copyright line</footer>"
            f"</body></html>")
    full = extract(html, "https://example.org/ref", content="full")
    for i in range(6):
        assert f"Function {i}" in full.markdown
    assert "# Reference" in full.markdown  # an article's own header is content
    for chrome in ("Sponsored", "Copyright", "[A]", "[Site]"):
        assert chrome not in full.markdown, chrome
    assert full.word_count >= extract(html, "https://example.org/ref").word_count


def test_content_mode_is_validated() -> None:
    from trawl.errors import ConfigError
    from trawl.model import CrawlSpec

    assert CrawlSpec(seeds=["https://example.org/"], content="full").validated().content == "full"
    with pytest.raises(ConfigError, match="--content must be one of main, full"):
        CrawlSpec(seeds=["https://example.org/"], content="everything").validated()


def test_a_short_page_under_its_only_heading_is_kept() -> None:
    """A page that is a heading and one short sentence is that sentence: the 'dangling
    heading' rule (a "Comments" heading left at the end of an article) needs text before
    the heading. The same short block after an article still goes."""
    page = ('<html><head><title>Page 0</title></head><body><main><h1>Page 0</h1>'
            '<p>This is synthetic page number 0.</p>'
            '<p><a href="/p1.html">page 1</a> <a href="/">home</a></p></main></body></html>')
    assert "This is synthetic page number 0." in extract(page, "http://h/").markdown
    body = "".join(f"<p>Paragraph {i} of the article, long enough to be text.</p>"
                   for i in range(8))
    article = (f"<html><body><article><h1>Story</h1>{body}<h3>Comments</h3><p>3 comments"
               "</p></article></body></html>")
    text = extract(article, "http://h/story").markdown
    assert "Paragraph 7" in text and "Comments" not in text
