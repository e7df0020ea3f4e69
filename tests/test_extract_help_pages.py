"""Every page whole (issue 26), brief 88: the shapes three generators measured before any
rule was tuned on them lost (GNOME's help, Mallard through yelp-xsl; Racket's Scribble;
Qt's QDoc), each with the hostile shape its rule's guard keeps out."""

from __future__ import annotations

from .test_extract_whole import LOREM, URL, assert_kept, words

from trawl.extract import extract  # isort: skip


def help_topic(section_id: str, heading: str, toolbar: str = "") -> str:
    """A help topic (yelp-xsl's Mallard HTML): an introduction, then two sections, each a
    ``section`` whose one child, ``div.inner``, holds its heading's block and its body;
    ``toolbar`` after the article."""
    def section(ident: str, title: str, body: str) -> str:
        return (f"<section id='{ident}'><div class='inner'><div class='hgroup'>"
                f"<h2 class='title'>{title}</h2></div><div class='region'>"
                f"<div class='contents'>{body}</div></div></div></section>")
    steps = ("<div class='steps'><ol class='steps'><li><p>Open the <a href='overview.html'>"
             "Activities</a> overview and start typing Printers.</p></li><li><p>Click "
             "Printers to open the panel.</p></li><li><p>Click the Show Jobs button and "
             "either pause or release the job, as you need.</p></li></ol></div>")
    return ("<html><head><title>Cancel, pause or release a print job</title></head><body>"
            "<main><header><div class='trails'><a href='index.html'>Help</a> » "
            "<a href='printing.html'>Printing</a></div></header><article>"
            "<div class='hgroup'><h1>Cancel, pause or release a print job</h1></div>"
            "<div class='region'><div class='contents'><p>You can cancel a pending print job "
            "and remove it from the queue in the printer settings.</p></div>"
            + section("cancel-print-job", "Cancel a print job",
                      "<p>If you accidentally started printing a document, you can cancel "
                      "the print so that you do not waste any ink or paper.</p>" + steps
                      + f"<p>{LOREM}</p>" * 4)
            + section(section_id, heading,
                      "<p>If you want to pause or release a print job, you can do so by "
                      "going to the jobs dialog in the printer settings.</p>" + steps)
            + f"{toolbar}</div></article><footer><p>Written by the docs team.</p></footer>"
            "</main></body></html>")


def test_a_sections_id_that_is_its_headings_slug_through_its_wrapper_is_no_component() -> None:
    # yelp-xsl wraps a section's whole in one div.inner: its id, the slug of its heading
    # ("pause-release-print-job"), read "print" as a print button's and the section went
    # (printing-cancel-job.html, 74 %)
    e = extract(help_topic("pause-release-print-job", "Pause and release a print job"), URL)
    assert_kept(e.full_text, "Pause and release a print job",
                "If you want to pause or release a print job")


def test_a_toolbar_whose_first_group_is_headed_by_its_name_still_goes() -> None:
    # a block whose first box is headed by its id's words, more boxes beside it: the id
    # names the block (a share toolbar), no heading's slug
    toolbar = ("<div id='share-print'><div class='group'><h4>Share print</h4>"
               "<p>Send this page to a friend, or print it for later reading at home.</p>"
               "</div><div class='group'><a href='/mail'>Mail it</a> "
               "<a href='/print'>Print it</a></div></div>")
    e = extract(help_topic("cancel-more", "More on cancelling", toolbar), URL)
    assert "send this page to a friend" not in words(e.full_text)
