"""Every page whole (issue 26), brief 133: a block start tag closes the open paragraph, as a
browser's parser closes it, whatever inline elements are open in it (``_pclose``).

A hand-written how-to opens each section with an anchor it never closes (``<p><a
name="Vars"><b>Variables</b><br>...``). libxml2 nests every following paragraph inside that
anchor, and every later section inside the one before: a staircase, where the content's
search kept the step its best paragraph is on and lost the sections above (ProFTPD's
how-tos, 63-78 % kept). After parsing, the blocks are moved out to follow the paragraph,
as a browser reads them.

Loosening: ``_pclose.CLOSE_OPEN_PARAGRAPHS = False`` fails
``test_sections_opened_by_unclosed_anchors_are_kept_whole``,
``test_the_blocks_follow_the_paragraph_in_document_order`` and
``test_blocks_at_two_depths_of_open_inline_elements_keep_their_order``. The hostiles: a
card whose link holds its heading and paragraph (valid HTML, nested in a browser too)
stays nested: it fails when the rule takes any block for the paragraph (``OPEN_IN`` with
``div``: the monkeypatch in ``test_a_link_card_outside_a_paragraph_stays_nested``); a
button's block inside a paragraph stays in the button: it fails when a scope boundary is
taken for an inline element (``INLINE`` with ``button``); a table in a paragraph stays
there: it fails when ``table`` is counted among ``CLOSES_P``. (With the switch off, the
hostiles' own loosened checks fail too: nothing is moved.)
"""

from __future__ import annotations

import pytest
from lxml import etree

from trawl.extract import _pclose as pclose
from trawl.extract import extract, parse_html

from .test_extract_whole import assert_kept

URL = "https://ftp.example.org/docs/howto/Tricks.html"

SECTIONS = [
    ("Vars", "Configuration File Variables",
     "One useful piece of configuration knowledge is the little known user variable, "
     "which is replaced, while a session is handled, by the name of the user who logged "
     "in, so that one line can serve every account on the server."),
    ("Hash", "Simple Per-User Directory Hashing",
     "Large sites with thousands of accounts often spread their home directories over a "
     "tree of folders named after the first letters of each name, which keeps every "
     "folder small enough for ordinary listing commands to finish quickly."),
    ("Cond", "Conditional Configuration Files",
     "Another common wish is to make large parts of the configuration conditional, so "
     "that some directives apply only when a module is loaded, or only for some users, "
     "groups or classes of clients, without keeping several copies of the file."),
    ("Env", "Environment Variables",
     "The configuration file may also read the process environment, which lets a "
     "start-up script choose the listening address, the log folder or the server's name "
     "without any edit to the file itself, however many machines share it."),
    ("Many", "Many Daemons on One Host",
     "Running several daemons on the same host is possible when each has its own "
     "configuration file, its own scoreboard file, its own process identifier file and "
     "its own port, and the start-up scripts name each file explicitly."),
]


def howto() -> str:
    """A hand-written how-to: its title between rules, an introduction, then each section
    a paragraph opening with an anchor never closed, its bold title, prose, a listing, a
    short list; the copyright under the last rule."""
    parts = ["<!DOCTYPE html><html><head><title>Configuration Tricks</title></head>"
             "<body bgcolor=white><hr><center><h2><b>Configuration Tricks</b></h2></center>"
             "<hr><p>Proficient users and site administrators who need fancy setups make "
             "use of a handful of useful tricks when configuring their server."]
    for i, (anchor, title, prose) in enumerate(SECTIONS):
        parts.append(f"<p><a name=\"{anchor}\"><b>{title}</b><br>{prose}"
                     f"<p>For example, section {i} uses it like so:"
                     f"<pre>\n  DefaultRoot /home/%u/part{i}\n</pre>"
                     f"<p>It can appear in these directives of part {i}:"
                     "<ul><li><code>DefaultChdir</code><li><code>DefaultRoot</code></ul>")
    parts.append("<p><hr><font size=2><b><i>&copy; Copyright 2017 The Project<br>"
                 "All Rights Reserved<br></i></b></font><hr></body></html>")
    return "".join(parts)


