"""Every page whole (issue 26): shapes of DocBook manuals built by openjade's DSSSL stylesheets
("Modular DocBook HTML Stylesheet 1.79", the generator of PostgreSQL's manual before version
10: uppercase markup, a ``NAVHEADER`` and a ``NAVFOOTER`` table): pgpool-II's manual and
Slony-I's admin guide, bench/completeness.py's ``pgpool`` and ``slony`` sets. One page shape
per failure seen, and the hostile shape beside each: what the rule must not keep."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept

NAVHEADER = (
    '<DIV CLASS="NAVHEADER"><TABLE SUMMARY="Header navigation table" WIDTH="100%" BORDER="0">'
    '<TR><TH COLSPAN="3" ALIGN="center"><A HREF="index.html">Poolkeeper 4.3 Documentation</A>'
    '</TH></TR><TR><TD WIDTH="10%" ALIGN="left"><A HREF="prev.html" ACCESSKEY="P">Prev</A>'
    '</TD><TD WIDTH="80%" ALIGN="center">Appendix A. Release Notes</TD><TD WIDTH="10%" '
    'ALIGN="right"><A HREF="next.html" ACCESSKEY="N">Next</A></TD></TR></TABLE>'
    '<HR ALIGN="LEFT" WIDTH="100%"></DIV>')
NAVFOOTER = (
    '<DIV CLASS="NAVFOOTER"><HR ALIGN="LEFT" WIDTH="100%"><TABLE SUMMARY="Footer navigation '
    'table" WIDTH="100%" BORDER="0"><TR><TD WIDTH="33%" ALIGN="left"><A HREF="prev.html" '
    'ACCESSKEY="P">Prev</A></TD><TD WIDTH="34%" ALIGN="center"><A HREF="index.html" '
    'ACCESSKEY="H">Home</A></TD><TD WIDTH="33%" ALIGN="right"><A HREF="next.html" '
    'ACCESSKEY="N">Next</A></TD></TR><TR><TD WIDTH="33%" ALIGN="left">Release 3.3.22</TD>'
    '<TD WIDTH="34%" ALIGN="center"><A HREF="release.html" ACCESSKEY="U">Up</A></TD>'
    '<TD WIDTH="33%" ALIGN="right">Release 3.3.20</TD></TR></TABLE></DIV>')


def dsssl_page(title: str, body: str) -> str:
    """A DSSSL page: uppercase markup, the navigation tables around one section's div."""
    return (f'<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><HTML><HEAD><TITLE>'
            f'{title}</TITLE><META NAME="GENERATOR" CONTENT="Modular DocBook HTML Stylesheet '
            f'Version 1.79"></HEAD><BODY CLASS="SECT1">{NAVHEADER}<DIV CLASS="SECT1">{body}'
            f"</DIV>{NAVFOOTER}</BODY></HTML>")


RELEASE_DATE = ('<DIV CLASS="NOTE"><BLOCKQUOTE CLASS="NOTE"><P><B>Release Date: </B>2018-04-17'
                "</P></BLOCKQUOTE></DIV>")
RELEASE = dsssl_page(
    "Release 3.3.21",
    '<H1 CLASS="SECT1"><A NAME="RELEASE-3-3-21">A.158. Release 3.3.21</A></H1>'
    f'{RELEASE_DATE}<DIV CLASS="SECT2"><H2 CLASS="SECT2"><A NAME="AEN20937">A.158.1. Bug '
    "fixes</A></H2><P></P><UL><LI><P>Make calls to to_regclass fully schema qualified. "
    "(Tatsuo Ishii)</P></LI></UL></DIV>")
"""A release's notes: its title, its date in a note, one section of one item."""


# -- a named anchor holding a heading's text is no link ---------------------------------------

def test_a_heading_whose_text_is_a_named_anchor_is_kept() -> None:
    # DSSSL wraps every heading's text in a named anchor (``<H2><A NAME="AEN20937">A.158.1.
    # Bug fixes</A></H2>``): counted as link text, the heading was a link to elsewhere with
    # nothing after it, and prune dropped it as navigation; a short release's notes lost
    # their title and their section's (36 % kept)
    e = extract(RELEASE, URL)
    assert e.headline == "A.158. Release 3.3.21"
    assert "## A.158.1. Bug fixes" in e.markdown
    assert_kept(e.text, "A.158.1. Bug fixes", "Make calls to to_regclass fully schema qualified")


