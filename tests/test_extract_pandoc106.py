"""Every page whole (issue 26), brief 106: a standalone document's title under a slug, its
lists of links set in the text, a live example's bar of dead links, a figure of text's
caption. Each test names the loosening it fails under (``bench.loosen``)."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept, words

STORY_TEXT = ("Paragraph 0 of the story, with a clause", "Paragraph 5 of the story, with a clause")


def story_page(middle: str = "", end: str = "") -> str:
    """The council story as a page: ``middle`` set between its paragraphs, halfway;
    ``end`` after its last paragraph."""
    cut = STORY.index("</p>", len(STORY) // 2) + 4
    return ("<html><head><title>The council votes</title></head><body><article>"
            f"<h1>The council votes on the park</h1>{STORY[:cut]}{middle}{STORY[cut:]}"
            f"{end}</article></body></html>")


def document(title: str, body: str, heading: str = "Wall of browser bugs") -> str:
    """A standalone document as a Markdown converter writes it: its title block first in
    the body, its table of contents after it, then its text, no page around them."""
    return (f"<html><head><title>{title}</title></head><body>"
            f"<header id='title-block-header'><h1 class='title'>{heading}</h1></header>"
            "<nav id='TOC' role='doc-toc'><ul><li><a href='#usage'>Usage</a></li>"
            "<li><a href='#notes'>Notes</a></li></ul></nav>"
            f"<p>{LOREM}</p>{body}<h1 id='usage'>Usage</h1><p>{LOREM}</p>"
            f"<h1 id='notes'>Notes</h1><p>Paragraph of notes. {LOREM}</p></body></html>")


# _slugtitle.slug_title, _outline.holds_page_title

def test_a_title_block_under_a_slug_title_is_the_documents() -> None:
    # the <title> is the file's slug; the first heading holds its words (fails with
    # `_slugtitle:slug_title=false`, and with `_outline:holds_page_title=false`: the title
    # block before the table of contents went as its label; the hostile shape of
    # holds_page_title, a theme's "On this page" label over its outline, is
    # test_extract_skip_outline's, which fails with `_outline:holds_page_title=true`)
    e = extract(document("browser-bugs", ""), URL)
    assert "Wall of browser bugs" in e.full_text
    assert_kept(e.text, LOREM, "Paragraph of notes")


def test_a_banner_with_the_slugs_words_among_a_tagline_still_goes() -> None:
    # hostile of slug_title: a site's banner first in the body, its name and tagline
    # holding the slug's words among many more (fails with
    # `_slugtitle:_few_words_more=true`)
    heading = "Browser bugs weekly: news, tips and tricks from a web log"
    e = extract(document("browser-bugs", "", heading), URL)
    assert "tricks" not in words(e.full_text)
    assert_kept(e.text, LOREM, "Paragraph of notes")


# _textlinks.documents_in_text

NOTES = "".join(f"<li><a href='NOTES-{n.upper()}.md'>Notes for the {n} platforms</a></li>"
                for n in ("unix", "android", "windows", "vms"))


def test_a_list_of_the_projects_documents_between_paragraphs_is_the_texts() -> None:
    # a README's list of its other documents, between two paragraphs of its section (fails
    # with `_textlinks:documents_in_text=false`)
    body = ("<p>For some platforms, the installation instructions are amended by a platform "
            f"specific document.</p><ul>{NOTES}</ul><p>Specific notes on upgrading can be "
            "found in the migration guide of the manual.</p>")
    e = extract(document("README", body, "README"), URL)
    assert_kept(e.text, "Notes for the unix platforms", "Notes for the vms platforms",
                "Specific notes on upgrading")


def test_a_list_of_other_stories_between_a_storys_paragraphs_still_goes() -> None:
    # hostile of documents_in_text: a story's in-text list of other stories, by their
    # site-rooted addresses (fails with `_textlinks:_relative_documents=true`)
    others = "".join(f"<li><a href='/news/2024/{i}/story'>Council delays the park plan {i}"
                     "</a></li>" for i in range(4))
    e = extract(story_page(middle=f"<ul>{others}</ul>"), URL)
    assert "delays" not in words(e.text)
    assert_kept(e.text, *STORY_TEXT)


# _textlinks.outside_references

BUGS = ("<li><a href='https://bugs.chromium.org/p/chromium/issues/detail?id=536263'>"
        "Chromium issue 536263: Issues affecting Bootstrap</a></li>"
        "<li><a href='https://bugzilla.mozilla.org/show_bug.cgi?id=1230801'>Mozilla bug "
        "1230801: Fix the issues that affect Bootstrap</a></li>"
        "<li><a href='https://bugs.webkit.org/show_bug.cgi?id=159753'>WebKit bug 159753: "
        "Issues affecting Bootstrap</a></li>")


def test_outside_references_under_see_also_are_the_documents() -> None:
    # a "See also:" label over a list of other sites' pages, between the text's
    # paragraphs (fails with `_textlinks:outside_references=false`)
    body = f"<p>See also:</p><ul>{BUGS}</ul><p>{LOREM}</p>"
    e = extract(document("browser-bugs", body), URL)
    assert_kept(e.text, "Chromium issue 536263", "WebKit bug 159753")


def test_a_see_also_list_of_the_sites_own_stories_still_goes() -> None:
    # hostile of outside_references: a story's "See also:" list of the site's own
    # stories, all on its host (fails with `_textlinks:_several_sites=true`)
    own = "".join(f"<li><a href='https://news.example.com/2024/{i}/story'>Council delays "
                  f"the park plan again {i}</a></li>" for i in range(4))
    e = extract(story_page(end=f"<p>See also:</p><ul>{own}</ul><p>{LOREM}</p>"), URL)
    assert "delays" not in words(e.text)
    assert_kept(e.text, *STORY_TEXT)


# _demo.mock_navigation

def pager(href: str) -> str:
    """A pagination bar, each of its links to ``href`` and a number."""
    return ("<nav aria-label='Page navigation example'><ul class='pagination'>"
            + "".join(f"<li class='page-item'><a class='page-link' href='{href}{n}'>{t}</a>"
                      "</li>" for n, t in (("", "Previous"), ("", "1"), ("2", "2"),
                                            ("3", "3"), ("", "Next")))
            + "</ul></nav>")


def test_a_pagination_bar_shown_as_an_example_is_the_texts() -> None:
    # a guide's live example of a pagination bar, each link to nowhere ("#"), between its
    # paragraphs (fails with `_demo:mock_navigation=false`)
    body = (f"<p>We use a large block of connected links for our pagination.</p>"
            f"{pager('#').replace('#2', '#').replace('#3', '#')}<p>{LOREM}</p>")
    e = extract(document("pagination", body, "Pagination"), URL)
    assert_kept(e.text, "Previous 1 2 3 Next")


def test_a_storys_own_pager_between_its_paragraphs_still_goes() -> None:
    # hostile of mock_navigation: a story's pager to its other pages, between paragraphs
    # (fails with `_demo:mock_navigation=true`)
    e = extract(story_page(middle=pager("/story?page=")), URL)
    assert "previous" not in words(e.text)
    assert_kept(e.text, *STORY_TEXT)


# _textfigure.caption_of_text

def test_the_caption_of_a_figure_of_text_is_the_texts() -> None:
    # a figure holding a sample of text, no picture, and its unnumbered caption (fails
    # with `_textfigure:caption_of_text=false`)
    body = ("<figure class='figure'><pre>placeholder width=400 height=300 class=figure-img"
            "</pre><figcaption class='figure-caption'>A caption for the above sample."
            f"</figcaption></figure><p>{LOREM}</p>")
    e = extract(document("figures", body, "Figures"), URL)
    assert_kept(e.text, "A caption for the above sample")


def test_a_photos_caption_in_an_emptied_figure_still_goes() -> None:
    # hostile of caption_of_text: a news photo's figure whose picture a script loads (an
    # empty slot), its credit line (fails with `_textfigure:_text_beside=true`)
    figure = ("<figure><div class='lazy' data-src='/img/rally.jpg'></div><figcaption>"
              "Crowds at the rally outside the hall. Photo: AP</figcaption></figure>")
    e = extract(story_page(middle=figure), URL)
    assert "crowds" not in words(e.text)
    assert_kept(e.text, *STORY_TEXT)


def test_a_see_also_list_of_the_sites_profiles_still_goes() -> None:
    # hostile of _textlinks._titles: a story's "See also:" list of the paper's profiles on
    # other sites, a name each (fails with `_textlinks:_titles=true`; a menu of a word an
    # entry between two paragraphs is test_extract_companion's
    # test_a_menu_is_no_list_of_values, which fails with it too)
    profiles = "".join(f"<li><a href='https://{n.lower()}.com/thepaper'>{n}</a></li>"
                       for n in ("Twitter", "Facebook", "Instagram"))
    e = extract(story_page(end=f"<p>See also:</p><ul>{profiles}</ul><p>{LOREM}</p>"), URL)
    assert "instagram" not in words(e.text)
    assert_kept(e.text, *STORY_TEXT)


# _textlinks.documents_in_text, its list at a section's end

def test_a_list_of_documents_ending_its_section_is_the_texts() -> None:
    # a module's index: a paragraph, its list of the guides (one left unlinked: a
    # reference the generator could not resolve), then the next section's heading after
    # its place's anchor (fails with `_textlinks:documents_in_text=false`)
    items = ("<li><a href='animation-overview.html'>The Animation Framework</a></li>"
             "<li><a href='json.html'>JSON Support in Qt</a></li>"
             "<li>How to Create Qt Plugins</li>"
             "<li><a href='eventsandfilters.html'>The Event System</a></li>")
    body = ("<h2>Additional Frameworks</h2><p>Qt Core also provides some of the key "
            f"frameworks.</p><ul>{items}</ul><a name='licenses'></a><h2>Licenses</h2>"
            f"<p>{LOREM}</p>")
    e = extract(document("Qt Core", body, "Qt Core"), URL)
    assert_kept(e.text, "The Animation Framework", "JSON Support in Qt", "The Event System")


def test_a_list_of_other_stories_closing_a_story_still_goes() -> None:
    # hostile of _text_goes_on: a story's closing list of other stories, whatever their
    # addresses, after its last paragraph and nothing after it (fails with
    # `_textlinks:_text_goes_on=true`)
    others = "".join(f"<li><a href='park-plan-{i}.html'>Council delays the park plan {i}"
                     "</a></li>" for i in range(4))
    e = extract(story_page(end=f"<ul>{others}</ul>"), URL)
    assert "delays" not in words(e.text)
    assert_kept(e.text, *STORY_TEXT)


# _textlinks.groups_introduced

def groups(intro: str, headings: tuple[str, str]) -> str:
    """A sentence ending with a colon, then two headings each over a list of links."""
    lists = [("<li><a href='https://github.com/a/jaguarjs-jsdoc'>jaguarjs-jsdoc</a></li>"
              "<li><a href='https://github.com/b/docstrap'>DocStrap</a> (<a "
              "href='https://b.github.io/docstrap'>example</a>)</li>"),
             ("<li><a href='https://github.com/c/grunt-jsdoc'>JSDoc Grunt plugin</a></li>"
              "<li><a href='https://github.com/d/gulp-jsdoc3'>JSDoc Gulp plugin</a></li>")]
    return f"<p>{intro}</p>" + "".join(f"<h3>{h}</h3><ul>{items}</ul>"
                                       for h, items in zip(headings, lists, strict=True))


def test_lists_under_headings_a_sentence_introduces_are_the_texts() -> None:
    # a README's sentence introducing the groups under its headings (fails with
    # `_textlinks:groups_introduced=false`)
    body = groups("The community has created templates and other tools to help you "
                  "generate your documentation. Here are a few of them:",
                  ("Templates", "Build tools"))
    html = (f"<html><head><title>Home</title></head><body><div id='main'><article>"
            f"<h1>JSDoc</h1><p>{LOREM}</p><h2>Templates and tools</h2>{body}"
            f"<h2>License</h2><p>{LOREM}</p></article></div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "DocStrap", "JSDoc Grunt plugin", "JSDoc Gulp plugin")


def story_then(block: str) -> str:
    """A story, ``block`` after its text, then the story's notes under their heading."""
    return story_page(end=f"{block}<h2>Corrections</h2><p>{LOREM}</p>")


