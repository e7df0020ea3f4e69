"""Every page whole (issue 26, brief 48): shapes of DocBook manuals not measured before
(libdbi's DSSSL guide, gtkmm's tutorial, valgrind's FAQ, libgda's gtk-doc licence
appendix). One page shape per failure seen, and the hostile shape beside each: what the
rule must not keep on an article."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_index import STORY
from .test_extract_whole import assert_kept, words

STORY_TEXT = ("Paragraph 0 of the story, with a clause", "Paragraph 5 of the story, with a clause")
URL = "https://docs.example.org/guide/transactions-savepoints.html"
INTRO = ("A variety of database engines support the concepts of transactions and savepoints, "
         "which group commands so that their changes are written or rolled back together.")


def chapter(toc: str, next_page: str | None = "transactions.html",
            body: str = f"<p>{INTRO}</p>{STORY}") -> str:
    """A chapter's page: its title, its short table of contents (``toc``), its text; the
    head names the page after it (``<link rel="next">``) or not."""
    head = f"<link rel='next' href='{next_page}'>" if next_page else ""
    return (f"<html><head><title>Transactions and Savepoints</title>{head}</head><body>"
            "<div class='navheader'><a href='errors.html'>Prev</a> "
            "<a href='transactions.html'>Next</a></div>"
            "<div class='chapter'><h1><a name='ts'></a>Chapter 5. Transactions and "
            f"Savepoints</h1>{toc}{body}</div></body></html>")


def dsssl_toc(cls: str = "TOC", first: str = "transactions.html") -> str:
    """openjade's chapter contents: the caption its first term, two numbered entries."""
    return (f"<div class='{cls}'><dl><dt><b>Table of Contents</b></dt>"
            f"<dt>5.1. <a href='{first}'>Transactions</a></dt>"
            "<dt>5.2. <a href='savepoints.html'>Savepoints</a></dt></dl></div>")


def test_a_chapters_two_sections_listed_above_its_text_are_kept() -> None:
    # libdbi's programmers-guide/transactions-savepoints.html (88 %): two entries, too few
    # for a list that merely leads on, but named a table of contents and leading on
    e = extract(chapter(dsssl_toc()), URL)
    assert_kept(e.text, INTRO, *STORY_TEXT, "5.1. Transactions", "5.2. Savepoints")


def test_a_named_pair_of_links_leading_elsewhere_goes() -> None:
    # hostile: the same two entries named "toc" where the page goes on elsewhere (a
    # widget of two other pages), or where the page says nothing of where it goes
    for next_page in ("chapter-6.html", None):
        e = extract(chapter(dsssl_toc(), next_page=next_page), URL)
        assert_kept(e.text, INTRO, *STORY_TEXT)
        assert "5 1 transactions" not in words(e.text), next_page


def test_an_unnamed_pair_of_links_leading_on_goes() -> None:
    # hostile: an unnamed pair of links leading on before the text (a pager: the next
    # page first) is no table of contents
    pager = ("<div><dl><dt>1. <a href='transactions.html'>Transactions</a>"
             "</dt><dt>2. <a href='savepoints.html'>Savepoints</a></dt></dl></div>")
    e = extract(chapter(pager), URL)
    assert_kept(e.text, INTRO, *STORY_TEXT)
    assert "1 transactions" not in words(e.text)


def xsl_toc(caption: str = "<p><b>Table of Contents</b></p>") -> str:
    """DocBook XSL's chapter contents: the caption above the list, the chapter's own first
    section, then the next page."""
    return (f"<div class='toc'>{caption}<ul class='toc'><li><span class='sect1'><a "
            "href='transactions-savepoints.html#sec-book'>This book</a></span></li><li><span "
            "class='sect1'><a href='transactions.html'>gtkmm</a></span></li></ul></div>")


SECTION = (f"<div class='sect1'><h2><a name='sec-book'></a>This book</h2><p>{INTRO}</p>"
           f"{STORY}</div>")


