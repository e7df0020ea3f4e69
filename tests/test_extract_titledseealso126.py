"""Every page whole (issue 26), brief 126: a manual page written flat in the body under its
title ends on its "SEE ALSO" section under the sections' rank, not the title's
(``_flat._sections_rank``).

groff writes a manual page straight in the body: the name as an ``h1``, a line of links to
the sections, then each section an ``h2`` and its paragraphs. ``flat_document`` takes the
body for the document when every section is the document's; it leaves out of that judgment
a last section whose heading says "See also" (prune judges it alone), but looked for it at
the first heading's rank, the title's ``h1``: the ``h2`` "SEE ALSO" was judged a
promotion's heading, the body was no document, and the page kept only its longest
section (rpc.5, 83.7 %). The hostile page: a sign-up form after the "See also" section,
which the judgment no longer reads; prune drops it (a form), as it does after a "See also"
under the title's own rank.

man2html's shape (the text loose in the body): a "SEE ALSO" before the "AUTHORS" (a BSD
page: ``_before_see_also`` with ``SEE_ALSO_INSIDE``), then an "Index" of the page's own
sections and the footer's line (``_before_own_index``), both left to prune (resolver.5
92.3 %, ssh_config.5 94.4 %).

Loosening: ``_flat.TITLED_SEE_ALSO = False`` fails ``test_a_manual_page_written_flat_
under_its_title`` and ``test_a_loose_manual_page_ending_on_its_own_index``;
``OWN_INDEX = False`` and ``SEE_ALSO_INSIDE = False`` each fail the latter. The hostile
``test_a_trailing_list_of_other_pages_is_no_index_of_the_page`` holds with ``_lists_itself``
always true too: prune drops that list of other pages once the body is taken. No
loosening of this rule fails ``test_a_form_after_the_see_also_stays_out``: prune holds it
(a guard on what follows the heading was tried against this page, which prune mends
alone; it was not kept).
"""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import assert_kept, words

URL = "https://man.example.org/man5/hosts.equiv.5.html"

NAME = "hosts.equiv - trusted remote host names"
SYNOPSIS = "/etc/hosts.equiv"
INTRO = ("The hosts.equiv file lists the remote hosts whose users may log in without a "
         "password. Each line has the following information:")
ITEMS = ["the name of a trusted host", "an optional user name", "a comment"]
AFTER = ("Fields are separated by any number of blanks. A line that begins with a hash "
         "sign is a comment and is not read by the routines which search the file.")
EXAMPLE = "Here is an example of the file as a system ships it."
LISTING = " <br>".join(f"host{i}.example.org user{i} # machine {i} of the lab"
                       for i in range(30))
FILES = "The file of trusted remote host names"


def manual_page(after_see_also: str = "") -> str:
    contents = "".join(f"<a href='#{s}'>{s}</a><br>"
                       for s in ("NAME", "SYNOPSIS", "DESCRIPTION", "FILES", "SEE ALSO"))
    bullets = "".join(f"<tr><td></td><td><p>&bull;</p></td><td><p>{item}</p></td></tr>"
                      for item in ITEMS)
    return (
        "<html><head><title>hosts.equiv</title></head><body>"
        f"<h1 align='center'>hosts.equiv</h1>{contents}<hr>"
        f"<h2>NAME <a name='NAME'></a></h2><p>{NAME}</p>"
        f"<h2>SYNOPSIS <a name='SYNOPSIS'></a></h2><p><b>{SYNOPSIS}</b></p>"
        f"<h2>DESCRIPTION <a name='DESCRIPTION'></a></h2><p>{INTRO}</p>"
        f"<table>{bullets}</table><p>{AFTER}</p><p>{EXAMPLE}</p><p>{LISTING}</p>"
        f"<h2>FILES <a name='FILES'></a></h2><p><i>{SYNOPSIS}</i></p><p>{FILES}</p>"
        "<h2>SEE ALSO <a name='SEE ALSO'></a></h2><p><b>rhosts</b>(5), <b>rlogin</b>(1)</p>"
        f"{after_see_also}<hr></body></html>")


