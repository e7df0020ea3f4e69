"""Every page whole (issue 26): a list whose every item is a sentence, set between the
content's own blocks in a flat page, is steps of the text, however short
(``_select._prose_list``, SQLite's quickstart: "Download The Code" and its one step went).
A list of links between the same blocks (other stories, a share bar) still goes."""

from __future__ import annotations

import re

from trawl.extract import extract

from .test_extract_whole import URL


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text))

NAV = ("<div><table><tr><td><a href='/'>Home</a></td></tr></table><div>" + " ".join(
    f"<a href='/p{i}.html'>Page {i}</a>" for i in range(24)) + "</div></div>")
LONG = "<h2>Write Programs</h2><ul><li>" + ("<p>Below is a simple program that demonstrates how "
        "to use the interface to the library. The program executes the statements given as "
        "the second argument on the database named by the first argument, and the calls to "
        "watch for are the one that opens the database, the one that runs the statements, "
        "and the one that closes the connection at the end of the script.</p>"
        "<pre>open db\nrun db statements\nclose db</pre>") * 3 + "</li></ul>" + (
        "<p>See also the introduction to the interface for an overview and roadmap to the "
        "dozens of routines in the library, with examples of each kind of call.</p>")


def page(middle: str) -> str:
    return (f"<html><head><title>Quick Start</title></head><body>{NAV}<h1>Quick Start</h1>"
            "<p>Here is what you do to start experimenting with the library without having "
            "to do a lot of tedious reading and configuration first:</p>"
            f"{middle}{LONG}</body></html>")


def test_a_short_list_of_sentences_between_sections_is_kept() -> None:
    e = extract(page("<h2>Download The Code</h2><ul><li><p>Get a copy of the prebuilt "
                     "binaries for your machine, or get a copy of the sources and compile "
                     "them yourself. Visit the <a href='d.html'>download</a> page for more "
                     "information.</p></li></ul>"), URL)
    assert {"prebuilt", "binaries", "yourself"} <= words(e.text)
    assert "Write Programs" in e.text


def test_a_list_of_links_between_sections_still_goes() -> None:
    e = extract(page("<ul><li><a href='/a'>Ten tips for faster queries</a></li>"
                     "<li><a href='/b'>Our new release is out</a></li>"
                     "<li><a href='/c'>Meet the team</a></li></ul>"), URL)
    assert "dozens of routines" in e.text
    assert not {"tips", "release", "team"} & words(e.text)


def test_a_list_of_sentences_is_read_without_a_fault() -> None:
    # the rule read each item with HtmlElement.text_content(), which the parser's plain
    # etree elements lack: every page it reached raised, and was stored whole (as
    # --content full), the shape test above passing by the fallback
    e = extract(page("<h2>Download The Code</h2><ul><li><p>Get a copy of the prebuilt "
                     "binaries for your machine. Visit the <a href='d.html'>download</a> "
                     "page for more information.</p></li></ul>"), URL)
    assert "extraction_fault" not in e.metadata
    assert {"prebuilt", "binaries"} <= words(e.text)