def test_a_short_table_of_contents_under_its_caption_is_kept() -> None:
    # gtkmm's chapter-introduction.html (94 %): the list is a table of contents, but its
    # caption outweighs its two entries, and the block of both went
    e = extract(chapter(xsl_toc(), body=SECTION), URL)
    assert_kept(e.text, INTRO, *STORY_TEXT, "Table of Contents This book gtkmm")


def test_a_caption_over_a_list_of_other_pages_goes() -> None:
    # hostile: a caption of a few words over two links to other pages (a widget of
    # related stories): the list is no table of contents, and the block goes with it
    related = ("<div class='toc'><p><b>Related stories</b></p><ul><li><a href='/news/a.html'>"
               "A story of ours</a></li><li><a href='/news/b.html'>Another story</a></li>"
               "</ul></div>")
    e = extract(chapter(related, body=SECTION), URL)
    assert_kept(e.text, INTRO, *STORY_TEXT)
    assert "related stories" not in words(e.text)
    assert "another story" not in words(e.text)


QUESTIONS = [("1.", "Background", "faq.background",
              [("1.1.", "How do you pronounce the name?", "faq.pronounce"),
               ("1.2.", "Where does the name come from?", "faq.whence")]),
             ("2.", "Compiling and installing", "faq.installing",
              [("2.1.", "Why does make die partway with an assertion?", "faq.make"),
               ("2.2.", "Why does make fail with a missing header?", "faq.glibc")])]


def faq_page(href: str = "faq.html#{}") -> str:
    """DocBook XSL's question-and-answer set: its contents a list a topic (the topic the
    term, its questions the definitions, each a link to the question below), then the
    topics and their questions and answers."""
    toc = "".join(
        f"<dl><dt>{n} <a href='{href.format(a)}'>{t}</a></dt>" + "".join(
            f"<dd>{qn} <a href='{href.format(qa)}'>{q}</a></dd>" for qn, q, qa in qs) + "</dl>"
        for n, t, a, qs in QUESTIONS)
    body = "".join(
        f"<h3><a name='{a}'></a>{n} {t}</h3>" + "".join(
            f"<p><a name='{qa}'></a><b>{qn} {q}</b></p><p>{INTRO}</p>" for qn, q, qa in qs)
        for n, t, a, qs in QUESTIONS)
    return ("<html><head><title>Frequently Asked Questions</title></head><body>"
            "<div class='article'><h1>Frequently Asked Questions</h1>"
            f"<div class='qandaset'>{toc}{body}{STORY}</div></div></body></html>")


def test_a_faqs_list_of_questions_is_kept() -> None:
    # valgrind's faq.html (96 %): each topic's list (its term and its questions, a link
    # each to the question below) went but one
    e = extract(faq_page(), "https://docs.example.org/html/faq.html")
    got = words(e.text)
    for *_, qs in QUESTIONS:
        for _, q, _ in qs:
            assert got.count(words(q)) == 2, q  # (the list's entry and the question)
    assert_kept(e.text, *STORY_TEXT)


def test_a_list_of_stories_under_topics_goes() -> None:
    # hostile: the same lists, each link to another page (stories under their topics)
    e = extract(faq_page(href="https://news.example.org/{}.html"),
                "https://docs.example.org/html/faq.html")
    got = words(e.text)
    assert_kept(e.text, *STORY_TEXT)
    assert got.count(words("How do you pronounce the name?")) == 1


LICENCE = ("The purpose of this License is to make a manual, textbook, or other written "
           "document free in the sense of freedom: to assure everyone the effective freedom "
           "to copy and redistribute it.")


