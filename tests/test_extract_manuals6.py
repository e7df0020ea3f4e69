"""Every page whole (issue 26): shapes of GnuCash's documentation (its Tutorial and Concepts
Guide and its Help manual, DocBook XSL: bench/completeness.py's ``gnucash`` set), a DocBook
XSL manual of another project than the sets before it, looked at for the shapes a kept-back
manual may still fail on. One page shape per failure seen, and the hostile shape beside
each: what the rule must not keep on an article."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_docbook import navheader
from .test_extract_index import STORY
from .test_extract_manuals3 import NAVFOOTER
from .test_extract_whole import URL, assert_kept, words

APP = "<strong class='application'><code>Ledgerly</code></strong>"
"""A program's name as DocBook marks it (``application``): bold, in code."""


def chapter(title: str, body: str, toc: str = "") -> str:
    """A DocBook XSL chapter's page: its title block, its table of contents (when it has
    sections on pages of their own), its body, the manual's navigation around it."""
    return (f"<html><head><title>{title}</title></head><body>{navheader(title)}"
            f"<div class='chapter'><div class='titlepage'><div><div><h1 class='title'>"
            f"<a name='ch'></a>{title}</h1></div></div></div>{toc}{body}</div>{NAVFOOTER}"
            "</body></html>")


def toc(*entries: str) -> str:
    """A chapter's table of contents: its sections, each on a page of its own."""
    items = "".join(f"<dt><span class='sect1'><a href='s{i}.html'>1.{i}. {e}</a></span></dt>"
                    for i, e in enumerate(entries, 1))
    return f"<div class='toc'><p><b>Table of Contents</b></p><dl class='toc'>{items}</dl></div>"


# -- a paragraph opening with a bold name is no bio when it opens the text -------------------

INTRO = (f"<p>{APP} is a personal and small business finance application. It is designed "
         f"to be easy to use, yet powerful and flexible. {APP} allows you to track your "
         "income and expenses, reconcile bank accounts, monitor stock portfolios and manage "
         "your small business finances.</p>")


def test_a_chapter_whose_one_paragraph_opens_on_a_bold_name_keeps_it() -> None:
    # GnuCash's "Introduction" chapter: its one paragraph opens on the program's name in
    # bold ("GnuCash is a personal ... application"), taken for a company's bio set apart
    # by a bold name after a story: the page kept its title alone (12.5 %)
    e = extract(chapter("Chapter 1. Introduction to Ledgerly", INTRO), URL)
    assert_kept(e.text, "Ledgerly is a personal and small business finance application",
                "manage your small business finances")


def test_a_chapter_opening_on_a_bold_name_under_its_contents_keeps_it() -> None:
    # the reports chapter: its table of contents (links), then three paragraphs, each
    # opening on the program's name in bold; the first went as a bio (72.6 %)
    body = INTRO + "".join(f"<p>{APP} comes with reports of kind {i}, each one set up to "
                           "answer questions about your finances.</p>" for i in range(2))
    e = extract(chapter("Chapter 10. Reports", body,
                        toc("Overview", "Saved Reports", "Standard Reports")), URL)
    assert_kept(e.text, "Ledgerly is a personal and small business finance application",
                "reports of kind 0", "reports of kind 1")


def test_a_bio_after_a_story_still_goes() -> None:
    # hostile: the same bold lead after a story's paragraphs is its author's bio
    e = extract("<html><head><title>Budget vote</title></head><body><div class='page'>"
                f"<article><h1>Budget vote</h1>{STORY}<p><b>Jane Doe</b> is a reporter "
                "covering local government. She previously worked for the Evening Post."
                "</p></article></div></body></html>", URL)
    assert_kept(e.text, "Paragraph 5 of the story")
    assert "reporter covering local government" not in words(e.text)


# -- a chapter's table of contents leading on, before a list under its introduction ----------

def with_next(html: str, next_page: str = "s1.html") -> str:
    """``html`` saying in its head which page its document goes on to."""
    return html.replace("</title>", f"</title><link rel='next' href='{next_page}'>", 1)


ITEMS = "".join(f"<li><p>By {kind}: explaining the available options and their functions, "
                "with links to deeper descriptions, and how to use them in a session of "
                f"work.</p></li>" for kind in ("window", "menu", "operation", "task"))


