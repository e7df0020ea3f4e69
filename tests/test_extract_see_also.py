"""Every page whole (issue 26): a manual's "See also" sentence under a section ("See also
<a>Grid and Guides</a>."), a cross-reference to a section of another page, is text of the
section, not a story's "See also" promotion; and the hostile shape beside it: a story's
"See also" of headlines still goes."""

from __future__ import annotations

from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept, words

from trawl.extract import extract  # isort: skip


def manual_page(body: str) -> str:
    """A manual's chunked page: a navigation header, the section's title and its text, a
    navigation footer."""
    return ("<html><head><title>Using the grid</title></head><body>"
            "<div class='nav'><a href='prev.html'>Prev</a> <a href='next.html'>Next</a></div>"
            "<div class='sect'><h2>3.4. Making a grid</h2>"
            "<p>How can you create a grid that is actually part of the image? You can't do"
            " this using the image grid: that is only an aid, and is only visible on the"
            " monitor or in a screenshot. You can, however, use the"
            " <a href='filter-grid.html' title='14.14. Grid'>Grid</a> plugin to render a"
            " grid very similar to the image grid.</p>"
            f"{body}</div>"
            "<div class='nav'><a href='prev.html'>Prev</a> <a href='index.html'>Home</a>"
            " <a href='next.html'>Next</a></div></body></html>")


def test_a_see_also_sentence_to_a_section_of_the_manual_is_kept() -> None:
    # GIMP's "Using the grid" ends on "See also <a>Grid and Guides</a>.": a link of three
    # words after "See also", pruned as a promotion's headline; its address is a section of
    # another page of the manual (page.html#section), which no story's address is
    body = ("<p>\n    See also <a href='concepts-grid-and-guides.html#concepts-image-grid'"
            " title='2.1. The Image Grid'>Grid and Guides</a>.\n  </p>")
    e = extract(manual_page(body), URL)
    assert_kept(e.text, "part of the image", "See also Grid and Guides.")


def test_a_see_also_headline_of_a_story_still_goes() -> None:
    # hostile: a story's "See also" sentence of headlines, to a story (no section), to a
    # part of a story at an absolute address, to another site's story with a fragment
    html = ("<html><head><title>Budget vote</title></head><body><div class='page'>"
            f"{STORY}<p>{LOREM}</p>"
            "<p>See also <a href='park-delay.html'>Council delays the park</a>.</p>"
            "<p>See also <a href='/news/mayor.html#comments'>Mayor answers the critics</a>.</p>"
            "<p>See also <a href='https://other.example/bus.html#top'>Bus fares rise again</a>."
            "</p></div></body></html>")
    e = extract(html, URL)
    got = words(e.text)
    assert_kept(e.text, LOREM)
    for gone in ("council delays", "mayor answers", "bus fares"):
        assert gone not in got, gone
