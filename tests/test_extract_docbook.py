"""Every page whole (issue 26, part 4): the shapes of DocBook XSL output (a manual's reference
entries, function tables, tables of contents). One page shape per failure seen, in neutral
class names; and the hostile shape beside each: what the rule must not keep on an article."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept, words


def navheader(title: str) -> str:
    """A generated manual's navigation bar: the entry's name, Prev / the part / Next."""
    return (f"<div class='nh'><table width='100%'><tr><th colspan='3'>{title}</th></tr>"
            "<tr><td><a href='prev.html'>Prev</a></td><th>Part 1. Reference</th>"
            "<td><a href='next.html'>Next</a></td></tr></table><hr></div>")


def entry(name: str, purpose: str, body: str) -> str:
    """A manual's reference entry: a name block (the name, then "name - what it does"), its
    sections, each under a heading of one rank, and the manual's navigation around it."""
    return (f"<html><head><title>{name}</title></head><body>{navheader(name)}"
            f"<div class='ref'><div class='namediv'><h2>{name}</h2>"
            f"<p>{name} \u2014 {purpose}</p></div>{body}</div>"
            "<div class='nf'><hr><table><tr><td><a href='prev.html'>Prev</a></td>"
            "<td><a href='index.html'>Home</a></td></tr></table></div></body></html>")


def test_an_entrys_name_line_is_content() -> None:
    # the entry's "name - purpose" line sits in the block of its name, which went as the
    # page's header (a headline with its standfirst and byline): the page said what the
    # entry is, and lost it
    body = ("<div class='sect'><h2>Synopsis</h2><pre>&lt;xsl:param name=\"line.every\"&gt;5"
            "&lt;/xsl:param&gt;</pre></div>"
            f"<div class='sect'><h2>Description</h2><p>{LOREM}</p></div>")
    e = extract(entry("line.every", "Indicate which lines should be numbered", body), URL)
    assert e.headline == "line.every"
    assert_kept(e.text, "line.every \u2014 Indicate which lines should be numbered", LOREM)


def test_a_storys_standfirst_still_goes_with_its_headline() -> None:
    # hostile: a story's header block (headline, standfirst, byline) stays the header, as
    # the article benchmark's pages want; a standfirst that starts with the headline's
    # words but is no "name - purpose" line goes with it
    html = ("<html><head><title>Moon landers face delays</title></head><body><article>"
            "<div class='head'><h1>Moon landers face delays</h1>"
            "<p>Moon landers face delays, officials say, as budgets tighten.</p>"
            "<p>By Jane Doe</p></div>"
            f"{STORY}</article></body></html>")
    e = extract(html, URL)
    assert e.headline == "Moon landers face delays"
    assert "officials say" not in e.text and "jane doe" not in words(e.text)
    assert_kept(e.text, STORY.replace("<p>", " ").replace("</p>", " "))
