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
