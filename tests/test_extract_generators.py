"""Every page whole (issue 26), brief 81: static-site generators' themes not tuned on
(Docusaurus, Jekyll's minima, with VitePress beside), npm's docs built by each. A section
heading whose class describes its place under a sticky navigation bar, linked to itself
(``_selfheading``); the page's titled header in the block wrapping an article's body
(``_entryhead._opens_article``); a short "See also" list ending a page of flat sections
(``_seealso``); the "On this page" outline in a column beside the article (``_outline``).
Each with the hostile shape its guard keeps out."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept, words

SIDE = "".join(f"<li><a href='/commands/c{i}'>npm-c{i}</a></li>" for i in range(20))


def site(article: str, beside: str = "", title: str = "npm-ping | npm Docs") -> str:
    """A documentation theme's page: a navigation bar, a side menu, a main column holding
    the article, ``beside`` in a column of its own, a footer."""
    return (f"<!doctype html><html><head><title>{title}</title></head><body>"
            "<nav class='navbar'><a href='/'>npm Docs</a> <a href='/commands'>Commands</a>"
            f"</nav><div class='wrapper'><aside class='sidebar'><ul>{SIDE}</ul></aside>"
            "<main class='container'><div class='row'><div class='col'>"
            f"{article}</div><div class='col col--3'>{beside}</div></div></main></div>"
            "<footer class='footer'>Released under the Artistic License 2.0.</footer>"
            "</body></html>")


def heading(level: int, ident: str, text: str, cls: str) -> str:
    return (f"<h{level} class='{cls}' id='{ident}'>{text}<a href='#{ident}' "
            f"class='hash-link' title='Direct link to {text}'>\u200b</a></h{level}>")


STICKY = "anchor anchorTargetStickyNavbar_Vzrq"
"""A theme's class for a section heading: an anchor target offset below a sticky navbar."""


def section(ident: str, text: str, body: str, level: int = 3) -> str:
    return heading(level, ident, text, STICKY) + body


ARTICLE = ("<article><div class='theme-doc-markdown markdown'>"
           "<header><h1>npm-ping</h1></header>"
           + section("synopsis", "Synopsis", "<pre><code>npm ping</code></pre>")
           + section("description", "Description", f"<p>Ping the configured registry. {LOREM}</p>")
           + section("configuration", "Configuration",
                     section("registry", "registry",
                             "<ul><li>Default: https://registry.npmjs.org/</li>"
                             "<li>Type: URL</li></ul><p>The base URL of the npm registry.</p>",
                             level=4))
           + "</div></article>")


def text_of(html: str) -> str:
    return extract(html, URL, "main").full_text


def test_a_self_linked_section_heading_stays_whatever_its_class_says() -> None:
    # Docusaurus: each heading's class says where it lands under the sticky navigation bar
    # ("anchorTargetStickyNavbar"), a navigation bar's token; the headings went, their
    # sections stayed
    text = text_of(site(ARTICLE))
    for name in ("Synopsis", "Description", "Configuration"):
        assert f"{name}\u200b" in text or name in text.split("\n"), name
    assert_kept(text, "registry Default")


def test_a_related_block_s_self_linked_heading_goes_with_its_list() -> None:
    # hostile: a theme gives its "Related posts" heading a self-link too; the list it heads
    # is chrome by its class, and the heading goes with it (set amid the sections: no
    # dangling heading at the end, which goes on its own)
    related = (heading(3, "related", "Related posts", "related-title")
               + "<ul class='related-list'>"
               + "".join(f"<li><a href='/blog/post-{i}'>Another story {i}</a></li>"
                         for i in range(4)) + "</ul>")
    article = ARTICLE.replace("<h3 class='" + STICKY + "' id='configuration'",
                              related + "<h3 class='" + STICKY + "' id='configuration'")
    assert related in article
    text = text_of(site(article))
    assert "Description" in text
    assert "related posts" not in words(text)


def test_the_page_s_titled_header_in_the_article_s_body_block_stays() -> None:
    # Docusaurus: article > div.markdown > header > h1, the page's title
    text = text_of(site(ARTICLE))
    assert text.split("\n")[0].strip() == "npm-ping"


def test_a_banner_header_outside_any_article_goes() -> None:
    # hostile: the site's banner, its name as its h1, which the front page's title is too:
    # no article or section holds it
    body = (f"<p>Welcome to the weekly. {LOREM}</p>" * 6)
    html = ("<!doctype html><html><head><title>Example Weekly</title></head><body>"
            "<div class='page'><div class='top'><header><h1>Example Weekly</h1></header>"
            "</div><div class='main'><article><div class='body'>"
            f"<h2>This week</h2>{body}</div></article></div></div></body></html>")
    assert "example weekly" not in words(extract(html, URL, "main").full_text)


FLAT = ("<article class='post'><header><h1>npm-ping</h1></header><div class='post-content'>"
        "<h3 id='synopsis'>Synopsis</h3><pre><code>npm ping [--registry &lt;registry&gt;]"
        "</code></pre><h3 id='description'>Description</h3>"
        "<p>Ping the configured or given npm registry and verify authentication.</p>"
        "<h3 id='configuration'>Configuration</h3><p>The base URL of the npm registry.</p>"
        "{last}</div></article>")


def test_a_short_see_also_list_ends_the_page() -> None:
    # Jekyll's minima, VitePress: a command's page ends on its "See also" list, three
    # links to the site's pages, fewer words than a dangling heading's leftover
    last = ("<h3 id='see-also'>See Also</h3><ul><li><a href='/commands/npm-doctor'>npm "
            "doctor</a></li><li><a href='/commands/npm-config'>npm config</a></li>"
            "<li><a href='/configuring-npm/npmrc'>npmrc</a></li></ul>")
    text = text_of(site(FLAT.format(last=last)))
    assert_kept(text, "See Also", "npm doctor", "npm config", "npmrc")


