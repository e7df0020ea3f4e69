"""Every page whole (issue 26, part 5): shapes of DocBook XSL manuals beyond part 4's
(aptitude's user manual, Berkeley DB's documentation: bench/completeness.py's ``aptitude``
and ``berkeleydb`` sets). One page shape per failure seen, and the hostile shape beside each:
what the rule must not keep on an article."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_docbook import navheader
from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept, words


def functions_page(wrapper: str) -> str:
    """A chapter of an API reference: its title and introduction, then its functions'
    table (a linked name and what it does a row) in a wrapper of class ``wrapper``."""
    rows = "".join(f"<tr><td><a href='lock{i}.html'>ENV-&gt;mutex_op{i}()</a></td>"
                   f"<td>Operate on mutex number {i}</td></tr>" for i in range(8))
    return ("<html><head><title>Mutex Methods</title></head><body>"
            f"{navheader('Mutex Methods')}<div class='chapter'><h2>Chapter 9. Mutex Methods</h2>"
            f"<p>This chapter describes the methods that manage mutexes. {LOREM}</p>"
            f"<div class='sect1'><h2>Mutex Methods</h2><div class='{wrapper}'><table>"
            f"<thead><tr><th>Mutexes and Related Methods</th><th>Description</th></tr></thead>"
            f"<tbody>{rows}</tbody></table></div></div></div></body></html>")


def test_a_function_table_is_content_whatever_its_wrappers_class() -> None:
    # Berkeley DB's API chapters wrap their function tables in a div of class "navtable":
    # "nav" weighs against a block, and the table went as a block of links (46 % kept)
    e = extract(functions_page("navtable"), URL)
    assert_kept(e.text, "Mutexes and Related Methods", LOREM,
                *[f"ENV->mutex_op{i}() Operate on mutex number {i}" for i in range(8)])


def test_a_navigation_table_of_links_still_goes() -> None:
    # hostile: beside a story, a block of class "nav" holding a table of links to other
    # pages (a word or a title a cell, nothing said of them): navigation, pruned as before
    cells = "".join(f"<tr><td><a href='/s{i}.html'>Section {i}</a></td>"
                    f"<td><a href='/t{i}.html'>Topic {i}</a></td></tr>" for i in range(8))
    html = ("<html><head><title>Budget vote</title></head><body><article>"
            f"<h1>Budget vote</h1>{STORY}<div class='subnav'><table>{cells}</table></div>"
            "</article></body></html>")
    e = extract(html, URL)
    assert_kept(e.text, STORY.replace("<p>", " ").replace("</p>", " "))
    assert "topic 3" not in words(e.text)
