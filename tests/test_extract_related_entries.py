"""A server manual's "Related Modules | Related Directives" table under a section's heading
(issue 26, the Apache HTTP Server's manual: ``table.related``, its every link a directive's
or a module's name in code) is the section's text: it says which entries of the reference
the section is about (``_boxes._related_entries``). A box of related stories under an
article's subheading, its links titles or tags in words, still goes as boilerplate."""

from __future__ import annotations

import re

from trawl.extract import extract

from .test_extract_whole import URL


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text))


PROSE = ("<p>The directives in this section control the server's behaviour for every "
         "request it answers, whichever virtual host the request is for, and they are read "
         "once when the server starts, from the main configuration file and the files it "
         "includes, in the order they appear.</p>")


def manual(related: str) -> str:
    return ("<html><head><title>Server-Wide Configuration</title></head><body>"
            "<div id='page-header'><p class='menu'><a href='/mod/'>Modules</a> | "
            "<a href='/glossary.html'>Glossary</a></p></div>"
            "<div id='page-content'><h1>Server-Wide Configuration</h1>" + PROSE +
            "<div class='section'><h2 id='identification'>Server Identification</h2>"
            + related + PROSE + PROSE + "</div>"
            "<div class='section'><h2 id='locations'>File Locations</h2>" + PROSE + PROSE +
            "</div></div><div id='footer'><p>Copyright 2026 The Foundation.</p></div>"
            "</body></html>")


def names(*names: str) -> str:
    return "".join(f"<li><code class='directive'><a href='/mod/core.html#{n.lower()}'>{n}"
                   "</a></code></li>" for n in names)


def test_a_table_of_related_directives_under_a_heading_is_kept() -> None:
    e = extract(manual("<table class='related'><tr><th>Related Modules</th>"
                       "<th>Related Directives</th></tr><tr><td></td><td><ul>"
                       + names("ServerName", "ServerAdmin", "ServerSignature",
                               "UseCanonicalName") + "</ul></td></tr></table>"), URL)
    assert {"ServerName", "ServerAdmin", "ServerSignature", "UseCanonicalName"} <= \
        words(e.text)
    assert "Related Directives" in e.text


def test_names_held_in_code_inside_their_links_are_kept_too() -> None:
    e = extract(manual("<div class='related'><ul>" + "".join(
        f"<li><a href='/ref/{n}.html'><code>{n}</code></a></li>"
        for n in ("pg_stat_activity", "pg_locks")) + "</ul></div>"), URL)
    assert {"pg_stat_activity", "pg_locks"} <= words(e.text)


def story(related: str) -> str:
    """A story in the page's main landmark, whose lists of links prune keeps (the page's
    own): the box's class alone makes it boilerplate."""
    para = ("<p>The council voted on Tuesday to extend the opening hours of the city's "
            "libraries, after a year in which visits rose by a third and the reading rooms "
            "were full on most evenings, the library's director said in a statement.</p>")
    return ("<html><head><title>Libraries open later</title></head><body>"
            "<main><article><h1>Libraries open later</h1>" + para * 3 +
            "<h2>The vote</h2>" + related + para * 3 + "</article></main></body></html>")


def test_related_stories_under_a_subheading_still_go() -> None:
    e = extract(story("<ul class='related'><li><a href='/a'>Budget</a></li>"
                      "<li><a href='/b'>Elections</a></li><li><a href='/c'>Schools</a></li>"
                      "</ul>"), URL)
    assert "reading rooms" in e.text
    assert not {"Budget", "Elections", "Schools"} & words(e.text)


def test_related_titles_in_a_table_under_a_subheading_still_go() -> None:
    e = extract(story("<table class='related'><tr><th>Related</th></tr><tr><td><ul>"
                      "<li><a href='/a'>Council cuts the parks budget</a></li>"
                      "<li><a href='/b'>Who stands in the May elections</a></li>"
                      "</ul></td></tr></table>"), URL)
    assert "reading rooms" in e.text
    assert not {"parks", "stands"} & words(e.text)


def test_related_names_at_the_foot_of_a_text_still_go() -> None:
    # a recirculation strip after the text's last paragraph, under no heading of a section
    para = ("<p>The function returns the number of rows the last statement changed, or "
            "minus one when the statement was no insert, update or delete, and it is safe "
            "to call from any thread that holds the connection's lock.</p>")
    e = extract("<html><head><title>changes()</title></head><body><main><article>"
                "<h1>changes()</h1>" + para * 4 + "<ul class='related'>" + "".join(
                    f"<li><a href='/fn/{n}.html'><code>{n}</code></a></li>"
                    for n in ("total_changes", "last_insert_rowid", "busy_timeout"))
                + "</ul></article></main></body></html>", URL)
    assert "connection's lock" in e.text
    assert not {"total_changes", "last_insert_rowid", "busy_timeout"} & words(e.text)