def licence_page(title: str, notice: str = "Copyright © 2000 Free Software Foundation, "
                 "Inc.") -> str:
    """gtk-doc's appendix of the GNU FDL: the title page (title, version, copyright, the
    legal notice with the foundation's address), then the licence's sections."""
    return (f"<html><head><title>{title}: The Manual</title></head><body>"
            "<div class='appendix'><div class='titlepage'><div><div><h2 class='title'>"
            f"<a name='fdl'></a>{title}</h2></div><div><p class='releaseinfo'>"
            "Version 1.1, March 2000</p></div><div><p class='copyright'>"
            f"{notice}</p></div><div><div class='legalnotice'><div class='address'><p>"
            "Free Software Foundation, Inc. 51 Franklin Street, Fifth Floor, Boston</p></div>"
            "<p>Everyone is permitted to copy and distribute verbatim copies of this license "
            "document, but changing it is not allowed.</p></div></div></div></div>"
            f"<div class='sect1'><h2>0. PREAMBLE</h2><p>{LICENCE}</p>{STORY}</div></div>"
            "</body></html>")


def test_a_licences_own_copyright_notice_is_kept() -> None:
    # libgda's fdl.html (81.5 %): the licence's version, copyright and notice went as an
    # article's byline and dateline under its headline
    e = extract(licence_page("Appendix A. GNU Free Documentation License"),
                "https://docs.example.org/html/fdl.html")
    assert_kept(e.text, "Version 1.1, March 2000", "Copyright © 2000 Free Software Foundation",
                "51 Franklin Street, Fifth Floor", "Everyone is permitted to copy",
                LICENCE, *STORY_TEXT)


def test_a_storys_copyright_line_under_its_headline_goes() -> None:
    # hostile: the same header under a headline that names no licence: a story's version
    # line and copyright go, as before
    e = extract(licence_page("Appendix A. Free Documentation and You"),
                "https://docs.example.org/html/fdl.html")
    assert_kept(e.text, LICENCE, *STORY_TEXT)
    assert "march 2000" not in words(e.text)


MEMBERS = ["GDAUI_DATA_PROXY_INFO_NONE", "GDAUI_DATA_PROXY_INFO_CURRENT_ROW",
           "GDAUI_DATA_PROXY_INFO_NO_FILTER"]


def test_an_enumerations_members_ending_the_page_are_kept() -> None:
    # libgda's libgda-5.0-GdauiDataProxyInfo.html (94.2 %): the enumeration's members, a
    # name a row and no description, end the page; each went as a trailing label
    rows = "".join(f"<tr><td class='enum_member_name'><p><a name='{m}'></a>{m}</p></td>"
                   "<td> </td><td> </td></tr>" for m in MEMBERS)
    page = ("<html><head><title>GdauiDataProxyInfo</title></head><body><div class='refentry'>"
            f"<h2>GdauiDataProxyInfo</h2><p>{INTRO}</p>{STORY}<div class='refsect2'>"
            "<h3>enum GdauiDataProxyInfoFlag</h3><div class='refsect3'><h4>Members</h4>"
            f"<table class='informaltable'><tbody>{rows}</tbody></table></div></div></div>"
            "</body></html>")
    e = extract(page, "https://docs.example.org/html/GdauiDataProxyInfo.html")
    assert_kept(e.text, INTRO, *STORY_TEXT, *MEMBERS)


def test_a_storys_last_label_in_a_layout_table_goes() -> None:
    # hostile: a story laid out in a table, its last line a label ("Share this"): in the
    # story's cell beside the menu's, or in a row of its own, it is no row of a table
    menu = "<td><a href='/a.html'>Home</a> <a href='/b.html'>About</a></td>"
    for layout in (f"<tr>{menu}<td><p>{INTRO}</p>{STORY}<p>Share this</p></td></tr>",
                   f"<tr>{menu}<td><p>{INTRO}</p>{STORY}</td></tr>"
                   "<tr><td colspan='2'><p>Share this</p></td></tr>"):
        page = ("<html><head><title>A story</title></head><body><table>"
                f"{layout}</table></body></html>")
        e = extract(page, "https://news.example.org/story.html")
        assert_kept(e.text, INTRO, *STORY_TEXT)
        assert "share this" not in words(e.text), layout[:40]
