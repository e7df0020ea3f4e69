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


# A chapter's intro, then a definition list of the kinds it names, then its sections (SCons'
# user guide, DocBook XSL: "The arguments ... are broken down into three types:", a
# ``div.variablelist`` of three, then "10.1. Command-Line Options"). The chapter is barely
# more than its sections, so the content is gathered sibling by sibling; the list, too short
# to score, went, and with it three paragraphs of the chapter. (DocBook XSL heads a chapter
# and its first sections alike, ``h2`` each in a title block; the chapter's footnotes, after
# its section, are why the chapter is no section's text alone.)
def title(tag: str, text: str) -> str:
    return f"<div class='titlepage'><div><div><{tag} class='title'>{text}</{tag}></div></div></div>"


def chapter(middle: str) -> str:
    text = ("<p>Every one of these options can be given on the command line or in an "
            "environment variable that the tool reads when it starts, before it reads any of "
            "the build files, and the last one given wins.</p><pre>% tool -Q\n"
            "% export TOOLFLAGS=-Q</pre>") * 3
    noted = ("<p>Options are read from the command line first.<sup>[<a href='#ftn.1' "
             "name='1'>1</a>]</sup></p>")
    section = ("<div class='section'>" + title("h2", "10.1. Command-Line Options") +
               "<p>The tool has many command-line options that control its behaviour.</p>"
               + "".join("<div class='section'>" + title("h3", f"10.1.{i}. Group {i}")
                         + (noted if i == 1 else "") + text + "</div>" for i in range(1, 5))
               + "</div>")
    return (f"<html><head><title>Chapter 10</title></head><body>{NAV}<div class='chapter'>"
            + title("h2", "Chapter 10. Controlling a Build From the Command Line") +
            "<p>The tool provides a number of ways for you to control the build. The "
            "arguments that can be given on the command line are of three types:</p>"
            f"{middle}{section}<div class='footnotes'><hr><div class='footnote'><p><sup>"
            "[<a href='#1' name='ftn.1'>1</a>]</sup> Then from the environment.</p></div>"
            "</div></div></body></html>")


KINDS = ("<div class='variablelist'><dl>" + "".join(
    f"<dt><span class='term'>{kind}</span></dt><dd><p>{text} See <a href='ch10s0{i}.html'>Section "
    f"10.{i}, “{kind}”</a>, below.</p></dd>" for i, (kind, text) in enumerate((
        ("Options", "Command-line options always begin with one or two hyphens; the tool "
         "provides ways to read and set their values from within the build files."),
        ("Variables", "Any argument containing an equal sign is a variable setting, and "
         "the tool gives direct access to all of them with automatic validation."),
        ("Targets", "Any argument that is neither an option nor a variable setting is a "
         "target that the user asked the tool to build.")), 1)) + "</dl></div>")


def test_a_definition_list_of_sentences_between_sections_is_kept() -> None:
    e = extract(chapter(KINDS), URL)
    assert {"hyphens", "validation", "neither"} <= words(e.text)
    assert "Options" in e.text and "Targets" in e.text
    assert "environment variable" in e.text


def test_a_definition_list_of_linked_teasers_between_sections_still_goes() -> None:
    # (as long as the list of kinds: other stories, a headline linked, a line under it)
    teasers = ("<div><dl>" + "".join(
        f"<dt><a href='/story{i}'>{title}</a></dt><dd>{line}.</dd>" for i, (title, line) in
        enumerate((("Ten tips for faster builds", "Our engineers share what they learned "
                    "from a year of builds on the largest projects we know of"),
                   ("The new release is out", "Everything you need to know about the "
                    "release, what changed in it and what you should do before upgrading"),
                   ("Meet the team", "The people behind the tool talk about their work, "
                    "their favourite options and what comes next for all of us")))) +
        "</dl></div>")
    e = extract(chapter(teasers), URL)
    assert "environment variable" in e.text
    assert not {"tips", "engineers", "team"} & words(e.text)


def test_a_list_of_sentences_is_read_without_a_fault() -> None:
    # the rule read each item with HtmlElement.text_content(), which the parser's plain
    # etree elements lack: every page it reached raised, and was stored whole (as
    # --content full), the shape test above passing by the fallback
    e = extract(page("<h2>Download The Code</h2><ul><li><p>Get a copy of the prebuilt "
                     "binaries for your machine. Visit the <a href='d.html'>download</a> "
                     "page for more information.</p></li></ul>"), URL)
    assert "extraction_fault" not in e.metadata
    assert {"prebuilt", "binaries"} <= words(e.text)