def test_a_menu_of_anchors_a_script_makes_links_of_still_goes() -> None:
    # hostile shape: a list of other stories written as named anchors that a script makes
    # links of (no href, an onclick): links to elsewhere, not text, whatever their name
    menu = "".join(f"<li><a name='more{i}' onclick='show({i})'>Another story about the "
                   f"town's budget, part {i}</a></li>" for i in range(6))
    html = ("<html><head><title>Story</title></head><body><article><h1>Story</h1>"
            f"{STORY}<ul class='more'>{menu}</ul></article></body></html>")
    e = extract(html, "https://news.example.org/story.html")
    assert_kept(e.text, "Paragraph 5 of the story")
    assert "town's budget" not in e.text


# -- a date in a note box is the note's ------------------------------------------------------

def test_a_date_in_a_note_under_the_title_is_kept() -> None:
    # a release's notes open with a note saying when it was released ("Release Date:
    # 2018-04-17"), taken for the page's dateline under its headline and dropped
    e = extract(RELEASE, URL)
    assert_kept(e.text, "Release Date: 2018-04-17")
    long = dsssl_page("Release 3.3.21", '<H1 CLASS="SECT1"><A NAME="R">A.158. Release 3.3.21'
                      f"</A></H1>{RELEASE_DATE}<P>{LOREM}</P><P>{LOREM}</P>")
    assert_kept(extract(long, URL).text, "Release Date: 2018-04-17", LOREM)


def test_a_stories_dateline_in_its_header_still_goes() -> None:
    # hostile shape: a story's date under its headline, in a block of its own (no note):
    # the page's dateline, metadata
    html = ("<html><head><title>Story</title></head><body><article><h1>Story</h1>"
            f"<div class='info'><p>Published: 2018-04-17</p></div>{STORY}</article></body></html>")
    e = extract(html, "https://news.example.org/story.html")
    assert_kept(e.text, "Paragraph 0 of the story")
    assert "2018" not in e.text


# -- a table of contents whose first term is its caption -------------------------------------

SECTION = "Tuning the pool of connections for many clients at once"


def chapter_toc(first: str, entry: str = SECTION) -> str:
    """A chapter's contents as DSSSL writes them: the caption its first term, then the
    sections (each on a page of its own) and their subsections."""
    entries = "".join(
        f'<DT>7.{i}. <A HREF="s{i}.html">{entry}, part {i}</A></DT>'
        + (f'<DD><DL><DT>7.{i}.1. <A HREF="s{i}.html#A">Memory</A></DT>'
           f'<DT>7.{i}.2. <A HREF="s{i}.html#B">Disks</A></DT></DL></DD>' if i % 3 else "")
        for i in range(1, 7))
    return f"<DL>{first}{entries}</DL>"


def test_a_chapters_contents_captioned_by_their_first_term_are_kept() -> None:
    # a chapter's page: its title, its contents (captioned "Table of Contents" in their
    # first term, no link), its one paragraph of introduction; the list, its first entry
    # led by no link, was no table of contents, and the page was cut to its paragraph (50 %)
    body = ('<H1><A NAME="PERFORMANCE"></A>Chapter 7. Performance Considerations</H1>'
            f'<DIV CLASS="TOC">{chapter_toc("<DT><B>Table of Contents</B></DT>")}</DIV>'
            "<P>There are a number of configuration parameters that affect the performance "
            "of the pool. In this chapter we present how to tune them.</P>")
    e = extract(dsssl_page("Performance Considerations", body), URL)
    assert_kept(e.text, "Table of Contents", "7.1. Tuning the pool of connections", "7.1.1. Memory",
                "7.5.2. Disks", "In this chapter we present how to tune them")


def test_a_menu_under_a_label_in_bold_after_a_story_still_goes() -> None:
    # hostile shape: a story, then a menu of the site's sections and their pages, a label
    # in bold its first entry, in no list named a table of contents: navigation
    menu = chapter_toc("<DT><B>Browse the site</B></DT>", "Our town")
    html = ("<html><head><title>Story</title></head><body><article><h1>Story</h1>"
            f"{STORY}<div class='more'>{menu}</div></article></body></html>")
    e = extract(html, "https://news.example.org/story.html")
    assert_kept(e.text, "Paragraph 5 of the story")
    assert "Our town" not in e.text
