"""Every page whole (issue 26): a note's text set in a box of its own. A manual's tip (DocBook
XSL: the tip's ``div``, a table of its icon, its title and a cell) holds its text in a
sidebar box, alone in the tip's cell: no paragraph of the text beside it, so the box went
as a page's sidebar by its class, and the tip was left a title ("Tip") without its text
(FreeTDS's user guide, 90.7 %). The hostile shape beside: a page's sidebar of prose (an
"about me") between the two columns of a story, in no note, still goes."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_listings import section
from .test_extract_whole import LOREM, URL, assert_kept, words

TIP = ("<div class='tip' style='margin-left: 0.5in'><table border='0' summary='Tip'><tr><td "
       "rowspan='2'><img alt='[Tip]' src='tip.gif'></td><th align='left'>Tip</th></tr><tr><td>"
       "<div class='sidebar'><div class='titlepage'><div><div><p class='title'><strong>"
       "</strong></p></div></div></div><p>SQSH is an excellent tool. Because it uses the "
       "client library, it works with this one, but potentially, with significant effort, "
       "it could be ported to ODBC and made useful elsewhere. Just a thought.</p></div>"
       "</td></tr></table></div>")


def test_a_tips_text_in_a_box_of_its_own_is_kept() -> None:
    body = section(2, "SQSH", (
        f"<p>SQSH is a command line based query tool. {LOREM}</p>{TIP}<p>SQSH 2.1 includes "
        f"direct support for the library. {LOREM}</p><p>After running configure, look for "
        f"the libraries' line in the Makefile. {LOREM}</p>"))
    e = extract(f"<html><body>{body}</body></html>", URL)
    assert_kept(e.text, "SQSH is a command line based query tool",
                "SQSH is an excellent tool. Because it uses the client library",
                "After running configure")


def test_a_pages_sidebar_of_prose_between_a_storys_columns_still_goes() -> None:
    # hostile: the story in two columns, a sidebar of prose (an "about me") between them:
    # no paragraph of the text beside it, in no note
    about = ("<div class='sidebar'><p>About me: I write about gardens and the weather, and "
             "have done so for many years, from a small town by the sea.</p></div>")
    columns = ["<div class='text'>" + "".join(
        f"<p>The budget was voted, column {c}, part {i}. {LOREM}</p>" for i in range(3))
        + "</div>" for c in range(2)]
    page = (f"<html><body><div class='wrap'>{columns[0]}{about}{columns[1]}</div>"
            "</body></html>")
    e = extract(page, URL)
    assert_kept(e.text, "The budget was voted, column 1, part 2")
    assert "gardens" not in words(e.text)