def test_lists_under_chrome_headings_after_a_storys_sign_off_still_go() -> None:
    # hostile of groups_introduced: a story's sign-off, then "Popular" and "Latest" lists
    # (fails with `_textlinks:_chrome_heading=false`)
    body = groups("Thanks for reading this story about the council and the park, and "
                  "see what else our readers are reading:", ("Popular", "Latest"))
    e = extract(story_then(body), URL)
    assert "gulp" not in words(e.text)
    assert_kept(e.text, *STORY_TEXT)


def test_lists_under_headings_after_a_promotions_lead_still_go() -> None:
    # hostile of groups_introduced: a promotion's lead over its topics' lists (fails with
    # `_textlinks:_intro=true`)
    body = groups("Read more from our newsroom on these topics and many others:",
                  ("Templates", "Build tools"))
    e = extract(story_then(body), URL)
    assert "gulp" not in words(e.text)
    assert_kept(e.text, *STORY_TEXT)


def test_a_code_frames_label_still_goes() -> None:
    # hostile of caption_of_text: a code block's frame, a figure captioned "Terminal
    # window" for screen readers (fails with `_textfigure:_says_something=true`)
    frame = ("<figure class='frame is-terminal'><figcaption class='header'><span "
             "class='title'></span><span class='sr-only'>Terminal window</span></figcaption>"
             "<pre data-language='bash'><code>npm install --save-dev jsdoc</code></pre>"
             "</figure>")
    body = f"<p>To install it in the project, run this:</p>{frame}<p>{LOREM}</p>"
    e = extract(document("install", body, "Install"), URL)
    assert "terminal" not in words(e.text)
    assert_kept(e.text, "npm install --save-dev jsdoc", LOREM)


def test_a_photos_caption_beside_its_credit_still_goes() -> None:
    # hostile of _text_beside: a news photo's figure, its picture loaded by a script, its
    # credit in the frame's spans beside the caption's screen-reader label (fails with
    # `_textfigure:_text_beside=true`)
    figure = ("<figure class='media-landscape has-caption'><span class='image-container'>"
              "<div class='js-delayed-image-load' data-src='/img/braun.jpg'></div>"
              "<span class='off-screen'>Image copyright</span><span class='copyright'>"
              "Getty Images</span></span><figcaption class='media-caption'><span "
              "class='off-screen'>Image caption</span><span class='media-caption__text'>"
              "The manager has worked with many singers throughout his career</span>"
              "</figcaption></figure>")
    e = extract(story_then(figure), URL)
    assert "image caption" not in words(e.text)
    assert_kept(e.text, *STORY_TEXT)
