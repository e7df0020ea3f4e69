"""Every page whole (issue 26): lines of a reference entry that went. A run of names in a
sentence (a DocBook ``simplelist`` set inline) and an entry's name line marked "(obsolete)";
the hostile shapes beside them: a share bar's links in a paragraph, a story's standfirst."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_docbook import SYNOPSIS, entry
from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept, words

ELEMENTS = ("classname", "constant", "envar", "errorcode", "option", "replaceable")


def test_a_run_of_names_in_a_sentence_is_kept() -> None:
    # "affects the following elements: classname, constant, ...": the inline list of the
    # element names (each a link to its reference, set as code) went as a block of links
    names = ", ".join(f"<a href='https://ref.example.org/{n}.html'><code>{n}</code></a>"
                      for n in ELEMENTS)
    body = (f"{SYNOPSIS}<div class='sect'><h2>Description</h2><p>{LOREM}</p>"
            "<p>If zero (the default), hyphenation is suppressed for computer inlines. This "
            f"parameter affects the following elements: <span class='sl'>{names}</span></p>"
            f"<p>{LOREM}</p></div>")
    e = extract(entry("man.hyphenate", "Hyphenate computer inlines?", body), URL)
    assert_kept(e.text, "the following elements: " + " ".join(ELEMENTS))


def test_a_share_bar_in_a_paragraph_still_goes() -> None:
    # hostile: a paragraph's share links in a span are words, no names
    share = ", ".join(f"<a href='https://{n.lower()}.example.com/share'>{n}</a>"
                      for n in ("Facebook", "Twitter", "Reddit", "Email"))
    html = ("<html><head><title>Budget vote</title></head><body><div class='page'>"
            f"<h1>Budget vote</h1>{STORY}<p>{LOREM}</p>"
            "<p>If you liked this story, share it with your friends: "
            f"<span class='s'>{share}</span></p>"
            "</div></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, LOREM)
    assert "facebook" not in words(e.text)


def test_an_obsolete_entrys_name_line_is_kept() -> None:
    # "dbfo_start — (obsolete) Sets the starting number": the word in parentheses after the
    # dash hid the purpose, and the line went as the headline's standfirst
    body = f"{SYNOPSIS}<div class='sect'><h2>Description</h2><p>{LOREM}</p></div>"
    e = extract(entry("dbfo_start", "(obsolete) Sets the starting number on a list", body),
                URL)
    assert_kept(e.text, "dbfo_start (obsolete) Sets the starting number on a list")
