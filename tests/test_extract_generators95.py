"""Every page whole (issue 26, brief 95): shapes of generators first measured in brief 95
(YARD, mandoc, Tcl's HTML reference, Pandoc). One page shape per failure seen, and the
hostile shape beside each: the chrome of a similar shape the rule must still drop."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept, page, words

STORY_TEXT = ("Paragraph 0 of the story, with a clause", "Paragraph 5 of the story, with a clause")
METHODS = ("parse", "tokenize", "register", "validate")


def yard_entry(name: str) -> str:
    """A method's entry as YARD writes it: its signature heading, its description, then its
    doc comment's block tags in a ``div.tags`` (labels over lists)."""
    return (f"<div class='method_details'><h3 class='signature' id='{name}-instance_method'>"
            f"#<strong>{name}</strong>(content, ptype = nil) &#8658; Object</h3>"
            f"<div class='docstring'><div class='discussion'><p>The {name} method reads the "
            f"content it is given. {LOREM}</p></div></div>"
            "<div class='tags'><p class='tag_title'>Parameters:</p><ul class='param'>"
            f"<li><span class='name'>content</span> <span class='type'>(<tt>String</tt>)"
            f"</span> &mdash; <div class='inline'><p>the text the {name} step reads from "
            "its source</p></div></li><li><span class='name'>ptype</span> <span "
            "class='type'>(<tt>Symbol</tt>)</span> &mdash; <div class='inline'><p>the kind "
            f"of parser {name} asks for</p></div></li></ul>"
            "<p class='tag_title'>Returns:</p><ul class='return'><li><span class='type'>"
            f"(<tt>Object</tt>)</span> &mdash; <div class='inline'><p>what {name} made of "
            "the content</p></div></li></ul>"
            "<p class='tag_title'>Since:</p><ul class='since'><li><div class='inline'>"
            "<p>0.9.4</p></div></li></ul>"
            "<p class='tag_title'>See Also:</p><ul class='see'><li><a href='Base.html' "
            "title='Base (class)'>Base</a></li></ul></div></div>")


def test_a_doc_comments_block_tags_are_the_entrys() -> None:
    # YARD's ``div.tags`` under each method: "tags" read as a post's tags, and every
    # entry's parameters, return value and "Since" went (84 pages under 80 %)
    body = "<h1>Class: SourceParser</h1>" + "".join(yard_entry(m) for m in METHODS)
    e = extract(page(body, "Class: SourceParser"), URL)
    assert_kept(e.text, *(f"the text the {m} step reads from its source" for m in METHODS),
                *(f"what {m} made of the content" for m in METHODS), "Parameters", "0.9.4")


def test_a_posts_tags_still_go() -> None:
    # hostile: a post's tags, unlinked, under their own label ("Tags:"), no block tag's
    tags = ("<div class='tags'><p class='tag_title'>Tags:</p><p>travel, rome, food, summer "
            "holidays, italy</p></div>")
    e = extract(f"<html><body><article><h1>My trip</h1>{STORY}{tags}</article></body></html>",
                URL)
    assert_kept(e.text, *STORY_TEXT)
    assert "summer holidays" not in words(e.text)


def test_a_see_also_box_of_posts_in_tags_still_goes() -> None:
    # hostile: a block of tags labelled "See also:" whose links are posts' titles, words
    box = ("<div class='tags'><p>See also:</p><ul>"
           "<li><a href='/2021/05/my-trip-to-rome'>My trip to Rome in the spring</a></li>"
           "<li><a href='/2021/06/the-best-pasta'>The best pasta I ever had</a></li>"
           "<li><a href='/2021/07/summer-in-naples'>A summer in Naples with friends</a></li>"
           "</ul></div>")
    e = extract(f"<html><body><article><h1>My trip</h1>{STORY}{box}</article></body></html>",
                URL)
    assert_kept(e.text, *STORY_TEXT)
    assert "best pasta" not in words(e.text)
