"""Every page whole (issue 26): a span of one link set inside a sentence is the sentence's
phrase (``_phrases._phrase_in_prose``): a quoted title a sentence cites ("... in the section
entitled “<a>GNU Free Documentation License</a>”."), a cross-reference ("see the section
“<a>Search Patterns</a>”"). Prune read such a span as a block of links and cut it out of
the sentence, leaving "see the section in the reference manual". A run of share links after
a sentence's words still goes (tests/test_extract_entry_lines.py's
``test_a_share_bar_in_a_paragraph_still_goes`` fails with the one-link clause removed)."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import LOREM, URL, assert_kept


def quoted(title: str, href: str) -> str:
    """DocBook XSL's quoted link: a quote's span in a quote's span around the link."""
    return (f"<span class='quote'>“<span class='quote'><a class='ulink' href='{href}'>"
            f"{title}</a></span>”</span>")


def page(body: str) -> str:
    return ("<html><head><title>Traffic Accounting</title></head><body><div class='article'>"
            f"<h1>Traffic Accounting</h1>{body}</div></body></html>")


def test_a_quoted_title_a_sentence_cites_is_kept() -> None:
    # Shorewall's legal notice on every page, and aptitude's, mutt's cross-references:
    # the quoted link went, and the sentence read "... in the section entitled ."
    notice = ("<p>Permission is granted to copy, distribute and/or modify this document "
              "under the terms of the license. A copy of the license is included in the "
              f"section entitled {quoted('GNU Free Documentation License', 'copy.htm')}.</p>")
    xref = (f"<p>For the syntax, see the section {quoted('Search Patterns', 'ch02s04.html')}"
            " in the reference manual.</p>")
    e = extract(page(f"{notice}<p>{LOREM}</p>{xref}<p>{LOREM}</p>"), URL)
    assert_kept(e.text, "in the section entitled “GNU Free Documentation License”",
                "see the section “Search Patterns” in the reference manual")