def test_a_tags_list_left_at_the_end_of_a_story_goes() -> None:
    # hostile: a "Tags" heading over a short list of the site's links, the leftover of a
    # story's chrome: no "See also"
    last = ("<h3 id='tags'>Tags</h3><ul><li><a href='/tag/npm'>npm</a></li>"
            "<li><a href='/tag/ping'>ping</a></li><li><a href='/tag/web'>web</a></li></ul>")
    text = text_of(site(FLAT.format(last=last)))
    assert "tags" not in words(text).split()


def test_a_see_also_list_of_other_sites_goes() -> None:
    # hostile: "See also" over share links (other hosts' addresses): no page of the site
    last = ("<h3 id='see-also'>See also</h3><ul><li><a href='https://x.example.com/share'>"
            "X</a></li><li><a href='https://fb.example.com/share'>Facebook</a></li></ul>")
    text = text_of(site(FLAT.format(last=last)))
    assert "facebook" not in words(text).split()


OUTLINE = ("<div class='tableOfContents'><ul class='table-of-contents'>"
           "<li><a href='#synopsis'>Synopsis</a></li>"
           "<li><a href='#description'>Description</a></li>"
           "<li><a href='#configuration'>Configuration</a></li></ul></div>")


def test_an_outline_beside_the_article_goes() -> None:
    # Docusaurus: "On this page" in a column beside the article, plain divs, no aside:
    # the article's headings again
    text = text_of(site(ARTICLE, beside=OUTLINE))
    assert words(text).split().count("description") == 1, text


def test_a_table_of_contents_inside_the_article_stays() -> None:
    # hostile: the article's own table of contents at its top is its text
    article = ARTICLE.replace("<header><h1>npm-ping</h1></header>",
                              "<header><h1>npm-ping</h1></header>" + OUTLINE)
    text = text_of(site(article))
    assert words(text).split().count("description") == 2, text


def icon_self_link(ident: str, text: str) -> str:
    """Starlight's heading: the heading, then its self-link drawn as an icon and named for
    screen readers only, in a wrapper of both."""
    return (f"<div class='sl-heading-wrapper level-h3'><h3 id='{ident}'>{text}</h3>"
            f"<a class='sl-anchor-link' href='#{ident}'><span aria-hidden='true' "
            "class='sl-anchor-icon'><svg width='16' height='16'><path d='m12 15'/></svg>"
            f"</span><span class='sr-only'>Section titled “{text}”</span></a></div>")


def starlight(body: str) -> str:
    return site("<article><h1 id='_top'>npm-ping</h1><div class='sl-markdown-content'>"
                + icon_self_link("synopsis", "Synopsis") + "<pre><code>npm ping</code></pre>"
                + icon_self_link("description", "Description")
                + f"<p>Ping the configured registry. {LOREM}</p>{body}</div></article>")


def test_a_heading_s_icon_self_link_is_no_text() -> None:
    # Starlight: "Section titled “Synopsis”", a screen reader's name for the icon a reader
    # sees beside the heading
    text = text_of(starlight(""))
    assert "Synopsis" in text and "Description" in text
    assert "section titled" not in words(text)


def test_an_icon_link_to_another_place_keeps_its_name() -> None:
    # hostile: an icon after a heading that leads elsewhere on the page, named for screen
    # readers: a way there, judged as before (its name stays)
    body = ("<h3 id='downloads'>Downloads</h3><a href='#mirrors'><svg width='16'>"
            "<path d='m1 1'/></svg><span class='sr-only'>Mirror list</span></a>"
            f"<p>Tarballs are signed. {LOREM}</p><h3 id='mirrors'>Mirrors</h3>"
            f"<p>Mirrors carry the same tarballs. {LOREM}</p>")
    assert "mirror list" in words(text_of(starlight(body)))


def test_a_heading_s_name_linked_to_itself_stays() -> None:
    # hostile: a heading whose shown name is its self-link, in code (an API entry's
    # heading): words a reader sees, no icon
    body = (f"<h3 id='npm-ping-json'><a href='#npm-ping-json'><code>npm.ping.json</code>"
            f"</a></h3><p>Writes the result as JSON. {LOREM}</p>")
    assert "npm ping json" in words(text_of(starlight(body)))


LINES = ("<div class='expressive-code'><figure class='frame is-terminal'><pre data-language="
         "'bash'><code>{lines}</code></pre></figure></div>")


def test_a_listing_s_line_blocks_are_its_lines() -> None:
    # Expressive Code (Starlight): each line a block, no newline between them
    lines = "".join(f"<div class='ec-line'><div class='code'><span>{line}</span></div></div>"
                    for line in ("npm notice PING http://foo.com/", "npm ERR! code E404",
                                 "npm ERR! 404 Not Found"))
    text = text_of(starlight(LINES.format(lines=lines)))
    assert "code E404\nnpm ERR! 404" in text, text


def test_a_listing_whose_line_blocks_end_on_newlines_gets_no_empty_lines() -> None:
    # hostile: a highlighter that writes each line's newline in its block: no other
    lines = "".join(f"<div class='line'>{line}\n</div>"
                    for line in ("a = 1", "b = 2", "print(a + b)"))
    text = text_of(starlight(LINES.format(lines=lines)))
    assert "a = 1\nb = 2\n" in text, text
