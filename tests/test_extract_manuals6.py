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