def test_sections_opened_by_unclosed_anchors_are_kept_whole() -> None:
    text = extract(howto(), URL).text
    assert_kept(text, "Proficient users and site administrators",
                *(prose for _, _, prose in SECTIONS),
                *(f"It can appear in these directives of part {i}" for i in range(5)))


def test_the_blocks_follow_the_paragraph_in_document_order() -> None:
    # the anchor stays where it was (its name is the section's target), the text before
    # the block in it too; the block and what follows it come after the paragraph, in order
    root = parse_html("<html><body><p>Intro <a name='x'><b>Title</b><br>Lead"
                      "<p>Second<pre>listing</pre>after</a> end</p>tail<p>next</p>"
                      "</body></html>")
    body = root.find("body")
    assert body is not None
    assert [c.tag for c in body] == ["p", "p", "pre", "p"]
    first = body[0]
    assert first.find("a") is not None and first.find("a").get("name") == "x"
    assert "".join(first.itertext()) == "Intro TitleLead"
    assert "".join(body.itertext()) == "Intro TitleLeadSecondlistingafter endtailnext"


def test_blocks_at_two_depths_of_open_inline_elements_keep_their_order() -> None:
    # a block in a bold run inside the open anchor, and one after the bold run in the
    # anchor: both out of the paragraph, the text between them where it was
    root = parse_html("<html><body><p>x<a name='n'>y<b>z<div>D0</div>w</b>v<div>D1</div>u"
                      "</a>t</p><p>end</p></body></html>")
    body = root.find("body")
    assert body is not None
    assert [c.tag for c in body] == ["p", "div", "div", "p"]
    assert "".join(body.itertext()) == "xyzD0wvD1utend"


def test_a_link_card_outside_a_paragraph_stays_nested(monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    # valid HTML: a link holding a heading and a paragraph, outside any paragraph; a
    # browser keeps them in the link (the card is one link). Loosened to any element for
    # the paragraph (``OPEN_IN`` with ``div``), the card is taken apart
    html = ("<html><body><div class='cards'><a href='/a'><h3>Alpha</h3><p>First card."
            "</p></a><a href='/b'><h3>Beta</h3><p>Second card.</p></a></div></body></html>")
    before = etree.tostring(parse_html(html))
    assert b"<a href=\"/a\"><h3>Alpha</h3><p>First card.</p></a>" in before

    monkeypatch.setattr(pclose, "OPEN_IN", pclose.OPEN_IN | {"div"})
    assert b"<a href=\"/a\"><h3>Alpha</h3><p>First card.</p></a>" \
        not in etree.tostring(parse_html(html))


def test_a_buttons_block_in_a_paragraph_stays_in_the_button(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a button is a scope boundary: a browser keeps the block inside it, and the
    # paragraph around it open. Loosened (``button`` counted inline), it is moved out
    html = ("<html><body><p>Press <button><div>OK</div></button> to go on.</p>"
            "</body></html>")
    kept = b"<p>Press <button><div>OK</div></button> to go on.</p>"
    assert kept in etree.tostring(parse_html(html))
    monkeypatch.setattr(pclose, "INLINE", pclose.INLINE | {"button"})
    assert kept not in etree.tostring(parse_html(html))


def test_a_table_in_a_paragraph_stays_there() -> None:
    # a quirks-mode page's parser keeps a table in the paragraph: no start tag of the
    # rule's, and the paragraph's inline span round it is left as it is
    html = "<html><body><p><span>Sizes: <table><tr><td>1</td></tr></table></span></p></body></html>"
    body = parse_html(html).find("body")
    assert body is not None and [c.tag for c in body] == ["p"]


def test_without_the_rule_the_staircase_loses_the_first_sections(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the loosening itself: the first section's prose is lost without the rule
    monkeypatch.setattr(pclose, "CLOSE_OPEN_PARAGRAPHS", False)
    text = extract(howto(), URL).text
    with pytest.raises(AssertionError):
        assert_kept(text, "Proficient users and site administrators",
                    *(prose for _, _, prose in SECTIONS))