def test_a_chapters_contents_stay_beside_a_longer_list_under_its_introduction() -> None:
    # GnuCash's "Using This Document" chapter: its table of contents (its sections, on the
    # pages after it), a line of introduction, then a list longer than the contents: the
    # list won, the introduction came along as its sibling, the contents went (72.9 %)
    body = (f"<p>This document is organized in two dimensions:</p><div class='itemizedlist'>"
            f"<ul class='itemizedlist'>{ITEMS}</ul></div>")
    e = extract(with_next(chapter("Chapter 2. Using This Document", body,
                                  toc("Accessing Help", "Tutorial and Concepts Guide",
                                      "Wiki", "Website"))), URL)
    assert_kept(e.text, "1.1. Accessing Help", "1.4. Website",
                "This document is organized in two dimensions", "By task: explaining")


def test_a_list_of_stories_before_a_story_does_not_come_along() -> None:
    # hostile: a column of other stories before a story, set in a block whose class says
    # what it is, its first link the page the story says comes next (a blog's next post):
    # the story's page is not a chapter of them
    others = "".join(f"<li><a href='s{i}.html'>Other story {i} of the week</a></li>"
                     for i in range(1, 7))
    e = extract(with_next("<html><head><title>Budget vote</title></head><body>"
                          f"<div class='page'><div><ul>{others}</ul></div>"
                          f"<article><h1>Budget vote</h1>{STORY}</article></div></body></html>"),
                URL)
    assert_kept(e.text, "Paragraph 5 of the story")
    assert "other story 1" not in words(e.text)


# -- a numbered figure's caption is the document's text ---------------------------------------

def figure(number: str, title: str, caption: str) -> str:
    """A DocBook XSL figure: its numbered title, the screenshot, its caption below it."""
    return (f"<div class='figure'><a name='f{number}'></a><p class='title'><b>Figure {number}. "
            f"{title}</b></p><div class='figure-contents'><div class='screenshot'>"
            f"<div class='mediaobject'><img src='figures/f.png' alt='{title}'>"
            f"<div class='caption'><p>{caption}</p></div></div></div></div></div>"
            "<br class='figure-break'>")


def test_the_captions_of_a_manuals_numbered_figures_are_kept() -> None:
    # GnuCash's tutorial: each step a paragraph and a numbered screenshot ("Figure 2.7.
    # New Account Hierarchy Setup"), its caption saying what it shows; a "caption" class
    # is a news photo's boilerplate, so every caption went (83-95 % kept, 11 pages)
    steps = "".join(
        f"<p>Step {i} of the assistant asks for the book's options, and you choose them "
        f"before going on to the next screen. {STEP}</p>"
        + figure(f"2.{i}", f"Setup step {i}", f"This image shows screen {i} of the New "
                 "Account Hierarchy Setup assistant.") for i in range(1, 5))
    e = extract(chapter("2.4. Putting It All Together", steps), URL)
    assert_kept(e.text, *(f"This image shows screen {i} of the New Account Hierarchy Setup"
                          for i in range(1, 5)), "Figure 2.4. Setup step 4")


STEP = "Click the Forward button to proceed, or Cancel to leave the assistant."


def test_a_sphinx_numbered_figures_caption_is_kept() -> None:
    # the same in Sphinx's markup (numfig): the number in the figcaption itself
    e = extract("<html><head><title>Layout</title></head><body><div role='main'>"
                f"<h1>Layout</h1><p>The layout engine places boxes in rows. {STEP}</p>"
                "<figure class='align-default'><img src='rows.png' alt='rows'><figcaption>"
                "<p><span class='caption-number'>Fig. 3 </span><span class='caption-text'>"
                "Boxes placed in two rows by the layout engine.</span></p></figcaption>"
                f"</figure><p>Each row is as tall as its tallest box. {STEP}</p></div>"
                "</body></html>", URL)
    assert_kept(e.text, "Fig. 3 Boxes placed in two rows by the layout engine")


