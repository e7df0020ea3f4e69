"""Every page whole (issue 26): a footnote whose mark's brackets are set outside its link
(docutils: ``<span>[</span><a role="doc-backlink">1</a><span>]</span>``; DocBook XSL:
``<sup>[<a href="#id1">1</a>] </sup>``), and a footnote that cites a page by printing its
address ("[1] See https://..."), are the text's, read by ``_kept._note``. A bar of marks
into the page, under a label or not, still goes."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_docbook import navheader
from .test_extract_index import STORY
from .test_extract_manuals3 import NAVFOOTER
from .test_extract_whole import LOREM, URL, assert_kept, words

SPEC = "https://html.spec.example.org/multipage/named-characters.html#named-references"


def docutils_page(note: str) -> str:
    """A Sphinx module's page (docutils 0.18's markup) whose text cites one footnote, set
    at the end of its section, its mark's brackets in spans of their own."""
    return ("<html><head><title>entities</title></head><body><div class='document'><div "
            "role='main'><section><h1>entities — Definitions of named references</h1>"
            f"<p>{LOREM}</p><dl><dt>entities.html5</dt><dd><p>A dictionary that maps named "
            "character references <a class='footnote-reference brackets' href='#id2' "
            "id='id1' role='doc-noteref'><span class='fn-bracket'>[</span>1<span "
            f"class='fn-bracket'>]</span></a> to their characters.</p></dd></dl><p>{LOREM}"
            "</p><p class='rubric'>Footnotes</p><aside class='footnote-list brackets'>"
            "<aside class='footnote brackets' id='id2' role='note'><span class='label'>"
            "<span class='fn-bracket'>[</span><a role='doc-backlink' href='#id1'>1</a>"
            f"<span class='fn-bracket'>]</span></span><p>{note}</p></aside></aside>"
            "</section></div></div></body></html>")


def test_a_footnote_citing_an_address_is_kept() -> None:
    # Python's html.entities page: its one footnote, "See https://html.spec.whatwg.org/...",
    # went as a block of links (90 % of the page kept): its mark's "[" leads it, outside
    # the mark's link, and its words are the address it prints
    e = extract(docutils_page(f"See <a class='reference external' href='{SPEC}'>{SPEC}</a>"),
                URL)
    assert_kept(e.text, "A dictionary that maps named character references",
                f"See {SPEC}")


def test_a_footnote_whose_marks_brackets_are_outside_its_link_is_kept() -> None:
    # Python's __future__ page: its footnote of prose and links to proposals went (90 %)
    note = ("The feature was scheduled to become mandatory in version 3.10, but the council "
            "twice decided to delay the change (<a href='https://mail.example.org/a1'>"
            "announcement for 3.10</a>; <a href='https://mail.example.org/a2'>announcement "
            "for 3.11</a>). See also <a href='https://peps.example.org/563'>PEP 563</a> and "
            "<a href='https://peps.example.org/649'>PEP 649</a>.")
    e = extract(docutils_page(note), URL)
    assert_kept(e.text, "twice decided to delay the change", "See also PEP 563 and PEP 649")


def test_a_docbook_footnote_printing_an_address_is_kept() -> None:
    # DocBook XSL writes a footnote's mark as <sup>[<a>1</a>] </sup>, the brackets outside
    # the link, and may set a link's address in a footnote of its own ("[1] https://...",
    # ``ulink.footnotes``). Kept before ``_led_by_mark`` too (the address rules keep it):
    # this pins the shape, read by both
    site = "https://www.example.org/download/releases/"
    cite = ("<p>Releases are published on the project's site<sup>[<a name='id1' "
            f"href='#ftn.id1'>1</a>]</sup>, with their checksums. {LOREM}</p>")
    notes = ("<div class='footnotes'><br><hr><div id='ftn.id1' class='footnote'><p><sup>"
             f"[<a href='#id1' class='para'>1</a>] </sup><a href='{site}'>{site}</a></p>"
             "</div></div>")
    html = ("<html><head><title>4.1. Releases</title></head><body>"
            f"{navheader('4.1. Releases')}<div class='section'><div class='titlepage'><h2 "
            f"class='title'>4.1. Releases</h2></div>{cite}<p>{LOREM}</p>{notes}</div>"
            f"{NAVFOOTER}</body></html>")
    e = extract(html, URL)
    assert_kept(e.text, "published on the project's site", site)


def share_bar(label: str = "") -> str:
    """A story's share bar, led by its comment count, a link into the page."""
    return (f"<div class='meta'>{label}<a href='#comments'>12</a> <a href="
            "'https://social.example.com/share?u=budget'>Share on Social</a> <a href="
            "'https://chat.example.com/send?u=budget'>Send in a chat</a> <a href="
            "'mailto:?subject=Budget'>Email this story</a></div>")


def story_with(after: str) -> str:
    return ("<html><head><title>Budget vote</title></head><body><div class='page'>"
            f"<article><h1>Budget vote</h1>{STORY}{after}</article></div></body></html>")


def test_a_share_bar_led_by_a_count_into_the_page_still_goes() -> None:
    # hostile: the comment count is a link into the page shaped like a note's mark, and
    # the links after it are what the bar says, not a note's words (fails with
    # ``_signals._shows_address`` always true: every link's text read as its own words)
    e = extract(story_with(share_bar()), URL)
    assert_kept(e.text, "Paragraph 5 of the story")
    assert "email this story" not in words(e.text)


def test_a_labelled_share_bar_led_by_a_count_still_goes() -> None:
    # hostile: the same bar under a label ("Join the discussion"): words before the mark,
    # so it is no note (fails with ``_kept._led_by_mark`` always true)
    e = extract(story_with(share_bar("<span class='label'>Join the discussion</span> ")),
                URL)
    assert_kept(e.text, "Paragraph 5 of the story")
    assert "join the discussion" not in words(e.text)
