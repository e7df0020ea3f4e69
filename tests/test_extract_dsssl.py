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


# -- a section between the sections kept is the document's ----------------------------------

def refentry(arguments: str) -> str:
    """A function's reference entry as DSSSL writes it: no wrapper, its title, name line,
    synopsis and sections the body's children between the navigation tables."""
    synopsis = "".join(
        '<P><CODE><CODE CLASS="FUNCDEF">pool_health_stats returns record</CODE>(integer '
        + ", ".join(f'out <TT CLASS="PARAMETER">column_{i} bigint</TT>' for i in range(24))
        + ");</CODE></P>" for _ in range(2))
    return (
        "<HTML><HEAD><TITLE>pool_health_stats</TITLE></HEAD><BODY CLASS=\"REFENTRY\">"
        f'{NAVHEADER}<H1><A NAME="POOL-HEALTH-STATS"></A>pool_health_stats</H1>'
        '<DIV CLASS="REFNAMEDIV"><A NAME="AEN1"></A><H2>Name</H2>pool_health_stats -- a '
        "function to display the health check statistics data of a given node ID</DIV>"
        '<DIV CLASS="REFSYNOPSISDIV"><A NAME="AEN2"></A><H2>Synopsis</H2><DIV CLASS='
        f'"FUNCSYNOPSIS">{synopsis}</DIV></DIV><DIV CLASS="REFSECT1"><A NAME="AEN3"></A>'
        "<H2>Description</H2><P><CODE>"
        "pool_health_stats</CODE> displays health check statistics on the given node.</P>"
        f'</DIV>{arguments}<DIV CLASS="REFSECT1"><A NAME="AEN5"></A><H2>Example</H2><P>Here '
        "is an example output:</P><PRE CLASS=\"PROGRAMLISTING\">"
        + "".join(f"column_{i} | {i}\n" for i in range(40))
        + f"</PRE></DIV>{NAVFOOTER}</BODY></HTML>")


ARGUMENTS = (
    '<DIV CLASS="REFSECT1"><A NAME="AEN4"></A><H2>Arguments</H2><DIV CLASS="VARIABLELIST">'
    "<DL><DT><TT><I>node_id</I></TT></DT><DD><P>The index of the backend node to get "
    "information of.</P></DD><DT><TT><I>pcp_server</I></TT></DT><DD><P>The foreign server "
    "name for the pcp server.</P></DD><DT><TT>Other arguments</TT></DT><DD><P>See <A HREF="
    '"pcp-common-options.html">pcp_common_options</A>.</P></DD></DL></DIV></DIV>')


def test_a_reference_entrys_short_section_between_its_others_is_kept() -> None:
    # pgpool-II's function entries: the "Arguments" section (short descriptions, a link)
    # scored too little beside the synopsis and was left out from between "Description"
    # and "Example", its siblings kept (91.6 %)
    e = extract(refentry(ARGUMENTS), URL)
    assert_kept(e.text, "displays health check statistics on the given node", "Arguments",
                "The index of the backend node to get information of",
                "See pcp_common_options", "Here is an example output")


def test_a_box_of_teasers_between_a_storys_parts_still_goes() -> None:
    # hostile shape: a story in two parts, siblings, and between them a box of other
    # stories (a linked headline and a line each) under a heading of its own: no part of
    # the story, however little of it is links
    box = ("<div class='box'><h3>Elsewhere today</h3><p><a href='/a.html'>The harbour "
           "reopens</a> after two years of work on its walls.</p><p><a href='/b.html'>A new "
           "ferry to the islands</a> starts in May.</p></div>")
    html = ("<html><head><title>Story</title></head><body><h1>Story</h1>"
            f"<div class='text'>{STORY}</div>{box}<div class='text'>{STORY}</div></body></html>")
    e = extract(html, "https://news.example.org/story.html")
    assert_kept(e.text, "Paragraph 5 of the story")
    assert "harbour" not in e.text and "ferry" not in e.text
