"""Every page whole (issue 26), brief 126: a directory page's sections of links are its
content, not its menus (``_directory.directory_sections``).

A project's front page says what the project is and where to get it, then sections that
are each a heading over a list of links ("Documentation", "More information"). Too short
and too linked to score, they were left out beside the prose sections the selection kept.
Guards: a "related links" block after an article (one block; blocks under chrome's
headings; an article of more prose sections than link sections), and a sidebar of the
site's sections beside the text (not of the shape of the text's sections).

Loosening (each run): ``_directory.DIRECTORY_SECTIONS = False`` fails
``test_a_project_page_keeps_its_sections_of_links`` and ``test_a_directory_of_links_with_a_
line_each``; ``DIRECTORY_MIN_SECTIONS = 1`` fails ``test_one_links_block_after_the_text_
stays_out``; ``_chrome_heading`` always false fails ``test_related_blocks_after_the_text_
stay_out``; ``DIRECTORY_MIN_SHARE = 0`` fails ``test_a_text_of_more_prose_sections_than_
lists_of_links``; ``_shape`` blind to the heading's rank fails ``test_boxes_under_another_
rank_of_heading_stay_out``. ``_shape`` blind to the class fails nothing: prune drops a list
of links in a block of a class none of the text's sections has (``test_a_sidebar_of_the_
sites_sections_stays_out`` is held by both).
"""

from __future__ import annotations

import pytest

from trawl.extract import _directory, extract

from .test_extract_whole import assert_kept, words

URL = "https://tool.example.net/index.html"

ABOUT = ("Tidewater is a small command-line tool that reads the tide tables of a harbour "
         "and prints, for any day, the hours of high and low water, the heights, and the "
         "hours of slack water between them, for sailors and for anglers alike.")
LICENCE = "Tidewater is free software, under the terms of the MIT licence."
GET = ("You can get the latest release from the download page, from a mirror, or from "
       "the package archive of your system; the source is kept in a public repository.")
CHECK = ("Releases are signed by the maintainers; check the signature of a tarball "
         "before you build it, and report any mismatch on the issue tracker at once.")

DOCS = ["Getting started in five minutes", "The user manual", "Questions people ask",
        "The developer guide", "The manual page"]
MORE = ["Where to ask for help", "Licence and authors", "What is new in this release",
        "Photographs of the harbours"]


def _links(names: list[str], prefix: str, line: bool = False) -> str:
    items = "".join(
        f"<li><p><a href='{prefix}/{i}.html'>{name}</a>"
        + (" - in English." if line else "")
        + "</p></li>" for i, name in enumerate(names))
    return f"<p></p><ul>{items}</ul>"


INSTALL = "Unpack the tarball, then run make and make install: it needs only a C compiler."
UPDATE = "The tables are updated every spring: fetch them with the update command."

FOOTER = ("<div class='sect'><hr><h2><a name='end'></a></h2><p><sub>Copyright 2024 the "
          "Tidewater authors</sub></p></div>")
"""The page's footer, written as an untitled last section (as DocBook projects do)."""

SECTIONS = [("Documentation", DOCS), ("More information", MORE)]


def project_page(line: bool = False, links: list[tuple[str, list[str]]] = SECTIONS,
                 prose: tuple[str, ...] = (), cls: str = "sect", tag: str = "h3",
                 footer: bool = True) -> str:
    """A DocBook-like project page: a title page, a section of prose (and ``prose``'s
    more), then the sections of ``links`` (``div.sect`` under an ``h3``, as the prose's,
    unless ``cls`` or ``tag`` say otherwise)."""
    more = "".join(f"<div class='sect'><hr><h3>Part {i}</h3><p>{p}</p></div>"
                   for i, p in enumerate(prose))
    blocks = "".join(f"<div class='{cls}'><hr><{tag}><a name='s{i}'>{h}</a></{tag}>"
                     f"{_links(names, f'p{i}', line)}</div>"
                     for i, (h, names) in enumerate(links))
    return (
        "<html><head><title>Tidewater - tide tables</title></head><body>"
        "<div class='article'><div class='titlepage'><h1>Tidewater - tide tables</h1>"
        f"<h2>Project page</h2><div class='abstract'><p>{ABOUT}</p><p>{LICENCE}</p>"
        "</div></div>"
        f"<div class='sect'><h3><a name='get'>Download</a></h3><p>{GET}</p><p>{CHECK}</p>"
        f"</div>{more}{blocks}{FOOTER if footer else ''}</div></body></html>")


def test_a_project_page_keeps_its_sections_of_links() -> None:
    text = extract(project_page(), URL).text
    assert_kept(text, ABOUT, GET, CHECK, "Documentation", "More information", *DOCS, *MORE)


def test_the_rule_is_what_keeps_them(monkeypatch: pytest.MonkeyPatch) -> None:
    # (the loosening, run as a test: without the rule the sections of links go)
    monkeypatch.setattr(_directory, "DIRECTORY_SECTIONS", False)
    text = extract(project_page(), URL).text
    assert words(DOCS[1]) not in words(text)


def test_a_directory_of_links_with_a_line_each() -> None:
    text = extract(project_page(line=True), URL).text
    assert_kept(text, ABOUT, GET, *DOCS, *MORE)
    assert text.count("in English") == len(DOCS) + len(MORE)


OTHER = ["A winter on the islands", "The lighthouse keepers", "Sailing to the north",
         "Bread of the coast", "Storm over the bay", "Nets and their makers",
         "The old ferry", "Seals at low water", "Salt marsh birds", "The pilot's house"]


def _lost_all(text: str, names: list[str]) -> None:
    got = words(text)
    kept = [n for n in names if words(n) in got]
    assert not kept, f"kept {kept}"


def test_one_links_block_after_the_text_stays_out() -> None:
    text = extract(project_page(links=[("Further walks", OTHER)]), URL).text
    assert_kept(text, ABOUT, GET, CHECK)
    _lost_all(text, OTHER)


def test_related_blocks_after_the_text_stay_out() -> None:
    text = extract(project_page(links=[("Related posts", OTHER[:5]),
                                       ("More from the blog", OTHER[5:])]), URL).text
    assert_kept(text, ABOUT, GET, CHECK)
    _lost_all(text, OTHER)


def test_a_text_of_more_prose_sections_than_lists_of_links() -> None:
    text = extract(project_page(links=[("Walks", OTHER[:5]), ("Recipes", OTHER[5:])],
                                prose=(INSTALL, UPDATE)), URL).text
    assert_kept(text, ABOUT, GET, CHECK, INSTALL, UPDATE)
    _lost_all(text, OTHER)


def test_a_sidebar_of_the_sites_sections_stays_out() -> None:
    # the site's boxes of links, headed as the text's sections are, but of their own class
    text = extract(project_page(links=[("Harbours", OTHER[:5]), ("Boats", OTHER[5:])],
                                cls="part"), URL).text
    assert_kept(text, ABOUT, GET, CHECK)
    _lost_all(text, OTHER)


def test_boxes_under_another_rank_of_heading_stay_out() -> None:
    text = extract(project_page(links=[("Harbours", OTHER[:5]), ("Boats", OTHER[5:])],
                                tag="h4"), URL).text
    assert_kept(text, ABOUT, GET, CHECK)
    _lost_all(text, OTHER)
