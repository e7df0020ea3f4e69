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

Loosening: ``_flat.TITLED_SEE_ALSO = False`` fails ``test_a_manual_page_written_flat_
under_its_title``. No loosening of this rule fails ``test_a_form_after_the_see_also_stays_
out``: prune holds it (a guard on what follows the heading was tried against this page,
which prune mends alone; it was not kept).
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
