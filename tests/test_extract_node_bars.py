"""A chapter's page whose nodes each open with the generator's navigation bar before their
heading (issue 26, the Z shell's manual, texi2any in texi2html's look: every ``div.section``
opens with ``[ << ] [ < ] [ Up ] [ > ] [ >> ] [Top] [Contents] [Index] [ ? ]``, then its
``h2``) is read as its outline says: the bars are chrome by their labels (places in a
sequence of nodes: ``_navbar.navigation_bar``), dropped with the boilerplate, so each
section is headed and the chapter, not its biggest section's list, is the content, without
its bars. A manual page's SEE ALSO line (links and commas only, like a bar) is no such bar:
its labels are names, not places in a sequence (``_navbar._sequence_labels``)."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import URL

BAR = ("<table class='header'><tr>"
       + "".join(f"<td>[<a href='{href}' title='{title}'> {label} </a>]</td>"
                 for href, title, label in (
                     ("#ch", "Beginning of this chapter", "&lt;&lt;"),
                     ("#prev", "Previous section in reading order", "&lt;"),
                     ("#ch", "Up section", "Up"), ("#next", "Next section", "&gt;"),
                     ("next.html", "Next chapter", "&gt;&gt;")))
       + "<td> &nbsp; </td><td>[<a href='index.html'>Top</a>]</td>"
       "<td>[<a href='toc.html'>Contents</a>]</td><td>[<a href='ix.html'>Index</a>]</td>"
       "<td>[<a href='about.html'> ? </a>]</td></tr></table>")
PROSE = ("<p>The shell's programmable completion can be changed in two ways; here the "
         "low-level features of the function-based mechanism are described, and a "
         "complete set of functions built on them is described in the next chapter.</p>")


def entries(name: str, n: int) -> str:
    return "<dl>" + "".join(
        f"<dt><tt>{name}{i}</tt></dt><dd><p>This parameter holds the number of the "
        f"{name} word number {i}, and assigning to it changes which word the "
        "completion code works on, within the limits of the words on the line.</p></dd>"
        for i in range(n)) + "</dl>"


def chapter(bar: str) -> str:
    sections = "".join(
        f"<div class='section' id='s{i}'>{bar}<span id='s{i}-1'></span>"
        f"<h2 class='section'>19.{i} {title}</h2>{body}<hr></div>"
        for i, (title, body) in enumerate((
            ("Description", PROSE + PROSE.replace("shell's", "editor's")),
            ("Special Parameters", "<p>Inside completion widgets these are special:</p>"
             + entries("alpha", 40)),
            ("Condition Codes", "<p>The following condition codes apply:</p>"
             + entries("gamma", 3)),
            ("Example", "<p>The first step is to define the widget, then to bind it "
             "to a key with the bindkey builtin command, after which it runs.</p>")), 1))
    return ("<html><head><title>Completion Widgets</title></head><body>"
            f"<div class='chapter' id='ch'>{bar}<span id='ch-1'></span>"
            "<h1 class='chapter'>19 Completion Widgets</h1><hr>" + sections + "</div>"
            f"<hr>{bar}<p>This document was generated on <em>February 5, 2023</em> using "
            "<a href='https://www.gnu.org/software/texinfo/'>texi2any</a>.</p></body></html>")


def test_a_chapters_sections_under_their_navigation_bars_are_the_content() -> None:
    e = extract(chapter(BAR), URL)
    assert "alpha11" in e.text  # (the biggest section's list)
    assert "low-level features" in e.text and "editor's programmable" in e.text
    assert "gamma2" in e.text and "bind it to a key" in e.text
    assert "Condition Codes" in e.text
    assert "[Contents]" not in e.text and "[ Up ]" not in e.text  # (the bars: chrome)


def test_a_see_also_line_of_links_is_no_navigation_bar() -> None:
    see_also = ("<div class='section' id='s9'><h2 class='section'>19.9 See Also</h2>"
                "<p><a href='zshcompsys.html'>zshcompsys(1)</a>, "
                "<a href='zshmodules.html'>zshmodules(1)</a></p></div>")
    e = extract(chapter(BAR).replace("<hr></div></div>", "<hr></div>" + see_also + "</div>"),
                URL)
    assert "alpha39" in e.text
    assert "zshcompsys(1)" in e.text and "zshmodules(1)" in e.text


def test_a_sections_id_is_its_headings_slug_read_through_its_bar() -> None:
    # the section's id ("Zle-Widgets") is the slug of its heading ("18.4 Zle Widgets"), no
    # widget of the page, though the bar over the heading comes first
    e = extract(chapter(BAR).replace("id='s3'", "id='Zle-Widgets'").replace(
        "19.3 Condition Codes", "19.3 Zle Widgets"), URL)
    assert "alpha39" in e.text and "gamma2" in e.text