def test_a_manual_page_written_flat_under_its_title() -> None:
    text = extract(manual_page(), URL).text
    assert_kept(text, NAME, INTRO, *ITEMS, AFTER, EXAMPLE, FILES, "SEE ALSO", "rhosts (5)")


FORM = ("<form action='/subscribe'><p>Get our newsletter of manual pages every week in "
        "your inbox</p><input name='email'><button>Sign up now</button></form>")


def test_a_form_after_the_see_also_stays_out() -> None:
    text = extract(manual_page(FORM), URL).text
    assert words("newsletter of manual pages") not in words(text)


# man2html's shape: the text loose in the body between the headings, the "SEE ALSO" before
# the "AUTHORS" (a BSD page), then an "Index" of the page's own sections and the footer's line

LOOSE_INTRO = ("The resolver reads this file the first time a process asks it for a name, "
               "and keeps what it read for the life of the process, so that a change to "
               "the file takes effect only in processes started after it.")
OPTIONS = [(f"option{i}", f"The option number {i} sets how the resolver behaves when a "
            f"query of kind {i} times out, and how many times it tries again.")
           for i in range(12)]
AUTHORS = ("The first version was written at a university, and many people have fixed "
           "bugs in it and added features to it since then.")


def loose_page(index: str = "", after_see_also: str = "AUTHORS") -> str:
    entries = "".join(f"<DT><B>{name}</B><DD>{text}" for name, text in OPTIONS)
    names = ["NAME", "DESCRIPTION", "FILES", "SEE ALSO", after_see_also]
    index = index or "<DL>" + "".join(
        f"<DT><A HREF='#lbA{i}'>{n}</A><DD>" for i, n in enumerate(names)) + "</DL>"
    return (
        "<HTML><HEAD><TITLE>Man page of resolv.conf</TITLE></HEAD><BODY>"
        "<H1>resolv.conf</H1>Section: File Formats (5)<BR>Updated: 2023-02-05<BR>"
        "<A HREF='#index'>Index</A> <A HREF='../index.html'>Return to Main Contents</A><HR>"
        "<A NAME='lbA0'>&nbsp;</A><H2>NAME</H2>resolv.conf - resolver configuration file"
        f"<A NAME='lbA1'>&nbsp;</A><H2>DESCRIPTION</H2>{LOOSE_INTRO}<P>The options are:"
        f"<DL COMPACT>{entries}</DL>"
        "<A NAME='lbA2'>&nbsp;</A><H2>FILES</H2><I>/etc/resolv.conf</I>"
        "<A NAME='lbA3'>&nbsp;</A><H2>SEE ALSO</H2><B><A HREF='../man3/resolver.3.html'>"
        "resolver</A></B>(3), <B><A HREF='../man5/hosts.5.html'>hosts</A></B>(5)"
        f"<A NAME='lbA4'>&nbsp;</A><H2>{after_see_also}</H2>{AUTHORS}<P><HR>"
        f"<A NAME='index'>&nbsp;</A><H2>Index</H2>{index}<HR>"
        "This document was created by <A HREF='/cgi-bin/man/man2html'>man2html</A>, using "
        "the manual pages.<BR>Time: 00:46:52 GMT, November 30, 2026</BODY></HTML>")


def test_a_loose_manual_page_ending_on_its_own_index() -> None:
    text = extract(loose_page(), URL).text
    assert_kept(text, "resolver configuration file", LOOSE_INTRO, "/etc/resolv.conf",
                *(t for _, t in OPTIONS), AUTHORS)


def test_a_trailing_list_of_other_pages_is_no_index_of_the_page() -> None:
    others = "<UL>" + "".join(f"<LI><A HREF='/blog/post{i}.html'>Our post number {i} on "
                              f"name servers</A>" for i in range(6)) + "</UL>"
    text = extract(loose_page(index=others), URL).text
    assert words("Our post number 3") not in words(text)