def test_a_news_photos_caption_still_goes() -> None:
    # hostile: a story's photo captions, numbered by no one (the photo's credit too)
    e = extract("<html><head><title>Budget vote</title></head><body><div class='page'>"
                f"<article><h1>Budget vote</h1>{STORY[:len(STORY) // 2]}<figure>"
                "<img src='rally.jpg' alt=''><figcaption>Crowds gather outside the council "
                "chamber before the vote. Photo: Jane Doe</figcaption></figure>"
                "<div class='photo'><img src='mayor.jpg' alt=''><div class='caption'>"
                "The mayor speaks to reporters after the vote on Tuesday.</div></div>"
                f"{STORY[len(STORY) // 2:]}</article></div></body></html>", URL)
    assert_kept(e.text, "Paragraph 5 of the story")
    for caption in ("Crowds gather outside the council chamber", "The mayor speaks"):
        assert words(caption) not in words(e.text), caption


# -- footnotes are the text's ----------------------------------------------------------------

def footnotes(*notes: str) -> str:
    """DocBook XSL's footnotes at the end of a page: each led by its mark, a link back to
    where the text cites it."""
    return ("<div class='footnotes'><br><hr>" + "".join(
        f"<div id='ftn.n{i}' class='footnote'><p><a href='#n{i}' class='para'>"
        f"<sup class='para'>[{i}] </sup></a>{note}</p></div>" for i, note in enumerate(notes, 11))
        + "</div>")


def test_a_pages_footnotes_are_kept() -> None:
    # GnuCash's Finance::Quote page: its three footnotes (a version, "See <a>CPAN's FAQ</a>
    # for details.") went as a block of links, by their marks' links and a class read as
    # a footer's (93 %; a table's footnote: 94 %)
    cite = "".join(f"<p>The quote source is set per security<sup>[<a name='n{i}' "
                   f"href='#ftn.n{i}'>{i}</a>]</sup>, and used on every update. {STEP}</p>"
                   for i in (11, 12, 13))
    e = extract(chapter("8.2. Setting up Finance::Quote", cite + footnotes(
        "The most recent version is 1.53.",
        "See <a href='https://www.cpan.org/misc/cpan-faq.html'>CPAN Frequently Asked "
        "Questions</a> for details.",
        "Since version 1.41 the default source for currencies is hardcoded.")), URL)
    assert_kept(e.text, "The most recent version is 1.53",
                "See CPAN Frequently Asked Questions for details",
                "the default source for currencies is hardcoded")


def test_links_marked_like_notes_that_say_nothing_still_go() -> None:
    # hostile: a bar of numbered links into the page (a gallery's "1 2 3 4"), and a list of
    # other stories numbered like notes but linking other pages, after a story
    pager = "".join(f"<div><a href='#slide{i}'>[{i}]</a></div>" for i in range(1, 6))
    others = "".join(f"<div><a href='/story{i}'>[{i}]</a> Other story {i} of the week</div>"
                     for i in range(1, 6))
    e = extract("<html><head><title>Budget vote</title></head><body><div class='page'>"
                f"<article><h1>Budget vote</h1>{STORY}<div>{pager}</div>"
                f"<div>{others}</div></article></div></body></html>", URL)
    assert_kept(e.text, "Paragraph 5 of the story")
    for junk in ("1 2 3 4 5", "Other story 1 of the week"):
        assert junk not in words(e.text), junk


# -- a part's title page over its table of contents ------------------------------------------

LEGAL = ("Free Software Foundation, Inc. 59 Temple Place, Suite 330, Boston, MA 02111-1307, "
         "USA. Everyone is permitted to copy and distribute verbatim copies of this license "
         "document, but changing it is not allowed.")


def test_an_appendixs_title_page_keeps_the_contents_under_it() -> None:
    # GnuCash's appendix of the GNU FDL: a title page (its title, version, copyright and
    # a legal notice of two sentences), then its contents, twelve sections on the pages
    # after it; the legal notice won, and the contents went as a list of links after the
    # text (34.7 %)
    titlepage = ("<div class='titlepage'><div><div><h2 class='title'><a name='fdl'></a>"
                 "Appendix C. GNU Free Documentation License</h2></div><div><p "
                 "class='releaseinfo'><i>Version 1.1, March 2000</i></p></div><div><div "
                 "class='legalnotice'><h2>Legal Notice</h2><p>" + LEGAL + "</p></div></div>"
                 "</div></div>")
    sections = ["PREAMBLE", "APPLICABILITY AND DEFINITIONS", "VERBATIM COPYING",
                "COPYING IN QUANTITY", "MODIFICATIONS", "COMBINING DOCUMENTS"]
    page = with_next("<html><head><title>Appendix C. GNU Free Documentation License</title>"
                     f"</head><body>{navheader('Appendix C')}<div class='appendix'>"
                     f"{titlepage}{toc(*sections)}</div>{NAVFOOTER}</body></html>")
    e = extract(page, URL)
    assert_kept(e.text, "Everyone is permitted to copy", "1.1. PREAMBLE",
                "1.6. COMBINING DOCUMENTS")


def test_other_stories_under_a_storys_header_do_not_stay() -> None:
    # hostile: a story's header (its headline and standfirst), then a list of other
    # stories, the first the page the story says comes next, then the story: the list is
    # no contents of a title page (the page says more after it)
    others = "".join(f"<li><a href='s{i}.html'>Other story {i} of the week</a></li>"
                     for i in range(1, 7))
    e = extract(with_next("<html><head><title>Budget vote</title></head><body>"
                          "<div class='page'><div class='head'><h1>Budget vote</h1><p>"
                          f"{LEGAL}</p></div><ul>{others}</ul><div class='text'>{STORY}</div>"
                          "</div></body></html>"), URL)
    assert_kept(e.text, "Paragraph 5 of the story")
    assert "other story 1" not in words(e.text)


# -- a page too short for its text to score: its navigation bars do not win -------------------

def docbook_bars(title: str, body: str) -> str:
    """A DocBook XSL page: its navigation header and footer (the titles of the pages
    around it: text cells long enough to score as paragraphs) around a short section."""
    header = ("<div class='navheader'><table><tr><th colspan='3'>4.1. Overview</th></tr><tr>"
              "<td><a href='ch04.html'>&lt;&lt;&lt; Prev</a></td><th>Chapter 4. Configuring "
              "Ledgerly for your accounts</th><td><a href='s42.html'>Next &gt;&gt;&gt;</a>"
              "</td></tr></table><hr></div>")
    footer = ("<div class='navfooter'><hr><table><tr><td><a href='ch04.html'>&lt;&lt;&lt; "
              "Prev</a></td><td><a href='index.html'>Home</a></td><td><a href='s42.html'>"
              "Next &gt;&gt;&gt;</a></td></tr><tr><td>Chapter 4. Configuring Ledgerly for "
              "your accounts</td><td><a href='ch04.html'>Up</a></td><td>4.2. Main "
              "Configuration Screens of Ledgerly</td></tr></table></div>")
    return (f"<html><head><title>{title}</title></head><body>{header}<div class='sect1'>"
            f"{body}</div>{footer}</body></html>")


def test_a_one_line_section_is_kept_not_its_navigation_bars() -> None:
    # GnuCash's "4.1. Overview": its title and one line ("Configuring is fun."), too short
    # to score; the navigation footer's cells (the titles of the pages around it) won, and
    # the page kept its bars and lost its line (66.7 %, 12 words of chrome)
    e = extract(docbook_bars("4.1. Overview", "<div class='titlepage'><div><div><h2 "
                             "class='title'>4.1. Overview</h2></div></div></div>"
                             "<p>Configuring is fun.</p>"), URL)
    assert_kept(e.text, "Configuring is fun.")
    for chrome in ("Prev", "Main Configuration Screens"):
        assert words(chrome) not in words(e.text), chrome


def test_a_site_map_in_a_navigation_block_is_still_the_page() -> None:
    # hostile: a page whose text is a site map in a block named navigation, under the
    # page's heading (its entries scoring as paragraphs, as a bar's cells do): many links,
    # no bar of a few; it is what the page says
    links = "".join(f"<div><a href='/p{i}.html'>Topic {i}</a>: the page about topic number "
                    f"{i} of the site, with its notes</div>" for i in range(30))
    e = extract("<html><head><title>Site map</title></head><body><h1>Site map</h1>"
                f"<p>Every page.</p><div class='sitenav'>{links}</div></body></html>",
                URL)
    assert_kept(e.text, "Topic 0: the page about topic number 0 of the site",
                "Topic 29: the page about topic number 29 of the site")
